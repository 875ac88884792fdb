package media

import (
	"encoding/binary"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
)

// boxNode is an ISO box parsed for rewriting: a container's children, or a leaf's body.
type boxNode struct {
	typ  string
	body []byte
	kids []*boxNode
}

// isoContainers are the boxes boxTree opens.
var isoContainers = map[string]bool{"moov": true, "trak": true, "edts": true, "mdia": true, "minf": true, "stbl": true, "moof": true, "traf": true}

// boxTree parses b (32-bit sizes only, as ffmpeg writes small files).
func boxTree(t testing.TB, b []byte) []*boxNode {
	t.Helper()
	var out []*boxNode
	for off := 0; off+8 <= len(b); {
		size := int(binary.BigEndian.Uint32(b[off:]))
		if size < 8 || off+size > len(b) {
			t.Fatalf("box at %d of size %d", off, size)
		}
		n := &boxNode{typ: string(b[off+4 : off+8]), body: b[off+8 : off+size]}
		if isoContainers[n.typ] {
			n.kids = boxTree(t, n.body)
		}
		out = append(out, n)
		off += size
	}
	return out
}

func writeTree(nodes []*boxNode) []byte {
	var out []byte
	for _, n := range nodes {
		body := n.body
		if n.kids != nil {
			body = writeTree(n.kids)
		}
		out = append(out, mkBox(n.typ, body)...)
	}
	return out
}

// find returns the boxes of the path (types from the top), each the i-th of its type
// where the path gives "trak#1".
func find(nodes []*boxNode, path ...string) *boxNode {
	var cur *boxNode
	for _, p := range path {
		typ, nth := p, 0
		if i := strings.IndexByte(p, '#'); i > 0 {
			typ = p[:i]
			fmt.Sscan(p[i+1:], &nth)
		}
		cur = nil
		for _, n := range nodes {
			if n.typ == typ {
				if nth == 0 {
					cur = n
					break
				}
				nth--
			}
		}
		if cur == nil {
			return nil
		}
		nodes = cur.kids
	}
	return cur
}

// elstEntry is one edit: segment_duration (movie time), media_time (media time), rate.
type elstEntry struct {
	seg  uint64
	mt   int64
	rate uint32
}

// elstBody writes an edit list of version v (0: 32-bit fields) with count entries
// declared (count < 0: as many as given).
func elstBody(v byte, count int, es ...elstEntry) []byte {
	if count < 0 {
		count = len(es)
	}
	b := append([]byte{v, 0, 0, 0}, u32(uint32(count))...)
	for _, e := range es {
		rate := e.rate
		if rate == 0 {
			rate = 1 << 16
		}
		if v == 1 {
			b = binary.BigEndian.AppendUint64(b, e.seg)
			b = binary.BigEndian.AppendUint64(b, uint64(e.mt))
		} else {
			b = append(b, u32(uint32(e.seg))...)
			b = append(b, u32(uint32(int32(e.mt)))...)
		}
		b = append(b, u32(rate)...)
	}
	return b
}

// withEdits returns the seed h264-aac-faststart.mp4 with the edit list of track trak
// (0 video, 1 sound) replaced by body, or removed when body is nil. The seed's video is
// 5 frames of 1,024 ticks at 10,240 per second (0.5 s, no B-frames), its sound AAC at
// 48 kHz with 1,024 samples of priming (mdhd 25,024), its movie timescale 1,000.
func withEdits(t testing.TB, trak int, body []byte) []byte {
	t.Helper()
	top := boxTree(t, seed(t, "h264-aac-faststart.mp4"))
	tr := find(top, "moov", fmt.Sprintf("trak#%d", trak))
	var kids []*boxNode
	for _, k := range tr.kids {
		if k.typ != "edts" {
			kids = append(kids, k)
		}
	}
	if body != nil {
		kids = append(kids[:1:1], append([]*boxNode{{typ: "edts", kids: []*boxNode{{typ: "elst", body: body}}}}, kids[1:]...)...)
	}
	tr.kids = kids
	return writeTree(top)
}

