// Where a post may end: one pass over the text finds the break opportunities (word,
// clause, sentence, paragraph, explicit) and the spans no break may fall in (URLs,
// mentions, tags).

package split

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/internal/entity"
)

// breakClass ranks the places between two posts; higher is where a reader would rather
// see a thread break.
type breakClass uint8

const (
	breakWord breakClass = iota + 1
	breakClause
	breakSentence
	breakParagraph
	breakExplicit
)

// splitBreak is a place where a post may end: its text ends at end, and the next post
// begins at next (after the white space between them, if any).
type splitBreak struct {
	e, n  int32 // end and next; texts over 2 GiB are refused
	class breakClass
}

func (b splitBreak) end() int  { return int(b.e) }
func (b splitBreak) next() int { return int(b.n) }

// splitSpan is a byte range [start, end) of the text.
type splitSpan struct{ start, end int }

// splitter holds one text's break opportunities and protected spans (URLs, mentions,
// tags), found in one pass, and splits it for a given label width.
type splitter struct {
	text        string
	lim         rules.Limit
	cs, ce      int          // the text without leading and trailing white space
	breaks      []splitBreak // in text order
	spans       []splitSpan  // protected, in text order, disjoint
	hasExplicit bool
	// The URLs, mentions and tags of the text, from the one recogniser (entity), read in
	// step with the tokens: ent is the next one not yet protected (entOK false: none).
	ents   entity.Scanner
	ent    entity.Entity
	entOK  bool
	prefix bool

	// per pass
	label string // the widest label of the pass ("" without numbering)
	capC  int    // units left for the text of a post
	need  int    // units of text a post must reach to be a third of the cap
	// labelSlack is how much wider the widest label is than the narrowest ("1/n").
	labelSlack int
	window     int // bytes to measure first when looking for a post's end
	lastFit    splitSpan
	lastFitE   int
	// The greedy pass records each post's reach and end; the balanced pass, which often
	// starts its posts where greedy did, reuses them instead of measuring again.
	memo      []reachMemo
	recording bool
	mi        int
	lengths   []int // the measured length of each post of the balanced pass
}

// reachMemo is one post of the greedy pass: it starts at s, may not cross limit, and
// reaches E.
type reachMemo struct{ s, limit, E int }

// memoAt returns the greedy post starting at s, if there is one.
func (sp *splitter) memoAt(s int) (reachMemo, bool) {
	if sp.recording {
		return reachMemo{}, false
	}
	for sp.mi < len(sp.memo) && sp.memo[sp.mi].s < s {
		sp.mi++
	}
	if sp.mi < len(sp.memo) && sp.memo[sp.mi].s == s {
		return sp.memo[sp.mi], true
	}
	return reachMemo{}, false
}

func newSplitter(text string, lim rules.Limit) *splitter {
	sp := &splitter{text: text, lim: lim, lastFit: splitSpan{-1, -1}}
	// About one break per space or line break (counted at memory speed); growing the
	// slice from nothing, or zeroing one sized by len(text), costs more than the scan.
	sp.breaks = make([]splitBreak, 0, strings.Count(text, " ")+strings.Count(text, "\n")+8)
	sp.scan()
	return sp
}

// isSplitSpace reports whether the rune r at byte i (size bytes) is white space a post
// may be split at and trimmed of: Unicode White_Space (what JavaScript's \s also
// matches, so U+0085 is left out), unless it is the base of a grapheme cluster, that is
// followed by a mark, ZWJ, emoji modifier or tag, or preceded by a Prepend character
// (UAX #29 GB9, GB9a, GB9b). Line breaks and tabs are controls and never joined.
func (sp *splitter) isSplitSpace(i int, r rune, size int) bool {
	if !isWhiteSpace(r) {
		return false
	}
	switch r {
	case '\t', '\n', '\v', '\f', '\r', 0x2028, 0x2029:
		return true // Control, CR, LF: a cluster of their own (GB4, GB5)
	}
	if i+size < len(sp.text) {
		nr, _ := utf8.DecodeRuneInString(sp.text[i+size:])
		if isExtender(nr) {
			return false
		}
	}
	if i > 0 {
		pr, _ := utf8.DecodeLastRuneInString(sp.text[:i])
		if isPrepend(pr) {
			return false
		}
	}
	return true
}

// isWhiteSpace is unicode.IsSpace without U+0085 (which JavaScript's \s does not match),
// written out because the table lookup of unicode.IsSpace dominates a scan of CJK text.
func isWhiteSpace(r rune) bool {
	switch {
	case r < 0x80:
		return r == ' ' || '\t' <= r && r <= '\r'
	case r < 0x1680:
		return r == 0xA0
	}
	switch r {
	case 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
		return true
	}
	return 0x2000 <= r && r <= 0x200A
}

