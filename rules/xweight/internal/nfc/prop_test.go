package nfc

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// FuzzNFC compares String, isNFC and Segments with the references (checkAgainstNorm: norm's
// segments composed by the book, and norm itself less its joiners where it keeps to D117)
// on any valid UTF-8.
func FuzzNFC(f *testing.F) {
	for _, s := range []string{
		"", "abc", "e\u0301", "A\uFB2C", "\u1100\u1161\u11A8", "\uAC00\u11A8", "\u212B",
		"a" + strings.Repeat("\u0316", 31) + "\u0301", "a\u034F" + strings.Repeat("\u0316", 40),
		"\u0CC6\u0CC2\u0CD5", "\U0001D15E\U0001D165", "\u0F73\u0F75\u0F81", "ㅠ\u0301", "\uFF9E\u3099",
		"\u1E0B\u0323", "\U00011099\U000110BA", "\u0344\u0308",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		// Segments hold at most 31 code points; 1 KiB holds many, and keeps each run (and
		// the fuzzer's minimising) quick.
		if !utf8.ValidString(s) || len(s) > 1024 {
			return
		}
		checkAgainstNorm(t, s)
	})
}

// runePool is what TestProperties builds texts from: the code points normalisation
// touches (every one with a property), and some that it leaves alone.
func runePool() []rune {
	var rs []rune
	for r := rune(0x80); r < propLimit; r++ {
		if lookup(r) != 0 && (r < 0xAC00 || r >= 0xD7A4 || r%97 == 0) {
			rs = append(rs, r)
		}
	}
	return append(rs, []rune("aeAEoOuU 故😀가\u034F")...)
}

// TestProperties: on random texts, String is idempotent, its result is NFC by isNFC,
// isNFC(s) says exactly whether String(s) == s, a Reader stopped after any segment has
// read a prefix of String(s), and ASCII begins a segment.
func TestProperties(t *testing.T) {
	pool := runePool()
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 3000
	if testing.Short() {
		params.MinSuccessfulTests = 300
	}
	params.MaxSize = 60
	text := gen.SliceOf(gen.IntRange(0, len(pool)-1)).Map(func(idx []int) string {
		var b strings.Builder
		for _, i := range idx {
			b.WriteRune(pool[i])
		}
		return b.String()
	})
	props := gopter.NewProperties(params)
	props.Property("String is idempotent and its result is NFC", prop.ForAll(func(s string) bool {
		n := String(s)
		return String(n) == n && isNFC(n)
	}, text))
	props.Property("isNFC(s) exactly when String(s) == s", prop.ForAll(func(s string) bool {
		return isNFC(s) == (String(s) == s)
	}, text))
	props.Property("the segments read so far are a prefix of String(s)", prop.ForAll(func(s string) bool {
		whole := String(s)
		var r Reader
		r.Init(s)
		var got []byte
		for {
			_, seg, ok := r.Next()
			if !ok {
				return string(got) == whole
			}
			if got = append(got, seg...); !strings.HasPrefix(whole, string(got)) {
				return false
			}
		}
	}, text))
	props.Property("ASCII begins a segment: String(a+\"-\"+b) == String(a)+\"-\"+String(b)", prop.ForAll(func(a, b string) bool {
		return String(a+"-"+b) == String(a)+"-"+String(b) // '-' composes with nothing
	}, text, text))
	props.TestingRun(t)
}
