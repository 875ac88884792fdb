package bridge

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/internal/timestamp"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
	"github.com/rivo/uniseg"
)

var unisegCount = uniseg.GraphemeClusterCount

// utf16Reference is the slow, obviously right UTF-16 length of s[:off]: decode to runes
// (each invalid byte one U+FFFD, as a decoder does) and encode them as UTF-16.
func utf16Reference(s string, off int) int {
	if off < 0 {
		off = 0
	}
	if off > len(s) {
		off = len(s)
	}
	return len(utf16.Encode([]rune(s[:off])))
}

func TestFaultJSON(t *testing.T) {
	f := &Fault{Error: "Bad Request", Code: apierror.CodeInvalidValue, Message: "cap \"0\"\n", Path: "/0/a~1b", Offset: -1}
	var got map[string]any
	if err := json.Unmarshal(f.AppendJSON(nil), &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"error": "Bad Request", "code": "invalid_value", "message": "cap \"0\"\n", "path": "/0/a~1b", "offset": nil}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: got %#v, want %#v", k, got[k], v)
		}
	}
	f.Offset = 12
	json.Unmarshal(f.AppendJSON(nil), &got)
	if got["offset"] != 12.0 {
		t.Errorf("offset: got %#v, want 12", got["offset"])
	}
}

func TestDecodeOutcomes(t *testing.T) {
	rec := func(fields ...string) []byte {
		var b []byte
		for _, f := range fields {
			n := len(f)
			b = append(b, byte(n), byte(n>>8), byte(n>>16), byte(n>>24))
			b = append(b, f...)
		}
		return b
	}
	got, ok := DecodeOutcomes(rec("twitter", "published", "", "", "linkedin", "failed", "token expired", "platform_error"))
	if !ok || len(got) != 2 {
		t.Fatalf("got %v, %v", got, ok)
	}
	want := lifecycle.Outcome{Platform: rules.LinkedIn, State: lifecycle.TargetFailed, Error: "token expired", Code: apierror.CodePlatformError}
	if got[1] != want {
		t.Errorf("got %+v, want %+v", got[1], want)
	}
	if got, ok := DecodeOutcomes(nil); !ok || got != nil {
		t.Errorf("empty: got %v, %v", got, ok)
	}
	for _, bad := range [][]byte{
		rec("twitter", "published", ""),       // three fields of four
		rec("twitter")[:5],                    // cut inside a field
		{0xff, 0xff, 0xff, 0xff, 'a'},         // a length past the end
		append(rec("a", "b", "c", "d"), 1, 0), // a cut length
	} {
		if got, ok := DecodeOutcomes(bad); ok {
			t.Errorf("DecodeOutcomes(%q) = %v, true; want false", bad, got)
		}
	}
}

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

func TestParseScheduledFor(t *testing.T) {
	if utc, f := ParseScheduledFor("2030-01-02T03:04Z", "", false); f != nil || utc != "2030-01-02T03:04:00Z" {
		t.Errorf("got %q, %+v", utc, f)
	}
	if _, f := ParseScheduledFor("2030-02-30T03:04Z", "", false); f == nil || f.Code != apierror.CodeInvalidScheduledFor || f.Offset != 8 {
		t.Errorf("got %+v", f)
	}
	if _, f := ParseScheduledFor("2020-01-01T00:00Z", "2026-01-01T00:00Z", true); f == nil || f.Code != apierror.CodeScheduledInPast {
		t.Errorf("past: got %+v", f)
	}
	if _, f := ParseScheduledFor("2030-01-01T00:00Z", "", true); f == nil || f.Code != apierror.CodeInvalidScheduledFor || f.Offset != -1 ||
		!strings.HasPrefix(f.Message, "option now: ") {
		t.Errorf("empty now: got %+v", f)
	}
	if utc, f := ParseScheduledFor("2030-01-01T00:00Z", "2026-01-01T00:00Z", true); f != nil || utc != "2030-01-01T00:00:00Z" {
		t.Errorf("future: got %q, %+v", utc, f)
	}
}

func TestAggregate(t *testing.T) {
	s, f := Aggregate([]lifecycle.Outcome{{Platform: rules.Twitter, State: lifecycle.TargetPublished}, {Platform: rules.LinkedIn, State: lifecycle.TargetFailed}})
	if f != nil || s.Status != lifecycle.PostPartial || !s.Success {
		t.Errorf("got %+v, %+v", s, f)
	}
	if _, f := Aggregate(nil); f == nil || f.Code != apierror.CodeInvalidRequest {
		t.Errorf("empty: got %+v", f)
	}
}

func TestFaultOfOtherErrors(t *testing.T) {
	f := FaultOf(strings.NewReader("").UnreadByte(), "")
	if f.Code != apierror.CodeInternal || f.Error != "Internal Server Error" || f.Offset != -1 {
		t.Errorf("got %+v", f)
	}
	// A wrapped *apierror.Error is still found (apierror.As walks the wrapping),
	// and its byte offset still converted.
	_, err := timestamp.Parse("😀")
	f = FaultOf(fmt.Errorf("wrapped: %w", err), "😀")
	if f.Code != apierror.CodeInvalidScheduledFor || f.Error != "Bad Request" || f.Offset != 0 {
		t.Errorf("wrapped: got %+v", f)
	}
	e := apierror.New(apierror.CodeInvalidUTF8, "/content", "bad")
	e.Offset = 4
	f = FaultOf(fmt.Errorf("wrapped: %w", e), "😀ab")
	if f.Code != apierror.CodeInvalidUTF8 || f.Path != "/content" || f.Offset != 2 {
		t.Errorf("wrapped with offset: got %+v", f)
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

// BenchmarkUTF16Offset is the conversion of a keystroke over the cap: the byte offset of
// grapheme 281 of the mixed post to UTF-16, by the word-at-a-time count Measure uses,
// next to the general UTF16Offset and the obvious decode-every-rune loop.
func BenchmarkUTF16Offset(b *testing.B) {
	off := len(mixed280)
	want := utf16Reference(mixed293, off)
	b.Run("UTF16Offset", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if strictjson.UTF16Offset(mixed293, off) != want {
				b.Fatal("wrong")
			}
		}
	})
	b.Run("UTF16Len", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if strictjson.UTF16Len(mixed293[:off]) != want {
				b.Fatal("wrong")
			}
		}
	})
	b.Run("decode-loop", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			n := 0
			for _, r := range mixed293[:off] {
				n++
				if r > 0xFFFF {
					n++
				}
			}
			if n != want {
				b.Fatal("wrong")
			}
		}
	})
}

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
