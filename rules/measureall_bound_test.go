package rules

import (
	"strings"
	"testing"
)

// hugeTexts are pastes far over every cap, in several scripts, with links, tags and
// YouTube's forbidden characters throughout, so that every kind of rule is broken early.
func hugeTexts(size int) map[string]string {
	pieces := map[string]string{
		"ascii": "Launch day! #launch @team $ACME see https://example.com/a <b> and more words here. ",
		"cjk":   "今日は新製品の発表日です。#発表 詳しくは https://example.jp/x を見てください。",
		"emoji": "🚀🎉 #party @crew https://example.org/🎈 👩‍👩‍👧‍👦 > 🇫🇷🇯🇵 ",
	}
	out := map[string]string{}
	for name, p := range pieces {
		out[name] = strings.Repeat(p, size/len(p)+1)
	}
	return out
}

// TestMeasureAllBounded: a text far over every cap is measured from its first
// measureAllBound bytes; the answer is the one any longer prefix gets, every OverflowAt is
// the whole text's, each Length is a lower bound of the whole text's, and no platform fits.
func TestMeasureAllBounded(t *testing.T) {
	l := DefaultLimits()
	ps := Platforms()
	for name, text := range hugeTexts(5 << 20) {
		got, n, err := l.MeasureAllRead(nil, ps, text)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if n > measureAllBound || n < measureAllBound-200 || !strings.ContainsAny(text[n-1:n], " \t\n") {
			t.Fatalf("%s: read %d bytes, want the first %d or a little less, up to white space", name, n, measureAllBound)
		}
		// Any longer prefix answers the same (what the WASM wrapper relies on).
		for _, k := range []int{measureAllBound + 1, measureAllBound + 1000, 1 << 20} {
			for !isRuneStartAt(text, k) {
				k++
			}
			again, n2, err := l.MeasureAllRead(nil, ps, text[:k])
			if err != nil || n2 != n || len(again) != len(got) {
				t.Fatalf("%s: prefix %d: read %d, %d measurements, %v", name, k, n2, len(again), err)
			}
			for i := range got {
				if again[i] != got[i] {
					t.Fatalf("%s: prefix %d: %+v, want %+v", name, k, again[i], got[i])
				}
			}
		}
		// The whole text, every rule read to its end (appendMeasurements is not bounded).
		var whole []Measurement
		for _, p := range ps {
			whole, err = l.textMeasurements(whole, p, text)
			if err != nil {
				t.Fatal(err)
			}
		}
		if len(whole) != len(got) {
			t.Fatalf("%s: %d measurements, the whole text has %d", name, len(got), len(whole))
		}
		broken := map[string]bool{}
		for i, m := range got {
			w := whole[i]
			if m.Rule != w.Rule || m.Exact {
				t.Fatalf("%s: %+v against %+v: same rule, Exact false", name, m, w)
			}
			if !m.Fits() && m.OverflowAt != w.OverflowAt {
				t.Errorf("%s: %s breaks at %d in the prefix, at %d in the whole text", name, m.Rule, m.OverflowAt, w.OverflowAt)
			}
			if !m.Fits() && w.Fits() {
				t.Errorf("%s: %s broken in the prefix only", name, m.Rule)
			}
			if w.Exact && m.Length > w.Length {
				t.Errorf("%s: %s: length %d is no lower bound of %d", name, m.Rule, m.Length, w.Length)
			}
			if !m.Warning && !m.Fits() {
				broken[m.Rule[:strings.IndexByte(m.Rule, '.')]] = true
			}
		}
		if len(broken) != len(ps) {
			t.Errorf("%s: %d platforms decided, want all %d", name, len(broken), len(ps))
		}
	}
}

// TestMeasureAllReadsWholeWhenUndecided: a text whose first measureAllBound bytes fit a
// platform (one grapheme cluster of 300 KB fits twitter's 280) is read whole.
func TestMeasureAllReadsWholeWhenUndecided(t *testing.T) {
	text := "e" + strings.Repeat("\u0301", 150_000) + " #tag"
	got, n, err := DefaultLimits().MeasureAllRead(nil, []Platform{Twitter, Bluesky}, text)
	if err != nil {
		t.Fatal(err)
	}
	if n != len(text) {
		t.Fatalf("read %d of %d bytes", n, len(text))
	}
	if got[0].Rule != "twitter.text.max" || !got[0].Fits() || got[0].Length != 6 {
		t.Fatalf("twitter: %+v, want 6 graphemes (e and its marks, a space, #tag) that fit", got[0])
	}
	// No white space in the 64 KiB before the bound: read whole, even when decided.
	cjk := strings.Repeat("今日は新製品の発表日です。", 30_000)
	if _, n, _ := DefaultLimits().MeasureAllRead(nil, []Platform{Bluesky}, cjk); n != len(cjk) {
		t.Fatalf("a text without white space: read %d of %d bytes", n, len(cjk))
	}
}

func isRuneStartAt(s string, i int) bool { return i >= len(s) || s[i]&0xC0 != 0x80 }

// BenchmarkMeasureAllHuge: the ten platforms' rules on a 64 KB text and on 5 MB and 50 MB
// pastes; the two pastes cost what 256 KiB costs, not more.
func BenchmarkMeasureAllHuge(b *testing.B) {
	text := hugeTexts(50 << 20)["ascii"]
	l := DefaultLimits()
	ps := Platforms()
	for _, size := range []struct {
		name string
		n    int
	}{{"64KB", 64 << 10}, {"5MB", 5 << 20}, {"50MB", 50 << 20}} {
		t := text[:size.n]
		b.Run(size.name, func(b *testing.B) {
			var dst []Measurement
			b.SetBytes(int64(len(t)))
			for b.Loop() {
				dst, _ = l.MeasureAll(dst[:0], ps, t)
			}
		})
	}
}

// BenchmarkMeasureAllNoSpace: a 5 MB paste without white space is not cut
// (measureAllCut), so each rule's own stop near its cap is what bounds the call; for one
// platform it costs what that platform's caps cost, not a read of the whole paste
// (factsMaxBytes).
func BenchmarkMeasureAllNoSpace(b *testing.B) {
	cjk := strings.Repeat("今日は新製品の発表日です。", (5<<20)/39)
	l := DefaultLimits()
	for _, ps := range [][]Platform{{Bluesky}, {Threads}, {YouTube}, Platforms()} {
		name := string(ps[0])
		if len(ps) > 1 {
			name = "all-ten"
		}
		b.Run(name, func(b *testing.B) {
			var dst []Measurement
			for b.Loop() {
				dst, _ = l.MeasureAll(dst[:0], ps, cjk)
			}
		})
	}
}
