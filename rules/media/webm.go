package media

// WebM and Matroska (RFC 8794 EBML, RFC 9559 Matroska): an EBML header naming the
// DocType, then a Segment whose children are walked header by header up to the first
// Cluster. Info (duration) and Tracks (codecs, sizes, frame timing) are read whole
// within a cap; a SeekHead is followed when they come after the clusters. The first
// block of the video track is peeked at for VP9's profile, which WebM does not store.

import (
	"encoding/binary"
	"fmt"
	"math"
)

// EBML and Matroska element IDs (RFC 8794 §11, RFC 9559 §5.1), marker bits kept.
const (
	idEBML            = 0x1A45DFA3
	idDocType         = 0x4282
	idSegment         = 0x18538067
	idSeekHead        = 0x114D9B74
	idSeek            = 0x4DBB
	idSeekID          = 0x53AB
	idSeekPosition    = 0x53AC
	idInfo            = 0x1549A966
	idTimestampScale  = 0x2AD7B1
	idDuration        = 0x4489
	idTracks          = 0x1654AE6B
	idTrackEntry      = 0xAE
	idTrackNumber     = 0xD7
	idTrackType       = 0x83
	idCodecID         = 0x86
	idCodecPrivate    = 0x63A2
	idDefaultDuration = 0x23E383
	idVideo           = 0xE0
	idPixelWidth      = 0xB0
	idPixelHeight     = 0xBA
	idProjection      = 0x7670
	idPoseRoll        = 0x7675
	idAudio           = 0xE1
	idSampling        = 0xB5
	idChannels        = 0x9F
	idCluster         = 0x1F43B675
	idSimpleBlock     = 0xA3
	idBlockGroup      = 0xA0
	idBlock           = 0xA1
)

const (
	maxEBMLHeader   = 4096    // bytes of the EBML header read
	maxEBMLElements = 4096    // Segment children walked
	maxEBMLMaster   = 4 << 20 // bytes of an Info, Tracks or SeekHead read
	unknownSize     = -1
)

// ebmlHeader reads one element header at off: its ID (1 to 4 bytes, marker kept), its
// size (1 to 8 bytes; unknownSize when all value bits are 1) and the header's length.
func ebmlHeader(rd *reader, off int64) (id uint32, size int64, n int, err error) {
	h, err := rd.small(off, int(min(12, rd.size-off)))
	if err != nil {
		return 0, 0, 0, err
	}
	p := &buf{b: h, base: off}
	id, size = ebmlElement(p)
	if p.err != nil {
		if len(h) < 12 {
			return 0, 0, 0, errAt(CodeTruncated, off, fmt.Sprintf("the file ends inside an element header at byte %d", off))
		}
		return 0, 0, 0, p.err
	}
	return id, size, p.pos, nil
}

// ebmlElement reads an element's ID and size from p.
func ebmlElement(p *buf) (uint32, int64) {
	start := p.off()
	first := p.u8()
	l := vintLen(first)
	if p.err == nil && (l == 0 || l > 4) {
		p.err = errAt(CodeCorrupt, start, fmt.Sprintf("byte 0x%02x starts no EBML element ID", first))
	}
	id := uint32(first)
	for i := 1; i < l && p.err == nil; i++ {
		id = id<<8 | uint32(p.u8())
	}
	return id, ebmlSize(p)
}

func ebmlSize(p *buf) int64 {
	start := p.off()
	first := p.u8()
	l := vintLen(first)
	if p.err == nil && l == 0 {
		p.err = errAt(CodeCorrupt, start, "byte 0x00 starts no EBML size")
	}
	if p.err != nil {
		return 0
	}
	v := uint64(first) & (0xFF >> l)
	all := v == 0xFF>>l
	for i := 1; i < l; i++ {
		b := p.u8()
		v = v<<8 | uint64(b)
		all = all && b == 0xFF
	}
	if all {
		return unknownSize
	}
	if v > math.MaxInt64/2 {
		p.err = errAt(CodeCorrupt, start, fmt.Sprintf("an element size of %d bytes", v))
	}
	return int64(v)
}

