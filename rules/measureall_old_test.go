package rules

import (
	"strings"
	"testing"
)

// measureAllReadOld is MeasureAll as it was before each platform read its own prefix
// (commit 99358aa, rules/measureall.go): a text longer than measureAllBound was measured
// from one prefix of about 256 KiB for every platform at once. It is kept here to measure
// the two side by side in one run (BenchmarkMeasureAllBeforeAfter) and to show that texts
// of at most measureAllBound bytes are measured exactly as before
// (TestMeasureAllShortTextsAsBefore).
func (l Limits) measureAllReadOld(dst []Measurement, ps []Platform, text string) ([]Measurement, int, error) {
	if len(text) > measureAllBound {
		n := measureAllCutOld(text)
		if n < 0 {
			out, _, err := l.measureAll(dst, ps, text)
			return out, len(text), err
		}
		start := len(dst)
		out, decided, err := l.measureAll(dst, ps, text[:n])
		if err == nil && decided {
			for i := start; i < len(out); i++ {
				out[i].Exact = false
			}
			return out, n, nil
		}
		dst = out[:start]
	}
	out, _, err := l.measureAll(dst, ps, text)
	return out, len(text), err
}

// measureAllCutOld is the old cut: after the last white space in the 64 KiB before
// measureAllBound, or -1.
func measureAllCutOld(text string) int {
	for i := measureAllBound - 1; i >= measureAllBound-64<<10; i-- {
		switch text[i] {
		case ' ', '\t', '\n', '\r', '\f', '\v':
			return i + 1
		}
	}
	return -1
}

// BenchmarkMeasureAllBeforeAfter times the ten platforms' measureAll before
// (measureAllReadOld, one prefix of 256 KiB) and after (a prefix per platform), side by
// side in one run, on the pastes of the WASM bench and on the worst inputs for the
// prefixes: no white space at all, one grapheme cluster of a million marks, and links
// only.
func BenchmarkMeasureAllBeforeAfter(b *testing.B) {
	const piece = "Launch day! #launch @team $ACME see https://example.com/a <b> and more words here. "
	huge := hugeTexts(5 << 20)
	cases := []struct{ name, text string }{
		{"ascii-5MB", strings.Repeat(piece, 5_000_000/len(piece)+1)},
		{"ascii-50MB", strings.Repeat(piece, 50_000_000/len(piece)+1)},
		{"cjk-5MB", huge["cjk"]},
		{"emoji-5MB", huge["emoji"]},
		{"nospace-5MB", strings.Repeat("今日は新製品の発表日です。", (5<<20)/39)},
		{"onecluster-5MB", "e" + strings.Repeat("\u0301", (5<<20)/2)},
		{"links-5MB", strings.Repeat("https://example.com/a ", (5<<20)/22)},
	}
	ps := Platforms()
	l := DefaultLimits()
	for _, c := range cases {
		dst := make([]Measurement, 0, 128)
		b.Run(c.name+"/before", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				dst, _, _ = l.measureAllReadOld(dst[:0], ps, c.text)
			}
		})
		b.Run(c.name+"/after", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				dst, _ = l.MeasureAll(dst[:0], ps, c.text)
			}
		})
	}
}
