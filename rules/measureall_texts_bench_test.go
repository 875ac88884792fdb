package rules

import (
	"strings"
	"testing"
)

// BenchmarkMeasureAllTexts is the composer's per-keystroke call on the three 280-character
// texts of the WASM speed bench (wasm/bench/speed-cases.mjs): ASCII, mixed and CJK.
func BenchmarkMeasureAllTexts(b *testing.B) {
	texts := map[string]string{
		"ascii280": strings.Repeat("Launch day for the new scheduler. ", 9)[:280],
		"mixed280": string([]rune(strings.Repeat("Launch 🚀 été 日本 #launch @team https://example.com/a ", 8))[:280]),
		"cjk280":   string([]rune(strings.Repeat("新しいスケジューラーを公開しました。今日から使えます、", 12))[:280]),
	}
	ps := Platforms()
	l := DefaultLimits()
	for _, name := range []string{"ascii280", "mixed280", "cjk280"} {
		text := texts[name]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			dst := make([]Measurement, 0, 64)
			for i := 0; i < b.N; i++ {
				dst, _ = l.MeasureAll(dst[:0], ps, text)
			}
		})
	}
}

// BenchmarkMeasureAllPaste5MB is measureAll after a 5 MB paste (the text of
// wasm/bench/bounded.mjs: English with tags, mentions, cashtags, links and < >), ten
// platforms. Issue 32 asks for at most 2 ms in Chromium.
func BenchmarkMeasureAllPaste5MB(b *testing.B) {
	const piece = "Launch day! #launch @team $ACME see https://example.com/a <b> and more words here. "
	text := strings.Repeat(piece, 5_000_000/len(piece)+1)
	ps := Platforms()
	l := DefaultLimits()
	dst := make([]Measurement, 0, 64)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		var err error
		if dst, err = l.MeasureAll(dst[:0], ps, text); err != nil {
			b.Fatal(err)
		}
	}
}
