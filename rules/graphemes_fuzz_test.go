package rules

import (
	"errors"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rivo/uniseg"
)

// graphemeFuzzSeeds are the texts where a fast path goes wrong: ASCII next to marks, ZWJ,
// variation selectors and modifiers at every position of an 8-byte word, CR LF across
// words, controls before marks, prepend characters before ASCII, invalid bytes.
func graphemeFuzzSeeds() []string {
	seeds := []string{
		"", "a", "\r\n", "\n\r", "\r\r\n", "e\u0301", " \u0308", "\t\u0301", "\x7f\u0301",
		"a\u200d", "a\ufe0f", "#\ufe0f\u20e3", "a\U0001F3FD", "a\u0903", "\u06001", "\u0600\r",
		"\U0001F468\u200d\U0001F469\u200d\U0001F467", "\U0001F1EB\U0001F1F7\U0001F1E9",
		"\u1100\u1161\u11a8", "\u0928\u092e\u0938\u094d\u0924\u0947", "\u0e01\u0e33",
		"\xff", "a\xff", "\xff\u0301", "\xe6\x97", "\xed\xa0\x80", "\ufffd",
		"abcdefg\r\nabcdefg", "abcdefg\r" + "\nbcdefgh",
	}
	for i := 0; i <= 9; i++ { // a joiner at each position around a word boundary
		for _, j := range []string{"\u0301", "\u200d", "\ufe0f", "\U0001F3FD", "\r\n", "\xff"} {
			seeds = append(seeds, strings.Repeat("x", i)+j+"yz")
		}
	}
	// Every class knownSpan decides (plain of each width, pictograph, Hangul syllable,
	// regional indicator, control) followed by what may or may not join it: Extend, ZWJ,
	// ZWJ + pictograph, SpacingMark, Prepend, regional indicators, Hangul jamo, emoji,
	// modifiers, CR LF, ASCII, invalid bytes.
	starters := []string{"a", "\u00e9", "\u65e5", "\u3042", "\U00020000", "\U0001F600", "\u00a9",
		"\uac00", "\ud55c", "\U0001F1EB", "\u0085", "\u200b", "\n"}
	followers := []string{"", "\u0301", "\u0301\u0301", "\u200d", "\u200d\U0001F600", "\u0301\u200d\U0001F600",
		"\u0903", "\u0903\u200d\U0001F600", "\u0600", "\u0600a", "\U0001F1EB", "\U0001F1EB\U0001F1F7",
		"\u1100", "\u1161", "\u11a8", "\u1161\u11a8", "\U0001F600", "\U0001F3FD", "\ufe0f",
		"\r\n", "\n", "a", "\xff", "\xed\xa0\x80", "\xe0\x80\x80"}
	for _, a := range starters {
		for _, b := range followers {
			seeds = append(seeds, a+b, a+b+a, "x"+a+b+" "+a+a+a)
		}
	}
	return seeds
}

func FuzzCountGraphemes(f *testing.F) {
	for _, c := range loadBreakCases(f) {
		f.Add(c.Text)
	}
	for _, s := range graphemeFuzzSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := CountGraphemes(s), uniseg.GraphemeClusterCount(s); got != want {
			t.Fatalf("CountGraphemes(%+q) = %d, uniseg.GraphemeClusterCount = %d", s, got, want)
		}
	})
}

// referenceClusterEnds segments s with uniseg alone, one cluster at a time, and returns
// the end of each of its first most clusters (all of them when max is math.MaxInt).
func referenceClusterEnds(s string, most int) []int {
	var ends []int
	state, pos := -1, 0
	for rest := s; len(rest) > 0 && len(ends) < most; {
		var c string
		c, rest, _, state = uniseg.FirstGraphemeClusterInString(rest, state)
		pos += len(c)
		ends = append(ends, pos)
	}
	return ends
}

// referenceFirstInvalid finds the first byte of s that is not valid UTF-8, differently from
// the code under test: ranging over a string yields U+FFFD for each bad byte.
func referenceFirstInvalid(s string) int {
	for i, r := range s {
		if r == utf8.RuneError && !strings.HasPrefix(s[i:], "\ufffd") {
			return i
		}
	}
	return -1
}

// modelExactBytes and modelCeiling restate GraphemeCounter's documented rule for the caps
// the fuzz target uses (under 512, so 32*cap cannot overflow): a text of at most
// max(4096, 32*cap) bytes is counted in full; a longer one up to 2*cap clusters (cap+64
// for caps under 64).
func modelExactBytes(limit int) int { return max(4096, 32*limit) }

