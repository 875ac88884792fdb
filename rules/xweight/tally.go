// The weighted count itself: parseTweet's loop over the normalised text, run by
// run, with the emoji sequences and URLs counted as twitter-text counts them.

package xweight

import (
	"unicode/utf8"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules/internal/urls"
	"github.com/postrules/postrules/rules/xweight/internal/emoji"
	"github.com/postrules/postrules/rules/xweight/internal/nfc"
)

// tally is one pass of parseTweet's loop over the normalised text.
type tally struct {
	units      int  // the summed weights
	valid      bool // no invalid character yet
	validEnd16 int  // validDisplayIndex: last UTF-16 unit of the last token that fits
	overflowAt int  // byte offset of the first token past capUnits, -1
	len16      int  // length of the text in UTF-16 units

	// Over the tokens that end at or before final (see measurePrefix): their weight, each
	// URL counted as at most its characters' weight when generic, and where it passes
	// capUnits (-1 if it does not).
	lb, lbOver int

	// unchecked: with check, the text turned out not to be valid UTF-8 made of stable
	// code points (so perhaps not NFC); the rest of the tally is then meaningless.
	unchecked bool
}

// tally walks n (valid UTF-8, NFC) token by token as parseTweet does
// (js/src/parseTweet.js): a URL that starts here weighs transformedURLLength * scale;
// else, with emoji parsing, an emoji sequence that starts here weighs defaultWeight; else
// the code point weighs its range weight. Validity fails for good at the first U+FFFE,
// U+FEFF or U+FFFF; the valid range ends at the last token that is still valid and
// within maxWeightedTweetLength.
//
// final >= 0 also sums the tokens that end at or before byte final into t.lb; with
// generic, a URL there counts as at most the weight its characters would have without it.
//
// check takes n as it comes, checking on the way that it is valid UTF-8 of stable code
// points (nfc.Stable), hence NFC: it stops with t.unchecked when it is not. This saves
// the separate validity and NFC passes on nearly every post.
//
// It is about 110 lines in one loop on purpose: the loop is the token walk of every X
// count, its cursors (the URL scanner, the two emoji cursors) and the tally live in its
// locals from token to token, and its runs of plain code points already go to plainRun;
// what is left is the one switch over a token's kind that parseTweet has.
func (c *Parser) tally(n string, capUnits, final int, generic, check bool) tally {
	var us urls.Scanner
	us.Init(n)
	url, haveURL := us.Next()
	em := emojiCursor{text: n, kinds: c.emojiKinds, start: -1}
	var inURL emojiCursor // the emoji sequences inside URLs, for generic
	if generic {
		inURL = emojiCursor{text: n, kinds: c.emojiKinds, start: -1}
	}
	t := tally{valid: true, overflowAt: -1, lbOver: -1}
	u16 := 0
	for i := 0; i < len(n); {
		for haveURL && url.Start < i {
			url, haveURL = us.Next() // starts inside a token already counted
		}
		if final < 0 {
			// The code points before the next URL and the next emoji sequence are tokens
			// of their own: weigh them in one tight loop (most of a post).
			stop := len(n)
			if haveURL && url.Start < stop {
				stop = url.Start
			}
			var scan *emojiCursor
			if c.emojiKinds != 0 {
				if em.start < i && max(em.end, em.pos) >= i {
					// Every position from i to the scan's frontier is known to begin no
					// sequence: plainRun looks for the next one itself as it weighs,
					// in the same pass (see emojiCursor.pos).
					scan = &em
				} else {
					em.at(i) // moves em.start to the first sequence at or after i
					if em.start < stop {
						stop = em.start
					}
				}
			}
			if i < stop {
				i, u16 = c.plainRun(&t, n, i, stop, u16, capUnits, check, scan)
				if t.unchecked {
					return t
				}
				continue
			}
		}
		var w, next, adv16 int
		half := false
		lw := -1 // the token's weight in t.lb when not w
		switch {
		case haveURL && url.Start == i:
			w, next, half = c.urlUnits, url.End, url.Half
			if check && !checkedNFC(n, i, next, half) {
				t.unchecked = true
				return t
			}
			adv16 = strictjson.UTF16Len(n[i:next])
			if half {
				adv16++
			}
			url, haveURL = us.Next()
			if generic && next <= final {
				if cw := c.charsWeight(n, i, next, &inURL); cw < w {
					lw = cw
				}
			}
		case c.emojiKinds != 0 && em.at(i) > 0:
			w, next = c.cfg.DefaultWeight, i+em.at(i)
			adv16 = strictjson.UTF16Len(n[i:next])
			if check && !checkedNFC(n, i, next, false) {
				t.unchecked = true
				return t
			}
		default:
			if check && !checkedNFC(n, i, i+1, false) {
				t.unchecked = true
				return t
			}
			r, size := nfc.DecodeValid(n, i)
			w, next, adv16 = c.weight(r), i+size, 1
			if size == 4 {
				adv16 = 2
			}
			if r == 0xFFFE || r == 0xFEFF || r == 0xFFFF {
				t.valid = false
			}
		}
		t.step(w, u16+adv16-1, i, c.maxUnits, capUnits)
		if next <= final {
			if lw < 0 {
				lw = w
			}
			t.bound(lw, i, capUnits)
		}
		u16 += adv16
		i = next
		if half {
			// The URL's url.length ended between the surrogates of the character at i:
			// parseTweet weighs the low surrogate alone, as a UTF-16 unit.
			r, size := utf8.DecodeRuneInString(n[i:])
			lw := c.lookup(0xDC00 + (r-0x10000)&0x3FF)
			t.step(lw, u16, i, c.maxUnits, capUnits)
			if i+size <= final {
				t.bound(lw, i, capUnits)
			}
			u16++
			i += size
		}
	}
	t.len16 = u16
	return t
}

