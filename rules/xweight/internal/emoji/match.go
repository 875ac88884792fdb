// Package emoji recognises the emoji sequences that X's weighted length counts as one
// emoji (config v3, "emojiParsingEnabled").
//
// twitter-text 3.1.0 (js/src/parseTweet.js) hands the text to twemoji-parser 11.0.2 and
// counts every match as defaultWeight, however many code points it has. That parser knows
// the emoji of Emoji 11; newer sequences (🫠, 🧑‍💻, 🏳️‍⚧️ ...) fall apart into their
// code points there. This package recognises, longest match first:
//
//   - every fully-qualified RGI emoji sequence of Unicode Emoji 15.0 (emoji-sequences.txt
//     and emoji-zwj-sequences.txt: keycaps, flags, tag sequences, modifier sequences, ZWJ
//     sequences, emoji presentation sequences), the same Unicode version as uniseg and
//     the NFC tables (internal/nfc) in this module; and
//   - every sequence twemoji-parser 11.0.2 matches whole (such as the unqualified keycap
//     "1⃣", which twitter-text's conformance suite counts as one emoji).
//
// Anything else is not an emoji sequence and weighs per code point. So a sequence that is
// not a recommended emoji (two regional indicators that are no flag, a ZWJ sequence no
// vendor supports, a stray skin tone) never counts less than twitter-text 3.1.0 counts it;
// only RGI sequences that 3.1.0 did not know count less (a documented difference).
//
// Single code points are never reported: twitter-text weighs an emoji that is one code
// point as defaultWeight, which is what its code point weighs anyway (every such emoji is
// outside the light ranges of the v2/v3 configs).
package emoji

import "unicode/utf8"

//go:generate go run gen.go

// Kind says which source knows a sequence; a sequence may be known by both.
type Kind uint8

const (
	// RGI marks a fully-qualified RGI emoji sequence of Unicode Emoji 15.0.
	RGI Kind = 1 << iota
	// Twemoji11 marks a sequence twemoji-parser 11.0.2 (twitter-text 3.1.0) matches whole.
	Twemoji11
)

// All is every kind: the sequences the weighted counter recognises.
const All = RGI | Twemoji11

// MaxBytes is the length in bytes of the longest sequence (a kiss with two skin tones,
// 👩🏻‍❤️‍💋‍👨🏼: ten code points, 35 bytes). Match reads no further than MaxBytes into s, so the
// sequence at a position is known from the MaxBytes bytes that follow it.
const MaxBytes = 35

