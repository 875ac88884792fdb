// Package jsonloc finds where, in the raw bytes of a JSON document, the values that JSON
// pointers (RFC 6901) name begin, and turns byte offsets into lines and columns, so that
// the validate CLI can place a problem at FILE:LINE:COL as linters do.
//
// It is a hand-written byte scanner over the raw input, made to be tolerant: a document
// that is not JSON gets the offsets of what could be read, never a panic. All the pointers
// of one document are located in one pass (a trie of their tokens guides the walk, and
// every value outside it is skipped), so the cost is linear in the document plus the
// pointers, however many problems there are.
package jsonloc

import (
	"sort"
	"strconv"
	"unicode/utf8"
)

// Location is where a pointer's value begins in the document.
type Location struct {
	// Offset is the byte offset of the first byte of the value (for a string, its opening
	// quote), or, when Exact is false, of the deepest ancestor value that exists (the
	// object a missing member belongs in); 0 when not even the document's value was found.
	Offset int
	// Exact is true when the value the pointer names was found.
	Exact bool
}

// node is one token of the pointers' trie.
type node struct {
	children map[string]*node
	offset   int
	found    bool
}

func (n *node) child(token string) *node {
	if n.children == nil {
		n.children = map[string]*node{}
	}
	c := n.children[token]
	if c == nil {
		c = &node{}
		n.children[token] = c
	}
	return c
}

// Locate returns the Location of each pointer in doc, in order. A pointer is "" (the whole
// document) or "/"-separated tokens in which "~1" stands for "/" and "~0" for "~"; one
// that is not (no leading "/") is located at the document. Of a name given twice in one
// object, the first is located.
func Locate(doc []byte, pointers []string) []Location {
	root := &node{}
	paths := make([][]*node, len(pointers))
	for i, p := range pointers {
		n := root
		path := []*node{root}
		if len(p) > 0 && p[0] == '/' {
			for _, tok := range splitPointer(p) {
				n = n.child(tok)
				path = append(path, n)
			}
		}
		paths[i] = path
	}
	s := scanner{doc: doc}
	s.space()
	if s.i < len(doc) {
		s.walk(root)
	}
	out := make([]Location, len(pointers))
	for i, path := range paths {
		for j := len(path) - 1; j >= 0; j-- {
			if path[j].found {
				out[i] = Location{Offset: path[j].offset, Exact: j == len(path)-1}
				break
			}
		}
	}
	return out
}

// splitPointer splits a pointer that starts with "/" into its unescaped tokens.
func splitPointer(p string) []string {
	var toks []string
	start := 1
	for i := 1; i <= len(p); i++ {
		if i == len(p) || p[i] == '/' {
			toks = append(toks, UnescapeToken(p[start:i]))
			start = i + 1
		}
	}
	return toks
}

// UnescapeToken turns "~1" into "/" and "~0" into "~" (RFC 6901 section 4: in that order
// of meaning, so "~01" is "~1").
func UnescapeToken(t string) string {
	hasTilde := false
	for i := 0; i < len(t); i++ {
		if t[i] == '~' {
			hasTilde = true
			break
		}
	}
	if !hasTilde {
		return t
	}
	b := make([]byte, 0, len(t))
	for i := 0; i < len(t); i++ {
		if t[i] == '~' && i+1 < len(t) && (t[i+1] == '0' || t[i+1] == '1') {
			b = append(b, "~/"[t[i+1]-'0'])
			i++
			continue
		}
		b = append(b, t[i])
	}
	return string(b)
}

type scanner struct {
	doc []byte
	i   int
	key []byte // scratch for decoded member names
}