// TestISOEditList: Facts.EditList is true only for an edit list that matters
// (iso_edit.go); each case says which clause it tests.
func TestISOEditList(t *testing.T) {
	e := func(seg uint64, mt int64) elstEntry { return elstEntry{seg: seg, mt: mt} }
	video := func(es ...elstEntry) []byte { return withEdits(t, 0, elstBody(0, -1, es...)) }
	tests := []struct {
		why  string
		b    []byte
		want bool
	}{
		{"ffmpeg's own: video maps all from 0, sound skips AAC's 1,024-sample priming", seed(t, "h264-aac-faststart.mp4"), false},
		{"no edit list on the video", withEdits(t, 0, nil), false},
		{"an empty list", video(), false},
		{"an empty edit delaying the start by 0.5 s", video(e(500, -1), e(500, 0)), true},
		{"an empty edit of 50 ms, less than one 100 ms frame", video(e(50, -1), e(500, 0)), false},
		{"an empty edit of 150 ms, more than a frame", video(e(150, -1), e(500, 0)), true},
		{"two mapped edits", video(e(250, 0), e(250, 2560)), true},
		{"an empty edit after the media", video(e(500, 0), e(100, -1)), true},
		{"a segment of 300 ms of 500 ms of media cuts the end", video(e(300, 0)), true},
		{"a segment of 450 ms: within one frame of the end", video(e(450, 0)), false},
		{"media_time 0.2 s on a video without B-frames cuts the start", video(e(300, 2048)), true},
		{"media_time 50 ms, less than a frame", video(e(450, 512)), false},
		{"a rate of 2", withEdits(t, 0, elstBody(0, -1, elstEntry{seg: 250, mt: 0, rate: 2 << 16})), true},
		{"a 64-bit list mapping all from 0", withEdits(t, 0, elstBody(1, -1, e(500, 0))), false},
		{"a 64-bit list with an empty edit of 0.5 s", withEdits(t, 0, elstBody(1, -1, e(500, -1), e(500, 0))), true},
		{"a list declaring 3 entries and holding 1", withEdits(t, 0, elstBody(0, 3, e(500, 0))), true},
		{"sound skipping 0.1 s (4,800 samples): the most priming taken", withEdits(t, 1, elstBody(0, -1, e(400, 4800))), false},
		{"sound skipping 0.2 s cuts its start", withEdits(t, 1, elstBody(0, -1, e(300, 9600))), true},
		{"sound of 0.5 s after priming, its segment 0.3 s, cuts its end", withEdits(t, 1, elstBody(0, -1, e(300, 1024))), true},
	}
	for _, tt := range tests {
		f, err, _ := probeBytes(t, tt.b)
		if err != nil {
			t.Errorf("%s: %v", tt.why, err)
			continue
		}
		if f.EditList != tt.want {
			t.Errorf("%s: EditList %v, want %v", tt.why, f.EditList, tt.want)
		}
	}
}

// withMatrix returns the MP4 m with its first tkhd's matrix a b c d (16.16).
func withMatrix(t testing.TB, m []byte, a, b, c, d int32) []byte {
	t.Helper()
	top := boxTree(t, m)
	tk := find(top, "moov", "trak", "tkhd")
	body := append([]byte{}, tk.body...)
	off := 4 + 20 + 8 + 8 // version 0: flags, times, track, reserved, duration; reserved; layer...
	if body[0] == 1 {
		off = 4 + 32 + 8 + 8
	}
	for i, v := range []int32{a, b, c, d} {
		binary.BigEndian.PutUint32(body[off+[]int{0, 4, 12, 16}[i]:], uint32(v))
	}
	tk.body = body
	return writeTree(top)
}

