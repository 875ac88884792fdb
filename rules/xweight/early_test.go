package xweight

import (
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// worstTexts are the shapes that cost most per byte, at size bytes or a little more:
// each is far over any cap, and each defeats one way of stopping early.
func worstTexts(size int) []struct{ name, text string } {
	rep := func(unit string) string { return strings.Repeat(unit, size/len(unit)+1) }
	return []struct{ name, text string }{
		// NFC rewrites every character: the slowest text to normalise (110 ms
		// for 512 KB before early exit).
		{"CombiningAcute", rep("e\u0301")},
		// One segment start, then marks only: norm splits it every 30 marks.
		{"MarkRun", "e" + rep("\u0316")},
		// A URL far longer than 4096: no URL at all (isValidUrl), so every character
		// counts; the scanner must not need its end to stop.
		{"HugeURL", "https://example.com/" + rep("a")},
		// Labels and dots without end: a domain the expression keeps extending, with a
		// TLD after every dot.
		{"DotsTLD", rep("co.")},
		{"Dots", rep("a.")},
		{"Hyphens", "http://" + rep("a-") + ".com"},
		{"CJK", rep("故人西辞黄鹤楼")},
		{"Words", rep("hello world ")},
		{"Emoji", rep("👨‍👩‍👧‍👦")},
		{"URLs", rep("https://example.com/" + strings.Repeat("a", 4000) + " ")},
	}
}

// TestMeasureStopsEarly: on every worst shape at 256 KiB, Measure answers over cap with a
// lower bound, agrees with the whole-text measurement, and reads a bounded number of bytes
// (at most a few times what the cap needs plus the URL margin, never the whole text).
func TestMeasureStopsEarly(t *testing.T) {
	c := Default()
	for _, w := range worstTexts(256 << 10) {
		for _, cap := range []int{280, 4000} {
			ex, _ := c.measureExact(w.text, cap, cap*c.scale)
			read := 0
			readHook = func(n int) { read += n }
			m, err := c.Measure(w.text, cap)
			readHook = nil
			if why := measureAgrees(c, w.text, cap); why != "" {
				t.Errorf("%s cap %d: %s", w.name, cap, why)
			}
			if ex.Fits() {
				// Only the URL shape fits 4000: it must be read whole, once per doubling.
				if !m.Exact || read > 3*len(w.text) {
					t.Errorf("%s cap %d fits: %+v after reading %d bytes", w.name, cap, m, read)
				}
				continue
			}
			if err != nil || m.Exact || m.Fits() || m.Length <= cap {
				t.Errorf("%s cap %d: %+v, %v; want an early answer over cap", w.name, cap, m, err)
			}
			// Prefixes double from 4*(cap+1)+64 bytes until one holds the overflow and the
			// margin of its cut (at most separatorSearch + 4*urlReach16).
			if limit := 4 * (max(4*(cap+1)+64, ex.OverflowAt) + separatorSearch + 4*urlReach16); read > limit {
				t.Errorf("%s cap %d: read %d bytes, want at most %d", w.name, cap, read, limit)
			}
		}
	}
}

// runPieces make long texts without white space, full of near-URLs: the cuts that are
// neither after white space nor far from a '.', where Measure counts a lower bound.
var runPieces = []string{
	"a", "b", ".", ".", "co", "com", "jp", "/", "/", "http://", "https://", "(", ")", "-", "_",
	"é", "\u0301", "😀", "👨‍👩‍👧‍👦", "日本", "xn--p1ai", "?", "=", "#", "@", "!", ":80", "t.co/",
	"example", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
}

// TestEarlyProperties: on long texts without white space (40 to 120 KB: beyond the URL
// margin, so the generic cut is taken), Measure agrees with the whole-text measurement as
// measureAgrees says, at caps from 1 to 3000.
func TestEarlyProperties(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 60
	properties := gopter.NewProperties(params)
	c := Default()
	genRun := gopter.CombineGens(
		gen.SliceOfN(40, gen.IntRange(0, len(runPieces)-1)),
		gen.IntRange(40<<10, 120<<10),
	).Map(func(v []any) string {
		idx, size := v[0].([]int), v[1].(int)
		var b strings.Builder
		for b.Len() < size {
			for _, i := range idx {
				b.WriteString(runPieces[i])
			}
			if len(idx) == 0 {
				b.WriteString("a")
			}
		}
		return b.String()
	})
	properties.Property("Measure on long runs without white space", prop.ForAll(
		func(s string, cap int) bool {
			if why := measureAgrees(c, s, cap); why != "" {
				t.Log(why)
				return false
			}
			return true
		}, genRun, gen.IntRange(1, 3000)))
	properties.TestingRun(t)
}
