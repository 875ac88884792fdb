package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
	"github.com/postrules/postrules/schema"
	"github.com/postrules/postrules/schema/httpapi"
	"github.com/postrules/postrules/schema/jsonschema"
)

// testServe is a sandbox on a loopback httptest server, as validate serve runs it with
// --now testNow, --accounts testdata/accounts.json (unless noAccounts) and --drafts
// holding testdata/draft.json as "d1", with the given timeouts (0: serve's defaults).
type testServe struct {
	*httptest.Server
	sandbox *sandbox
	logs    *syncBuffer
}

// syncBuffer is a bytes.Buffer safe for the server's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func newTestServe(t testing.TB, noAccounts bool, readHeader time.Duration) *testServe {
	t.Helper()
	var accounts []rules.Account
	if !noAccounts {
		b, err := os.ReadFile("testdata/accounts.json")
		if err != nil {
			t.Fatal(err)
		}
		var ps []schema.Problem
		if accounts, ps = schema.DecodeAccounts(b); len(ps) > 0 {
			t.Fatal(ps)
		}
	}
	draft, err := os.ReadFile("testdata/draft.json")
	if err != nil {
		t.Fatal(err)
	}
	if readHeader == 0 {
		readHeader = defaultReadHeader
	}
	logs := &syncBuffer{}
	cfg := serveConfig{accounts: accounts, drafts: map[string][]byte{"d1": draft},
		now: func() time.Time { return fixedNow }, logger: slog.New(slog.NewJSONHandler(logs, nil)),
		readHeaderTimeout: readHeader, readTimeout: defaultRead, writeTimeout: defaultWrite,
		idleTimeout: defaultIdle, maxHeaderBytes: defaultMaxHeaderBytes}
	s := newSandbox(cfg)
	srv := httptest.NewUnstartedServer(s)
	srv.Config = s.server()
	srv.Start()
	t.Cleanup(srv.Close)
	return &testServe{Server: srv, sandbox: s, logs: logs}
}