// TestISOMatrix: every quarter turn with and without a flip, as a player applies the
// matrix (x, y) -> (a x + c y, b x + d y), y down; the displayed size is swapped exactly
// for a quarter turn. The seed is 32x18 coded.
func TestISOMatrix(t *testing.T) {
	const one = 1 << 16
	mp4 := seed(t, "moov-at-end.mp4")
	tests := []struct {
		why        string
		a, b, c, d int32
		w, h, rot  int
		mirrored   bool
		unread     bool
	}{
		{"identity", one, 0, 0, one, 32, 18, 0, false, false},
		{"90 clockwise", 0, one, -one, 0, 18, 32, 90, false, false},
		{"180", -one, 0, 0, -one, 32, 18, 180, false, false},
		{"270 clockwise", 0, -one, one, 0, 18, 32, 270, false, false},
		{"flipped left to right (a front camera)", -one, 0, 0, one, 32, 18, 0, true, false},
		{"90 then flipped: the transpose, shown portrait", 0, one, one, 0, 18, 32, 90, true, false},
		{"180 then flipped: upside down", one, 0, 0, -one, 32, 18, 180, true, false},
		{"270 then flipped: the transverse", 0, -one, -one, 0, 18, 32, 270, true, false},
		{"a scaled 90: only the signs count", 0, 2 * one, -2 * one, 0, 18, 32, 90, false, false},
		{"45 degrees: shown as coded, with a note", 46341, 46341, -46341, 46341, 32, 18, 0, false, true},
	}
	for _, tt := range tests {
		f, err, _ := probeBytes(t, withMatrix(t, mp4, tt.a, tt.b, tt.c, tt.d))
		if err != nil {
			t.Errorf("%s: %v", tt.why, err)
			continue
		}
		if f.Width != tt.w || f.Height != tt.h || f.Rotation != tt.rot || f.Mirrored != tt.mirrored || (len(f.Unread) > 0) != tt.unread {
			t.Errorf("%s: %dx%d rotation %d mirrored %v unread %q; want %dx%d %d %v unread %v", tt.why, f.Width, f.Height, f.Rotation, f.Mirrored, f.Unread, tt.w, tt.h, tt.rot, tt.mirrored, tt.unread)
		}
	}
}

// TestISOSeeds: the ISO files this package's README adds, with the facts ffprobe gives
// (TestISOAgainstFFprobe compares them again).
func TestISOSeeds(t *testing.T) {
	tests := []struct {
		file string
		want Facts
	}{
		// frag_keyframe: the first fragment's 10 samples in the moov, five more fragments
		// of 10 in moofs; the mvhd says 1 s, the samples 6 s.
		{"frag-keyframe.mp4", Facts{Kind: "video", Format: "mp4", MIME: "video/mp4", Width: 16, Height: 16, Duration: 6, FrameRate: 10, VideoCodec: "h264", VideoProfile: "Constrained Baseline", AudioCodec: "none", Faststart: true}},
		{"frag-empty-moov.mp4", Facts{Kind: "video", Format: "mp4", MIME: "video/mp4", Width: 16, Height: 16, Duration: 6, FrameRate: 10, VideoCodec: "h264", VideoProfile: "Constrained Baseline", AudioCodec: "none", Faststart: true}},
		// CENC-encrypted H.264 and AAC: encv and enca entries whose frma says avc1, mp4a.
		{"encrypted.mp4", Facts{Kind: "video", Format: "mp4", MIME: "video/mp4", Width: 16, Height: 16, Duration: 0.5, FrameRate: 10, VideoCodec: "h264", VideoProfile: "Constrained Baseline", AudioCodec: "aac", AudioSampleRate: 8000, AudioChannels: 1, Encrypted: true}},
		// x264's default preset (B-frames, media_time 2,048 = the ctts offset) and AAC
		// (media_time 1,024 = its priming): ffmpeg's default output, no edit that matters.
		{"bframes-aac.mp4", Facts{Kind: "video", Format: "mp4", MIME: "video/mp4", Width: 16, Height: 16, Duration: 0.5, FrameRate: 10, VideoCodec: "h264", VideoProfile: "High", AudioCodec: "aac", AudioSampleRate: 8000, AudioChannels: 1}},
	}
	for _, tt := range tests {
		b := seed(t, tt.file)
		got, err, _ := probeBytes(t, b)
		if err != nil {
			t.Errorf("%s: %v", tt.file, err)
			continue
		}
		tt.want.Bytes = int64(len(b))
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", tt.file, got, tt.want)
		}
	}
}

