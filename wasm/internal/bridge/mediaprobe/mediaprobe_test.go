package mediaprobe

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
)

// testFiles are the probe's own test files.
func testFiles(t testing.TB) []string {
	files, err := filepath.Glob("../../../../rules/media/testdata/*.*")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range files {
		if !strings.HasSuffix(f, ".md") {
			out = append(out, f)
		}
	}
	if len(out) < 15 {
		t.Fatalf("only %d test files", len(out))
	}
	return out
}

// fetchFrom is a Fetch over b that records what it was asked.
func fetchFrom(b []byte, asked *[][2]int64) Fetch {
	return func(p []byte, off int64) error {
		*asked = append(*asked, [2]int64{off, off + int64(len(p))})
		if off < 0 || off+int64(len(p)) > int64(len(b)) {
			return errors.New("fetch outside the file")
		}
		copy(p, b[off:])
		return nil
	}
}

// Whatever the window, the report is the one of the file read directly.
func TestWindowGivesTheDirectReport(t *testing.T) {
	for _, name := range testFiles(t) {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		size := int64(len(b))
		want, f := Report(filepath.Base(name), bytes.NewReader(b), size, rules.Platforms())
		if f != nil {
			t.Fatal(f.Message)
		}
		for _, prefix := range []int64{size, size / 2, 7} { // whole, truncated, a few bytes
			direct, _ := Report("x", bytes.NewReader(b[:prefix]), prefix, rules.Platforms())
			for _, min := range []int{0, 1, 16, 4096, MinFetch, 1 << 20} {
				var asked [][2]int64
				got, f := Report("x", NewWindow(fetchFrom(b[:prefix], &asked), prefix, min), prefix, rules.Platforms())
				if f != nil {
					t.Fatal(f.Message)
				}
				if !bytes.Equal(got, direct) {
					t.Errorf("%s[:%d], min %d:\n got %s\nwant %s", name, prefix, min, got, direct)
				}
			}
		}
		if !bytes.HasPrefix(want, []byte(`{"file":"`+filepath.Base(name)+`"`)) {
			t.Errorf("%s", want)
		}
	}
}

func TestWindowReadAt(t *testing.T) {
	b := make([]byte, 1000)
	for i := range b {
		b[i] = byte(i)
	}
	var asked [][2]int64
	w := NewWindow(fetchFrom(b, &asked), 1000, 100)
	p := make([]byte, 10)
	read := func(off int64) (int, error) { return w.ReadAt(p, off) }
	if n, err := read(0); n != 10 || err != nil || p[9] != 9 {
		t.Fatalf("%d %v %v", n, err, p)
	}
	if n, err := read(50); n != 10 || err != nil || p[0] != 50 || len(asked) != 1 {
		t.Fatalf("a read inside the window fetched: %v", asked)
	}
	if n, err := read(995); n != 5 || err != io.EOF || p[4] != b[999] {
		t.Fatalf("at the end: %d %v", n, err)
	}
	if got := asked[len(asked)-1]; got != [2]int64{900, 1000} {
		t.Errorf("a small read near the end fetches the last window: %v", got)
	}
	if n, err := read(1000); n != 0 || err != io.EOF {
		t.Errorf("past the end: %d %v", n, err)
	}
	if _, err := read(-1); err == nil {
		t.Error("a negative offset reads")
	}
	big := make([]byte, 300)
	asked = nil
	if n, err := w.ReadAt(big, 100); n != 300 || err != nil || big[0] != 100 || len(asked) != 1 || asked[0] != [2]int64{100, 400} {
		t.Errorf("a large read goes straight through: %v", asked)
	}
	failing := NewWindow(func([]byte, int64) error { return errors.New("gone") }, 1000, 100)
	if _, err := failing.ReadAt(p, 0); err == nil || err.Error() != "gone" {
		t.Errorf("a failed fetch: %v", err)
	}
}

func TestPlatforms(t *testing.T) {
	ps, f := Platforms(nil, true)
	if f != nil || len(ps) != 10 {
		t.Fatal(ps, f)
	}
	ps, f = Platforms([]string{}, false)
	if f != nil || len(ps) != 0 {
		t.Fatal(ps, f)
	}
	ps, f = Platforms([]string{"bluesky", "bluesky", "twitter"}, false)
	if f != nil || fmt.Sprint(ps) != "[bluesky bluesky twitter]" {
		t.Fatal(ps, f)
	}
	if _, f = Platforms([]string{"twitter", "twiter"}, false); f == nil || f.Code != apierror.CodeUnknownPlatform || f.Path != "platforms/1" {
		t.Fatalf("%+v", f)
	}
}

// TestFetchCounts prints, for each test file, the fetches and bytes asked of the page
// with no coalescing and with MinFetch (docs/wasm.md, "probeMedia"): go test -v -run
// FetchCounts ./wasm/internal/bridge/mediaprobe
func TestFetchCounts(t *testing.T) {
	for _, name := range testFiles(t) {
		b, _ := os.ReadFile(name)
		line := filepath.Base(name) + fmt.Sprintf(" (%d bytes):", len(b))
		for _, min := range []int{0, 4096, MinFetch} {
			var asked [][2]int64
			w := NewWindow(fetchFrom(b, &asked), int64(len(b)), min)
			if _, err := media.Probe(w, int64(len(b))); err != nil {
				t.Fatal(name, err)
			}
			line += fmt.Sprintf(" min %d: %d fetches, %d bytes;", min, w.Fetches, w.Fetched)
			if min == MinFetch && w.Fetches > 2 {
				t.Errorf("%s: %d fetches with MinFetch", name, w.Fetches)
			}
		}
		t.Log(line)
	}
}
