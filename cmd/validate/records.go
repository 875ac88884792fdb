package main

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/postrules/postrules/cmd/validate/internal/jsonline"
	"github.com/postrules/postrules/rules"
)

// recordShape describes the inputs the command decodes itself, an accounts file and a
// status input: a JSON array of flat objects whose members are all strings.
type recordShape struct {
	noun     string   // a record, for messages: "outcome"
	what     string   // the same with its article: "an outcome"
	names    []string // the members, exactly as the wire spells them
	required []string // the members that must be present
}

// decodeRecords decodes data, a JSON array of objects shaped as shape says, strictly:
// member names exactly as spelled (encoding/json alone would take "State" for "state"),
// no unknown or repeated members, strings where strings belong, and strings that decode
// to exactly what they say (no invalid UTF-8, no lone surrogate escape, which
// encoding/json would silently turn into U+FFFD). The first problem in the input wins;
// it carries a JSON pointer and, where a byte is at fault, Offset into data (counted from
// 0, as in `validate length`). Each record maps a member name to its value.
func decodeRecords(data []byte, shape recordShape) ([]map[string]string, *rules.Error) {
	if e := jsonline.Syntax(data); e != nil {
		return nil, e
	}
	if e := jsonline.CheckStrings(data, 0); e != nil && e.Code == rules.CodeInvalidUTF8 {
		return nil, e // not UTF-8: not JSON text, whatever its structure (RFC 8259 §8.1)
	}
	if t := bytes.TrimLeft(data, " \t\r\n"); t[0] != '[' {
		return nil, rules.NewError(rules.CodeInvalidBody, "", "want a JSON array of "+shape.noun+"s, found "+jsonline.Kind(t[0]))
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.Token() // '['
	var records []map[string]string
	for i := 0; dec.More(); i++ {
		base := "/" + strconv.Itoa(i)
		valueOff := jsonline.NextToken(data, dec.InputOffset())
		if data[valueOff] != '{' {
			return nil, rules.NewError(rules.CodeWrongType, base, "want "+shape.what+" object, found "+jsonline.Kind(data[valueOff]))
		}
		dec.Token() // '{'
		record := map[string]string{}
		for dec.More() {
			nameOff := jsonline.NextToken(data, dec.InputOffset())
			tok, _ := dec.Token()
			name, _ := tok.(string)
			valueOff := jsonline.NextToken(data, dec.InputOffset())
			if e := jsonline.CheckStrings(data[nameOff:valueOff], nameOff); e != nil {
				return nil, e.WithPath(base)
			}
			path := base + "/" + escapePointer(name)
			if !contains(shape.names, name) {
				return nil, rules.NewError(rules.CodeUnknownField, path,
					"unknown member "+strconv.Quote(name)+"; "+shape.what+" has "+list(shape.names))
			}
			if _, seen := record[name]; seen {
				return nil, rules.NewError(rules.CodeDuplicateField, path, strconv.Quote(name)+" is given twice")
			}
			var raw json.RawMessage
			dec.Decode(&raw) // valid JSON: cannot fail
			if raw[0] != '"' {
				return nil, rules.NewError(rules.CodeWrongType, path, strconv.Quote(name)+" must be a string, found "+jsonline.Kind(raw[0]))
			}
			if e := jsonline.CheckStrings(raw, valueOff); e != nil {
				return nil, e.WithPath(path)
			}
			var value string
			json.Unmarshal(raw, &value) // a valid, clean JSON string: cannot fail
			record[name] = value
		}
		dec.Token() // '}'
		for _, name := range shape.required {
			if _, ok := record[name]; !ok {
				return nil, rules.NewError(rules.CodeMissingField, base+"/"+name, "the "+shape.noun+" has no "+strconv.Quote(name))
			}
		}
		records = append(records, record)
	}
	return records, nil
}

func contains(names []string, name string) bool {
	for _, n := range names {
		if n == name {
			return true
		}
	}
	return false
}

// list renders names for a message: "platform, state, error and code".
func list(names []string) string {
	s := ""
	for i, n := range names {
		switch {
		case i == 0:
		case i == len(names)-1:
			s += " and "
		default:
			s += ", "
		}
		s += n
	}
	return s
}

// escapePointer escapes a member name as a JSON pointer token (RFC 6901 §3).
func escapePointer(s string) string {
	if !bytes.ContainsAny([]byte(s), "~/") {
		return s
	}
	var b []byte
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '~':
			b = append(b, "~0"...)
		case '/':
			b = append(b, "~1"...)
		default:
			b = append(b, s[i])
		}
	}
	return string(b)
}
