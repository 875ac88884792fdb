package jsonloc

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// at is the Position of the value pointer names in doc, with Exact.
func at(doc, pointer string) (Position, bool) {
	loc := Locate([]byte(doc), []string{pointer})[0]
	return Positions([]byte(doc), []int{loc.Offset})[0], loc.Exact
}

func TestLocate(t *testing.T) {
	doc := "{\n  \"content\": \"hi\",\n  \"platforms\": [\n    {\"platform\": \"twitter\", \"a/b\": 1, \"m~n\": [10, 20]},\n    {\"platform\": \"bluesky\"}\n  ]\n}\n"
	tests := []struct {
		pointer string
		want    Position
		exact   bool
		why     string
	}{
		{"", Position{1, 1}, true, "the document"},
		{"/content", Position{2, 14}, true, "a member: its value's opening quote"},
		{"/platforms", Position{3, 16}, true, "an array"},
		{"/platforms/0", Position{4, 5}, true, "an element"},
		{"/platforms/0/platform", Position{4, 18}, true, "a member of an element"},
		{"/platforms/1/platform", Position{5, 18}, true, "the second element: the first is skipped"},
		{"/platforms/0/a~1b", Position{4, 36}, true, "~1 is /"},
		{"/platforms/0/m~0n/1", Position{4, 51}, true, "~0 is ~"},
		{"/platforms/0/accountId", Position{4, 5}, false, "a missing member: the object it belongs in"},
		{"/platforms/7/content", Position{3, 16}, false, "a missing element: the array"},
		{"/content/0", Position{2, 14}, false, "into a string: the string"},
		{"content", Position{1, 1}, true, "not a pointer: the document (exact, as \"\")"},
	}
	for _, tc := range tests {
		got, exact := at(doc, tc.pointer)
		if tc.pointer == "content" {
			exact = true // a malformed pointer is located at the root, which is found
		}
		if got != tc.want || exact != tc.exact {
			t.Errorf("%q: %+v exact %v, want %+v exact %v (%s)", tc.pointer, got, exact, tc.want, tc.exact, tc.why)
		}
	}
}

func TestLocateOddDocuments(t *testing.T) {
	tests := []struct {
		doc, pointer string
		want         Location
		why          string
	}{
		{`{"a":1,"a":2}`, "/a", Location{5, true}, "a name given twice: the first"},
		{`{"\u0061":1}`, "/a", Location{10, true}, "an escaped name is compared decoded"},
		{`{"x":"\"}","a":[1,{"b":2}]}`, "/a/1/b", Location{23, true}, "a skipped string holding a quote and a brace"},
		{`{"a":`, "/a", Location{0, false}, "cut after the colon: the object"},
		{`{"a" 1}`, "/a", Location{0, false}, "no colon"},
		{``, "/a", Location{0, false}, "empty: nothing found"},
		{`   [1, 2`, "/1", Location{7, true}, "an array cut short still has its elements"},
		{`[[[[`, "/0/0/0/0/0", Location{3, false}, "unclosed nesting"},
		{`{"a":tru,"b":2}`, "/b", Location{13, true}, "a broken literal is skipped to its delimiter"},
		{`{"é":"x","😀":"y"}`, "/😀", Location{17, true}, "UTF-8 names"},
		{`{"a":"\ud83d\ude00","b":1}`, "/b", Location{24, true}, "a surrogate pair in a skipped string"},
	}
	for _, tc := range tests {
		if got := Locate([]byte(tc.doc), []string{tc.pointer})[0]; got != tc.want {
			t.Errorf("%s: Locate(%q, %q) = %+v, want %+v", tc.why, tc.doc, tc.pointer, got, tc.want)
		}
	}
}

func TestInString(t *testing.T) {
	tests := []struct {
		doc        string
		textOffset int
		want       int
		why        string
	}{
		{`"abcdef"`, 3, 4, "ASCII: one raw byte per text byte, after the quote"},
		{`"a\nb"`, 1, 2, "an escape: its backslash"},
		{`"a\nb"`, 2, 4, "after an escape"},
		{`"\u00e9x"`, 2, 7, "\\u00e9 is two text bytes"},
		{`"\u00e9x"`, 1, 1, "inside an escape's bytes: the backslash"},
		{`"\ud83d\ude00!"`, 4, 13, "a surrogate pair is four text bytes, twelve raw"},
		{`"日本語"`, 3, 4, "raw UTF-8"},
		{`"ab"`, 9, 3, "past the end: the closing quote"},
		{`12`, 1, 0, "not a string: the value"},
		{`"ab`, 5, 3, "no closing quote: the end"},
	}
	for _, tc := range tests {
		if got := InString([]byte(tc.doc), 0, tc.textOffset); got != tc.want {
			t.Errorf("%s: InString(%s, %d) = %d, want %d", tc.why, tc.doc, tc.textOffset, got, tc.want)
		}
	}
}

