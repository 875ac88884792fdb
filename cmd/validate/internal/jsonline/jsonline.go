// Package jsonline decodes the one-value-per-line inputs of the validate command: a line
// that must hold a JSON string, or a JSON string or an object {"text": string}.
//
// A bad line is a value, not a failure of the stream: the caller reports it for that line
// and goes on. Problems are *apierror.Error values with a machine code and the byte offset in
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
// Lines are read by the module's strict JSON scanner (internal/strictjson), the one that
// package schema decodes requests, options and outcomes with: escapes such as \n and \u0000
// give the characters they name, and a syntax error reads and is located as everywhere
// else ("malformed JSON at byte N: ...", N the first byte no JSON text can have there).
package jsonline

import (
	"strconv"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules/apierror"
)

// String decodes a line holding one JSON string.
func String(line []byte) (string, *apierror.Error) {
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
	if e := syntax(line); e != nil {
		return "", e
	}
	sc := strictjson.New(line, maxDepth)
	sc.Peek()
	s, issue := sc.String()
	if e := stringIssue(&sc, issue); e != nil {
		return "", e
	}
	return s, nil
}

// Text decodes a line holding a JSON string or an object whose only member is "text", a
// string.
func Text(line []byte) (string, *apierror.Error) {
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
	if e := syntax(line); e != nil {
		return "", e
	}
	// The line is one valid JSON object: walk its members in order, so that the first
	// problem on the line is the one reported.
	sc := strictjson.New(line, maxDepth)
	sc.Peek()
	sc.BeginObject()
	var it strictjson.Iter
	var text string
	found := false
	for sc.NextMember(&it) {
		nameOff := sc.Pos()
		key, issue := sc.Key()
		if e := stringIssue(&sc, issue); e != nil {
			return "", e // the name is not the one it seems once decoded: say so first
		}
		name := string(key)
		kind := sc.Peek()
		valueOff := sc.Pos()
		switch {
		case name != "text":
			return "", at(apierror.CodeUnknownField, nameOff,
				"unknown member "+strconv.Quote(name)+`; the object's only member is "text"`)
		case found:
			return "", at(apierror.CodeDuplicateField, nameOff, `"text" is given twice`)
		case kind != strictjson.String:
			return "", at(apierror.CodeWrongType, valueOff, `"text" must be a JSON string, found `+kind.String())
		}
		text, issue = sc.String()
		if e := stringIssue(&sc, issue); e != nil {
			return "", e
		}
		found = true
	}
	if !found {
		return "", at(apierror.CodeMissingField, start, `the object has no "text" member`)
	}
	return text, nil
}

const textPrefix = `{"text":"`

// plainString is the fast path of string decoding: b is exactly one JSON string literal
// whose contents need no decoding (no escape, no control character), so the contents are
// the string. ok is false for anything else, which then takes the scanner's path. The
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

// begin checks what every line needs: UTF-8 (JSON text must be, RFC 8259 §8.1, so a bad
// byte anywhere is the line's first problem), and something other than white space. It
// returns the offset of the first byte of the value.
func begin(line []byte) (int, *apierror.Error) {
	if off := strictjson.FirstInvalidUTF8(line); off >= 0 {
		return 0, notUTF8(line, off)
	}
	// JSON's white space (RFC 8259 §2). The line reader strips the line's own "\n", but a
	// caller may hand over any bytes.
	start := 0
	for start < len(line) && (line[start] == ' ' || line[start] == '\t' || line[start] == '\r' || line[start] == '\n') {
		start++
	}
	if start == len(line) {
		return 0, at(apierror.CodeMalformedJSON, start, "empty line; want one JSON value")
	}
	return start, nil
}

func wrongType(line []byte, start int, want string) *apierror.Error {
	if e := syntax(line); e != nil {
		return e
	}
	return at(apierror.CodeWrongType, start, "want "+want+", found "+strictjson.KindOf(line[start]).String())
}

// maxDepth is how deeply a line may nest before it is too_deep: encoding/json's own limit,
// far beyond a request's, because a deep array on a line is valid JSON of the wrong kind
// (wrong_type), not a body the API refuses unread.
const maxDepth = 10000

// syntax checks that line is one JSON value, as the request decoder checks a body: when it
// is not, the problem is malformed_json at the first bad byte (too_deep past maxDepth),
// with the decoders' message.
func syntax(line []byte) *apierror.Error {
	e := strictjson.Check(line, maxDepth)
	if e == nil {
		return nil
	}
	code := apierror.CodeMalformedJSON
	if e.TooDeep {
		code = apierror.CodeTooDeep
	}
	return at(code, e.Offset, e.Describe(maxDepth))
}

// stringIssue is the problem of a string the scanner found an issue in: a lone surrogate
// escape, which encoding/json would silently make U+FFFD (invalid UTF-8 is found by begin
// before any string is read).
func stringIssue(sc *strictjson.Scanner, is strictjson.Issue) *apierror.Error {
	switch is.Kind {
	case strictjson.LoneSurrogate:
		return at(apierror.CodeInvalidString, is.Offset, sc.LoneSurrogateMessage(is.Offset, ""))
	case strictjson.InvalidUTF8:
		return notUTF8(sc.Bytes(0, is.Offset+1), is.Offset)
	}
	return nil
}

func notUTF8(line []byte, off int) *apierror.Error {
	return at(apierror.CodeInvalidUTF8, off, "the line is not valid UTF-8: bad byte 0x"+
		strconv.FormatUint(uint64(line[off]), 16)+" at offset "+strconv.Itoa(off))
}

func at(code apierror.Code, off int, msg string) *apierror.Error {
	e := apierror.New(code, "", msg)
	e.Offset = off
	return e
}
