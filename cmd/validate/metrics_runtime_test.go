package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/postrules/postrules/rules"
)

// sampleLine is one sample of the text exposition format 0.0.4: a metric name, optional
// labels, a value (https://prometheus.io/docs/instrumenting/exposition_formats/).
var sampleLine = regexp.MustCompile(`^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})? (-?[0-9.e+-]+|\+Inf|NaN)$`)

// scrape parses /metrics into name{labels} -> value, checking every line's syntax and that
// each sample's family was announced by HELP and TYPE lines first.
func scrape(t *testing.T, text string) map[string]float64 {
	t.Helper()
	typed := map[string]bool{}
	out := map[string]float64{}
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if f, ok := strings.CutPrefix(line, "# TYPE "); ok {
			typed[strings.Fields(f)[0]] = true
			continue
		}
		if strings.HasPrefix(line, "# HELP ") {
			continue
		}
		m := sampleLine.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("not a sample line: %q", line)
		}
		fam := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(m[1], "_bucket"), "_sum"), "_count")
		if !typed[m[1]] && !typed[fam] {
			t.Errorf("%s has no TYPE line before it", m[1])
		}
		v, err := strconv.ParseFloat(m[3], 64)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		out[m[1]+m[2]] = v
	}
	return out
}

// /metrics has what an operator's dashboards expect beside the request counts: the build
// (postrules_build_info), the Go runtime (go_*) and the process (process_*), with values
// that are the process's own.
func TestServeRuntimeMetrics(t *testing.T) {
	ts := newTestServe(t, false, 0)
	res, body := ts.call(t, "GET", "/metrics", "")
	if res.StatusCode != 200 {
		t.Fatalf("%d %s", res.StatusCode, body)
	}
	got := scrape(t, body)
	build := `postrules_build_info{version="` + rules.Version + `",book="` + rules.BookRevision + `",goversion="` + runtime.Version() + `"}`
	if got[build] != 1 {
		t.Errorf("no %s 1", build)
	}
	if got[`go_info{version="`+runtime.Version()+`"}`] != 1 {
		t.Error("no go_info with this Go's version")
	}
	positive := []string{"go_goroutines", "go_sched_gomaxprocs_threads", "go_gc_heap_goal_bytes", "go_memstats_heap_alloc_bytes",
		"go_memstats_heap_objects", "go_memstats_alloc_bytes_total", "go_memstats_sys_bytes",
		"process_resident_memory_bytes", "process_virtual_memory_bytes", "process_open_fds", "process_start_time_seconds"}
	for _, name := range positive {
		if got[name] <= 0 {
			t.Errorf("%s = %v, want > 0", name, got[name])
		}
	}
	for _, name := range []string{"go_gc_cycles_total", "process_cpu_seconds_total"} {
		if _, ok := got[name]; !ok {
			t.Errorf("no %s", name)
		}
	}
	if g := got["go_goroutines"]; g < 1 || g > float64(runtime.NumGoroutine()+50) {
		t.Errorf("go_goroutines %v, far from runtime.NumGoroutine() %d", g, runtime.NumGoroutine())
	}
	// The process started before this test, within the last hour (the test binary's
	// own start), and its open descriptors are those of /proc/self/fd.
	start := time.Unix(int64(got["process_start_time_seconds"]), 0)
	if age := time.Since(start); age < 0 || age > time.Hour {
		t.Errorf("process_start_time_seconds is %v ago", age)
	}
	if fds, _ := os.ReadDir("/proc/self/fd"); got["process_open_fds"] < float64(len(fds))/2 || got["process_open_fds"] > float64(len(fds))*2 {
		t.Errorf("process_open_fds %v, /proc/self/fd has %d", got["process_open_fds"], len(fds))
	}
}

func TestParseProcStat(t *testing.T) {
	tests := []struct {
		line string
		want procStat
		ok   bool
		why  string
	}{
		{"42 (validate) S 1 42 42 0 -1 4194560 1234 0 0 0 250 50 0 0 20 0 9 0 12345 1832382464 4372 18446744073709551615\n",
			procStat{utime: 250, stime: 50, starttime: 12345, vsize: 1832382464, rss: 4372}, true, "proc(5)'s line"},
		{"42 (a) b) (c) S 1 42 42 0 -1 4194560 1234 0 0 0 7 8 0 0 20 0 9 0 99 100 3",
			procStat{utime: 7, stime: 8, starttime: 99, vsize: 100, rss: 3}, true, "a command with spaces and parentheses: counted from the last ')'"},
		{"42 validate S 1", procStat{}, false, "no parentheses"},
		{"42 (validate) S 1 42 42 0 -1 4194560 1234 0 0 0 250 50 0 0 20 0 9 0 12345 1832382464", procStat{}, false, "cut before rss"},
		{"42 (validate) S 1 42 42 0 -1 4194560 1234 0 0 0 x 50 0 0 20 0 9 0 12345 1 2", procStat{}, false, "utime not a number"},
		{"", procStat{}, false, "empty"},
	}
	for _, tc := range tests {
		got, err := parseProcStat([]byte(tc.line))
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("%s: got %+v, %v; want %+v, ok %v", tc.why, got, err, tc.want, tc.ok)
		}
	}
	if b, ok := bootTime([]byte("cpu  1 2 3\nintr 5\nbtime 1795800000\nprocesses 9\n")); !ok || b != 1795800000 {
		t.Errorf("bootTime = %d, %v", b, ok)
	}
	if _, ok := bootTime([]byte("cpu 1\n")); ok {
		t.Error("bootTime without a btime line")
	}
}

