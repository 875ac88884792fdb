// Package urls finds the URLs that X's weighted length counts as transformedURLLength,
// following twitter-text 3.1.0's extractUrlsWithIndices (js/src/extractUrlsWithIndices.js)
// and the regular expressions it is built on (js/src/regexp/extractUrl.js and the files
// it includes), with hand-written scanners instead of regular expressions.
//
// The rules, in short:
//   - A URL follows a character that is not an ASCII letter or digit, '@', '＠', '$',
//     '#', '＃' or an invalid character, or starts the text.
//   - It has an optional "http://" or "https://" (any case), a domain, an optional
//     ":port", an optional path and an optional query.
//   - The domain is dot-separated labels ending in a TLD of tld_lib.yml followed by a
//     character that is not [0-9a-zA-Z@+-], or in "xn--" punycode. Labels hold any
//     character but ASCII punctuation, spaces, invalid characters and directional marks.
//   - A URL is dropped when one of its host labels is longer than 63 characters in its
//     punycode form, when it is longer than 4096 UTF-16 units (counting the protocol, or
//     "https://" for a URL without one), or when it is a t.co link with a slug over 40.
//   - Without a protocol, a URL must not follow '-', '_', '.' or '/', and only the parts
//     of its domain made of ASCII letters, digits, '-' and Latin accented letters count
//     (so "日本語example.com" yields "example.com").
//
// All offsets are byte offsets into the text the Scanner was given; twitter-text's own
// indices are UTF-16 units, and the few places where that shows through (an astral
// character before a URL, a skip that ends inside a surrogate pair) are emulated.
package urls

import (
	"strings"
	"unicode/utf8"

	"github.com/postrules/postrules/internal/strictjson"
)

// Entity is one URL as twitter-text 3.1.0's parseTweet counts it.
type Entity struct {
	// Start is the byte offset of the URL's first character.
	Start int
	// End is the byte offset where parseTweet resumes weighing characters. When Half is
	// set it resumes after the high surrogate of the astral character at End, whose low
	// surrogate is then weighed alone: parseTweet skips url.length UTF-16 units, which is
	// not always a character boundary (see nextASCII).
	End  int
	Half bool

	// What extractUrlsWithIndices reports: the URL is text[Start:Cut] + text[Resume:Stop]
	// and its indices are [Start, Stop] (in UTF-16 units). Only the last ASCII domain of a
	// protocol-less URL with a path has Cut < Resume (its url is the path glued to it);
	// otherwise Cut == Resume == Stop == End.
	Cut, Resume, Stop int
}

func plain(start, end int) Entity {
	return Entity{Start: start, End: end, Cut: end, Resume: end, Stop: end}
}

const (
	maxURLLength     = 4096 // MAX_URL_LENGTH in extractUrlsWithIndices.js
	maxTcoSlugLength = 40   // MAX_TCO_SLUG_LENGTH
	defaultProtocol  = 8    // len("https://"), DEFAULT_PROTOCOL
)

// match is one match of the extractUrl regular expression.
type match struct {
	start       int  // where the URL ($3) begins; for lead, after the astral character
	lead        rune // 0, or the low surrogate the URL begins with (see tryAt)
	beforeBad   bool // the preceding character ($2) is '-', '_', '.' or '/'
	domStart    int  // after the protocol ($4)
	domEnd      int  // end of the domain ($5)
	hasPath     bool // $7 is not empty
	end         int  // end of the match, extractUrl.lastIndex
	hasProtocol bool // $4 is not empty
}

// chain caches the dot-separated label chains that the scanner walks, so that the many
// start positions inside one long run of labels cost O(1) each and a scan stays linear.
type chain struct {
	valid      bool
	start, end int // label starts on the chain lie in [start, end]
	limit      int
	last       int // the best label start (domain chains) or TLD position (ASCII chains), -1 if none
	lastEnd    int // where the domain or ASCII domain ending there ends
}

