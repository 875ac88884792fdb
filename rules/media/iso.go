package media

// ISO base media file format (ISO/IEC 14496-12): MP4, QuickTime MOV (its ancestor, same
// box structure) and HEIF/HEIC (ISO/IEC 23008-12, the same boxes with a meta box instead
// of a moov).
//
// The top level is walked box header by box header (16 bytes each), skipping payloads:
// an mdat of any size costs one header read. The moov (or a HEIF's meta) is read whole,
// once, within the probe's budget, and parsed in memory along a fixed path
// (moov/trak/mdia/minf/stbl/...), so nesting is bounded by the code, not the file.

import (
	"fmt"
	"math"
	"strings"
)

const (
	maxTopBoxes   = 1 << 16 // top-level boxes walked (a fragmented MP4 has two per fragment)
	maxMoof       = 1 << 20 // bytes of one movie fragment header (moof) read
	maxChildBoxes = 1 << 16 // boxes in one container before it is called corrupt
	maxFtyp       = 4096    // bytes of an ftyp box read (its brands)
)

// topTypes are the box types an ISO file may start with.
var topTypes = map[string]bool{"ftyp": true, "moov": true, "mdat": true, "free": true, "skip": true, "wide": true, "pnot": true}

func isBoxType(b []byte) bool { return topTypes[string(b)] }

// validType: a box type is four printable ASCII characters (QuickTime adds the © sign).
func validType(t []byte) bool {
	for _, c := range t {
		if (c < 0x20 || c > 0x7e) && c != 0xa9 {
			return false
		}
	}
	return true
}

func probeISO(rd *reader, _ []byte) (Facts, error) {
	var (
		ftyp, moov, meta []byte
		moovOff, metaOff int64 = -1, -1
		mdatOff          int64 = -1
		off              int64
		moofs            [][3]int64 // offset, header and body length of each moof
	)
	for n := 0; off < rd.size; n++ {
		if n == maxTopBoxes {
			return Facts{}, errAt(CodeCorrupt, off, fmt.Sprintf("more than %d boxes at the top level", maxTopBoxes))
		}
		h, err := rd.small(off, int(min(16, rd.size-off)))
		if err != nil {
			return Facts{}, err
		}
		if len(h) < 8 {
			return Facts{}, errAt(CodeTruncated, off, fmt.Sprintf("the file ends %d bytes into a box header of 8", len(h)))
		}
		typ := string(h[4:8])
		if !validType(h[4:8]) {
			return Facts{}, errAt(CodeCorrupt, off+4, fmt.Sprintf("a box type %s is not four characters", quoteBytes(h[4:8])))
		}
		size, hdr := int64(be32(h)), int64(8)
		switch size {
		case 0: // the box runs to the end of the file (14496-12 §4.2)
			size = rd.size - off
		case 1:
			if len(h) < 16 {
				return Facts{}, errAt(CodeTruncated, off, fmt.Sprintf("the file ends inside the 64-bit size of the %s box at byte %d", typ, off))
			}
			s := be64(h[8:])
			if s > math.MaxInt64 {
				return Facts{}, errAt(CodeCorrupt, off+8, fmt.Sprintf("the %s box declares a size of %d bytes", typ, s))
			}
			size, hdr = int64(s), 16
		}
		if size < hdr {
			return Facts{}, errAt(CodeCorrupt, off, fmt.Sprintf("the %s box declares %d bytes, less than its own header", typ, size))
		}
		if size > rd.size-off {
			return Facts{}, errAt(CodeTruncated, off, fmt.Sprintf("the %s box at byte %d declares %d bytes, running past the end of the file at byte %d", typ, off, size, rd.size))
		}
		body := off + hdr
		blen := size - hdr
		switch typ {
		case "ftyp":
			if ftyp == nil {
				if ftyp, err = rd.at(body, int(min(blen, maxFtyp))); err != nil {
					return Facts{}, err
				}
			}
		case "moov":
			if moov != nil {
				return Facts{}, errAt(CodeCorrupt, off, "a second moov box")
			}
			if moov, err = readBox(rd, typ, off, hdr, blen, readBudget); err != nil {
				return Facts{}, err
			}
			moovOff = body
		case "meta":
			if meta == nil {
				if meta, err = readBox(rd, typ, off, hdr, blen, readBudget); err != nil {
					return Facts{}, err
				}
				metaOff = body
			}
		case "mdat":
			if mdatOff < 0 {
				mdatOff = off
			}
		case "moof":
			moofs = append(moofs, [3]int64{off, hdr, blen})
		}
		off += size
	}
	format := "mov"
	if ftyp != nil {
		var err error
		if format, err = brandFormat(ftyp); err != nil {
			return Facts{}, err
		}
	}
	if format == "heic" {
		if meta == nil {
			return Facts{}, errAt(CodeTruncated, rd.size, "an HEIF file without a meta box")
		}
		return probeHEIF(meta, metaOff)
	}
	if moov == nil {
		return Facts{}, errAt(CodeTruncated, rd.size, "no moov box: the file is cut short or was never finished")
	}
	m, err := parseMoov(moov, moovOff)
	if err != nil {
		return Facts{}, err
	}
	for _, mf := range moofs {
		b, err := readBox(rd, "moof", mf[0], mf[1], mf[2], maxMoof)
		if err != nil {
			return Facts{}, err
		}
		if err := m.fragment(b, mf[0]+mf[1]); err != nil {
			return Facts{}, err
		}
	}
	f, err := m.facts()
	if err != nil {
		return Facts{}, err
	}
	f.Format = format
	f.Faststart = mdatOff < 0 || moovOff < mdatOff
	return f, nil
}

