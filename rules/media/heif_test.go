package media

import (
	"encoding/binary"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/postrules/postrules/rules/apierror"
)

// mkBox writes an ISO box of type typ whose body is parts laid end to end.
func mkBox(typ string, parts ...[]byte) []byte {
	n := 8
	for _, p := range parts {
		n += len(p)
	}
	b := binary.BigEndian.AppendUint32(nil, uint32(n))
	b = append(b, typ...)
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

func u32(v uint32) []byte { return binary.BigEndian.AppendUint32(nil, v) }

// heifItem describes the HEIF heifFile writes: brands, the primary item's type, its
// size, and its transformative properties in ipma order ("irot1", "imir0", ...).
type heifItem struct {
	brands    string // major brand then compatible ones, four characters each
	itemType  string
	w, h      uint32
	transform []string
	payload   []byte // the coded image, in an mdat after the meta
}

// heifFile writes a HEIF of one item (ID 1, the primary) as 23008-12 lays it out: ftyp,
// meta (hdlr pict, pitm, iinf with an infe of version 2, iprp: ipco and ipma), mdat.
func heifFile(it heifItem) []byte {
	props := [][]byte{mkBox("ispe", u32(0), u32(it.w), u32(it.h))}
	for _, t := range it.transform {
		props = append(props, mkBox(t[:4], []byte{t[4] - '0'}))
	}
	assoc := []byte{0, 1, byte(len(props))}
	for i := range props {
		assoc = append(assoc, 0x80|byte(i+1))
	}
	infe := mkBox("infe", []byte{2, 0, 0, 0, 0, 1, 0, 0}, []byte(it.itemType), []byte{0})
	meta := mkBox("meta", u32(0),
		mkBox("hdlr", u32(0), u32(0), []byte("pict"), make([]byte, 13)),
		mkBox("pitm", u32(0), []byte{0, 1}),
		mkBox("iinf", u32(0), []byte{0, 1}, infe),
		mkBox("iprp", mkBox("ipco", props...), mkBox("ipma", u32(0), u32(1), assoc)))
	ftyp := mkBox("ftyp", []byte(it.brands[:4]), u32(0), []byte(it.brands[4:]))
	return append(append(ftyp, meta...), mkBox("mdat", it.payload)...)
}

// TestHEIFCodecs: a HEIF gives its primary item's size whatever codec codes it; the
// codec names the format. Before, HEIF of AVC, JPEG, JPEG 2000 or VVC was refused as
// "truncated: no moov box" or "not HEIC". The JPEG case holds a real JPEG (image.jpg).
func TestHEIFCodecs(t *testing.T) {
	jpg := seed(t, "image.jpg")
	tests := []struct {
		why    string
		it     heifItem
		format string
		mime   string
	}{
		{"HEVC, the iPhone's", heifItem{brands: "heicmif1heic", itemType: "hvc1"}, "heic", "image/heic"},
		{"AV1 under mif1 without an avif brand", heifItem{brands: "mif1mif1miaf", itemType: "av01"}, "avif", "image/avif"},
		{"AVC (23008-12 Annex E, brand avci)", heifItem{brands: "avcimif1avci", itemType: "avc1"}, "heif", "image/heif"},
		{"JPEG (Annex H, brand jpeg), a real JPEG inside", heifItem{brands: "jpegmif1jpeg", itemType: "jpeg", payload: jpg}, "heif", "image/heif"},
		{"JPEG 2000 (brand j2ki)", heifItem{brands: "j2kimif1j2ki", itemType: "j2k1"}, "heif", "image/heif"},
		{"VVC (brand vvic)", heifItem{brands: "vvicmif1vvic", itemType: "vvc1"}, "heif", "image/heif"},
		{"a grid of HEVC tiles names the format by brand", heifItem{brands: "heicmif1heic", itemType: "grid"}, "heic", "image/heic"},
		{"a grid under avif", heifItem{brands: "avifmif1avif", itemType: "grid"}, "avif", "image/avif"},
		{"an unknown codec under mif1 is still a HEIF of known size", heifItem{brands: "mif1mif1", itemType: "unci"}, "heif", "image/heif"},
	}
	for _, tt := range tests {
		tt.it.w, tt.it.h = 400, 300
		f, err, _ := probeBytes(t, heifFile(tt.it))
		if err != nil {
			t.Errorf("%s: %v", tt.why, err)
			continue
		}
		if f.Kind != KindImage || f.Format != tt.format || f.MIME != tt.mime || f.Width != 400 || f.Height != 300 {
			t.Errorf("%s: %+v, want %s %s 400x300", tt.why, f, tt.format, tt.mime)
		}
	}
}

// TestHEIFTransforms: irot and imir apply in the order the ipma lists them (23008-12
// §6.5.10, §6.5.12 in its 2022 text: imir axis 0 exchanges top and bottom, 1 left and
// right), and the result is given as a clockwise turn then a left-to-right flip.
func TestHEIFTransforms(t *testing.T) {
	tests := []struct {
		why       string
		transform []string
		w, h, rot int
		mirrored  bool
	}{
		{"none", nil, 400, 300, 0, false},
		{"irot 1 is a quarter turn anti-clockwise", []string{"irot1"}, 300, 400, 270, false},
		{"irot 3 is a quarter turn clockwise", []string{"irot3"}, 300, 400, 90, false},
		{"imir 1 flips left to right", []string{"imir1"}, 400, 300, 0, true},
		{"imir 0 flips top to bottom: a half turn, then left to right", []string{"imir0"}, 400, 300, 180, true},
		{"irot 1 then imir 1 (avifenc --irot 1 --imir 1)", []string{"irot1", "imir1"}, 300, 400, 270, true},
		{"imir 1 then irot 1: the flip first turns the other way", []string{"imir1", "irot1"}, 300, 400, 90, true},
		{"two flips cancel", []string{"imir1", "imir1"}, 400, 300, 0, false},
		{"both flips are a half turn", []string{"imir0", "imir1"}, 400, 300, 180, false},
	}
	for _, tt := range tests {
		f, err, _ := probeBytes(t, heifFile(heifItem{brands: "avifmif1avif", itemType: "av01", w: 400, h: 300, transform: tt.transform}))
		if err != nil {
			t.Errorf("%s: %v", tt.why, err)
			continue
		}
		if f.Width != tt.w || f.Height != tt.h || f.Rotation != tt.rot || f.Mirrored != tt.mirrored {
			t.Errorf("%s: %dx%d rotation %d mirrored %v, want %dx%d %d %v", tt.why, f.Width, f.Height, f.Rotation, f.Mirrored, tt.w, tt.h, tt.rot, tt.mirrored)
		}
	}
}

// miniFile writes a compact HEIF (23008-12 Amd 2, brand mif3, codec brand in the minor
// version) whose mini box starts with the fields probeMini reads, as libheif's
// Box_mini::parse lays them out: version 0, nine flags 0, chroma 1, orientation_minus1,
// small_dimensions_flag, width_minus1, height_minus1; the rest of the box is zeros.
func miniFile(codec string, w, h, orientation int, small bool) []byte {
	var bits uint64
	put := func(v, n int) { bits = bits<<n | uint64(v)&(1<<n-1) }
	put(0, 2)
	put(0, 9)
	put(1, 2)
	put(orientation-1, 3)
	if small {
		put(1, 1)
		put(w-1, 7)
		put(h-1, 7)
		put(0, 48-31)
	} else {
		put(0, 1)
		put(w-1, 15)
		put(h-1, 15)
		put(0, 48-47)
	}
	body := binary.BigEndian.AppendUint64(nil, bits<<16)[:6]
	ftyp := mkBox("ftyp", []byte("mif3"), []byte(codec))
	return append(ftyp, mkBox("mini", body, make([]byte, 10))...)
}

// TestHEIFCompact: a compact mif3 HEIF/AVIF gives its size and EXIF-style orientation
// instead of "truncated: no moov box".
func TestHEIFCompact(t *testing.T) {
	tests := []struct {
		why            string
		b              []byte
		format         string
		w, h, rotation int
		mirrored       bool
	}{
		{"small AVIF", miniFile("avif", 100, 50, 1, true), "avif", 100, 50, 0, false},
		{"large HEIC, orientation 6", miniFile("heic", 4032, 3024, 6, false), "heic", 3024, 4032, 90, false},
		{"orientation 2 is mirrored", miniFile("avif", 64, 32, 2, true), "avif", 64, 32, 0, true},
		{"orientation 5 is the transpose", miniFile("avif", 64, 32, 5, true), "avif", 32, 64, 90, true},
	}
	for _, tt := range tests {
		f, err, _ := probeBytes(t, tt.b)
		if err != nil {
			t.Errorf("%s: %v", tt.why, err)
			continue
		}
		if f.Format != tt.format || f.Width != tt.w || f.Height != tt.h || f.Rotation != tt.rotation || f.Mirrored != tt.mirrored {
			t.Errorf("%s: %+v, want %s %dx%d %d %v", tt.why, f, tt.format, tt.w, tt.h, tt.rotation, tt.mirrored)
		}
	}
}

// TestHEIFSeeds: the real HEIC and AVIF files of testdata (README.md says how each was
// made), with the facts exiftool gives (TestHEIFAgainstExiftool checks them again).
func TestHEIFSeeds(t *testing.T) {
	tests := []struct {
		file string
		want Facts
	}{
		// heif-enc writes a grid item of one 64x64 HEVC tile; the grid's ispe is 32x18.
		{"image.heic", Facts{Kind: "image", Format: "heic", MIME: "image/heic", Width: 32, Height: 18}},
		{"image.avif", Facts{Kind: "image", Format: "avif", MIME: "image/avif", Width: 32, Height: 18}},
		// irot 1 (a quarter turn anti-clockwise) then imir 1 (left to right).
		{"rotated-mirrored.avif", Facts{Kind: "image", Format: "avif", MIME: "image/avif", Width: 18, Height: 32, Rotation: 270, Mirrored: true}},
		// Three frames at 5 per second: 0.6 s, as exiftool and ffprobe say.
		{"animated.avif", Facts{Kind: "image", Format: "avif", MIME: "image/avif", Width: 32, Height: 18, Frames: 3, Duration: 0.6}},
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

// TestHEIFAgainstExiftool compares the probe with exiftool, an independent reader, on
// every HEIC and AVIF of testdata: the coded size, the rotation (exiftool's is irot's
// angle, anti-clockwise; imir it does not report, and in these files comes after irot,
// so the clockwise turn is the same) and an image sequence's duration. Without exiftool
// it fails: apt-get install libimage-exiftool-perl (.ci/deps does).
func TestHEIFAgainstExiftool(t *testing.T) {
	if _, err := exec.LookPath("exiftool"); err != nil {
		t.Fatal("exiftool is not installed: the HEIF probe is checked against it; install it with apt-get install libimage-exiftool-perl")
	}
	var files []string
	for _, ext := range []string{"*.heic", "*.avif"} {
		m, _ := filepath.Glob(filepath.Join("testdata", ext))
		files = append(files, m...)
	}
	if len(files) < 4 {
		t.Fatalf("only %d HEIF files in testdata", len(files))
	}
	out, err := exec.Command("exiftool", append([]string{"-j", "-n", "-ImageWidth", "-ImageHeight", "-Rotation", "-Duration"}, files...)...).Output()
	if err != nil {
		t.Fatalf("exiftool: %v", err)
	}
	var ex []struct {
		SourceFile              string
		ImageWidth, ImageHeight int
		Rotation                int
		Duration                float64
	}
	if err := json.Unmarshal(out, &ex); err != nil {
		t.Fatal(err)
	}
	for _, e := range ex {
		f, perr, _ := probeBytes(t, seed(t, filepath.Base(e.SourceFile)))
		if perr != nil {
			t.Errorf("%s: %v", e.SourceFile, perr)
			continue
		}
		rot := (360 - e.Rotation) % 360
		w, h := e.ImageWidth, e.ImageHeight
		if rot == 90 || rot == 270 {
			w, h = h, w
		}
		if f.Width != w || f.Height != h || f.Rotation != rot || f.Duration != e.Duration {
			t.Errorf("%s: %dx%d rotated %d lasting %v; exiftool says %dx%d coded, irot %d, %v s",
				e.SourceFile, f.Width, f.Height, f.Rotation, f.Duration, e.ImageWidth, e.ImageHeight, e.Rotation, e.Duration)
		}
	}
}

// TestHEIFErrors: what stays refused is what has no size to give.
func TestHEIFErrors(t *testing.T) {
	noIpma := heifFile(heifItem{brands: "avifmif1avif", itemType: "av01", w: 4, h: 4})
	i := strings.Index(string(noIpma), "ipma")
	noIpma[i] = 'x' // the ipma becomes an unknown box
	tests := []struct {
		why   string
		b     []byte
		code  apierror.Code
		words string
	}{
		{"no ipma: no property is the primary item's", noIpma, CodeCorrupt, "ipma"},
		{"no ispe", heifFile(heifItem{brands: "avifmif1avif", itemType: "av01"}), CodeCorrupt, "no size (ispe)"},
		{"an image brand, no meta and no moov", mkBox("ftyp", []byte("avif"), u32(0), []byte("mif1")), CodeTruncated, "without a meta box"},
		{"a mini box of version 1", append(mkBox("ftyp", []byte("mif3avif")), mkBox("mini", []byte{0x40, 0, 0, 0, 0, 0})...), CodeUnrecognized, "version 1"},
		{"a mini box of 2 bytes", append(mkBox("ftyp", []byte("mif3avif")), mkBox("mini", []byte{0, 0})...), CodeCorrupt, "mini box"},
	}
	for _, tt := range tests {
		_, err, _ := probeBytes(t, tt.b)
		if err == nil || err.Code != tt.code || !strings.Contains(err.Message, tt.words) {
			t.Errorf("%s: %v, want %s with %q", tt.why, err, tt.code, tt.words)
		}
	}
}
