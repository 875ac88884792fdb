package rules

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// referenceMeasureAll is measureAll without its shortcuts: every rule measured on its own
// by Limits.measureRule (no unit cache, no shared pass over the text, no shared entity
// scan), with appendMeasurements' order, its skip of the outside unit past a broken
// primary cap, and its stop at the first error.
func referenceMeasureAll(l Limits, ps []Platform, text string) ([]Measurement, error) {
	var dst []Measurement
	for _, p := range ps {
		primaryFits := true
		for k, bi := range textRules[p.index()] {
			if !primaryFits && book[bi].kind == kindLength && !builtinUnit(book[bi].Unit) {
				continue
			}
			m, on, err := l.measureRule(p, bi, text)
			if !on {
				continue
			}
			if k == 0 {
				primaryFits = m.Fits()
			}
			dst = append(dst, m)
			if err != nil {
				return dst, err
			}
		}
	}
	return dst, nil
}

// referenceFacts is textFacts from the standard library's definitions.
func referenceFacts(text string) (textFacts, bool) {
	if !utf8.ValidString(text) {
		return textFacts{}, false
	}
	f := textFacts{codePoints: utf8.RuneCountInString(text), utf16: len(utf16.Encode([]rune(text)))}
	for _, c := range []struct {
		chars string
		bit   uint8
	}{
		{".", seenDot}, {"@＠", seenAt}, {"#＃", seenHash}, {"$", seenDollar}, {"<", seenLess}, {">", seenGreater},
		{littleTextReserved, seenLittle},
	} {
		if strings.ContainsAny(text, c.chars) {
			f.seen |= c.bit
		}
	}
	return f, true
}

// measureAllLimits are the configurations the comparison runs under: the defaults, with a
// stand-in for X's counter (weighted_stub_test.go), and with small caps, so that a short
// text breaks rules in every unit and the counters' overflow paths are taken.
func measureAllLimits() []Limits {
	small := DefaultLimits().
		WithRule("youtube.description.max", 7).WithRule("bluesky.text.max_bytes", 9).
		WithRule("threads.text.max", 3).WithRule("instagram.caption.max", 5).
		WithRule("pinterest.description.recommended", 2).WithRule("pinterest.description.max", 4).
		WithRule("facebook.text.max", 1).WithRule("instagram.hashtags.max", 1).
		WithRule("instagram.mentions.max", 1).WithRule("threads.links.max", 1).
		With(TikTok, Limit{Cap: 3, Counter: codePointsCounter()}).
		With(LinkedIn, Limit{Cap: 2, Counter: bytesCounter{}}).
		With(Twitter, Limit{Cap: 4})
	return []Limits{DefaultLimits(), DefaultLimits().WithCounter(weightedStub{}), small, small.WithCounter(weightedStub{})}
}

// sameMeasureAll compares MeasureAll with referenceMeasureAll on text under every
// configuration of measureAllLimits; "" when they agree.
func sameMeasureAll(text string) string {
	ps := Platforms()
	for i, l := range measureAllLimits() {
		got, _, gotErr := l.measureAll(nil, ps, text)
		want, wantErr := referenceMeasureAll(l, ps, text)
		if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gotErr, wantErr) {
			return "limits " + string(rune('0'+i)) + ": measureAll and the reference differ"
		}
	}
	return ""
}

// unitPassPieces adds to unitPieces what the shared pass must tell apart: the full-width
// marks and their neighbours (＃ ＠ ！), every entity mark, the little text and
// forbidden characters, and code points at the edges of each width.
var unitPassPieces = append([]string{
	"＃", "＠", "！", "＃tag", "＠bob", "$AAPL ", ".", "a.io", "x.com/p", "$", "@", "#", "_", "~", "\\", "*",
	"\u0080", "\u07ff", "\u0800", "\uffff", "\U00010000", "\U0010FFFF", "\ufeff", "\ufffe", "\n", "\r\n",
}, unitPieces...)

// invalidPieces are not UTF-8: stray and cut sequences, surrogates encoded in UTF-8,
// overlong forms, code points past U+10FFFF.
var invalidPieces = []string{"\xff", "\x80", "\xe6\x97", "\xf0\x9f\x98", "\xed\xa0\x80", "\xc0\xaf", "\xe0\x80\xaf", "\xf4\x90\x80\x80"}

// genUnitPassText generates texts of up to n pieces of unitPassPieces, valid UTF-8 or,
// when invalid, with one of invalidPieces at one place.
func genUnitPassText(n int, invalid bool) gopter.Gen {
	return gen.SliceOfN(n, gen.IntRange(0, len(unitPassPieces)-1)).FlatMap(func(v interface{}) gopter.Gen {
		idx := v.([]int)
		return gen.IntRange(0, len(idx)*len(invalidPieces)).Map(func(bad int) string {
			var b strings.Builder
			for k, i := range idx {
				if invalid && bad/len(invalidPieces) == k {
					b.WriteString(invalidPieces[bad%len(invalidPieces)])
				}
				b.WriteString(unitPassPieces[i])
			}
			return b.String()
		})
	}, reflect.TypeOf(""))
}

func TestUnitPassProperties(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 2000
	properties := gopter.NewProperties(params)

	properties.Property("the one pass finds what the standard library finds", prop.ForAll(
		func(s string) bool {
			f, ok := scanFacts(s)
			g, gok := referenceFacts(s)
			return ok == gok && f == g && (!ok || scanValidFacts(s) == g)
		}, gen.OneGenOf(genUnitPassText(60, false), genUnitPassText(60, true), gen.AnyString())))

	properties.Property("measureAll answers as every rule measured on its own", prop.ForAll(
		func(s string) string { return sameMeasureAll(s) },
		gen.OneGenOf(genUnitPassText(60, false), genUnitPassText(60, true), gen.AnyString())))

	properties.TestingRun(t)
}

// TestMeasureAllBenchTextsAsReference: the speed bench's texts get the reference's answers.
func TestMeasureAllBenchTextsAsReference(t *testing.T) {
	for _, s := range []string{
		strings.Repeat("The quick brown fox jumps over the lazy dog. ", 7)[:280],
		string([]rune(strings.Repeat("新しい機能を公開しました。東京で会いましょう、皆さん！", 11))[:280]),
		strings.Repeat("Launch 🚀 été 日本 #launch @team https://example.com/a <b> $AAPL ＃タグ ＠me ", 40),
	} {
		if d := sameMeasureAll(s); d != "" {
			t.Errorf("%q: %s", s, d)
		}
	}
}

// FuzzMeasureAllAsReference: for any text, the shared pass and the shared entity scan
// change no answer of measureAll, valid UTF-8 or not.
func FuzzMeasureAllAsReference(f *testing.F) {
	for _, s := range append(unitPassPieces, invalidPieces...) {
		f.Add(s)
		f.Add("ab " + s + " cd")
	}
	f.Add("＃タグ ＠me #a @b $C a.io <x> \\# \xff")
	f.Fuzz(func(t *testing.T, text string) {
		fa, ok := scanFacts(text)
		fb, okb := referenceFacts(text)
		if ok != okb || fa != fb {
			t.Fatalf("%q: facts %+v %v, want %+v %v", text, fa, ok, fb, okb)
		}
		if fv := scanValidFacts(text); ok && fv != fb {
			t.Fatalf("%q: facts of the valid text %+v, want %+v", text, fv, fb)
		}
		if d := sameMeasureAll(text); d != "" {
			t.Fatalf("%q: %s", text, d)
		}
	})
}
