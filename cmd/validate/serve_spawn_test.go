package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/postrules/postrules/rules"
)

// The tests below run real clients that are not Go: curl against a spawned validate serve,
// and a Python standard-library client. A missing curl or python3 is a failure, not a
// skip: .ci/run installs both.

func needTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("%s is not installed; these tests need it (apt-get install %s; .ci/run installs it)", name, name)
	}
	return p
}

// spawnServe builds validate and starts validate serve on a free loopback port with the
// test accounts, a drafts directory holding d1 and the test clock; it returns the base URL
// and the process, whose stderr (after the "serving" line) is in logs.
func spawnServe(t *testing.T) (string, *exec.Cmd, func() string) {
	t.Helper()
	dir := t.TempDir()
	bin := filepath.Join(dir, "validate")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("building validate: %v\n%s", err, out)
	}
	drafts := filepath.Join(dir, "drafts")
	if out, err := exec.Command("mkdir", drafts).CombinedOutput(); err != nil {
		t.Fatal(err, string(out))
	}
	if out, err := exec.Command("cp", "testdata/draft.json", filepath.Join(drafts, "d1.json")).CombinedOutput(); err != nil {
		t.Fatal(err, string(out))
	}
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--accounts", "testdata/accounts.json",
		"--drafts", drafts, "--now", testNow)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	r := bufio.NewReader(stderr)
	addr := serveAddr(t, r)
	logs := &bytes.Buffer{}
	copied := make(chan struct{})
	go func() { io.Copy(logs, r); close(copied) }()
	return "http://" + addr, cmd, func() string { <-copied; return logs.String() }
}

// TestServeWithCurl: curl's answers from a spawned validate serve, then a graceful stop
// on SIGTERM that finishes a request still sending its body.
func TestServeWithCurl(t *testing.T) {
	curl := needTool(t, "curl")
	base, cmd, logs := spawnServe(t)
	run := func(args ...string) string {
		out, err := exec.Command(curl, append([]string{"-sS", "-o", "-", "-w", " %{http_code}"}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("curl %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	auth := "Authorization: Bearer sk_test"
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-H", auth, "--json", "@testdata/long-thread-item.json", base + "/api/v2/posts"},
			`"code":"post_too_long","message":"post 4 of the thread is 312 graphemes; the cap for twitter is 280 (overflow begins at byte 307) (at /platforms/0/platformSpecificData/threadItems/2/content)","path":"/platforms/0/platformSpecificData/threadItems/2/content"}` + "\n 400"},
		{[]string{"-H", auth, "--json", "@testdata/ambiguous-account.json", base + "/api/v2/posts"}, `"code":"ambiguous_account"`},
		{[]string{"-H", auth, "-H", "X-Request-Id: c1", "--json", "@testdata/scheduled.json", base + "/api/v2/posts"},
			`{"success":true,"status":"pending","scheduledFor":"2030-01-15T09:30:00Z","postId":"sandbox_c1","platforms":[{"platform":"twitter","success":true}]}` + "\n 202"},
		{[]string{"--json", "@testdata/scheduled.json", base + "/api/v2/posts"}, `{"error":"Unauthorized","code":"unauthorized"`},
		{[]string{"-H", auth, "--data-binary", "@testdata/scheduled.json", base + "/api/v2/posts"}, `"code":"unsupported_media_type"`}, // curl -d sends a form type
		{[]string{"-H", auth, "--json", "@testdata/draft-publish.json", base + "/api/v2/drafts/d1/publish"}, `"status":"scheduled"`},
		{[]string{"-H", auth, "--json", "@testdata/draft-publish.json", base + "/api/v2/drafts/d1/publish"}, `"code":"draft_not_found"`},
		{[]string{base + "/healthz"}, `{"ok":true,"version":"` + rules.Version + `","book":"` + rules.BookRevision + `",`},
		// --compressed asks for gzip and inflates it; -D - shows the headers it came with.
		{[]string{"--compressed", "-D", "-", base + "/openapi.json"}, "Content-Encoding: gzip"},
		{[]string{"--compressed", base + "/openapi.json"}, `"openapi": "3.1`},
		{[]string{base + "/metrics"}, `postrules_http_requests_total{endpoint="/api/v2/posts",status="400",rule="twitter.text.max"} 1`},
	}
	for _, tt := range tests {
		if got := run(tt.args...); !strings.Contains(got, tt.want) {
			t.Errorf("curl %v:\n%s\nwant it to contain\n%s", tt.args, got, tt.want)
		}
	}

	// A request in flight when SIGTERM comes is finished before the process exits 0.
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := okPost
	fmt.Fprintf(conn, "POST /api/v2/posts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer k\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body[:10])
	time.Sleep(100 * time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	fmt.Fprint(conn, body[10:])
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	answer, _ := io.ReadAll(conn)
	if !bytes.HasPrefix(answer, []byte("HTTP/1.1 202 Accepted\r\n")) {
		t.Errorf("the request in flight got %q", answer)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("validate serve after SIGTERM: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("validate serve did not stop after SIGTERM")
	}
	lines := parseLogs(t, logs())
	if last := lines[len(lines)-1]; last["msg"] != "stopped" {
		t.Errorf("last log line %v", last)
	}
	requests := 0
	for _, l := range lines {
		if l["msg"] == "request" {
			requests++
			if id, _ := l["id"].(string); id == "" || l["status"] == nil {
				t.Errorf("request log line without id or status: %v", l)
			}
		}
	}
	if requests != len(tests)+1 {
		t.Errorf("%d request log lines for %d requests", requests, len(tests)+1)
	}
}

// TestServeWithPython: a Python standard-library client gets the API's answers.
func TestServeWithPython(t *testing.T) {
	python := needTool(t, "python3")
	ts := newTestServe(t, false, 0)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, python, "testdata/serve/client.py", ts.URL).CombinedOutput()
	if err != nil {
		t.Fatalf("client.py: %v\n%s", err, out)
	}
	want := `202 pending twitter
400 post_too_long /platforms/0/platformSpecificData/threadItems/0/content
409 ambiguous_account /platforms/0/platform
401 unauthorized 
415 unsupported_media_type 
400 malformed_json 
200 publishing twitter
404 draft_not_found 
200 True ` + rules.Version + ` ` + rules.BookVersion + `
`
	if string(out) != want {
		t.Errorf("client.py printed:\n%s\nwant:\n%s", out, want)
	}
}

// serveLog is one JSON log line of validate serve.
type serveLog map[string]any

func parseLogs(t *testing.T, s string) []serveLog {
	t.Helper()
	var out []serveLog
	for _, line := range strings.Split(strings.TrimSpace(s), "\n") {
		var l serveLog
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("log line not JSON: %q", line)
		}
		out = append(out, l)
	}
	return out
}
