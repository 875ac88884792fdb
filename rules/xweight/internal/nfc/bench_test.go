package nfc

import (
	"strings"
	"testing"

	"golang.org/x/text/unicode/norm"
)

// benchTexts: already NFC (ASCII, CJK, Hangul syllables) and not (Latin with combining
// marks, Hangul jamo), and the worst case: one base and 100,000 combining marks of two
// classes out of order, so that every segment is reordered.
var benchTexts = []struct{ name, text string }{
	{"ASCII", strings.Repeat("The quick brown fox jumps over the lazy dog. ", 7)},
	{"LatinMarks", strings.Repeat("Cafe\u0301 nai\u0308ve re\u0301sume\u0301 Sa\u0303o Paulo, Ha\u0300 No\u0323\u0302i. ", 5)},
	{"LatinNFC", strings.Repeat("Café naïve résumé São Paulo, Hà Nội. ", 5)},
	{"Hangul", strings.Repeat("다람쥐 헌 쳇바퀴에 타고파. ", 10)},
	{"HangulJamo", norm.NFD.String(strings.Repeat("다람쥐 헌 쳇바퀴에 타고파. ", 10))},
	{"CJK", strings.Repeat("故人西辞黄鹤楼，烟花三月下扬州。", 10)},
	{"Worst100kMarks", "a" + strings.Repeat("\u0301\u0316", 50000)},
}

// BenchmarkString compares String with norm.NFC.String on the same texts (norm inserts
// U+034F in the worst case; the work is comparable).
func BenchmarkString(b *testing.B) {
	for _, bt := range benchTexts {
		b.Run("nfc/"+bt.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bt.text)))
			for i := 0; i < b.N; i++ {
				_ = String(bt.text)
			}
		})
		b.Run("norm/"+bt.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bt.text)))
			for i := 0; i < b.N; i++ {
				_ = norm.NFC.String(bt.text)
			}
		})
	}
}

// BenchmarkSegments compares the Reader with norm's iterator, as rules/xweight reads a
// prefix of a text.
func BenchmarkSegments(b *testing.B) {
	for _, bt := range benchTexts {
		b.Run("nfc/"+bt.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bt.text)))
			var r Reader
			for i := 0; i < b.N; i++ {
				r.Init(bt.text)
				for _, _, ok := r.Next(); ok; _, _, ok = r.Next() {
				}
			}
		})
		b.Run("norm/"+bt.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bt.text)))
			var it norm.Iter
			for i := 0; i < b.N; i++ {
				it.InitString(norm.NFC, bt.text)
				for !it.Done() {
					it.Next()
				}
			}
		})
	}
}
