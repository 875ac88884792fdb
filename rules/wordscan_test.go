package rules

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// The WebAssembly build scans for ASCII bytes with asciiSet and weighs non-ASCII with
// validSeqLen (see wordScan); these tests run them natively against what they replace,
// on texts mixing ASCII, the sets' bytes, CJK, emoji and invalid bytes.
func wordScanTexts() []string {
	pieces := []string{"a", "hello world ", "<", ">", "\\", "|", "#", "@", "*", "_", "~", "h", "W", "www.x.com ", "https://a.b/c ",
		"新しい", "。", "éñ", "👍🏽", "\uFFFD", "\xff", "\xc0\xaf", "\xe0\x9f\xbf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xf0\x8f\xbf\xbf", "\xe3\x81", "\xf0\x9f\x91"}
	rng := rand.New(rand.NewPCG(22, 3))
	var texts []string
	for k := 0; k < 5000; k++ {
		var b strings.Builder
		for m := rng.IntN(30); m >= 0; m-- {
			p := pieces[rng.IntN(len(pieces))]
			if rng.IntN(4) == 0 {
				p = strings.Repeat(p, 1+rng.IntN(10))
			}
			b.WriteString(p)
		}
		texts = append(texts, b.String())
	}
	return texts
}

func TestASCIISetIndexIsIndexAny(t *testing.T) {
	for _, chars := range []string{littleTextReserved, "hHwW", "<>", "#"} {
		set := newASCIISet(chars)
		for _, text := range wordScanTexts() {
			if got, want := set.index(text), strings.IndexAny(text, chars); got != want {
				t.Fatalf("index(%q) in %q = %d, IndexAny %d", text, chars, got, want)
			}
		}
	}
}

func TestMeasureForbiddenOnePass(t *testing.T) {
	for _, set := range []string{"<>", "<", "#@"} {
		for _, text := range wordScanTexts() {
			want := Measurement{Counter: charsName, Exact: true, OverflowAt: -1}
			for j := 0; j < len(set); j++ {
				want.Length += strings.Count(text, set[j:j+1])
			}
			want.OverflowAt = strings.IndexAny(text, set)
			if got := measureForbiddenOnePass(text, set); got != want {
				t.Fatalf("%q, set %q: one pass %+v, strings %+v", text, set, got, want)
			}
		}
	}
}

func TestValidSeqLenIsDecodeRune(t *testing.T) {
	for _, text := range wordScanTexts() {
		for i := 0; i < len(text); i++ {
			if text[i] < utf8.RuneSelf {
				continue
			}
			r, size := utf8.DecodeRuneInString(text[i:])
			want := size
			if r == utf8.RuneError && size == 1 {
				want = 0
			}
			if got := validSeqLen(text, i); got != want {
				t.Fatalf("validSeqLen(%q, %d) = %d, DecodeRuneInString size %d", text, i, got, want)
			}
		}
	}
	// Every lead and second byte, with continuation bytes after.
	for b0 := 0x80; b0 < 0x100; b0++ {
		for b1 := 0; b1 < 0x100; b1++ {
			s := string([]byte{byte(b0), byte(b1), 0x80, 0x80})
			r, size := utf8.DecodeRuneInString(s)
			want := size
			if r == utf8.RuneError && size == 1 {
				want = 0
			}
			if got := validSeqLen(s, 0); got != want {
				t.Fatalf("validSeqLen(% x) = %d, DecodeRuneInString size %d", s, got, want)
			}
		}
	}
}
