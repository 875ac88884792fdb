// Package split turns a text too long for one post into the posts of a thread, each of
// which fits a rules.Limit, split where a reader would (docs/split.md): the thread
// splitter of every face (Go, `validate split`, the WASM split()).
package split

import (
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/internal/entity"

	"github.com/postrules/postrules/internal/strictjson"
)

// Numbering is how [thread] labels the posts of a thread of n posts.
type Numbering string

// The numbering styles. The empty Numbering means NumberingNone.
const (
	NumberingNone   Numbering = "none"   // no label
	NumberingSuffix Numbering = "suffix" // "text 2/5": a space and i/n after the text
	NumberingPrefix Numbering = "prefix" // "2/5 text": i/n and a space before the text
)

// Options adjust [thread]. The zero value splits without numbering.
type Options struct {
	// Numbering labels every post of a thread of two or more posts; the label is part of
	// the post and counts in its length. A text that comes back as one post is never
	// labelled ("1/1" says nothing, and a labelled post would not split back to itself).
	Numbering Numbering
}

// Post is one post of a split thread: its text and its length measured by the
// limit's counter (the numbering label included).
type Post struct {
	Text   string `json:"text"`
	Length int    `json:"length"`
}

// Answer is the whole answer of a split, the shape every face (Go, the CLI's
// --format json, WASM) returns, so that they agree byte for byte: write it with
// [Answer.AppendJSON].
type Answer struct {
	Posts   []Post `json:"posts"`
	Cap     int    `json:"cap"`
	Counter string `json:"counter"`
}

// Split splits text as [thread] does and returns the answer with the limit it was
// split against, ready for [Answer.AppendJSON].
func Split(text string, lim rules.Limit, opts Options) (Answer, error) {
	posts, err := thread(text, lim, opts)
	if err != nil {
		return Answer{}, err
	}
	return Answer{Posts: posts, Cap: lim.Cap, Counter: lim.Counter.Name()}, nil
}