// call sends one request with a bearer key and returns the answer.
func (ts *testServe) call(t testing.TB, method, path, body string, header ...string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(method, ts.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer sk_test")
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(b)
}

// replayBodies are the create-post bodies of the CLI tests: the bundled posts and the
// inline ones (malformed, not an object, encodings JSON would change, unknown names).
func replayBodies(t *testing.T) map[string][]byte {
	t.Helper()
	bodies := map[string][]byte{}
	files, err := filepath.Glob("testdata/*.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasPrefix(filepath.Base(f), "accounts") || strings.HasPrefix(filepath.Base(f), "draft") {
			continue // not create-post bodies
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		bodies[f] = b
	}
	for i, s := range []string{`{`, `{"content": "oops",`, `nope`, `[]`, `""`, ``, `   `, `{"content":"hi"}`,
		`{"Content":"hi","platforms":[{"platform":"twitter"}],"publishNow":true}`,
		`{"content":"hi","platforms":[{"platform":"twitter"}],"scheduleFor":"2030-01-15T09:30Z"}`,
		`{"content":"a\ud800b","platforms":[{"platform":"bluesky"}],"publishNow":true}`,
		"{\"content\":\"ab\xe3\x81\",\"platforms\":[{\"platform\":\"bluesky\"}],\"publishNow\":true}",
		`{"content":"hi","platforms":[{"platform":"twitter"}],"scheduledFor":"2026-05-01T00:00Z"}`,
		`{"content":"hi","platforms":[{"platform":"twitter"}],"scheduledFor":"2030-02-29T10:00Z"}`,
		`{"content":"hi","platforms":[{"platform":"twitter","accountId":"tw_nope"}],"publishNow":true}`,
		`{"content":"hi","platforms":[{"platform":"linkedin"}],"publishNow":true}`,
		`{"content":"hi <b>&</b>","platforms":[{"platform":"twitter","accountId":"tw_brand"},{"platform":"twitter","accountId":"tw_brand"}],"publishNow":true}`,
		`{"content":"` + strings.Repeat("🧵", 301) + `","platforms":[{"platform":"bluesky"},{"platform":"threads"}],"publishNow":true}`,
	} {
		bodies[fmt.Sprintf("inline-%02d", i)] = []byte(s)
	}
	return bodies
}

// cliLine is one line of validate post|draft --format json, with its error body as bytes.
type cliLine struct {
	Valid      bool            `json:"valid"`
	HTTPStatus int             `json:"httpStatus"`
	Error      json.RawMessage `json:"error"`
}

// TestServeReplaysTheCLI: for every body of the CLI tests, the HTTP answer's status and
// body are the CLI's verdict (validate post --format json) and schema.CheckCreatePost's,
// byte for byte; with and without connected accounts.
func TestServeReplaysTheCLI(t *testing.T) {
	for _, noAccounts := range []bool{false, true} {
		ts := newTestServe(t, noAccounts, 0)
		env := schema.Env{Now: fixedNow, Accounts: ts.sandbox.cfg.accounts}
		for name, body := range replayBodies(t) {
			args := []string{"post", "--format", "json", "--now", testNow}
			if !noAccounts {
				args = append(args, "--accounts", "testdata/accounts.json")
			}
			r := runCLI(t, string(body), append(args, "-")...)
			var cli cliLine
			if err := json.Unmarshal([]byte(r.stdout), &cli); err != nil {
				t.Fatalf("%s: CLI printed %q: %v", name, r.stdout, err)
			}
			res, got := ts.call(t, "POST", "/api/v2/posts", string(body), "X-Request-Id", "replay")
			v := schema.CheckCreatePost(body, env)
			want := string(cli.Error) + "\n"
			if cli.Valid {
				b, _ := marshalJSON(mustAccepted(t, v, "sandbox_replay"))
				want = string(b)
			}
			if res.StatusCode != cli.HTTPStatus || res.StatusCode != v.HTTPStatus || got != want {
				t.Errorf("%s (accounts %v):\n HTTP %d %s\n CLI  %d %s\nschema %d", name, !noAccounts, res.StatusCode, got, cli.HTTPStatus, want, v.HTTPStatus)
			}
			if !v.Valid {
				if b, _ := marshalJSON(v.Error); string(b) != got {
					t.Errorf("%s: the body is not schema's error body:\n%s\n%s", name, got, b)
				}
			}
			if res.Header.Get(sandboxHeader) != "nothing was published" || res.Header.Get("Content-Type") != "application/json" {
				t.Errorf("%s: headers %v", name, res.Header)
			}
		}
	}
}

func mustAccepted(t *testing.T, v schema.Verdict, id string) schema.DraftPublishResult {
	t.Helper()
	res, ok := httpapi.AcceptedBody(v, id)
	if !ok {
		t.Fatalf("not accepted: %+v", v.Error)
	}
	return res
}

// The draft publish answers what validate draft answers, then the draft is gone.
func TestServeDraftReplaysTheCLI(t *testing.T) {
	ts := newTestServe(t, false, 0)
	for _, tt := range []struct{ body, state string }{
		{`{"publishNow":true,"scheduledFor":"2030-03-01T08:00:00Z"}`, "saved"}, // refused: stays saved
		{`{`, "saved"},
		{`{"scheduledFor":"2030-03-01T08:00:00Z"}`, "saved"}, // published
		{`{"scheduledFor":"2030-03-01T08:00:00Z"}`, "deleted"},
	} {
		r := runCLI(t, tt.body, "draft", "--format", "json", "--now", testNow, "--accounts", "testdata/accounts.json",
			"--draft-state", tt.state, "--draft", "testdata/draft.json", "-")
		var cli cliLine
		if err := json.Unmarshal([]byte(r.stdout), &cli); err != nil {
			t.Fatalf("CLI printed %q: %v", r.stdout, err)
		}
		res, got := ts.call(t, "POST", "/api/v2/drafts/d1/publish", tt.body, "X-Request-Id", "r1")
		want := string(cli.Error) + "\n"
		if cli.Valid {
			want = `{"success":true,"status":"scheduled","scheduledFor":"2030-03-01T08:00:00Z","postId":"sandbox_r1","platforms":[{"platform":"twitter","success":true}]}` + "\n"
		}
		if res.StatusCode != cli.HTTPStatus || got != want {
			t.Errorf("%s (%s):\n HTTP %d %s\n CLI  %d %s", tt.body, tt.state, res.StatusCode, got, cli.HTTPStatus, want)
		}
		if cli.Valid && res.StatusCode != 200 { // the seed's contract: a published draft answers 200
			t.Errorf("%s (%s): a published draft answered %d, want 200", tt.body, tt.state, res.StatusCode)
		}
	}
}

// The routes besides the endpoints, the request id, the sandbox mark, metrics and logs.
func TestServeRoutesAndManners(t *testing.T) {
	ts := newTestServe(t, false, 0)
	ts.sandbox.mux.HandleFunc("/test/panic", func(http.ResponseWriter, *http.Request) { panic("boom") })
	ts.sandbox.mux.HandleFunc("/test/half", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Length", "100")
		w.Write([]byte("half"))
		panic("boom after a write")
	})

	res, body := ts.call(t, "GET", "/openapi.json", "")
	doc, _ := jsonschema.Document(jsonschema.DocOpenAPI)
	if res.StatusCode != 200 || body != string(doc) {
		t.Errorf("openapi: %d, %d bytes", res.StatusCode, len(body))
	}
	// GET /v1/rules is what validate rules --format json prints, line for line: the whole
	// book, media rules and sources included.
	res, body = ts.call(t, "GET", "/v1/rules", "")
	var served []json.RawMessage
	if err := json.Unmarshal([]byte(body), &served); err != nil || res.StatusCode != 200 {
		t.Errorf("rules: %d %v", res.StatusCode, err)
	}
	listed := strings.Split(strings.TrimSuffix(runCLI(t, "", "rules", "--format", "json").stdout, "\n"), "\n")
	if len(served) != len(listed) || len(listed) != len(media.Book()) || len(listed) <= len(rules.TextRules()) {
		t.Errorf("rules: %d served, %d listed by validate rules, media.Book() %d, rules.TextRules() %d", len(served), len(listed), len(media.Book()), len(rules.TextRules()))
	}
	for i := range min(len(served), len(listed)) {
		if string(served[i]) != listed[i] {
			t.Errorf("rule %d: served %s\n listed %s", i, served[i], listed[i])
			break
		}
	}
	wantHealth := `{"ok":true,"version":"` + rules.Version + `","book":"` + rules.BookRevision + `","bookVersion":"` +
		rules.BookVersion + `","goVersion":"` + runtime.Version() + `"}` + "\n"
	if res, body = ts.call(t, "GET", "/healthz", ""); res.StatusCode != 200 || body != wantHealth {
		t.Errorf("healthz: %d %s", res.StatusCode, body)
	}
	for _, tt := range []struct {
		method, path string
		status       int
		code         apierror.Code
		allow        string
	}{
		{"GET", "/api/v2/posts", 405, apierror.CodeMethodNotAllowed, "POST"},
		{"PUT", "/api/v2/drafts/d1/publish", 405, apierror.CodeMethodNotAllowed, "POST"},
		{"POST", "/healthz", 405, apierror.CodeMethodNotAllowed, "GET, HEAD"},
		{"GET", "/api/v2/post", 404, apierror.CodeNotFound, ""},
		{"GET", "/test/panic", 500, apierror.CodeInternal, ""},
	} {
		res, body := ts.call(t, tt.method, tt.path, "")
		var e schema.ErrorBody
		if err := json.Unmarshal([]byte(body), &e); err != nil || res.StatusCode != tt.status || e.Code != tt.code || res.Header.Get("Allow") != tt.allow {
			t.Errorf("%s %s: %d %s (Allow %q)", tt.method, tt.path, res.StatusCode, body, res.Header.Get("Allow"))
		}
	}
	// A panic after part of the answer is out cuts the connection: no answer looks whole.
	if res, err := ts.Client().Get(ts.URL + "/test/half"); err == nil {
		_, err = io.ReadAll(res.Body)
		res.Body.Close()
		if err == nil {
			t.Errorf("a half-written answer read whole: %d", res.StatusCode)
		}
	}
	// The header cap is net/http's: 431 in plain text, before any handler.
	if res, _ = ts.call(t, "POST", "/api/v2/posts", okPost, "X-Big", strings.Repeat("a", defaultMaxHeaderBytes+8<<10)); res.StatusCode != 431 {
		t.Errorf("headers over the cap: %d", res.StatusCode)
	}
	if !strings.Contains(ts.logs.String(), `"msg":"panic"`) {
		t.Errorf("the panic is not logged:\n%s", ts.logs)
	}

	// A request id is taken when sane, made up otherwise, and always echoed.
	if res, _ = ts.call(t, "GET", "/healthz", "", "X-Request-Id", "req-42"); res.Header.Get("X-Request-Id") != "req-42" {
		t.Errorf("X-Request-Id %q", res.Header.Get("X-Request-Id"))
	}
	if res, _ = ts.call(t, "GET", "/healthz", "", "X-Request-Id", "two words"); len(res.Header.Get("X-Request-Id")) != 16 {
		t.Errorf("X-Request-Id %q", res.Header.Get("X-Request-Id"))
	}

	long, _ := os.ReadFile("testdata/long-thread-item.json")
	for range 3 {
		ts.call(t, "POST", "/api/v2/posts", string(long))
	}
	ts.call(t, "POST", "/api/v2/posts", `{`, "X-Request-Id", "bad-json")
	_, metrics := ts.call(t, "GET", "/metrics", "")
	for _, want := range []string{
		"# TYPE postrules_http_requests_total counter\n",
		`postrules_http_requests_total{endpoint="/api/v2/posts",status="400",rule="twitter.text.max"} 3` + "\n",
		`postrules_http_requests_total{endpoint="/api/v2/posts",status="400",rule=""} 1` + "\n",
		`postrules_http_requests_total{endpoint="/healthz",status="405",rule=""} 1` + "\n",
		"# TYPE postrules_http_request_duration_seconds histogram\n",
		`postrules_http_request_duration_seconds_bucket{endpoint="/api/v2/posts",le="+Inf"} 5` + "\n",
		`postrules_http_request_duration_seconds_count{endpoint="/api/v2/posts"} 5` + "\n",
	} {
		if !strings.Contains(metrics, want) {
			t.Errorf("metrics lack %q:\n%s", want, metrics)
		}
	}
	// Every log line is JSON; the bad request's names its id, status and code.
	found := false
	for _, line := range strings.Split(strings.TrimSpace(ts.logs.String()), "\n") {
		var l map[string]any
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("log line not JSON: %q", line)
		}
		if l["id"] == "bad-json" {
			found = l["msg"] == "request" && l["status"] == float64(400) && l["code"] == "malformed_json" && l["path"] == "/api/v2/posts"
		}
	}
	if !found {
		t.Errorf("no log line for request bad-json:\n%s", ts.logs)
	}
}