func (t *tally) step(w, last16, at, maxUnits, capUnits int) {
	t.units += w
	if t.valid && t.units <= maxUnits {
		t.validEnd16 = last16
	}
	if t.overflowAt < 0 && t.units > capUnits {
		t.overflowAt = at
	}
}

// plainRun weighs the code points of n[i:stop], each a token of its own, as tally's
// default case does one at a time, and returns the new i and u16.
//
// check verifies on the way that each code point is valid UTF-8 and stable (see tally),
// setting t.unchecked and stopping at the first that is not.
//
// With scan (the tally's emoji cursor, whose frontier max(end, pos) is at or past i and
// whose last sequence starts before i), plainRun also finds the next emoji sequence, as
// emojiCursor.advance would, testing each position from the frontier on: it stops before
// the first one, with scan.start and scan.end set to it, or at stop with scan.pos moved
// there. One pass over the text instead of two.
//
// Its steps that run once a run or on rare input are calls of their own: quiet3Run (a
// run of quiet 3-byte characters), sequenceAt (an emoji sequence's start) and slowRune
// (the code points the fast paths leave). The rest, about 90 lines, stays in one loop
// on purpose: it is the hot loop of every X count, and it holds the tally's fields in
// local variables for the whole run (written back once at the end); cut further into
// calls, they would go through memory at each code point.
func (c *Parser) plainRun(t *tally, n string, i, stop, u16, capUnits int, check bool, scan *emojiCursor) (int, int) {
	units, valid, validEnd16, over := t.units, t.valid, t.validEnd16, t.overflowAt
	maxUnits := c.maxUnits
	limit := min(maxUnits, capUnits) // up to it, a step only moves validEnd16
	aw := c.asciiW
	from := len(n) + 1 // positions from here on are tested for an emoji sequence
	found := false
	if scan != nil {
		from = max(scan.end, scan.pos)
	}
	for i < stop {
		at := i
		b := n[i]
		if b >= 0xE0 && b < 0xF0 {
			// A run of quiet 3-byte characters (Parser.quiet3): no emoji sequence begins
			// in it, and each is a token of its own, valid and stable. Within limit only
			// units, u16 and validEnd16 move; once the text is past both caps (over
			// found, units beyond maxUnits), only units and u16 do.
			past := over >= 0 && units > maxUnits
			if j, u, ws := c.quiet3Run(n, i, stop, u16, units, limit, past); j > i {
				i, u16, units = j, u, ws
				if valid && !past {
					validEnd16 = u16 - 1
				}
				continue
			}
		}
		if at >= from && emoji.Skip[b] == 0 {
			if l := sequenceAt(n, i, scan.kinds); l > 0 {
				scan.start, scan.end = i, i+l
				found = true
				break
			}
		}
		var w int
		if b < utf8.RuneSelf {
			// Eight ASCII characters a step while they all weigh aw and stay within
			// limit: each is a token of its own, none is invalid or unstable (nor, when
			// scanning for emoji, a keycap's base).
			if aw >= 0 && i+8 <= stop && units <= limit-8*aw {
				if x := load64(n, i); x&swarHigh == 0 && (at+8 <= from || !hasKeycapBase(x)) {
					units += 8 * aw
					i += 8
					u16 += 8
					if valid {
						validEnd16 = u16 - 1
					}
					continue
				}
			}
			w = c.ascii[b]
			i++
			u16++
		} else if b >= 0xE0 && b < 0xF0 && i+2 < len(n) && n[i+1]&0xC0 == 0x80 && n[i+2]&0xC0 == 0x80 &&
			c.three[int(b&0x0F)<<6|int(n[i+1]&0x3F)] >= 0 {
			// CJK and the rest of the BMP past U+07FF, by blocks of 64 (Parser.three).
			w = int(c.three[int(b&0x0F)<<6|int(n[i+1]&0x3F)])
			i += 3
			u16++
		} else if b >= 0xC0 && b < 0xE0 && i+1 < len(n) && n[i+1]&0xC0 == 0x80 && c.two[b&0x1F] >= 0 {
			w = int(c.two[b&0x1F])
			i += 2
			u16++
		} else {
			var nonchar, ok bool
			if w, i, u16, nonchar, ok = c.slowRune(n, i, u16, check); !ok {
				t.unchecked = true
				return i, u16
			}
			if nonchar {
				valid = false
			}
		}
		units += w
		if units <= limit {
			if valid {
				validEnd16 = u16 - 1
			}
			continue
		}
		if valid && units <= maxUnits {
			validEnd16 = u16 - 1
		}
		if over < 0 && units > capUnits {
			over = at
		}
	}
	if scan != nil && !found {
		scan.pos = max(scan.pos, i)
	}
	t.units, t.valid, t.validEnd16, t.overflowAt = units, valid, validEnd16, over
	return i, u16
}

