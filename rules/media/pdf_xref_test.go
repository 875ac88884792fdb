package media

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPDFEntryWidthsAndDamage: PDFs that qpdf reads must not be refused. Each case is the
// two-page seed with its cross-reference rewritten: entries of 19 and 21 bytes (one- and
// three-byte ends of line, which writers produce and qpdf accepts), and a startxref that
// points at the wrong place (qpdf rebuilds the table; the probe leaves the page count
// out, saying so). qpdf's page count is the reference; the committed 19- and 21-byte
// seeds are two of these files (testdata/README.md).
func TestPDFEntryWidthsAndDamage(t *testing.T) {
	if _, err := exec.LookPath("qpdf"); err != nil {
		t.Fatal("qpdf is missing: run bash .ci/deps (it installs Debian's qpdf)")
	}
	doc := seed(t, "document.pdf")
	i := bytes.Index(doc, []byte("xref\n"))
	j := bytes.Index(doc, []byte("trailer"))
	// withEOL ends every entry of the seed's table with eol instead of " \n"; the table
	// is after the objects, so no offset moves but startxref's target, which does not.
	withEOL := func(eol string) []byte {
		table := strings.ReplaceAll(string(doc[i:j]), " \n", eol)
		table = strings.Replace(table, "0 5"+eol, "0 5\n", 1)
		return append(append(append([]byte{}, doc[:i]...), table...), doc[j:]...)
	}
	tests := []struct {
		why    string
		b      []byte
		pages  int    // the probe's count: qpdf's, or 0 with unread
		unread string // what the probe says it left out
	}{
		{"19-byte entries (\\n alone), as py-pdf's grayscale-image.pdf has", withEOL("\n"), 2, ""},
		{"19-byte entries (\\r alone)", withEOL("\r"), 2, ""},
		{"20-byte entries, \\r\\n", withEOL("\r\n"), 2, ""},
		{"21-byte entries (space, \\r\\n)", withEOL(" \r\n"), 2, ""},
		{"a startxref that points into an object: qpdf rebuilds the table",
			bytes.Replace(doc, []byte("startxref\n245"), []byte("startxref\n100"), 1), 0, "the page count: the cross-reference points at"},
		{"a startxref past the end of the file",
			bytes.Replace(doc, []byte("startxref\n245"), []byte("startxref\n999"), 1), 0, "the page count: startxref at byte"},
	}
	dir := t.TempDir()
	for k, tt := range tests {
		path := filepath.Join(dir, "case.pdf")
		if err := os.WriteFile(path, tt.b, 0o644); err != nil {
			t.Fatal(err)
		}
		if q := qpdfPagesLoose(t, path); q != 2 {
			t.Errorf("case %d (%s): qpdf counts %d pages, the test meant 2", k, tt.why, q)
		}
		f, err, _ := probeBytes(t, tt.b)
		if err != nil {
			t.Errorf("%s: refused: %v", tt.why, err)
			continue
		}
		got := strings.Join(f.Unread, "; ")
		if f.Pages != tt.pages || (tt.unread == "") != (got == "") || !strings.Contains(got, tt.unread) {
			t.Errorf("%s: pages %d, unread %q; want %d, %q", tt.why, f.Pages, got, tt.pages, tt.unread)
		}
		checkCost(t, tt.b)
	}
	for _, name := range []string{"xref-19-byte.pdf", "xref-21-byte.pdf"} {
		want := map[string][]byte{"xref-19-byte.pdf": withEOL("\n"), "xref-21-byte.pdf": withEOL(" \r\n")}[name]
		if !bytes.Equal(seed(t, name), want) {
			t.Errorf("testdata/%s is not the seed with its entries rewritten", name)
		}
	}
}

// qpdfPagesLoose is qpdf's page count of a file qpdf may warn about (exit status 3: it
// rebuilt a damaged cross-reference).
func qpdfPagesLoose(t *testing.T, path string) int {
	t.Helper()
	out, err := exec.Command("qpdf", "--show-npages", path).Output()
	if e, ok := err.(*exec.ExitError); err != nil && (!ok || e.ExitCode() != 3) {
		t.Fatalf("qpdf --show-npages %s: %v", path, err)
	}
	n := 0
	for _, c := range strings.TrimSpace(string(out)) {
		n = n*10 + int(c-'0')
	}
	return n
}
