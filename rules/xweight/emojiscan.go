// Finding emoji sequences as twemoji-parser finds them, and the byte tests the
// scans share.

package xweight

import (
	"unicode/utf8"

	"github.com/postrules/postrules/rules/xweight/internal/emoji"
)

// emojiCursor yields the emoji sequences of a text in the order twemoji-parser finds
// them: a left-to-right scan that resumes after each match, whatever the URLs.
type emojiCursor struct {
	text       string
	kinds      emoji.Kind
	start, end int // the current match; start is -1 before the first search
	// pos is a frontier: no position in [end, pos) begins a sequence (a scan that
	// plainRun made while weighing them). The next search starts at max(end, pos).
	pos int
}

// at returns the length of the sequence that starts exactly at i, or 0. Calls come with
// i non-decreasing.
func (e *emojiCursor) at(i int) int {
	for e.start < i {
		e.advance()
	}
	if e.start == i {
		return e.end - e.start
	}
	return 0
}

func (e *emojiCursor) advance() {
	s := e.text
	for p := max(e.end, e.pos); p < len(s); {
		c := s[p]
		// Only '#', '*', '0'-'9' (keycaps), 0xC2 (©, ®), 0xE2 and 0xE3 (U+2000-U+3FFF) and
		// 0xF0 (astral: U+1F000 on) begin a sequence (emoji.Skip), and then only with
		// some second bytes (emoji.PairMayStart, then emoji.MayStart): everything else is
		// skipped without a call. ASCII goes eight bytes a step while none of them is '#',
		// '*' or a digit.
		if c < utf8.RuneSelf && p+8 <= len(s) {
			if w := load64(s, p); w&swarHigh == 0 && !hasKeycapBase(w) {
				p += 8
				continue
			}
		}
		if k := emoji.Skip[c]; k != 0 {
			p += int(k)
			continue
		}
		if n := sequenceAt(s, p, e.kinds); n > 0 {
			e.start, e.end = p, p+n
			return
		}
		p += leadLen(c)
	}
	e.start, e.end = len(s)+1, len(s)+1
}

// sequenceAt is the length of the emoji sequence of kinds that begins at s[p], or 0.
// Its callers test emoji.Skip[s[p]] first; the byte tests here (emoji.PairMayStart,
// then emoji.MayStart) leave emoji.Match to the few positions that may begin one.
func sequenceAt(s string, p int, kinds emoji.Kind) int {
	c := s[p]
	var c1, c2 byte
	if p+1 < len(s) {
		c1 = s[p+1]
	}
	if !emoji.PairMayStart(c, c1) {
		return 0
	}
	if p+2 < len(s) {
		c2 = s[p+2]
	}
	if !emoji.MayStart(c, c1, c2) {
		return 0
	}
	n, _ := emoji.Match(s[p:], kinds)
	return n
}

// leadLen is the length of the UTF-8 sequence that lead byte c begins (valid UTF-8).
func leadLen(c byte) int {
	switch {
	case c < 0xE0:
		if c < utf8.RuneSelf {
			return 1
		}
		return 2
	case c < 0xF0:
		return 3
	}
	return 4
}

// replaceInvalid replaces each byte of s that is not part of valid UTF-8 by U+FFFD.
func replaceInvalid(s string) string {
	b := make([]byte, 0, len(s)+8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		b = utf8.AppendRune(b, r)
		i += size
	}
	return string(b)
}

// SWAR constants: one byte value repeated in all eight bytes of a word.
const (
	swarOnes = 0x0101010101010101
	swarHigh = 0x80 * swarOnes // the high bit of every byte: set only by non-ASCII
	swarLow  = 0x7F * swarOnes
)

// load64 reads s[i:i+8] as a little-endian word.
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// hasKeycapBase reports whether w, eight ASCII bytes (high bits clear), holds '#', '*'
// or a digit: a byte that can begin an emoji sequence (a keycap). For an ASCII byte b,
// b+0x7F has its high bit set exactly when b != 0, and adding cannot carry into the next
// byte; b+0x50 has it when b >= 0x30 and b+0x46 when b >= 0x3A.
func hasKeycapBase(w uint64) bool {
	hash := ((w ^ '#'*swarOnes) + swarLow) & swarHigh
	star := ((w ^ '*'*swarOnes) + swarLow) & swarHigh
	digit := (w + 0x50*swarOnes) &^ (w + 0x46*swarOnes) & swarHigh
	return hash&star != swarHigh || digit != 0
}