// Scanner finds the URL entities of a text, in order, without allocating. The zero value
// is not ready: call Init.
type Scanner struct {
	// naive turns off the jumps and caches (tests compare the two).
	naive bool
	// steps counts the work done: tries of the expression and bytes walked by its parts
	// (the linearity tests hold it to a constant times the text).
	steps int

	text string
	pos  int // extractUrl.lastIndex
	done bool

	// Where the last match of the expression was tried (its preceding character, or its
	// start for "^"), where its domain ended and where it ended, accepted or not; -1
	// before the first.
	lastFrom, lastDomEnd, lastEnd int

	// The last run of label characters ([runFrom, runTo)).
	runFrom, runTo, runUnderscore int
	runLastIsDomain               bool

	// The next candidate dot (a '.' followed by a TLD), and where the search for the one
	// after it resumes.
	dotAt, dotScan int

	domains chain // chains of domain labels
	ascii   chain // chains of validAsciiDomain labels

	// A protocol-less match whose ASCII domains are being handed out.
	pend struct {
		active           bool
		domStart, domEnd int
		end              int
		hasPath          bool
		have             bool
		a, b             int // the next ASCII domain
	}
}

// Init readies s to scan text.
func (s *Scanner) Init(text string) {
	*s = Scanner{text: text, runFrom: -1, dotAt: -1, lastFrom: -1, lastDomEnd: -1, lastEnd: -1}
	// extractUrlsWithIndices returns nothing for a text without a '.'.
	s.done = strings.IndexByte(text, '.') < 0
}

// Next returns the next URL entity.
func (s *Scanner) Next() (Entity, bool) {
	for {
		if s.pend.active {
			if e, ok := s.nextASCII(); ok {
				return e, true
			}
			s.pend.active = false
		}
		if s.done {
			return Entity{}, false
		}
		m, ok := s.exec()
		if !ok {
			s.done = true
			return Entity{}, false
		}
		if e, ok := s.accept(m); ok {
			return e, true
		}
	}
}

// LastMatch returns where the expression's last match so far was tried (the position of
// its preceding character, or 0 for "^"), where its domain ended (its TLD) and where it
// ended, whether or not extractUrlsWithIndices kept it; from is -1 before any match. A
// domain that ends at the end of the text passed the TLD look-ahead by "$", which more
// text could have failed.
func (s *Scanner) LastMatch() (from, domEnd, end int) { return s.lastFrom, s.lastDomEnd, s.lastEnd }

// exec emulates one extractUrl.exec(text) from lastIndex: the first position, left to
// right, where the expression matches.
func (s *Scanner) exec() (match, bool) {
	t := s.text
	p := s.pos
	if s.naive {
		for ; p < len(t); p += utf8.RuneLen(decodeAt(t, p)) {
			s.steps++
			if m, ok := s.tryAt(p); ok {
				s.pos, s.lastFrom, s.lastDomEnd, s.lastEnd = m.end, p, m.domEnd, m.end
				return m, true
			}
		}
		return match{}, false
	}
	for p < len(t) {
		d := s.candidateDot(p)
		if d < 0 {
			return match{}, false
		}
		// Every match from here on holds a candidate dot, the first of which is d, inside
		// its domain, and a domain is one unbroken run of labels and dots (after its
		// protocol). So no URL starts before that run, and the first position worth trying
		// is the character before it.
		if q := s.regionStart(p, d); q > p {
			_, size := utf8.DecodeLastRuneInString(t[:q])
			if q-size > p {
				p = q - size
			}
		}
		for p < d {
			s.steps++
			if m, ok := s.tryAt(p); ok {
				s.pos, s.lastFrom, s.lastDomEnd, s.lastEnd = m.end, p, m.domEnd, m.end
				return m, true
			}
			_, size := utf8.DecodeRuneInString(t[p:])
			p += size
		}
	}
	return match{}, false
}

// candidateDot returns the first '.' after p that a TLD follows, or -1. Calls come
// with p non-decreasing, so every byte is looked at once.
func (s *Scanner) candidateDot(p int) int {
	if s.dotAt > p {
		return s.dotAt
	}
	t := s.text
	i := p + 1
	if s.dotScan > i {
		i = s.dotScan
	}
	from := i
	for ; i < len(t); i++ {
		for i+8 <= len(t) && !hasDot(t, i) {
			i += 8 // no '.' in these eight bytes (WebAssembly has no vectorised IndexByte)
		}
		if i == len(t) {
			break
		}
		if t[i] == '.' && tldAt(t, i+1, len(t)) >= 0 {
			s.dotAt, s.dotScan = i, i+1
			s.steps += i - from + 1
			return i
		}
	}
	s.steps += i - from + 1
	s.dotAt, s.dotScan = -1, len(t)
	return -1
}

