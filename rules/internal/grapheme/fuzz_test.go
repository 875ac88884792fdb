package grapheme

import (
	"slices"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// FuzzCount compares the fast path (ASCIISpan and the state machine, through Count and
// through Span one cluster at a time) with the rule-by-rule reference engine.
func FuzzCount(f *testing.F) {
	for _, c := range loadBreakCases(f) {
		f.Add(c.text)
	}
	for _, s := range []string{"", "a", "\r\n", "abcdefgh\u0301", "abcdefghijklmnopqrstuvwxyz\u0301",
		"\u0915\u094d\u0937", "\u1000\u1039\u1000", "\u0600\u0600a", "\u0600\xff", "\xff\u0301",
		"\U0001F468\u200d\U0001F469", "\U0001F1EB\U0001F1F7\U0001F1E9", "\u1100\u1161\u11a8",
		"\xed\xa0\x80", "\xe0\x80\x80", "\u0915" + strings.Repeat("\u094d\u200d", 8) + "\u0937"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := refBoundaries(s)
		if got := Count(s); got != len(want) {
			t.Fatalf("Count(%+q) = %d, reference %d (%v)", s, got, len(want), want)
		}
		if got := spanBoundaries(s, false); !slices.Equal(got, want) {
			t.Fatalf("boundaries of %+q = %v, reference %v", s, got, want)
		}
	})
}

// genText draws texts from the code points where the rules differ: every class, in runs.
func genText() gopter.Gen {
	samples := []string{"a", " ", "\r", "\n", "\t", "\u0301", "\u200c", "\u200d", "\u094d", "\u1039",
		"\u0915", "\u0937", "\u1000", "\u0600", "\u0903", "\u1100", "\u1161", "\u11a8", "\uac00", "\uac01",
		"\U0001F600", "\U0001F3FD", "\ufe0f", "\U0001F1EB", "\U0001F1F7", "\u65e5", "\xff", "abcdefghijklmnopq"}
	return gen.SliceOf(gen.IntRange(0, len(samples)-1)).Map(func(idx []int) string {
		var b strings.Builder
		for _, i := range idx {
			b.WriteString(samples[i])
		}
		return b.String()
	})
}

func TestProperties(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 2000
	properties := gopter.NewProperties(params)

	properties.Property("Count equals the reference engine's number of clusters", prop.ForAll(
		func(s string) bool { return Count(s) == len(refBoundaries(s)) }, genText()))

	properties.Property("Span with a budget stops at the budget-th boundary of the whole text", prop.ForAll(
		func(s string, budget int) bool {
			if strings.Contains(s, "\xff") {
				return true // Span stops at invalid bytes; covered by the Measure tests of rules
			}
			ends := refBoundaries(s)
			end, n, bad := Span(s, budget)
			if budget == 0 || len(ends) == 0 {
				return end == 0 && n == 0 && bad < 0
			}
			k := min(budget, len(ends))
			return bad < 0 && n == k && end == ends[k-1]
		}, genText(), gen.IntRange(0, 20)))

	properties.Property("a cut after any code point keeps every boundary before it", prop.ForAll(
		func(s string, at int) bool {
			if len(s) == 0 {
				return true
			}
			cut := min(at, len(s))
			for cut < len(s) && s[cut]&0xC0 == 0x80 {
				cut++
			}
			full, part := refBoundaries(s), spanBoundaries(s[:cut], false)
			for i, e := range part {
				if e < cut && (i >= len(full) || full[i] != e) {
					return false
				}
			}
			return true
		}, genText(), gen.IntRange(0, 200)))

	// ASCIISpan reads words of 8 and 16 bytes: runs of ASCII of every length around those,
	// CR and LF inside them, and a mark, an ideograph or an invalid byte after them.
	asciiText := gen.SliceOf(gen.IntRange(0, 10)).Map(func(idx []int) string {
		pieces := []string{"a", "abcdefg", "abcdefghijklmno", "0123456789abcdef0123456789abcdef",
			"\r", "\n", "\r\n", "\t", "\u0301", "\u65e5", "\xff"}
		var b strings.Builder
		for _, i := range idx {
			b.WriteString(pieces[i])
		}
		return b.String()
	})
	properties.Property("ASCIISpan ends at a reference boundary within budget, and only where its rule stops it", prop.ForAll(
		func(s string, budget int) bool {
			ends := refBoundaries(s)
			end, n := ASCIISpan(s, budget)
			if n == 0 {
				if end != 0 {
					return false
				}
			} else if n > budget || n > len(ends) || ends[n-1] != end {
				return false
			}
			if n == budget || end == len(s) {
				return true
			}
			// Stopped early: only before a non-ASCII byte, or a printable ASCII character
			// followed by one (a mark after it may extend it).
			c := s[end]
			return c >= 0x80 || end+1 < len(s) && s[end+1] >= 0x80 && c >= 0x20 && c != 0x7F
		}, asciiText, gen.IntRange(0, 80)))

	properties.TestingRun(t)
}