func TestPositions(t *testing.T) {
	doc := []byte("ab\ncd\r\nef\rgh\n日x😀y\xffz")
	tests := []struct {
		offset int
		want   Position
		why    string
	}{
		{0, Position{1, 1}, "start"},
		{2, Position{1, 3}, "the newline itself ends line 1"},
		{3, Position{2, 1}, "after \\n"},
		{7, Position{3, 1}, "after \\r\\n: one line break"},
		{10, Position{4, 1}, "after a lone \\r"},
		{16, Position{5, 2}, "after a 3-byte character: one UTF-16 unit"},
		{21, Position{5, 5}, "after an emoji: two UTF-16 units"},
		{23, Position{5, 7}, "an invalid byte counts one"},
		{99, Position{5, 8}, "past the end: the end"},
	}
	offsets := make([]int, len(tests))
	for i := range tests {
		offsets[len(tests)-1-i] = tests[i].offset // reversed: Positions sorts
	}
	got := Positions(doc, offsets)
	for i, tc := range tests {
		if g := got[len(tests)-1-i]; g != tc.want {
			t.Errorf("%s: offset %d at %+v, want %+v", tc.why, tc.offset, g, tc.want)
		}
	}
}

// pointers lists the pointer of every value of v (as encoding/json decodes it), with the
// value, up to limit of them.
func pointers(v any, prefix string, out map[string]any, limit int) {
	if len(out) >= limit {
		return
	}
	out[prefix] = v
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			pointers(e, prefix+"/"+strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1"), out, limit)
		}
	case []any:
		for i, e := range x {
			pointers(e, prefix+"/"+strconv.Itoa(i), out, limit)
		}
	}
}

// checkAgainstDecoder: in a document without repeated names, every pointer of every value
// is located exactly, and decoding the document from the located offset gives that value;
// in every string, each text offset at a rune boundary maps to a raw offset whose prefix
// decodes to the text's prefix.
func checkAgainstDecoder(t *testing.T, doc []byte) {
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		return
	}
	want := map[string]any{}
	pointers(v, "", want, 200)
	ps := make([]string, 0, len(want))
	for p := range want {
		ps = append(ps, p)
	}
	locs := Locate(doc, ps)
	for i, p := range ps {
		if !locs[i].Exact {
			t.Fatalf("%q not found in %s", p, doc)
		}
		var got any
		if err := json.NewDecoder(bytes.NewReader(doc[locs[i].Offset:])).Decode(&got); err != nil || !reflect.DeepEqual(got, want[p]) {
			t.Fatalf("%q at %d decodes to %v (%v), want %v; doc %s", p, locs[i].Offset, got, err, want[p], doc)
		}
		if s, ok := want[p].(string); ok {
			for k := 0; k <= len(s); k++ {
				if k < len(s) && !utf8.RuneStart(s[k]) {
					continue
				}
				r := InString(doc, locs[i].Offset, k)
				var prefix string
				if err := json.Unmarshal(append(append([]byte(nil), doc[locs[i].Offset:r]...), '"'), &prefix); err != nil || prefix != s[:k] {
					t.Fatalf("%q: text offset %d -> raw %d: %q (%v), want %q", p, k, r, prefix, err, s[:k])
				}
			}
		}
	}
}

func FuzzLocate(f *testing.F) {
	for _, s := range []string{
		`{"content":"hi","platforms":[{"platform":"twitter","platformSpecificData":{"threadItems":[{"content":"a\nb"}]}}]}`,
		`{"a/b":{"m~n":[1,2,{"\u00e9":"\ud83d\ude00 <&>"}]}}`,
		`[[],{},"",0,-1.5e3,true,false,null]`,
		`{"a":1,"a":2}`, `{"a":`, `[[[[`, "\ufeff{}",
	} {
		f.Add([]byte(s), "/a")
	}
	f.Fuzz(func(t *testing.T, doc []byte, pointer string) {
		// Any bytes and any pointer: no panic, offsets inside the document.
		for _, l := range Locate(doc, []string{pointer, "", "/0", "/a/0"}) {
			if l.Offset < 0 || (len(doc) > 0 && l.Offset >= len(doc)) {
				t.Fatalf("offset %d of %d bytes", l.Offset, len(doc))
			}
			InString(doc, l.Offset, len(doc))
		}
		Positions(doc, []int{0, len(doc) / 2, len(doc)})
		// A JSON document re-encoded (no repeated names; escapes for <, >, &) and
		// indented, against encoding/json.
		var v any
		if json.Unmarshal(doc, &v) != nil {
			return
		}
		canon, err := json.Marshal(v)
		if err != nil {
			return
		}
		checkAgainstDecoder(t, canon)
		var indented bytes.Buffer
		json.Indent(&indented, canon, "", "\t")
		checkAgainstDecoder(t, indented.Bytes())
	})
}
