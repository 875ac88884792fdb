package xweight

import (
	"strings"
	"testing"

	"github.com/rivo/uniseg"
)

// The three 280-grapheme texts of the WebAssembly keystroke benchmark
// (wasm/bench/cases.mjs TEXTS): the seed repeated and cut at 280 graphemes.
func keystrokeText(seed string) string {
	s := strings.Repeat(seed, 280)
	g := uniseg.NewGraphemes(s)
	end := 0
	for i := 0; i < 280 && g.Next(); i++ {
		_, end = g.Positions()
	}
	return s[:end]
}

var keystrokeTexts = []struct{ name, text string }{
	{"ascii280", keystrokeText("The quick brown fox jumps over the lazy dog. ")},
	{"mixed280", keystrokeText("Launch day 🚀 新しい機能を公開しました！ café au lait ☕ 👩‍👩‍👧 家族 👍🏽 naïve résumé 🇯🇵 東京で会いましょう。 ")},
	{"cjk280", keystrokeText("新しい機能を公開しました。東京で会いましょう、皆さん！")},
}

// BenchmarkKeystroke is Measure with X's cap on the texts the WebAssembly benchmark
// compares with twitter-text's parseTweet.
func BenchmarkKeystroke(b *testing.B) {
	c := Default()
	for _, k := range keystrokeTexts {
		b.Run(k.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := c.Measure(k.text, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
