package media

// The movie box of an MP4/MOV (14496-12 §8.2 to §8.7): its tracks' headers, durations,
// display matrices, edit lists and sample timing. The sample entries are read in
// iso_sample_entry.go, the edit lists judged in iso_edit.go, the movie fragments added in
// iso_fragments.go.

import (
	"fmt"
	"math"
)

// track is what the probe keeps of one trak box.
type track struct {
	handler           string
	timescale         uint32
	duration          uint64
	width, height     int // coded, from the sample entry
	orient            orient
	matrixUnread      bool // the matrix is no quarter turn or flip
	codec, profile    string
	pixelAspect       string // "H:V" of a pasp other than 1:1
	sampleRate, chans int
	samples, sumDelta uint64
	maxDelta          uint32 // the longest sample duration
	ctsMax            int64  // the largest composition offset (ctts), the B-frame delay
	vfr               bool
	protected         bool // the sample entry has a sinf (encv, enca): the samples are encrypted
	edits             edits
	id                uint32 // track_ID, which movie fragments name
	runs              int    // runs of equal sample durations seen
	first             uint32 // the first run's sample duration
	odd               bool   // the last run seen differs from the first and has one sample
	fragEnd           uint64 // where the last fragment read ends (tfdt + its samples), media time
}

// run adds count samples of duration delta (a run of stts, or of a fragment's trun). The
// rate varies when a run's duration differs from the first's, except the very last run
// when it is one sample: muxers shorten the last frame to end the track with its sound.
func (t *track) run(count uint64, delta uint32) {
	t.samples += count
	t.sumDelta += count * uint64(delta)
	if count > 0 {
		t.maxDelta = max(t.maxDelta, delta)
	}
	if t.odd {
		t.vfr = true
	}
	t.odd = false
	switch {
	case t.runs == 0:
		t.first = delta
	case delta != t.first && count > 1:
		t.vfr = true
	case delta != t.first:
		t.odd = true
	}
	t.runs++
}

// mediaDuration is the track's media duration in its timescale: its samples' durations,
// the moov's and the fragments' (the truth: a fragmented file's mdhd counts only the
// moov's), or the header's when it says more.
func (t *track) mediaDuration() uint64 { return max(t.duration, t.sumDelta, t.fragEnd) }

// seconds is the track's media duration in seconds (0 without a timescale).
func (t *track) seconds() float64 {
	if t.timescale == 0 {
		return 0
	}
	return float64(t.mediaDuration()) / float64(t.timescale)
}

// movie is what the probe keeps of a moov.
type movie struct {
	base       int64
	timescale  uint32
	duration   uint64
	tracks     []*track
	trex       map[uint32]uint32 // track_ID -> default_sample_duration, for fragments
	mehd       uint64            // the fragmented movie's duration its mvex states (mehd), movie time
	fragmented bool              // the movie has an mvex, and fragments were read
	capped     bool              // fragments past the cap were not read
}

func parseMoov(moov []byte, base int64) (*movie, error) {
	kids, err := children(moov, base)
	if err != nil {
		return nil, err
	}
	m := &movie{base: base}
	for _, k := range kids {
		switch k.typ {
		case "mvhd":
			p := k.buf()
			if m.timescale, m.duration = timescaleDuration(p); p.err != nil {
				return nil, p.err
			}
		case "trak":
			if len(m.tracks) == maxChildBoxes {
				continue
			}
			t, err := parseTrak(k.body, k.off)
			if err != nil {
				return nil, err
			}
			m.tracks = append(m.tracks, t)
		case "mvex":
			// §8.8.3: trex gives each track's default sample duration in fragments.
			ex, err := children(k.body, k.off)
			if err != nil {
				return nil, err
			}
			m.trex = map[uint32]uint32{}
			for _, e := range ex {
				switch {
				case e.typ == "trex" && len(e.body) >= 16:
					m.trex[be32(e.body[4:])] = be32(e.body[12:])
				case e.typ == "mehd" && len(e.body) >= 8: // §8.8.2: fragment_duration, 32 or 64 bits
					if e.body[0] == 1 && len(e.body) >= 12 {
						m.mehd = be64(e.body[4:])
					} else {
						m.mehd = uint64(be32(e.body[4:]))
					}
				}
			}
		}
	}
	return m, nil
}

