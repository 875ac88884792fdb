package strictjson

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// skipAll scans one whole document with Skip and End and returns the scanner.
func skipAll(doc string, depth int) *Scanner {
	s := New([]byte(doc), depth)
	s.Skip()
	s.End()
	return &s
}

func TestSyntaxErrors(t *testing.T) {
	cases := []struct {
		doc    string
		offset int
		want   string // a substring of the message
		why    string
	}{
		{`{"a":1,}`, 7, "string key after ','", "trailing comma in an object"},
		{`[1,]`, 3, "a value after ','", "trailing comma in an array"},
		{`{"a" 1}`, 5, "':' after an object key", "missing colon"},
		{`{"a":1 "b":2}`, 7, "',' or '}'", "missing comma"},
		{`{'a':1}`, 1, "string key or '}'", "single quotes are not JSON"},
		{`{"a":tru}`, 8, "'e' to complete true", "cut literal"},
		{`{"a":nul}`, 8, "'l' to complete null", "cut null"},
		{`{"a":01}`, 6, "leading zero", "leading zero"},
		{`{"a":1.}`, 7, "digit after '.'", "fraction without digits"},
		{`{"a":1e}`, 7, "digit in the exponent", "exponent without digits"},
		{`{"a":-}`, 6, "a digit", "lone minus"},
		{`{"a":+1}`, 5, "a value", "plus sign is not JSON"},
		{"{\"a\":\"x\ny\"}", 7, "control character U+000A", "raw newline inside a string"},
		{`{"a":"\x"}`, 7, `invalid escape "\\x"`, "unknown escape"},
		{`{"a":"\u12"}`, 10, "4 hex digits", "short \\u escape"},
		{`{"a":"abc`, 9, "end the string that begins at byte 5", "unterminated string"},
		{`{"a":1} {}`, 8, "end of input after the top-level value", "two documents"},
		{"\uFEFF{}", 0, "byte order mark", "BOM"},
		{``, 0, "a value", "empty input"},
		{`{"a":[1,2`, 9, "',' or ']'", "unterminated array"},
		{`{"a":1`, 6, "',' or '}'", "unterminated object"},
		{`{`, 1, "string key or '}'", "lone brace"},
		{`[`, 1, "a value or ']'", "lone bracket"},
		{"{\"a\":\xff}", 5, "byte 0xff", "invalid byte where a value should be"},
	}
	for _, c := range cases {
		s := skipAll(c.doc, 32)
		e := s.Err()
		if e == nil {
			t.Errorf("%s: %q scanned without error", c.why, c.doc)
			continue
		}
		if e.Offset != c.offset || !strings.Contains(e.Message, c.want) || e.TooDeep {
			t.Errorf("%s: %q: got offset %d %q (tooDeep %v), want offset %d containing %q",
				c.why, c.doc, e.Offset, e.Message, e.TooDeep, c.offset, c.want)
		}
		if json.Valid([]byte(c.doc)) {
			t.Errorf("%s: encoding/json accepts %q; the case is wrong", c.why, c.doc)
		} else if want := firstBadByte(c.doc); e.Offset != want {
			t.Errorf("%s: %q: offset %d, but encoding/json finds the first bad byte at %d", c.why, c.doc, e.Offset, want)
		}
	}
}

func TestDepthLimit(t *testing.T) {
	doc := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	if s := skipAll(doc(32), 32); s.Err() != nil {
		t.Fatalf("32 levels under a limit of 32: %v", s.Err())
	}
	s := skipAll(doc(33), 32)
	if s.Err() == nil || !s.Err().TooDeep || s.Err().Offset != 32 {
		t.Fatalf("33 levels: got %+v, want TooDeep at offset 32", s.Err())
	}
	// Objects count the same as arrays.
	obj := strings.Repeat(`{"a":`, 33) + "1" + strings.Repeat("}", 33)
	if s := skipAll(obj, 32); s.Err() == nil || !s.Err().TooDeep {
		t.Fatalf("33 nested objects: got %+v, want TooDeep", s.Err())
	}
	// A hostile depth far beyond the limit fails fast, without deep recursion.
	if s := skipAll(doc(1_000_000), 32); s.Err() == nil || !s.Err().TooDeep {
		t.Fatalf("a million levels: got %+v", s.Err())
	}
}

