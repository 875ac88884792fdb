// Package entity finds the URLs, #hashtags, @mentions and $cashtags of a text, the one
// recogniser that the counters (links, hashtags, mentions, cashtags), their rules and the
// thread splitter share, so that what one counts is what the other keeps whole.
//
// It follows twitter-text 3.1.0's extractEntitiesWithIndices (js/src/
// extractEntitiesWithIndices.js): each kind is found as its own extractor finds it, and
// where two overlap the one that starts first is kept (removeOverlappingEntities.js).
// URLs are package urls' (twitter-text's extractUrlsWithIndices). The tags, in short:
//
//   - A hashtag (regexp/validHashtag.js, extractHashtagsWithIndices.js): '#' or '＃' after
//     the start of the text, U+FE0E, U+FE0F or a character that is not a hashtag
//     character or '&'; not followed by U+FE0F or U+20E3 (a keycap); then a run of
//     hashtag characters (letters, marks, decimal digits and _ ZWNJ ZWJ ꙾ ־ ׳ ״ ～ 〜 ゛ ゜
//     ゠ ・ 〃 ་ ༌ ·) holding at least one letter or mark; not followed by '#', '＃' or
//     "://".
//   - A mention (regexp/validMentionOrList.js, extractMentionsOrListsWithIndices.js): '@'
//     or '＠' after the start, a character that is not an ASCII letter or digit or one of
//     _!#$%&*@＠, or "RT"/"rt" (any case, optionally ':') at the start or after a character
//     that is not an ASCII letter or digit or one of _+~.-; then 1 to 20 of [A-Za-z0-9_]
//     and an optional list "/" [A-Za-z][A-Za-z0-9_-]{0,24}; not followed by '@', '＠', a
//     Latin accented letter or "://".
//   - A cashtag (regexp/validCashtag.js): '$' at the start or after white space, 1 to 6
//     ASCII letters, optionally '.' or '_' and 1 or 2 more, followed by the end, white
//     space or punctuation.
//
// Letters, marks and digits are Go's unicode tables (Unicode 15); twitter-text's own
// tables are older, so a letter assigned since can differ. Offsets are bytes. A scan is
// linear in the text and allocates nothing.
package entity

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/postrules/postrules/rules/internal/urls"
)

// Kind is what an entity is.
type Kind uint8

// The kinds of entity.
const (
	URL Kind = iota + 1
	Hashtag
	Mention // a mention or a list (@user/list)
	Cashtag
)

// Entity is one entity: text[Start:End], Start at its mark ('#', '@', '$') or the
// URL's first character.
type Entity struct {
	Kind       Kind
	Start, End int
}

// Scanner yields the entities of a text in order, none overlapping. The zero value is
// not ready: call Init.
type Scanner struct {
	text string
	urls urls.Scanner
	// The next candidate of each extractor (ok false when it has none left), and where
	// each extractor's regular expression resumes (its lastIndex).
	heads  [4]Entity
	have   [4]bool
	resume [4]int
	kept   int // the end of the last entity yielded
}

// Init readies s to scan text.
func (s *Scanner) Init(text string) {
	*s = Scanner{text: text}
	s.urls.Init(text)
	for k := range s.heads {
		s.advance(k)
	}
}

// Marks says which of the characters that begin an entity a text holds, for InitMarks.
type Marks uint8

// The marks: a URL holds a '.' (extractUrlsWithIndices returns nothing for a text
// without one), a mention begins with '@' or '＠', a hashtag with '#' or '＃', a
// cashtag with '$'.
const (
	MarkDot Marks = 1 << iota
	MarkAt
	MarkHash
	MarkDollar
)

// InitMarks is Init for a text that holds none of the marks missing from marks (the
// caller has looked): an extractor whose mark the text lacks would read the whole text to
// find no candidate, so it is not run, and the scan yields what Init's would.
func (s *Scanner) InitMarks(text string, marks Marks) {
	*s = Scanner{text: text}
	if marks&MarkDot != 0 {
		s.urls.Init(text)
	}
	for k, mark := range [...]Marks{xURL: MarkDot, xMention: MarkAt, xHashtag: MarkHash, xCashtag: MarkDollar} {
		if marks&mark != 0 {
			s.advance(k)
		} else {
			// What advance leaves when the extractor finds nothing (the URL scanner is
			// never asked again, so it need not be set up).
			s.resume[k] = len(text)
		}
	}
}

