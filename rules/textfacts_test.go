package rules

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/internal/entity"
)

// referenceMeasureAll is measureAll without its shortcuts and without its per-rule code:
// every rule measured on its own by referenceRule (no unit cache, no shared pass over the
// text, no shared entity scan), with appendMeasurements' order, its skip of the outside
// unit past a broken primary cap, and its stop at the first error.
func referenceMeasureAll(l Limits, ps []Platform, text string) ([]Measurement, error) {
	var dst []Measurement
	for _, p := range ps {
		primaryFits := true
		for k, bi := range textRules[p.index()] {
			if !primaryFits && book[bi].kind == kindLength && !bookUnit(book[bi].Unit) {
				continue
			}
			m, on, err := referenceRule(l, p, bi, text)
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

// referenceRule measures text against book rule bi as the book did before measureAll's
// shortcuts (52c972b), through the public face of Limits and each counter's own Measure:
// the rule's override or Limit, the platform's cap and counter for its primary rule, the
// book's counter for the others, the caller's outside counter for its unit, X's refused
// characters as a warning that does not fit.
func referenceRule(l Limits, p Platform, bi int, text string) (m Measurement, on bool, err error) {
	r := book[bi]
	rule, _ := l.Rule(r.ID)
	if !rule.On {
		return Measurement{}, false, nil
	}
	limit := rule.Limit
	switch {
	case r.forbid != "":
		m = measureForbidden(text, r.forbid)
	case r.kind == kindLittleText:
		m = measureLittleText(text)
	case r.kind == kindLinks:
		m = measureLinks(text, limit)
	case r.kind == kindHashtags:
		m = measureTags(text, entity.Hashtag, hashtagsName, limit)
	case r.kind == kindMentions:
		m = measureTags(text, entity.Mention, mentionsName, limit)
	case r.kind == kindCashtags:
		m = measureTags(text, entity.Cashtag, cashtagsName, limit)
	default:
		var c Counter
		if textRules[p.index()][0] == bi {
			lim := l.For(p)
			c, limit = lim.Counter, lim.Cap
		} else if builtin, ok := bookCounter(r.Unit); ok {
			c = builtin
		} else if l.ext != nil && l.ext.Name() == r.Unit && l.For(p).Counter.Name() != r.Unit {
			c = l.ext
		} else {
			return Measurement{}, false, nil
		}
		m, err = c.Measure(text, limit)
		if err != nil && r.Severity == SeverityWarning {
			if e := apierror.As(err); e != nil && e.Code == apierror.CodeInvalidCharacter {
				if m.OverflowAt < 0 || e.Offset < m.OverflowAt {
					m.OverflowAt = e.Offset
				}
				err = nil
			}
		}
	}
	m.Rule = r.ID
	m.Warning = r.Severity == SeverityWarning
	return m, true, err
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
	unicode15, _ := CounterByName("graphemes-unicode15")
	// Rules turned off (a primary rule among them) and counters moved: bluesky counts bytes,
	// threads graphemes, twitter Unicode 15's graphemes, so that the grapheme-validated
	// shortcut meets texts no grapheme rule has read.
	moved := DefaultLimits().
		Disable("bluesky.text.max_graphemes").Disable("instagram.hashtags.max").Disable("youtube.description.chars").
		Disable("threads.links.max").Disable("linkedin.text.reserved").
		With(Threads, Limit{Cap: 20, Counter: graphemeCounter{}}).
		With(Twitter, Limit{Cap: 10, Counter: unicode15})
	noGraphemes := DefaultLimits().Disable("twitter.text.max").Disable("bluesky.text.max_graphemes")
	return []Limits{DefaultLimits(), DefaultLimits().WithCounter(weightedStub{}), small, small.WithCounter(weightedStub{}),
		moved, moved.WithCounter(weightedStub{}), noGraphemes}
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

// The one pass reads a text whole for its facts only when the text is short
// (factsMaxBytes) or the grapheme counter has already read it whole: a long text is left
// to the counters, which stop near their caps. Without the gate a 5 MB paste without
// white space was read whole on every keystroke for one platform's rules.
func TestUnitPassLeavesLongTextsToTheCounters(t *testing.T) {
	long := strings.Repeat("今", factsMaxBytes/3+1)
	var u unitCache
	if u.valid(long) || u.state != factsUnasked {
		t.Fatalf("a text of %d bytes: valid read it whole for the facts (state %d)", len(long), u.state)
	}
	if d := sameMeasureAll(long); d != "" {
		t.Fatal(d)
	}
	short := long[:factsMaxBytes-factsMaxBytes%3]
	var v unitCache
	if !v.valid(short) || v.facts.codePoints != len(short)/3 {
		t.Fatalf("a text of %d bytes: facts %+v, state %d; want them read", len(short), v.facts, v.state)
	}
	var w unitCache
	if err := w.measure(&Measurement{}, graphemeCounter{}, long, len(long)); err != nil || !w.ok[0] || !w.m[0].Exact {
		t.Fatalf("the grapheme counter did not count %d bytes exactly: %v", len(long), err)
	}
	if !w.valid(long) || w.facts.codePoints != len(long)/3 {
		t.Fatalf("after the grapheme counter read it whole: facts %+v, state %d", w.facts, w.state)
	}
}

// The configurations name real rules: Disable ignores an unknown id, which would leave a
// configuration testing nothing it says.
func TestMeasureAllLimitsNameRealRules(t *testing.T) {
	for _, id := range []string{"bluesky.text.max_graphemes", "instagram.hashtags.max", "youtube.description.chars",
		"threads.links.max", "linkedin.text.reserved", "twitter.text.max"} {
		if _, ok := RuleByID(id); !ok {
			t.Errorf("no rule %q", id)
		}
	}
}

// bookUnit reports whether unit is counted by a counter of this package (the reference's
// own reading of what appendMeasurements reads from ruleCounter).
func bookUnit(unit string) bool {
	_, ok := bookCounter(unit)
	return ok
}

// TestEntityScanManyEntitiesAsReference: the one entity scan answers every tag and link
// rule as the rule's own scan does where the answer lies past what the scan keeps: more
// tags of a kind than tagsKept, more unique links than maxDistinctLinks (the count stops,
// Exact false), repeated links, and limits of the caller at, below and above tagsKept
// (above: the rule scans again).
func TestEntityScanManyEntitiesAsReference(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 150; i++ {
		fmt.Fprintf(&b, "#t%d @u%d $AB%c https://example.com/%d x.io/%d ", i, i, 'A'+i%26, i%80, i)
	}
	texts := map[string]string{
		"many":       b.String(),
		"same-link":  strings.Repeat("see https://example.com/a #x @y ", 200),
		"few-unique": strings.Repeat("a.io b.io #x ", 100),
	}
	ps := Platforms()
	for name, text := range texts {
		for _, lim := range []int{1, 30, tagsKept - 1, tagsKept, tagsKept + 1, 100, 1000} {
			l := DefaultLimits().WithRule("instagram.hashtags.max", lim).WithRule("instagram.mentions.max", lim).
				WithRule("threads.links.max", lim).WithRule("twitter.cashtag.max", lim)
			got, _, gotErr := l.measureAll(nil, ps, text)
			want, wantErr := referenceMeasureAll(l, ps, text)
			if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gotErr, wantErr) {
				t.Errorf("%s, limit %d: measureAll and the reference differ:\n got %+v\nwant %+v", name, lim, got, want)
			}
		}
	}
}
