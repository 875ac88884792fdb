package strictjson

import (
	"strconv"
	"unicode/utf8"
	"unsafe"
)

// The small pieces of strict JSON every decoder of the module needs (schema's request,
// options and outcome decoders, the CLI's line readers), in one place so that they say the
// same thing the same way.

// Describe renders a syntax error as every decoder reports it: "malformed JSON at byte N:
// <what was expected and found>". N is the first byte no JSON text can have there, counted
// from 0 (the length when the text is cut short), as encoding/json and JavaScript's
// JSON.parse locate it. A TooDeep error reads "<message> (at byte N; the limit is L)".
func (e *Error) Describe(limit int) string {
	if e.TooDeep {
		return e.Message + " (at byte " + strconv.Itoa(e.Offset) + "; the limit is " + strconv.Itoa(limit) + ")"
	}
	return "malformed JSON at byte " + strconv.Itoa(e.Offset) + ": " + e.Message
}

// Check scans data as one whole JSON text, nesting at most maxDepth levels, and returns its
// first syntax error, or nil.
func Check(data []byte, maxDepth int) *Error {
	s := New(data, maxDepth)
	s.Skip()
	s.End()
	return s.Err()
}

// KindOf is the kind of the JSON value whose first byte is b, for messages about a value of
// the wrong kind: Invalid when no value starts with b.
func KindOf(b byte) Kind {
	switch {
	case b == '{':
		return Object
	case b == '[':
		return Array
	case b == '"':
		return String
	case b == 't' || b == 'f':
		return Bool
	case b == 'n':
		return Null
	case b == '-' || '0' <= b && b <= '9':
		return Number
	}
	return Invalid
}

// FirstInvalidUTF8 is FirstInvalidUTF8String for bytes, read in place (no copy: b is
// only read, and not kept).
func FirstInvalidUTF8(b []byte) int {
	return FirstInvalidUTF8String(unsafe.String(unsafe.SliceData(b), len(b)))
}

// FirstInvalidUTF8String is the offset of the first byte of s that does not start a valid
// UTF-8 sequence, or -1: where an invalid_utf8 problem points. (A literal U+FFFD is valid:
// it is three bytes long.) A valid text costs one utf8.ValidString pass.
func FirstInvalidUTF8String(s string) int {
	if utf8.ValidString(s) {
		return -1
	}
	for off := 0; off < len(s); {
		if s[off] < utf8.RuneSelf {
			off++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[off:])
		if r == utf8.RuneError && size == 1 {
			return off
		}
		off += size
	}
	return -1
}

// LoneSurrogateMessage is the message of a lone surrogate escape found at byte off of a
// document (the Issue's Offset): "the string has a lone surrogate escape \ud800 at byte
// N<of>; a ..." (of names the document for a reader: " of the body", or "" for a line).
func (s *Scanner) LoneSurrogateMessage(off int, of string) string {
	end := min(off+6, len(s.data))
	return "the string has a lone surrogate escape " + string(s.data[off:end]) + " at byte " + strconv.Itoa(off) + of +
		"; a \\uD800-\\uDBFF escape must be followed by a \\uDC00-\\uDFFF one"
}

// Quote renders a value for a message, as every face words it: Go-quoted
// (strconv.Quote), and a value longer than 64 bytes cut there, back to the start of the
// UTF-8 sequence the cut would split, with "..." after the closing quote, so that a 1 MiB
// input does not make a 1 MiB message.
func Quote(s string) string {
	const max = 64
	if len(s) <= max {
		return strconv.Quote(s)
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "..."
}

// Digits reports whether s is one or more ASCII digits: the form of the numeric ids the
// platforms take as strings (a Pinterest boardId, an option of the wire's digits format).
func Digits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