// quiet3Run weighs the run of quiet 3-byte characters (Parser.quiet3) that starts at
// n[i], up to stop, from u16 and units: it returns where the run ends and the u16 and
// units there. Unless past, it also stops before the character that would take units
// beyond limit. One call a run, not a character, so plainRun's loop stays tight.
func (c *Parser) quiet3Run(n string, i, stop, u16, units, limit int, past bool) (j, u, ws int) {
	j, u, ws = i, u16, units
	for j < stop && j+2 < len(n) {
		b0, b1, b2 := n[j], n[j+1], n[j+2]
		if b0 < 0xE0 || b0 >= 0xF0 || b1&0xC0 != 0x80 || b2&0xC0 != 0x80 {
			break
		}
		w := int(c.quiet3[int(b0&0x0F)<<6|int(b1&0x3F)])
		if w < 0 {
			if w == -1 {
				break
			}
			l := c.loud[-2-w]
			if l.mask>>(b2&0x3F)&1 != 0 {
				break
			}
			w = int(l.w)
		}
		if !past && ws+w > limit {
			break
		}
		ws += w
		j += 3
		u++
	}
	return j, u, ws
}

// slowRune decodes and weighs the code point at n[i] that plainRun's fast paths leave
// (ASCII, the 3-byte blocks of Parser.three, the 2-byte leads of Parser.two): it returns
// its weight and the new i and u16, and nonchar for U+FEFF, U+FFFE and U+FFFF, which end
// the valid prefix. With check, ok is false for invalid UTF-8 or an unstable code point,
// with i and u16 where plainRun stops (past the code point only when its bytes were
// valid but it is not stable). It is rare (non-BMP text, unusual scripts), so a call of
// its own costs the hot loop nothing.
func (c *Parser) slowRune(n string, i, u16 int, check bool) (w, ni, nu16 int, nonchar, ok bool) {
	var r rune
	b := n[i]
	switch {
	case b < 0xE0:
		if check && (b < 0xC2 || i+1 >= len(n) || n[i+1]&0xC0 != 0x80) {
			return 0, i, u16, false, false
		}
		r = rune(b&0x1F)<<6 | rune(n[i+1]&0x3F)
		i += 2
		u16++
	case b < 0xF0:
		if check && (i+2 >= len(n) || n[i+1]&0xC0 != 0x80 || n[i+2]&0xC0 != 0x80) {
			return 0, i, u16, false, false
		}
		r = rune(b&0x0F)<<12 | rune(n[i+1]&0x3F)<<6 | rune(n[i+2]&0x3F)
		if check && (r < 0x800 || (0xD800 <= r && r <= 0xDFFF)) {
			return 0, i, u16, false, false
		}
		i += 3
		u16++
		if r >= 0xFEFF && (r == 0xFEFF || r == 0xFFFE || r == 0xFFFF) {
			nonchar = true
		}
	default:
		if check && (b > 0xF4 || i+3 >= len(n) || n[i+1]&0xC0 != 0x80 || n[i+2]&0xC0 != 0x80 || n[i+3]&0xC0 != 0x80) {
			return 0, i, u16, false, false
		}
		r = rune(b&0x07)<<18 | rune(n[i+1]&0x3F)<<12 | rune(n[i+2]&0x3F)<<6 | rune(n[i+3]&0x3F)
		if check && (r < 0x10000 || r > 0x10FFFF || !nfc.Stable(r)) {
			return 0, i, u16, false, false
		}
		i += 4
		u16 += 2
	}
	if check && r >= 0x300 && r < 0x10000 && !nfc.StableBMP(r) {
		return 0, i, u16, false, false
	}
	w = c.cfg.DefaultWeight
	if r < 0x10000 && c.block[r>>8] >= 0 {
		w = int(c.block[r>>8])
	} else {
		for _, rg := range c.cfg.Ranges {
			if int(r) >= rg.Start && int(r) <= rg.End {
				w = rg.Weight
				break
			}
		}
	}
	return w, i, u16, nonchar, true
}

