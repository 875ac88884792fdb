package rules

import (
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rivo/uniseg"
)

// tableClass is the class graphemes_table.go gives the code point r.
func tableClass(r rune) uint8 {
	if r < graphemeTableEnd {
		return graphemeTableClass(r)
	}
	return graphemeAstralClass(r)
}

// oneCluster reports whether uniseg segments s as a single cluster.
func oneCluster(s string) bool {
	c, _, _, _ := uniseg.FirstGraphemeClusterInString(s, -1)
	return len(c) == len(s)
}

// probedClass derives r's class from uniseg's behaviour, independently of the generator:
// each question is a UAX #29 rule that only the code points of some classes obey.
func probedClass(r rune) uint8 {
	if r >= 0xD800 && r <= 0xDFFF {
		return graphemeNone // not encodable: a Go string holds U+FFFD instead
	}
	c := string(r)
	const emoji = "\U0001F600"
	switch {
	case oneCluster("a" + c): // GB9, GB9a: it joins a letter
		switch {
		case oneCluster(emoji + c + emoji): // GB11 with nothing between
			return graphemeZWJ
		case oneCluster(emoji + c + "\u200d" + emoji): // GB11 allows Extend before the ZWJ
			return graphemeExtend
		}
		return graphemeSpacingMark
	case !oneCluster(c + "\u0301"): // GB4: nothing joins after CR, LF, Control
		if oneCluster(c + "\n") { // GB3: CR LF
			return graphemeOther
		}
		return graphemeControl
	case oneCluster(c + "a"): // GB9b: Prepend
		return graphemeOther
	case oneCluster(c + c): // GB6-8 (L, V, T) or GB12/13 (Regional_Indicator)
		if oneCluster(c + c + c) {
			return graphemeOther // jamo: any number join
		}
		return graphemeRegional
	case oneCluster(c + "\u11a8"): // GB7/8: LV and LVT take a trailing jamo
		return graphemeSyllable
	case oneCluster(c + "\u200d" + emoji): // GB11
		return graphemePictograph
	}
	return graphemePlain
}

// The committed table must be what probing uniseg gives today, for every code point: run
// `go generate ./rules` when this fails after a uniseg upgrade.
func TestGraphemeTableMatchesUniseg(t *testing.T) {
	counts := map[uint8]int{}
	bad := 0
	for r := rune(0); r <= utf8.MaxRune; r++ {
		got, want := tableClass(r), probedClass(r)
		counts[want]++
		if got != want {
			if bad++; bad <= 20 {
				t.Errorf("U+%04X: the table says class %d, uniseg behaves as class %d", r, got, want)
			}
		}
	}
	if bad > 20 {
		t.Errorf("... %d code points in all disagree; run go generate ./rules", bad)
	}
	// A table that classed everything alike would pass nothing above; this guards the
	// probes themselves against a uniseg that suddenly answered everything alike.
	for class, least := range map[uint8]int{graphemeOther: 100, graphemeExtend: 1000,
		graphemeZWJ: 1, graphemeSpacingMark: 100, graphemePlain: 100000, graphemePictograph: 1000,
		graphemeSyllable: 11172, graphemeRegional: 26, graphemeControl: 1000, graphemeNone: 2048} {
		if counts[class] < least {
			t.Errorf("only %d code points of class %d, expected at least %d", counts[class], class, least)
		}
	}
}

// Spot checks that say what the classes mean, in case the probes above and the generator
// share a mistake.
func TestGraphemeTableKnownCodePoints(t *testing.T) {
	tests := []struct {
		r    rune
		want uint8
		why  string
	}{
		{'a', graphemePlain, "ASCII letter"},
		{' ', graphemePlain, "space"},
		{'\n', graphemeControl, "LF"},
		{'\t', graphemeControl, "tab"},
		{0x7F, graphemeControl, "DEL"},
		{'\r', graphemeOther, "CR joins a following LF"},
		{0x00E9, graphemePlain, "é"},
		{0x00AD, graphemeControl, "soft hyphen is Control in UAX #29"},
		{0x00A9, graphemePictograph, "© is Extended_Pictographic"},
		{0x0301, graphemeExtend, "combining acute accent"},
		{0x0600, graphemeOther, "Arabic number sign is Prepend"},
		{0x05D0, graphemePlain, "Hebrew alef"},
		{0x0627, graphemePlain, "Arabic alef"},
		{0x0915, graphemePlain, "Devanagari KA"},
		{0x094D, graphemeExtend, "Devanagari virama"},
		{0x0903, graphemeSpacingMark, "Devanagari visarga"},
		{0x0E33, graphemeSpacingMark, "Thai SARA AM"},
		{0x1100, graphemeOther, "Hangul L"},
		{0x1161, graphemeOther, "Hangul V"},
		{0x11A8, graphemeOther, "Hangul T"},
		{0x200B, graphemeControl, "zero width space"},
		{0x200C, graphemeExtend, "ZWNJ is Extend"},
		{0x200D, graphemeZWJ, "ZWJ"},
		{0x2028, graphemeControl, "line separator"},
		{0x3042, graphemePlain, "hiragana A"},
		{0x3099, graphemeExtend, "combining kana voiced mark"},
		{0x4E00, graphemePlain, "CJK ideograph"},
		{0xAC00, graphemeSyllable, "Hangul LV"},
		{0xAC01, graphemeSyllable, "Hangul LVT"},
		{0xD7A3, graphemeSyllable, "the last Hangul syllable"},
		{0xD800, graphemeNone, "surrogate"},
		{0xDFFF, graphemeNone, "surrogate"},
		{0xFE0F, graphemeExtend, "variation selector 16"},
		{0xFEFF, graphemeControl, "BOM / ZWNBSP is Control"},
		{0xFFFD, graphemePlain, "replacement character: what an invalid byte counts as"},
		{0x1F1E6, graphemeRegional, "regional indicator A"},
		{0x1F1FF, graphemeRegional, "regional indicator Z"},
		{0x1F3FB, graphemeExtend, "skin tone modifier is Extend in Unicode 15.0"},
		{0x1F600, graphemePictograph, "grinning face"},
		{0x1FFFD, graphemePictograph, "unassigned, but Extended_Pictographic"},
		{0x20000, graphemePlain, "CJK extension B: the first code point past the two-stage table"},
		{0xE0001, graphemeControl, "language tag"},
		{0xE0020, graphemeExtend, "tag space"},
		{0xE0100, graphemeExtend, "variation selector 17"},
		{0xF0000, graphemePlain, "private use"},
		{0x10FFFF, graphemePlain, "the last code point"},
	}
	for _, tt := range tests {
		if got := tableClass(tt.r); got != tt.want {
			t.Errorf("class of U+%04X = %d, want %d (%s)", tt.r, got, tt.want, tt.why)
		}
	}
}

