package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/postrules/postrules/rules/lifecycle"
)

func TestDraftFileName(t *testing.T) {
	tests := []struct{ id, want, why string }{
		{"d1", "d1.json", "a plain id"},
		{"spring-notes_2", "spring-notes_2.json", "dashes and underscores"},
		{"", "", "no id"},
		{"../secret", "", "a path out of DIR"},
		{"a/b", "", "a path separator"},
		{`a\b`, "", "a Windows separator"},
		{".hidden", "", "a leading dot (., .., dot files)"},
		{"a\x00b", "", "a NUL byte"},
		{strings.Repeat("d", 201), "", "longer than a file name may be"},
	}
	for _, tc := range tests {
		if got := draftFileName(tc.id); got != tc.want {
			t.Errorf("draftFileName(%q) = %q, want %q (%s)", tc.id, got, tc.want, tc.why)
		}
	}
}

// The life of one draft in a directory: saved, claimed (publishing), refused (saved
// again), claimed, published (gone); an id that is no file name is simply not there.
func TestDirDraftsLifecycle(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "d1.json"), []byte(`{"content":"x"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := newDirDrafts(dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	step := func(what string, want lifecycle.DraftState) []byte {
		t.Helper()
		body, got, err := d.Begin(ctx, "d1")
		if err != nil || got != want {
			t.Fatalf("%s: Begin = %q, %v; want %q", what, got, err, want)
		}
		return body
	}
	if body := step("first claim", lifecycle.DraftSaved); string(body) != `{"content":"x"}` {
		t.Errorf("claimed body %q", body)
	}
	if body := step("while claimed", lifecycle.DraftPublishing); string(body) != `{"content":"x"}` {
		t.Errorf("a claimed draft is read too (its 400s come before the 409): %q", body)
	}
	if err := d.Finish(ctx, "d1", false); err != nil {
		t.Fatal(err)
	}
	step("refused, so saved again", lifecycle.DraftSaved)
	if err := d.Finish(ctx, "d1", true); err != nil {
		t.Fatal(err)
	}
	step("published", lifecycle.DraftDeleted)
	if _, err := os.Stat(filepath.Join(dir, publishedDir, "d1.json")); err != nil {
		t.Errorf("the published draft is not kept in published/: %v", err)
	}
	if _, st, err := d.Begin(ctx, "../d1"); st != lifecycle.DraftDeleted || err != nil {
		t.Errorf("a path as id: %q %v", st, err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, _, err := d.Begin(cancelled, "d2"); err == nil {
		t.Error("a cancelled Begin claims nothing and says so")
	}
}

// Three real validate serve processes share one drafts directory; every draft is
// published by many concurrent requests spread over the three. Each draft is accepted
// exactly once; every other answer is 409 draft_already_publishing or 404
// draft_not_found, and the directory ends with every draft in published/.
func TestServeProcessesShareDrafts(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "validate")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("building validate: %v\n%s", err, out)
	}
	drafts := filepath.Join(dir, "drafts")
	if err := os.Mkdir(drafts, 0o755); err != nil {
		t.Fatal(err)
	}
	draft, err := os.ReadFile("testdata/draft.json")
	if err != nil {
		t.Fatal(err)
	}
	const nDrafts, perServer = 12, 4
	for i := range nDrafts {
		if err := os.WriteFile(filepath.Join(drafts, fmt.Sprintf("d%d.json", i)), draft, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var bases []string
	for range 3 {
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
		bases = append(bases, "http://"+serveAddr(t, r))
		go io.Copy(io.Discard, r)
	}
	type answer struct {
		draft  int
		status int
		code   string
	}
	answers := make(chan answer, nDrafts*3*perServer)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range nDrafts {
		for _, base := range bases {
			for range perServer {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					req, _ := http.NewRequest("POST", fmt.Sprintf("%s/api/v2/drafts/d%d/publish", base, i), strings.NewReader(`{"publishNow":true}`))
					req.Header.Set("Authorization", "Bearer sk_test")
					res, err := http.DefaultClient.Do(req)
					if err != nil {
						t.Error(err)
						return
					}
					defer res.Body.Close()
					var e struct{ Code string }
					json.NewDecoder(res.Body).Decode(&e)
					answers <- answer{i, res.StatusCode, e.Code}
				}()
			}
		}
	}
	close(start)
	wg.Wait()
	close(answers)
	accepted := make([]int, nDrafts)
	for a := range answers {
		switch {
		case a.status/100 == 2:
			accepted[a.draft]++
		case a.status == 409 && a.code == "draft_already_publishing", a.status == 404 && a.code == "draft_not_found":
		default:
			t.Errorf("d%d: %d %s", a.draft, a.status, a.code)
		}
	}
	for i, n := range accepted {
		if n != 1 {
			t.Errorf("d%d was published %d times by 3 processes; want exactly once", i, n)
		}
		if _, err := os.Stat(filepath.Join(drafts, publishedDir, fmt.Sprintf("d%d.json", i))); err != nil {
			t.Errorf("d%d is not in published/: %v", i, err)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(drafts, "*.json")); len(left) != 0 {
		t.Errorf("drafts left saved: %v", left)
	}
	if left, _ := filepath.Glob(filepath.Join(drafts, claimedDir, "*")); len(left) != 0 {
		t.Errorf("drafts left claimed: %v", left)
	}
}
