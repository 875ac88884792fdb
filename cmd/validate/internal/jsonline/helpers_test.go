package jsonline

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/postrules/postrules/rules/apierror"
)

func validUTF8(s string) bool { return utf8.ValidString(s) }

// isString reports whether the JSON value on the line is a string (after white space).
func isString(line string) bool {
	t := bytes.TrimLeft([]byte(line), " \t\r\n")
	return len(t) > 0 && t[0] == '"'
}

// countText counts the top-level "text" members of a JSON object, which a map hides.
func countText(line string) int {
	dec := json.NewDecoder(bytes.NewReader([]byte(line)))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return 0
	}
	n := 0
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return 0
		}
		if tok == "text" {
			n++
		}
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return 0
		}
	}
	return n
}

var (
	stringLiteral = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
	escapeToken   = regexp.MustCompile(`\\u[0-9a-fA-F]{4}|\\.|[^\\]`)
)

// referenceIssue is the slow reference of the strict checks for valid JSON: "invalid_utf8" when
// the text is not UTF-8, "invalid_string" when a string's UTF-16 code units, with \u
// escapes taken as they are written, hold a surrogate that is not half of a pair, "" else.
func referenceIssue(data string) apierror.Code {
	if !utf8.ValidString(data) {
		return apierror.CodeInvalidUTF8
	}
	for _, lit := range stringLiteral.FindAllString(data, -1) {
		var units []uint16
		for _, tok := range escapeToken.FindAllString(lit[1:len(lit)-1], -1) {
			if len(tok) == 6 && tok[:2] == `\u` {
				n, _ := strconv.ParseUint(tok[2:], 16, 16)
				units = append(units, uint16(n))
				continue
			}
			units = append(units, utf16.Encode([]rune(tok))...)
		}
		for i := 0; i < len(units); i++ {
			switch {
			case utf16.IsSurrogate(rune(units[i])) && units[i] < 0xDC00 && i+1 < len(units) &&
				0xDC00 <= units[i+1] && units[i+1] <= 0xDFFF:
				i++
			case utf16.IsSurrogate(rune(units[i])):
				return apierror.CodeInvalidString
			}
		}
	}
	return ""
}