func (s *scanner) space() {
	for s.i < len(s.doc) {
		switch s.doc[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// walk is at the first byte of a value that n stands for: it records where, and goes into
// the value's members that the trie asks for, skipping everything else. It returns with
// s.i past the value.
func (s *scanner) walk(n *node) {
	if s.i >= len(s.doc) { // a value that is missing at the end: not found
		return
	}
	if !n.found {
		n.found, n.offset = true, s.i
	}
	if len(n.children) == 0 {
		s.skip()
		return
	}
	switch s.doc[s.i] {
	case '{':
		s.i++
		for {
			s.space()
			if s.i >= len(s.doc) || s.doc[s.i] != '"' {
				if s.i < len(s.doc) && s.doc[s.i] == '}' {
					s.i++
				}
				return
			}
			name := s.readKey()
			s.space()
			if s.i >= len(s.doc) || s.doc[s.i] != ':' {
				return
			}
			s.i++
			s.space()
			if c := n.children[name]; c != nil && !c.found {
				s.walk(c)
			} else {
				s.skip()
			}
			if !s.next('}') {
				return
			}
		}
	case '[':
		s.i++
		for index := 0; ; index++ {
			s.space()
			if s.i >= len(s.doc) || s.doc[s.i] == ']' {
				if s.i < len(s.doc) {
					s.i++
				}
				return
			}
			if c := n.children[strconv.Itoa(index)]; c != nil && !c.found {
				s.walk(c)
			} else {
				s.skip()
			}
			if !s.next(']') {
				return
			}
		}
	default:
		s.skip()
	}
}

// next reads what follows a member or element: a comma (true: another one follows) or
// the closing byte (false, consumed), or anything else (false: the document is broken).
func (s *scanner) next(closing byte) bool {
	s.space()
	if s.i < len(s.doc) && s.doc[s.i] == ',' {
		s.i++
		return true
	}
	if s.i < len(s.doc) && s.doc[s.i] == closing {
		s.i++
	}
	return false
}

// readKey reads a string at s.i (its opening quote) and returns it decoded.
func (s *scanner) readKey() string {
	s.key = s.key[:0]
	s.i++
	for s.i < len(s.doc) {
		c := s.doc[s.i]
		switch {
		case c == '"':
			s.i++
			return string(s.key)
		case c == '\\':
			r, n := decodeEscape(s.doc[s.i:])
			if r < 0 {
				s.key = append(s.key, s.doc[s.i:s.i+n]...)
			} else {
				s.key = utf8.AppendRune(s.key, r)
			}
			s.i += n
		default:
			s.key = append(s.key, c)
			s.i++
		}
	}
	return string(s.key)
}

// ValueEnd is the end of the value that begins at doc[i], read as Locate reads a value it
// does not go into: a string, an object or array (nesting counted, strings inside
// skipped), or a literal or number up to the next delimiter; i itself at the end of doc
// or at a delimiter.
func ValueEnd(doc []byte, i int) int {
	s := scanner{doc: doc, i: i}
	s.skip()
	return s.i
}

// skip moves past the value at s.i: a string, an object or array (nesting counted, strings
// inside skipped), or a literal or number (up to the next delimiter). Each byte is read
// once; it always moves forward unless at the end.
func (s *scanner) skip() {
	if s.i >= len(s.doc) {
		return
	}
	depth := 0
	for s.i < len(s.doc) {
		c := s.doc[s.i]
		switch c {
		case '"':
			s.skipString()
			if depth == 0 {
				return
			}
			continue
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return // the container this value is in ends: not ours to consume
			}
			depth--
			if depth == 0 {
				s.i++
				return
			}
		case ',', ' ', '\t', '\n', '\r', ':':
			if depth == 0 {
				return
			}
		}
		s.i++
	}
}

// skipString moves past the string whose opening quote is at s.i.
func (s *scanner) skipString() {
	s.i++
	for s.i < len(s.doc) {
		switch s.doc[s.i] {
		case '"':
			s.i++
			return
		case '\\':
			s.i += 2
		default:
			s.i++
		}
	}
	s.i = len(s.doc)
}

// decodeEscape decodes the escape at b[0] ('\\'): the rune and the bytes it takes. A
// \uXXXX high surrogate followed by a low one is one rune of 12 bytes. A broken escape is
// r < 0 with n >= 1 (the bytes to take as they are).
func decodeEscape(b []byte) (r rune, n int) {
	if len(b) < 2 {
		return -1, len(b)
	}
	switch b[1] {
	case '"', '\\', '/':
		return rune(b[1]), 2
	case 'b':
		return '\b', 2
	case 'f':
		return '\f', 2
	case 'n':
		return '\n', 2
	case 'r':
		return '\r', 2
	case 't':
		return '\t', 2
	case 'u':
		cp, ok := hex4(b[2:])
		if !ok {
			return -1, 2
		}
		if cp >= 0xD800 && cp < 0xDC00 && len(b) >= 12 && b[6] == '\\' && b[7] == 'u' {
			if lo, ok := hex4(b[8:]); ok && lo >= 0xDC00 && lo < 0xE000 {
				return 0x10000 + (cp-0xD800)<<10 + (lo - 0xDC00), 12
			}
		}
		if cp >= 0xD800 && cp < 0xE000 {
			return utf8.RuneError, 6 // a lone surrogate decodes as U+FFFD (encoding/json's choice)
		}
		return cp, 6
	}
	return -1, 2
}

func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

// InString maps a byte offset in the decoded text of the string value at valueOffset (its
// opening quote) to the byte offset in doc where that text byte is written: past a raw
// byte it is the byte itself; inside an escape (\n, \u00e9, a surrogate pair) it is the
// escape's backslash. An offset at or past the text's end is the closing quote (or the end
// of doc); a value that is not a string is valueOffset. Its work is the string's length.
func InString(doc []byte, valueOffset, textOffset int) int {
	if valueOffset < 0 || valueOffset >= len(doc) || doc[valueOffset] != '"' {
		return valueOffset
	}
	decoded := 0
	i := valueOffset + 1
	for i < len(doc) && doc[i] != '"' {
		var width, n int
		if doc[i] == '\\' {
			r, k := decodeEscape(doc[i:])
			n = k
			if r < 0 {
				width = k
			} else {
				width = utf8.RuneLen(r)
			}
		} else {
			width, n = 1, 1
		}
		if decoded+width > textOffset {
			return i
		}
		decoded += width
		i += n
	}
	return min(i, len(doc))
}

// Position is a 1-based line and column. Column counts UTF-16 code units from the start
// of the line, as LSP, VS Code and SARIF's default columnKind (utf16CodeUnits) do, and
// equals the byte column on an ASCII line; a byte that is not UTF-8 counts as one.
type Position struct {
	Line, Column int
}

// Positions returns the Position of each byte offset in doc, in one pass over doc however
// many offsets there are (they are visited in sorted order). A line ends at "\n", "\r\n" or
// a lone "\r". An offset past the end is placed at the end.
func Positions(doc []byte, offsets []int) []Position {
	out := make([]Position, len(offsets))
	order := make([]int, len(offsets))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return offsets[order[a]] < offsets[order[b]] })
	line, col, i := 1, 1, 0
	for _, k := range order {
		target := min(max(offsets[k], 0), len(doc))
		for i < target {
			c := doc[i]
			switch {
			case c == '\n' || (c == '\r' && (i+1 >= len(doc) || doc[i+1] != '\n')):
				line, col = line+1, 1
				i++
			case c == '\r': // the \r of \r\n: the \n ends the line
				i++
			case c < utf8.RuneSelf:
				col++
				i++
			default:
				r, n := utf8.DecodeRune(doc[i:])
				if r >= 0x10000 {
					col += 2
				} else {
					col++
				}
				i += n
			}
		}
		out[k] = Position{Line: line, Column: col}
	}
	return out
}
