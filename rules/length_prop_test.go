package rules

import (
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/postrules/postrules/rules/apierror"
)

// lengthPieces are the building blocks of generated texts: valid UTF-8 pieces chosen so
// that random concatenations hit every interesting join (marks, ZWJ, modifiers, regional
// indicators, Hangul jamo, prepend, CR LF) far more often than random runes would.
var lengthPieces = []string{
	"a", "b", " ", ".", "\r", "\n", "\t", "e\u0301", "\u0301", "\u0308", "\u200d", "\ufe0f",
	"\U0001F44D", "\U0001F3FD", "\U0001F468", "\U0001F469", "\U0001F1EB", "\U0001F1F7",
	"\u1100", "\u1161", "\u11a8", "\ud55c", "\u0600", "\u0928", "\u094d", "\u0903",
	"\u65e5", "\u0e01", "\u0e33", "\ufffd", "abcdefgh",
}

// genLengthText generates valid UTF-8 texts of up to 60 pieces.
func genLengthText() gopter.Gen {
	return gen.SliceOfN(60, gen.IntRange(0, len(lengthPieces)-1)).Map(func(idx []int) string {
		var b strings.Builder
		for _, i := range idx {
			b.WriteString(lengthPieces[i])
		}
		return b.String()
	})
}

// lengthJoiners are the pieces that extend whatever precedes them (Extend, ZWJ,
// SpacingMark, emoji modifiers): the ones that can merge more than one cluster of b.
var lengthJoiners = map[string]bool{
	"\u0301": true, "\u0308": true, "\u200d": true, "\ufe0f": true, "\U0001F3FD": true,
	"\u094d": true, "\u0903": true, "\u0e33": true,
}

// genLengthTextStarter generates texts whose first piece is not a joiner.
func genLengthTextStarter() gopter.Gen {
	return genLengthText().Map(func(s string) string {
		for _, p := range lengthPieces {
			if lengthJoiners[p] && strings.HasPrefix(s, p) {
				return "a" + s
			}
		}
		return s
	})
}

func TestLengthProperties(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 2000
	properties := gopter.NewProperties(params)

	// The junction of a and b can merge clusters. Usually one pair merges, but GB11 can
	// merge two: "\U0001F468" + "\u200d\U0001F469" is 1 + 2 clusters and 1 together (the
	// ZWJ joins the man by GB9, then the woman joins by GB11). So the general bound is -2.
	properties.Property("count(a)+count(b)-2 <= count(a+b) <= count(a)+count(b)", prop.ForAll(
		func(a, b string) bool {
			sum := CountGraphemes(a) + CountGraphemes(b)
			ab := CountGraphemes(a + b)
			return sum-2 <= ab && ab <= sum
		}, genLengthText(), genLengthText()))

	properties.Property("count(a+b) is count(a)+count(b) or one less when b does not begin with a joiner", prop.ForAll(
		func(a, b string) bool {
			sum := CountGraphemes(a) + CountGraphemes(b)
			ab := CountGraphemes(a + b)
			return ab == sum || ab == sum-1
		}, genLengthText(), genLengthTextStarter()))

	properties.Property("a junction of ASCII letters never merges", prop.ForAll(
		func(a, b string) bool {
			a, b = a+"x", "y"+b
			return CountGraphemes(a+b) == CountGraphemes(a)+CountGraphemes(b)
		}, genLengthText(), genLengthText()))

	properties.Property("Fits() iff CountGraphemes(text) <= cap", prop.ForAll(
		func(text string, limit int) bool {
			m, err := GraphemeCounter().Measure(text, limit)
			return err == nil && m.Fits() == (CountGraphemes(text) <= limit)
		}, genLengthText(), gen.IntRange(0, 100)))

	properties.Property("the prefix before OverflowAt measures exactly cap, and fits", prop.ForAll(
		func(text string, limit int) bool {
			m, err := GraphemeCounter().Measure(text, limit)
			if err != nil {
				return false
			}
			if m.OverflowAt < 0 {
				return true
			}
			p, err := GraphemeCounter().Measure(text[:m.OverflowAt], limit)
			return err == nil && p.Exact && p.Length == limit && p.Fits()
		}, genLengthText(), gen.IntRange(0, 100)))

	properties.Property("an exact length is CountGraphemes; an inexact one is a strict lower bound", prop.ForAll(
		func(text string, limit int) bool {
			m, err := GraphemeCounter().Measure(text, limit)
			if err != nil {
				return false
			}
			if m.Exact {
				return m.Length == CountGraphemes(text)
			}
			return m.Length > limit && CountGraphemes(text) > m.Length
		}, genLengthText(), gen.IntRange(0, 100)))

	properties.Property("checkTargetErrors reports exactly the posts that do not fit, at their paths", prop.ForAll(
		func(first string, items []string, limit int) bool {
			l := DefaultLimits().With(Twitter, Limit{Cap: limit})
			posts, errs := l.checkTargetErrors(targetText{Index: 1, Platform: Twitter, Shared: first, ThreadItems: items})
			if len(posts) != 1+len(items) {
				return false
			}
			e := 0
			for k, p := range posts {
				text := first
				if k > 0 {
					text = items[k-1]
				}
				over := CountGraphemes(text) > limit
				if p.Fits() == over {
					return false
				}
				if over {
					if e >= len(errs) || errs[e].Path != p.Path || errs[e].Code != apierror.CodePostTooLong || errs[e].Offset != p.OverflowAt {
						return false
					}
					e++
				}
			}
			return e == len(errs)
		}, genLengthText(), gen.SliceOfN(5, genLengthText()), gen.IntRange(1, 40)))

	properties.TestingRun(t)
}

// GraphemeCounter's cost bound: a text of at most max(4096, 32*cap) bytes is measured
// exactly; a longer one is counted up to the ceiling 2*cap (cap+64 under 64) and, when it
// has more clusters than that, reported inexact with Length = the ceiling. Texts are
// built around that byte threshold so that both sides are hit.
func TestLengthCeilingProperty(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 500
	properties := gopter.NewProperties(params)
	properties.Property("exact up to max(4096, 32*cap) bytes, else at most 2*cap", prop.ForAll(
		func(unit string, limit, delta int) bool {
			if unit == "" {
				unit = "a"
			}
			exactBytes := max(4096, 32*limit)
			var b strings.Builder
			for b.Len() < exactBytes+delta {
				b.WriteString(unit)
			}
			text := b.String()
			m, err := GraphemeCounter().Measure(text, limit)
			if err != nil {
				return false
			}
			n := CountGraphemes(text)
			ceiling := limit + max(limit, 64)
			if len(text) <= exactBytes || n <= ceiling {
				return m.Exact && m.Length == n
			}
			return !m.Exact && m.Length == ceiling
		}, genLengthText(), gen.IntRange(0, 400), gen.IntRange(-40, 40)))
	properties.TestingRun(t)
}
