package media

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"testing"
)

// BenchmarkProbeBySize probes files of each image and document format at growing sizes
// and reports what the probe asked of the ReaderAt (bytes-read/op, reads/op) beside the
// time: the table of docs/performance.md. Large files are virtual (their bulk is zeros
// that are never stored) except the GIFs, whose every byte the walk reads:
//
//	go test ./rules/media -run '^$' -bench ProbeBySize -benchtime 20x
func BenchmarkProbeBySize(b *testing.B) {
	type file struct {
		name string
		r    *virtualFile
	}
	var files []file
	add := func(name string, parts ...vpart) { files = append(files, file{name, &virtualFile{parts: parts}}) }
	for _, mb := range []int64{1, 4, 14} {
		size := mb << 20
		if mb == 14 {
			size = 14_700_000 // just under X's 15 MB GIF cap
		}
		add(fmt.Sprintf("gif-1-byte-sub-blocks/%s", human(size)), vpart{b: craftedGIF(size, 3)})
	}
	add("gif-255-byte-sub-blocks/14.7MB", vpart{b: gif255(14_700_000)})
	jpg, png, webp := seed(b, "image.jpg"), seed(b, "image.png"), seed(b, "image.webp")
	for _, size := range []int64{1 << 20, 100 << 20} {
		// The picture's data after its headers: the walk stops at the frame header.
		add("jpeg/"+human(size), vpart{b: jpg}, vpart{zeros: size - int64(len(jpg))})
		// One IDAT chunk of zeros between IHDR and IEND: the walk reads chunk headers.
		idat := binary.BigEndian.AppendUint32(nil, uint32(size-33-12-12))
		idat = append(idat, "IDAT"...)
		add("png/"+human(size), vpart{b: png[:33]}, vpart{b: idat}, vpart{zeros: size - 33 - 12 - 12}, vpart{b: []byte{0, 0, 0, 0}}, vpart{b: png[len(png)-12:]})
		// An extended WebP whose EXIF chunk follows a large image chunk.
		x := withWebPEXIF(b, webp, 32, 18, 6, false)
		vp8 := int64(binary.LittleEndian.Uint32(x[34:]))
		pad := size - int64(len(x))
		binary.LittleEndian.PutUint32(x[34:], uint32(vp8+pad))
		cut := 30 + 8 + int(vp8)
		add("webp-exif/"+human(size), vpart{b: x[:cut]}, vpart{zeros: pad}, vpart{b: x[cut:]})
	}
	for _, name := range []string{"document.pdf", "xref-stream.pdf", "linearized.pdf"} {
		add("pdf/"+name, vpart{b: seed(b, name)})
	}
	// Office: the seeds, and the PowerPoint seed grown by zeros between its parts and its
	// central directory (a deck with a large video), and a compound file of 1 GiB.
	pptx := seed(b, "pptx-sld-slides.pptx")
	for _, name := range []string{"pptx-sld-slides.pptx", "word-embedded.docx", "libreoffice.doc"} {
		add("office/"+name, vpart{b: seed(b, name)})
	}
	eocd := bytes.LastIndex(pptx, []byte("PK\x05\x06"))
	cd := int(binary.LittleEndian.Uint32(pptx[eocd+16:]))
	for _, size := range []int64{100 << 20, 1 << 30} {
		pad := size - int64(len(pptx))
		tail := append([]byte{}, pptx[cd:]...)
		binary.LittleEndian.PutUint32(tail[eocd-cd+16:], uint32(int64(cd)+pad))
		add("office/pptx/"+human(size), vpart{b: pptx[:cd]}, vpart{zeros: pad}, vpart{b: tail})
	}
	add("office/ppt/1GiB", vpart{b: ole2([]string{"PowerPoint Document"}, false, false)}, vpart{zeros: 1<<30 - 1536})
	for _, f := range files {
		b.Run(f.name, func(b *testing.B) {
			f.r.read, f.r.reads = 0, 0
			for i := 0; i < b.N; i++ {
				if _, err := Probe(f.r, f.r.size()); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(f.r.read)/float64(b.N), "bytes-read/op")
			b.ReportMetric(float64(f.r.reads)/float64(b.N), "reads/op")
		})
	}
}

// gif255 is a GIF of one frame whose data is in full 255-byte sub-blocks, as encoders
// write them, about size bytes long.
func gif255(size int64) []byte {
	b := make([]byte, 0, size+300)
	b = append(b, "GIF89a"...)
	b = append(b, 32, 0, 18, 0, 0, 0, 0)
	b = append(b, 0x2C, 0, 0, 0, 0, 32, 0, 18, 0, 0, 2)
	for int64(len(b))+256+2 < size {
		b = append(b, 255)
		b = append(b, make([]byte, 255)...)
	}
	return append(b, 0, 0x3B)
}

func human(n int64) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%dMiB", n>>20)
	}
	return fmt.Sprintf("%.1fMB", float64(n)/1e6)
}
