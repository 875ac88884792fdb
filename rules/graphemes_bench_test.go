package rules

import (
	"strconv"
	"strings"
	"testing"

	"github.com/rivo/uniseg"
)

// This file uses only the exported API (and uniseg): .ci/bench-before copies it into a
// checkout of an older commit to run the same benchmarks on the engine of then, so it
// must build there too.

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

// benchIndic is a Hindi and Bengali post of 490 code points (about 280 clusters by
// Unicode 17.0, whose GB9c joins the conjuncts; more by Unicode 15.0), cut by code
// points so that every engine measures the same bytes.
func benchIndic() string {
	const hindi = "\u0928\u092e\u0938\u094d\u0924\u0947 \u0926\u0941\u0928\u093f\u092f\u093e, \u0915\u094d\u0937\u0924\u094d\u0930\u093f\u092f " + // नमस्ते दुनिया, क्षत्रिय
		"\u0939\u093f\u0928\u094d\u0926\u0940 \u092e\u0947\u0902 \u0932\u093f\u0916\u093e \u0917\u092f\u093e \u0938\u0902\u0926\u0947\u0936\u0964 " // हिन्दी में लिखा गया संदेश।
	const bengali = "\u0986\u09ae\u09bf \u09ac\u09be\u0982\u09b2\u09be\u09af\u09bc \u0997\u09be\u09a8 \u0997\u09be\u0987, \u09b8\u09cd\u09a4\u09cd\u09b0\u09c0 \u0995\u09cd\u09b7\u09ae\u09be\u0964 " // আমি বাংলায় গান গাই, স্ত্রী ক্ষমা।
	runes := []rune(strings.Repeat(hindi+bengali, 7))
	return string(runes[:490])
}

// benchTexts are the posts every counting benchmark measures.
func benchTexts() []struct{ name, text string } {
	return []struct{ name, text string }{{"ascii", benchASCII()}, {"mixed", benchMixed()}, {"cjk", benchCJK()}, {"indic", benchIndic()}}
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

// BenchmarkMeasure is a composer's keystroke: one post measured against a cap it fits
// (400: the Indic post is 280 clusters by Unicode 17.0 and more by 15.0).
func BenchmarkMeasure(b *testing.B) { benchMeasure(b, GraphemeCounter()) }

// benchMeasure measures each of benchTexts with gc against cap 400, which they all fit.
func benchMeasure(b *testing.B, gc Counter) {
	for _, bc := range benchTexts() {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bc.text)))
			for i := 0; i < b.N; i++ {
				m, err := gc.Measure(bc.text, 400)
				if err != nil || !m.Fits() {
					b.Fatal(m, err)
				}
				lengthSink += m.Length
			}
		})
	}
}

// worstTexts are the inputs that make one cluster, or many tiny ones, cost
// the most: prepended concatenation marks (one cluster however long), "e" + U+0301
// (3-byte clusters), Hangul LV+T pairs (6-byte clusters), one "e" with every combining
// mark after it, and a long cluster that begins right after the cap.
func worstTexts(size int) []struct{ name, text string } {
	fill := func(unit string) string { return strings.Repeat(unit, size/len(unit)) }
	return []struct{ name, text string }{
		{"prepend", fill("\u0600")},
		{"e-acute", fill("e\u0301")},
		{"hangulLVT", fill("\uac00\u11a8")},
		{"one-cluster", "e" + fill("\u0301")},
		{"cluster-after-cap", strings.Repeat("a", 280) + "e" + fill("\u0301")},
	}
}

// BenchmarkGraphemesWorstCase counts (CountGraphemes) and measures against twitter's cap
// (280) and facebook's (63,206, exact up to 2 MB) the worst inputs at 512 KB and 1 MiB.
func BenchmarkGraphemesWorstCase(b *testing.B) {
	gc := GraphemeCounter()
	for _, size := range []struct {
		name string
		n    int
	}{{"512KB", 512 << 10}, {"1MiB", 1 << 20}} {
		for _, wc := range worstTexts(size.n) {
			b.Run("count/"+wc.name+"/"+size.name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(wc.text)))
				for i := 0; i < b.N; i++ {
					lengthSink += CountGraphemes(wc.text)
				}
			})
			for _, limit := range []int{280, 63206} {
				b.Run("measure"+strconv.Itoa(limit)+"/"+wc.name+"/"+size.name, func(b *testing.B) {
					b.ReportAllocs()
					b.SetBytes(int64(len(wc.text)))
					for i := 0; i < b.N; i++ {
						m, err := gc.Measure(wc.text, limit)
						if err != nil {
							b.Fatal(err)
						}
						lengthSink += m.Length
					}
				})
			}
		}
	}
}
