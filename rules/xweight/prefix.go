// Measuring a long text by a prefix: the cap bounds how much of the text can matter,
// so the counter reads a budget of bytes and stops where the answer is known.

package xweight

import (
	"math"
	"strings"
	"unicode/utf8"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/internal/urls"
	"github.com/postrules/postrules/rules/xweight/internal/emoji"
	"github.com/postrules/postrules/rules/xweight/internal/nfc"
)

// How Measure stops early.
//
// It measures growing prefixes of the text (readBudget, then doubling) and stops when the
// weight of a prefix's tokens that the rest of the text cannot change passes the cap.
// Which tokens the rest cannot change depends on where the prefix is cut:
//
//   - After white space (ASCII: tab to CR, space): no match of twitter-text's URL
//     expression holds white space (domain, path and query classes all exclude it), so
//     every match tried before it, and thus every URL and token before it, is the same
//     whatever follows; and white space ends an NFC segment. The prefix's tokens up to
//     the white space are exact.
//   - Far from any '.': a URL has a '.' in its domain and is at most urlReach16 UTF-16
//     units long, so with no '.' within dotFarBytes either side of the cut, no URL and no
//     attempt of the expression that could matter crosses it. Exact too.
//   - Elsewhere (a long run of labels and dots, say): the tokens ending urlReach16 units
//     before the cut, and before the last match if its TLD is at the cut, are counted,
//     with each URL among them counted as at most the weight of its characters. The
//     expression is greedy and, but for the "$" of the look-ahead after a TLD, reads
//     nothing that the cut could change without reading past the cut; so what follows the
//     cut can only make a match from an earlier start run further (past the cut, so over
//     urlReach16 units long and rejected, its characters then counting, as they do in the
//     prefix when its match ran into the cut), never find a URL the prefix lacks there.
//     This gives a lower bound; OverflowAt is then where that bound passes the cap, which
//     a text built to make a match reject later can put after the first unit beyond cap.
//
// NFC: the prefix is normalised with the text's own segments (nfc.Reader), so it is a
// prefix of the whole text's NFC form; segments hold at most 30 non-starters, so a run of
// combining marks of any length is read segment by segment too.
const (
	// urlReach16 bounds a URL's UTF-16 length: isValidUrl (extractUrlsWithIndices.js) wants
	// protocol + url.length + punycode(domain).length - domain.length <= 4096, and a
	// domain's punycode form has at least one unit per code point, half its UTF-16 length
	// at least; so url.length <= 8192. The rest is margin (the preceding character, the
	// look-ahead after a TLD, a URL ending inside a surrogate pair).
	urlReach16 = 8192 + 256
	// separatorSearch is how far past its budget a prefix may run to end after white space.
	separatorSearch = 4096
	// dotFarBytes: urlReach16 units of NFC text are at most 3 bytes each, made from at
	// most 4 times as many bytes before normalisation (a Hangul syllable from three jamo,
	// a letter and its marks).
	dotFarBytes = 4 * 3 * urlReach16
)

// readHook, when set (by tests), is told how many bytes of a text each measurement reads.
var readHook func(n int)

// readBudget is the first prefix length to try: every weight unit of cap takes at most a
// few bytes in an ordinary text (a CJK character 3 bytes for 2 units, a Latin letter 1 for
// 1), so a text over it is usually decided by the first prefix.
func readBudget(cap int) int {
	if cap > (math.MaxInt-64)/4-1 {
		return math.MaxInt
	}
	return 4*(cap+1) + 64
}

func grow(b int) int {
	if b > math.MaxInt/2 {
		return math.MaxInt
	}
	return 2 * b
}

func isSpaceByte(c byte) bool { return c == ' ' || ('\t' <= c && c <= '\r') }

// cutKind is how measurePrefix chose where its prefix ends, which says which of the
// prefix's tokens are surely the whole text's (measurePrefix's final).
type cutKind uint8

const (
	cutSpace   cutKind = iota // after white space: no token runs across the cut
	cutDotFar                 // no '.' near the cut: no URL runs across it, an emoji may
	cutGeneric                // a URL may run across the cut: read on past its reach
)

// measurePrefix measures a prefix of text of about budget bytes (budget < len(text)).
// done is false when that prefix does not yet show the text over cap.
func (c *Parser) measurePrefix(text string, budget, cap, capUnits int) (m rules.Measurement, err error, done bool) {
	rc, kind := prefixCut(text, budget)
	if rc >= len(text) {
		m, err = c.measureExact(text, cap, capUnits)
		return m, err, true
	}
	if readHook != nil {
		readHook(rc)
	}
	if bad := strictjson.FirstInvalidUTF8String(text[:rc]); bad >= 0 {
		return rules.Measurement{Counter: Name, Cap: cap, OverflowAt: -1}, invalidUTF8(text, bad), true
	}
	n, read := nfcPrefix(text, rc)
	if read != rc {
		if bad := strictjson.FirstInvalidUTF8String(text[:read]); bad >= 0 {
			return rules.Measurement{Counter: Name, Cap: cap, OverflowAt: -1}, invalidUTF8(text, bad), true
		}
	}
	if read >= len(text) {
		m, err = c.measureExact(text, cap, capUnits)
		return m, err, true
	}
	final, generic := finalToken(n, kind)
	t := c.tally(n, capUnits, final, generic, false)
	if !t.valid {
		return rules.Measurement{Counter: Name, Length: t.lb / c.scale, Cap: cap, OverflowAt: -1}, invalidCharacter(text[:read]), true
	}
	if t.lb <= capUnits {
		return rules.Measurement{}, nil, false
	}
	over := t.lbOver
	if len(n) != read || n != text[:read] {
		over = prefixOffset(text, read, over)
	}
	return rules.Measurement{Counter: Name, Length: t.lb / c.scale, Exact: false, Cap: cap, OverflowAt: over}, nil, true
}

