package golden

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB that records failures instead of failing the test.
type recorder struct {
	testing.TB
	failed []string
}

func (r *recorder) Helper()                      {}
func (r *recorder) Name() string                 { return "TestX" }
func (r *recorder) Errorf(f string, args ...any) { r.failed = append(r.failed, f) }
func (r *recorder) Fatalf(f string, args ...any) { r.failed = append(r.failed, f); panic(stop{}) }
func (r *recorder) Fatal(args ...any)            { r.failed = append(r.failed, "fatal"); panic(stop{}) }

// stop ends a Check at a Fatal, as testing's Goexit would.
type stop struct{}

// check runs Check with r, ending where a Fatal would.
func check(r *recorder, path, got string, update bool) {
	defer func() {
		if v := recover(); v != nil && v != (stop{}) {
			panic(v)
		}
	}()
	Check(r, path, []byte(got), update, "pkg")
}

func TestCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "out.json")
	r := &recorder{TB: t}
	check(r, path, "one", false)
	if len(r.failed) != 1 || !strings.Contains(r.failed[0], "to create it") {
		t.Fatalf("a missing golden file must fail and say how to create it: %q", r.failed)
	}
	r.failed = nil
	check(r, path, "one", true)
	if b, err := os.ReadFile(path); err != nil || string(b) != "one" || len(r.failed) != 0 {
		t.Fatalf("update must write the file: %q %v %q", b, err, r.failed)
	}
	check(r, path, "one", false)
	if len(r.failed) != 0 {
		t.Fatalf("equal output must pass: %q", r.failed)
	}
	check(r, path, "two", false)
	if len(r.failed) != 1 || !strings.Contains(r.failed[0], "differs") {
		t.Fatalf("different output must fail: %q", r.failed)
	}
}
