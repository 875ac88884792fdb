package jsonloc

import (
	"encoding/json"
	"testing"
)

// TestValueEnd: the end of each kind of value, read where the value begins inside a
// larger document, as validate fix reads the value it replaces.
func TestValueEnd(t *testing.T) {
	tests := []struct {
		why  string
		doc  string
		at   int
		want int
	}{
		{"a string ends after its closing quote", `["ab",1]`, 1, 5},
		{"an escaped quote does not end a string", `["a\"b",1]`, 1, 7},
		{"an escaped backslash before the quote does", `["a\\",1]`, 1, 6},
		{"an object ends after its closing brace, nesting counted", `[{"a":{"b":[1]}},2]`, 1, 16},
		{"a brace inside a string is text", `[{"a":"}"},2]`, 1, 10},
		{"a number ends at the comma", `[12.5e3,1]`, 1, 7},
		{"a literal ends at the closing bracket", `[true]`, 1, 5},
		{"a literal ends at white space", "[null \n]", 1, 5},
		{"a whole document", `{"a": [1, 2]}`, 0, 13},
		{"at the end of the document: stays", `[1]`, 3, 3},
		{"at a delimiter: stays", `[1,2]`, 2, 2},
		{"an unclosed string runs to the end", `["abc`, 1, 5},
		{"an unclosed array runs to the end", `[[1,2`, 1, 5},
	}
	for _, tt := range tests {
		if got := ValueEnd([]byte(tt.doc), tt.at); got != tt.want {
			t.Errorf("%s: ValueEnd(%q, %d) = %d, want %d", tt.why, tt.doc, tt.at, got, tt.want)
		}
	}
}

// FuzzValueEnd: whatever the bytes, ValueEnd returns a position between i and the end
// and never moves back; on a valid JSON document read from its first byte, the end of
// the document.
func FuzzValueEnd(f *testing.F) {
	for _, s := range []string{`{"a":[1,"}"]}`, `"a\"`, `[`, `12`, `  `, `{"a":"\\"}`} {
		f.Add([]byte(s), 0)
	}
	f.Fuzz(func(t *testing.T, doc []byte, i int) {
		if i < 0 || i > len(doc) {
			return
		}
		end := ValueEnd(doc, i)
		if end < i || end > len(doc) {
			t.Fatalf("ValueEnd(%q, %d) = %d", doc, i, end)
		}
		var v any
		if i == 0 && len(doc) > 0 && json.Unmarshal(doc, &v) == nil {
			if c, err := json.Marshal(v); err == nil && ValueEnd(c, 0) != len(c) {
				t.Fatalf("ValueEnd(%q, 0) = %d, want %d", c, ValueEnd(c, 0), len(c))
			}
		}
	})
}
