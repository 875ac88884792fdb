package rules

import (
	"math"
	"unicode/utf8"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules/internal/grapheme"
)

// Wire names of the counters of this package besides graphemes.
const (
	bytesName      = "bytes"      // UTF-8 bytes
	utf16Name      = "utf16"      // UTF-16 code units (JavaScript's String.length)
	xWeightedName  = "x-weighted" // X's weighted length: rules/xweight's counter (xweight.Name), plugged in by Limits.WithCounter
	codePointsName = "codepoints" // Unicode scalar values
	charsName      = "forbidden"  // characters a platform refuses (see measureForbidden)
)

// utf16Counter counts UTF-16 code units: what JavaScript's String.length and a textarea's
// maxlength count, and the reading of "characters" that is never smaller than code points
// or graphemes, so a platform that does not document its unit (Instagram, Facebook,
// LinkedIn, Pinterest, Google Business, TikTok's "UTF-16 runes") is never over-permitted.
// Like [GraphemeCounter] it stops early, Exact false, on a text far over its cap.
func utf16Counter() Counter { return unitCounter{name: utf16Name, wide: 2} }

// codePointsCounter counts Unicode code points (Go runes; Python's len; Telegram's unit).
// Like [GraphemeCounter] it stops early, Exact false, on a text far over its cap.
func codePointsCounter() Counter { return unitCounter{name: codePointsName, wide: 1} }

// CounterByName returns the counter of this package with the wire name name: "graphemes"
// ([GraphemeCounter]), "graphemes-unicode15", "bytes", "utf16" or "codepoints" (each
// described at its type in this file and graphemes_unicode15.go). Other names (such as
// "x-weighted", which lives in rules/xweight) report false.
func CounterByName(name string) (Counter, bool) {
	if name == graphemesUnicode15Name {
		return graphemeCounterUnicode15{}, true
	}
	return bookCounter(name)
}

// bookCounter is the counter of a unit the book's rules count in. It leaves out the
// Unicode 15 counter, which no rule uses: code that reaches the book through it does not
// link uniseg's tables (about 80 KB of the WebAssembly counter module).
func bookCounter(name string) (Counter, bool) {
	switch name {
	case graphemesName:
		return graphemeCounter{}, true
	case bytesName:
		return bytesCounter{}, true
	case utf16Name:
		return utf16Counter(), true
	case codePointsName:
		return codePointsCounter(), true
	}
	return nil, false
}

// bytesCounter counts UTF-8 bytes, the unit of Bluesky's maxLength (3,000), of Threads
// (500: "Emojis are counted as the number of UTF-8 bytes",
// https://developers.facebook.com/documentation/threads/posts) and of YouTube's video
// description (5,000 bytes, https://developers.google.com/youtube/v3/docs/videos).
//
// Length is len(text), always exact. OverflowAt is the start of the character that holds
// byte cap (a character never splits). The bytes it validates as UTF-8 are the first
// cap+1 (a text over the cap is refused as too long, whatever lies further; once shortened
// it is read again): cost O(min(len(text), cap)). It allocates nothing unless it reports
// an error, and is safe for concurrent use.
type bytesCounter struct{}

func (bytesCounter) Name() string { return bytesName }

func (bytesCounter) Measure(text string, limit int) (Measurement, error) {
	m := bytesMeasurement(text, limit)
	read := len(text)
	if read > m.Cap {
		read = m.Cap + 1
	}
	// A sequence that starts in text[:read] ends at most utf8.UTFMax-1 bytes after it.
	if bad := strictjson.FirstInvalidUTF8String(text[:min(len(text), read+utf8.UTFMax-1)]); bad >= 0 && bad < read {
		m.Exact = false
		if m.OverflowAt < 0 || bad < m.OverflowAt {
			m.OverflowAt = bad
		}
		return m, invalidUTF8(text, bad)
	}
	return m, nil
}

// countCeiling is how many units a counter counts before giving up on an exact length:
// all of them when the text is short enough for a full count to cost O(limit), else
// grapheme.Ceiling(limit). The byte counters share the grapheme counter's bound, so every
// unit reports "exact" for the same texts.
func countCeiling(limit, textLen int) int {
	if textLen <= grapheme.ExactBytes(limit) {
		return math.MaxInt
	}
	return grapheme.Ceiling(limit)
}

// unitCounter counts code points (wide 1) or UTF-16 code units (wide 2: a code point
// above U+FFFF is a surrogate pair).
type unitCounter struct {
	name string
	wide int
}

func (c unitCounter) Name() string { return c.name }

func (c unitCounter) Measure(text string, limit int) (Measurement, error) {
	if limit < 0 {
		limit = 0
	}
	ceiling := countCeiling(limit, len(text))
	m := Measurement{Counter: c.name, Cap: limit, Exact: true, OverflowAt: -1}
	n := 0
	for i := 0; i < len(text); {
		// ASCII run: one unit per byte, up to the cap or the ceiling.
		if text[i] < utf8.RuneSelf && n < limit && n < ceiling {
			stop := i + min(limit-n, ceiling-n, len(text)-i)
			j := i
			for j < stop && text[j] < utf8.RuneSelf {
				j++
			}
			n += j - i
			i = j
			continue
		}
		if n >= ceiling {
			m.Exact = false
			break
		}
		w, size := 1, 1
		if b := text[i]; b >= utf8.RuneSelf {
			if sz := validSeqLen(text, i); sz > 0 {
				if sz == 4 {
					w = c.wide
				}
				if m.OverflowAt < 0 && n+w > limit {
					m.OverflowAt = i
				}
				n += w
				i += sz
				continue
			}
			r, sz := utf8.DecodeRuneInString(text[i:])
			if r == utf8.RuneError && sz == 1 {
				m.Length, m.Exact = n, false
				if m.OverflowAt < 0 {
					m.OverflowAt = i
				}
				return m, invalidUTF8(text, i)
			}
			size = sz
			if r > 0xFFFF {
				w = c.wide
			}
		}
		if m.OverflowAt < 0 && n+w > limit {
			m.OverflowAt = i
		}
		n += w
		i += size
	}
	m.Length = n
	return m, nil
}

// validSeqLen is the length of the valid UTF-8 sequence of two to four bytes that starts
// at text[i] (a byte >= 0x80), or 0 when there is none there: utf8.DecodeRuneInString's
// checks (RFC 3629: no overlong form, no surrogate, nothing past U+10FFFF) without the
// call, for the counters' loops over non-ASCII text.
func validSeqLen(text string, i int) int {
	b := text[i]
	switch {
	case b < 0xC2:
		return 0
	case b < 0xE0:
		if i+1 < len(text) && text[i+1]&0xC0 == 0x80 {
			return 2
		}
	case b < 0xF0:
		if i+2 < len(text) && text[i+1]&0xC0 == 0x80 && text[i+2]&0xC0 == 0x80 &&
			(b != 0xE0 || text[i+1] >= 0xA0) && (b != 0xED || text[i+1] < 0xA0) {
			return 3
		}
	case b < 0xF5:
		if i+3 < len(text) && text[i+1]&0xC0 == 0x80 && text[i+2]&0xC0 == 0x80 && text[i+3]&0xC0 == 0x80 &&
			(b != 0xF0 || text[i+1] >= 0x90) && (b != 0xF4 || text[i+1] < 0x90) {
			return 4
		}
	}
	return 0
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
