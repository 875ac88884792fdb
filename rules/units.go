package rules

import (
	"math"
	"runtime"
	"strings"
	"unicode/utf8"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules/internal/entity"
	"github.com/postrules/postrules/rules/internal/grapheme"
)

// Wire names of the counters of this package besides graphemes.
const (
	bytesName      = "bytes"      // UTF-8 bytes
	utf16Name      = "utf16"      // UTF-16 code units (JavaScript's String.length)
	xWeightedName  = "x-weighted" // X's weighted length: rules/xweight's counter (xweight.Name), plugged in by Limits.WithCounter
	codePointsName = "codepoints" // Unicode scalar values
	charsName      = "forbidden"  // characters a platform refuses (see forbidCounter)
)

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

// wordScan: look for ASCII bytes with asciiSet's loop, which skips eight non-ASCII bytes
// at a time, rather than strings.IndexAny, strings.Count and strings.IndexByte. Go's
// WebAssembly port has no vector instructions for those (internal/bytealg is a plain
// byte loop there), so on CJK text one pass over words beats a pass per character
// looked for; elsewhere the vectorised strings functions are kept. (A constant: the other
// branch is not compiled.)
const wordScan = runtime.GOARCH == "wasm"

// asciiSet is a set of ASCII bytes.
type asciiSet [256]bool

func newASCIISet(chars string) *asciiSet {
	var s asciiSet
	for i := 0; i < len(chars); i++ {
		s[chars[i]] = true
	}
	return &s
}

// index is the offset of the first byte of text in the set, or -1.
func (set *asciiSet) index(text string) int {
	for i := 0; i < len(text); {
		if i+8 <= len(text) && grapheme.Load64(text, i)&swarHigh == swarHigh {
			i += 8 // eight bytes >= 0x80: none is in the set
			continue
		}
		if set[text[i]] {
			return i
		}
		i++
	}
	return -1
}

const swarHigh = 0x8080808080808080

var littleTextSet = newASCIISet(littleTextReserved)

// forbidCounter is the measure of a "these characters are refused" rule (YouTube: no <
// or > in a title or description): Length is how many of them the text holds, Cap is 0,
// and OverflowAt is the first one's byte offset, so it Fits exactly when there is none.
// set holds ASCII bytes only; the scan is one pass, O(len(text)), with no UTF-8
// decoding (an ASCII byte never occurs inside a multi-byte sequence).
func measureForbidden(text, set string) Measurement {
	if wordScan {
		return measureForbiddenOnePass(text, set)
	}
	m := Measurement{Counter: charsName, Exact: true, OverflowAt: -1}
	for j := 0; j < len(set); j++ {
		c := set[j : j+1] // strings.Count and IndexByte scan many bytes at a time
		if n := strings.Count(text, c); n > 0 {
			m.Length += n
			if at := strings.IndexByte(text, set[j]); m.OverflowAt < 0 || at < m.OverflowAt {
				m.OverflowAt = at
			}
		}
	}
	return m
}

// measureForbiddenOnePass is measureForbidden in one pass with asciiSet (see wordScan).
func measureForbiddenOnePass(text, set string) Measurement {
	m := Measurement{Counter: charsName, Exact: true, OverflowAt: -1}
	var in asciiSet
	for j := 0; j < len(set); j++ {
		in[set[j]] = true
	}
	for i := 0; i < len(text); i++ {
		j := in.index(text[i:])
		if j < 0 {
			break
		}
		i += j
		if m.OverflowAt < 0 {
			m.OverflowAt = i
		}
		m.Length++
	}
	return m
}

// littleTextReserved are the characters LinkedIn's little text format reserves in a
// post's commentary; each must be escaped with a backslash
// (https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/little-text-format).
const littleTextReserved = `\|{}@[]()<>#*_~`

// measureLittleText counts the reserved characters of LinkedIn's little text that text
// holds unescaped (a backslash and the reserved character after it are an escape, and
// count nothing); OverflowAt is the first. Counter "forbidden", Cap 0, as for
// measureForbidden.
func measureLittleText(text string) Measurement {
	m := Measurement{Counter: charsName, Exact: true, OverflowAt: -1}
	for i := 0; i < len(text); i++ {
		var j int
		if wordScan {
			j = littleTextSet.index(text[i:])
		} else {
			j = strings.IndexAny(text[i:], littleTextReserved)
		}
		if j < 0 {
			break
		}
		i += j
		if text[i] == '\\' && i+1 < len(text) && strings.IndexByte(littleTextReserved, text[i+1]) >= 0 {
			i++ // an escape: the backslash and the character it escapes
			continue
		}
		if m.OverflowAt < 0 {
			m.OverflowAt = i
		}
		m.Length++
	}
	return m
}