// hasDot reports whether t[i:i+8] holds a '.': x has a zero byte where t has one, and
// (x-ones)&^x&high is non-zero exactly when x has a zero byte.
func hasDot(t string, i int) bool {
	const ones, high = 0x0101010101010101, 0x8080808080808080
	w := t[i : i+8]
	x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
	x ^= '.' * ones
	return (x-ones)&^x&high != 0
}

// regionStart walks back from the dot d over label characters and dots (not past p) and
// returns where a URL whose domain holds d could begin at the earliest, its protocol
// included.
func (s *Scanner) regionStart(p, d int) int {
	t := s.text
	r := d
	for r > p {
		c, size := utf8.DecodeLastRuneInString(t[:r])
		if c != '.' && !isLabelChar(c) {
			break
		}
		r -= size
	}
	s.steps += d - r + 1
	if r >= 8 && hasPrefixFold(t[r-8:r], "https://") {
		return r - 8
	}
	if r >= 7 && hasPrefixFold(t[r-7:r], "http://") {
		return r - 7
	}
	return r
}

// tryAt tries the expression at position p, in the order of its alternatives: the
// character at p as the preceding character ([^A-Za-z0-9@＠$#＃...]), then "^".
//
// The expression has no "u" flag, so it sees an astral character as two UTF-16 units,
// and both are allowed preceding characters: it first tries the high surrogate as the
// preceding character, with the URL beginning at the low surrogate (a domain character);
// only then the whole character. That first try can make a match too (the low surrogate
// then counts in the URL's and its first label's length).
func (s *Scanner) tryAt(p int) (match, bool) {
	t := s.text
	c, size := utf8.DecodeRuneInString(t[p:])
	u := p + size
	if isPrecedingChar(c) {
		if size == 4 {
			low := 0xDC00 + (c-0x10000)&0x3FF
			if m, ok := s.urlAt(u, low, false); ok {
				return m, true
			}
			if p == 0 {
				if m, ok := s.urlAt(0, 0, false); ok {
					return m, true
				}
			}
			return s.urlAt(u, 0, false)
		}
		if m, ok := s.urlAt(u, 0, c == '-' || c == '_' || c == '.' || c == '/'); ok {
			return m, true
		}
	}
	if p == 0 {
		return s.urlAt(0, 0, false)
	}
	return match{}, false
}

// urlAt matches (https?:\/\/)?(validDomain)(?::(port))?(\/validUrlPath*)?(\?query)? at u.
func (s *Scanner) urlAt(u int, lead rune, beforeBad bool) (match, bool) {
	t := s.text
	m := match{start: u, lead: lead, beforeBad: beforeBad, domStart: u}
	de, ok := -1, false
	if lead == 0 {
		if n := protocolAt(t, u); n > 0 {
			if de, ok = s.domainAt(u+n, 0); ok {
				m.domStart = u + n
				m.hasProtocol = true
			}
		}
	}
	if !ok {
		if de, ok = s.domainAt(u, lead); !ok {
			return match{}, false
		}
	}
	m.domEnd = de
	x := de
	// (?::([0-9]+))?
	if x+1 < len(t) && t[x] == ':' && isDigit(t[x+1]) {
		x += 2
		for x < len(t) && isDigit(t[x]) {
			x++
		}
	}
	// (\/validUrlPath*)?
	if x < len(t) && t[x] == '/' {
		m.hasPath = true
		x = s.pathEnd(x + 1)
	}
	// (\?validUrlQueryChars*validUrlQueryEndingChars)?
	x, stop := queryEnd(t, x)
	s.steps += stop - m.start + 1
	m.end = x
	return m, true
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func protocolAt(t string, u int) int {
	if hasPrefixFold(t[u:], "https://") {
		return 8
	}
	if hasPrefixFold(t[u:], "http://") {
		return 7
	}
	return 0
}

// hasPrefixFold reports whether s begins with the lower-case ASCII prefix, in any case.
func hasPrefixFold(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != prefix[i] {
			return false
		}
	}
	return true
}