func modelCeiling(limit, textLen int) int {
	if textLen <= modelExactBytes(limit) {
		return math.MaxInt
	}
	return limit + max(limit, 64)
}

// checkMeasureModel compares Measure(text, limit) with the documented rule, computed from
// uniseg's segmentation.
func checkMeasureModel(t *testing.T, text string, limit int) {
	m, err := GraphemeCounter().Measure(text, limit)
	name := text
	if len(name) > 200 {
		name = name[:100] + "..." + name[len(name)-100:]
	}

	ceiling := modelCeiling(limit, len(text))
	readMax := ceiling
	if readMax < math.MaxInt {
		readMax++ // one more cluster tells whether the text goes on past the ceiling
	}
	ends := referenceClusterEnds(text, readMax)
	n := len(ends) // every cluster when the text is short, else at most ceiling+1
	read := min(n, ceiling)
	readEnd := 0
	if read > 0 {
		readEnd = ends[read-1]
	}
	wantOverflow := -1
	if n > limit {
		wantOverflow = 0
		if limit > 0 {
			wantOverflow = ends[limit-1]
		}
	}

	if bad := referenceFirstInvalid(text); bad >= 0 && bad < readEnd {
		var e *Error
		if !errors.As(err, &e) || e.Code != CodeInvalidUTF8 || e.Offset != bad {
			t.Fatalf("Measure(%+q, %d) error = %v, want invalid_utf8 at %d", name, limit, err, bad)
		}
		if m.Fits() || m.Exact {
			t.Fatalf("Measure(%+q, %d) = %+v with an error: must not fit", name, limit, m)
		}
		return
	}
	if err != nil {
		t.Fatalf("Measure(%+q, %d): %v (the part read, %d bytes, is valid UTF-8)", name, limit, err, readEnd)
	}
	if m.OverflowAt != wantOverflow {
		t.Fatalf("Measure(%+q, %d).OverflowAt = %d, want %d (the start of cluster %d)", name, limit, m.OverflowAt, wantOverflow, limit+1)
	}
	if m.OverflowAt >= 0 {
		if got := CountGraphemes(text[:m.OverflowAt]); got != limit {
			t.Fatalf("Measure(%+q, %d): the %d bytes before the overflow hold %d clusters", name, limit, m.OverflowAt, got)
		}
	}
	if n <= ceiling {
		if !m.Exact || m.Length != n || m.Length != CountGraphemes(text) {
			t.Fatalf("Measure(%+q, %d) = %+v, want exactly %d clusters (%d bytes, exact up to %d)", name, limit, m, n, len(text), modelExactBytes(limit))
		}
	} else if m.Exact || m.Length != ceiling || CountGraphemes(text) <= m.Length {
		t.Fatalf("Measure(%+q, %d) = %+v, want inexact at the ceiling %d (%d bytes, exact up to %d)", name, limit, m, ceiling, len(text), modelExactBytes(limit))
	}
	if m.Fits() != (n <= limit) || m.Cap != limit || m.Counter != "graphemes" {
		t.Fatalf("Measure(%+q, %d) = %+v with %d clusters", name, limit, m, n)
	}
}

func FuzzMeasure(f *testing.F) {
	for _, s := range graphemeFuzzSeeds() {
		for _, c := range []uint16{0, 1, 2, 5, 280} {
			f.Add(s, c)
		}
	}
	f.Add(strings.Repeat("ab\u0301", 200)+"\xff", uint16(3))
	f.Add(strings.Repeat("\u65e5", 100)+"\xe6", uint16(30))
	f.Add(strings.Repeat("\u65e5", 2986)+"\xff", uint16(280))
	f.Add(strings.Repeat("a", 4096)+"\xff", uint16(10))
	f.Fuzz(func(t *testing.T, text string, c uint16) {
		limit := int(c % 512)
		checkMeasureModel(t, text, limit)

		// The same text made long enough that counting stops at the ceiling: padded at
		// the end, and also led by ASCII so that the fuzzed part straddles the ceiling
		// (invalid bytes after it must then go unread).
		exact := modelExactBytes(limit)
		if len(text) <= exact {
			checkMeasureModel(t, text+strings.Repeat("z", exact+1-len(text)), limit)
		}
		lead := strings.Repeat("z", limit+max(limit, 64)-2)
		if long := lead + text; len(long) <= exact {
			checkMeasureModel(t, long+strings.Repeat(" ", exact+1-len(long)), limit)
		}
	})
}
