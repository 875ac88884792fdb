package fetch

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
)

// TestTestdataOverRange: every seed of the probe, served with Range by a loopback server,
// gives the facts (or the error) the probe gives for the file on disk.
func TestTestdataOverRange(t *testing.T) {
	srv := newServer(t, http.FileServer(http.Dir(testdata)))
	f, _ := newTestFetcher(testOptions())
	entries, err := os.ReadDir(testdata)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if e.IsDir() || e.Name() == "README.md" {
			continue
		}
		n++
		b, err := os.ReadFile(filepath.Join(testdata, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		want, werr := media.Probe(bytes.NewReader(b), int64(len(b)))
		r := f.Probe(context.Background(), srv.URL+"/"+e.Name())
		if werr != nil {
			if r.Err == nil || r.Err.Code != apierror.As(werr).Code {
				t.Errorf("%s: %v, want %v", e.Name(), r.Err, werr)
			}
			continue
		}
		if r.Err != nil {
			t.Errorf("%s: %v", e.Name(), r.Err)
			continue
		}
		if !reflect.DeepEqual(r.Facts, want) {
			t.Errorf("%s:\n got %+v\nwant %+v", e.Name(), r.Facts, want)
		}
		if r.Bytes > int64(len(b)) || r.Requests < 1 {
			t.Errorf("%s: read %d bytes of %d in %d requests", e.Name(), r.Bytes, len(b), r.Requests)
		}
	}
	if n < 10 {
		t.Fatalf("only %d seeds", n)
	}
}

// TestGigabyteMoovAtEnd: a 1 GB MP4 whose moov is at its end costs its head and its
// moov: a handful of requests and a few blocks, whatever the size.
func TestGigabyteMoovAtEnd(t *testing.T) {
	const size = 1 << 30
	srv := newServer(t, serveBytes(bigMP4(t, size), ""))
	o := testOptions()
	o.BlockSize = 64 << 10 // the default
	f, _ := newTestFetcher(o)
	r := f.Probe(context.Background(), srv.URL+"/big.mp4")
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if r.Facts.Bytes != size || r.Facts.Format != "mp4" || r.Facts.Faststart || r.Facts.Width != 32 {
		t.Errorf("facts %+v", r.Facts)
	}
	if r.Requests > 4 || r.Bytes > 300<<10 {
		t.Errorf("a 1 GB file cost %d requests and %d bytes; want at most 4 and 300 KB", r.Requests, r.Bytes)
	}
	if got := srv.requests.Load(); got != int64(r.Requests) {
		t.Errorf("the server saw %d requests, the fetcher counted %d", got, r.Requests)
	}
}

// TestHostile: each hostile server ends within its bounds with its own problem, and the
// good file of the same call is still read.
func TestHostile(t *testing.T) {
	good, err := os.ReadFile(filepath.Join(testdata, "image.png"))
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/good.png", serveBytes(bytes.NewReader(good), ""))
	mux.HandleFunc("/stream", func(w http.ResponseWriter, r *http.Request) {
		// Ignores Range, no Content-Length, streams until the client leaves.
		buf := make([]byte, 32<<10)
		copy(buf, good)
		for r.Context().Err() == nil {
			if _, err := w.Write(buf); err != nil {
				return
			}
		}
	})
	mux.HandleFunc("/drip", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Range", "bytes 0-4095/100000")
		w.Header().Set("Content-Length", "4096")
		w.WriteHeader(http.StatusPartialContent)
		for i := 0; i < 4096; i++ {
			w.Write(good[i%len(good) : i%len(good)+1])
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
				return
			case <-time.After(time.Second):
			}
		}
	})
	mux.HandleFunc("/loop", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/loop", http.StatusFound)
	})
	mux.HandleFunc("/to-loopback-http", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://127.0.0.2:1/x.png", http.StatusFound)
	})
	mux.HandleFunc("/to-loopback-https", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "https://127.0.0.2:1/x.png", http.StatusFound)
	})
	mux.HandleFunc("/to-metadata", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/", http.StatusFound)
	})
	mux.HandleFunc("/to-metadata-https", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "https://169.254.169.254/latest/meta-data/", http.StatusFound)
	})
	mux.HandleFunc("/to-metadata-name", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "https://metadata.test/latest/meta-data/", http.StatusFound)
	})
	mux.HandleFunc("/to-rebind", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "https://rebind.test:1/x.png", http.StatusFound)
	})
	mux.HandleFunc("/lying-length", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Range", "bytes 0-4095/100000")
		w.Header().Set("Content-Length", "4096")
		w.WriteHeader(http.StatusPartialContent)
		w.Write(good[:100])
	})
	mux.HandleFunc("/lying-length-200", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "100000")
		w.Write(good[:100])
	})
	mux.HandleFunc("/gzip", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		w.Header().Set("Content-Range", "bytes 0-4095/10000000")
		w.WriteHeader(http.StatusPartialContent)
		w.Write(gzipBomb)
	})
	mux.HandleFunc("/wrong-range", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Range", "bytes 100-4195/100000")
		w.WriteHeader(http.StatusPartialContent)
		w.Write(make([]byte, 4096))
	})
	mux.HandleFunc("/not-media", func(w http.ResponseWriter, r *http.Request) {
		http.ServeContent(w, r, "", time.Time{}, strings.NewReader("<html>not a picture</html>"))
	})
	mux.HandleFunc("/slow-headers", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	})
	srv := newServer(t, mux)
	base := strings.Replace(srv.URL, "127.0.0.1", "media.test", 1)

	f, dials := newTestFetcher(testOptions())
	cases := []struct {
		path string
		code apierror.Code
		says string // a piece of the message, so that the reason is the right one
		why  string
	}{
		{"/good.png", "", "", "the good file of the same call is read"},
		{"/stream", apierror.CodeMediaTooLarge, "ignores Range", "a server that ignores Range and streams is cut at the file budget"},
		{"/drip", apierror.CodeMediaTimeout, "within", "a byte a second ends at the file timeout"},
		{"/loop", apierror.CodeMediaUnreachable, "redirects", "a redirect loop ends at the redirect count"},
		{"/to-loopback-http", apierror.CodeMediaFetchRefused, "plain http", "a redirect to plain http on a host not allowed"},
		{"/to-loopback-https", apierror.CodeMediaFetchRefused, "loopback", "a redirect to a loopback address not allowed"},
		{"/to-metadata", apierror.CodeMediaFetchRefused, "http", "a redirect to the metadata address over http"},
		{"/to-metadata-https", apierror.CodeMediaFetchRefused, "link-local", "a redirect to the metadata address over https"},
		{"/to-metadata-name", apierror.CodeMediaFetchRefused, "link-local", "a redirect to a name whose DNS answer is the metadata address"},
		{"/to-rebind", apierror.CodeMediaFetchRefused, "private", "a name answering a private and a loopback address"},
		{"/lying-length", apierror.CodeMediaUnreachable, "ended after", "a 206 shorter than its Content-Length"},
		{"/lying-length-200", apierror.CodeMediaUnreachable, "ended after", "a 200 shorter than its Content-Length"},
		{"/gzip", apierror.CodeMediaUnreachable, "gzip", "a gzip body is not inflated"},
		{"/wrong-range", apierror.CodeMediaUnreachable, "bytes 100-4195", "a 206 with a Content-Range other than asked"},
		{"/missing", apierror.CodeMediaNotFound, "404", "a 404"},
		{"/not-media", apierror.CodeMediaUnrecognized, "", "a file that is not media is the probe's error"},
		{"/slow-headers", apierror.CodeMediaTimeout, "", "no headers within the header timeout"},
	}
	urls := make([]string, len(cases))
	for i, c := range cases {
		urls[i] = base + c.path
	}
	start := time.Now()
	results := f.ProbeAll(context.Background(), urls)
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("the hostile servers took %v", d)
	}
	for i, c := range cases {
		r := results[i]
		if r.URL != urls[i] {
			t.Fatalf("result %d is for %s", i, r.URL)
		}
		if c.code == "" {
			if r.Err != nil || r.Facts.Format != "png" {
				t.Errorf("%s: %v %+v", c.why, r.Err, r.Facts)
			}
			continue
		}
		hasCode(t, c.why, r.Err, c.code)
		if r.Err != nil && (!strings.HasPrefix(r.Err.Message, urls[i]+": ") || !strings.Contains(r.Err.Message, c.says)) {
			t.Errorf("%s: message %q should start with the URL and say %q", c.why, r.Err.Message, c.says)
		}
		if r.Bytes > testOptions().FileBytes {
			t.Errorf("%s: read %d bytes, over the file budget", c.why, r.Bytes)
		}
		if c.path == "/gzip" && r.Bytes != 0 {
			t.Errorf("%s: read %d bytes of the encoded body", c.why, r.Bytes)
		}
	}
	for _, ip := range []string{"169.254.169.254", "127.0.0.2", "10.0.0.7"} {
		if dials.dialled(ip) {
			t.Errorf("%s was dialled", ip)
		}
	}
}

