package strictjson

import (
	"math/bits"
	"unicode/utf8"
)

// JavaScript counts text in UTF-16 code units (String.prototype.length, slice, a
// textarea's selectionStart); Go in bytes. These two convert, for the offsets handed to
// a page and for the rules counted in UTF-16 (a few platforms' limits, twitter-text's
// ranges).

// UTF16Offset converts the byte offset off of s into the number of UTF-16 code units
// before it: what String.prototype.slice and a textarea's selectionStart count. A code
// point above U+FFFF is two units; every other code point is one; a byte that does not
// begin a valid UTF-8 sequence counts as one unit, as the U+FFFD a decoder puts in its
// place would. off is clamped to [0, len(s)]; an offset inside a multi-byte sequence
// counts the sequence as if it ended there.
func UTF16Offset(s string, off int) int {
	if off <= 0 {
		return 0
	}
	if off > len(s) {
		off = len(s)
	}
	units := 0
	for i := 0; i < off; {
		if s[i] < utf8.RuneSelf {
			units++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r > 0xFFFF {
			units += 2
		} else {
			units++
		}
		i += size
	}
	return units
}

// UTF16Len is the length of s in UTF-16 code units, for s that is valid UTF-8: the
// offset a page sees for the byte offset len(s). It is what [UTF16Offset](s, len(s))
// returns for such s, computed 8 bytes at a time without decoding a rune (a keystroke
// past the cap converts the offset of grapheme cap+1, some 300-1,000 bytes, every time).
// Every code point starts with one byte that is not a continuation byte (10xxxxxx), and
// only a four-byte one (lead byte 11110xxx) takes two UTF-16 units, so the length is the
// byte count, less the continuation bytes, plus the four-byte lead bytes. For invalid
// UTF-8 the answer is unspecified (use [UTF16Offset]).
func UTF16Len(s string) int {
	const high = 0x8080808080808080 // bit 7 of every byte
	units := len(s)
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		if x&high == 0 {
			continue // eight ASCII bytes: eight units
		}
		// x<<k moves bit 7-k of each byte to its bit 7 (bits from the byte below land in
		// bits 0..k-1, which high masks out).
		continuation := x &^ (x << 1) & high                           // 10xxxxxx
		lead4 := x & (x << 1) & (x << 2) & (x << 3) &^ (x << 4) & high // 11110xxx
		units += bits.OnesCount64(lead4) - bits.OnesCount64(continuation)
	}
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case c&0xC0 == 0x80:
			units--
		case c&0xF8 == 0xF0:
			units++
		}
	}
	return units
}
