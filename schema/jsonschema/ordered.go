package jsonschema

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// obj is a JSON object whose members keep the order they were added in, so that a generated
// document prints the same bytes on every run and a diff in review shows a real change
// (encoding/json sorts map keys, which would scatter "type" and "properties" alphabetically).
type obj []member

// member is one name and value of an obj. Values are string, bool, int, []string, []any,
// json.Number, obj or nil (JSON null).
type member struct {
	k string
	v any
}

// set appends k: v, or replaces the value of an existing k in place.
func (o obj) set(k string, v any) obj {
	for i := range o {
		if o[i].k == k {
			o[i].v = v
			return o
		}
	}
	return append(o, member{k, v})
}

// get returns the value of k, or nil.
func (o obj) get(k string) any {
	for _, m := range o {
		if m.k == k {
			return m.v
		}
	}
	return nil
}

// marshalOrdered writes v as indented JSON (two spaces; arrays of scalars on one line) and
// a final newline. Non-ASCII text is written as \u escapes, so the documents are ASCII and
// invisible characters in patterns (U+00A0, U+3000) are visible in review. The cost is
// linear in the size of v.
func marshalOrdered(v any) []byte {
	b := appendValue(nil, v, 0)
	return append(b, '\n')
}

func appendIndent(b []byte, depth int) []byte {
	b = append(b, '\n')
	for i := 0; i < depth; i++ {
		b = append(b, ' ', ' ')
	}
	return b
}

func appendValue(b []byte, v any, depth int) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...)
	case string:
		return appendString(b, x)
	case bool:
		return strconv.AppendBool(b, x)
	case int:
		return strconv.AppendInt(b, int64(x), 10)
	case json.Number: // a literal as written (tests build 6e1 and 60.5 with it)
		return append(b, x...)
	case []string:
		a := make([]any, len(x))
		for i, s := range x {
			a[i] = s
		}
		return appendValue(b, a, depth)
	case []any:
		if len(x) == 0 {
			return append(b, "[]"...)
		}
		flat := true
		for _, e := range x {
			switch e.(type) {
			case obj, []any, []string:
				flat = false
			}
		}
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
				if flat {
					b = append(b, ' ')
				}
			}
			if !flat {
				b = appendIndent(b, depth+1)
			}
			b = appendValue(b, e, depth+1)
		}
		if !flat {
			b = appendIndent(b, depth)
		}
		return append(b, ']')
	case obj:
		if len(x) == 0 {
			return append(b, "{}"...)
		}
		b = append(b, '{')
		for i, m := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendIndent(b, depth+1)
			b = appendString(b, m.k)
			b = append(b, ':', ' ')
			b = appendValue(b, m.v, depth+1)
		}
		b = appendIndent(b, depth)
		return append(b, '}')
	}
	// Only the generator builds values, from the kinds above; a new kind is a bug that the
	// golden tests catch at once, as this null.
	return append(b, "null"...)
}

// appendString writes s as a JSON string: the two mandatory escapes, control characters as
// \n, \t or \u00XX, and every non-ASCII character as \uXXXX (a surrogate pair above
// U+FFFF). Invalid UTF-8 becomes U+FFFD; the generator's own strings are valid.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	u4 := func(b []byte, r rune) []byte {
		return append(b, '\\', 'u', hex[r>>12&15], hex[r>>8&15], hex[r>>4&15], hex[r&15])
	}
	b = append(b, '"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b = append(b, '\\', byte(r))
		case r == '\n':
			b = append(b, '\\', 'n')
		case r == '\t':
			b = append(b, '\\', 't')
		case r == '\r':
			b = append(b, '\\', 'r')
		case r < 0x20 || (r >= 0x7f && r <= 0xffff):
			b = u4(b, r)
		case r > 0xffff:
			r -= 0x10000
			b = u4(b, 0xd800+(r>>10))
			b = u4(b, 0xdc00+(r&0x3ff))
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	return append(b, '"')
}