// timescaleDuration reads the timescale and duration of an mvhd or mdhd (14496-12
// §8.2.2, §8.4.2: version, flags, two times of 32 or 64 bits, timescale, duration). A
// duration of all ones is unknown: 0.
func timescaleDuration(p *buf) (uint32, uint64) {
	if p.u8() == 1 {
		p.skip(3 + 16)
		return p.u32(), p.u64()
	}
	p.skip(3 + 8)
	ts, d := p.u32(), uint64(p.u32())
	if d == math.MaxUint32 {
		d = 0
	}
	return ts, d
}

// facts are the movie's facts: its first video track's and first sound track's.
func (m *movie) facts() (Facts, error) {
	var video, audio *track
	for _, t := range m.tracks {
		switch {
		case t.handler == "vide" && video == nil:
			video = t
		case t.handler == "soun" && audio == nil:
			audio = t
		}
	}
	if video == nil {
		return Facts{}, errAt(CodeUnrecognized, m.base, "the movie has no video track (an audio-only file?)")
	}
	if video.width == 0 || video.height == 0 {
		return Facts{}, errAt(CodeCorrupt, m.base, fmt.Sprintf("the video track gives a picture of %dx%d pixels (no sample description?)", video.width, video.height))
	}
	f := Facts{Kind: KindVideo, Width: video.width, Height: video.height, VideoCodec: video.codec,
		VideoProfile: video.profile, PixelAspect: video.pixelAspect, AudioCodec: "none"}
	video.orient.apply(&f)
	if video.matrixUnread {
		f.Unread = append(f.Unread, "the video track's matrix (tkhd) turns the picture by an angle other than a quarter turn: the rotation was not read")
	}
	f.Duration = m.seconds()
	if video.sumDelta > 0 && video.timescale > 0 {
		f.FrameRate = float64(video.samples) * float64(video.timescale) / float64(video.sumDelta)
	}
	f.VariableFrameRate = video.vfr
	f.EditList = video.editMatters(m)
	f.Encrypted = video.protected
	if audio != nil {
		f.AudioCodec, f.AudioSampleRate, f.AudioChannels = audio.codec, audio.sampleRate, audio.chans
		f.EditList = f.EditList || audio.editMatters(m)
		f.Encrypted = f.Encrypted || audio.protected
	}
	return f, nil
}

// seconds is the movie's duration. A fragmented movie's is its longest track's samples,
// the moov's and every fragment's (its mvhd counts only the moov's, ffmpeg's
// frag_keyframe writing one second of a six-second video there); when fragments were
// left unread and the last one gave no decode time, the mvex's mehd, if longer. Another
// movie's is its mvhd's (which counts its edit lists), else its longest track's.
func (m *movie) seconds() float64 {
	var longest float64
	for _, t := range m.tracks {
		longest = max(longest, t.seconds())
	}
	if m.timescale == 0 {
		return longest
	}
	if m.fragmented {
		if m.capped || longest == 0 {
			longest = max(longest, float64(m.mehd)/float64(m.timescale))
		}
		return longest
	}
	if m.duration > 0 {
		return float64(m.duration) / float64(m.timescale)
	}
	return longest
}

// gcd is the greatest common divisor of a and b (a when b is 0).
func gcd(a, b uint32) uint32 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func parseTrak(b []byte, base int64) (*track, error) {
	t := &track{}
	kids, err := children(b, base)
	if err != nil {
		return nil, err
	}
	for _, k := range kids {
		switch k.typ {
		case "tkhd":
			if err := t.parseTkhd(k); err != nil {
				return nil, err
			}
		case "edts":
			elst, err := child(k.body, k.off, "elst")
			if err != nil {
				return nil, err
			}
			if elst != nil {
				if err := t.edits.parse(*elst); err != nil {
					return nil, err
				}
			}
		case "mdia":
			if err := t.parseMdia(k); err != nil {
				return nil, err
			}
		}
	}
	return t, nil
}