// vintLen is the length of a variable-size integer from its first byte (RFC 8794 §4):
// one more than its leading zero bits; 0 for a zero byte.
func vintLen(b byte) int {
	for i := 0; i < 8; i++ {
		if b&(0x80>>i) != 0 {
			return i + 1
		}
	}
	return 0
}

// ebmlChild is one element inside a master element read into memory.
type ebmlChild struct {
	id   uint32
	body []byte
	off  int64
}

func ebmlChildren(b []byte, base int64) ([]ebmlChild, error) {
	var out []ebmlChild
	p := &buf{b: b, base: base}
	for p.rest() > 0 {
		if len(out) == maxChildBoxes {
			return nil, errAt(CodeCorrupt, p.off(), fmt.Sprintf("more than %d elements in one master element", maxChildBoxes))
		}
		start := p.off()
		id, size := ebmlElement(p)
		if p.err != nil {
			return nil, p.err
		}
		if size == unknownSize || size > int64(p.rest()) {
			return nil, errAt(CodeCorrupt, start, fmt.Sprintf("element 0x%X declares %d bytes; its parent has %d left", id, size, p.rest()))
		}
		off := p.off()
		out = append(out, ebmlChild{id: id, body: p.bytes(int(size)), off: off})
	}
	return out, nil
}

func ebmlUint(b []byte) uint64 {
	var v uint64
	for _, c := range b[:min(len(b), 8)] {
		v = v<<8 | uint64(c)
	}
	return v
}

func ebmlFloat(b []byte) float64 {
	switch len(b) {
	case 4:
		return float64(math.Float32frombits(binary.BigEndian.Uint32(b)))
	case 8:
		return math.Float64frombits(binary.BigEndian.Uint64(b))
	}
	return 0
}

// probeWebM reads a WebM or Matroska file: its EBML header, then the Segment's top-level
// elements up to the first Cluster (and those the SeekHead points at after it).
func probeWebM(rd *reader, _ []byte) (Facts, error) {
	docType, off, err := ebmlDocType(rd)
	if err != nil {
		return Facts{}, err
	}
	id, segSize, n, err := ebmlHeader(rd, off)
	if err != nil {
		return Facts{}, err
	}
	if id != idSegment {
		return Facts{}, errAt(CodeCorrupt, off, fmt.Sprintf("element 0x%X where the Segment should be", id))
	}
	segData := off + int64(n)
	segEnd := rd.size
	if segSize != unknownSize {
		if segSize > rd.size-segData {
			return Facts{}, errAt(CodeTruncated, off, fmt.Sprintf("the Segment at byte %d declares %d bytes, running past the end of the file at byte %d", off, segSize, rd.size))
		}
		segEnd = segData + segSize
	}
	w := &webm{rd: rd, segData: segData}
	var cluster int64 = -1
	for off, k := segData, 0; off < segEnd; k++ {
		if k == maxEBMLElements {
			return Facts{}, errAt(CodeCorrupt, off, fmt.Sprintf("more than %d elements in the Segment", maxEBMLElements))
		}
		id, size, n, err := ebmlHeader(rd, off)
		if err != nil {
			return Facts{}, err
		}
		if id == idCluster {
			cluster = off
			break
		}
		if size == unknownSize || size > segEnd-off-int64(n) {
			return Facts{}, errAt(CodeTruncated, off, fmt.Sprintf("element 0x%X at byte %d declares %d bytes, past the end of its Segment at byte %d", id, off, size, segEnd))
		}
		if err := w.element(id, off+int64(n), size); err != nil {
			return Facts{}, err
		}
		off += int64(n) + size
	}
	// Info or Tracks after the clusters: where the SeekHead says.
	for _, pos := range w.seeks {
		if (pos.id == idInfo && w.info == nil) || (pos.id == idTracks && w.tracks == nil) {
			id, size, n, err := ebmlHeader(rd, pos.off)
			if err != nil {
				return Facts{}, err
			}
			if id != pos.id || size == unknownSize {
				return Facts{}, errAt(CodeCorrupt, pos.off, fmt.Sprintf("the SeekHead points at element 0x%X, not 0x%X", id, pos.id))
			}
			if err := w.element(id, pos.off+int64(n), size); err != nil {
				return Facts{}, err
			}
		}
	}
	f, err := w.facts(docType)
	if err != nil {
		return Facts{}, err
	}
	if (f.VideoCodec == "vp9" || f.VideoCodec == "vp8") && cluster >= 0 {
		f.VideoProfile = w.vpxProfile(cluster, f.VideoCodec)
	}
	return f, nil
}