func TestStringsDecodeLikeEncodingJSON(t *testing.T) {
	cases := []struct {
		lit   string
		issue IssueKind
		at    int // offset of the issue in lit
	}{
		{`"plain"`, NoIssue, 0},
		{`"caf\u00e9 \u00E9"`, NoIssue, 0},
		{`"tab\tnl\nq\"bs\\sl\/"`, NoIssue, 0},
		{`"\ud83d\ude00 emoji pair"`, NoIssue, 0},
		{`"é"`, NoIssue, 0},
		{`"lone high \ud800 here"`, LoneSurrogate, 11},
		{`"lone low \udc00"`, LoneSurrogate, 10},
		{`"high then high \ud800\ud800\udc00"`, LoneSurrogate, 16},
		{`"high then letter \ud800\u0041"`, LoneSurrogate, 18},
		{"\"bad \xff byte\"", InvalidUTF8, 5},
		{"\"cut \xe2\x82 seq\"", InvalidUTF8, 5},
		{"\"overlong \xc0\xaf\"", InvalidUTF8, 10},
		{"\"escape then bad \\n\xff\"", InvalidUTF8, 19},
	}
	for _, c := range cases {
		s := New([]byte(c.lit), 32)
		got, issue := s.String()
		if s.Err() != nil {
			t.Errorf("%q: %v", c.lit, s.Err())
			continue
		}
		var want string
		if err := json.Unmarshal([]byte(c.lit), &want); err != nil {
			t.Fatalf("%q: encoding/json: %v", c.lit, err)
		}
		if got != want {
			t.Errorf("%q: decoded %q, encoding/json %q", c.lit, got, want)
		}
		if issue.Kind != c.issue || (c.issue != NoIssue && issue.Offset != c.at) {
			t.Errorf("%q: issue %+v, want kind %d at %d", c.lit, issue, c.issue, c.at)
		}
		s2 := New([]byte(c.lit), 32)
		if is := s2.CheckString(); is != issue {
			t.Errorf("%q: CheckString %+v, String %+v", c.lit, is, issue)
		}
	}
}

func TestObjectProtocol(t *testing.T) {
	s := New([]byte(` { "a" : [1, -2.5e3, true, false, null] , "b\u0063" : {} } `), 32)
	if s.Peek() != Object {
		t.Fatal("not an object")
	}
	s.BeginObject()
	var it Iter
	var keys []string
	for s.NextMember(&it) {
		k, _ := s.Key()
		keys = append(keys, string(k))
		if string(k) == "a" {
			s.BeginArray()
			var ai Iter
			var kinds []Kind
			for s.NextElement(&ai) {
				k := s.Peek()
				kinds = append(kinds, k)
				switch k {
				case Number:
					s.Number()
				case Bool:
					s.Bool()
				case Null:
					s.Null()
				}
			}
			want := []Kind{Number, Number, Bool, Bool, Null}
			if len(kinds) != len(want) {
				t.Fatalf("kinds %v", kinds)
			}
			for i := range want {
				if kinds[i] != want[i] {
					t.Fatalf("kinds %v, want %v", kinds, want)
				}
			}
			continue
		}
		s.Skip()
	}
	s.End()
	if s.Err() != nil {
		t.Fatal(s.Err())
	}
	if strings.Join(keys, ",") != "a,bc" {
		t.Fatalf("keys %q", keys)
	}
}

// FuzzScanner compares the scanner with encoding/json, the slow reference: the same
// documents are valid (nesting within the limit), a syntax error is at the same byte, and
// every string decodes to the same text.
func FuzzScanner(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":[1,2,{"b":null}]}`, `"\ud800"`, "\"\xff\"", `[1e5,-0.5,true]`,
		`{"a":1,}`, `01`, `{"a" "b"}`, `"\u00e9\ud83d\ude00"`, `[[[[]]]]`, ` 1 `, `nul`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		const depth = 10000 // beyond anything a fuzzer builds, so only syntax can differ
		s := New(data, depth)
		s.Skip()
		s.End()
		ok := s.Err() == nil
		if ok != json.Valid(data) {
			t.Fatalf("%q: scanner ok=%v, encoding/json %v (%v)", data, ok, !ok, s.Err())
		}
		if !ok && s.Err().Offset != firstBadByte(string(data)) {
			t.Fatalf("%q: error at byte %d (%s), encoding/json's first bad byte is %d", data, s.Err().Offset, s.Err().Message, firstBadByte(string(data)))
		}
		if ok && s.Peek() != Invalid {
			t.Fatalf("%q: Peek after End", data)
		}
		s2 := New(data, depth)
		if s2.Peek() == String {
			got, _ := s2.String()
			s2.End()
			var want string
			if err := json.Unmarshal(data, &want); (err == nil) != (s2.Err() == nil) {
				t.Fatalf("%q: scanner %v, encoding/json %v", data, s2.Err(), err)
			} else if err == nil && got != want {
				t.Fatalf("%q: decoded %q, encoding/json %q", data, got, want)
			}
		}
	})
}

// firstBadByte is the offset of the first byte of doc that no JSON text can have there,
// as encoding/json finds it (an independent oracle): its SyntaxError.Offset counts the
// bytes read with the bad one, so the bad byte is one before; when the text is cut short
// there is no bad byte and the offset is the length (encoding/json says so as "unexpected
// end", or, inside a number or literal, as a bad space past the end). The contract (docs/contract.md) locates
// every syntax error this way.
func firstBadByte(doc string) int {
	var se *json.SyntaxError
	if err := json.Unmarshal([]byte(doc), new(any)); !errors.As(err, &se) {
		return -1
	}
	if se.Error() == "unexpected end of JSON input" {
		return len(doc)
	}
	// Inside a number or literal encoding/json meets the end as a space it appends.
	if strings.HasPrefix(se.Error(), "invalid character ' '") && doc[se.Offset-1] != ' ' {
		return len(doc)
	}
	return int(se.Offset) - 1
}
