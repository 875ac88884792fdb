package rules

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/postrules/postrules/internal/longtext"
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

// prefixReference is MeasureAll's documented answer, the slow way and with no shared
// code but textMeasurements: a text of at most measureAllBound bytes measured whole; a
// longer one, platform by platform, on the first prefix of 1 KiB, 4 KiB, ... (cut after
// the last white space of the step's last three quarters, at most its last 64 KiB) that
// breaks an error rule, with
// Exact false, or whole when none does. reads says how many bytes each platform's
// measurements describe.
func prefixReference(t *testing.T, l Limits, ps []Platform, text string) (ms []Measurement, reads []int) {
	t.Helper()
	for _, p := range ps {
		n := len(text)
		var got []Measurement
		if len(text) > measureAllBound {
			for k := 1024; k < len(text); k *= 4 {
				from := max(k/4, k-64<<10)
				cut := strings.LastIndexAny(text[from:k], " \t\n\r\f\v")
				if cut < 0 {
					continue
				}
				cut += from + 1
				pm, err := l.textMeasurements(nil, p, text[:cut])
				if err != nil {
					t.Fatal(err)
				}
				broken := false
				for i := range pm {
					broken = broken || !pm[i].Warning && !pm[i].Fits()
					pm[i].Exact = false
				}
				if broken {
					n, got = cut, pm
					break
				}
			}
		}
		if got == nil {
			var err error
			if got, err = l.textMeasurements(nil, p, text); err != nil {
				t.Fatal(err)
			}
		}
		ms = append(ms, got...)
		reads = append(reads, n)
	}
	return ms, reads
}

// sameMeasurements fails t when got and want differ.
func sameMeasurements(t *testing.T, what string, got, want []Measurement) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d measurements, want %d", what, len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s: %+v, want %+v", what, got[i], want[i])
		}
	}
}

// checkAgainstWhole checks MeasureAll's answer for a long text against every rule read to
// the whole text's end: the same rules; a rule broken in the answer is broken in the
// whole text at the same place; an inexact Length is a lower bound of an exact whole one;
// and every platform's verdict (does it fit?) is the whole text's.
func checkAgainstWhole(t *testing.T, name string, l Limits, ps []Platform, text string, got []Measurement) {
	t.Helper()
	var whole []Measurement
	for _, p := range ps {
		var err error
		if whole, err = l.textMeasurements(whole, p, text); err != nil {
			t.Fatal(err)
		}
	}
	if len(whole) != len(got) {
		t.Fatalf("%s: %d measurements, the whole text has %d", name, len(got), len(whole))
	}
	brokenGot, brokenWhole := map[string]bool{}, map[string]bool{}
	for i, m := range got {
		w := whole[i]
		platform := m.Rule[:strings.IndexByte(m.Rule, '.')]
		if m.Rule != w.Rule {
			t.Fatalf("%s: %+v against %+v: not the same rule", name, m, w)
		}
		if !m.Fits() && m.OverflowAt != w.OverflowAt {
			t.Errorf("%s: %s breaks at %d in the answer, at %d in the whole text", name, m.Rule, m.OverflowAt, w.OverflowAt)
		}
		if !m.Exact && w.Exact && m.Length > w.Length {
			t.Errorf("%s: %s: length %d is no lower bound of %d", name, m.Rule, m.Length, w.Length)
		}
		if m.Exact && m != w {
			t.Errorf("%s: exact %+v, the whole text's is %+v", name, m, w)
		}
		if !m.Warning && !m.Fits() {
			brokenGot[platform] = true
		}
		if !w.Warning && !w.Fits() {
			brokenWhole[platform] = true
		}
	}
	for _, p := range ps {
		if brokenGot[string(p)] != brokenWhole[string(p)] {
			t.Errorf("%s: %s broken %v in the answer, %v in the whole text", name, p, brokenGot[string(p)], brokenWhole[string(p)])
		}
	}
}

// measureAllPrefixHook is the function package rules gives the WASM bridge.
func measureAllPrefixHook(t *testing.T) func(Limits, []Measurement, []Platform, string) ([]Measurement, bool, error) {
	f, ok := longtext.MeasureAllPrefix.(func(Limits, []Measurement, []Platform, string) ([]Measurement, bool, error))
	if !ok {
		t.Fatalf("longtext.MeasureAllPrefix is a %T", longtext.MeasureAllPrefix)
	}
	return f
}

// checkPrefixes checks what the bridge relies on: for prefixes of text of several
// lengths, measureAllPrefix either says it cannot decide, or answers what MeasureAll
// answers for the whole text; and a prefix holding every platform's read decides.
func checkPrefixes(t *testing.T, name string, l Limits, ps []Platform, text string, want []Measurement, reads []int) {
	t.Helper()
	hook := measureAllPrefixHook(t)
	need := 0
	for _, n := range reads {
		need = max(need, n)
	}
	for _, k := range []int{measureAllBound + 1, 1 << 10, 4 << 10, 16 << 10, 64 << 10, 64<<10 + 3, 256 << 10, 1 << 20, need, need + 1} {
		if k <= 0 || k >= len(text) {
			continue
		}
		for !isRuneStartAt(text, k) {
			k++
		}
		got, done, err := hook(l, nil, ps, text[:k])
		if err != nil {
			t.Fatalf("%s: prefix %d: %v", name, k, err)
		}
		if !done {
			if len(got) != 0 {
				t.Fatalf("%s: prefix %d: undecided, with %d measurements", name, k, len(got))
			}
			if need < len(text) && k >= need*4 {
				t.Fatalf("%s: prefix %d: undecided, though every platform read at most %d bytes", name, k, need)
			}
			continue
		}
		sameMeasurements(t, name+": a prefix", got, want)
	}
}

