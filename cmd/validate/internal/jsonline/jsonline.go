// Package jsonline decodes the one-value-per-line inputs of the validate command: a line
// that must hold a JSON string, or a JSON string or an object {"text": string}.
//
// A bad line is a value, not a failure of the stream: the caller reports it for that line
// and goes on. Problems are *rules.Error values with a machine code and the byte offset in
// the line where the line went wrong:
//
//	invalid_utf8    the line is not UTF-8 (JSON text must be, RFC 8259 §8.1)
//	malformed_json  the line is not one JSON value (an empty line included)
//	invalid_string  a string holds a lone surrogate escape (\ud800 not followed by a low
//	                surrogate escape, or a lone \udc00): it names no character, and
//	                encoding/json would silently make it U+FFFD
//	wrong_type      valid JSON of the wrong kind (a number, an array, "text": 5)
//	missing_field   an object without "text"
//	unknown_field   an object with a member other than "text"
//	duplicate_field an object with "text" twice
//
// Strings are decoded by encoding/json, so escapes such as \n and \u0000 give the
// characters they name; the lines are checked first for what encoding/json lets through
// (invalid UTF-8, lone surrogates), as package schema checks request bodies.
//
// [Syntax] and [CheckStrings] are the same checks for whole JSON documents the command
// decodes itself (an accounts file, a status input), with the same codes and offsets.
package jsonline

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"unicode/utf8"

	"github.com/postrules/postrules/rules"
)

// String decodes a line holding one JSON string.
func String(line []byte) (string, *rules.Error) {
	start, err := begin(line)
	if err != nil {
		return "", err
	}
	if line[start] != '"' {
		return "", wrongType(line, start, "a JSON string")
	}
	if s, ok := plainString(trimSpace(line[start:])); ok {
		return s, nil
	}
	var s string
	if err := json.Unmarshal(line, &s); err != nil {
		return "", malformed(err, line)
	}
	if e := CheckStrings(line, 0); e != nil {
		return "", e
	}
	return s, nil
}

// Text decodes a line holding a JSON string or an object whose only member is "text", a
// string.
func Text(line []byte) (string, *rules.Error) {
	start, err := begin(line)
	if err != nil {
		return "", err
	}
	switch line[start] {
	case '"':
		return String(line)
	case '{':
		// The common compact form {"text":"..."} with nothing to unescape.
		if t := trimSpace(line[start:]); len(t) > len(textPrefix) && string(t[:len(textPrefix)]) == textPrefix && t[len(t)-1] == '}' {
			if s, ok := plainString(t[len(textPrefix)-1 : len(t)-1]); ok {
				return s, nil
			}
		}
	default:
		return "", wrongType(line, start, `a JSON string or an object {"text": ...}`)
	}
	if e := Syntax(line); e != nil {
		return "", e
	}
	// The line is one valid JSON object: walk its members in order, so that the first
	// problem on the line is the one reported.
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.Token() // '{'
	var text string
	found := false
	for dec.More() {
		nameOff := NextToken(line, dec.InputOffset())
		tok, _ := dec.Token()
		name, _ := tok.(string)
		valueOff := NextToken(line, dec.InputOffset())
		if e := CheckStrings(line[nameOff:valueOff], nameOff); e != nil {
			return "", e // the name is not the one it seems once decoded: say so first
		}
		var raw json.RawMessage
		dec.Decode(&raw)
		switch {
		case name != "text":
			return "", at(rules.CodeUnknownField, nameOff,
				"unknown member "+strconv.Quote(name)+`; the object's only member is "text"`)
		case found:
			return "", at(rules.CodeDuplicateField, nameOff, `"text" is given twice`)
		case raw[0] != '"':
			return "", at(rules.CodeWrongType, valueOff, `"text" must be a JSON string, found `+Kind(raw[0]))
		}
		if e := CheckStrings(raw, valueOff); e != nil {
			return "", e
		}
		if err := json.Unmarshal(raw, &text); err != nil { // cannot fail on a valid string
			return "", malformed(err, line)
		}
		found = true
	}
	if !found {
		return "", at(rules.CodeMissingField, start, `the object has no "text" member`)
	}
	return text, nil
}

// NextToken skips the white space, ',' and ':' between JSON tokens from off (a
// json.Decoder's InputOffset), returning where the next token begins, so that an error
// about that token can point at its first byte.
func NextToken(line []byte, off int64) int {
	i := int(off)
	for i < len(line) {
		switch line[i] {
		case ' ', '\t', '\r', '\n', ',', ':':
			i++
			continue
		}
		break
	}
	return i
}

const textPrefix = `{"text":"`

// plainString is the fast path of string decoding: b is exactly one JSON string literal
// whose contents need no decoding (no escape, no control character), so the contents are
// the string. ok is false for anything else, which then takes encoding/json's path. The
// caller has already checked that b is UTF-8.
func plainString(b []byte) (string, bool) {
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		return "", false
	}
	inner := b[1 : len(b)-1]
	for _, c := range inner {
		if c < 0x20 || c == '"' || c == '\\' {
			return "", false
		}
	}
	return string(inner), true
}

// trimSpace trims JSON white space from b's end (a line holds no '\n').
func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t' || b[len(b)-1] == '\r' || b[len(b)-1] == '\n') {
		b = b[:len(b)-1]
	}
	return b
}