// gzipBomb is a gzip stream of 10 MB of zeros (about 10 KB compressed).
var gzipBomb = func() []byte {
	var b bytes.Buffer
	zw := newGzip(&b)
	zw.Write(make([]byte, 10<<20))
	zw.Close()
	return b.Bytes()
}()

// TestRefusedWithoutAllow: without the allow-list, loopback and private addresses, plain
// http and credentials are refused before any connection.
func TestRefusedWithoutAllow(t *testing.T) {
	srv := newServer(t, http.NotFoundHandler())
	o := testOptions()
	o.Allow = nil
	f, dials := newTestFetcher(o)
	port := srv.URL[strings.LastIndexByte(srv.URL, ':'):]
	cases := []struct{ url, says, why string }{
		{srv.URL + "/a.png", "plain http", "the test server itself over http"},
		{"https://127.0.0.1" + port + "/a.png", "loopback", "loopback over https"},
		{"https://[::1]" + port + "/a.png", "loopback", "IPv6 loopback"},
		{"https://[::ffff:127.0.0.1]" + port + "/a.png", "loopback", "IPv4-mapped loopback"},
		{"https://media.test" + port + "/a.png", "loopback", "a name that resolves to loopback"},
		{"https://10.1.2.3/a.png", "private", "RFC 1918"},
		{"https://[fd00::1]/a.png", "private", "unique local IPv6"},
		{"https://100.64.0.1/a.png", "100.64.0.0/10", "CGNAT"},
		{"https://0.0.0.0/a.png", "unspecified", "unspecified"},
		{"https://224.0.0.1/a.png", "multicast", "multicast"},
		{"https://[64:ff9b::a9fe:a9fe]/a.png", "NAT64", "NAT64 of the metadata address"},
		{"https://user:pw@cdn.example.com/a.png", "credentials", "credentials"},
		{"ftp://cdn.example.com/a.png", "scheme", "another scheme"},
	}
	for _, c := range cases {
		r := f.Probe(context.Background(), c.url)
		hasCode(t, c.why, r.Err, apierror.CodeMediaFetchRefused)
		if r.Err != nil && !strings.Contains(r.Err.Message, c.says) {
			t.Errorf("%s: %q should say %q", c.why, r.Err.Message, c.says)
		}
	}
	if srv.requests.Load() != 0 || dials.dialled("127.0.0.1") || dials.dialled("::1") {
		t.Errorf("a refused address was reached: %d requests, dials %v", srv.requests.Load(), dials.addrs)
	}
}

