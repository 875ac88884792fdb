package urls

import (
	"testing"

	"github.com/postrules/postrules/rules/internal/urls/internal/canondata"
	"github.com/postrules/postrules/rules/internal/urls/internal/urlclass"
)

// readCanon reads testdata/canonicalize.txt, the JavaScript engine's Canonicalize for
// every BMP code unit it changes (written by ../../xweight/testdata/oracle/gen_casefold.js),
// into a full BMP table.
func readCanon(t testing.TB) *[0x10000]rune {
	t.Helper()
	tab, err := canondata.Canonicalize("testdata/canonicalize.txt")
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// TestCaseFoldTables checks the form of the tables of casefold_table.go that the lookups
// (inRanges, canon) rely on, as gen_casefold.go writes them: ranges sorted, each lo <= hi,
// separated by a gap (adjacent ranges are merged), all above ASCII; canonFrom strictly
// increasing above ASCII, with canonTo beside it, every entry a change that stays out of
// ASCII and agrees with testdata/canonicalize.txt, every such change listed.
// TestCanonMatchesData checks what they hold code point by code point.
func TestCaseFoldTables(t *testing.T) {
	for name, rs := range map[string][]uint16{
		"pathCharFolded": pathCharFolded[:], "pathEndFolded": pathEndFolded[:], "latinAccentFolded": latinAccentFolded[:],
	} {
		if len(rs) == 0 || len(rs)%2 != 0 {
			t.Fatalf("%s: %d entries, want lo, hi pairs", name, len(rs))
		}
		for i := 0; i < len(rs); i += 2 {
			if rs[i] < 0x80 || rs[i] > rs[i+1] || i > 0 && rs[i] <= rs[i-1]+1 {
				t.Errorf("%s: range %#04x-%#04x after %v", name, rs[i], rs[i+1], rs[max(i-2, 0):i])
			}
		}
	}
	tab := readCanon(t)
	changed := 0
	for r := 0x80; r < 0x10000; r++ {
		if tab[r] != rune(r) {
			changed++
		}
	}
	if len(canonFrom) != len(canonTo) || len(canonFrom) != changed {
		t.Fatalf("canonFrom %d, canonTo %d entries; canonicalize.txt changes %d non-ASCII code units",
			len(canonFrom), len(canonTo), changed)
	}
	for i, from := range canonFrom {
		if from < 0x80 || i > 0 && from <= canonFrom[i-1] || canonTo[i] < 0x80 || rune(canonTo[i]) != tab[from] {
			t.Errorf("entry %d: canonFrom %#04x, canonTo %#04x, canonicalize.txt %#04x", i, from, canonTo[i], tab[from])
		}
	}
}

// TestCanonMatchesData checks canon, and every predicate built on the folded tables,
// against the data for every BMP code point, by the definition: ch matches a class when
// some member has the same canonical form.
func TestCanonMatchesData(t *testing.T) {
	tab := readCanon(t)
	member := func(pred func(rune) bool) map[rune]bool {
		m := map[rune]bool{}
		for r := rune(0); r < 0x10000; r++ {
			if pred(r) {
				m[tab[r]] = true
			}
		}
		return m
	}
	path, end := member(urlclass.PathChar), member(urlclass.PathEnd)
	asciiDom := member(func(r rune) bool { return urlclass.LatinAccent(r) || (r < 0x80 && (isASCIIAlnum(r) || r == '-')) })
	for r := rune(0); r < 0x10000; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		k := tab[r]
		if canon(r) != k {
			t.Errorf("canon(U+%04X) = U+%04X, data U+%04X", r, canon(r), k)
		}
		if tab[k] != k {
			t.Errorf("Canonicalize is not idempotent at U+%04X (the TLD trie relies on it)", r)
		}
		if r >= 0x80 && k < 0x80 {
			t.Errorf("U+%04X canonicalises to ASCII", r)
		}
		if isPathChar(r) != path[k] || isPathEnd(r) != end[k] || isASCIIDomainChar(r) != asciiDom[k] {
			t.Errorf("U+%04X: path %v/%v end %v/%v domain %v/%v", r, isPathChar(r), path[k], isPathEnd(r), end[k], isASCIIDomainChar(r), asciiDom[k])
		}
	}
}

// TestNegatedClassesUnchanged backs leaving the negated and ASCII classes as they are
// written: no code point canonicalises onto the canonical form of a punctuation, space,
// invalid or directional character (validDomainChars, validUrlPrecedingChars) unless it is
// one, and ASCII classes take no non-ASCII character.
func TestNegatedClassesUnchanged(t *testing.T) {
	tab := readCanon(t)
	special := func(r rune) bool {
		return (r < 0x80 && isPunct(r)) || isSpace(r) || isInvalid(r) || isDirectional(r) ||
			r == '@' || r == 0xFF20 || r == '$' || r == '#' || r == 0xFF03 || (r < 0x80 && isASCIIAlnum(r))
	}
	forms := map[rune][]rune{}
	for r := rune(0); r < 0x10000; r++ {
		forms[tab[r]] = append(forms[tab[r]], r)
	}
	for r := rune(0); r < 0x10000; r++ {
		if !special(r) {
			continue
		}
		for _, o := range forms[tab[r]] {
			if !special(o) {
				t.Errorf("U+%04X shares its canonical form with U+%04X", o, r)
			}
		}
	}
}