// parseTkhd reads the track header (14496-12 §8.3.2): its track_ID, which fragments
// name, and its matrix, which turns and flips the picture to display it.
func (t *track) parseTkhd(k isoBox) error {
	p := k.buf()
	if p.u8() == 1 {
		p.skip(3 + 8 + 8)
		t.id = p.u32()
		p.skip(4 + 8)
	} else {
		p.skip(3 + 4 + 4)
		t.id = p.u32()
		p.skip(4 + 4)
	}
	p.skip(8 + 2 + 2 + 2 + 2) // reserved, layer, alternate_group, volume, reserved
	m := p.bytes(36)
	if p.err != nil {
		return p.err
	}
	var ok bool
	t.orient, ok = orientOfMatrix(int32(be32(m)), int32(be32(m[4:])), int32(be32(m[12:])), int32(be32(m[16:])))
	t.matrixUnread = !ok
	return nil
}

func (t *track) parseMdia(k isoBox) error {
	kids, err := children(k.body, k.off)
	if err != nil {
		return err
	}
	for _, k := range kids {
		p := k.buf()
		switch k.typ {
		case "mdhd":
			t.timescale, t.duration = timescaleDuration(p)
		case "hdlr": // §8.4.3
			p.skip(4 + 4)
			t.handler = string(p.bytes(4))
		}
		if p.err != nil {
			return p.err
		}
	}
	for _, k := range kids {
		if k.typ != "minf" {
			continue
		}
		stbl, err := child(k.body, k.off, "stbl")
		if err != nil || stbl == nil {
			return err
		}
		return t.parseStbl(stbl)
	}
	return nil
}

func (t *track) parseStbl(stbl *isoBox) error {
	kids, err := children(stbl.body, stbl.off)
	if err != nil {
		return err
	}
	for _, k := range kids {
		switch k.typ {
		case "stsd":
			if err := t.parseStsd(k); err != nil {
				return err
			}
		case "stts":
			if err := t.parseStts(k); err != nil {
				return err
			}
		case "ctts":
			if err := t.parseCtts(k); err != nil {
				return err
			}
		}
	}
	return nil
}

// parseStts reads the decoding time-to-sample table (§8.6.1.2): runs of (count, delta).
// The frame rate is samples × timescale / Σ deltas; the rate varies when the runs have
// different deltas, the last run excepted when it is one sample (muxers shorten the last
// frame to end the track where the audio ends).
func (t *track) parseStts(k isoBox) error {
	p := k.buf()
	p.skip(4)
	n := p.u32()
	if p.err == nil && uint64(n)*8 > uint64(p.rest()) {
		return errAt(CodeCorrupt, k.off+4, fmt.Sprintf("the stts box declares %d entries but holds %d bytes", n, p.rest()))
	}
	for i := uint32(0); i < n && p.err == nil; i++ {
		count, delta := p.u32(), p.u32()
		t.run(uint64(count), delta)
	}
	return p.err
}

// parseCtts reads the composition offsets (§8.6.1.3: runs of count and offset, the offset
// signed in version 1) for the largest: the delay B-frames put between decoding and
// showing, which an edit list's media_time skips without cutting anything.
func (t *track) parseCtts(k isoBox) error {
	p := k.buf()
	version := p.u8()
	p.skip(3)
	n := p.u32()
	if p.err == nil && uint64(n)*8 > uint64(p.rest()) {
		return errAt(CodeCorrupt, k.off+4, fmt.Sprintf("the ctts box declares %d entries but holds %d bytes", n, p.rest()))
	}
	for i := uint32(0); i < n && p.err == nil; i++ {
		p.skip(4)
		off := int64(p.u32())
		if version == 1 {
			off = int64(int32(off))
		}
		t.ctsMax = max(t.ctsMax, off)
	}
	return p.err
}
