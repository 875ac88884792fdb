package media

// Sample entries of an MP4/MOV track (14496-12 §8.5.2): the codec, its profile, the
// picture size, the pixel aspect, and the audio format, including those of an encrypted
// track (14496-12 §8.12: its original format in sinf/frma).

import (
	"fmt"
	"math"
	"strings"
)

// parseStsd reads the first sample entry (§8.5.2): the codec and its configuration.
func (t *track) parseStsd(k isoBox) error {
	p := k.buf()
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
	case "vide", "pict": // pict: an image sequence (23008-12 §7.2, AVIF's avis)
		return t.parseVisualEntry(e)
	case "soun":
		return t.parseAudioEntry(e)
	}
	return nil
}

// parseVisualEntry reads a visual sample entry (§12.1.3): 78 bytes of fields, then boxes (avcC, hvcC, ...).
func (t *track) parseVisualEntry(e isoBox) error {
	p := e.buf()
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
		q := c.buf()
		switch c.typ {
		case "sinf", "rinf": // an encrypted (encv) or restricted (resv) entry: the codec is in frma
			t.protected = t.protected || c.typ == "sinf"
			if err := t.original(c, videoCodecName); err != nil {
				return err
			}
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

// parseAudioEntry reads an audio sample entry (§12.2.3, and QuickTime's versions 1 and 2 of the sound description).
func (t *track) parseAudioEntry(e isoBox) error {
	p := e.buf()
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
		case "sinf": // an encrypted (enca) entry: the codec is in frma
			t.protected = true
			if err := t.original(c, audioCodecName); err != nil {
				return err
			}
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

// original names the codec of an encrypted or restricted sample entry (encv, enca, resv)
// from its sinf or rinf box's frma (14496-12 §8.12.2: original_format, the entry's type
// before it was protected), so that a protected H.264 track is "h264", not "encv".
func (t *track) original(c isoBox, name func(string) string) error {
	frma, err := child(c.body, c.off, "frma")
	if err != nil || frma == nil {
		return err
	}
	p := frma.buf()
	format := p.bytes(4)
	if p.err != nil {
		return p.err
	}
	if validType(format) {
		t.codec = name(string(format))
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