// readBox reads the body of the box of type typ at off (its header hdr bytes, its body
// blen), refusing as corrupt a body over limit bytes before reading anything.
func readBox(rd *reader, typ string, off, hdr, blen, limit int64) ([]byte, error) {
	if blen > limit {
		return nil, errAt(CodeCorrupt, off, fmt.Sprintf("the %s box is %d bytes, more than the probe reads of it (%d)", typ, blen, limit))
	}
	return rd.at(off+hdr, int(blen))
}

// brandFormat names the format from the ftyp box: major brand, minor version, compatible
// brands (14496-12 §4.3).
func brandFormat(ftyp []byte) (string, error) {
	if len(ftyp) < 4 {
		return "", errAt(CodeCorrupt, 8, "the ftyp box has no major brand")
	}
	brands := []string{string(ftyp[:4])}
	for i := 8; i+4 <= len(ftyp); i += 4 {
		brands = append(brands, string(ftyp[i:i+4]))
	}
	switch brands[0] {
	case "qt  ":
		return "mov", nil
	case "heic", "heix", "heim", "heis", "hevc", "hevx":
		return "heic", nil
	case "avif", "avis":
		return "", errAt(CodeUnrecognized, 8, "an AVIF image, which the probe does not read")
	case "mif1", "msf1":
		for _, b := range brands[1:] {
			if strings.HasPrefix(b, "hei") || strings.HasPrefix(b, "hev") {
				return "heic", nil
			}
		}
		return "", errAt(CodeUnrecognized, 8, fmt.Sprintf("an HEIF file of brands %q that is not HEIC", brands))
	}
	return "mp4", nil
}

// isoBox is one box found inside a box read into memory: its type, its body, and the file
// offset of that body (for errors).
type isoBox struct {
	typ  string
	body []byte
	off  int64
}

// children lists the boxes in b, whose first byte is at file offset base. A child that
// runs past its parent is media_corrupt; fewer than 8 trailing bytes are ignored (QuickTime
// ends some lists with a 32-bit zero).
func children(b []byte, base int64) ([]isoBox, error) {
	var out []isoBox
	for pos := 0; len(b)-pos >= 8; {
		if len(out) == maxChildBoxes {
			return nil, errAt(CodeCorrupt, base+int64(pos), fmt.Sprintf("more than %d boxes in one container", maxChildBoxes))
		}
		size, hdr := uint64(be32(b[pos:])), 8
		typ := b[pos+4 : pos+8]
		switch size {
		case 0:
			size = uint64(len(b) - pos)
		case 1:
			if len(b)-pos < 16 {
				return nil, errAt(CodeCorrupt, base+int64(pos), fmt.Sprintf("the %s box's 64-bit size runs past its parent", quoteBytes(typ)))
			}
			size, hdr = be64(b[pos+8:]), 16
		}
		if size < uint64(hdr) || size > uint64(len(b)-pos) {
			return nil, errAt(CodeCorrupt, base+int64(pos), fmt.Sprintf("the %s box declares %d bytes; its parent has %d left", quoteBytes(typ), size, len(b)-pos))
		}
		out = append(out, isoBox{typ: string(typ), body: b[pos+hdr : pos+int(size)], off: base + int64(pos+hdr)})
		pos += int(size)
	}
	return out, nil
}

