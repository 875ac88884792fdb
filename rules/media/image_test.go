package media

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// TestImagesAgainstExiftool compares the displayed size, rotation and flip of every image
// of testdata with what exiftool (an independent reader, Debian's libimage-exiftool-perl,
// installed by .ci/deps) reads: its stored size and EXIF orientation, turned into the
// displayed facts by CIPA DC-008's table. The seeds include real files with damaged EXIF
// and junk between markers (pillow-*, PROVENANCE.md) and EXIF made with exiftool.
func TestImagesAgainstExiftool(t *testing.T) {
	if _, err := exec.LookPath("exiftool"); err != nil {
		t.Fatal("exiftool is missing: run bash .ci/deps (it installs Debian's libimage-exiftool-perl)")
	}
	var names []string
	for _, ext := range []string{"*.jpg", "*.png", "*.webp", "*.gif", "*.bmp", "*.tiff"} {
		m, _ := filepath.Glob(filepath.Join("testdata", ext))
		names = append(names, m...)
	}
	out, err := exec.Command("exiftool", append([]string{"-json", "-n", "-Orientation", "-ImageWidth", "-ImageHeight"}, names...)...).Output()
	if err != nil {
		t.Fatalf("exiftool: %v", err)
	}
	var rows []struct {
		SourceFile              string
		Orientation             int
		ImageWidth, ImageHeight int
	}
	if err := json.Unmarshal(out, &rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(names) || len(rows) < 15 {
		t.Fatalf("exiftool read %d of %d files", len(rows), len(names))
	}
	// CIPA DC-008 orientation: rotation first, then the left-right flip (Facts' order).
	turn := map[int][2]int{0: {0, 0}, 1: {0, 0}, 2: {0, 1}, 3: {180, 0}, 4: {180, 1}, 5: {90, 1}, 6: {90, 0}, 7: {270, 1}, 8: {270, 0}}
	oriented := 0
	for _, r := range rows {
		f, perr, _ := probeBytes(t, seed(t, filepath.Base(r.SourceFile)))
		if perr != nil {
			t.Errorf("%s: %v", r.SourceFile, perr)
			continue
		}
		w, h := r.ImageWidth, r.ImageHeight
		if r.Orientation >= 5 {
			w, h = h, w
		}
		tr := turn[r.Orientation]
		if f.Width != w || f.Height != h || f.Rotation != tr[0] || f.Mirrored != (tr[1] == 1) {
			t.Errorf("%s: probe %dx%d rotation %d mirrored %v; exiftool %dx%d orientation %d", r.SourceFile, f.Width, f.Height, f.Rotation, f.Mirrored, r.ImageWidth, r.ImageHeight, r.Orientation)
		}
		if r.Orientation > 1 {
			oriented++
		}
	}
	if oriented < 4 {
		t.Errorf("only %d seeds carry an orientation", oriented)
	}
}

// TestJPEGReadAsDecodersRead: damage that libjpeg forgives leaves the size known and the
// rest noted in Unread, naming what was not read; only a JPEG whose size is unknown is
// refused. Each case is the 32x18 seed with one thing broken.
func TestJPEGReadAsDecodersRead(t *testing.T) {
	jpg := seed(t, "image.jpg")
	// app1 is an APP1 Exif segment holding the TIFF bytes tiff.
	app1 := func(tiff []byte) []byte {
		seg := append([]byte("Exif\x00\x00"), tiff...)
		l := len(seg) + 2
		return append([]byte{0xFF, 0xE1, byte(l >> 8), byte(l)}, seg...)
	}
	// afterSOI puts b right after the seed's SOI marker.
	afterSOI := func(b ...[]byte) []byte {
		out := append([]byte{}, jpg[:2]...)
		for _, x := range b {
			out = append(out, x...)
		}
		return append(out, jpg[2:]...)
	}
	entry := func(tag, typ uint16, count uint32, v uint16) []byte {
		e := make([]byte, 12)
		binary.BigEndian.PutUint16(e, tag)
		binary.BigEndian.PutUint16(e[2:], typ)
		binary.BigEndian.PutUint32(e[4:], count)
		binary.BigEndian.PutUint16(e[8:], v)
		return e
	}
	tiff := func(ifdOff uint32, n uint16, entries ...[]byte) []byte {
		b := []byte{'M', 'M', 0, 42, 0, 0, 0, 0}
		binary.BigEndian.PutUint32(b[4:], ifdOff)
		b = binary.BigEndian.AppendUint16(b, n)
		for _, e := range entries {
			b = append(b, e...)
		}
		return b
	}
	orient6 := entry(0x0112, 3, 1, 6)
	app0 := []byte{0xFF, 0xE0, 0, 4, 0, 0} // an empty APP0: the file still starts FF D8 FF, as sniffers want
	tests := []struct {
		why    string
		b      []byte
		w, h   int
		unread string // "" when nothing is left out
	}{
		{"IFD0's offset points past the segment (a loop or a pointer into the next segment)",
			afterSOI(app1(tiff(4000, 1, orient6))), 32, 18, "IFD0's offset 4000 is past the end of the block"},
		{"IFD0 declares more entries than the segment holds; the orientation among those that fit is read",
			afterSOI(app1(tiff(8, 40, orient6))), 18, 32, ""},
		{"IFD0 declares more entries than the segment holds, and the orientation is not among those that fit",
			afterSOI(app1(tiff(8, 40, entry(0x010F, 2, 4, 0)))), 32, 18, "IFD0's last 39 entries run past the end of the block"},
		{"an orientation whose count is not 1 is no orientation (exiftool reads none either)",
			afterSOI(app1(tiff(8, 1, entry(0x0112, 3, 2, 6)))), 32, 18, ""},
		{"an orientation out of 1 to 8",
			afterSOI(app1(tiff(8, 1, entry(0x0112, 3, 1, 9)))), 32, 18, "orientation 9 is none of 1 to 8"},
		{"a TIFF header of another byte order mark",
			afterSOI(app1(append([]byte("XX"), tiff(8, 1, orient6)[2:]...))), 32, 18, `a TIFF header must start with "II*\x00" or "MM\x00*", not "XX\x00*"`},
		{"an Exif segment too short for a TIFF header",
			afterSOI(app1([]byte{'M', 'M', 0, 42})), 32, 18, "the TIFF header needs 8 bytes, the block has 4"},
		{"only the first Exif segment counts (exiftool reads the first)",
			afterSOI(app1(tiff(8, 1, orient6)), app1(tiff(8, 1, entry(0x0112, 3, 1, 3)))), 18, 32, ""},
		{"junk bytes between two segments are skipped to the next marker",
			afterSOI(app1(tiff(8, 1, orient6)), []byte("junk!")), 18, 32, "5 bytes that are no JPEG marker before the marker at byte 39"},
		{"junk that holds a stuffed 0xFF 0x00 and fill bytes 0xFF",
			afterSOI(app0, []byte{0x12, 0xFF, 0x00, 0x34, 0xFF, 0xFF}), 32, 18, "4 bytes that are no JPEG marker before the marker at byte 14"},
	}
	for _, tt := range tests {
		f, err, _ := probeBytes(t, tt.b)
		if err != nil {
			t.Errorf("%s: %v", tt.why, err)
			continue
		}
		if f.Width != tt.w || f.Height != tt.h {
			t.Errorf("%s: %dx%d, want %dx%d", tt.why, f.Width, f.Height, tt.w, tt.h)
		}
		got := strings.Join(f.Unread, "; ")
		if tt.unread == "" && got != "" || !strings.Contains(got, tt.unread) {
			t.Errorf("%s: unread %q, want %q", tt.why, got, tt.unread)
		}
		checkCost(t, tt.b)
	}
	// What no decoder can read: the size is unknown, so the file is refused.
	refused := []struct {
		why, code, words string
		b                []byte
	}{
		{"a scan before any frame header", "media_corrupt", "start of scan", afterSOI([]byte{0xFF, 0xDA, 0, 2})},
		{"an end of image before any frame header", "media_corrupt", "end of image", afterSOI([]byte{0xFF, 0xD9})},
		{"a segment shorter than its length field", "media_corrupt", "segment 0xe0 at byte 2 is 1", afterSOI([]byte{0xFF, 0xE0, 0, 1})},
		{"junk to the end of the file", "media_truncated", "before any frame header", append(append(append([]byte{}, jpg[:2]...), app0...), bytes.Repeat([]byte{0x12}, 100)...)},
		{"a frame header too short for its size fields", "media_corrupt", "too few for its size fields", afterSOI([]byte{0xFF, 0xC0, 0, 4, 8, 0})},
	}
	for _, tt := range refused {
		_, err, _ := probeBytes(t, tt.b)
		if err == nil || string(err.Code) != tt.code || !strings.Contains(err.Message, tt.words) {
			t.Errorf("%s: %v, want %s with %q", tt.why, err, tt.code, tt.words)
		}
	}
}

// withWebPEXIF returns the lossy WebP webp (a VP8 chunk alone) as an extended WebP: a VP8X
// chunk with the EXIF flag, the VP8 chunk, and an EXIF chunk holding orientation o (RFC
// 9649 §2.7). prefix puts JPEG's "Exif\0\0" before the TIFF header, as some writers do.
func withWebPEXIF(t testing.TB, webp []byte, w, h int, o uint16, prefix bool) []byte {
	t.Helper()
	if string(webp[12:16]) != "VP8 " {
		t.Fatalf("not a simple lossy WebP: %q", webp[12:16])
	}
	vp8 := webp[12:]
	tiff := []byte{'I', 'I', 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, byte(o), byte(o >> 8), 0, 0, 0, 0, 0, 0}
	if prefix {
		tiff = append([]byte("Exif\x00\x00"), tiff...)
	}
	var b []byte
	b = append(b, "RIFF\x00\x00\x00\x00WEBP"...)
	b = append(b, "VP8X"...)
	b = binary.LittleEndian.AppendUint32(b, 10)
	b = append(b, 0x08, 0, 0, 0, byte(w-1), byte((w-1)>>8), byte((w-1)>>16), byte(h-1), byte((h-1)>>8), byte((h-1)>>16))
	b = append(b, vp8...)
	b = append(b, "EXIF"...)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(tiff)))
	b = append(b, tiff...)
	if len(tiff)%2 == 1 {
		b = append(b, 0)
	}
	binary.LittleEndian.PutUint32(b[4:], uint32(len(b)-8))
	return b
}