// A client trickling its headers neither blocks another client nor stays past the
// read-header timeout; a 10 MB body is refused from its length while another client is
// served, and one without a length is refused after a bounded read.
func TestServeSlowAndLargeClients(t *testing.T) {
	const readHeader = 300 * time.Millisecond
	ts := newTestServe(t, false, readHeader)
	addr := ts.Listener.Addr().String()

	slow, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	trickled := make(chan time.Duration, 1)
	go func() {
		start := time.Now()
		slow.Write([]byte("POST /api/v2/posts HTTP/1.1\r\nHost: x\r\n"))
		for i := 0; ; i++ {
			if _, err := slow.Write([]byte("X")); err != nil {
				break
			}
			time.Sleep(20 * time.Millisecond)
			if time.Since(start) > 5*time.Second {
				break
			}
		}
		trickled <- time.Since(start)
	}()
	// The server answers a timed-out request line with nothing useful and closes; read
	// until it does.
	closed := make(chan time.Duration, 1)
	go func() {
		start := time.Now()
		io.Copy(io.Discard, slow)
		closed <- time.Since(start)
	}()

	big := strings.Repeat(" ", 10<<20)
	bigDone := make(chan string, 1)
	go func() {
		res, err := http.Post(ts.URL+"/api/v2/posts", "application/json", strings.NewReader(big))
		if err != nil {
			bigDone <- err.Error()
			return
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		bigDone <- fmt.Sprint(res.StatusCode, " ", string(b))
	}()

	start := time.Now()
	for range 5 {
		res, body := ts.call(t, "POST", "/api/v2/posts", okPost)
		if res.StatusCode != 202 {
			t.Fatalf("another client: %d %s", res.StatusCode, body)
		}
	}
	if d := time.Since(start); d > readHeader {
		t.Errorf("five requests took %v beside a slow client", d)
	}
	select {
	case d := <-closed:
		if d > readHeader+time.Second {
			t.Errorf("the slow client was dropped after %v; the read-header timeout is %v", d, readHeader)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the slow client was never dropped")
	}
	<-trickled

	// Without a bearer key the 10 MB body is 401; with one, 400 body_too_large.
	if got := <-bigDone; !strings.HasPrefix(got, "401 ") {
		t.Errorf("10 MB without a key: %s", got)
	}
	res, body := ts.call(t, "POST", "/api/v2/posts", big)
	want := schema.CheckCreatePost([]byte(big), schema.Env{})
	wantBody, _ := marshalJSON(want.Error)
	if res.StatusCode != want.HTTPStatus || body != string(wantBody) {
		t.Errorf("10 MB with a length:\n%d %s\nwant %d %s", res.StatusCode, body, want.HTTPStatus, wantBody)
	}
	req, _ := http.NewRequest("POST", ts.URL+"/api/v2/posts", io.MultiReader(strings.NewReader(big))) // no length: chunked
	req.Header.Set("Authorization", "Bearer k")
	res, err = ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	var e schema.ErrorBody
	if json.Unmarshal(b, &e); res.StatusCode != 400 || e.Code != apierror.CodeBodyTooLarge {
		t.Errorf("10 MB chunked: %d %s", res.StatusCode, b)
	}
}

const okPost = `{"content":"Hello","platforms":[{"platform":"twitter","accountId":"tw_brand"}],"publishNow":true}`

// serveAddr reads the "serving" log line of a spawned validate serve and returns its addr.
func serveAddr(t *testing.T, stderr *bufio.Reader) string {
	t.Helper()
	line, err := stderr.ReadString('\n')
	if err != nil {
		t.Fatalf("validate serve said nothing: %v", err)
	}
	var l struct{ Msg, Addr string }
	if err := json.Unmarshal([]byte(line), &l); err != nil || l.Msg != "serving" || l.Addr == "" {
		t.Fatalf("first log line %q", line)
	}
	return l.Addr
}

// Through the whole server: of 32 concurrent publishes of one draft, exactly one is
// accepted; the others are 409 draft_already_publishing or 404 draft_not_found.
func TestServeDraftPublishedOnce(t *testing.T) {
	ts := newTestServe(t, false, 0)
	var mu sync.Mutex
	count := map[string]int{}
	var wg sync.WaitGroup
	for range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, body := ts.call(t, "POST", "/api/v2/drafts/d1/publish", `{"scheduledFor":"2030-03-01T08:00:00Z"}`)
			var e struct{ Code string }
			json.Unmarshal([]byte(body), &e)
			mu.Lock()
			count[fmt.Sprint(res.StatusCode, e.Code)]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if count["200"] != 1 || count["200"]+count["409draft_already_publishing"]+count["404draft_not_found"] != 32 {
		t.Fatalf("answers: %v", count)
	}
}