// child returns the first box of type typ in b, or nil.
func child(b []byte, base int64, typ string) (*isoBox, error) {
	kids, err := children(b, base)
	if err != nil {
		return nil, err
	}
	for i := range kids {
		if kids[i].typ == typ {
			return &kids[i], nil
		}
	}
	return nil, nil
}

// track is what the probe keeps of one trak box.
type track struct {
	handler           string
	timescale         uint32
	duration          uint64
	width, height     int // coded, from the sample entry
	rotation          int
	codec, profile    string
	pixelAspect       string // "H:V" of a pasp other than 1:1
	sampleRate, chans int
	samples, sumDelta uint64
	vfr               bool
	editList          bool
	id                uint32 // track_ID, which movie fragments name
	runs              int    // runs of equal sample durations seen
	first             uint32 // the first run's sample duration
	odd               bool   // the last run seen differs from the first and has one sample
}

// run adds count samples of duration delta (a run of stts, or of a fragment's trun). The
// rate varies when a run's duration differs from the first's, except the very last run
// when it is one sample: muxers shorten the last frame to end the track with its sound.
func (t *track) run(count uint64, delta uint32) {
	t.samples += count
	t.sumDelta += count * uint64(delta)
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

// movie is what the probe keeps of a moov.
type movie struct {
	base      int64
	timescale uint32
	duration  uint64
	tracks    []*track
	trex      map[uint32]uint32 // track_ID -> default_sample_duration, for fragments
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
			p := &buf{b: k.body, base: k.off}
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
				if e.typ == "trex" && len(e.body) >= 16 {
					m.trex[be32(e.body[4:])] = be32(e.body[12:])
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
	var maxDur float64
	for _, t := range m.tracks {
		if t.timescale > 0 {
			maxDur = max(maxDur, float64(max(t.duration, t.sumDelta))/float64(t.timescale))
		}
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
	f := Facts{Kind: KindVideo, Width: video.width, Height: video.height, Rotation: video.rotation,
		VideoCodec: video.codec, VideoProfile: video.profile, PixelAspect: video.pixelAspect, AudioCodec: "none"}
	if f.Rotation == 90 || f.Rotation == 270 {
		f.Width, f.Height = f.Height, f.Width
	}
	if m.timescale > 0 && m.duration > 0 {
		f.Duration = float64(m.duration) / float64(m.timescale)
	} else {
		f.Duration = maxDur
	}
	if video.sumDelta > 0 && video.timescale > 0 {
		f.FrameRate = float64(video.samples) * float64(video.timescale) / float64(video.sumDelta)
	}
	f.VariableFrameRate = video.vfr
	f.EditList = video.editList
	if audio != nil {
		f.AudioCodec, f.AudioSampleRate, f.AudioChannels = audio.codec, audio.sampleRate, audio.chans
		f.EditList = f.EditList || audio.editList
	}
	return f, nil
}

// fragment adds a movie fragment's samples (§8.8.4 moof: traf of tfhd and trun) to the
// durations of its tracks. A fragmented MP4's moov has no samples: its frame rate and
// duration are in the fragments' headers.
func (m *movie) fragment(moof []byte, base int64) error {
	kids, err := children(moof, base)
	if err != nil {
		return err
	}
	for _, traf := range kids {
		if traf.typ != "traf" {
			continue
		}
		boxes, err := children(traf.body, traf.off)
		if err != nil {
			return err
		}
		var t *track
		var def uint32
		for _, b := range boxes {
			p := &buf{b: b.body, base: b.off}
			switch b.typ {
			case "tfhd": // §8.8.7: flags say which defaults follow track_ID
				flags := p.u32() & 0xFFFFFF
				id := p.u32()
				for _, c := range m.tracks {
					if c.id == id {
						t = c
					}
				}
				def = m.trex[id]
				if flags&0x01 != 0 {
					p.skip(8)
				}
				if flags&0x02 != 0 {
					p.skip(4)
				}
				if flags&0x08 != 0 {
					def = p.u32()
				}
			case "trun": // §8.8.8: sample_count, optional fields, then per-sample fields
				if t == nil {
					continue
				}
				flags := p.u32() & 0xFFFFFF
				n := p.u32()
				if flags&0x01 != 0 {
					p.skip(4)
				}
				if flags&0x04 != 0 {
					p.skip(4)
				}
				if flags&0x100 == 0 {
					t.run(uint64(n), def)
					break
				}
				per := 4 * bitCount(flags&0xF00)
				if p.err == nil && uint64(n)*uint64(per) > uint64(p.rest()) {
					return errAt(CodeCorrupt, b.off, fmt.Sprintf("the trun box declares %d samples but holds %d bytes", n, p.rest()))
				}
				for i := uint32(0); i < n && p.err == nil; i++ {
					t.run(1, p.u32())
					p.skip(per - 4)
				}
			}
			if p.err != nil {
				return p.err
			}
		}
	}
	return nil
}

func gcd(a, b uint32) uint32 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func bitCount(v uint32) int {
	n := 0
	for ; v != 0; v &= v - 1 {
		n++
	}
	return n
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
				if t.editList, err = parseElst(elst); err != nil {
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

// parseTkhd reads the track header (14496-12 §8.3.2): the matrix gives the rotation.
func (t *track) parseTkhd(k isoBox) error {
	p := &buf{b: k.body, base: k.off}
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
	// The matrix {a b u; c d v; x y w} maps (x, y) to (a x + c y, b x + d y) in 16.16
	// fixed point; a display rotated 90° clockwise has a=0 b=1 c=-1 d=0.
	a, bb, c, d := int32(be32(m)), int32(be32(m[4:])), int32(be32(m[12:])), int32(be32(m[16:]))
	const one = 1 << 16
	switch {
	case a == 0 && bb == one && c == -one && d == 0:
		t.rotation = 90
	case a == -one && bb == 0 && c == 0 && d == -one:
		t.rotation = 180
	case a == 0 && bb == -one && c == one && d == 0:
		t.rotation = 270
	}
	return nil
}

// parseElst reads an edit list (14496-12 §8.6.6). It reports whether the list does more
// than map the whole media once from its start: one entry with media_time 0 is no edit.
func parseElst(k *isoBox) (bool, error) {
	p := &buf{b: k.body, base: k.off}
	v := p.u8()
	p.skip(3)
	n := p.u32()
	if p.err != nil {
		return false, p.err
	}
	if n == 0 {
		return false, nil
	}
	if n > 1 {
		return true, nil
	}
	var mediaTime int64
	if v == 1 {
		p.skip(8)
		mediaTime = int64(p.u64())
	} else {
		p.skip(4)
		mediaTime = int64(int32(p.u32()))
	}
	if p.err != nil {
		return false, p.err
	}
	return mediaTime != 0, nil
}

func (t *track) parseMdia(k isoBox) error {
	kids, err := children(k.body, k.off)
	if err != nil {
		return err
	}
	for _, k := range kids {
		p := &buf{b: k.body, base: k.off}
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
		}
	}
	return nil
}

// parseStts reads the decoding time-to-sample table (§8.6.1.2): runs of (count, delta).
// The frame rate is samples × timescale / Σ deltas; the rate varies when the runs have
// different deltas, the last run excepted when it is one sample (muxers shorten the last
// frame to end the track where the audio ends).
func (t *track) parseStts(k isoBox) error {
	p := &buf{b: k.body, base: k.off}
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

// parseStsd reads the first sample entry (§8.5.2): the codec and its configuration.
func (t *track) parseStsd(k isoBox) error {
	p := &buf{b: k.body, base: k.off}
	p.skip(8) // version, flags, entry_count
	if p.err != nil {
		return p.err
	}
	kids, err := children(k.body[8:], k.off+8)
	if err != nil || len(kids) == 0 {
		return err
	}
	e := kids[0]
	switch t.handler {
	case "vide":
		return t.parseVisualEntry(e)
	case "soun":
		return t.parseAudioEntry(e)
	}
	return nil
}

// visual sample entry (§12.1.3): 78 bytes of fields, then boxes (avcC, hvcC, ...).
func (t *track) parseVisualEntry(e isoBox) error {
	p := &buf{b: e.body, base: e.off}
	p.skip(6 + 2 + 16)
	t.width, t.height = int(p.u16()), int(p.u16())
	p.skip(50)
	if p.err != nil {
		return p.err
	}
	t.codec = videoCodecName(e.typ)
	kids, err := children(e.body[78:], e.off+78)
	if err != nil {
		return err
	}
	for _, c := range kids {
		q := &buf{b: c.body, base: c.off}
		switch c.typ {
		case "avcC": // ISO/IEC 14496-15 §5.3.3.1: version, profile, compatibility, level
			q.skip(1)
			prof, compat := q.u8(), q.u8()
			if q.err == nil {
				t.profile = avcProfile(prof, compat)
			}
		case "hvcC": // 14496-15 §8.3.3.1: version, then profile_space(2) tier(1) profile_idc(5)
			q.skip(1)
			if b := q.u8(); q.err == nil {
				t.profile = hevcProfile(b & 31)
			}
		case "av1C": // AV1 ISOBMFF binding §2.3.3: marker|version, seq_profile(3)|level(5)
			q.skip(1)
			if b := q.u8(); q.err == nil {
				t.profile = av1Profile(b >> 5)
			}
		case "pasp": // 14496-12 §12.1.4: hSpacing, vSpacing
			h, v := q.u32(), q.u32()
			if q.err == nil && h > 0 && v > 0 && h != v {
				g := gcd(h, v)
				t.pixelAspect = fmt.Sprintf("%d:%d", h/g, v/g)
			}
		case "vpcC": // VP codec ISO binding: full box, then profile, level, ...
			q.skip(4)
			if b := q.u8(); q.err == nil {
				t.profile = fmt.Sprintf("Profile %d", b)
			}
		}
		if q.err != nil {
			return q.err
		}
	}
	return nil
}

// audio sample entry (§12.2.3, and QuickTime's versions 1 and 2 of the sound description).
func (t *track) parseAudioEntry(e isoBox) error {
	p := &buf{b: e.body, base: e.off}
	p.skip(8)
	version := p.u16()
	p.skip(6)
	t.chans = int(p.u16())
	p.skip(6)
	t.sampleRate = int(p.u32() >> 16)
	boxes := 28
	switch version {
	case 1:
		boxes = 44
	case 2:
		p.skip(4)
		rate := math.Float64frombits(p.u64())
		t.chans = int(p.u32())
		if rate > 0 && rate < 1e7 {
			t.sampleRate = int(rate)
		}
		boxes = 64
	}
	if p.err != nil {
		return p.err
	}
	if boxes > len(e.body) {
		return errAt(CodeCorrupt, e.off, "a sound sample entry shorter than its version's fields")
	}
	t.codec = audioCodecName(e.typ)
	kids, err := children(e.body[boxes:], e.off+int64(boxes))
	if err != nil {
		return err
	}
	for _, c := range kids {
		if c.typ == "wave" { // QuickTime wraps esds in a wave atom
			if w, err := child(c.body, c.off, "esds"); err != nil {
				return err
			} else if w != nil {
				c = *w
			}
		}
		switch c.typ {
		case "esds":
			t.parseEsds(c)
		case "dOps": // Opus in ISOBMFF §4.3.2: Version, OutputChannelCount, ...; Opus decodes at 48 kHz
			if len(c.body) >= 2 {
				t.chans = int(c.body[1])
			}
			t.sampleRate = 48000
		}
	}
	return nil
}

// parseEsds reads an MPEG-4 elementary stream descriptor (ISO/IEC 14496-1 §7.2.6): the
// object type names the codec (0x40 AAC, 0x69/0x6B MP3) and, for AAC, the
// AudioSpecificConfig (14496-3 §1.6.2.1) gives the sample rate and channels. A malformed
// descriptor leaves the sample entry's own figures.
func (t *track) parseEsds(c isoBox) {
	b := c.body
	if len(b) < 4 {
		return
	}
	b = b[4:]
	tag, body, _ := descriptor(b)
	if tag != 3 || len(body) < 3 {
		return
	}
	flags := body[2]
	body = body[3:]
	if flags&0x80 != 0 {
		body = body[min(2, len(body)):]
	}
	if flags&0x40 != 0 && len(body) > 0 {
		body = body[min(1+int(body[0]), len(body)):]
	}
	if flags&0x20 != 0 {
		body = body[min(2, len(body)):]
	}
	tag, dc, _ := descriptor(body)
	if tag != 4 || len(dc) < 13 {
		return
	}
	switch dc[0] {
	case 0x69, 0x6B:
		t.codec = "mp3"
		return
	case 0x40, 0x66, 0x67, 0x68:
		t.codec = "aac"
	default:
		return
	}
	tag, asc, _ := descriptor(dc[13:])
	if tag != 5 || len(asc) < 2 {
		return
	}
	bits := uint32(asc[0])<<24 | uint32(asc[1])<<16
	if len(asc) > 2 {
		bits |= uint32(asc[2]) << 8
	}
	if len(asc) > 3 {
		bits |= uint32(asc[3])
	}
	aot := bits >> 27
	bits <<= 5
	if aot == 31 {
		bits <<= 6
	}
	sfi := bits >> 28
	bits <<= 4
	rates := [...]int{96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350}
	if sfi == 15 || int(sfi) >= len(rates) {
		return // an explicit 24-bit rate: keep the sample entry's
	}
	t.sampleRate = rates[sfi]
	if ch := int(bits >> 28); ch > 0 && ch < 7 {
		t.chans = ch
	} else if ch == 7 {
		t.chans = 8
	}
}

// descriptor splits one 14496-1 descriptor: a tag byte and a length of up to four bytes
// of 7 bits each.
func descriptor(b []byte) (tag byte, body, rest []byte) {
	if len(b) < 2 {
		return 0, nil, nil
	}
	tag = b[0]
	n, i := 0, 1
	for ; i < len(b) && i <= 4; i++ {
		n = n<<7 | int(b[i]&0x7f)
		if b[i]&0x80 == 0 {
			i++
			break
		}
	}
	if n > len(b)-i {
		return 0, nil, nil
	}
	return tag, b[i : i+n], b[i+n:]
}

// isoVideoCodecs and isoAudioCodecs name sample entry types (14496-15, the AV1 and VP
// bindings, 14496-14, Opus in ISOBMFF, ETSI TS 102 366, QuickTime); another type is
// given as its own four characters.
var (
	isoVideoCodecs = map[string]string{"avc1": "h264", "avc3": "h264", "hvc1": "hevc", "hev1": "hevc", "av01": "av1",
		"vp09": "vp9", "vp08": "vp8", "mp4v": "mpeg4", "apch": "prores", "apcn": "prores", "apcs": "prores",
		"apco": "prores", "ap4h": "prores", "ap4x": "prores"}
	isoAudioCodecs = map[string]string{"mp4a": "aac", "Opus": "opus", ".mp3": "mp3", "ac-3": "ac3", "ec-3": "eac3",
		"fLaC": "flac", "alac": "alac", "lpcm": "pcm", "sowt": "pcm", "twos": "pcm", "in24": "pcm", "in32": "pcm",
		"fl32": "pcm", "fl64": "pcm", "raw ": "pcm", "ipcm": "pcm", "fpcm": "pcm"}
)

func videoCodecName(fourcc string) string { return named(isoVideoCodecs, fourcc) }
func audioCodecName(fourcc string) string { return named(isoAudioCodecs, fourcc) }

func named(m map[string]string, fourcc string) string {
	if n, ok := m[fourcc]; ok {
		return n
	}
	return strings.TrimSpace(fourcc)
}

// Profile names as the codecs' specifications give them (and ffprobe prints them):
// H.264 profile_idc (ITU-T H.264 Annex A), HEVC general_profile_idc (ITU-T H.265 Annex
// A), AV1 seq_profile (AV1 §6.4.1).
var (
	avcProfiles  = []string{66: "Baseline", 77: "Main", 88: "Extended", 100: "High", 110: "High 10", 122: "High 4:2:2", 244: "High 4:4:4 Predictive"}
	hevcProfiles = []string{1: "Main", 2: "Main 10", 3: "Main Still Picture", 4: "Rext"}
	av1Profiles  = []string{"Main", "High", "Professional"}
)

// avcProfile names profile_idc; Baseline with constraint_set1_flag is Constrained Baseline.
func avcProfile(idc, compat byte) string {
	if idc == 66 && compat&0x40 != 0 {
		return "Constrained Baseline"
	}
	return profileName(avcProfiles, idc)
}

func hevcProfile(idc byte) string { return profileName(hevcProfiles, idc) }
func av1Profile(p byte) string    { return profileName(av1Profiles, p) }

// profileName is names[i], or i in decimal for a profile the table does not name.
func profileName(names []string, i byte) string {
	if int(i) < len(names) && names[i] != "" {
		return names[i]
	}
	return fmt.Sprint(i)
}

// probeHEIF reads a HEIF meta box (ISO/IEC 23008-12 §9): the primary item (pitm), its
// properties (iprp/ipco: ispe for the size, irot for the rotation) and which belong to
// it (ipma).
func probeHEIF(meta []byte, base int64) (Facts, error) {
	if len(meta) < 4 {
		return Facts{}, errAt(CodeCorrupt, base, "the meta box has no version")
	}
	kids, err := children(meta[4:], base+4)
	if err != nil {
		return Facts{}, err
	}
	var primary uint32
	var props []isoBox
	var ipma *isoBox
	for _, k := range kids {
		switch k.typ {
		case "pitm":
			p := &buf{b: k.body, base: k.off}
			if p.u8() == 0 {
				p.skip(3)
				primary = uint32(p.u16())
			} else {
				p.skip(3)
				primary = p.u32()
			}
			if p.err != nil {
				return Facts{}, p.err
			}
		case "iprp":
			ik, err := children(k.body, k.off)
			if err != nil {
				return Facts{}, err
			}
			for i := range ik {
				switch ik[i].typ {
				case "ipco":
					if props, err = children(ik[i].body, ik[i].off); err != nil {
						return Facts{}, err
					}
				case "ipma":
					if ipma == nil {
						ipma = &ik[i]
					}
				}
			}
		}
	}
	if ipma == nil {
		return Facts{}, errAt(CodeCorrupt, base, "the HEIF meta box has no item property associations (ipma)")
	}
	f := Facts{Kind: KindImage, Format: "heic"}
	p := &buf{b: ipma.body, base: ipma.off}
	version := p.u8()
	flags := p.u24()
	n := p.u32()
	for i := uint32(0); i < n && p.err == nil; i++ {
		var id uint32
		if version < 1 {
			id = uint32(p.u16())
		} else {
			id = p.u32()
		}
		m := int(p.u8())
		for j := 0; j < m && p.err == nil; j++ {
			var idx int
			if flags&1 != 0 {
				idx = int(p.u16() & 0x7fff)
			} else {
				idx = int(p.u8() & 0x7f)
			}
			if id != primary || idx < 1 || idx > len(props) {
				continue
			}
			pr := props[idx-1]
			switch pr.typ {
			case "ispe": // §6.5.3: full box, image_width, image_height
				if len(pr.body) >= 12 {
					f.Width, f.Height = int(be32(pr.body[4:])), int(be32(pr.body[8:]))
				}
			case "irot": // §6.5.10: angle × 90° anti-clockwise
				if len(pr.body) >= 1 {
					f.Rotation = (360 - int(pr.body[0]&3)*90) % 360
				}
			}
		}
	}
	if p.err != nil {
		return Facts{}, p.err
	}
	if f.Width == 0 || f.Height == 0 {
		return Facts{}, errAt(CodeCorrupt, ipma.off, "the HEIF primary image has no size (ispe)")
	}
	if f.Rotation == 90 || f.Rotation == 270 {
		f.Width, f.Height = f.Height, f.Width
	}
	return f, nil
}

func be32(b []byte) uint32 {
	return uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
}
func be64(b []byte) uint64 { return uint64(be32(b))<<32 | uint64(be32(b[4:])) }