// TestCache: a URL seen again is asked with its validator; a 304 reuses the facts in one
// small request, a changed file is probed again.
func TestCache(t *testing.T) {
	png, _ := os.ReadFile(filepath.Join(testdata, "image.png"))
	gif, _ := os.ReadFile(filepath.Join(testdata, "animated.gif"))
	var current atomic.Value
	current.Store([]byte(png))
	var conditional atomic.Int64
	srv := newServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("If-None-Match") != "" {
			conditional.Add(1)
		}
		b := current.Load().([]byte)
		w.Header().Set("ETag", `"`+itoa(int64(len(b)))+`"`)
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(b))
	}))
	f, _ := newTestFetcher(testOptions())
	u := srv.URL + "/a"
	first := f.Probe(context.Background(), u)
	second := f.Probe(context.Background(), u)
	if first.Err != nil || second.Err != nil || first.Cached || !second.Cached || !reflect.DeepEqual(second.Facts, first.Facts) || second.Requests != 1 || second.Bytes != 0 {
		t.Fatalf("first %+v\nsecond %+v", first, second)
	}
	current.Store([]byte(gif))
	third := f.Probe(context.Background(), u)
	if third.Err != nil || third.Cached || third.Facts.Format != "gif" || conditional.Load() != 2 {
		t.Fatalf("after a change: %+v (%d conditional requests)", third, conditional.Load())
	}

	c := newCache(2)
	c.put("a", &entry{etag: "1"})
	c.put("b", &entry{etag: "2"})
	c.get("a")
	c.put("c", &entry{etag: "3"})
	if c.get("b") != nil || c.get("a") == nil || c.get("c") == nil || c.len() != 2 {
		t.Errorf("the least recently used entry should go")
	}
}

