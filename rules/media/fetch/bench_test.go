package fetch

import (
	"context"
	"encoding/binary"
	"net/http"
	"os"
	"path/filepath"
	"testing"
)

// benchOptions are the defaults (64 KiB blocks, 16 MiB a file) with loopback allowed and
// no cache, so that every iteration reads over the network.
func benchOptions() Options {
	return Options{Allow: []string{"127.0.0.1"}, CacheEntries: -1}
}

// BenchmarkProbeURL reads one file per format over loopback with Range requests:
// ns/op is the wall time, read-B/op the body bytes read, requests/op the requests sent,
// size-B the file's size. The 1 GB MP4s are sparse files synthesized by the server.
//
//	go test -run XXX -bench ProbeURL -benchtime 200x ./rules/media/fetch
func BenchmarkProbeURL(b *testing.B) {
	files := []string{"image.jpg", "image.png", "animated.gif", "image.webp", "image.bmp", "image.tiff",
		"h264-aac-faststart.mp4", "moov-at-end.mp4", "fragmented.mp4", "h264.mov", "hevc.mp4", "vp9-opus.webm",
		"document.pdf", "xref-stream.pdf"}
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir(testdata)))
	mux.Handle("/1g-moov-at-end.mp4", serveBytes(bigMP4(b, 1<<30), ""))
	mux.Handle("/1g-faststart.mp4", serveBytes(bigFaststart(b, 1<<30), ""))
	srv := newServer(b, mux)
	sizes := map[string]int64{"1g-moov-at-end.mp4": 1 << 30, "1g-faststart.mp4": 1 << 30}
	for _, name := range files {
		st, err := os.Stat(filepath.Join(testdata, name))
		if err != nil {
			b.Fatal(err)
		}
		sizes[name] = st.Size()
	}
	for _, name := range append(files, "1g-moov-at-end.mp4", "1g-faststart.mp4") {
		b.Run(name, func(b *testing.B) {
			f := New(benchOptions())
			var r Result
			for i := 0; i < b.N; i++ {
				if r = f.Probe(context.Background(), srv.URL+"/"+name); r.Err != nil {
					b.Fatal(r.Err)
				}
			}
			b.ReportMetric(float64(r.Bytes), "read-B/op")
			b.ReportMetric(float64(r.Requests), "requests/op")
			b.ReportMetric(float64(sizes[name]), "size-B")
		})
	}
}

// bigFaststart is a size-byte MP4 whose moov comes first: h264-aac-faststart.mp4's ftyp
// and moov, then an mdat of zeros filling the rest.
func bigFaststart(b testing.TB, size int64) *sparse {
	src, err := os.ReadFile(filepath.Join(testdata, "h264-aac-faststart.mp4"))
	if err != nil {
		b.Fatal(err)
	}
	var head []byte
	for off := 0; off+8 <= len(src); {
		n := int(binary.BigEndian.Uint32(src[off:]))
		if t := string(src[off+4 : off+8]); t == "ftyp" || t == "moov" {
			head = append(head, src[off:off+n]...)
		}
		off += n
	}
	var mdat [16]byte
	binary.BigEndian.PutUint32(mdat[:], 1)
	copy(mdat[4:], "mdat")
	binary.BigEndian.PutUint64(mdat[8:], uint64(size-int64(len(head))))
	return &sparse{head: append(head, mdat[:]...), size: size}
}

// BenchmarkTenURLs is the cost a request with ten media URLs (ten different files of
// the seeds: images, videos, a PDF) adds when the server fetches them on loopback:
// cold (no cache) and revalidated (a cache hit answered 304 Not Modified).
//
//	go test -run XXX -bench TenURLs -benchtime 200x ./rules/media/fetch
func BenchmarkTenURLs(b *testing.B) {
	srv := newServer(b, http.FileServer(http.Dir(testdata)))
	names := []string{"image.jpg", "image.png", "animated.gif", "image.webp", "h264-aac-faststart.mp4",
		"moov-at-end.mp4", "h264.mov", "hevc.mp4", "vp9-opus.webm", "document.pdf"}
	urls := make([]string, len(names))
	for i, n := range names {
		urls[i] = srv.URL + "/" + n
	}
	run := func(b *testing.B, o Options) {
		f := New(o)
		f.Media(context.Background(), urls) // warm the connections (and the cache)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			facts, errs := f.Media(context.Background(), urls)
			if len(facts) != len(urls) || errs != nil {
				b.Fatal(errs)
			}
		}
	}
	b.Run("cold", func(b *testing.B) { run(b, benchOptions()) })
	b.Run("revalidated", func(b *testing.B) {
		o := benchOptions()
		o.CacheEntries = 0
		run(b, o)
	})
}
