// Package jsonline decodes the one-value-per-line inputs of the validate command: a line
// that must hold a JSON string, or a JSON string or an object {"text": string}.
//
// A bad line is a value, not a failure of the stream: the caller reports it for that line
// and goes on. Problems are *rules.Error values with a machine code and the byte offset in
// the line where the line went wrong:
//
//	invalid_utf8    the line is not UTF-8 (JSON text must be, RFC 8259 §8.1)
//	malformed_json  the line is not one JSON value (an empty line included)
//	wrong_type      valid JSON of the wrong kind (a number, an array, "text": 5)
//	missing_field   an object without "text"
//	unknown_field   an object with a member other than "text"
//	duplicate_field an object with "text" twice
//
// Strings are decoded by encoding/json, so escapes such as \n and \u0000 give the
// characters they name.
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
	if !json.Valid(line) {
		return "", malformed(json.Unmarshal(line, new(any)), line)
	}
	// The line is one valid JSON object: walk its members in order, so that the first
	// problem on the line is the one reported.
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.Token() // '{'
	var text string
	found := false
	for dec.More() {
		nameOff := next(line, dec.InputOffset())
		tok, _ := dec.Token()
		name, _ := tok.(string)
		valueOff := next(line, dec.InputOffset())
		var raw json.RawMessage
		dec.Decode(&raw)
		switch {
		case name != "text":
			return "", at(rules.CodeUnknownField, nameOff,
				"unknown member "+strconv.Quote(name)+`; the object's only member is "text"`)
		case found:
			return "", at(rules.CodeDuplicateField, nameOff, `"text" is given twice`)
		case raw[0] != '"':
			return "", at(rules.CodeWrongType, valueOff, `"text" must be a JSON string, found `+kind(raw[0]))
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

// next skips the white space, ',' and ':' between JSON tokens from off, returning where
// the next token begins.
func next(line []byte, off int64) int {
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
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}

// begin checks what every line needs: UTF-8, and something other than white space. It
// returns the offset of the first byte of the value.
func begin(line []byte) (int, *rules.Error) {
	if !utf8.Valid(line) {
		off := 0
		for off < len(line) {
			r, size := utf8.DecodeRune(line[off:])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			off += size
		}
		return 0, at(rules.CodeInvalidUTF8, off, "the line is not valid UTF-8: bad byte 0x"+
			strconv.FormatUint(uint64(line[off]), 16)+" at offset "+strconv.Itoa(off))
	}
	start := len(line) - len(bytes.TrimLeft(line, " \t\r"))
	if start == len(line) {
		return 0, at(rules.CodeMalformedJSON, start, "empty line; want one JSON value")
	}
	return start, nil
}

func wrongType(line []byte, start int, want string) *rules.Error {
	if !json.Valid(line) {
		return malformed(json.Unmarshal(line, new(any)), line)
	}
	return at(rules.CodeWrongType, start, "want "+want+", found "+kind(line[start]))
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

// kind names the JSON kind that starts with b, for messages.
func kind(b byte) string {
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