// prefixCut is where measurePrefix's prefix of text ends, near budget bytes, and how it
// was chosen: after the first white space within separatorSearch bytes; else at the
// code point there when no '.' is within dotFarBytes; else a URL's reach further on.
func prefixCut(text string, budget int) (rc int, kind cutKind) {
	rc = budget
	for rc > 0 && !utf8.RuneStart(text[rc]) {
		rc--
	}
	if i := strings.IndexFunc(text[rc:min(len(text), rc+separatorSearch)], func(r rune) bool {
		return r < utf8.RuneSelf && isSpaceByte(byte(r))
	}); i >= 0 {
		return rc + i + 1, cutSpace
	}
	if strings.IndexByte(text[max(0, rc-dotFarBytes):min(len(text), rc+dotFarBytes)], '.') < 0 {
		return rc, cutDotFar
	}
	rc = min(len(text), rc+4*urlReach16)
	for rc < len(text) && !utf8.RuneStart(text[rc]) {
		rc++
	}
	return rc, cutGeneric
}

// nfcPrefix is the NFC form of text[:read], a prefix of the whole text's NFC form, for a
// cut at rc: read is rc when the text is stable there, else the end of the segment that
// holds rc. Only text[:rc] is known to be valid UTF-8.
func nfcPrefix(text string, rc int) (n string, read int) {
	read = nfc.StablePrefix(text, rc)
	if read == rc {
		return text[:rc], rc
	}
	var r nfc.Reader
	r.Init(text)
	buf := make([]byte, 0, rc+rc/4)
	for r.Pos() < rc {
		_, seg, ok := r.Next()
		if !ok {
			break
		}
		buf = append(buf, seg...)
	}
	return string(buf), r.Pos()
}

// finalToken is the end of the tokens of n, the NFC prefix cut as kind says, that are
// surely the whole text's (tally's final); generic when a URL there may be cut, so that
// it counts as at most its characters' weight.
func finalToken(n string, kind cutKind) (final int, generic bool) {
	lastSpace := len(n) - 1
	for lastSpace >= 0 && !isSpaceByte(n[lastSpace]) {
		lastSpace--
	}
	switch kind {
	case cutSpace:
		return lastSpace + 1, false
	case cutDotFar:
		// No URL reaches the cut, but an emoji sequence may run across it (👨‍👩‍👧 cut
		// after 👨‍ weighs 2+1 in the prefix and 2 whole): only the tokens that start
		// emoji.MaxBytes or more before the cut are the whole text's.
		return max(lastSpace+1, len(n)-emoji.MaxBytes), false
	}
	// urlReach16 units back from the end of the prefix.
	f, units := len(n), 0
	for f > 0 && units < urlReach16 {
		f--
		if b := n[f]; b&0xC0 != 0x80 {
			units++
			if b >= 0xF0 {
				units++
			}
		}
	}
	if units < urlReach16 {
		f = 0
	}
	var us urls.Scanner
	us.Init(n)
	for _, ok := us.Next(); ok; _, ok = us.Next() {
	}
	if from, domEnd, end := us.LastMatch(); from >= 0 && end >= len(n) && domEnd >= len(n) && from < f {
		// The last match's TLD is at the cut and passed the look-ahead by "$": more
		// text can fail it and make the expression take a shorter match from there.
		f = from
	}
	if lastSpace+1 > f {
		return lastSpace + 1, false
	}
	return f, true
}

// prefixOffset maps a byte offset in the NFC form of text[:read] (read segment by segment,
// as measurePrefix does) back to text: the start of the segment's source.
func prefixOffset(text string, read int, off int) int {
	var r nfc.Reader
	r.Init(text)
	seen := 0
	for r.Pos() < read {
		orig, seg, ok := r.Next()
		if !ok {
			break
		}
		if seen+len(seg) > off {
			return orig
		}
		seen += len(seg)
	}
	return read
}

func firstRune(s string) rune {
	for _, r := range s {
		return r
	}
	return utf8.RuneError
}

// originalOffset maps a byte offset in the NFC form of text back to text: the start of
// the normalisation segment that produced it.
func originalOffset(text string, off int) int {
	at, seen := -1, 0
	nfc.Segments(text, func(orig int, seg []byte) {
		if at < 0 && seen+len(seg) > off {
			at = orig
		}
		seen += len(seg)
	})
	if at < 0 {
		return len(text)
	}
	return at
}