// isExtender reports whether r joins the cluster before it (Grapheme_Cluster_Break
// Extend, ZWJ or SpacingMark, approximated by the general category M plus the few
// others; UAX #29 GB9, GB9a).
func isExtender(r rune) bool {
	switch {
	case r < 0x300:
		return false
	case unicode.Is(unicode.M, r), r == 0x200C, r == 0x200D, r == 0x0E33, r == 0x0EB3,
		0x1F3FB <= r && r <= 0x1F3FF, 0xE0020 <= r && r <= 0xE007F:
		return true
	}
	return false
}

// isPrepend reports whether r is Grapheme_Cluster_Break=Prepend (Unicode 15.0 and 17.0
// GraphemeBreakProperty.txt): it joins the cluster after it (GB9b).
func isPrepend(r rune) bool {
	switch {
	case r < 0x600:
		return false
	case 0x600 <= r && r <= 0x605, r == 0x6DD, r == 0x70F, r == 0x890, r == 0x891, r == 0x8E2,
		r == 0xD4E, r == 0x110BD, r == 0x110CD, r == 0x111C2, r == 0x111C3, r == 0x1193F,
		r == 0x11941, r == 0x11A3A, 0x11A84 <= r && r <= 0x11A89, r == 0x11D46, r == 0x11F02:
		return true
	}
	return false
}

// sentenceEnd reports whether r ends a sentence: . ! ? … and their doubled forms, the
// CJK and fullwidth 。 ！ ？ ｡, the Devanagari danda । ॥, the Arabic ؟ and the Urdu ۔.
func sentenceEnd(r rune) bool {
	switch r {
	case '.', '!', '?', '…', '‼', '⁇', '⁈', '⁉', '。', '！', '？', '｡', '।', '॥', '؟', '۔', '՜', '։':
		return true
	}
	return false
}

// clauseMark reports whether r ends a clause: , ; : — – and the CJK and fullwidth
// 、 ， ； ：, the Arabic comma ، and semicolon ؛.
func clauseMark(r rune) bool {
	switch r {
	case ',', ';', ':', '—', '–', '、', '，', '；', '：', '،', '؛', '､':
		return true
	}
	return false
}

// cjkMark reports whether a post may end right after r even with no space after it:
// the marks of scripts written without spaces.
func cjkMark(r rune) (breakClass, bool) {
	switch r {
	case '。', '！', '？', '｡':
		return breakSentence, true
	case '、', '，', '；', '：', '､':
		return breakClause, true
	}
	return 0, false
}

// closing reports whether r closes a quotation or bracket: a sentence or clause mark
// before it still ends the sentence ("He left." she said / 「行く。」).
func closing(r rune) bool {
	switch r {
	case ')', ']', '}', '"', '\'', '”', '’', '»', '›', '」', '』', '）', '】', '〉', '》', '〕', '］', '｝', '〙', '〗':
		return true
	}
	return false
}

// scan finds, in one pass, the white space runs and CJK marks where a post may end, and
// the URLs, mentions and tags that must not be cut.
func (sp *splitter) scan() {
	t := sp.text
	n := len(t)
	i := 0
	sp.ents.Init(t)
	sp.ent, sp.entOK = sp.ents.Next()
	// Leading white space.
	for i < n {
		_, size, space := sp.spaceAt(i)
		if !space {
			break
		}
		i += size
	}
	sp.cs = i
	sp.ce = i
	for i < n {
		// A token: a run of non-space runes. Most are plain ASCII words, which hold no
		// URL, tag or CJK mark: only a token with one of the bytes of tokenSpecial (or
		// non-ASCII) is looked into.
		ts := i
		special, ascii := false, true
		for i < n {
			c := t[i]
			if c < utf8.RuneSelf && !asciiSpace[c] {
				special = special || tokenSpecial[c]
				i++
				continue
			}
			_, size, space := sp.spaceAt(i)
			if space {
				break
			}
			special, ascii = true, false
			i += size
		}
		if i > ts {
			if special {
				sp.token(ts, i, ascii)
			}
			sp.ce = i
		}
		// A white space run.
		ws := i
		lines := 0
		for i < n {
			if c := t[i]; c == ' ' && (i+1 >= n || t[i+1] < utf8.RuneSelf) {
				i++ // the common case: a space before ASCII (its left is space or this token)
				continue
			}
			r, size, space := sp.spaceAt(i)
			if !space {
				break
			}
			switch r {
			case '\n', '\v', '\f', 0x2028, 0x2029:
				lines++
			case '\r':
				if i+1 >= n || t[i+1] != '\n' {
					lines++
				}
			}
			i += size
		}
		if i == ws || i >= n {
			continue // the end of the text: trailing white space, trimmed
		}
		class := breakWord
		switch {
		case lines >= 4:
			class = breakExplicit
			sp.hasExplicit = true
		case lines >= 2:
			class = breakParagraph
		default:
			if c := t[ws-1]; c >= utf8.RuneSelf || !isWordByte(c) {
				class = punctClass(t[:ws])
			}
		}
		sp.breaks = append(sp.breaks, splitBreak{e: int32(ws), n: int32(i), class: class})
	}
}

