package media

import (
	"bytes"
	"image"
	_ "image/gif"
	_ "image/jpeg"
	_ "image/png"
	"testing"
)

// BenchmarkProbe probes a 1 GB virtual MP4 whose moov is at the end, and the small seeds;
// bytes-read/op is what the probe asked of the ReaderAt. The stdlib/DecodeConfig cases
// are the obvious alternative for the three formats the standard library knows, in the
// same run: go test ./rules/media -run '^$' -bench Probe -benchmem
func BenchmarkProbe(b *testing.B) {
	v, _ := hugeMP4(b, 1<<30)
	b.Run("mp4-1GB-moov-at-end", func(b *testing.B) {
		b.ReportAllocs()
		v.read = 0
		for i := 0; i < b.N; i++ {
			if _, err := Probe(v, v.size()); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(v.read)/float64(b.N), "bytes-read/op")
	})
	for _, name := range []string{"h264-aac-faststart.mp4", "vp9-opus.webm", "image.jpg", "image.png", "animated.gif", "animated.webp", "document.pdf", "xref-stream.pdf"} {
		data := seed(b, name)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			r := &strictReaderAt{t: b, b: data}
			for i := 0; i < b.N; i++ {
				if _, err := Probe(r, int64(len(data))); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(r.read)/float64(b.N), "bytes-read/op")
		})
		switch name {
		case "image.jpg", "image.png", "animated.gif":
			b.Run(name+"/stdlib-DecodeConfig", func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if _, _, err := image.DecodeConfig(bytes.NewReader(data)); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