// run returns the end of the run of label characters (domain characters, '-', '_') that
// holds u, whether its last character is a domain character, and the position of its
// last '_' (-1 if none).
func (s *Scanner) run(u int) (end int, lastIsDomain bool, underscore int) {
	if !s.naive && u >= s.runFrom && u < s.runTo {
		return s.runTo, s.runLastIsDomain, s.runUnderscore
	}
	t := s.text
	end, underscore = u, -1
	for end < len(t) {
		c, size := utf8.DecodeRuneInString(t[end:])
		if !isLabelChar(c) {
			break
		}
		if c == '_' {
			underscore = end
		}
		lastIsDomain = c != '-' && c != '_'
		end += size
	}
	s.steps += end - u + 1
	if end > u {
		s.runFrom, s.runTo, s.runLastIsDomain, s.runUnderscore = u, end, lastIsDomain, underscore
	}
	return end, lastIsDomain, underscore
}

// domainAt matches validDomain at u and returns its end:
//
//	validSubdomain* validDomainName (validGTLD | validCCTLD | validPunycode)
//	validSubdomain  = (?:D(?:[_-]|D)*)?D\.
//	validDomainName = (?:D(?:-|D)*)?D\.
//
// where D is a domain character. The greedy validSubdomain* with backtracking takes the
// last label (counting from u) that is a valid domain name followed by a TLD, among the
// labels that are all valid subdomains.
func (s *Scanner) domainAt(u int, lead rune) (int, bool) {
	t := s.text
	if u > len(t) {
		return 0, false
	}
	e, lastIsDomain, underscore := s.run(u)
	if e == u {
		lastIsDomain = lead != 0 // the label is the lone low surrogate
	} else if lead == 0 {
		if c, _ := utf8.DecodeRuneInString(t[u:]); !isDomainChar(c) {
			return 0, false
		}
	}
	if (e == u && lead == 0) || !lastIsDomain || e >= len(t) || t[e] != '.' {
		return 0, false
	}
	if end, ok := s.bestDomainChain(e + 1); ok {
		return end, true
	}
	if underscore < u {
		if end := tldAt(t, e+1, len(t)); end >= 0 {
			return end, true
		}
	}
	return 0, false
}

// bestDomainChain returns the end of the domain that the chain of labels starting at j
// (just after a dot) ends: at the last label that is a valid domain name followed by a TLD,
// all labels up to it being valid subdomains.
func (s *Scanner) bestDomainChain(j int) (int, bool) {
	c := &s.domains
	if s.naive || !c.valid || j < c.start || j > c.end {
		t := s.text
		*c = chain{valid: true, start: j, last: -1}
		i := j
		for i < len(t) {
			first, _ := utf8.DecodeRuneInString(t[i:])
			e, lastIsDomain, underscore := s.run(i)
			if e == i || !isDomainChar(first) || !lastIsDomain || e >= len(t) || t[e] != '.' {
				break
			}
			if underscore < i {
				if end := tldAt(t, e+1, len(t)); end >= 0 {
					c.last, c.lastEnd = i, end
				}
			}
			i = e + 1
		}
		c.end = i
		s.steps += i - j + 1
	}
	if c.last >= j {
		return c.lastEnd, true
	}
	return 0, false
}

// pathEnd matches validUrlPath* after the '/' at x-1 and returns its end.
//
//	validUrlPath = G*(?:B G*)*E | B | @G+\/
//
// G is validGeneralUrlPathChars, E validUrlPathEndingChars' single characters, B a
// balanced parenthesis group. The first alternative takes the longest stretch of G and B
// that ends in an E character; the third adds nothing (its '/' is an E reachable by the
// first). Once the first alternative fails, it fails at every later unit boundary of the
// same stretch, which keeps this linear.
func (s *Scanner) pathEnd(x int) int {
	t := s.text
	firstFailed := false
	for x < len(t) {
		if !firstFailed {
			end, stop := lastPathEnd(t, x)
			s.steps += stop - x + 1
			if end > x {
				x = end
				continue
			}
			firstFailed = true
		}
		end, ok, stop := balancedAt(t, x)
		s.steps += stop - x + 1
		if ok {
			x = end
			continue
		}
		break
	}
	return x
}