// begin checks what every line needs: UTF-8, and something other than white space. It
// returns the offset of the first byte of the value.
func begin(line []byte) (int, *rules.Error) {
	if off := firstInvalidUTF8(line); off >= 0 {
		return 0, at(rules.CodeInvalidUTF8, off, "the line is not valid UTF-8: bad byte 0x"+
			strconv.FormatUint(uint64(line[off]), 16)+" at offset "+strconv.Itoa(off))
	}
	// JSON's white space (RFC 8259 §2). The line reader strips the line's own "\n", but a
	// caller may hand over any bytes.
	start := len(line) - len(bytes.TrimLeft(line, " \t\r\n"))
	if start == len(line) {
		return 0, at(rules.CodeMalformedJSON, start, "empty line; want one JSON value")
	}
	return start, nil
}

func wrongType(line []byte, start int, want string) *rules.Error {
	if e := Syntax(line); e != nil {
		return e
	}
	return at(rules.CodeWrongType, start, "want "+want+", found "+Kind(line[start]))
}

// Syntax checks that data is one JSON value (RFC 8259 grammar; the strings' contents are
// [CheckStrings]' business). When it is not, the problem is malformed_json with Offset at
// the offending byte, counted from 0, or at len(data) when the value is cut short.
func Syntax(data []byte) *rules.Error {
	if json.Valid(data) {
		return nil
	}
	return malformed(json.Unmarshal(data, new(any)), data)
}

// malformed turns encoding/json's syntax error into malformed_json at the offending byte.
func malformed(err error, line []byte) *rules.Error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		// Offset counts the bytes read, the bad one included; at the end of the input
		// ("unexpected end") there is no bad byte and the offset is the line's length.
		off := int(se.Offset)
		if off > 0 && off <= len(line) && se.Error() != "unexpected end of JSON input" {
			off--
		}
		return at(rules.CodeMalformedJSON, off, "not JSON: "+se.Error()+" (at offset "+strconv.Itoa(off)+")")
	}
	return at(rules.CodeMalformedJSON, 0, "not JSON: "+err.Error())
}

// CheckStrings reports the first string in b that encoding/json would change without a
// word, or nil. b is JSON text, or a piece of one starting outside any string (a member
// name and its value, say), found at byte base of the whole text; offsets are in the whole
// text. Two problems, as package schema reports them in request bodies:
//
//	invalid_utf8    a byte sequence that is not UTF-8 (encoding/json makes it U+FFFD);
//	                Offset is its first byte
//	invalid_string  a lone surrogate escape: \uD800-\uDBFF not followed by a
//	                \uDC00-\uDFFF escape, or a \uDC00-\uDFFF escape not preceded by one
//	                (encoding/json makes it U+FFFD); Offset is its backslash
//
// A text that is not UTF-8 is not JSON text at all (RFC 8259 §8.1), so a bad byte
// anywhere is reported before any lone surrogate, as the line decoders do. (Outside
// strings, valid JSON is ASCII: a bad byte there is also a syntax error.)
func CheckStrings(b []byte, base int) *rules.Error {
	if off := firstInvalidUTF8(b); off >= 0 {
		return at(rules.CodeInvalidUTF8, base+off, "the text is not valid UTF-8: bad byte 0x"+
			strconv.FormatUint(uint64(b[off]), 16)+" at offset "+strconv.Itoa(base+off))
	}
	inString := false
	for i := 0; i < len(b); {
		switch c := b[i]; {
		case c == '"':
			inString = !inString
			i++
		case c == '\\' && inString:
			if i+1 >= len(b) || b[i+1] != 'u' {
				i += 2 // \" \\ \n ...: one escaped byte, never the start of another escape
				continue
			}
			u, ok := hex4(b, i+2)
			switch {
			case !ok: // not JSON; Syntax reports it
				i += 2
			case isHighSurrogate(u):
				if v, ok := hex4(b, i+8); ok && b[i+6] == '\\' && b[i+7] == 'u' && isLowSurrogate(v) {
					i += 12 // a pair: one astral character
					continue
				}
				return loneSurrogate(b[i:i+6], base+i)
			case isLowSurrogate(u):
				return loneSurrogate(b[i:i+6], base+i)
			default:
				i += 6
			}
		default:
			i++
		}
	}
	return nil
}

// firstInvalidUTF8 is the offset of the first byte of b that does not start a valid UTF-8
// sequence, or -1.
func firstInvalidUTF8(b []byte) int {
	if utf8.Valid(b) {
		return -1
	}
	for off := 0; off < len(b); {
		r, size := utf8.DecodeRune(b[off:])
		if r == utf8.RuneError && size <= 1 {
			return off
		}
		off += size
	}
	return -1
}

func isHighSurrogate(u rune) bool { return 0xD800 <= u && u <= 0xDBFF }
func isLowSurrogate(u rune) bool  { return 0xDC00 <= u && u <= 0xDFFF }

// hex4 decodes the four hex digits at b[i:i+4]; ok is false when there are not four.
func hex4(b []byte, i int) (rune, bool) {
	if i < 0 || i+4 > len(b) {
		return 0, false
	}
	var u rune
	for _, c := range b[i : i+4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		u = u<<4 | rune(c)
	}
	return u, true
}

func loneSurrogate(esc []byte, off int) *rules.Error {
	return at(rules.CodeInvalidString, off, "the string has a lone surrogate escape "+string(esc)+
		" at offset "+strconv.Itoa(off)+`; a \uD800-\uDBFF escape must be followed by a \uDC00-\uDFFF one`)
}

// Kind names the JSON kind whose first byte is b ("a string", "an object", ...), for
// messages about a value of the wrong kind.
func Kind(b byte) string {
	switch b {
	case '"':
		return "a string"
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

func at(code rules.Code, off int, msg string) *rules.Error {
	e := rules.NewError(code, "", msg)
	e.Offset = off
	return e
}