// AppendJSON appends a's JSON, {"posts":[{"text":...,"length":N}],"cap":N,"counter":...},
// to b. It is the one place that JSON is written, so the CLI and WASM cannot drift apart:
// strings are escaped as encoding/json does with SetEscapeHTML(false) (", \, control
// characters, U+2028 and U+2029), and there is no trailing newline. (rules stays free of
// encoding/json; a test compares the two.)
func (a Answer) AppendJSON(b []byte) []byte {
	b = append(b, `{"posts":[`...)
	for i, p := range a.Posts {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"text":`...)
		b = strictjson.AppendString(b, p.Text)
		b = append(b, `,"length":`...)
		b = strconv.AppendInt(b, int64(p.Length), 10)
		b = append(b, '}')
	}
	b = append(b, `],"cap":`...)
	b = strconv.AppendInt(b, int64(a.Cap), 10)
	b = append(b, `,"counter":`...)
	b = strictjson.AppendString(b, a.Counter)
	return append(b, '}')
}

// thread turns text into the posts of a thread, each of which fits lim (measured by
// lim.Counter, as [rules.Limits.CheckPost] measures them), split where a reader would:
//
//   - four line breaks in a row (three empty lines) always end a post and are dropped;
//   - otherwise at the last paragraph break (an empty line) in reach, else at the last
//     sentence end, else at the last clause mark (, ; : — – and 、 ， ； ： and the
//     Arabic ، ؛), else between words, and only as a last resort between two grapheme
//     clusters (a word longer than the post, or text without spaces such as Japanese,
//     which also splits after 。 ！ ？ 、 ， ； ：);
//   - never inside a grapheme cluster, and never inside a URL, @mention, #hashtag or
//     $cashtag unless it alone is longer than the cap;
//   - balanced: no post but the last is shorter than a third of the cap unless a paragraph
//     or explicit break (or a URL, mention or tag that must not be cut) ends it, and the
//     thread has at most one post more than filling each post greedily word by word.
//
// Every post is trimmed of surrounding white space and none is empty. A text that fits
// and has no explicit break comes back as one post, unnumbered. Numbering (see
// [Options]) counts in each post's length.
//
// Errors are *[apierror.Error] values with the codes `validate length` reports: invalid_utf8 (with
// Offset) and, from the x-weighted counter, invalid_character; invalid_value for a cap
// below 1, a nil counter or an unknown numbering; no_content for a text that is empty or
// white space only; post_too_long when one grapheme cluster alone (with its label) is
// over the cap, so that no split can fit; body_too_large for a text over 2 GiB or longer
// than [MaxPosts] full posts ([Bound], checked first).
//
// Cost: O(len(text)) plus a few measurements of each post by lim.Counter (see
// docs/split.md for the benchmark against measuring the text once).
func thread(text string, lim rules.Limit, opts Options) ([]Post, error) {
	if lim.Counter == nil {
		return nil, apierror.New(apierror.CodeInvalidValue, "", "the limit has no counter")
	}
	if lim.Cap < 1 {
		return nil, apierror.New(apierror.CodeInvalidValue, "", "the cap must be at least 1, not "+strconv.Itoa(lim.Cap))
	}
	switch opts.Numbering {
	case "", NumberingNone, NumberingSuffix, NumberingPrefix:
	default:
		return nil, apierror.New(apierror.CodeInvalidValue, "", "numbering must be none, suffix or prefix, not "+strictjson.Quote(string(opts.Numbering)))
	}
	if len(text) > math.MaxInt32 {
		return nil, apierror.New(apierror.CodeBodyTooLarge, "", "a text over 2 GiB is not split")
	}
	if err := Bound(text, lim); err != nil {
		return nil, err
	}
	if bad := strictjson.FirstInvalidUTF8String(text); bad >= 0 {
		// Let the counter word the error, so that the answer is the one `validate length`
		// gives; it reads the text up to the bad byte only.
		end := bad + 1
		_, err := lim.Counter.Measure(text[:end], lim.Cap)
		if e := apierror.As(err); e != nil && e.Code == apierror.CodeInvalidUTF8 {
			return nil, e
		}
		e := apierror.New(apierror.CodeInvalidUTF8, "", "text is not valid UTF-8: byte 0x"+
			strconv.FormatUint(uint64(text[bad]), 16)+" at offset "+strconv.Itoa(bad))
		e.Offset = bad
		return nil, e
	}
	sp := newSplitter(text, lim)
	if sp.cs >= sp.ce {
		return nil, apierror.New(apierror.CodeNoContent, "", "the text is empty or only white space")
	}
	body := text[sp.cs:sp.ce]
	m, err := lim.Counter.Measure(body, lim.Cap)
	if err != nil {
		return nil, err
	}
	if m.Fits() && !sp.hasExplicit {
		return []Post{{Text: body, Length: m.Length}}, nil
	}
	numbered := opts.Numbering == NumberingSuffix || opts.Numbering == NumberingPrefix
	sp.prefix = opts.Numbering == NumberingPrefix
	// The label "i/n" is as wide as n is; posts are split with room for the widest label
	// of digits(n) digits. Termination: digits only grows (the loop reruns only when the
	// thread has more digits than reserved, and then reserves exactly those), and it can
	// never exceed the digits of len(text), since every post holds at least one byte of
	// the text. So there are at most digits(len(text)) passes; in practice one or two
	// (digits starts at those of a lower bound of the count, so it is reached at once
	// unless the count crosses a power of ten above the bound).
	digits := 1
	if numbered && lim.Cap > 4 {
		// Start from a lower bound of the count, so that a long text takes one pass, not
		// two: no post holds more than the cap less a label (" 9/9" at the least).
		if !m.Exact { // the counter stopped early: one full count costs less than a pass
			if full, err := lim.Counter.Measure(body, len(body)); err == nil {
				m = full
			}
		}
		if n0 := m.Length / (lim.Cap - 4); n0 >= 10 {
			digits = len(strconv.Itoa(n0))
		}
	}
	for {
		var ends []splitSpan
		if numbered {
			ends, err = sp.split(digits)
		} else {
			ends, err = sp.split(0)
		}
		if err != nil {
			return nil, err
		}
		if numbered && len(ends) > 1 && len(strconv.Itoa(len(ends))) > digits {
			digits = len(strconv.Itoa(len(ends)))
			continue
		}
		return sp.posts(ends, numbered && len(ends) > 1)
	}
}

// MaxPosts bounds the work of a split: a text longer than MaxPosts full posts
// (MaxPosts * cap units of the limit's counter) is refused with body_too_large
// instead of being split. No platform documents how long a thread may be (X and Bluesky
// take one post per call, and a thread is as long as the client keeps replying); 100 is
// this project's bound, as 100 is its default bound on a request's targets, and a
// thread of 100 posts is already more than a reader follows.
const MaxPosts = 100

// Bound is the first check of [thread]: nil, or the body_too_large *[apierror.Error] of
// a text longer than [MaxPosts] full posts of lim, with Offset at the byte where
// unit MaxPosts*cap+1 begins. It measures with lim.Counter, which stops early, so it
// costs O(MaxPosts * cap) whatever the text's length, and a text over the bound has
// every longer text that starts with it over the bound too: a caller holding a huge text
// can ask it of a prefix. Its message names no length for the same reason. An error of
// the counter (invalid UTF-8) is left to thread's own checks: Bound returns nil.
func Bound(text string, lim rules.Limit) error {
	if lim.Counter == nil || lim.Cap < 1 || lim.Cap > math.MaxInt32/MaxPosts {
		return nil
	}
	bound := MaxPosts * lim.Cap
	m, err := lim.Counter.Measure(text, bound)
	if err != nil || m.Fits() {
		return nil
	}
	e := apierror.New(apierror.CodeBodyTooLarge, "", "the text is longer than "+strconv.Itoa(MaxPosts)+" posts of "+
		strconv.Itoa(lim.Cap)+" "+rules.UnitName(lim.Counter.Name())+" ("+strconv.Itoa(bound)+"): it is not split; the text from byte "+
		strconv.Itoa(m.OverflowAt)+" is past that")
	e.Offset = m.OverflowAt
	return e
}

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

// labelFor is the label of post i of n, with its separating space.
func (sp *splitter) labelFor(i, n string) string {
	if sp.prefix {
		return i + "/" + n + " "
	}
	return " " + i + "/" + n
}

// compose is the post holding t and label.
func (sp *splitter) compose(t, label string) string {
	if label == "" {
		return t
	}
	if sp.prefix {
		return label + t
	}
	return t + label
}

// units measures s with the limit's counter, without a cap that matters.
func (sp *splitter) units(s string) (int, error) {
	m, err := sp.lim.Counter.Measure(s, len(s)*2+64)
	return m.Length, err
}

// split splits the text for labels of digits digits (0: no numbering) and returns each
// post's span of the text. It runs the greedy word-level split first: the balanced
// split may not fall behind it by more than one post (see run).
func (sp *splitter) split(digits int) ([]splitSpan, error) {
	sp.label = ""
	sp.capC = sp.lim.Cap
	minLabel, w := 0, 0
	if digits > 0 {
		nines := ""
		for k := 0; k < digits; k++ {
			nines += "9"
		}
		sp.label = sp.labelFor(nines, nines)
		var err error
		if w, err = sp.units(sp.label); err != nil {
			return nil, err
		}
		if minLabel, err = sp.units(sp.labelFor("1", nines)); err != nil {
			return nil, err
		}
		sp.capC = sp.lim.Cap - w
		if sp.capC < 1 {
			return nil, apierror.New(apierror.CodeInvalidValue, "", "the cap "+strconv.Itoa(sp.lim.Cap)+
				" leaves no room for a post once it holds the label "+strictjson.Quote(sp.label))
		}
	}
	sp.need = (sp.lim.Cap+2)/3 - minLabel
	sp.labelSlack = w - minLabel
	sp.window = 4*sp.capC + 64
	sp.lastFit = splitSpan{-1, -1}
	greedy, err := sp.run(nil)
	if err != nil {
		return nil, err
	}
	return sp.run(greedy)
}

// run is one pass over the text. With greedy == nil it is the greedy word-level split:
// each post ends at the last white space (or explicit break) in reach, or, when there is
// none, at the last grapheme boundary in reach. Otherwise it is the balanced split: each
// post ends at the best break in reach that does not fall behind greedy (post k must
// end no earlier than greedy's post k-1 ended).
//
// Why that bounds the count: greedy from a later start never needs more posts than from
// an earlier one (each of its posts ends at least as far: its reach is at least as far
// and its candidates are the same breaks). If our post k ends at or after greedy's post
// k-1, greedy could finish from there in at most g-(k-1) posts, so if we are not done
// after post m-1, greedy was not done after its post m-2, that is m-1 <= g: m <= g+1.
// Post k can always end that far: its reach covers greedy's end k-1 (a part of a text
// that fits fits) and that end is a valid break.
func (sp *splitter) run(greedy []splitSpan) ([]splitSpan, error) {
	var out []splitSpan
	sp.lengths = sp.lengths[:0]
	sp.recording, sp.mi = greedy == nil, 0
	if sp.recording {
		sp.memo = sp.memo[:0]
	}
	s := sp.cs
	bi := 0 // first break that may end the current post
	ei := 0 // first explicit break at or after bi
	for s < sp.ce {
		for bi < len(sp.breaks) && sp.breaks[bi].end() <= s {
			bi++
		}
		if ei < bi {
			ei = bi
		}
		for ei < len(sp.breaks) && sp.breaks[ei].class != breakExplicit {
			ei++
		}
		// The post cannot cross the next explicit break.
		limit, li := sp.ce, -1
		if ei < len(sp.breaks) {
			limit, li = sp.breaks[ei].end(), ei
		}
		lo := s + 1
		if greedy != nil {
			k := len(out) // index of this post; greedy's post k-1 is greedy[k-1]
			switch {
			case k == 0:
			case k-1 < len(greedy):
				lo = greedy[k-1].end
			default:
				lo = sp.ce
			}
		}
		E, all, err := sp.reach(s, limit)
		if err != nil {
			return nil, err
		}
		if lo > E || lo <= s {
			lo = s + 1 // the counter is not monotone here (an x-weighted URL); do the best
		}
		// Only the balanced pass verifies its posts: greedy's ends are only bounds, and
		// the balanced pass's measure is the post's length when there is no label.
		verify := greedy != nil
		var b, next, length int
		if all {
			b, next = limit, sp.ce
			if li >= 0 {
				next = sp.breaks[li].next()
			}
			if verify {
				ok, n, err := sp.fits(s, b)
				if err != nil {
					return nil, err
				}
				length = n
				if !ok {
					all = false
					E = b - 1
					for E > s && !utf8.RuneStart(sp.text[E]) {
						E--
					}
				}
			}
		}
		for !all {
			if !verify {
				b, next, err = sp.chooseGreedy(s, E, bi)
				if err != nil {
					return nil, err
				}
				break
			}
			var ok bool
			var n int
			b, next, n, ok, err = sp.chooseBalanced(s, E, lo, bi)
			if err != nil {
				return nil, err
			}
			if ok {
				length = n
				break
			}
			// The post measured alone is longer than its part of the reach measured
			// (a context-sensitive counter); end it earlier.
			E = b - 1
			for E > s && !utf8.RuneStart(sp.text[E]) {
				E--
			}
		}
		if verify {
			sp.lengths = append(sp.lengths, length)
		}
		out = append(out, splitSpan{s, b})
		s = next
		for s < sp.ce {
			r, size := utf8.DecodeRuneInString(sp.text[s:])
			if !sp.isSplitSpace(s, r, size) {
				break
			}
			s += size
		}
	}
	if greedy != nil {
		return sp.rebalance(out)
	}
	return out, nil
}

// rebalance moves the break between the last two posts earlier when the last post is
// shorter than a third of the cap, so that a thread does not end on a two-word post:
// among the breaks that leave both posts fitting and the first at least a third of the
// cap, it takes one of the best class, the nearest to the middle. The count does not
// change. A paragraph or explicit break before the last post stays where it is.
func (sp *splitter) rebalance(out []splitSpan) ([]splitSpan, error) {
	n := len(out)
	if n < 2 {
		return out, nil
	}
	a, z := out[n-2], out[n-1]
	if 3*sp.lengths[n-1] >= sp.lim.Cap {
		return out, nil
	}
	// The breaks strictly inside the second to last post, in order.
	i0 := sort.Search(len(sp.breaks), func(k int) bool { return sp.breaks[k].end() > a.start })
	i1 := i0
	for i1 < len(sp.breaks) && sp.breaks[i1].end() < a.end {
		i1++
	}
	for k := i1; k < len(sp.breaks) && sp.breaks[k].end() <= a.end; k++ {
		if sp.breaks[k].end() == a.end && sp.breaks[k].class >= breakParagraph {
			return out, nil
		}
	}
	if i1 == i0 {
		return out, nil
	}
	cands := sp.breaks[i0:i1]
	// Later breaks leave a shorter last post: find the first that lets it fit, and the
	// first that keeps the post before it a third of the cap.
	var ferr error
	lo := sort.Search(len(cands), func(k int) bool {
		ok, _, err := sp.fits(cands[k].next(), z.end)
		if err != nil {
			ferr = err
		}
		return ok
	})
	if ferr != nil {
		return out, ferr
	}
	if lo == len(cands) {
		return out, nil
	}
	need := sp.need
	lo2 := sort.Search(len(cands), func(k int) bool {
		u, err := sp.units(sp.text[a.start:cands[k].end()])
		if err != nil {
			ferr = err
		}
		return u >= need
	})
	if ferr != nil {
		return out, ferr
	}
	if lo2 > lo {
		lo = lo2
	}
	if lo == len(cands) {
		return out, nil
	}
	best := -1
	mid := (a.start + z.end) / 2
	for k := lo; k < len(cands); k++ {
		c := cands[k]
		if c.class >= breakParagraph {
			continue // cannot be inside a post: a paragraph break would have been taken
		}
		if best < 0 || c.class > cands[best].class ||
			c.class == cands[best].class && absInt(c.end()-mid) < absInt(cands[best].end()-mid) {
			best = k
		}
	}
	if best < 0 {
		return out, nil
	}
	c := cands[best]
	ok1, n1, err := sp.fits(a.start, c.end())
	if err != nil || !ok1 {
		return out, err
	}
	ok2, n2, err := sp.fits(c.next(), z.end)
	if err != nil || !ok2 {
		return out, err
	}
	out[n-2] = splitSpan{a.start, c.end()}
	out[n-1] = splitSpan{c.next(), z.end}
	sp.lengths[n-2], sp.lengths[n-1] = n1, n2
	return out, nil
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// fits reports whether the post text[s:b] with the widest label fits the cap, and its
// length.
func (sp *splitter) fits(s, b int) (bool, int, error) {
	m, err := sp.lim.Counter.Measure(sp.compose(sp.text[s:b], sp.label), sp.lim.Cap)
	if err != nil {
		return false, 0, err
	}
	return m.Fits(), m.Length, nil
}

// reach returns how far a post starting at s can go before limit: the byte offset where
// the first unit past the room for text begins (all is false), or limit when everything
// up to it fits (all is true). It measures a window of the text that doubles while it
// fits, so that a counter without an early exit still costs O(post), not O(text).
func (sp *splitter) reach(s, limit int) (int, bool, error) {
	if sp.lastFit.start == s && sp.lastFit.end == limit {
		return sp.lastFitE, sp.lastFitE == limit, nil
	}
	if m, ok := sp.memoAt(s); ok && m.limit == limit {
		return m.E, m.E == limit, nil
	}
	w := sp.window
	for {
		e := limit
		if w < limit-s {
			e = s + w
			for e > s && !utf8.RuneStart(sp.text[e]) {
				e--
			}
		}
		m, err := sp.lim.Counter.Measure(sp.text[s:e], sp.capC)
		if err != nil {
			return 0, false, err
		}
		if !m.Fits() {
			E := s + m.OverflowAt
			for E > s && E < len(sp.text) && !utf8.RuneStart(sp.text[E]) {
				E--
			}
			sp.remember(s, limit, E)
			return E, false, nil
		}
		if e == limit {
			sp.remember(s, limit, limit)
			return limit, true, nil
		}
		w *= 2
	}
}

func (sp *splitter) remember(s, limit, E int) {
	sp.lastFit, sp.lastFitE = splitSpan{s, limit}, E
	if sp.recording && (len(sp.memo) == 0 || sp.memo[len(sp.memo)-1].s < s) {
		sp.memo = append(sp.memo, reachMemo{s, limit, E})
	}
	// Start the next post's window a little past this post's reach.
	if d := E - s; d > 0 {
		sp.window = d + d/4 + 64
	}
}

// chooseGreedy ends the greedy pass's post starting at s at the last break in its reach
// E (the text up to E fits), or, with none, at the last cluster boundary; bi is the first
// break after s. It returns the end of the post and the start of the next.
func (sp *splitter) chooseGreedy(s, E, bi int) (int, int, error) {
	last := -1
	for k := bi; k < len(sp.breaks) && sp.breaks[k].end() <= E; k++ {
		if sp.breaks[k].end() > s {
			last = k
		}
	}
	if last >= 0 {
		return sp.breaks[last].end(), sp.breaks[last].next(), nil
	}
	return sp.cutAt(s, E)
}

// chooseBalanced picks where the post starting at s ends in the balanced pass and
// measures it: the best break by class (paragraph, sentence, clause, word) in reach that
// ends no earlier than lo and, but for a paragraph break, makes a post of at least a third
// of the cap; else the last white space if the word after it fits a post alone; else a
// cut. The measure that checks the third is the post's own, which the
// post needs anyway, so choosing costs no extra measurement in the usual case. fit is
// false when the chosen post turns out longer than its reach said (a context-sensitive
// counter): the caller then tries again with a shorter reach.
func (sp *splitter) chooseBalanced(s, E, lo, bi int) (b, next, length int, fit bool, err error) {
	var last [breakExplicit + 1]int // the last break of class >= c in (s, E], by index+1
	for k := bi; k < len(sp.breaks) && sp.breaks[k].end() <= E; k++ {
		if sp.breaks[k].end() <= s {
			continue
		}
		for c := breakWord; c <= sp.breaks[k].class && c <= breakParagraph; c++ {
			last[c] = k + 1
		}
	}
	tried := 0
	for c := breakParagraph; c >= breakWord; c-- {
		k := last[c]
		if k == 0 || k == tried || sp.breaks[k-1].end() < lo {
			continue
		}
		tried = k
		br := sp.breaks[k-1]
		ok, n, err := sp.fits(s, br.end())
		if err != nil || !ok {
			return br.end(), br.next(), n, false, err
		}
		if c == breakParagraph || 3*(n-sp.labelSlack) >= sp.lim.Cap {
			return br.end(), br.next(), n, true, nil
		}
		// Too short: a later break of a lower class may be long enough.
	}
	// Every break in reach leaves a short post. A word is cut only when it is longer than a
	// post (the "only as a last resort inside a word"): if the word after the last
	// white space fits a post alone, end this post short at that white space instead.
	if k := last[breakWord]; k != 0 && sp.breaks[k-1].end() >= lo && sp.breaks[k-1].next() > sp.breaks[k-1].end() {
		br := sp.breaks[k-1]
		wordEnd := sp.ce
		if k < len(sp.breaks) {
			wordEnd = sp.breaks[k].end()
		}
		_, whole, err := sp.reach(br.next(), wordEnd)
		if err != nil {
			return 0, 0, 0, false, err
		}
		if whole {
			ok, n, err := sp.fits(s, br.end())
			return br.end(), br.next(), n, ok, err
		}
	}
	b, next, err = sp.cutAt(s, E)
	if err != nil {
		return 0, 0, 0, false, err
	}
	ok, n, err := sp.fits(s, b)
	return b, next, n, ok, err
}

// cutAt ends a post that has no usable break in reach at the last grapheme boundary at or
// before E that is not inside a protected span (unless the span begins the post: it is
// longer than a post and must be cut). One cluster alone over the cap is post_too_long.
func (sp *splitter) cutAt(s, E int) (int, int, error) {
	c := sp.clusterStart(s, E)
	if k := sp.spanAt(c); k >= 0 && sp.spans[k].start > s {
		// Keep the span whole for the next post, unless it is too long for any post and
		// must be cut anyway: then it may as well fill this one.
		_, whole, err := sp.reach(sp.spans[k].start, sp.spans[k].end)
		if err != nil {
			return 0, 0, err
		}
		if whole {
			c = sp.spans[k].start
		}
	}
	if c <= s {
		// Not even one cluster (with the label) fits: take the first cluster if a prefix
		// of clusters fits after all (the reach may be short on a context-sensitive
		// counter), else report it.
		if one := s + sp.clusterLen(s); one > s {
			if ok, _, err := sp.fits(s, one); err == nil && ok {
				return one, one, nil
			}
		}
		e := apierror.New(apierror.CodePostTooLong, "", "the text at byte "+strconv.Itoa(s)+" cannot be split to fit the cap "+
			strconv.Itoa(sp.lim.Cap)+": one grapheme cluster of it is longer")
		e.Offset = s
		return 0, 0, e
	}
	// Trailing white space inside a cut (possible only next to marks) is trimmed.
	b := c
	for b > s {
		r, size := utf8.DecodeLastRuneInString(sp.text[s:b])
		if !sp.isSplitSpace(b-size, r, size) {
			break
		}
		b -= size
	}
	if b == s {
		b = c
	}
	return b, c, nil
}

// clusterLen is the byte length of the grapheme cluster starting at s.
func (sp *splitter) clusterLen(s int) int {
	m, _ := rules.GraphemeCounter().Measure(sp.text[s:], 1)
	if m.OverflowAt < 0 {
		return len(sp.text) - s
	}
	return m.OverflowAt
}

// clusterStart is the last grapheme cluster boundary at or before E, counting clusters
// from s (a boundary). It asks the grapheme counter, so it follows whatever Unicode
// version the counter implements.
func (sp *splitter) clusterStart(s, E int) int {
	if E >= len(sp.text) {
		return len(sp.text)
	}
	if E <= s {
		return s
	}
	k := rules.CountGraphemes(sp.text[s:E])
	_, size := utf8.DecodeRuneInString(sp.text[E:])
	m, _ := rules.GraphemeCounter().Measure(sp.text[s:E+size], k)
	if m.OverflowAt == E-s {
		return E // a cluster begins at E
	}
	m, _ = rules.GraphemeCounter().Measure(sp.text[s:E], k-1)
	if m.OverflowAt < 0 {
		return s
	}
	return s + m.OverflowAt
}

// spanAt returns the index of the protected span strictly containing byte c, or -1.
func (sp *splitter) spanAt(c int) int {
	lo, hi := 0, len(sp.spans)
	for lo < hi {
		mid := (lo + hi) / 2
		if sp.spans[mid].end <= c {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < len(sp.spans) && sp.spans[lo].start < c && c < sp.spans[lo].end {
		return lo
	}
	return -1
}

// posts labels and measures the posts of spans: unlabelled, the balanced pass measured
// them already.
func (sp *splitter) posts(spans []splitSpan, numbered bool) ([]Post, error) {
	out := make([]Post, len(spans))
	n := strconv.Itoa(len(spans))
	for i, s := range spans {
		t := sp.text[s.start:s.end]
		if !numbered && sp.label == "" && len(sp.lengths) == len(spans) {
			out[i] = Post{Text: t, Length: sp.lengths[i]}
			continue
		}
		if numbered {
			t = sp.compose(t, sp.labelFor(strconv.Itoa(i+1), n))
		}
		m, err := sp.lim.Counter.Measure(t, sp.lim.Cap)
		if err != nil {
			return nil, err
		}
		if !m.Fits() {
			// Cannot happen with a counter for which a narrower label never makes a post
			// longer; refuse rather than return a post that does not fit.
			e := apierror.New(apierror.CodeInternal, "", "post "+strconv.Itoa(i+1)+" of the split does not fit its cap")
			return nil, e
		}
		out[i] = Post{Text: t, Length: m.Length}
	}
	return out, nil
}

func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}
