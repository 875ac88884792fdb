package rules

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// densePieces make emoji- and CJK-heavy texts with few spaces: ZWJ sequences, kisses
// with skin tones, flags, tag sequences and keycaps, whole and in parts, CJK, kana, Hangul
// jamo that compose, combining marks. Every counter's early exit cuts them anywhere.
var densePieces = []string{
	"今日は", "新しいアプリを公開しました", "故人西辞黄鹤楼", "한국어", "\u1100\u1161\u11a8", "。", "—", "0", "a",
	"🎉", "🚀", "👨‍👩‍👧", "👨‍👩‍👧‍👦", "👩🏻‍❤️‍💋‍👨🏼", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🇯🇵", "🇺", "1️⃣", "🧑‍💻", "👍🏽",
	"👨", "\u200d", "👩", "\ufe0f", "🏻", "e\u0301", "\u0301\u0316", "𝐀", " ",
}

// genDenseText repeats a random run of dense pieces up to 500 B..24 KiB: around the
// 4096-byte line under which every counter counts exactly, and far beyond it.
func genDenseText() gopter.Gen {
	return gopter.CombineGens(
		gen.SliceOfN(30, gen.IntRange(0, len(densePieces)-1)),
		gen.IntRange(500, 24<<10),
	).Map(func(v []any) string {
		idx, size := v[0].([]int), v[1].(int)
		var b strings.Builder
		for b.Len() < size {
			for _, i := range idx {
				b.WriteString(densePieces[i])
			}
			b.WriteString("a")
		}
		return b.String()
	})
}

// earlyExitHolds checks one counter's Measure(s, cap) against the whole text's length
// (exact, counted by a slow reference): an exact Length is that length, an inexact one is
// a lower bound over cap, Fits() says whether the whole text fits, and OverflowAt is a
// character boundary (-1 exactly when it fits) before which the text fits.
func earlyExitHolds(c Counter, whole func(string) int, s string, cap int) string {
	m, err := c.Measure(s, cap)
	if err != nil {
		return fmt.Sprintf("%s: error %v on valid UTF-8", c.Name(), err)
	}
	n := whole(s)
	switch {
	case m.Exact && m.Length != n:
		return fmt.Sprintf("%s: exact Length %d, the whole text has %d", c.Name(), m.Length, n)
	case !m.Exact && (m.Length > n || m.Length <= cap):
		return fmt.Sprintf("%s: inexact Length %d is no lower bound over cap %d of %d", c.Name(), m.Length, cap, n)
	case m.Fits() != (n <= cap):
		return fmt.Sprintf("%s: Fits() %v, but the whole text has %d of %d", c.Name(), m.Fits(), n, cap)
	case (m.OverflowAt < 0) != (n <= cap):
		return fmt.Sprintf("%s: OverflowAt %d, whole text %d of %d", c.Name(), m.OverflowAt, n, cap)
	case m.OverflowAt >= 0 && (m.OverflowAt >= len(s) || !utf8.RuneStart(s[m.OverflowAt]) || whole(s[:m.OverflowAt]) > cap):
		return fmt.Sprintf("%s: OverflowAt %d is no boundary before which the text fits", c.Name(), m.OverflowAt)
	}
	return ""
}

// TestEarlyExitAtRandomCaps holds every counter of package rules that may stop early
// (graphemes, UTF-16 units, code points; bytes never needs to) to the bound it claims, at
// random caps 1..400 on emoji- and CJK-heavy texts. xweight's own property does the same
// for X's weighted count.
func TestEarlyExitAtRandomCaps(t *testing.T) {
	counters := []struct {
		c     Counter
		whole func(string) int
	}{
		{GraphemeCounter(), CountGraphemes},
		{utf16Counter(), func(s string) int { return len(utf16.Encode([]rune(s))) }},
		{codePointsCounter(), utf8.RuneCountInString},
		{bytesCounter{}, func(s string) int { return len(s) }},
	}
	inexact := make([]int, len(counters))
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 300
	properties := gopter.NewProperties(params)
	properties.Property("every counter is exact or a true lower bound, at caps 1..400", prop.ForAll(
		func(s string, cap int) bool {
			for i, c := range counters {
				if m, _ := c.c.Measure(s, cap); !m.Exact {
					inexact[i]++
				}
				if why := earlyExitHolds(c.c, c.whole, s, cap); why != "" {
					t.Logf("Measure(%d bytes, %d): %s", len(s), cap, why)
					return false
				}
			}
			return true
		}, genDenseText(), gen.IntRange(1, 400)))
	properties.TestingRun(t)
	// The property says nothing about early answers unless there were some.
	for i, c := range counters[:3] {
		if inexact[i] == 0 {
			t.Errorf("%s never stopped early: the generated texts do not reach its early exit", c.c.Name())
		}
	}
	t.Logf("early answers of %d tries: %v", params.MinSuccessfulTests, inexact)
}
