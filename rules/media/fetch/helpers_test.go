package fetch

import (
	"compress/gzip"
	"context"
	"encoding/binary"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/postrules/postrules/rules/apierror"
)

// testdata is the media probe's own seeds (rules/media/testdata, see its README).
const testdata = "../testdata"

// testOptions are small bounds so that every hostile server ends in well under a second.
func testOptions() Options {
	return Options{
		Allow:          []string{"127.0.0.1", "::1", "media.test"},
		ConnectTimeout: 300 * time.Millisecond,
		HeaderTimeout:  300 * time.Millisecond,
		FileTimeout:    400 * time.Millisecond,
		MaxRedirects:   3,
		FileBytes:      256 << 10,
		CallBytes:      4 << 20,
		BlockSize:      4 << 10,
	}
}

// newTestFetcher is New(o) whose DNS knows only media.test (127.0.0.1) and
// metadata.test (169.254.169.254), and which records every address it dials.
func newTestFetcher(o Options) (*Fetcher, *dialLog) {
	f := New(o)
	log := &dialLog{}
	f.lookup = func(_ context.Context, host string) ([]netip.Addr, error) {
		switch host {
		case "media.test", "localhost":
			return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil
		case "metadata.test":
			return []netip.Addr{netip.MustParseAddr("169.254.169.254")}, nil
		case "rebind.test": // two answers, both refused
			return []netip.Addr{netip.MustParseAddr("10.0.0.7"), netip.MustParseAddr("127.0.0.2")}, nil
		}
		return nil, errors.New("no such host " + host)
	}
	f.dialing = log.add
	return f, log
}

// dialLog is the addresses a fetcher dialled.
type dialLog struct {
	mu    sync.Mutex
	addrs []netip.AddrPort
}

func (l *dialLog) add(a netip.AddrPort) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.addrs = append(l.addrs, a)
}

func (l *dialLog) dialled(ip string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, a := range l.addrs {
		if a.Addr().String() == ip {
			return true
		}
	}
	return false
}

// server is a loopback HTTP server that counts its requests.
type server struct {
	*httptest.Server
	requests atomic.Int64
}

func newServer(t testing.TB, h http.Handler) *server {
	s := &server{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.requests.Add(1)
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

// serveBytes serves content with Range support (http.ServeContent) and the given ETag.
func serveBytes(content io.ReadSeeker, etag string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if etag != "" {
			w.Header().Set("ETag", etag)
		}
		content.Seek(0, io.SeekStart)
		http.ServeContent(w, r, "", time.Time{}, content)
	})
}

// sparse is a file of size bytes that is head, then zeros, then tail, served without
// holding it: a 1 GB MP4 whose moov is at its end.
type sparse struct {
	head, tail []byte
	size, pos  int64
}

func (s *sparse) Seek(off int64, whence int) (int64, error) {
	switch whence {
	case io.SeekStart:
		s.pos = off
	case io.SeekCurrent:
		s.pos += off
	case io.SeekEnd:
		s.pos = s.size + off
	}
	return s.pos, nil
}

func (s *sparse) Read(p []byte) (int, error) {
	if s.pos >= s.size {
		return 0, io.EOF
	}
	n := int(min(int64(len(p)), s.size-s.pos))
	tailAt := s.size - int64(len(s.tail))
	for i := 0; i < n; i++ {
		at := s.pos + int64(i)
		switch {
		case at < int64(len(s.head)):
			p[i] = s.head[at]
		case at >= tailAt:
			p[i] = s.tail[at-tailAt]
		default:
			p[i] = 0
		}
	}
	s.pos += int64(n)
	return n, nil
}

// bigMP4 makes a size-byte MP4 from testdata/moov-at-end.mp4: its ftyp, an mdat of zeros
// with a 64-bit size filling the middle, and its moov at the end.
func bigMP4(t testing.TB, size int64) *sparse {
	b, err := os.ReadFile(filepath.Join(testdata, "moov-at-end.mp4"))
	if err != nil {
		t.Fatal(err)
	}
	var ftyp, moov []byte
	for off := 0; off+8 <= len(b); {
		n := int(binary.BigEndian.Uint32(b[off:]))
		switch string(b[off+4 : off+8]) {
		case "ftyp":
			ftyp = b[off : off+n]
		case "moov":
			moov = b[off : off+n]
		}
		off += n
	}
	if ftyp == nil || moov == nil {
		t.Fatal("moov-at-end.mp4 has no ftyp or moov")
	}
	head := append([]byte{}, ftyp...)
	var mdat [16]byte
	binary.BigEndian.PutUint32(mdat[:], 1)
	copy(mdat[4:], "mdat")
	binary.BigEndian.PutUint64(mdat[8:], uint64(size-int64(len(ftyp))-int64(len(moov))))
	head = append(head, mdat[:]...)
	return &sparse{head: head, tail: moov, size: size}
}

// hasCode fails t unless err has code.
func hasCode(t *testing.T, what string, err *apierror.Error, code apierror.Code) {
	t.Helper()
	if err == nil || err.Code != code {
		t.Errorf("%s: error %v, want code %s", what, err, code)
	}
}

func newGzip(w io.Writer) *gzip.Writer { return gzip.NewWriter(w) }