// TestISOTrailingBytes: bytes after the last box of a complete file are a note, not a
// refusal, and are never quoted as a box type; a known box cut short still is
// media_truncated.
func TestISOTrailingBytes(t *testing.T) {
	fast, end := seed(t, "h264-aac-faststart.mp4"), seed(t, "moov-at-end.mp4")
	plus := func(b []byte, tail string) []byte { return append(append([]byte{}, b...), tail...) }
	tests := []struct {
		why   string
		b     []byte
		words string // in the Unread note; "" for a refusal
		code  string
	}{
		{"four zero bytes of padding", plus(fast, "\x00\x00\x00\x00"), "4 bytes after the last box (from byte 4262, zeros)", ""},
		{"a kilobyte of zeros", plus(end, string(make([]byte, 1024))), "1024 bytes after the last box (from byte 2260, zeros)", ""},
		{"a line of text", plus(fast, "uploaded by someone\n"), "20 bytes after the last box (from byte 4262, text)", ""},
		{"three bytes, less than a box header", plus(end, "\x01\x02\x03"), "3 bytes after the last box (from byte 2260, bytes)", ""},
		{"a size of 5, less than a header", plus(fast, "\x00\x00\x00\x05abcdefgh"), "12 bytes after the last box", ""},
		{"an mdat running past the end after the moov", plus(fast, "\x00\x00\x10\x00mdat"), "", "media_truncated"},
		{"a moof running past the end", plus(fast, "\x00\x00\x10\x00moof"), "", "media_truncated"},
	}
	for _, tt := range tests {
		f, err, _ := probeBytes(t, tt.b)
		if tt.code != "" {
			if err == nil || string(err.Code) != tt.code {
				t.Errorf("%s: %v, want %s", tt.why, err, tt.code)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.why, err)
			continue
		}
		if len(f.Unread) != 1 || !strings.Contains(f.Unread[0], tt.words) || strings.Contains(f.Unread[0], `"`) {
			t.Errorf("%s: Unread %q, want one note with %q and no quoted box type", tt.why, f.Unread, tt.words)
		}
		if f.Width != 32 || f.Height != 18 {
			t.Errorf("%s: %+v", tt.why, f)
		}
	}
}

// TestISOMessagesNameTheBox: a box too short for its fields is named, with no negative
// figure.
func TestISOMessagesNameTheBox(t *testing.T) {
	top := boxTree(t, seed(t, "moov-at-end.mp4"))
	tk := find(top, "moov", "trak", "tkhd")
	tk.body = tk.body[:30]
	_, err, _ := probeBytes(t, writeTree(top))
	if err == nil || err.Code != CodeCorrupt || !strings.Contains(err.Message, "the tkhd box ends too early") || strings.Contains(err.Message, "-") {
		t.Errorf("got %v", err)
	}
	top = boxTree(t, seed(t, "moov-at-end.mp4"))
	st := find(top, "moov", "trak", "mdia", "minf", "stbl", "stts")
	st.body = append(append([]byte{}, st.body[:4]...), 0xFF, 0xFF, 0xFF, 0xFF) // entry_count 2^32-1
	_, err, _ = probeBytes(t, writeTree(top))
	if err == nil || !strings.Contains(err.Message, "the stts box declares 4294967295 entries") {
		t.Errorf("got %v", err)
	}
}