// extractor indices in heads: twitter-text concatenates urls, mentions, hashtags and
// cashtags before its stable sort, so that order breaks ties (none occur: the marks
// differ).
const (
	xURL = iota
	xMention
	xHashtag
	xCashtag
)

// Next returns the next entity, or false at the end.
func (s *Scanner) Next() (Entity, bool) {
	for {
		best := -1
		for k := range s.heads {
			if s.have[k] && (best < 0 || s.heads[k].Start < s.heads[best].Start) {
				best = k
			}
		}
		if best < 0 {
			return Entity{}, false
		}
		e := s.heads[best]
		s.advance(best)
		if e.Start < s.kept {
			continue // overlaps the entity kept before it
		}
		s.kept = e.End
		return e, true
	}
}

// advance finds extractor k's next candidate.
func (s *Scanner) advance(k int) {
	var e Entity
	ok := false
	switch k {
	case xURL:
		var u urls.Entity
		if u, ok = s.urls.Next(); ok {
			// extractUrlsWithIndices reports [Start, Stop]; a protocol-less URL with a path
			// may reach past End (see urls.Entity).
			e = Entity{Kind: URL, Start: u.Start, End: max(u.Stop, u.End)}
		}
	case xMention:
		e, ok = s.nextMention()
	case xHashtag:
		e, ok = s.nextHashtag()
	case xCashtag:
		e, ok = s.nextCashtag()
	}
	s.heads[k], s.have[k] = e, ok
}

// nextHashtag is validHashtag's next accepted match from its lastIndex.
func (s *Scanner) nextHashtag() (Entity, bool) {
	t := s.text
	for i := s.resume[xHashtag]; i < len(t); {
		j := indexHash(t, i)
		if j < 0 {
			break
		}
		end, ok := hashtagAt(t, j, s.resume[xHashtag])
		if !ok {
			i = j + 1
			continue
		}
		s.resume[xHashtag] = max(end.match, j+1)
		if end.accepted {
			return Entity{Kind: Hashtag, Start: j, End: end.match}, true
		}
		i = s.resume[xHashtag]
	}
	s.resume[xHashtag] = len(t)
	return Entity{}, false
}

// indexHash is the next '#' or '＃' (EF BC 83) at or after i, or -1.
func indexHash(t string, i int) int {
	for ; i < len(t); i++ {
		switch t[i] {
		case '#':
			return i
		case 0xEF:
			if strings.HasPrefix(t[i:], "＃") {
				return i
			}
		}
	}
	return -1
}

// tagEnd is where a tag's match ends (the regular expression's lastIndex) and whether the
// extractor keeps it (the look-after check passed).
type tagEnd struct {
	match    int
	accepted bool
}

// hashtagAt reports whether validHashtag matches with its hash sign at t[i], the
// character before it being available from byte from on (an earlier match consumed what
// lies before from), and where the match ends.
func hashtagAt(t string, i, from int) (tagEnd, bool) {
	// hashtagBoundary: ^, U+FE0E, U+FE0F, or a character that is neither a hashtag
	// character nor '&'.
	if i > 0 {
		r, size := utf8.DecodeLastRuneInString(t[:i])
		if i-size < from || (r != 0xFE0E && r != 0xFE0F && (r == '&' || hashtagChar(r))) {
			return tagEnd{}, false
		}
	} else if from > 0 {
		return tagEnd{}, false
	}
	_, size := utf8.DecodeRuneInString(t[i:])
	j := i + size
	if r, _ := utf8.DecodeRuneInString(t[j:]); j < len(t) && (r == 0xFE0F || r == 0x20E3) {
		return tagEnd{}, false
	}
	alpha := false
	for j < len(t) {
		r, size := utf8.DecodeRuneInString(t[j:])
		if !hashtagChar(r) {
			break
		}
		alpha = alpha || unicode.IsLetter(r) || unicode.Is(unicode.M, r)
		j += size
	}
	if !alpha {
		return tagEnd{}, false
	}
	// endHashtagMatch: a hash sign or "://" right after rejects the match.
	rest := t[j:]
	reject := strings.HasPrefix(rest, "#") || strings.HasPrefix(rest, "＃") || strings.HasPrefix(rest, "://")
	return tagEnd{match: j, accepted: !reject}, true
}