// asciiSpace marks the ASCII white space; tokenSpecial the ASCII bytes that can begin or
// mark a URL or tag.
var asciiSpace, tokenSpecial = func() (sp, sc [utf8.RuneSelf]bool) {
	for _, c := range "\t\n\v\f\r " {
		sp[c] = true
	}
	for _, c := range ".:@#$" {
		sc[c] = true
	}
	return
}()

// spaceAt decodes the rune at i and reports whether it is split space (isSplitSpace),
// deciding ASCII without decoding: an ASCII space joins a cluster only with a non-ASCII
// neighbour.
func (sp *splitter) spaceAt(i int) (rune, int, bool) {
	t := sp.text
	if c := t[i]; c < utf8.RuneSelf {
		if c != ' ' || (i+1 >= len(t) || t[i+1] < utf8.RuneSelf) && (i == 0 || t[i-1] < utf8.RuneSelf) {
			return rune(c), 1, asciiSpace[c]
		}
		return ' ', 1, sp.isSplitSpace(i, ' ', 1)
	}
	r, size := utf8.DecodeRuneInString(t[i:])
	return r, size, sp.isSplitSpace(i, r, size)
}

// punctClass classifies a white space run by the text before it: after a sentence end
// (closing quotes and brackets skipped) a sentence break, after a clause mark a clause
// break, else a word break.
func punctClass(before string) breakClass {
	for k := 0; k < 4 && before != ""; k++ {
		r, size := utf8.DecodeLastRuneInString(before)
		switch {
		case sentenceEnd(r):
			return breakSentence
		case clauseMark(r):
			return breakClause
		case closing(r):
			before = before[:len(before)-size]
			continue
		}
		break
	}
	return breakWord
}

// token records the protected spans of the token t[ts:te] and the CJK marks inside it
// after which a post may end.
func (sp *splitter) token(ts, te int, ascii bool) {
	first := len(sp.spans)
	sp.protect(ts, te)
	if ascii {
		return // no CJK mark
	}
	spans := sp.spans[first:]
	t := sp.text
	for i := ts; i < te; {
		r, size := utf8.DecodeRuneInString(t[i:])
		i += size
		class, ok := cjkMark(r)
		if !ok {
			continue
		}
		j := i
		for j < te {
			cr, cs := utf8.DecodeRuneInString(t[j:])
			if !closing(cr) {
				break
			}
			j += cs
		}
		if j >= te {
			continue // white space or the end follows: a run break or nothing
		}
		if nr, _ := utf8.DecodeRuneInString(t[j:]); isExtender(nr) {
			continue
		}
		for len(spans) > 0 && spans[0].end <= j {
			spans = spans[1:]
		}
		if len(spans) == 0 || j <= spans[0].start {
			sp.breaks = append(sp.breaks, splitBreak{e: int32(j), n: int32(j), class: class})
		}
	}
}

// protect appends the spans of the entities (URLs, @mentions, #hashtags, $cashtags) that
// begin before te, the end of the token t[ts:te] being read: the one recogniser's
// (rules/internal/entity, twitter-text's extractors), so that what the counters count
// as one link or tag is what the splitter keeps whole. No entity holds white space, so
// each lies within its token; tokens come in order, and so do the entities.
func (sp *splitter) protect(ts, te int) {
	for sp.entOK && sp.ent.Start < te {
		if sp.ent.End > ts {
			sp.addSpan(max(sp.ent.Start, ts), min(sp.ent.End, te))
		}
		sp.ent, sp.entOK = sp.ents.Next()
	}
}

// addSpan appends the protected span [s, e), merging it into the last one if they meet.
func (sp *splitter) addSpan(s, e int) {
	if k := len(sp.spans) - 1; k >= 0 && sp.spans[k].end >= s {
		if e > sp.spans[k].end {
			sp.spans[k].end = e
		}
		return
	}
	sp.spans = append(sp.spans, splitSpan{s, e})
}