// TestConcurrencyAndBudget: at most MaxConcurrent files are read at once, and the call's
// byte budget is shared by its files.
func TestConcurrencyAndBudget(t *testing.T) {
	png, _ := os.ReadFile(filepath.Join(testdata, "image.png"))
	var inFlight, most atomic.Int64
	srv := newServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := inFlight.Add(1)
		defer inFlight.Add(-1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		time.Sleep(20 * time.Millisecond)
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(png))
	}))
	o := testOptions()
	o.MaxConcurrent = 2
	f, _ := newTestFetcher(o)
	var urls []string
	for i := 0; i < 8; i++ {
		urls = append(urls, srv.URL+"/"+itoa(int64(i))+".png")
	}
	facts, errs := f.Media(context.Background(), urls)
	if len(facts) != 8 || errs != nil {
		t.Fatalf("facts %d errs %v", len(facts), errs)
	}
	if most.Load() > 2 {
		t.Errorf("%d files read at once, want at most 2", most.Load())
	}

	o.CallBytes = int64(len(png)) * 3 // room for three files' first answers
	o.CacheEntries = -1
	f, _ = newTestFetcher(o)
	facts, errs = f.Media(context.Background(), urls)
	if len(facts) != 3 || len(errs) != 5 {
		t.Fatalf("a budget of three files: %d facts, %d errors", len(facts), len(errs))
	}
	for u, e := range errs {
		hasCode(t, u, e, apierror.CodeMediaTooLarge)
	}
}

// TestCanceled: a caller that hangs up ends the fetch at once with media_timeout.
func TestCanceled(t *testing.T) {
	srv := newServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
	}))
	o := testOptions()
	o.FileTimeout, o.HeaderTimeout = 10*time.Second, 10*time.Second
	f, _ := newTestFetcher(o)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	r := f.Probe(ctx, srv.URL+"/a")
	hasCode(t, "canceled", r.Err, apierror.CodeMediaTimeout)
	if d := time.Since(start); d > time.Second {
		t.Errorf("took %v", d)
	}
	if r.Err != nil && !strings.Contains(r.Err.Message, "canceled") {
		t.Errorf("message %q", r.Err.Message)
	}
}

