package rules

import (
	"runtime"
	"strings"

	"github.com/postrules/postrules/rules/internal/grapheme"
)

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

// measureForbidden is the measure of a "these characters are refused" rule (YouTube: no <
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