// TestMeasureAllBounded: a text far over every cap is measured, platform by platform,
// from a short prefix; the answer is the reference's, agrees with the whole text, and
// any prefix that decides gives the same answer.
func TestMeasureAllBounded(t *testing.T) {
	l := DefaultLimits()
	ps := Platforms()
	for name, text := range hugeTexts(5 << 20) {
		got, err := l.MeasureAll(nil, ps, text)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want, reads := prefixReference(t, l, ps, text)
		sameMeasurements(t, name, got, want)
		for i, n := range reads {
			// No platform needs more than 256 KiB of these texts; X and Bluesky 1 KiB.
			if n > measureAllBound || (ps[i] == Twitter || ps[i] == Bluesky) && n > 1<<10 {
				t.Errorf("%s: %s read %d bytes", name, ps[i], n)
			}
		}
		for _, m := range got {
			if m.Exact {
				t.Errorf("%s: %s exact on a prefix", name, m.Rule)
			}
		}
		checkAgainstWhole(t, name, l, ps, text, got)
		checkPrefixes(t, name, l, ps, text, want, reads)
	}
}

// TestMeasureAllReadsWholeWhenUndecided: a platform no prefix decides is measured on the
// whole text, exactly, while the others keep their prefixes; a text with no white space
// has no prefix to cut and is read whole.
func TestMeasureAllReadsWholeWhenUndecided(t *testing.T) {
	l := DefaultLimits()
	text := "e" + strings.Repeat("\u0301", 150_000) + " #tag"
	got, err := l.MeasureAll(nil, []Platform{Twitter, Bluesky}, text)
	if err != nil {
		t.Fatal(err)
	}
	if got[0].Rule != "twitter.text.max" || !got[0].Fits() || got[0].Length != 6 || !got[0].Exact {
		t.Fatalf("twitter: %+v, want 6 graphemes (e and its marks, a space, #tag) that fit, exactly", got[0])
	}
	if _, done, _ := measureAllPrefixHook(t)(l, nil, []Platform{Twitter}, text[:len(text)-2]); done {
		t.Fatal("a prefix that fits twitter decided it")
	}
	// 130 clusters of 2,001 code points: Facebook's 63,206 UTF-16 units are passed within
	// 256 KiB, X's 280 graphemes never, so X reads the whole text.
	mixed := strings.Repeat("e"+strings.Repeat("\u0301", 2000)+" ", 130)
	got, err = l.MeasureAll(nil, []Platform{Facebook, Twitter}, mixed)
	if err != nil {
		t.Fatal(err)
	}
	want, reads := prefixReference(t, l, []Platform{Facebook, Twitter}, mixed)
	sameMeasurements(t, "mixed", got, want)
	if reads[0] > 256<<10 || reads[1] != len(mixed) || got[0].Exact || !got[1].Exact {
		t.Fatalf("mixed: reads %v, want facebook's 256 KiB and twitter's whole %d; %+v", reads, len(mixed), got)
	}
	checkAgainstWhole(t, "mixed", l, []Platform{Facebook, Twitter}, mixed, got)
	cjk := strings.Repeat("今日は新製品の発表日です。", 30_000)
	got, err = l.MeasureAll(nil, Platforms(), cjk)
	if err != nil {
		t.Fatal(err)
	}
	whole, _, _ := l.measureAll(nil, Platforms(), cjk)
	sameMeasurements(t, "no white space", got, whole)
}

// TestMeasureAllShortTextsAsBefore: texts of at most measureAllBound bytes are measured
// whole, exactly as before platforms read their own prefixes; longer ones keep every
// verdict and every OverflowAt the one-prefix MeasureAll gave.
func TestMeasureAllShortTextsAsBefore(t *testing.T) {
	l := DefaultLimits()
	ps := Platforms()
	for name, huge := range hugeTexts(measureAllBound + 100_000) {
		for _, n := range []int{0, 1, 280, 2000, 4096, 63_206, 65_536, measureAllBound - 1, measureAllBound} {
			for n < len(huge) && !isRuneStartAt(huge, n) {
				n--
			}
			text := huge[:n]
			got, err := l.MeasureAll(nil, ps, text)
			old, _, oldErr := l.measureAllReadOld(nil, ps, text)
			if err != nil || oldErr != nil {
				t.Fatal(err, oldErr)
			}
			sameMeasurements(t, name, got, old)
		}
		got, _ := l.MeasureAll(nil, ps, huge)
		old, _, _ := l.measureAllReadOld(nil, ps, huge)
		for i := range got {
			if got[i].Rule != old[i].Rule || got[i].Fits() != old[i].Fits() && !got[i].Fits() || got[i].OverflowAt >= 0 && got[i].OverflowAt != old[i].OverflowAt {
				t.Errorf("%s: %+v, before %+v", name, got[i], old[i])
			}
		}
	}
}

