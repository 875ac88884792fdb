package media

// Movie fragments (14496-12 §8.8). A fragmented MP4 keeps some or all of its samples'
// timing in its moof boxes, one per fragment, each followed by its mdat: ffmpeg's
// -movflags frag_keyframe leaves the first fragment's samples in the moov and the rest in
// moofs; +empty_moov leaves the moov with none. The duration and frame rate are the sums
// of the moov's samples and every fragment's. Only the moofs are read (a few hundred
// bytes each, never an mdat), up to a cap; past it, the last moof's decode time (tfdt)
// still gives the duration.

import "fmt"

const (
	maxFragments = 1 << 12  // movie fragments whose moof is read; past them, only the last one's
	maxMoof      = 1 << 20  // bytes of one moof read
	maxMoofBytes = 16 << 20 // bytes of all the moofs read together
)

// fragments are the places of a file's moof boxes: the first maxFragments, the one after
// them, and the last.
type fragments struct {
	first []span
	over  span // the first moof past the cap
	last  span
	n     int // moofs in the file
}

func (fr *fragments) add(s span) {
	fr.n++
	switch {
	case len(fr.first) < maxFragments:
		fr.first = append(fr.first, s)
	case fr.n == maxFragments+1:
		fr.over = s
	}
	fr.last = s
}

// read adds the fragments' samples to the movie's tracks and returns the Unread note of
// the fragments left out, if any.
func (fr *fragments) read(rd *reader, m *movie) ([]string, error) {
	if fr.n == 0 {
		return nil, nil
	}
	m.fragmented = true
	var total int64
	var scratch []byte // one buffer for every moof, grown to the largest
	done := 0
	for _, s := range fr.first {
		if s.blen > maxMoof || total+s.blen > maxMoofBytes {
			break
		}
		b, err := rd.into(scratch, s.off+s.hdr, int(s.blen))
		if err != nil {
			return nil, err
		}
		scratch = b
		total += s.blen
		if _, err := m.fragment(b, s.off+s.hdr, false); err != nil {
			return nil, err
		}
		done++
	}
	if done == fr.n {
		return nil, nil
	}
	m.capped = true
	from := fr.over.off
	if done < len(fr.first) {
		from = fr.first[done].off
	}
	end := "the duration is of the fragments read"
	if s := fr.last; s.blen <= maxMoof {
		b, err := rd.at(s.off+s.hdr, int(s.blen))
		if err != nil {
			return nil, err
		}
		timed, err := m.fragment(b, s.off+s.hdr, true)
		if err != nil {
			return nil, err
		}
		if timed {
			end = "the duration runs to the end of the last one (its tfdt and trun)"
		}
	}
	return []string{fmt.Sprintf("%d of the %d movie fragments (from byte %d on) were not read: the frame rate is of the first %d; %s",
		fr.n-done, fr.n, from, done, end)}, nil
}

// fragment adds the samples of a moof (§8.8.4: traf of tfhd, tfdt and trun) to its
// tracks. With last, it only notes where each track's samples end (the traf's decode time,
// tfdt, plus its samples' durations), and says whether a tfdt gave that.
func (m *movie) fragment(moof []byte, base int64, last bool) (timed bool, err error) {
	for pos := 0; len(moof)-pos >= 8; {
		var traf isoBox
		if traf, pos, err = nextBox(moof, pos, base); err != nil {
			return false, err
		}
		if traf.typ != "traf" {
			continue
		}
		ok, err := m.traf(traf, last)
		if err != nil {
			return false, err
		}
		timed = timed || ok
	}
	return timed, nil
}

// traf adds the samples of one track fragment to its track; with last, it only notes
// where the track's samples end, and says whether a tfdt gave that.
func (m *movie) traf(traf isoBox, last bool) (timed bool, err error) {
	var t *track
	var def uint32
	var start, sum uint64
	var hasStart bool
	for at := 0; len(traf.body)-at >= 8; {
		var b isoBox
		if b, at, err = nextBox(traf.body, at, traf.off); err != nil {
			return false, err
		}
		p := b.buf()
		switch b.typ {
		case "tfhd":
			t, def = m.tfhd(p, t)
		case "tfdt": // §8.8.12: baseMediaDecodeTime, 32 or 64 bits
			if p.u8() == 1 {
				p.skip(3)
				start = p.u64()
			} else {
				p.skip(3)
				start = uint64(p.u32())
			}
			hasStart = p.err == nil
		case "trun":
			if t == nil {
				continue
			}
			n, err := trun(p, b, t, def, last)
			if err != nil {
				return false, err
			}
			sum += n
		}
		if p.err != nil {
			return false, p.err
		}
	}
	if last && t != nil && hasStart {
		t.fragEnd = max(t.fragEnd, start+sum)
		return true, nil
	}
	return false, nil
}

// tfhd reads a track fragment header (§8.8.7: flags say which defaults follow track_ID):
// the track it names (t, the one named before, when it names none of the movie's) and
// its default sample duration.
func (m *movie) tfhd(p *buf, t *track) (*track, uint32) {
	flags := p.u32() & 0xFFFFFF
	id := p.u32()
	for _, c := range m.tracks {
		if c.id == id {
			t = c
		}
	}
	def := m.trex[id]
	if flags&0x01 != 0 {
		p.skip(8) // base_data_offset
	}
	if flags&0x02 != 0 {
		p.skip(4) // sample_description_index
	}
	if flags&0x08 != 0 {
		def = p.u32()
	}
	return t, def
}

// trun reads a track run (§8.8.8: sample_count, optional fields, then per-sample fields)
// of track t, whose samples last def each unless the run gives their durations: it adds
// the samples to t unless last, and returns the sum of their durations. A read past the
// box is left in p.err.
func trun(p *buf, b isoBox, t *track, def uint32, last bool) (sum uint64, err error) {
	flags := p.u32() & 0xFFFFFF
	n := p.u32()
	if flags&0x01 != 0 {
		p.skip(4) // data_offset
	}
	if flags&0x04 != 0 {
		p.skip(4) // first_sample_flags
	}
	if flags&0x100 == 0 {
		if !last {
			t.run(uint64(n), def)
		}
		return uint64(n) * uint64(def), nil
	}
	per := 4 * bitCount(flags&0xF00)
	if p.err == nil && uint64(n)*uint64(per) > uint64(p.rest()) {
		return 0, errAt(CodeCorrupt, b.off, fmt.Sprintf("the trun box declares %d samples of %d bytes but holds %d bytes", n, per, p.rest()))
	}
	for i := uint32(0); i < n && p.err == nil; i++ {
		d := p.u32()
		sum += uint64(d)
		if !last {
			t.run(1, d)
		}
		p.skip(per - 4)
	}
	return sum, nil
}

func bitCount(v uint32) int {
	n := 0
	for ; v != 0; v &= v - 1 {
		n++
	}
	return n
}

// into reads n bytes at off into buf's storage, grown when too small: a walk over many
// boxes of a kind allocates once for the largest.
func (rd *reader) into(buf []byte, off int64, n int) ([]byte, error) {
	if err := rd.check(off, n); err != nil {
		return nil, err
	}
	if cap(buf) < n {
		buf = make([]byte, n)
	}
	buf = buf[:n]
	return buf, rd.fill(buf, off)
}