// ebmlDocType reads the EBML header at the start of the file, whose DocType says webm or
// matroska: the DocType, and the offset where the header ends.
func ebmlDocType(rd *reader) (docType string, end int64, err error) {
	id, size, n, err := ebmlHeader(rd, 0)
	if err != nil {
		return "", 0, err
	}
	if id != idEBML || size == unknownSize || size > maxEBMLHeader {
		return "", 0, errAt(CodeCorrupt, 0, "the EBML header is missing or too large")
	}
	hb, err := rd.at(int64(n), int(size))
	if err != nil {
		return "", 0, err
	}
	kids, err := ebmlChildren(hb, int64(n))
	if err != nil {
		return "", 0, err
	}
	for _, k := range kids {
		if k.id == idDocType {
			docType = string(k.body)
		}
	}
	if docType != "webm" && docType != "matroska" {
		return "", 0, errAt(CodeUnrecognized, int64(n), fmt.Sprintf("an EBML file of DocType %q, not webm or matroska", docType))
	}
	return docType, int64(n) + size, nil
}

type webm struct {
	rd           *reader
	segData      int64
	info, tracks *ebmlChild
	seeks        []struct {
		id  uint32
		off int64
	}
	videoTrack uint64
}

// element keeps the Segment children the probe reads.
func (w *webm) element(id uint32, body, size int64) error {
	switch id {
	case idInfo, idTracks, idSeekHead:
	default:
		return nil
	}
	if size > maxEBMLMaster {
		return errAt(CodeCorrupt, body, fmt.Sprintf("element 0x%X of %d bytes is larger than the probe reads (%d)", id, size, maxEBMLMaster))
	}
	b, err := w.rd.at(body, int(size))
	if err != nil {
		return err
	}
	c := &ebmlChild{id: id, body: b, off: body}
	switch id {
	case idInfo:
		w.info = c
	case idTracks:
		w.tracks = c
	case idSeekHead:
		seeks, err := ebmlChildren(b, body)
		if err != nil {
			return err
		}
		for _, s := range seeks {
			if s.id != idSeek {
				continue
			}
			fields, err := ebmlChildren(s.body, s.off)
			if err != nil {
				return err
			}
			var sid uint32
			var pos uint64
			for _, f := range fields {
				switch f.id {
				case idSeekID:
					sid = uint32(ebmlUint(f.body))
				case idSeekPosition:
					pos = ebmlUint(f.body)
				}
			}
			if pos < uint64(w.rd.size) && len(w.seeks) < 64 {
				w.seeks = append(w.seeks, struct {
					id  uint32
					off int64
				}{sid, w.segData + int64(pos)})
			}
		}
	}
	return nil
}