// TestWebPAndPNGOrientation: the EXIF orientation of a WebP (EXIF chunk) and of a PNG
// (eXIf chunk) is applied as a JPEG's; a damaged EXIF chunk is noted, not refused.
func TestWebPAndPNGOrientation(t *testing.T) {
	webp := seed(t, "image.webp")
	png := seed(t, "image.png")
	// pngEXIf puts an eXIf chunk of data after png's IHDR.
	pngEXIf := func(data []byte) []byte {
		c := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
		c = append(append(append(c, "eXIf"...), data...), 0, 0, 0, 0) // the CRC is not checked
		return append(append(append([]byte{}, png[:33]...), c...), png[33:]...)
	}
	tests := []struct {
		why       string
		b         []byte
		w, h, rot int
		mirror    bool
		unread    string
	}{
		{"WebP, orientation 6", withWebPEXIF(t, webp, 32, 18, 6, false), 18, 32, 90, false, ""},
		{"WebP, orientation 7, after an \"Exif\\0\\0\" prefix", withWebPEXIF(t, webp, 32, 18, 7, true), 18, 32, 270, true, ""},
		{"WebP, orientation 2", withWebPEXIF(t, webp, 32, 18, 2, false), 32, 18, 0, true, ""},
		{"PNG eXIf, orientation 8", pngEXIf([]byte{'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 8, 0, 0, 0, 0}), 18, 32, 270, false, ""},
		{"PNG eXIf that is no TIFF structure", pngEXIf([]byte("not exif at all")), 32, 18, 0, false, `EXIF in the eXIf chunk at byte 33: a TIFF header must start`},
	}
	for _, tt := range tests {
		f, err, _ := probeBytes(t, tt.b)
		if err != nil {
			t.Errorf("%s: %v", tt.why, err)
			continue
		}
		if f.Width != tt.w || f.Height != tt.h || f.Rotation != tt.rot || f.Mirrored != tt.mirror {
			t.Errorf("%s: %dx%d rotation %d mirrored %v, want %dx%d %d %v", tt.why, f.Width, f.Height, f.Rotation, f.Mirrored, tt.w, tt.h, tt.rot, tt.mirror)
		}
		got := strings.Join(f.Unread, "; ")
		if tt.unread == "" && got != "" || !strings.Contains(got, tt.unread) {
			t.Errorf("%s: unread %q, want %q", tt.why, got, tt.unread)
		}
	}
}

// The EXIF orientation means the same wherever it is carried: a JPEG's APP1, a WebP's
// EXIF chunk (with or without JPEG's prefix) and a PNG's eXIf give the same displayed
// size, rotation and flip; and junk between JPEG segments never changes them.
func TestPropOrientationEverywhere(t *testing.T) {
	jpg, webp, png := seed(t, "image.jpg"), seed(t, "image.webp"), seed(t, "image.png")
	pngEXIf := func(o uint16) []byte {
		data := []byte{'I', 'I', 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, byte(o), byte(o >> 8), 0, 0, 0, 0, 0, 0}
		c := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
		c = append(append(append(c, "eXIf"...), data...), 0, 0, 0, 0)
		return append(append(append([]byte{}, png[:33]...), c...), png[33:]...)
	}
	p := properties(t, 300)
	p.Property("JPEG, WebP and PNG agree on every orientation", prop.ForAll(
		func(o uint16, prefix bool) bool {
			var got []Facts
			for _, b := range [][]byte{withEXIF(jpg, o), withWebPEXIF(t, webp, 32, 18, o, prefix), pngEXIf(o)} {
				f, err, _ := probeBytes(t, b)
				if err != nil || len(f.Unread) != 0 {
					return false
				}
				got = append(got, f)
			}
			for _, f := range got {
				if f.Width != got[0].Width || f.Height != got[0].Height || f.Rotation != got[0].Rotation || f.Mirrored != got[0].Mirrored {
					return false
				}
			}
			return got[0].Mirrored == (o == 2 || o == 4 || o == 5 || o == 7) && (got[0].Width == 18) == (o >= 5)
		},
		gen.UInt16Range(1, 8), gen.Bool(),
	))
	p.Property("junk between JPEG segments changes no fact and is noted", prop.ForAll(
		func(o uint16, junk []byte) bool {
			clean := withEXIF(jpg, o)
			for i := range junk {
				if junk[i] == 0xFF {
					junk[i] = 0xFE
				}
			}
			seg := 4 + int(binary.BigEndian.Uint16(clean[4:])) // SOI + the APP1 Exif segment
			dirty := append(append(append([]byte{}, clean[:seg]...), junk...), clean[seg:]...)
			a, errA, _ := probeBytes(t, clean)
			b, errB, _ := probeBytes(t, dirty)
			return errA == nil && errB == nil && a.Width == b.Width && a.Height == b.Height && a.Rotation == b.Rotation &&
				a.Mirrored == b.Mirrored && len(b.Unread) == 1 && strings.HasPrefix(b.Unread[0], fmt.Sprintf("%d bytes that are no JPEG marker", len(junk)))
		},
		gen.UInt16Range(1, 8), gen.SliceOf(gen.UInt8()).SuchThat(func(b []byte) bool { return len(b) > 0 }),
	))
	p.TestingRun(t)
}