// Match returns the length in bytes of the longest emoji sequence of two or more code
// points at the start of s whose kind shares a bit with mask, and its kind; 0 when s does
// not start with one. (Tests pass Twemoji11 to reproduce twitter-text 3.1.0 exactly.)
func Match(s string, mask Kind) (int, Kind) {
	if len(s) < 2 {
		return 0, 0
	}
	c := s[0]
	if c < utf8.RuneSelf {
		// '#', '*' and '0'-'9' start keycaps; the next code point is then U+FE0F
		// (EF B8 8F) or U+20E3 (E2 83 A3).
		if c != '#' && c != '*' && (c < '0' || c > '9') {
			return 0, 0
		}
		if s[1] != 0xEF && s[1] != 0xE2 {
			return 0, 0
		}
	}
	r, size := utf8.DecodeRuneInString(s)
	if !mayStart(r) {
		return 0, 0
	}
	best, bestKind := 0, Kind(0)
	n := 0 // current node
	for i := 0; i < len(s); {
		if i > 0 {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		next, kind, ok := child(n, r)
		if !ok {
			break
		}
		i += size
		if kind&mask != 0 {
			best, bestKind = i, kind
		}
		n = next
	}
	return best, bestKind
}

// startPairs[k] has bit b set when a sequence can begin with the lead byte leads[k]
// followed by the byte b (from the root of the table, at start-up); startPairs[4] is
// for the keycap bases '#', '*' and '0'-'9' (followed by U+FE0F or U+20E3: EF or E2),
// startPairs[5] for every other byte (nothing). leadIndex maps a byte to its k.
var (
	leads      = [4]byte{0xC2, 0xE2, 0xE3, 0xF0}
	startPairs [6][4]uint64
	leadIndex  [256]uint8
	// e3Tails lists the second and third bytes of the sequence starts with lead 0xE3
	// (U+3000-U+3FFF: 〰 〽 ㊗ ㊙), so that CJK punctuation such as 。 and 、 (E3 80 82,
	// E3 80 81), which shares its first two bytes with 〰, is ruled out too.
	e3Tails [][2]byte
)

func init() {
	for b := range leadIndex {
		leadIndex[b] = 5
	}
	for k, l := range leads {
		leadIndex[l] = uint8(k)
	}
	for _, b := range "#*0123456789" {
		leadIndex[b] = 4
	}
	startPairs[4][0xEF>>6] |= 1 << (0xEF & 63)
	startPairs[4][0xE2>>6] |= 1 << (0xE2 & 63)
	var buf [utf8.UTFMax]byte
	for i := int(nodeStart[0]); i < int(nodeStart[1]); i++ {
		if n := utf8.EncodeRune(buf[:], rune(edges[i]>>2)); n >= 2 {
			for k, l := range leads {
				if buf[0] == l {
					startPairs[k][buf[1]>>6] |= 1 << (buf[1] & 63)
				}
			}
			if buf[0] == 0xE3 {
				e3Tails = append(e3Tails, [2]byte{buf[1], buf[2]})
			}
		}
	}
}

// Skip is, for each byte b, 0 when b can begin a sequence (MayStart can be true), else
// the length of the UTF-8 sequence that lead byte b begins: how far a scan can jump at once.
// (Continuation bytes never come up: a scan moves from one character to the next.)
var Skip [256]uint8

func init() {
	for b := 0; b < 256; b++ {
		switch {
		case b == '#' || b == '*' || ('0' <= b && b <= '9') || b == 0xC2 || b == 0xE2 || b == 0xE3 || b == 0xF0:
			Skip[b] = 0
		case b < 0xE0:
			Skip[b] = 1
			if b >= 0x80 {
				Skip[b] = 2
			}
		case b < 0xF0:
			Skip[b] = 3
		default:
			Skip[b] = 4
		}
	}
}

// PairMayStart is the first half of MayStart, small enough to be inlined into a scan
// loop: false when no sequence begins with the bytes b0 b1 (b1 0 past the end of the
// text). It rules out hiragana, katakana and most CJK punctuation (lead byte 0xE3, whose
// sequences all have 0x80 or 0x8A second) without a call.
func PairMayStart(b0, b1 byte) bool {
	return startPairs[leadIndex[b0]][b1>>6]&(1<<(b1&63)) != 0
}

// MayStart reports whether a sequence of two or more code points can begin with the
// bytes b0 b1 b2 (0 past the end of the text): a quick filter before Match that rules
// out nearly every character of a text.
func MayStart(b0, b1, b2 byte) bool {
	switch b0 {
	case '#', '*', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		// Keycaps: the next code point is U+FE0F (EF B8 8F) or U+20E3 (E2 83 A3).
		return b1 == 0xEF || b1 == 0xE2
	case 0xC2:
		return startPairs[0][b1>>6]&(1<<(b1&63)) != 0
	case 0xE2:
		return startPairs[1][b1>>6]&(1<<(b1&63)) != 0
	case 0xE3:
		for _, t := range e3Tails {
			if t[0] == b1 && t[1] == b2 {
				return true
			}
		}
		return false
	case 0xF0:
		return startPairs[3][b1>>6]&(1<<(b1&63)) != 0
	}
	return false
}

func mayStart(r rune) bool {
	if r < minFirst || r > maxFirst || (r > gapLo && r < gapHi) {
		return false
	}
	if r >= utf8.RuneSelf && r < 0x2000 {
		return r == 0xA9 || r == 0xAE // © and ® (with U+FE0F)
	}
	return true
}

// child finds node n's edge for r by binary search and returns the node it leads to and
// its kind.
func child(n int, r rune) (next int, kind Kind, ok bool) {
	lo, hi := int(nodeStart[n]), int(nodeStart[n+1])
	end := hi
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if rune(edges[m]>>2) < r {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < end && rune(edges[lo]>>2) == r {
		return lo + 1, Kind(edges[lo] & 3), true
	}
	return 0, 0, false
}
