package media

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestPDFAgainstQPDF writes PDFs in every cross-reference form qpdf (an independent PDF
// library, Debian's qpdf package, installed by .ci/deps) knows: a classic table, a
// cross-reference stream with the catalog and page tree in object streams, linearized
// files of both kinds, an incremental update over a stream, and uncompressed streams;
// each with 1 to 600 pages. The probe's page count must be qpdf's --show-npages.
func TestPDFAgainstQPDF(t *testing.T) {
	if _, err := exec.LookPath("qpdf"); err != nil {
		t.Fatal("qpdf is missing: run bash .ci/deps (it installs Debian's qpdf)")
	}
	dir := t.TempDir()
	qpdf := func(args ...string) {
		t.Helper()
		// Exit code 3 is "succeeded with warnings", which a hand-written seed may cause.
		if out, err := exec.Command("qpdf", args...).CombinedOutput(); err != nil {
			if e, ok := err.(*exec.ExitError); !ok || e.ExitCode() != 3 {
				t.Fatalf("qpdf %s: %v\n%s", strings.Join(args, " "), err, out)
			}
		}
	}
	seedPath, err := filepath.Abs(filepath.Join("testdata", "document.pdf")) // two pages
	if err != nil {
		t.Fatal(err)
	}
	forms := map[string][]string{
		"table":               {"--object-streams=disable"},
		"stream":              {"--object-streams=generate"},
		"stream-linearized":   {"--object-streams=generate", "--linearize"},
		"table-linearized":    {"--object-streams=disable", "--linearize"},
		"stream-uncompressed": {"--object-streams=generate", "--compress-streams=n", "--decode-level=all"},
		"stream-qdf":          {"--object-streams=generate", "--qdf"},
	}
	checked := 0
	for _, pages := range []int{1, 2, 3, 17, 600} {
		// A document of that many pages: the seed's two pages repeated, then cut.
		base := filepath.Join(dir, fmt.Sprintf("base-%d.pdf", pages))
		args := []string{"--empty", "--pages"}
		for range (pages + 1) / 2 {
			args = append(args, seedPath)
		}
		qpdf(append(args, "--", base)...)
		if pages%2 == 1 {
			cut := base + ".cut"
			qpdf(base, "--pages", base, "1-"+strconv.Itoa(pages), "--", cut)
			base = cut
		}
		for name, form := range forms {
			out := filepath.Join(dir, fmt.Sprintf("%s-%d.pdf", name, pages))
			qpdf(append(append([]string{}, form...), base, out)...)
			want := qpdfPages(t, out)
			if want != pages {
				t.Fatalf("%s: qpdf counts %d pages, the test made %d", out, want, pages)
			}
			b, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			f, perr, _ := probeBytes(t, b)
			if perr != nil || f.Pages != want {
				t.Errorf("%s (%d bytes): probe says %d pages (%v); qpdf %d", filepath.Base(out), len(b), f.Pages, perr, want)
			}
			checkCost(t, b)
			checked++
		}
	}
	// An incremental update over a cross-reference stream: qpdf appends a revision whose
	// page tree drops the last page, linked by /Prev.
	src := filepath.Join(dir, "stream-17.pdf")
	upd := filepath.Join(dir, "update.pdf")
	qpdf(src, "--pages", src, "1-16", "--", "--object-streams=generate", upd)
	b, err := os.ReadFile(upd)
	if err != nil {
		t.Fatal(err)
	}
	if f, perr, _ := probeBytes(t, b); perr != nil || f.Pages != qpdfPages(t, upd) {
		t.Errorf("update.pdf: probe says %d pages (%v), qpdf %d", f.Pages, perr, qpdfPages(t, upd))
	}
	if checked != 5*len(forms) {
		t.Fatalf("checked %d files", checked)
	}
}

func qpdfPages(t *testing.T, path string) int {
	t.Helper()
	out, err := exec.Command("qpdf", "--show-npages", path).Output()
	if err != nil {
		t.Fatalf("qpdf --show-npages %s: %v", path, err)
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil {
		t.Fatal(err)
	}
	return n
}