// TestMeasureAllInvalidUTF8Long: invalid UTF-8 in a long text is the whole text's error,
// as MeasureAll of a short text reports it, wherever the prefixes stop.
func TestMeasureAllInvalidUTF8Long(t *testing.T) {
	l := DefaultLimits()
	text := strings.Repeat("word ", 100) + "\xff" + strings.Repeat("word ", 100_000)
	got, err := l.MeasureAll(nil, Platforms(), text)
	want, _, wantErr := l.measureAll(nil, Platforms(), text)
	if err == nil || wantErr == nil || err.Error() != wantErr.Error() {
		t.Fatalf("error %v, want %v", err, wantErr)
	}
	sameMeasurements(t, "invalid", got, want)
	if _, done, err := measureAllPrefixHook(t)(l, nil, Platforms(), text[:4096]); err == nil || done {
		t.Fatalf("a prefix with invalid UTF-8: done %v, error %v", done, err)
	}
}

// longPieces make long texts where cuts matter: links and cashtags that a cut inside
// would change, runs without white space, clusters of many marks, CJK, and white space of
// every kind.
var longPieces = []string{
	"word ", "https://example.com/a/long/path?q=1 ", "example.co", "mmunity ", "$GOOG", "LEX ", "#tag ", "@who ",
	"今日は新製品の発表日です。", "🚀", "👩‍👩‍👧‍👦", "e\u0301\u0301\u0301", "\u0301", "<b>", "\n", "\t", "\u3000", "x",
	strings.Repeat("y", 3000), strings.Repeat("\u0301", 2000),
}

// TestMeasureAllPrefixProperty: for long texts built of longPieces, MeasureAll is the
// reference, agrees with the whole text, and every prefix that decides answers the same.
func TestMeasureAllPrefixProperty(t *testing.T) {
	l := DefaultLimits()
	all := Platforms()
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 12 // each case reads a few hundred KiB several times
	props := gopter.NewProperties(params)
	props.Property("per-platform prefixes answer as the whole text", prop.ForAll(
		func(idx []int, size int, pick int) bool {
			var b strings.Builder
			for b.Len() < size {
				for _, i := range idx {
					b.WriteString(longPieces[i])
				}
			}
			text := b.String()
			ps := all
			if pick%3 == 0 {
				ps = []Platform{all[pick%len(all)], all[(pick/7)%len(all)]}
			}
			got, err := l.MeasureAll(nil, ps, text)
			if err != nil {
				t.Log(err)
				return false
			}
			want, reads := prefixReference(t, l, ps, text)
			sameMeasurements(t, "property", got, want)
			checkAgainstWhole(t, "property", l, ps, text, got)
			checkPrefixes(t, "property", l, ps, text, want, reads)
			return !t.Failed()
		},
		gen.SliceOfN(6, gen.IntRange(0, len(longPieces)-1)),
		gen.IntRange(measureAllBound+1, measureAllBound+200_000),
		gen.IntRange(0, 1000),
	))
	props.TestingRun(t)
}

func isRuneStartAt(s string, i int) bool { return i >= len(s) || s[i]&0xC0 != 0x80 }

// BenchmarkMeasureAllHuge: the ten platforms' rules on a 64 KB text and on 5 MB and 50 MB
// pastes; the two pastes cost what their short prefixes cost, not more.
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

// BenchmarkMeasureAllNoSpace: a 5 MB paste without white space has no prefix to cut, so
// each rule's own stop near its cap is what bounds the call; for one platform it costs
// what that platform's caps cost, not a read of the whole paste (factsMaxBytes).
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

// FuzzMeasureAllPrefix: a paste made of any piece repeated past measureAllBound is
// measured as the reference measures it, and every start of it that decides answers the
// same.
func FuzzMeasureAllPrefix(f *testing.F) {
	for _, seed := range []string{"word ", "https://example.co mmunity $GOOG LEX ", "今日は #発表 ", "e\u0301\u0301 ", "🚀\t<b>\n", "x", "\xff "} {
		f.Add(seed)
	}
	l := DefaultLimits()
	f.Fuzz(func(t *testing.T, piece string) {
		if piece == "" || !utf8.ValidString(piece) {
			return // invalid UTF-8: TestMeasureAllInvalidUTF8Long
		}
		text := strings.Repeat(piece, measureAllBound/len(piece)+2)
		ps := Platforms()
		got, err := l.MeasureAll(nil, ps, text)
		if err != nil {
			t.Fatal(err)
		}
		want, reads := prefixReference(t, l, ps, text)
		sameMeasurements(t, "fuzz", got, want)
		checkPrefixes(t, "fuzz", l, ps, text, want, reads)
	})
}