// TestEmptyAndUnreachable: an empty file is the probe's media_empty (416 with
// "bytes */0"); a port nothing listens on is media_unreachable.
func TestEmptyAndUnreachable(t *testing.T) {
	srv := newServer(t, serveBytes(bytes.NewReader(nil), ""))
	f, _ := newTestFetcher(testOptions())
	hasCode(t, "empty", f.Probe(context.Background(), srv.URL+"/empty").Err, apierror.CodeMediaEmpty)

	dead := newServer(t, http.NotFoundHandler())
	u := dead.URL
	dead.Close()
	hasCode(t, "closed port", f.Probe(context.Background(), u+"/a.png").Err, apierror.CodeMediaUnreachable)
}

// ignoreRange serves content whole (200, with its Content-Length), whatever Range asks.
func ignoreRange(content io.ReadSeeker, size int64) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		content.Seek(0, io.SeekStart)
		w.Header().Set("Content-Length", itoa(size))
		io.Copy(w, io.LimitReader(content, size))
	})
}

// TestRangeEdgeCases: a redirect to a good file is followed and its later ranges go to the
// final URL; a later answer with the wrong range is refused; a server that ignores Range
// is probed from the head it sends when the headers are there (a faststart MP4) and is
// media_too_large when they lie past the budget (the moov at the end of 1 GB).
func TestRangeEdgeCases(t *testing.T) {
	const size = 1 << 30
	mux := http.NewServeMux()
	mux.Handle("/big.mp4", serveBytes(bigMP4(t, size), ""))
	mux.HandleFunc("/moved.mp4", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/big.mp4", http.StatusMovedPermanently)
	})
	first := serveBytes(bigMP4(t, size), "")
	mux.HandleFunc("/later-wrong.mp4", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Range") == "bytes=0-4095" {
			first.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Content-Range", "bytes 0-4095/"+itoa(size))
		w.WriteHeader(http.StatusPartialContent)
		w.Write(make([]byte, 4096))
	})
	mux.Handle("/whole-faststart.mp4", ignoreRange(bigFaststart(t, size), size))
	mux.Handle("/whole-moov-at-end.mp4", ignoreRange(bigMP4(t, size), size))
	srv := newServer(t, mux)
	f, _ := newTestFetcher(testOptions())

	moved := f.Probe(context.Background(), srv.URL+"/moved.mp4")
	if moved.Err != nil || moved.Facts.Bytes != size || moved.Requests > 4 {
		t.Errorf("redirected: %+v", moved)
	}
	wrong := f.Probe(context.Background(), srv.URL+"/later-wrong.mp4")
	hasCode(t, "a later answer with the wrong range", wrong.Err, apierror.CodeMediaUnreachable)
	whole := f.Probe(context.Background(), srv.URL+"/whole-faststart.mp4")
	if whole.Err != nil || whole.Facts.Bytes != size || !whole.Facts.Faststart || whole.Bytes > testOptions().FileBytes {
		t.Errorf("a faststart file from a server that ignores Range: %+v", whole)
	}
	tail := f.Probe(context.Background(), srv.URL+"/whole-moov-at-end.mp4")
	hasCode(t, "a moov past the budget from a server that ignores Range", tail.Err, apierror.CodeMediaTooLarge)
	if tail.Bytes > testOptions().FileBytes {
		t.Errorf("read %d bytes", tail.Bytes)
	}
}

// TestControl: the socket's last check refuses what the dialer should never have been
// handed, and lets an allowed host or address through.
func TestControl(t *testing.T) {
	f, _ := newTestFetcher(Options{Allow: []string{"192.168.1.10"}})
	cases := []struct {
		allowed bool
		addr    string
		ok      bool
	}{
		{false, "127.0.0.1:80", false},
		{false, "[::ffff:169.254.169.254]:443", false},
		{false, "[fe80::1%eth0]:443", false},
		{false, "192.168.1.10:443", true}, // allowed by address
		{false, "93.184.215.14:443", true},
		{true, "127.0.0.1:80", true}, // the host was allowed by name
		{false, "not an address", false},
	}
	for _, c := range cases {
		err := f.control(c.allowed)("tcp", c.addr, nil)
		if (err == nil) != c.ok {
			t.Errorf("control(%v)(%s): %v", c.allowed, c.addr, err)
		}
	}
}
