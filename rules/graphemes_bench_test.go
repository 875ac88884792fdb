package rules

import (
	"strings"
	"testing"

	"github.com/rivo/uniseg"
)

// benchASCII is a 280-character English post.
func benchASCII() string {
	s := strings.Repeat("The quick brown fox jumps over the lazy dog. ", 7)
	return s[:280]
}

// benchMixed is a post of 280 clusters in several scripts: CJK, emoji (with ZWJ
// sequences, a flag and skin tones), decomposed accents and Latin.
func benchMixed() string {
	const segment = "Caf\u00e9 cafe\u0301 \u65e5\u672c\u8a9e\u306e\u6587\u7ae0 " + // 20 clusters
		"\U0001F468\u200d\U0001F469\u200d\U0001F467 \U0001F1EB\U0001F1F7 \U0001F44D\U0001F3FD " + // 6
		"\ud55c\uad6d\uc5b4 na\u0131\u0308ve! " // 11: 37 in all
	g := uniseg.NewGraphemes(strings.Repeat(segment, 8)) // 296 clusters
	var b strings.Builder
	for n := 0; n < 280 && g.Next(); n++ {
		b.WriteString(g.Str())
	}
	return b.String()
}

// benchCJK is a 280-character Japanese post: kanji, kana and full-width punctuation,
// every cluster a single three-byte code point.
func benchCJK() string {
	const sentence = "\u543e\u8f29\u306f\u732b\u3067\u3042\u308b\u3002\u540d\u524d\u306f\u307e\u3060\u7121\u3044\u3002" + // 16
		"\u3069\u3053\u3067\u751f\u308c\u305f\u304b\u3068\u3093\u3068\u898b\u5f53\u304c\u3064\u304b\u306c\u3002" // 18: 34 in all
	runes := []rune(strings.Repeat(sentence, 9))
	return string(runes[:280])
}

// benchTexts are the posts every counting benchmark measures.
func benchTexts() []struct{ name, text string } {
	return []struct{ name, text string }{{"ascii", benchASCII()}, {"mixed", benchMixed()}, {"cjk", benchCJK()}}
}

var lengthSink int

func BenchmarkCountGraphemes(b *testing.B) {
	for _, bc := range benchTexts() {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bc.text)))
			for i := 0; i < b.N; i++ {
				lengthSink += CountGraphemes(bc.text)
			}
		})
	}
}

func BenchmarkUnisegCount(b *testing.B) {
	for _, bc := range benchTexts() {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bc.text)))
			for i := 0; i < b.N; i++ {
				lengthSink += uniseg.GraphemeClusterCount(bc.text)
			}
		})
	}
}

// BenchmarkMeasureReject: deciding "too long" against a cap of 280 must cost about the
// same for a 300-character text and for 1 MiB.
func BenchmarkMeasureReject(b *testing.B) {
	line := "The quick brown fox jumps over the lazy dog. "
	short := strings.Repeat(line, 7)[:300]
	huge := strings.Repeat(line, (1<<20)/len(line)+1)[:1<<20]
	gc := GraphemeCounter()
	for _, bc := range []struct{ name, text string }{{"300chars", short}, {"1MiB", huge}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				m, err := gc.Measure(bc.text, 280)
				if err != nil || m.Fits() {
					b.Fatal(m, err)
				}
				lengthSink += m.Length
			}
		})
	}
}

// BenchmarkMeasure is a composer's keystroke: one post measured against twitter's cap.
func BenchmarkMeasure(b *testing.B) {
	gc := GraphemeCounter()
	for _, bc := range benchTexts() {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bc.text)))
			for i := 0; i < b.N; i++ {
				m, err := gc.Measure(bc.text, 280)
				if err != nil || !m.Fits() {
					b.Fatal(m, err)
				}
				lengthSink += m.Length
			}
		})
	}
}