// checkedNFC reports whether the characters that begin in n[i:end] (and, with half, the
// one at end) are valid UTF-8 and stable: they are then as NFC leaves them, whatever
// their neighbours.
func checkedNFC(n string, i, end int, half bool) bool {
	if half && end < len(n) {
		end++
	}
	for i < end {
		b := n[i]
		if b < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(n[i:])
		if size == 1 {
			return false // invalid (a lone U+FFFD is 3 bytes)
		}
		if r >= 0x300 && (r >= 0x10000 && !nfc.Stable(r) || r < 0x10000 && !nfc.StableBMP(r)) {
			return false
		}
		i += size
	}
	return true
}

func (t *tally) bound(w, at, capUnits int) {
	t.lb += w
	if t.lbOver < 0 && t.lb > capUnits {
		t.lbOver = at
	}
}

// charsWeight is the weight of n[i:end] counted without URLs: its emoji sequences (from
// em, whose calls come in order) and characters; a sequence running past end is left out.
func (c *Parser) charsWeight(n string, i, end int, em *emojiCursor) int {
	sum := 0
	for j := i; j < end; {
		if c.emojiKinds != 0 {
			if l := em.at(j); l > 0 {
				if j+l > end {
					break
				}
				sum += c.cfg.DefaultWeight
				j += l
				continue
			}
		}
		r, size := nfc.DecodeValid(n, j)
		sum += c.weight(r)
		j += size
	}
	return sum
}
