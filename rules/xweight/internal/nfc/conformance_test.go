package nfc

import (
	"bufio"
	"compress/bzip2"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestNormalizationTest runs Unicode's conformance test for NFC (testdata/README.md):
// for every line c1;c2;c3;c4;c5 of part 0-3, c2 == NFC(c1) == NFC(c2) == NFC(c3) and
// c4 == NFC(c4) == NFC(c5); and every code point that part 1 does not list is its own
// NFC. isNFC must agree with String on every column.
func TestNormalizationTest(t *testing.T) {
	f, err := os.Open("testdata/NormalizationTest-" + unicodeVersion + ".txt.bz2")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(bzip2.NewReader(f))
	part, lines := "", 0
	listed := map[rune]bool{}
	for sc.Scan() {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		if line = strings.TrimSpace(line); line == "" {
			continue
		}
		if strings.HasPrefix(line, "@") {
			part = strings.Fields(line)[0]
			continue
		}
		cols := strings.Split(line, ";")
		if len(cols) < 5 {
			t.Fatalf("line %q", line)
		}
		var c [5]string
		for i := range c {
			for _, h := range strings.Fields(cols[i]) {
				r, err := strconv.ParseUint(h, 16, 32)
				if err != nil {
					t.Fatalf("line %q: %v", line, err)
				}
				c[i] += string(rune(r))
			}
		}
		if part == "@Part1" {
			r, _ := utf8.DecodeRuneInString(c[0])
			listed[r] = true
		}
		lines++
		for i, want := range [5]string{c[1], c[1], c[1], c[3], c[3]} {
			got := String(c[i])
			if got != want {
				t.Errorf("%s %s: NFC(c%d %+q) = %+q, want %+q", part, line, i+1, c[i], got, want)
			}
			if isNFC(c[i]) != (got == c[i]) {
				t.Errorf("%s %s: isNFC(c%d %+q) = %v", part, line, i+1, c[i], isNFC(c[i]))
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if lines < 18000 || len(listed) < 10000 {
		t.Fatalf("read %d lines, %d code points in part 1: is the file whole?", lines, len(listed))
	}
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF || listed[r] {
			continue
		}
		if s := string(r); String(s) != s || !isNFC(s) {
			t.Errorf("U+%04X is not in part 1, yet NFC changes it to %+q", r, String(s))
		}
	}
}