// lastPathEnd walks G characters and B groups from x and returns the position after the
// last E character it meets outside groups (x when there is none), and where its walk
// stopped.
func lastPathEnd(t string, x int) (last, stop int) {
	last = x
	i := x
	for i < len(t) {
		c, size := utf8.DecodeRuneInString(t[i:])
		if isPathChar(c) {
			i += size
			if isPathEnd(c) {
				last = i
			}
			continue
		}
		end, ok, stop := balancedAt(t, i)
		if ok {
			i = end
			continue
		}
		return last, stop
	}
	return last, i
}

// balancedAt matches validUrlBalancedParens, \((?:G+|(?:G*\(G+\)G*))\), at i, and says
// where its walk stopped.
func balancedAt(t string, i int) (end int, ok bool, stop int) {
	if i >= len(t) || t[i] != '(' {
		return 0, false, i
	}
	a := pathRun(t, i+1)
	if a > i+1 && a < len(t) && t[a] == ')' {
		return a + 1, true, a
	}
	if a >= len(t) || t[a] != '(' {
		return 0, false, a
	}
	b := pathRun(t, a+1)
	if b == a+1 || b >= len(t) || t[b] != ')' {
		return 0, false, b
	}
	c := pathRun(t, b+1)
	if c >= len(t) || t[c] != ')' {
		return 0, false, c
	}
	return c + 1, true, c
}

func pathRun(t string, i int) int {
	for i < len(t) {
		c, size := utf8.DecodeRuneInString(t[i:])
		if !isPathChar(c) {
			break
		}
		i += size
	}
	return i
}

// queryEnd matches (\?validUrlQueryChars*validUrlQueryEndingChars)? at x, and says where
// its walk stopped (at or after the end).
func queryEnd(t string, x int) (end, stop int) {
	if x >= len(t) || t[x] != '?' {
		return x, x
	}
	end = x
	i := x + 1
	for ; i < len(t) && isQueryChar(rune(t[i])); i++ {
		if isQueryEnd(rune(t[i])) {
			end = i + 1
		}
	}
	return end, i
}

// accept applies extractUrlsWithIndices' checks to a match and returns its entity.
func (s *Scanner) accept(m match) (Entity, bool) {
	t := s.text
	if !s.validDomain(m) {
		return Entity{}, false
	}
	protocol := m.domStart - m.start
	if protocol == 0 {
		protocol = defaultProtocol
	}
	url16 := strictjson.UTF16Len(t[m.start:m.end])
	if m.lead != 0 {
		url16++
	}
	if protocol+url16 > maxURLLength {
		return Entity{}, false
	}
	if !m.hasProtocol {
		if m.beforeBad {
			return Entity{}, false
		}
		p := &s.pend
		p.active, p.domStart, p.domEnd, p.end, p.hasPath = true, m.domStart, m.domEnd, m.end, m.hasPath
		p.a, p.b, p.have = s.asciiFrom(m.domStart)
		return s.nextASCII()
	}
	end := m.end
	if n, slug, ok := tcoPrefix(t[m.start:m.end]); ok {
		if slug > maxTcoSlugLength {
			return Entity{}, false
		}
		end = m.start + n
	}
	return plain(m.start, end), true
}

// validDomain is isValidUrl's idna.toAscii(domain) check (js/src/lib/idna.js): no
// "xn--" domain without an ASCII domain in it, and every label 1 to 63 characters long
// in punycode.
func (s *Scanner) validDomain(m match) bool {
	t := s.text
	dom := t[m.domStart:m.domEnd]
	s.steps += len(dom) + 1
	lead := m.lead
	start := 0
	for i := 0; i <= len(dom); i++ {
		if i == len(dom) || dom[i] == '.' {
			if n := labelASCIILength(dom[start:i], lead, maxLabelLength); n < 1 || n > maxLabelLength {
				return false
			}
			lead = 0
			start = i + 1
		}
	}
	if m.lead == 0 && len(dom) >= 4 && dom[:4] == "xn--" {
		if _, _, ok := s.asciiScan(m.domStart, m.domEnd, m.domStart); !ok {
			return false
		}
	}
	return true
}

// asciiFrom finds the next validAsciiDomain match in the pending domain at or after x.
func (s *Scanner) asciiFrom(x int) (a, b int, ok bool) {
	return s.asciiScan(s.pend.domStart, s.pend.domEnd, x)
}

