package media

import (
	"runtime"
	"testing"
)

// The fuzz targets, one per container family, seeded with the real files of testdata.
// Each checks the contract of probeBytes: no panic, no read outside the file, facts or a
// located media error. Run one for a while with, e.g.,
//
//	go test ./rules/media -run '^$' -fuzz FuzzProbeMP4 -fuzztime 10s

func fuzzSeeds(f *testing.F, exts ...string) {
	for _, s := range seeds(f, exts...) {
		f.Add(s)
	}
}

func FuzzProbeMP4(f *testing.F) {
	fuzzSeeds(f, ".mp4", ".mov", ".heic", ".avif")
	f.Add(heif(400, 300, 1))
	f.Add(heifFile(heifItem{brands: "jpegmif1jpeg", itemType: "jpeg", w: 32, h: 18, transform: []string{"irot1", "imir0"}, payload: seed(f, "image.jpg")}))
	f.Add(miniFile("avif", 640, 480, 6, false))
	f.Add(manyFragments(f, 3))
	f.Fuzz(func(t *testing.T, b []byte) { probeBytes(t, b) })
}

func FuzzProbeWebM(f *testing.F) {
	fuzzSeeds(f, ".webm")
	f.Fuzz(func(t *testing.T, b []byte) { probeBytes(t, b) })
}

func FuzzProbeImage(f *testing.F) {
	fuzzSeeds(f, ".jpg", ".png", ".gif", ".webp", ".bmp", ".tiff")
	f.Add(withEXIF(seed(f, "image.jpg"), 6))
	f.Fuzz(func(t *testing.T, b []byte) { probeBytes(t, b) })
}

func FuzzProbePDF(f *testing.F) {
	fuzzSeeds(f, ".pdf")
	f.Add(pdfDoc(3, true))
	f.Fuzz(func(t *testing.T, b []byte) { probeBytes(t, b) })
}

// Cost constants: whatever the input, the probe reads at most readFactor bytes per byte
// of the file (box, chunk and block headers are read once, and a moov or an EXIF directory
// once more at most) plus a fixed sniff, and allocates at most allocFactor bytes per byte
// plus allocSlack (the facts, error messages, small tables, and the one Flate inflater a
// PDF 1.5 file needs for its cross-reference streams: about 41 KB of state whatever the
// file, more under the race detector).
const (
	readFactor  = 3
	readSlack   = 64
	allocFactor = 4
	allocSlack  = 128 << 10
)

// FuzzProbeCost fails when the bytes read or allocated pass a constant times the size of
// the input, which here is all header: a header that claims gigabytes costs nothing more.
func FuzzProbeCost(f *testing.F) {
	fuzzSeeds(f, ".mp4", ".mov", ".heic", ".avif", ".webm", ".jpg", ".png", ".gif", ".webp", ".bmp", ".tiff", ".pdf", ".pptx", ".docx", ".doc")
	f.Fuzz(func(t *testing.T, b []byte) {
		checkCost(t, b)
	})
}

func checkCost(t *testing.T, b []byte) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, _, read := probeBytes(t, b)
	runtime.ReadMemStats(&after)
	n := int64(len(b))
	if read > readFactor*n+readSlack {
		t.Errorf("read %d bytes of a %d-byte file (bound %d)", read, n, readFactor*n+readSlack)
	}
	if alloc := int64(after.TotalAlloc - before.TotalAlloc); alloc > allocFactor*n+allocSlack {
		t.Errorf("allocated %d bytes probing a %d-byte file (bound %d)", alloc, n, allocFactor*n+allocSlack)
	}
}

// FuzzProbeOffice: PPTX and DOCX (ZIP), PPT and DOC (compound files), with the cost
// bound of FuzzProbeCost.
func FuzzProbeOffice(f *testing.F) {
	fuzzSeeds(f, ".pptx", ".docx", ".doc")
	f.Add(ole2([]string{"PowerPoint Document"}, false, false))
	f.Add(ole2([]string{"A", "B"}, false, true))
	f.Fuzz(func(t *testing.T, b []byte) { checkCost(t, b) })
}

// FuzzProbeImageEXIF: the shapes of issue 31 among images: EXIF in WebP and PNG, junk
// between JPEG markers, a GIF of one-byte sub-blocks, with the cost bound.
func FuzzProbeImageEXIF(f *testing.F) {
	f.Add(withWebPEXIF(f, seed(f, "image.webp"), 32, 18, 6, true))
	f.Add(seed(f, "exif6.png"))
	f.Add(seed(f, "pillow-photoshop-200dpi-broken.jpg"))
	f.Add(craftedGIF(3000, 2))
	f.Fuzz(func(t *testing.T, b []byte) { checkCost(t, b) })
}
