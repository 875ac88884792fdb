// Package strictjson is a hand-written JSON scanner for strict decoding, and the one home
// of the small strict-JSON pieces the module needs (syntax-error and lone-surrogate
// messages, kind names, the first invalid UTF-8 byte, a value quoted for a message, the
// one JSON string writer): package schema decodes requests, drafts, options, accounts and
// outcomes with it, and the CLI its JSON lines; rules and the WASM bridge quote and write
// strings with it, so that every face locates and words a defect the same way.
//
// It exists because encoding/json cannot say what package schema must say: it accepts
// duplicate names and names that differ in case, silently replaces invalid UTF-8 and lone
// surrogate escapes with U+FFFD, has no nesting limit a caller can set, and its streaming
// Decoder.Token allocates an interface value per token and loses the byte offset of a
// string's bad byte. The scanner works over the whole body in memory (the body is already
// size-limited), tracks the byte offset of everything, never panics on any input, and hands
// the caller raw keys so that the caller can match names exactly.
//
// Protocol: Peek the Kind of the next value, then consume it with the matching method
// (BeginObject + NextMember/Key, BeginArray + NextElement, String, Number, Bool, Null) or
// with Skip. After the first syntax error (or nesting beyond the limit) Err is set and every
// method becomes a no-op returning zero values, so every loop of the caller ends.
package strictjson

import (
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// Kind is the kind of a JSON value, known from its first byte.
type Kind uint8

// The kinds of JSON values. Invalid means no value can start here (Err is then set).
const (
	Invalid Kind = iota
	Object
	Array
	String
	Number
	Bool
	Null
)

// String names the kind the way messages do: "an object", "a string", ...
func (k Kind) String() string {
	switch k {
	case Object:
		return "an object"
	case Array:
		return "an array"
	case String:
		return "a string"
	case Number:
		return "a number"
	case Bool:
		return "a boolean"
	case Null:
		return "null"
	}
	return "no value"
}

// Error is a fatal scanning error: the input is not JSON, or it nests too deep.
type Error struct {
	// TooDeep is true when the input nests objects and arrays beyond the scanner's limit.
	TooDeep bool
	// Offset is the byte offset in the input where scanning failed.
	Offset int
	// Message says what was expected and what was found, without the offset.
	Message string
}

// IssueKind is a problem inside a string that does not stop scanning.
type IssueKind uint8

// The string issues. The decoded string has U+FFFD in place of each bad byte or escape,
// exactly like encoding/json.
const (
	NoIssue       IssueKind = iota
	InvalidUTF8             // a raw byte sequence that is not UTF-8
	LoneSurrogate           // a \uD800-\uDFFF escape that is not half of a valid pair
)

// Issue is the first problem found inside one string.
type Issue struct {
	Kind IssueKind
	// Offset is the byte offset in the input of the bad byte or of the escape's backslash.
	Offset int
}

// Scanner reads one JSON document held in memory. The zero value is not usable; use New.
type Scanner struct {
	data     []byte
	pos      int
	depth    int
	maxDepth int
	err      *Error
	buf      []byte // scratch for decoding strings with escapes
}

// New returns a scanner over data that fails with TooDeep when objects and arrays nest
// more than maxDepth levels (the top-level object is level 1).
func New(data []byte, maxDepth int) Scanner {
	return Scanner{data: data, maxDepth: maxDepth}
}

// Err is the fatal error, or nil.
func (s *Scanner) Err() *Error { return s.err }

// Pos is the byte offset of the next byte to read.
func (s *Scanner) Pos() int { return s.pos }

// Mark is a saved scanner position, for reading one value twice.
type Mark struct{ pos, depth int }

// Mark saves the current position.
func (s *Scanner) Mark() Mark { return Mark{s.pos, s.depth} }

// Rewind returns to a saved position. It does not clear Err.
func (s *Scanner) Rewind(m Mark) { s.pos, s.depth = m.pos, m.depth }

// Bytes returns the input between two offsets (no copy).
func (s *Scanner) Bytes(from, to int) []byte { return s.data[from:to] }

func (s *Scanner) fail(off int, msg string) {
	if s.err == nil {
		s.err = &Error{Offset: off, Message: msg}
	}
}

// failFound fails at the current position: "expected <want>, found <what is there>".
func (s *Scanner) failFound(want string) {
	s.fail(s.pos, "expected "+want+", found "+s.describe(s.pos))
}

// describe names the input at off for a message: a quoted character, or end of input.
func (s *Scanner) describe(off int) string {
	if off >= len(s.data) {
		return "end of input"
	}
	c := s.data[off]
	if c < utf8.RuneSelf {
		return strconv.QuoteRune(rune(c))
	}
	r, size := utf8.DecodeRune(s.data[off:])
	if r == utf8.RuneError && size == 1 {
		return "byte 0x" + strconv.FormatUint(uint64(c), 16)
	}
	if r == '\uFEFF' && off == 0 {
		return "a byte order mark (U+FEFF); send JSON without one"
	}
	return strconv.QuoteRune(r)
}

func (s *Scanner) skipSpace() {
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ', '\t', '\n', '\r':
			s.pos++
		default:
			return
		}
	}
}

