package jsonline

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
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
