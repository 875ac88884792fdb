package rules

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

// bytesMeasurement is bytesCounter's measurement of a text known to be valid UTF-8.
func bytesMeasurement(text string, limit int) Measurement {
	if limit < 0 {
		limit = 0
	}
	m := Measurement{Counter: bytesName, Length: len(text), Exact: true, Cap: limit, OverflowAt: -1}
	if len(text) > limit {
		// Back up to the start of the character that holds byte limit.
		at := limit
		for at > 0 && text[at]&0xC0 == 0x80 {
			at--
		}
		m.OverflowAt = at
	}
	return m
}