// nextASCII hands out the pending match's ASCII domains: domain.replace(validAsciiDomain,
// ...) in extractUrlsWithIndices. The last one takes the path and query when there is a
// path; parseTweet then skips url.length UTF-16 units where url is the matched URL with
// its domain replaced by that ASCII domain.
func (s *Scanner) nextASCII() (Entity, bool) {
	p := &s.pend
	if !p.have {
		return Entity{}, false
	}
	a, b := p.a, p.b
	p.a, p.b, p.have = s.asciiFrom(b)
	if p.have || !p.hasPath {
		return plain(a, b), true
	}
	skip := strictjson.UTF16Len(s.text[a:b]) + strictjson.UTF16Len(s.text[p.domEnd:p.end])
	end, half := advance16(s.text, a, skip)
	return Entity{Start: a, End: end, Half: half, Cut: b, Resume: p.domEnd, Stop: p.end}, true
}

// advance16 moves n UTF-16 units forward from byte offset i; half reports that it stopped
// between the two surrogates of the character at the returned offset.
func advance16(t string, i, n int) (int, bool) {
	for n > 0 && i < len(t) {
		c, size := utf8.DecodeRuneInString(t[i:])
		if c > 0xFFFF {
			if n == 1 {
				return i, true
			}
			n -= 2
		} else {
			n--
		}
		i += size
	}
	return i, false
}

// asciiScan finds the first validAsciiDomain match in t[domStart:domEnd] at or after x:
//
//	(?:(?:[\-a-z0-9latinAccent]+)\.)+(?:validGTLD|validCCTLD|validPunycode)
//
// (case-insensitive). Greedy labels with backtracking take the last dot of the chain that
// a TLD follows; the end of the domain plays the end of input for the TLD look-ahead.
func (s *Scanner) asciiScan(domStart, domEnd, x int) (a, b int, ok bool) {
	t := s.text
	from := x
	defer func() { s.steps += x - from + 1 }()
	for x < domEnd {
		c, size := utf8.DecodeRuneInString(t[x:domEnd])
		if isASCIIDomainChar(c) {
			e := asciiRun(t, x, domEnd)
			s.steps += e - x
			if e < domEnd && t[e] == '.' {
				if end, ok := s.bestASCIIChain(e+1, domEnd); ok {
					return x, end, true
				}
				if end := tldAt(t, e+1, domEnd); end >= 0 {
					return x, end, true
				}
			}
		}
		x += size
	}
	return 0, 0, false
}

func asciiRun(t string, i, limit int) int {
	for i < limit {
		c, size := utf8.DecodeRuneInString(t[i:limit])
		if !isASCIIDomainChar(c) {
			break
		}
		i += size
	}
	return i
}

// bestASCIIChain returns the end of the TLD after the last dot of the chain of ASCII
// labels starting at j (after a dot) that a TLD follows.
func (s *Scanner) bestASCIIChain(j, limit int) (int, bool) {
	c := &s.ascii
	if s.naive || !c.valid || c.limit != limit || j < c.start || j > c.end {
		t := s.text
		*c = chain{valid: true, start: j, limit: limit, last: -1}
		i := j
		for i < limit {
			e := asciiRun(t, i, limit)
			if e == i || e >= limit || t[e] != '.' {
				break
			}
			if end := tldAt(t, e+1, limit); end >= 0 {
				c.last, c.lastEnd = e+1, end
			}
			i = e + 1
		}
		c.end = i
		s.steps += i - j + 1
	}
	if c.last > j {
		return c.lastEnd, true
	}
	return 0, false
}

// tcoPrefix matches validTcoUrl, ^https?:\/\/t\.co\/([a-z0-9]+)(?:\?query)? (any case),
// and returns the length of the match and of the slug.
func tcoPrefix(url string) (n, slug int, ok bool) {
	p := protocolAt(url, 0)
	if p == 0 || !hasPrefixFold(url[p:], "t.co/") {
		return 0, 0, false
	}
	i := p + 5
	j := i
	for j < len(url) && isASCIIAlnum(rune(url[j])) {
		j++
	}
	if j == i {
		return 0, 0, false
	}
	end, _ := queryEnd(url, j)
	return end, j - i, true
}

func decodeAt(t string, p int) rune {
	r, size := utf8.DecodeRuneInString(t[p:])
	if r == utf8.RuneError && size == 1 {
		return 0xFFFD // RuneLen(0xFFFD) is 3; callers pass valid UTF-8
	}
	return r
}