// Peek skips white space and returns the kind of the value that starts there. When no value
// can start there, it sets Err and returns Invalid.
func (s *Scanner) Peek() Kind {
	if s.err != nil {
		return Invalid
	}
	s.skipSpace()
	if s.pos >= len(s.data) {
		s.failFound("a value")
		return Invalid
	}
	switch c := s.data[s.pos]; c {
	case '{':
		return Object
	case '[':
		return Array
	case '"':
		return String
	case 't', 'f':
		return Bool
	case 'n':
		return Null
	default:
		if c == '-' || (c >= '0' && c <= '9') {
			return Number
		}
	}
	s.failFound("a value")
	return Invalid
}

func (s *Scanner) enter() bool {
	s.depth++
	if s.depth > s.maxDepth {
		if s.err == nil {
			s.err = &Error{TooDeep: true, Offset: s.pos,
				Message: "objects and arrays nest more than " + strconv.Itoa(s.maxDepth) + " levels deep"}
		}
		return false
	}
	s.pos++
	return true
}

// Iter is the state of one object or array being read: how many members were read.
type Iter struct{ n int }

// Count is how many members or elements NextMember or NextElement has moved to so far; after
// NextElement returns true, Count()-1 is the element's index.
func (it *Iter) Count() int { return it.n }

// BeginObject consumes '{' (Peek returned Object; anything else is a syntax error).
func (s *Scanner) BeginObject() { s.begin('{', "'{'") }

func (s *Scanner) begin(c byte, what string) {
	if s.err != nil {
		return
	}
	s.skipSpace()
	if s.pos >= len(s.data) || s.data[s.pos] != c {
		s.failFound(what)
		return
	}
	s.enter()
}

// NextMember moves to the next member of the object: it returns true when a key follows
// (read it with Key), false at the closing '}' (consumed) or on error.
func (s *Scanner) NextMember(it *Iter) bool {
	if s.err != nil {
		return false
	}
	s.skipSpace()
	if s.pos >= len(s.data) {
		if it.n > 0 {
			s.failFound("',' or '}' after an object member")
		} else {
			s.failFound("a string key or '}'")
		}
		return false
	}
	c := s.data[s.pos]
	if c == '}' {
		s.pos++
		s.depth--
		return false
	}
	if it.n > 0 {
		if c != ',' {
			s.failFound("',' or '}' after an object member")
			return false
		}
		s.pos++
		s.skipSpace()
		if s.pos >= len(s.data) || s.data[s.pos] != '"' {
			s.failFound("a string key after ','")
			return false
		}
	} else if c != '"' {
		s.failFound("a string key or '}'")
		return false
	}
	it.n++
	return true
}

// Key reads a member's key and the ':' after it. The returned bytes are valid until the
// next call on s. The key is decoded (escapes resolved, bad bytes replaced).
func (s *Scanner) Key() ([]byte, Issue) {
	key, issue := s.scanString(true)
	if s.err != nil {
		return nil, Issue{}
	}
	s.skipSpace()
	if s.pos >= len(s.data) || s.data[s.pos] != ':' {
		s.failFound("':' after an object key")
		return nil, Issue{}
	}
	s.pos++
	return key, issue
}

// BeginArray consumes '[' (Peek returned Array; anything else is a syntax error).
func (s *Scanner) BeginArray() { s.begin('[', "'['") }

// NextElement moves to the next element of the array: true when a value follows, false at
// the closing ']' (consumed) or on error.
func (s *Scanner) NextElement(it *Iter) bool {
	if s.err != nil {
		return false
	}
	s.skipSpace()
	if s.pos >= len(s.data) {
		if it.n > 0 {
			s.failFound("',' or ']' after an array element")
		} else {
			s.failFound("a value or ']'")
		}
		return false
	}
	c := s.data[s.pos]
	if c == ']' {
		s.pos++
		s.depth--
		return false
	}
	if it.n > 0 {
		if c != ',' {
			s.failFound("',' or ']' after an array element")
			return false
		}
		s.pos++
		s.skipSpace()
		if s.pos < len(s.data) && s.data[s.pos] == ']' {
			s.failFound("a value after ','")
			return false
		}
	}
	it.n++
	return true
}

