package bridge

import (
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/rivo/uniseg"
)

var unisegCount = uniseg.GraphemeClusterCount

func TestMeasure(t *testing.T) {
	text := strings.Repeat("😀", 10) + strings.Repeat("b", 275)
	m, f := Measure(text, MeasureOptions{})
	if f != nil {
		t.Fatal(f.Message)
	}
	if m.Length != 285 || m.Cap != 280 || m.Fits || m.Counter != "graphemes" || !m.Exact {
		t.Errorf("got %+v", m)
	}
	if m.OverflowAt != 20+270 { // UTF-16; the byte offset is 40+270
		t.Errorf("OverflowAt = %d, want 290", m.OverflowAt)
	}
	if m, _ := Measure("abc", MeasureOptions{Cap: 2, HasCap: true}); m.OverflowAt != 2 || m.Cap != 2 {
		t.Errorf("cap 2: got %+v", m)
	}
	if m, _ := Measure("abc", MeasureOptions{}); m.OverflowAt != -1 || !m.Fits {
		t.Errorf("fits: got %+v", m)
	}
	if m, _ := Measure("漢字", MeasureOptions{Counter: "x-weighted"}); m.Counter != "x-weighted" || m.Length != 4 {
		t.Errorf("x-weighted: got %+v", m)
	}
	if m, _ := Measure("abc", MeasureOptions{Platform: "linkedin"}); m.Cap != rules.DefaultLimits().For(rules.LinkedIn).Cap {
		t.Errorf("linkedin: got %+v", m)
	}
}

// Measure's overflowAt is the UTF-16 form of the rule's byte offset, for both counters
// and any cap: the fast conversion never disagrees with the reference.
func TestMeasureOverflowProperty(t *testing.T) {
	props := gopter.NewProperties(gopter.DefaultTestParameters())
	var limits rules.Limits
	props.Property("Measure(text).OverflowAt == utf16(rules' OverflowAt)", prop.ForAll(
		func(text string, capValue int, weighted bool) bool {
			o := MeasureOptions{Cap: float64(capValue), HasCap: true}
			lim := rules.Limit{Cap: capValue, Counter: rules.GraphemeCounter()}
			if weighted {
				o.Counter, lim.Counter = "x-weighted", xweighted
			}
			want, err := limits.With(rules.Twitter, lim).Measure(rules.Twitter, text)
			got, f := Measure(text, o)
			if err != nil || f != nil {
				return (err != nil) == (f != nil)
			}
			if want.OverflowAt < 0 {
				return got.OverflowAt == -1
			}
			return got.OverflowAt == utf16Reference(text, want.OverflowAt) && got.Length == want.Length
		},
		gen.AnyString(),
		gen.IntRange(1, 40),
		gen.Bool(),
	))
	props.TestingRun(t)
}

func TestMeasureFaults(t *testing.T) {
	tests := []struct {
		text string
		o    MeasureOptions
		code apierror.Code
		path string
		off  int
	}{
		{"x", MeasureOptions{Platform: "Twitter"}, apierror.CodeUnknownPlatform, "platform", -1},
		{"x", MeasureOptions{Counter: "words"}, apierror.CodeInvalidValue, "counter", -1},
		{"x", MeasureOptions{Cap: 0, HasCap: true}, apierror.CodeInvalidValue, "cap", -1},
		{"x", MeasureOptions{Cap: 2.5, HasCap: true}, apierror.CodeInvalidValue, "cap", -1},
		{"x", MeasureOptions{Cap: 1 << 31, HasCap: true}, apierror.CodeInvalidValue, "cap", -1},
		{"😀a\xff", MeasureOptions{}, apierror.CodeInvalidUTF8, "", 3}, // byte 5 is UTF-16 unit 3
	}
	for _, tc := range tests {
		_, f := Measure(tc.text, tc.o)
		if f == nil {
			t.Errorf("Measure(%q, %+v): no fault", tc.text, tc.o)
			continue
		}
		if f.Code != tc.code || f.Path != tc.path || f.Offset != tc.off || f.Error != "Bad Request" || f.Message == "" {
			t.Errorf("Measure(%q, %+v) = %+v, want code %s path %q offset %d", tc.text, tc.o, f, tc.code, tc.path, tc.off)
		}
	}
}

// mixed280 is the benchmark's mixed post: 280 graphemes of Latin, CJK, accents, emoji
// with ZWJ and skin tones, and a flag (as wasm/bench/cases.mjs).
var mixed280, ascii280 = func() (string, string) {
	seed := "Launch day 🚀 新しい機能を公開しました！ café au lait ☕ 👩‍👩‍👧 家族 👍🏽 naïve résumé 🇯🇵 東京で会いましょう。 "
	var b strings.Builder
	for rules.CountGraphemes(b.String()) < 400 {
		b.WriteString(seed)
	}
	m, _ := rules.GraphemeCounter().Measure(b.String(), 280)
	ascii := strings.Repeat("The quick brown fox jumps over the lazy dog. ", 7)[:280]
	return b.String()[:m.OverflowAt], ascii
}()

// cjk280 is the benchmark's CJK post (as wasm/bench/cases.mjs): 280 characters of
// Japanese with full-width punctuation.
var cjk280 = string([]rune(strings.Repeat("新しい機能を公開しました。東京で会いましょう、皆さん！", 11))[:280])

// mixed293 is mixed280 run over the cap, as a composer measures it on every keystroke
// past the cap: the overflow offset is converted to UTF-16 after 280 mixed graphemes.
var mixed293 = mixed280 + " and one more"

// BenchmarkMeasure is the Go side of a keystroke (bridge.Measure: options, the rule, the
// UTF-16 conversion), next to the rule alone and to uniseg's plain counter. Run natively
// and in WebAssembly:
//
//	go test -run '^$' -bench . -benchtime=200ms ./wasm/internal/bridge
//	GOOS=js GOARCH=wasm go test -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec" -run '^$' -bench . -benchtime=200ms ./wasm/internal/bridge
func BenchmarkMeasure(b *testing.B) {
	for _, tc := range []struct{ name, text string }{{"mixed280", mixed280}, {"ascii280", ascii280}, {"mixed293", mixed293}} {
		want := rules.CountGraphemes(tc.text)
		b.Run("bridge/"+tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if m, _ := Measure(tc.text, MeasureOptions{}); m.Length != want {
					b.Fatal(m)
				}
			}
		})
		b.Run("limits/"+tc.name, func(b *testing.B) {
			b.ReportAllocs()
			var l rules.Limits
			for i := 0; i < b.N; i++ {
				if m, _ := l.Measure(rules.Twitter, tc.text); m.Length != want {
					b.Fatal(m)
				}
			}
		})
		b.Run("uniseg/"+tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if n := unisegCount(tc.text); n != want {
					b.Fatal(n)
				}
			}
		})
	}
}