// graphemeNeighbours are texts that stand next to every code point in
// TestKnownSpanEveryCodePoint: one or more of each class, the sequences that make a
// state (a pictograph before a ZWJ), invalid bytes, and a run of ASCII long enough for
// asciiSpan.
var graphemeNeighbours = []string{
	"a", " ", "\u00e9", "\u65e5", "\U00020000", // plain, of each width
	"\u0301", "\U0001F3FD", "\u200c", // Extend
	"\u200d", "\u0903", "\u0e33", // ZWJ, SpacingMark
	"\U0001F600", "\u00a9", "\U0001F600\u200d", "\u200d\U0001F600", // pictographs
	"\uac00", "\uac01", // LV, LVT
	"\U0001F1EB", "\U0001F1EB\U0001F1F7", // regional indicators
	"\n", "\t", "\u0085", "\u200b", "\U000E0001", // LF and controls
	"\r", "\r\n", "\u0600", "\u1100", "\u1161", "\u11a8", // CR, Prepend, L, V, T
	"\xff", "\xed\xa0\x80", "\xe0\x80\x80", "\xf4\x90\x80\x80", "\xe6\x97", // invalid
	"the quick brown fox jumps", // asciiSpan's
}

// The fast path next to every code point: r before and after each neighbour, repeated
// (r r r: flags pair, jamo chain), counted by CountGraphemes and Measure, must give
// uniseg's clusters. Every code point that is not plain is tried (about 24,000), and
// every 61st plain one (all of Latin-1); the table test above has already shown that every
// plain code point is what uniseg calls Other.
func TestKnownSpanEveryCodePoint(t *testing.T) {
	var b strings.Builder
	failures := 0
	for r := rune(0); r <= utf8.MaxRune; r++ {
		switch class := tableClass(r); {
		case class == graphemeNone:
			continue // surrogates: not encodable
		case class == graphemePlain && r >= 0x100 && r%61 != 0:
			continue
		}
		c := string(r)
		b.Reset()
		for _, x := range graphemeNeighbours {
			b.WriteString(c)
			b.WriteString(x)
		}
		b.WriteString(c + c + c)
		s := b.String()
		want := uniseg.GraphemeClusterCount(s)
		if got := CountGraphemes(s); got != want {
			t.Errorf("U+%04X (class %d): CountGraphemes(%+q) = %d, uniseg says %d", r, tableClass(r), s, got, want)
			failures++
		}
		if r%7 == 0 { // Measure is slower to check: every 7th
			if !measureMatchesUniseg(t, s, want/2) {
				failures++
			}
		}
		if failures > 10 {
			t.Fatal("too many failures")
		}
	}
}

// measureMatchesUniseg checks Measure(s, limit) for a text s that is invalid UTF-8 only in
// the bytes of graphemeNeighbours: its overflow offset and, if the bad bytes come later,
// its exact length.
func measureMatchesUniseg(t *testing.T, s string, limit int) bool {
	t.Helper()
	ends := referenceClusterEnds(s, math.MaxInt)
	m, err := GraphemeCounter().Measure(s, limit)
	wantOverflow := 0
	if limit > 0 {
		wantOverflow = ends[limit-1]
	}
	bad := referenceFirstInvalid(s)
	switch {
	case bad >= 0 && bad < wantOverflow:
		if err == nil || m.Fits() {
			t.Errorf("Measure(%+q, %d) = %+v, %v: the invalid byte at %d lies before the cap", s, limit, m, err, bad)
			return false
		}
	case m.OverflowAt != wantOverflow:
		t.Errorf("Measure(%+q, %d).OverflowAt = %d, want %d", s, limit, m.OverflowAt, wantOverflow)
		return false
	case bad < 0 && (err != nil || m.Length != len(ends) || !m.Exact):
		t.Errorf("Measure(%+q, %d) = %+v, %v, want %d clusters", s, limit, m, err, len(ends))
		return false
	}
	return true
}