// String reads a string value (Peek returned String) and returns it decoded, with the
// first issue inside it.
func (s *Scanner) String() (string, Issue) {
	b, issue := s.scanString(true)
	return string(b), issue
}

// CheckString reads a string value (Peek returned String) without decoding it, and
// returns the first issue inside it.
func (s *Scanner) CheckString() Issue {
	_, issue := s.scanString(false)
	return issue
}

// scanString reads the string at s.pos. With decode, it returns the decoded bytes (a view
// of the input when there was nothing to decode, else s.buf); without, it only checks
// syntax and returns nil. Issues are found in both modes.
func (s *Scanner) scanString(decode bool) ([]byte, Issue) {
	if s.err != nil {
		return nil, Issue{}
	}
	if s.pos >= len(s.data) || s.data[s.pos] != '"' {
		s.failFound("a string")
		return nil, Issue{}
	}
	start := s.pos + 1
	i := start
	var issue Issue
	data := s.data
	// Fast path: no escapes, valid UTF-8; the result is a view of the input.
	for i < len(data) {
		c := data[i]
		if c == '"' {
			s.pos = i + 1
			if decode {
				return data[start:i], issue
			}
			return nil, issue
		}
		if c == '\\' {
			break
		}
		if c < 0x20 {
			s.fail(i, "control character "+describeControl(c)+" inside a string; escape it")
			return nil, Issue{}
		}
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size == 1 {
			if issue.Kind == NoIssue {
				issue = Issue{InvalidUTF8, i}
			}
			if decode {
				break // the decoded value replaces the byte: take the slow path
			}
		}
		i += size
	}
	if i >= len(data) {
		s.fail(len(data), "expected '\"' to end the string that begins at byte "+strconv.Itoa(start-1)+", found end of input")
		return nil, Issue{}
	}
	// Slow path: escapes, or bad bytes to replace.
	var out []byte
	if decode {
		out = append(s.buf[:0], data[start:i]...)
	}
	for i < len(data) {
		c := data[i]
		switch {
		case c == '"':
			s.pos = i + 1
			if decode {
				s.buf = out
			}
			return out, issue
		case c == '\\':
			if i+1 >= len(data) {
				s.fail(len(data), "expected an escape after '\\', found end of input")
				return nil, Issue{}
			}
			e := data[i+1]
			var r rune
			switch e {
			case '"', '\\', '/':
				r = rune(e)
			case 'b':
				r = '\b'
			case 'f':
				r = '\f'
			case 'n':
				r = '\n'
			case 'r':
				r = '\r'
			case 't':
				r = '\t'
			case 'u':
				u, ok := hex4(data, i+2)
				if !ok {
					bad := i + 2 // the first byte that is not a hex digit
					for bad < len(data) && bad < i+6 && isHex(data[bad]) {
						bad++
					}
					s.fail(bad, "invalid \\u escape at byte "+strconv.Itoa(i)+": expected 4 hex digits after \\u")
					return nil, Issue{}
				}
				r = rune(u)
				if utf16.IsSurrogate(r) {
					pair := rune(-1)
					if i+7 < len(data) && data[i+6] == '\\' && data[i+7] == 'u' {
						if v, ok := hex4(data, i+8); ok {
							pair = rune(v)
						}
					}
					if dec := utf16.DecodeRune(r, pair); dec != utf8.RuneError {
						if decode {
							out = utf8.AppendRune(out, dec)
						}
						i += 12
						continue
					}
					if issue.Kind == NoIssue {
						issue = Issue{LoneSurrogate, i}
					}
					r = utf8.RuneError
				}
				if decode {
					out = utf8.AppendRune(out, r)
				}
				i += 6
				continue
			default:
				s.fail(i+1, "invalid escape "+strconv.Quote(string(data[i:i+2]))+" inside a string")
				return nil, Issue{}
			}
			if decode {
				out = append(out, byte(r))
			}
			i += 2
		case c < 0x20:
			s.fail(i, "control character "+describeControl(c)+" inside a string; escape it")
			return nil, Issue{}
		case c < utf8.RuneSelf:
			if decode {
				out = append(out, c)
			}
			i++
		default:
			r, size := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && size == 1 {
				if issue.Kind == NoIssue {
					issue = Issue{InvalidUTF8, i}
				}
				if decode {
					out = utf8.AppendRune(out, utf8.RuneError)
				}
				i++
				continue
			}
			if decode {
				out = append(out, data[i:i+size]...)
			}
			i += size
		}
	}
	s.fail(len(data), "expected '\"' to end the string that begins at byte "+strconv.Itoa(start-1)+", found end of input")
	return nil, Issue{}
}

