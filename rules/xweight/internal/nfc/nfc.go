// Package nfc normalises text to NFC the way twitter-text 3.1.0 does before it counts
// (String.prototype.normalize() in js/src/parseTweet.js), quickly when the text already
// is NFC, which nearly every post is.
//
// golang.org/x/text/unicode/norm follows UAX #15's Stream-Safe Text Format and puts a
// U+034F COMBINING GRAPHEME JOINER after every 30 non-starters in a row; JavaScript does
// not. String removes those joiners when the text held none, so a run of more than 30
// combining marks weighs what twitter-text weighs it (U+034F would weigh 1 each). The
// order of marks past the 30th can still differ from JavaScript's, which can change a
// composition in such a run: a documented difference (testdata/differences.json).
package nfc

import (
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

//go:generate go run gen.go

type span struct{ lo, hi rune }

const cgj = '\u034F'

// stable reports whether r is a starter that no neighbour combines with and that NFC
// leaves alone; a string of such code points is NFC.
func stable(r rune) bool {
	if r < 0x300 {
		return true // TestTableMatchesNorm checks that everything below U+0300 is stable
	}
	if r < 0x10000 {
		return unstableBMP[r>>6]&(1<<(uint(r)&63)) == 0
	}
	lo, hi := 0, len(unstableAstral)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch {
		case r < unstableAstral[m].lo:
			hi = m
		case r > unstableAstral[m].hi:
			lo = m + 1
		default:
			return false
		}
	}
	return true
}

// StableBMP is stable for r in U+0300-U+FFFF: r is a starter that NFC leaves alone and
// that nothing before it combines with. (Everything below U+0300 is.)
func StableBMP(r rune) bool { return unstableBMP[r>>6]&(1<<(uint(r)&63)) == 0 }

// StableBlock reports whether the 64 code points U+xxx0 with r>>6 == hi (hi < 1024: the
// BMP) are all stable, so that a table per block can stand for StableBMP.
func StableBlock(hi int) bool { return unstableBMP[hi] == 0 }

// Stable is stable for any code point: a text of stable code points is NFC.
func Stable(r rune) bool { return stable(r) }

// IsNFC reports whether s, which must be valid UTF-8, is in NFC, without allocating. It decides most
// texts by the table; only a text with a code point that can change takes norm's check.
func IsNFC(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			continue
		}
		// DecodeValid and stable, inlined: this runs over every post.
		var r rune
		switch {
		case c < 0xE0:
			r = rune(c&0x1F)<<6 | rune(s[i+1]&0x3F)
			i += 2
			if r < 0x300 {
				continue
			}
		case c < 0xF0:
			r = rune(c&0x0F)<<12 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F)
			i += 3
		default:
			r = rune(c&0x07)<<18 | rune(s[i+1]&0x3F)<<12 | rune(s[i+2]&0x3F)<<6 | rune(s[i+3]&0x3F)
			i += 4
		}
		if r < 0x10000 {
			if unstableBMP[r>>6]&(1<<(uint(r)&63)) == 0 {
				continue
			}
		} else if stable(r) {
			continue
		}
		return norm.NFC.QuickSpanString(s) == len(s)
	}
	return true
}

// String returns the NFC form of s (valid UTF-8), s itself when it is NFC already.
func String(s string) string {
	if IsNFC(s) {
		return s
	}
	var out []byte
	Segments(s, func(orig int, seg []byte) {
		out = append(out, seg...)
	})
	if string(out) == s {
		return s
	}
	return string(out)
}

// Segments calls fn with each normalised segment of s in order, and the byte offset in s
// where the segment's source begins; the segments concatenated are String(s).
func Segments(s string, fn func(orig int, seg []byte)) {
	var r Reader
	r.Init(s, !containsCGJ(s))
	for {
		pos, seg, ok := r.Next()
		if !ok {
			return
		}
		fn(pos, seg)
	}
}

// Reader normalises a text segment by segment, so that a caller can stop reading early:
// the segments read so far are a prefix of the text's NFC form, whatever follows (norm's
// iterator looks ahead as far as a segment needs, and its segments hold at most 30
// non-starters). Segments allocate nothing beyond the reader's buffer.
type Reader struct {
	it    norm.Iter
	strip bool
	buf   []byte
}

// Init readies r to read s (valid UTF-8 where it will be read). strip removes the U+034F
// that norm inserts after 30 non-starters; String strips them when s holds no U+034F of
// its own (see the package comment).
func (r *Reader) Init(s string, strip bool) {
	r.it.InitString(norm.NFC, s)
	r.strip = strip
}

// Next returns the next normalised segment, non-empty, and the byte offset in s where its
// source begins; ok is false at the end of s. seg is valid until the next call.
func (r *Reader) Next() (orig int, seg []byte, ok bool) {
	for !r.it.Done() {
		orig = r.it.Pos()
		seg = r.it.Next()
		if r.strip && containsCGJBytes(seg) {
			r.buf = r.buf[:0]
			for _, c := range string(seg) {
				if c != cgj {
					r.buf = utf8.AppendRune(r.buf, c)
				}
			}
			seg = r.buf
		}
		if len(seg) > 0 {
			return orig, seg, true
		}
	}
	return 0, nil, false
}

// Pos returns the byte offset in s up to which r has read.
func (r *Reader) Pos() int { return r.it.Pos() }

// StablePrefix returns the length n of the longest prefix of s[:max] (max at a character
// boundary, s valid UTF-8 up to its character at max) made of code points that NFC leaves
// alone and that begin a new segment, and such that s[n:] begins a new segment too: s[:n]
// is then also a prefix of String(s), whatever follows.
func StablePrefix(s string, max int) int {
	last := 0 // start of the last character read: a boundary
	for i := 0; i < max; {
		c := s[i]
		if c < utf8.RuneSelf {
			last = i
			i++
			continue
		}
		r, size := DecodeValid(s, i)
		if !stable(r) {
			return last // r may combine with the character before it
		}
		last = i
		i += size
	}
	if max < len(s) && s[max] >= utf8.RuneSelf { // ASCII always begins a segment
		if r, _ := utf8.DecodeRuneInString(s[max:]); !stable(r) {
			return last // the character at max may combine with the one before it
		}
	}
	return max
}

// HasCGJ reports whether s holds U+034F COMBINING GRAPHEME JOINER.
func HasCGJ(s string) bool { return containsCGJ(s) }

// DecodeValid decodes the code point at s[i:], which must be valid UTF-8 (callers check
// the whole text once first); it skips utf8.DecodeRuneInString's checks on hot paths.
func DecodeValid(s string, i int) (rune, int) {
	c := s[i]
	switch {
	case c < 0x80:
		return rune(c), 1
	case c < 0xE0:
		return rune(c&0x1F)<<6 | rune(s[i+1]&0x3F), 2
	case c < 0xF0:
		return rune(c&0x0F)<<12 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F), 3
	}
	return rune(c&0x07)<<18 | rune(s[i+1]&0x3F)<<12 | rune(s[i+2]&0x3F)<<6 | rune(s[i+3]&0x3F), 4
}

func containsCGJ(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == 0xCD && s[i+1] == 0x8F { // U+034F is CD 8F
			return true
		}
	}
	return false
}

func containsCGJBytes(b []byte) bool { return containsCGJ(string(b)) }