// facts reads the Info and Tracks elements found: the duration, and the first video and
// first audio track's codecs and settings.
func (w *webm) facts(docType string) (Facts, error) {
	if w.tracks == nil {
		return Facts{}, errAt(CodeTruncated, w.rd.size, "no Tracks element before the first Cluster or through the SeekHead")
	}
	f := Facts{Kind: KindVideo, Format: "webm", AudioCodec: "none"}
	if docType == "matroska" {
		// Matroska is no format of the platforms' lists; it is named for what it is.
		f.Format = "mkv"
	}
	if w.info != nil {
		d, err := infoDuration(w.info)
		if err != nil {
			return Facts{}, err
		}
		f.Duration = d
	}
	entries, err := ebmlChildren(w.tracks.body, w.tracks.off)
	if err != nil {
		return Facts{}, err
	}
	video, audio := false, false
	for _, e := range entries {
		if e.id != idTrackEntry {
			continue
		}
		t, err := readTrackEntry(e)
		if err != nil {
			return Facts{}, err
		}
		switch {
		case t.typ == 1 && !video:
			video = true
			w.videoTrack = t.number
			if err := t.videoFacts(&f); err != nil {
				return Facts{}, err
			}
		case t.typ == 2 && !audio:
			audio = true
			f.AudioCodec = matroskaCodec(t.codec)
			if t.sub != nil && t.sub.id == idAudio {
				if err := audioSettings(t.sub, &f); err != nil {
					return Facts{}, err
				}
			}
		}
	}
	if !video {
		return Facts{}, errAt(CodeUnrecognized, w.tracks.off, "the WebM has no video track (an audio-only file?)")
	}
	if f.Width == 0 || f.Height == 0 {
		return Facts{}, errAt(CodeCorrupt, w.tracks.off, fmt.Sprintf("the video track gives a picture of %dx%d pixels", f.Width, f.Height))
	}
	return f, nil
}

// infoDuration is the duration in seconds the Info element states (Duration in units of
// TimestampScale nanoseconds), 0 when it states none.
func infoDuration(info *ebmlChild) (float64, error) {
	kids, err := ebmlChildren(info.body, info.off)
	if err != nil {
		return 0, err
	}
	scale, duration := uint64(1000000), 0.0
	for _, k := range kids {
		switch k.id {
		case idTimestampScale:
			if s := ebmlUint(k.body); s > 0 {
				scale = s
			}
		case idDuration:
			duration = ebmlFloat(k.body)
		}
	}
	if duration > 0 && !math.IsInf(duration, 0) {
		return duration * float64(scale) / 1e9, nil
	}
	return 0, nil
}

// trackEntry is what facts reads of a TrackEntry; sub is its Video or Audio element.
type trackEntry struct {
	typ, number, defaultDuration uint64
	codec                        string
	private                      []byte
	sub                          *ebmlChild
}

// readTrackEntry reads the fields of the TrackEntry e.
func readTrackEntry(e ebmlChild) (trackEntry, error) {
	fields, err := ebmlChildren(e.body, e.off)
	if err != nil {
		return trackEntry{}, err
	}
	var t trackEntry
	for i, k := range fields {
		switch k.id {
		case idTrackType:
			t.typ = ebmlUint(k.body)
		case idTrackNumber:
			t.number = ebmlUint(k.body)
		case idCodecID:
			t.codec = string(k.body)
		case idCodecPrivate:
			t.private = k.body
		case idDefaultDuration:
			t.defaultDuration = ebmlUint(k.body)
		case idVideo, idAudio:
			t.sub = &fields[i]
		}
	}
	return t, nil
}

// videoFacts sets f's video codec, profile, frame rate and picture from t, the video
// track.
func (t trackEntry) videoFacts(f *Facts) error {
	f.VideoCodec = matroskaCodec(t.codec)
	// CodecPrivate holds the ISO configuration record for these codecs.
	switch {
	case f.VideoCodec == "av1" && len(t.private) >= 2:
		f.VideoProfile = av1Profile(t.private[1] >> 5)
	case f.VideoCodec == "h264" && len(t.private) >= 3:
		f.VideoProfile = avcProfile(t.private[1], t.private[2])
	case f.VideoCodec == "hevc" && len(t.private) >= 2:
		f.VideoProfile = hevcProfile(t.private[1] & 31)
	}
	if t.defaultDuration > 0 {
		// DefaultDuration is whole nanoseconds: 33333333 ns is 30 fps, to the
		// thousandth of a frame per second that rounding keeps.
		f.FrameRate = math.Round(1e12/float64(t.defaultDuration)) / 1000
	}
	if t.sub != nil && t.sub.id == idVideo {
		return videoSettings(t.sub, f)
	}
	return nil
}