func describeControl(c byte) string {
	return "U+00" + string("0123456789ABCDEF"[c>>4]) + string("0123456789ABCDEF"[c&15])
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// hex4 reads 4 hex digits at data[i:].
func hex4(data []byte, i int) (uint16, bool) {
	if i+4 > len(data) {
		return 0, false
	}
	var v uint16
	for _, c := range data[i : i+4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		v = v<<4 | uint16(c)
	}
	return v, true
}

// Number reads a number (Peek returned Number) and returns its literal, checked against
// RFC 8259's grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (s *Scanner) Number() []byte {
	if s.err != nil {
		return nil
	}
	data := s.data
	start, i := s.pos, s.pos
	if i < len(data) && data[i] == '-' {
		i++
	}
	switch {
	case i < len(data) && data[i] == '0':
		i++
		if i < len(data) && data[i] >= '0' && data[i] <= '9' {
			s.pos = i
			s.fail(i, "a number cannot have a leading zero")
			return nil
		}
	case i < len(data) && data[i] >= '1' && data[i] <= '9':
		for i < len(data) && data[i] >= '0' && data[i] <= '9' {
			i++
		}
	default:
		s.pos = i
		s.failFound("a digit")
		return nil
	}
	if i < len(data) && data[i] == '.' {
		i++
		if i >= len(data) || data[i] < '0' || data[i] > '9' {
			s.pos = i
			s.failFound("a digit after '.'")
			return nil
		}
		for i < len(data) && data[i] >= '0' && data[i] <= '9' {
			i++
		}
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if i >= len(data) || data[i] < '0' || data[i] > '9' {
			s.pos = i
			s.failFound("a digit in the exponent")
			return nil
		}
		for i < len(data) && data[i] >= '0' && data[i] <= '9' {
			i++
		}
	}
	s.pos = i
	return data[start:i]
}

// Bool reads true or false (Peek returned Bool).
func (s *Scanner) Bool() bool {
	if s.err != nil {
		return false
	}
	if s.pos < len(s.data) && s.data[s.pos] == 't' {
		return s.literal("true")
	}
	s.literal("false")
	return false
}

// Null reads null (Peek returned Null).
func (s *Scanner) Null() {
	if s.err == nil {
		s.literal("null")
	}
}

// literal reads word, or fails at the first byte that is not word's: a syntax error is
// located at the first byte that no JSON text can have there, the offset encoding/json and
// JavaScript's JSON.parse report (for "nope", byte 1, the 'o'), not at the token's start.
func (s *Scanner) literal(word string) bool {
	for i := 0; i < len(word); i++ {
		if s.pos+i >= len(s.data) || s.data[s.pos+i] != word[i] {
			s.pos += i
			s.failFound(strconv.QuoteRune(rune(word[i])) + " to complete " + word)
			return false
		}
	}
	s.pos += len(word)
	return true
}

// Skip reads any value, checking its syntax and nesting but not the contents of strings
// beyond syntax (bad UTF-8 and lone surrogates in skipped values are not reported).
func (s *Scanner) Skip() {
	switch s.Peek() {
	case Object:
		s.BeginObject()
		var it Iter
		for s.NextMember(&it) {
			s.scanString(false)
			s.skipSpace()
			if s.err == nil && (s.pos >= len(s.data) || s.data[s.pos] != ':') {
				s.failFound("':' after an object key")
			}
			if s.err != nil {
				return
			}
			s.pos++
			s.Skip()
		}
	case Array:
		s.BeginArray()
		var it Iter
		for s.NextElement(&it) {
			s.Skip()
		}
	case String:
		s.scanString(false)
	case Number:
		s.Number()
	case Bool:
		s.Bool()
	case Null:
		s.Null()
	}
}

// End checks that only white space follows the top-level value.
func (s *Scanner) End() {
	if s.err != nil {
		return
	}
	s.skipSpace()
	if s.pos < len(s.data) {
		s.failFound("end of input after the top-level value")
	}
}