// EscapeLittleText returns text with every character that LinkedIn's little text format
// reserves (\ | { } @ [ ] ( ) < > # * _ ~) escaped with a backslash, so that LinkedIn
// shows it as written rather than cutting the post there or reading it as markup (rule
// linkedin.text.reserved). Apply it once, to plain text: escaping twice escapes the
// backslashes of the first time.
func EscapeLittleText(text string) string {
	n := 0
	for i := 0; i < len(text); i++ {
		if strings.IndexByte(littleTextReserved, text[i]) >= 0 {
			n++
		}
	}
	if n == 0 {
		return text
	}
	b := make([]byte, 0, len(text)+n)
	for i := 0; i < len(text); i++ {
		if strings.IndexByte(littleTextReserved, text[i]) >= 0 {
			b = append(b, '\\')
		}
		b = append(b, text[i])
	}
	return string(b)
}

// Wire names of the measures of what a text holds.
const (
	linksName    = "links"
	hashtagsName = "hashtags"
	mentionsName = "mentions"
	cashtagsName = "cashtags"
)

// maxDistinctLinks bounds how many distinct links measureLinks tells apart; past it the
// count stops (Exact false), so comparing each link with the earlier ones stays
// O(maxDistinctLinks * len(text)).
const maxDistinctLinks = 64

// measureLinks counts the unique links of text, as Threads does ("All unique URLs found
// in the text field are counted as links",
// https://developers.facebook.com/documentation/threads/create-posts/text-attachments).
// Threads does not document what it takes for a URL; the links are the URLs of the one
// recogniser (rules/internal/entity: twitter-text's URL extraction, so "example.com"
// is one and "x.y" is not). Two links are the same when their bytes are. OverflowAt is
// the start of the (limit+1)-th unique link.
func measureLinks(text string, limit int) Measurement {
	var set linkSet
	m := Measurement{Counter: linksName, Cap: limit, Exact: true, OverflowAt: -1}
	var sc entity.Scanner
	sc.Init(text)
	for {
		e, ok := sc.Next()
		if !ok || !set.add(text, e, &m) {
			return m
		}
	}
}

// linkSet holds the unique links counted so far, as byte ranges of the text.
type linkSet struct {
	seen [maxDistinctLinks][2]int
	n    int
}

// add counts e into m if it is a URL unlike every earlier one; false when the count must
// stop (more than maxDistinctLinks unique links: Exact false).
func (s *linkSet) add(text string, e entity.Entity, m *Measurement) bool {
	if e.Kind != entity.URL {
		return true
	}
	link := text[e.Start:e.End]
	for _, r := range s.seen[:s.n] {
		if text[r[0]:r[1]] == link {
			return true
		}
	}
	if s.n == maxDistinctLinks {
		m.Exact = false
		return false
	}
	s.seen[s.n] = [2]int{e.Start, e.End}
	s.n++
	m.Length = s.n
	if s.n > m.Cap && m.OverflowAt < 0 {
		m.OverflowAt = e.Start
	}
	return true
}

// measureTags counts the tags of kind (hashtags, @mentions or $cashtags) that the one
// recogniser finds (rules/internal/entity: twitter-text 3.1.0's extractors, so "#123"
// and "a#b" hold no hashtag and "＃タグ" does). One pass, O(len(text)); OverflowAt is
// the start of the (limit+1)-th tag.
func measureTags(text string, kind entity.Kind, name string, limit int) Measurement {
	m := Measurement{Counter: name, Cap: limit, Exact: true, OverflowAt: -1}
	var sc entity.Scanner
	sc.Init(text)
	for {
		e, ok := sc.Next()
		if !ok {
			break
		}
		if e.Kind != kind {
			continue
		}
		m.Length++
		if m.Length > limit && m.OverflowAt < 0 {
			m.OverflowAt = e.Start
		}
	}
	return m
}
