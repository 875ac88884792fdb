package rules

import (
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// unitPieces mixes pieces whose costs differ in every unit (ASCII, 2- and 3-byte
// letters, combining marks, astral emoji, ZWJ sequences), plus the characters the text
// rules look for (< >, #, @, links), so generated posts land on both sides of every rule.
var unitPieces = []string{
	"a", " ", "\u00e9", "e\u0301", "\u65e5", "\U0001F600", "\U0001F468\u200D\U0001F469", "\U0001F1EB\U0001F1F7",
	"#tag ", "@bob ", "https://a.io ", "www.b.io/x ", "<", ">", "\u0928\u092e\u0938\u094d\u0924\u0947",
}

// genUnitText generates valid texts of up to n pieces.
func genUnitText(n int) gopter.Gen {
	return gen.SliceOfN(n, gen.IntRange(0, len(unitPieces)-1)).Map(func(idx []int) string {
		var b strings.Builder
		for _, i := range idx {
			b.WriteString(unitPieces[i])
		}
		return b.String()
	})
}

func TestUnitProperties(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 1000
	properties := gopter.NewProperties(params)

	properties.Property("the byte count is len of the UTF-8 text", prop.ForAll(
		func(s string, cap int) bool {
			m, err := bytesCounter{}.Measure(s, cap)
			return err == nil && m.Length == len(s) && m.Exact && m.Fits() == (len(s) <= cap)
		}, genUnitText(80), gen.IntRange(0, 400)))

	properties.Property("the UTF-16 and code point counts are those of the standard library", prop.ForAll(
		func(s string) bool {
			u, _ := utf16Counter().Measure(s, 1<<30)
			c, _ := codePointsCounter().Measure(s, 1<<30)
			return u.Length == len(utf16.Encode([]rune(s))) && c.Length == utf8.RuneCountInString(s)
		}, genUnitText(80)))

	properties.Property("the overflow offset is a character boundary and the text before it fits", prop.ForAll(
		func(s string, cap int, which int) bool {
			c, _ := CounterByName([]string{"bytes", "utf16", "codepoints", "graphemes"}[which])
			m, _ := c.Measure(s, cap)
			if m.Fits() {
				return true
			}
			head, _ := c.Measure(s[:m.OverflowAt], cap)
			return utf8.RuneStart(s[m.OverflowAt]) && head.Fits()
		}, genUnitText(80), gen.IntRange(0, 200), gen.IntRange(0, 3)))

	// The property: a post that passes every rule of a platform passes each of its
	// units, measured alone with the rule's own counter and limit.
	properties.Property("a post that passes every rule of a platform passes each of its units", prop.ForAll(
		func(s string, pi int) bool {
			p := Platforms()[pi]
			l := DefaultLimits()
			c := l.checkTargetAll(targetText{Platform: p, Shared: s})
			if len(c.Errors) > 0 {
				return true
			}
			for _, bi := range textRules[p.index()] {
				r := book[bi]
				if r.kind != kindLength || r.Severity != SeverityError {
					continue
				}
				counter, _ := CounterByName(r.Unit)
				if m, err := counter.Measure(s, r.Limit); err != nil || !m.Fits() {
					return false
				}
			}
			return true
		}, genUnitText(400), gen.IntRange(0, 9)))

	properties.Property("checkTargetAll breaks a rule exactly when its Unit does not fit", prop.ForAll(
		func(s string, pi int) bool {
			p := Platforms()[pi]
			c := withWeighted().checkTargetAll(targetText{Platform: p, Shared: s})
			broken := map[string]bool{}
			for _, e := range append(c.Errors, c.Warnings...) {
				broken[e.Rule] = true
			}
			for _, u := range c.Posts[0].Units {
				if broken[u.Rule] == u.Fits() {
					return false
				}
			}
			// Past the primary cap, the warning in X's unit is not measured (the error says it).
			want := len(textRules[p.index()])
			if p == Twitter && !c.Posts[0].Units[0].Fits() {
				want--
			}
			return len(c.Posts[0].Units) == want
		}, genUnitText(400), gen.IntRange(0, 9)))

	properties.TestingRun(t)
}

// BenchmarkMeasureAll is the composer's call per keystroke: one 280-character mixed
// text, every text rule of the ten platforms. The obvious alternative, one check of the target per
// platform (what a page calling the per-platform API would do), runs beside it.
func BenchmarkMeasureAll(b *testing.B) {
	var sb strings.Builder
	pieces := []string{"Launch day! ", "\u00e9t\u00e9 ", "\U0001F680 ", "#launch ", "@team ", "https://example.com/a ", "\u65e5\u672c ", "e\u0301 "}
	for i := 0; utf8.RuneCountInString(sb.String()) < 280; i++ {
		sb.WriteString(pieces[i%len(pieces)])
	}
	text := string([]rune(sb.String())[:280])
	ps := Platforms()
	l := DefaultLimits()
	b.Run("MeasureAll", func(b *testing.B) {
		b.ReportAllocs()
		dst := make([]Measurement, 0, 64)
		for i := 0; i < b.N; i++ {
			dst, _ = l.MeasureAll(dst[:0], ps, text)
		}
	})
	b.Run("CheckTargetPerPlatform", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			for _, p := range ps {
				l.checkTargetErrors(targetText{Platform: p, Shared: text})
			}
		}
	})
}

// TestLittleTextProperties: escaping leaves no reserved character unescaped, adds exactly
// one backslash per reserved character, and dropping the escapes gives the text back.
func TestLittleTextProperties(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 1000
	properties := gopter.NewProperties(params)
	pieces := []string{"a", " ", "日本", "😀", `\`, "|", "{", "}", "@", "[", "]", "(", ")", "<", ">", "#", "*", "_", "~", "\\(", "é"}
	genText := gen.SliceOfN(40, gen.IntRange(0, len(pieces)-1)).Map(func(idx []int) string {
		var b strings.Builder
		for _, i := range idx {
			b.WriteString(pieces[i])
		}
		return b.String()
	})
	properties.Property("EscapeLittleText: nothing unescaped left, one backslash per reserved character, reversible", prop.ForAll(
		func(s string) bool {
			e := EscapeLittleText(s)
			reserved := 0
			for i := 0; i < len(s); i++ {
				if strings.IndexByte(littleTextReserved, s[i]) >= 0 {
					reserved++
				}
			}
			var back strings.Builder
			for i := 0; i < len(e); i++ {
				if e[i] == '\\' && i+1 < len(e) {
					i++
				}
				back.WriteByte(e[i])
			}
			return measureLittleText(e).Length == 0 && len(e) == len(s)+reserved && back.String() == s
		}, genText))
	properties.TestingRun(t)
}
