package rules

import (
	"math/bits"

	"github.com/postrules/postrules/rules/internal/grapheme"
)

// measureAll asks up to sixteen rules about one text, and every rule in bytes, UTF-16
// units or code points, and every rule about the characters it holds, used to read the
// text again: a validation pass for each byte rule, a count for each unit, a pass for each
// forbidden set and one per entity extractor. In WebAssembly, which has no vectorised
// strings.IndexByte or utf8.ValidString, each is a byte loop, and on CJK text they were
// most of measureAll. textFacts is one pass that answers all of them for a valid text.

// The ASCII bytes whose presence textFacts records: the characters some rule or entity
// extractor starts from. A rule whose bytes are all absent has nothing to find.
const (
	seenDot     = 1 << iota // '.': urls.Scanner finds no URL in a text without one (extractUrlsWithIndices)
	seenAt                  // '@' or '＠' (EF BC A0): a mention's mark (validMentionOrList)
	seenHash                // '#' or '＃' (EF BC 83): a hashtag's mark (validHashtag)
	seenDollar              // '$': a cashtag's mark (validCashtag)
	seenLess                // '<'
	seenGreater             // '>'
	seenLittle              // one of littleTextReserved

	seenAll = 1<<iota - 1 // every bit above: what a text whose facts are not known may hold
)

// seenBits is the seen* bits of each ASCII byte.
var seenBits = func() (t [128]uint8) {
	t['.'] |= seenDot
	t['@'] |= seenAt
	t['#'] |= seenHash
	t['$'] |= seenDollar
	t['<'] |= seenLess
	t['>'] |= seenGreater
	for i := 0; i < len(littleTextReserved); i++ {
		t[littleTextReserved[i]] |= seenLittle
	}
	return t
}()

// forbidBits is the seen* bits that stand for every byte of set, and false when one of
// them has no bit of its own (then the rule must look).
func forbidBits(set string) (bits uint8, ok bool) {
	for i := 0; i < len(set); i++ {
		switch set[i] {
		case '<':
			bits |= seenLess
		case '>':
			bits |= seenGreater
		default:
			return 0, false
		}
	}
	return bits, true
}

// textFacts is what one pass over a valid UTF-8 text finds: its length in code points and
// in UTF-16 units (its length in bytes is len), and which of the seen* characters it holds.
type textFacts struct {
	codePoints, utf16 int
	seen              uint8
}

// scanFacts reads text once; ok is false when text is not valid UTF-8 (as utf8.ValidString
// judges), and then the facts are not known and every rule reads the text as it always
// did, so that which rule reports the bad byte, and how, does not change.
func scanFacts(text string) (f textFacts, ok bool) {
	// A valid text has one code point per byte that is not a continuation byte, and one
	// UTF-16 unit more per four-byte sequence (a surrogate pair).
	cont, four := 0, 0
	var seen uint8
	for i := 0; i < len(text); {
		b := text[i]
		if b < 0x80 {
			seen |= seenBits[b]
			i++
			continue
		}
		if b >= 0xE0 && b < 0xF0 && i+2 < len(text) {
			// Three bytes, the whole BMP from U+0800 (CJK, kana, most punctuation), is
			// checked here without a call: the conditions of validSeqLen.
			c1, c2 := text[i+1], text[i+2]
			if c1&0xC0 != 0x80 || c2&0xC0 != 0x80 || b == 0xE0 && c1 < 0xA0 || b == 0xED && c1 >= 0xA0 {
				return textFacts{}, false
			}
			if b == 0xEF && c1 == 0xBC {
				switch c2 {
				case 0x83: // U+FF03 ＃
					seen |= seenHash
				case 0xA0: // U+FF20 ＠
					seen |= seenAt
				}
			}
			cont += 2
			i += 3
			continue
		}
		n := validSeqLen(text, i)
		if n == 0 {
			return textFacts{}, false
		}
		if n == 4 {
			four++
		}
		cont += n - 1
		i += n
	}
	cp := len(text) - cont
	return textFacts{codePoints: cp, utf16: cp + four, seen: seen}, true
}

// scanValidFacts is scanFacts for a text known to be valid UTF-8: with nothing to check,
// it counts eight bytes at a time (the code points are the bytes that are not
// continuation bytes, 10xxxxxx; a four-byte lead, 11110xxx, adds a UTF-16 unit) and
// looks at a byte only when it is ASCII or the lead byte of ＃ and ＠ (0xEF).
func scanValidFacts(text string) textFacts {
	const (
		ones = 0x0101010101010101
		ef   = 0xEF * ones
	)
	cont, four := 0, 0
	var seen uint8
	i := 0
	for ; i+8 <= len(text); i += 8 {
		x := grapheme.Load64(text, i)
		if x&swarHigh == 0 {
			seen |= seenBits[x&0x7F] | seenBits[x>>8&0x7F] | seenBits[x>>16&0x7F] | seenBits[x>>24&0x7F] |
				seenBits[x>>32&0x7F] | seenBits[x>>40&0x7F] | seenBits[x>>48&0x7F] | seenBits[x>>56]
			continue
		}
		// x<<k moves bit 7-k of each byte to its bit 7 (bits from the byte below land in
		// bits 0..k-1, which swarHigh masks out).
		cont += bits.OnesCount64(x &^ (x << 1) & swarHigh)
		four += bits.OnesCount64(x & (x << 1) & (x << 2) & (x << 3) &^ (x << 4) & swarHigh)
		// The ASCII bytes among them, one by one.
		for a := ^x & swarHigh; a != 0; a &= a - 1 {
			seen |= seenBits[text[i+bits.TrailingZeros64(a)>>3]]
		}
		// A byte 0xEF: y has a zero byte there, and (y-ones)&^y sets the high bit of the
		// lowest zero byte (higher ones may be false alarms, so each is checked).
		if y := x ^ ef; (y-ones)&^y&swarHigh != 0 {
			for k := i; k < i+8; k++ {
				if text[k] == 0xEF {
					seen |= fullWidthMark(text, k)
				}
			}
		}
	}
	for ; i < len(text); i++ {
		switch b := text[i]; {
		case b < 0x80:
			seen |= seenBits[b]
		case b&0xC0 == 0x80:
			cont++
		case b == 0xEF:
			seen |= fullWidthMark(text, i)
		case b >= 0xF0:
			four++
		}
	}
	cp := len(text) - cont
	return textFacts{codePoints: cp, utf16: cp + four, seen: seen}
}

// fullWidthMark is the seen* bit of the character at text[i] (a byte 0xEF of a valid
// text) when it is ＃ or ＠, else 0.
func fullWidthMark(text string, i int) uint8 {
	if i+2 < len(text) && text[i+1] == 0xBC {
		switch text[i+2] {
		case 0x83: // U+FF03 ＃
			return seenHash
		case 0xA0: // U+FF20 ＠
			return seenAt
		}
	}
	return 0
}
