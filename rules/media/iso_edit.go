package media

// Edit lists (14496-12 §8.6.6) and when one matters. Facts.EditList is what Instagram's
// and Threads' "no edit lists" rules judge; almost every MP4 a muxer writes has an elst
// that only skips the audio encoder's priming or the B-frame delay, which players and
// transcoders handle alike. An edit list matters when it changes what is shown: several
// mapped edits, a start delayed by an empty edit, media cut at its start or end, or a
// rate other than 1.

// maxPriming is the most of an audio track's start that a single edit may skip as the
// encoder's priming rather than a cut: AAC encoders prime 1,024 samples (ffmpeg) or 2,112
// (Apple, https://developer.apple.com/library/archive/technotes/tn2258/_index.html:
// "the AAC encoder ... 2112 samples" of delay), 48 ms at 44.1 kHz; Opus asks a pre-skip
// of up to 80 ms ("at least 3840 samples (80 ms)",
// https://www.rfc-editor.org/rfc/rfc7845#section-4.2). 100 ms covers them all.
const maxPriming = 0.1

// edits is what the probe keeps of a track's edit list.
type edits struct {
	n          uint32 // entries
	mapped     int    // entries that map media (media_time other than -1)
	leadEmpty  uint64 // movie time of the empty edits before the first mapped one
	emptyAfter bool   // an empty edit after a mapped one
	odd        bool   // a rate other than 1, a media_time below -1, or fewer entries than declared
	seg        uint64 // the first mapped edit's segment_duration, movie time
	mediaTime  int64  // its media_time, media time
}

// parse reads an elst: version, flags, entry_count, then entries of segment_duration and
// media_time (32 or 64 bits by version) and media_rate (16.16). A list shorter than its
// count is read as far as it goes, as ffmpeg does, and counts as mattering.
func (e *edits) parse(k isoBox) error {
	p := k.buf()
	version := p.u8()
	p.skip(3)
	n := p.u32()
	if p.err != nil {
		return p.err
	}
	size := uint64(12)
	if version == 1 {
		size = 20
	}
	if fits := uint64(p.rest()) / size; uint64(n) > fits {
		n, e.odd = uint32(fits), true
	}
	e.n = n
	for range n {
		var seg uint64
		var mt int64
		if version == 1 {
			seg, mt = p.u64(), int64(p.u64())
		} else {
			seg, mt = uint64(p.u32()), int64(int32(p.u32()))
		}
		rate := p.u32()
		switch {
		case mt == -1 && e.mapped == 0:
			e.leadEmpty += seg
		case mt == -1:
			e.emptyAfter = true
		case mt < -1:
			e.odd = true
		default:
			e.mapped++
			if e.mapped == 1 {
				e.seg, e.mediaTime = seg, mt
			}
			if rate != 1<<16 {
				e.odd = true
			}
		}
	}
	return p.err
}

// editMatters says whether the track's edit list changes what is shown. Differences up
// to one sample of the track (its longest) plus one tick of the movie's timescale are
// bookkeeping, not edits: a player presents whole samples, so a shift or cut shorter than
// one shows no frame more or fewer, and muxers round edit durations to the movie's
// timescale (ffmpeg's is milliseconds) and end audio on a whole frame.
func (t *track) editMatters(m *movie) bool {
	e := &t.edits
	switch {
	case e.n == 0:
		return false
	case e.mapped != 1 || e.emptyAfter || e.odd:
		return true
	case t.timescale == 0 || m.timescale == 0:
		return e.leadEmpty > 0 || e.mediaTime != 0
	}
	movieTS, mediaTS := float64(m.timescale), float64(t.timescale)
	tol := float64(t.maxDelta)/mediaTS + 1/movieTS
	if float64(e.leadEmpty)/movieTS > tol {
		return true // an empty edit delays the start
	}
	// The media skipped at the start beyond the B-frame delay; for audio, the priming.
	skipped := float64(e.mediaTime-t.ctsMax) / mediaTS
	priming := 0.0
	if t.handler == "soun" {
		priming = maxPriming
	}
	if skipped > priming+tol {
		return true // the edit cuts the start
	}
	if e.seg == 0 {
		// In a fragmented movie a zero duration runs to the end of the media (§8.6.6);
		// elsewhere the edit shows nothing.
		return m.trex == nil
	}
	left := float64(t.mediaDuration())/mediaTS - max(0, skipped)
	return float64(e.seg)/movieTS < left-tol // the edit cuts the end
}
