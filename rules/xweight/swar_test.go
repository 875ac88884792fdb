package xweight

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/postrules/postrules/rules/xweight/internal/emoji"
	"github.com/postrules/postrules/rules/xweight/internal/nfc"
)

// hasKeycapBase must find '#', '*' and the digits, and nothing else, at every place of a
// word, beside every other ASCII byte.
func TestHasKeycapBase(t *testing.T) {
	for b := 0; b < 0x80; b++ {
		want := b == '#' || b == '*' || ('0' <= b && b <= '9')
		for _, fill := range []byte{0, 'a', ' ', '"', ')', '+', '/', ':', 0x7F} {
			for pos := 0; pos < 8; pos++ {
				word := []byte(strings.Repeat(string(rune(fill)), 8))
				word[pos] = byte(b)
				fillHas := fill == '#' || fill == '*' || ('0' <= fill && fill <= '9')
				if got := hasKeycapBase(load64(string(word), 0)); got != (want || fillHas) {
					t.Fatalf("hasKeycapBase(%q) = %v", word, got)
				}
			}
		}
	}
}

// The tally's fast path (plainRun: eight ASCII bytes a step, 2- and 3-byte characters by
// block, and the emoji search made in the same pass) must agree with its token-by-token
// path, which a final offset selects, on every field they share: texts made of pieces
// chosen to hit each branch (keycap bases before and after emoji, U+FEFF, combining marks,
// URLs, invalid bytes, overlong forms), with caps around their lengths.
func TestPlainRunAgreesWithTokenPath(t *testing.T) {
	pieces := []string{
		"a", "The quick brown fox ", "12345678", "#", "*", "1\uFE0F\u20E3", "#\u20E3", "9",
		"新", "しい", "。", "、", "〰", "〽\uFE0F", "㊗\uFE0F", "！", "é", "e\u0301", "ñ", "Ω", "Ж",
		"\u2014", "\u2019", "\u2026", "\u00A9\uFE0F", "\u00AE", "👍🏽", "👩‍👩‍👧", "🇯🇵", "🚀", "❤️",
		"\uFEFF", "\uFFFE", "\u0300", "\u1100\u1161", "\u0958", "\uF900", "\U0002F800",
		" https://example.com/x ", "t.co/abc", " example.com ", ".", " ", "\n",
		"\xff", "\xc0\x80", "\xe0\x80\x80", "\xed\xa0\x80", "\xf0\x9f", "\xe3\x81",
		// Blocks of quiet characters with loud ones among them (Parser.quiet3): an
		// ideographic space, a combining mark, circled ideographs that begin emoji, and
		// neighbours of U+FEFF and U+FFFE.
		"\u3000", "\u302A", "\u3297\uFE0F", "\u3298", "\uFEFE", "\uFFFD", "\uFFEE", "故人西辞黄鹤楼",
	}
	for _, cfg := range []Config{ConfigV3(), ConfigV2()} {
		c := New(cfg)
		rng := rand.New(rand.NewPCG(22, uint64(cfg.Version)))
		for k := 0; k < 20000; k++ {
			var b strings.Builder
			for m := rng.IntN(40); m >= 0; m-- {
				p := pieces[rng.IntN(len(pieces))]
				if rng.IntN(4) == 0 {
					p = strings.Repeat(p, 1+rng.IntN(12))
				}
				b.WriteString(p)
			}
			text := b.String()
			for _, capUnits := range []int{1, 100 * (1 + rng.IntN(300)), 28000, math.MaxInt} {
				for _, check := range []bool{true, false} {
					if !check && (!utf8.ValidString(text) || nfc.String(text) != text) {
						continue
					}
					fast := c.tally(text, capUnits, -1, false, check)
					slow := c.tally(text, capUnits, len(text)+1, false, check)
					if fast.unchecked != slow.unchecked {
						t.Fatalf("%q cap %d check %v: unchecked %v, token path %v", text, capUnits, check, fast.unchecked, slow.unchecked)
					}
					if fast.unchecked {
						continue
					}
					if fast.units != slow.units || fast.valid != slow.valid || fast.validEnd16 != slow.validEnd16 ||
						fast.overflowAt != slow.overflowAt || fast.len16 != slow.len16 {
						t.Fatalf("%q cap %d check %v:\nfast  %+v\ntoken %+v", text, capUnits, check, fast, slow)
					}
				}
			}
		}
	}
}

// TestQuiet3 checks Parser.quiet3 code point by code point: a character it calls quiet
// weighs what lookup says, is stable, is none of U+FEFF, U+FFFE, U+FFFF and begins no
// emoji sequence; and the blocks of CJK text are quiet.
func TestQuiet3(t *testing.T) {
	for _, cfg := range []Config{ConfigV3(), ConfigV2()} {
		c := New(cfg)
		quiet := func(r rune) (int, bool) {
			w := int(c.quiet3[r>>6])
			if w < -1 {
				l := c.loud[-2-w]
				if l.mask>>(r&63)&1 != 0 {
					return 0, false
				}
				w = int(l.w)
			}
			return w, w >= 0
		}
		for r := rune(0x800); r < 0x10000; r++ {
			w, ok := quiet(r)
			if !ok {
				continue
			}
			b := []byte(string(r))
			if len(b) != 3 || w != c.lookup(r) || !nfc.StableBMP(r) || r == 0xFEFF || r == 0xFFFE || r == 0xFFFF ||
				emoji.MayStart(b[0], b[1], b[2]) {
				t.Fatalf("U+%04X is quiet with weight %d", r, w)
			}
		}
		for _, r := range "新しい機能を公開しました。東京で会いましょう、皆さん！故人西辞黄鹤楼한국어" {
			if _, ok := quiet(r); !ok {
				t.Errorf("%c (U+%04X) is not quiet", r, r)
			}
		}
	}
}