// audioSettings reads SamplingFrequency and Channels, with their defaults when absent.
func audioSettings(a *ebmlChild, f *Facts) error {
	kids, err := ebmlChildren(a.body, a.off)
	if err != nil {
		return err
	}
	f.AudioSampleRate = 8000 // the default of SamplingFrequency
	f.AudioChannels = 1      // the default of Channels
	for _, k := range kids {
		switch k.id {
		case idSampling:
			if r := ebmlFloat(k.body); r > 0 && r < 1e7 {
				f.AudioSampleRate = int(r)
			}
		case idChannels:
			f.AudioChannels = int(min(ebmlUint(k.body), 255))
		}
	}
	return nil
}

// videoSettings reads PixelWidth, PixelHeight and the projection's roll (RFC 9559
// §5.1.4.1.28: degrees anti-clockwise), the rotation a player applies.
func videoSettings(v *ebmlChild, f *Facts) error {
	kids, err := ebmlChildren(v.body, v.off)
	if err != nil {
		return err
	}
	for _, k := range kids {
		switch k.id {
		case idPixelWidth:
			f.Width = int(min(ebmlUint(k.body), math.MaxInt32))
		case idPixelHeight:
			f.Height = int(min(ebmlUint(k.body), math.MaxInt32))
		case idProjection:
			proj, err := ebmlChildren(k.body, k.off)
			if err != nil {
				return err
			}
			for _, p := range proj {
				if p.id == idPoseRoll {
					switch r := ebmlFloat(p.body); r {
					case 90, -270:
						f.Rotation = 270
					case 180, -180:
						f.Rotation = 180
					case 270, -90:
						f.Rotation = 90
					}
				}
			}
		}
	}
	if f.Rotation == 90 || f.Rotation == 270 {
		f.Width, f.Height = f.Height, f.Width
	}
	return nil
}

// vpxProfile reads the profile bits of the first frame of the video track, which WebM
// does not store elsewhere: VP9's frame_marker, profile_low_bit, profile_high_bit (VP9
// bitstream §6.2) or VP8's 3-bit version (RFC 6386 §9.1), from the first SimpleBlock
// or Block of the video track in the cluster at off; "" when it is not among the first
// few elements of the cluster.
func (w *webm) vpxProfile(off int64, codec string) string {
	_, _, n, err := ebmlHeader(w.rd, off)
	if err != nil {
		return ""
	}
	off += int64(n)
	for k := 0; k < 16; k++ {
		id, size, n, err := ebmlHeader(w.rd, off)
		if err != nil || size == unknownSize {
			return ""
		}
		switch id {
		case idBlockGroup:
			off += int64(n)
			continue
		case idSimpleBlock, idBlock:
			b, err := w.rd.small(off+int64(n), int(min(size, 12)))
			if err != nil {
				return ""
			}
			p := &buf{b: b}
			track := ebmlSize(p) // the track number is a vint like a size
			p.skip(3)            // timestamp, flags
			first := p.u8()
			if p.err != nil {
				return ""
			}
			switch {
			case uint64(track) != w.videoTrack:
			case codec == "vp8":
				return fmt.Sprint(first >> 1 & 7)
			case first>>6 != 2: // no frame_marker: not a VP9 frame
				return ""
			default:
				return fmt.Sprintf("Profile %d", (first>>3&2)|(first>>5&1))
			}
		}
		off += int64(n) + size
	}
	return ""
}

func matroskaCodec(id string) string {
	switch id {
	case "V_VP8":
		return "vp8"
	case "V_VP9":
		return "vp9"
	case "V_AV1":
		return "av1"
	case "V_MPEG4/ISO/AVC":
		return "h264"
	case "V_MPEGH/ISO/HEVC":
		return "hevc"
	case "A_OPUS":
		return "opus"
	case "A_VORBIS":
		return "vorbis"
	case "A_AAC":
		return "aac"
	case "A_MPEG/L3":
		return "mp3"
	case "A_FLAC":
		return "flac"
	case "A_AC3":
		return "ac3"
	case "A_EAC3":
		return "eac3"
	}
	return id
}