// hashtagChar is hashtagAlphaNumeric: a letter, a mark, a decimal digit or one of
// hashtagSpecialChars.
func hashtagChar(r rune) bool {
	if r < utf8.RuneSelf {
		return r == '_' || '0' <= r && r <= '9' || 'a' <= r|0x20 && r|0x20 <= 'z'
	}
	switch r {
	case 0x200C, 0x200D, 0xA67E, 0x05BE, 0x05F3, 0x05F4, 0xFF5E, 0x301C, 0x309B, 0x309C, 0x30A0, 0x30FB, 0x3003, 0x0F0B, 0x0F0C, 0xB7:
		return true
	}
	return unicode.IsLetter(r) || unicode.Is(unicode.M, r) || unicode.Is(unicode.Nd, r)
}

// nextMention is validMentionOrList's next accepted match from its lastIndex.
func (s *Scanner) nextMention() (Entity, bool) {
	t := s.text
	for i := s.resume[xMention]; i < len(t); {
		j := indexAt(t, i)
		if j < 0 {
			break
		}
		end, ok := mentionAt(t, j, s.resume[xMention])
		if !ok {
			i = j + 1
			continue
		}
		s.resume[xMention] = end.match
		if end.accepted {
			return Entity{Kind: Mention, Start: j, End: end.match}, true
		}
		i = end.match
	}
	s.resume[xMention] = len(t)
	return Entity{}, false
}

// indexAt is the next '@' or '＠' (EF BC A0) at or after i, or -1.
func indexAt(t string, i int) int {
	for ; i < len(t); i++ {
		switch t[i] {
		case '@':
			return i
		case 0xEF:
			if strings.HasPrefix(t[i:], "＠") {
				return i
			}
		}
	}
	return -1
}

// mentionAt reports whether validMentionOrList matches with its at sign at t[i], what
// precedes it being available from byte from on, and where the match ends.
func mentionAt(t string, i, from int) (tagEnd, bool) {
	if !mentionPreceded(t, i, from) {
		return tagEnd{}, false
	}
	_, size := utf8.DecodeRuneInString(t[i:])
	j := i + size
	n := 0
	for j+n < len(t) && n < 20 && mentionByte(t[j+n]) {
		n++
	}
	if n == 0 {
		return tagEnd{}, false
	}
	j += n
	// The optional list: "/" then a letter and up to 24 of [A-Za-z0-9_-].
	if j+1 < len(t) && t[j] == '/' && isASCIILetter(t[j+1]) {
		k := 2
		for j+k < len(t) && k < 26 && (mentionByte(t[j+k]) || t[j+k] == '-') {
			k++
		}
		j += k
	}
	// endMentionMatch: an at sign, a Latin accented letter or "://" right after.
	rest := t[j:]
	reject := strings.HasPrefix(rest, "@") || strings.HasPrefix(rest, "＠") || strings.HasPrefix(rest, "://")
	if !reject && j < len(t) && t[j] >= utf8.RuneSelf {
		r, _ := utf8.DecodeRuneInString(rest)
		reject = latinAccent(r)
	}
	return tagEnd{match: j, accepted: !reject}, true
}

// mentionPreceded is validMentionPrecedingChars at the at sign t[i]: the start, a
// character that is not [a-zA-Z0-9_!#$%&*@＠], or RT (any case, optional ':') at the start
// or after a character that is not [a-zA-Z0-9_+~.-]; all of it at or after from.
func mentionPreceded(t string, i, from int) bool {
	if i == 0 {
		return from == 0
	}
	r, size := utf8.DecodeLastRuneInString(t[:i])
	if i-size >= from && !(r < utf8.RuneSelf && (mentionByte(byte(r)) || strings.IndexByte("!#$%&*@", byte(r)) >= 0)) && r != '＠' {
		return true
	}
	// "RT" or "RT:" before the at sign.
	k := i
	if t[k-1] == ':' {
		k--
	}
	if k < 2 || t[k-2]|0x20 != 'r' || t[k-1]|0x20 != 't' {
		return false
	}
	k -= 2
	if k == 0 {
		return from == 0
	}
	c := t[k-1]
	if k-1 < from {
		return false
	}
	return !(mentionByte(c) || c == '+' || c == '~' || c == '.' || c == '-')
}

func mentionByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'z'
}

func isASCIILetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// latinAccent is latinAccentChars (regexp/latinAccentChars.js).
func latinAccent(r rune) bool {
	switch {
	case 0xC0 <= r && r <= 0xD6, 0xD8 <= r && r <= 0xF6, 0xF8 <= r && r <= 0x24F, 0x300 <= r && r <= 0x36F, 0x1E00 <= r && r <= 0x1EFF:
		return true
	}
	switch r {
	case 0x253, 0x254, 0x256, 0x257, 0x259, 0x25B, 0x263, 0x268, 0x26F, 0x272, 0x289, 0x28B, 0x2BB:
		return true
	}
	return false
}

// nextCashtag is validCashtag's next match from its lastIndex.
func (s *Scanner) nextCashtag() (Entity, bool) {
	t := s.text
	for i := s.resume[xCashtag]; i < len(t); {
		j := strings.IndexByte(t[i:], '$')
		if j < 0 {
			break
		}
		j += i
		if end, ok := cashtagAt(t, j); ok {
			s.resume[xCashtag] = end
			return Entity{Kind: Cashtag, Start: j, End: end}, true
		}
		i = j + 1
	}
	s.resume[xCashtag] = len(t)
	return Entity{}, false
}

// cashtagAt reports whether a cashtag begins at the '$' at t[i], and where it ends:
//
//	(^|spaces)\$([a-z]{1,6}(?:[._][a-z]{1,2})?)(?=$|\s|punct)    case-insensitive
//
// so "$AAPL" and "$BRK.B" are cashtags, and none of "$5", "$GOOGLEX" (seven letters),
// "a$B" (no space before) or "$AB1" (a digit after) is. The space before is never part
// of an earlier cashtag (one ends before its look-ahead), so no lastIndex is needed.
func cashtagAt(t string, i int) (int, bool) {
	if i > 0 {
		if r, _ := utf8.DecodeLastRuneInString(t[:i]); !isTwitterSpace(r) {
			return 0, false
		}
	}
	end := cashtagEnd(t, i+1)
	return end, end >= 0
}

// cashtagEnd matches [a-z]{1,6}(?:[._][a-z]{1,2})? at t[j:] followed by what the
// look-ahead allows, and returns the end, or -1. A run of more than six letters matches
// nothing: every shorter match is followed by a letter.
func cashtagEnd(t string, j int) int {
	n := 0
	for j+n < len(t) && isASCIILetter(t[j+n]) {
		n++
	}
	if n == 0 || n > 6 {
		return -1
	}
	base := j + n
	if base+1 < len(t) && (t[base] == '.' || t[base] == '_') {
		k := 0
		for base+1+k < len(t) && isASCIILetter(t[base+1+k]) {
			k++
		}
		if k >= 1 && k <= 2 && cashtagFollowOK(t, base+1+k) {
			return base + 1 + k
		}
	}
	if cashtagFollowOK(t, base) {
		return base
	}
	return -1
}

// cashtagFollowOK is validCashtag's look-ahead at i: the end, white space (JavaScript's
// \s) or one of punct.js's characters.
func cashtagFollowOK(t string, i int) bool {
	if i >= len(t) {
		return true
	}
	if c := t[i]; c < utf8.RuneSelf {
		return strings.IndexByte("!'#%&()*+,\\-./:;<=>?@[]^_{|}~$", c) >= 0 || c == ' ' || ('\t' <= c && c <= '\r')
	}
	r, _ := utf8.DecodeRuneInString(t[i:])
	return isTwitterSpace(r) && r != 0x85 && r != 0x180E || r == 0xFEFF
}

// isTwitterSpace is twitter-text's spaces.js: the white space that may precede a cashtag.
func isTwitterSpace(r rune) bool {
	switch {
	case r == ' ' || ('\t' <= r && r <= '\r'):
		return true
	case r < 0x85:
		return false
	}
	return r == 0x85 || r == 0xA0 || r == 0x1680 || r == 0x180E || (0x2000 <= r && r <= 0x200A) ||
		r == 0x2028 || r == 0x2029 || r == 0x202F || r == 0x205F || r == 0x3000
}
