package xweight

import (
	"strconv"
	"strings"
	"testing"

	"github.com/postrules/postrules/rules"
	"github.com/rivo/uniseg"
)

// A 280-grapheme post mixing Latin, Japanese, emoji (ZWJ, flags, skin tones) and one
// URL; postNoURL has the URL replaced by words of the same length.
var (
	postURL   = mixedPost("https://example.com/launch/2025?ref=x")
	postNoURL = mixedPost("and see the launch notes on our site")
)

func mixedPost(link string) string {
	s := "Launch day! 今日は新しいアプリを公開しました 🎉🚀 Try it: " + link +
		" — 👨‍👩‍👧‍👦 family plan, 🇯🇵 東京と大阪で先行販売。Thanks to everyone 👍🏽❤️ who tested the beta, " +
		"ありがとうございます！ Café naïve résumé – “quotes” … "
	for uniseg.GraphemeClusterCount(s) < 280 {
		s += "x"
	}
	return s
}

func TestBenchmarkPosts(t *testing.T) {
	for _, p := range []string{postURL, postNoURL} {
		if n := uniseg.GraphemeClusterCount(p); n != 280 {
			t.Fatalf("post has %d graphemes, want 280", n)
		}
	}
	c := Default()
	if a, b := c.Parse(postURL), c.Parse(postNoURL); a.WeightedLength >= b.WeightedLength {
		t.Fatalf("with URL %d, without %d: the URL should count 23, less than its text", a.WeightedLength, b.WeightedLength)
	}
	if allocs := testing.AllocsPerRun(100, func() { c.Parse(postNoURL) }); allocs != 0 {
		t.Errorf("Parse allocates %v times on a post without URL", allocs)
	}
	if allocs := testing.AllocsPerRun(100, func() { _, _ = c.Measure(postNoURL, 0) }); allocs != 0 {
		t.Errorf("Measure allocates %v times on a post without URL", allocs)
	}
}

func BenchmarkParse(b *testing.B) {
	c := Default()
	for _, bm := range []struct {
		name, text string
	}{
		{"MixedWithURL", postURL},
		{"MixedNoURL", postNoURL},
		{"ASCII280", strings.Repeat("hello world ", 24)[:280]},
		{"CJK140", strings.Repeat("故人西辞黄鹤楼", 20)},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bm.text)))
			for i := 0; i < b.N; i++ {
				c.Parse(bm.text)
			}
		})
	}
}

func BenchmarkMeasure(b *testing.B) {
	c := Default()
	for _, bm := range []struct {
		name, text string
	}{
		{"MixedWithURL", postURL},
		{"MixedNoURL", postNoURL},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := c.Measure(bm.text, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The alternatives in the same run: the default grapheme counter of package rules and
// uniseg's plain counter, on the same posts.
func BenchmarkGraphemes(b *testing.B) {
	for _, bm := range []struct {
		name, text string
	}{
		{"MixedWithURL", postURL},
		{"MixedNoURL", postNoURL},
	} {
		b.Run("rules.CountGraphemes/"+bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				rules.CountGraphemes(bm.text)
			}
		})
		b.Run("uniseg.GraphemeClusterCount/"+bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				uniseg.GraphemeClusterCount(bm.text)
			}
		})
	}
}

// BenchmarkMeasureWorst compares, in one run, Measure (which stops reading once the text
// is over its cap) with measureExact (the whole text, what Measure did before) on the
// costliest shapes at 512 KiB and 1 MiB, cap 280, and on the 280-character posts.
func BenchmarkMeasureWorst(b *testing.B) {
	c := Default()
	type shape struct{ name, text string }
	shapes := []shape{{"Post280/MixedWithURL", postURL}, {"Post280/MixedNoURL", postNoURL}}
	for _, size := range []int{512 << 10, 1 << 20} {
		for _, w := range worstTexts(size) {
			shapes = append(shapes, shape{w.name + "/" + strconv.Itoa(size>>10) + "KiB", w.text})
		}
	}
	for _, s := range shapes {
		for _, way := range []struct {
			name    string
			measure func(string) (rules.Measurement, error)
		}{
			{"early", func(t string) (rules.Measurement, error) { return c.Measure(t, 280) }},
			{"whole", func(t string) (rules.Measurement, error) { return c.measureExact(t, 280, 280*c.scale) }},
		} {
			b.Run(s.name+"/"+way.name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(s.text)))
				for i := 0; i < b.N; i++ {
					if _, err := way.measure(s.text); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