// manyFragments is frag-empty-moov.mp4's ftyp and moov followed by n copies of its
// second fragment (10 frames, 1 s), each with its tfdt set to its start and an empty
// mdat: a file of n seconds.
func manyFragments(t testing.TB, n int) []byte {
	t.Helper()
	top := boxTree(t, seed(t, "frag-empty-moov.mp4"))
	out := append(writeTree(top[:1]), writeTree([]*boxNode{find(top, "moov")})...)
	moof := find(top, "moof#1")
	tfdt := find(moof.kids, "traf", "tfdt")
	if tfdt == nil || tfdt.body[0] != 1 {
		t.Fatal("the seed's second moof has no 64-bit tfdt")
	}
	for i := range n {
		tfdt.body = binary.BigEndian.AppendUint64(append([]byte{}, tfdt.body[:4]...), uint64(i)*10240)
		out = append(out, writeTree([]*boxNode{moof})...)
		out = append(out, mkBox("mdat")...)
	}
	return out
}

// TestISOFragmentCap: past maxFragments moofs the probe stops adding samples, says so,
// and takes the duration from the last moof's decode time; its reads stay a small
// constant times the file.
func TestISOFragmentCap(t *testing.T) {
	for _, n := range []int{3, maxFragments, maxFragments + 904} {
		b := manyFragments(t, n)
		f, err, read := probeBytes(t, b)
		if err != nil {
			t.Fatalf("%d fragments: %v", n, err)
		}
		if math.Abs(f.Duration-float64(n)) > 1e-9 || f.FrameRate != 10 {
			t.Errorf("%d fragments: duration %v frame rate %v, want %d s at 10", n, f.Duration, f.FrameRate, n)
		}
		capped := n > maxFragments
		if capped != (len(f.Unread) == 1) || capped && !strings.Contains(f.Unread[0], "904 of the 5000 movie fragments") {
			t.Errorf("%d fragments: Unread %q", n, f.Unread)
		}
		if read > 2*int64(len(b)) {
			t.Errorf("%d fragments: read %d bytes of %d", n, read, len(b))
		}
	}
}

// BenchmarkProbeFragmented probes fragmented files: the six-second ffmpeg seed, and
// files of 100 and 5,000 one-second fragments (the latter past the cap); bytes-read/op
// is what the probe asked of the ReaderAt, against the file's size.
func BenchmarkProbeFragmented(b *testing.B) {
	files := map[string][]byte{"frag-keyframe.mp4": seed(b, "frag-keyframe.mp4"), "100-fragments": manyFragments(b, 100), "5000-fragments": manyFragments(b, 5000)}
	for _, name := range []string{"frag-keyframe.mp4", "100-fragments", "5000-fragments"} {
		data := files[name]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			r := &strictReaderAt{t: b, b: data}
			for b.Loop() {
				if _, err := Probe(r, int64(len(data))); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(r.read)/float64(b.N), "bytes-read/op")
			b.ReportMetric(float64(len(data)), "file-bytes")
		})
	}
}

// TestISOTopBoxCap: past maxTopBoxes top-level boxes, a file whose moov was read gives
// its facts and a note; one whose moov was not is refused, as before.
func TestISOTopBoxCap(t *testing.T) {
	mp4 := seed(t, "moov-at-end.mp4")
	frees := make([]byte, 0, 8*maxTopBoxes)
	for range maxTopBoxes {
		frees = append(frees, mkBox("free")...)
	}
	own := len(boxTree(t, mp4)) // ftyp, free, mdat, moov
	f, err, _ := probeBytes(t, append(append([]byte{}, mp4...), frees...))
	if err != nil || len(f.Unread) != 1 || !strings.Contains(f.Unread[0], fmt.Sprintf("the boxes from byte %d on, past the first %d", len(mp4)+8*(maxTopBoxes-own), maxTopBoxes)) {
		t.Errorf("moov first: %v %q", err, f.Unread)
	}
	_, err, _ = probeBytes(t, append(append([]byte{}, frees...), mp4...))
	if err == nil || err.Code != CodeCorrupt || !strings.Contains(err.Message, "more than 65536 boxes at the top level") {
		t.Errorf("moov after the cap: %v", err)
	}
}