func FuzzParseProcStat(f *testing.F) {
	f.Add([]byte("42 (validate) S 1 42 42 0 -1 4194560 1234 0 0 0 250 50 0 0 20 0 9 0 12345 1832382464 4372 18446744073709551615\n"))
	f.Add([]byte("1 ()) ) S"))
	f.Add([]byte(")"))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := parseProcStat(b)
		if err != nil && s != (procStat{}) {
			t.Fatalf("an error with values %+v", s)
		}
		bootTime(b)
	})
}

func TestAcceptsGzip(t *testing.T) {
	tests := []struct {
		header string
		want   bool
		why    string
	}{
		{"gzip", true, "plain"},
		{"gzip, deflate, br", true, "curl's and browsers' lists"},
		{"br;q=1.0, GZIP;q=0.5", true, "coding names are case-insensitive; any non-zero weight"},
		{"*", true, "any coding"},
		{"x-gzip", true, "the old alias (RFC 9110 section 8.4.1.3)"},
		{"", false, "none"},
		{"identity", false, "only identity"},
		{"gzip;q=0", false, "refused by weight 0"},
		{"gzip; q=0.000", false, "weight 0 with three decimals"},
		{"gzip;q=0.001", true, "a small weight still accepts"},
		{"deflate, br", false, "others only"},
		{"gzipx", false, "a longer name is another coding"},
	}
	for _, tc := range tests {
		if got := acceptsGzip(tc.header); got != tc.want {
			t.Errorf("acceptsGzip(%q) = %v (%s)", tc.header, got, tc.why)
		}
	}
}

func FuzzAcceptsGzip(f *testing.F) {
	for _, s := range []string{"gzip", "gzip;q=0", "br;q=1.0, GZIP;q=0.5", ";;,,q=", "*;q=0.0.0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := acceptsGzip(s)
		// Adding a refused coding after it never changes the answer.
		if acceptsGzip(s+",identity") != got && !strings.Contains(s, "gzip") && !strings.Contains(s, "*") {
			t.Fatalf("%q", s)
		}
	})
}

// Large JSON answers are compressed for a client that accepts gzip, and say so; small ones
// and clients that do not ask get the bytes as they are. Every answer says it varies with
// Accept-Encoding.
func TestServeGzip(t *testing.T) {
	ts := newTestServe(t, false, 0)
	get := func(path, ae string) (*http.Response, []byte) {
		req, _ := http.NewRequest("GET", ts.URL+path, nil)
		if ae != "" {
			req.Header.Set("Accept-Encoding", ae) // set by hand, Go's transport does not inflate
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, b
	}
	_, plain := get("/openapi.json", "identity")
	res, packed := get("/openapi.json", "gzip, br")
	if res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("Vary") != "Accept-Encoding" {
		t.Fatalf("openapi.json with gzip accepted: %v", res.Header)
	}
	zr, err := gzip.NewReader(bytes.NewReader(packed))
	if err != nil {
		t.Fatal(err)
	}
	inflated, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(inflated, plain) {
		t.Fatalf("inflated %d bytes (%v), plain %d", len(inflated), err, len(plain))
	}
	if len(packed)*4 > len(plain) {
		t.Errorf("gzip took %d bytes to %d; JSON should shrink more than 4x", len(plain), len(packed))
	}
	t.Logf("/openapi.json: %d bytes, %d gzip", len(plain), len(packed))
	if res, _ := get("/healthz", "gzip"); res.Header.Get("Content-Encoding") != "" || res.Header.Get("Vary") != "Accept-Encoding" {
		t.Errorf("a small answer is compressed, or Vary is missing: %v", res.Header)
	}
	if res, _ := get("/openapi.json", "gzip;q=0"); res.Header.Get("Content-Encoding") != "" {
		t.Errorf("gzip;q=0 refused gzip, yet: %v", res.Header)
	}
	// A large API answer (a body with many problems) is compressed too.
	body := `{"content":"` + strings.Repeat("x", 50) + `","platforms":[` + strings.Repeat(`{"platform":"nope"},`, 60) + `{"platform":"nope"}],"publishNow":true}`
	req, _ := http.NewRequest("POST", ts.URL+"/api/v2/posts", strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer sk_test")
	req.Header.Set("Accept-Encoding", "gzip")
	r2, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer r2.Body.Close()
	if r2.StatusCode != 400 || r2.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("a large refusal: %d %v", r2.StatusCode, r2.Header)
	}
	// The handler's Content-Length was of the plain bytes: it must not survive (net/http
	// may set the compressed one).
	zr2, err := gzip.NewReader(r2.Body)
	if err != nil {
		t.Fatal(err)
	}
	refusal, err := io.ReadAll(zr2)
	if err != nil || !strings.Contains(string(refusal), `"code":"validation_failed"`) {
		t.Fatalf("inflated refusal (%v): %.200s", err, refusal)
	}
	if cl := r2.Header.Get("Content-Length"); cl == strconv.Itoa(len(refusal)) {
		t.Errorf("Content-Length %s is the plain length", cl)
	}
}
