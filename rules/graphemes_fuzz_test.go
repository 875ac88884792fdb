package rules

import (
	"errors"
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

// referenceClusterEnds segments s with uniseg alone, one cluster at a time.
func referenceClusterEnds(s string) []int {
	var ends []int
	state, pos := -1, 0
	for rest := s; len(rest) > 0; {
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

func FuzzMeasure(f *testing.F) {
	for _, s := range graphemeFuzzSeeds() {
		for _, c := range []uint16{0, 1, 2, 5, 280} {
			f.Add(s, c)
		}
	}
	f.Add(strings.Repeat("ab\u0301", 200)+"\xff", uint16(3))
	f.Add(strings.Repeat("\u65e5", 100)+"\xe6", uint16(30))
	f.Fuzz(func(t *testing.T, text string, c uint16) {
		limit := int(c % 512)
		m, err := GraphemeCounter().Measure(text, limit)

		ends := referenceClusterEnds(text)
		n := len(ends)
		extra := limit
		if extra < 64 {
			extra = 64
		}
		ceiling := limit + extra
		read := n
		if read > ceiling {
			read = ceiling
		}
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
				t.Fatalf("Measure(%+q, %d) error = %v, want invalid_utf8 at %d", text, limit, err, bad)
			}
			if m.Fits() || m.Exact {
				t.Fatalf("Measure(%+q, %d) = %+v with an error: must not fit", text, limit, m)
			}
			return
		}
		if err != nil {
			t.Fatalf("Measure(%+q, %d): %v (the part read is valid UTF-8)", text, limit, err)
		}
		if m.OverflowAt != wantOverflow {
			t.Fatalf("Measure(%+q, %d).OverflowAt = %d, want %d (the start of cluster %d)", text, limit, m.OverflowAt, wantOverflow, limit+1)
		}
		if m.OverflowAt >= 0 {
			if got := CountGraphemes(text[:m.OverflowAt]); got != limit {
				t.Fatalf("Measure(%+q, %d): the %d bytes before the overflow hold %d clusters", text, limit, m.OverflowAt, got)
			}
		}
		if m.Exact {
			if n > ceiling || m.Length != n || m.Length != CountGraphemes(text) {
				t.Fatalf("Measure(%+q, %d) = %+v exact, but the text has %d clusters", text, limit, m, n)
			}
		} else if n <= ceiling || m.Length != ceiling || CountGraphemes(text) <= m.Length {
			t.Fatalf("Measure(%+q, %d) = %+v inexact; text has %d clusters, ceiling %d", text, limit, m, n, ceiling)
		}
		if m.Fits() != (n <= limit) || m.Cap != limit || m.Counter != "graphemes" {
			t.Fatalf("Measure(%+q, %d) = %+v with %d clusters", text, limit, m, n)
		}
	})
}
