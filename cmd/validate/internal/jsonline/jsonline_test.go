package jsonline

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/postrules/postrules/rules/apierror"
)

func TestString(t *testing.T) {
	tests := []struct {
		why    string
		line   string
		want   string
		code   apierror.Code // "" when the line is good
		offset int
	}{
		{"a plain string", `"2026-01-02T15:04Z"`, "2026-01-02T15:04Z", "", 0},
		{"white space around the value is JSON's", "  \"x\"\t", "x", "", 0},
		{"escapes give the characters they name", `"a\nb\u0000c"`, "a\nb\x00c", "", 0},
		{"an empty string is a value", `""`, "", "", 0},
		{"an empty line is not JSON", ``, "", apierror.CodeMalformedJSON, 0},
		{"a blank line is not JSON", "  ", "", apierror.CodeMalformedJSON, 2},
		{"a bare word is not JSON", `2026-01-02T15:04Z`, "", apierror.CodeMalformedJSON, 4},
		{"an unterminated string ends early", `"abc`, "", apierror.CodeMalformedJSON, 4},
		{"two values on a line", `"a" "b"`, "", apierror.CodeMalformedJSON, 4},
		{"a number is the wrong type", `12`, "", apierror.CodeWrongType, 0},
		{"null is the wrong type", ` null`, "", apierror.CodeWrongType, 1},
		{"an object is the wrong type here", `{"text":"x"}`, "", apierror.CodeWrongType, 0},
		{"not UTF-8", "\"ab\xffc\"", "", apierror.CodeInvalidUTF8, 3},
		// encoding/json turns a lone surrogate escape into U+FFFD without a word; the API
		// rejects it (invalid_string), so the CLI does too, at the escape's backslash.
		{"a lone high surrogate", `"a\ud800b"`, "", apierror.CodeInvalidString, 2},
		{"a lone low surrogate", `"\udc00"`, "", apierror.CodeInvalidString, 1},
		{"a high surrogate at the end", `"ab\uDBFF"`, "", apierror.CodeInvalidString, 3},
		{"a high surrogate before a non-surrogate escape", `"\ud800\u0041"`, "", apierror.CodeInvalidString, 1},
		{"a high surrogate before another high one: the first is lone", `"\ud800\ud83d\ude00"`, "", apierror.CodeInvalidString, 1},
		{"two low surrogates", `"\ude00\ude00"`, "", apierror.CodeInvalidString, 1},
		{"a surrogate pair is one character", `"\ud83d\ude00!"`, "😀!", "", 0},
		{"uppercase hex pairs too", `"\uD83D\uDE00"`, "😀", "", 0},
		{"an escaped backslash before u is no escape", `"\\ud800"`, `\ud800`, "", 0},
		{"a raw U+FFFD is a character like any other", `"\ufffd�"`, "\ufffd\ufffd", "", 0},
		{"an unterminated string after a surrogate is malformed first", `"\ud800`, "", apierror.CodeMalformedJSON, 7},
	}
	for _, tt := range tests {
		t.Run(tt.why, func(t *testing.T) {
			got, err := String([]byte(tt.line))
			check(t, tt.line, got, err, tt.want, tt.code, tt.offset)
		})
	}
}

func TestText(t *testing.T) {
	tests := []struct {
		why    string
		line   string
		want   string
		code   apierror.Code
		offset int
	}{
		{"a JSON string", `"hello"`, "hello", "", 0},
		{"an object with text", `{"text":"hello"}`, "hello", "", 0},
		{"an object with spaces", ` { "text" : "a\u00e9" } `, "aé", "", 0},
		{"text may be empty", `{"text":""}`, "", "", 0},
		{"the compact form with an escape takes the full decoder", `{"text":"a\"}"}`, `a"}`, "", 0},
		{"the compact form with trailing space", `{"text":"x"}  `, "x", "", 0},
		{"the compact form, not closed", `{"text":"x"`, "", apierror.CodeMalformedJSON, 11},
		{"no text member", `{}`, "", apierror.CodeMissingField, 0},
		{"an unknown member is named, at its offset", `{"text":"a","id":7}`, "", apierror.CodeUnknownField, 12},
		{"the first problem on the line wins", `{"id":7,"text":5}`, "", apierror.CodeUnknownField, 1},
		{"text twice", `{"text":"a","text":"b"}`, "", apierror.CodeDuplicateField, 12},
		{"text must be a string", `{"text": 5}`, "", apierror.CodeWrongType, 9},
		{"text null", `{"text":null}`, "", apierror.CodeWrongType, 8},
		{"an array", `["a"]`, "", apierror.CodeWrongType, 0},
		{"broken object", `{"text":"a"`, "", apierror.CodeMalformedJSON, 11},
		{"not UTF-8", "{\"text\":\"\xc3\"}", "", apierror.CodeInvalidUTF8, 9},
		{"a lone surrogate in the text", `{"text":"ok \udfff"}`, "", apierror.CodeInvalidString, 12},
		{"a lone surrogate in a string line", `"\ud800"`, "", apierror.CodeInvalidString, 1},
		{"a lone surrogate in a member name", `{"te\ud800xt":"a"}`, "", apierror.CodeInvalidString, 4},
		{"a pair in the text", `{"text":"\ud83c\udf89"}`, "🎉", "", 0},
		{"the first problem wins: a lone surrogate before a duplicate", `{"text":"\ud800","text":"b"}`, "", apierror.CodeInvalidString, 9},
		{"the first problem wins: an unknown member before a lone surrogate", `{"id":1,"text":"\ud800"}`, "", apierror.CodeUnknownField, 1},
	}
	for _, tt := range tests {
		t.Run(tt.why, func(t *testing.T) {
			got, err := Text([]byte(tt.line))
			check(t, tt.line, got, err, tt.want, tt.code, tt.offset)
		})
	}
}

func check(t *testing.T, line, got string, err *apierror.Error, want string, code apierror.Code, offset int) {
	t.Helper()
	if code == "" {
		if err != nil {
			t.Fatalf("%q: unexpected error %v", line, err)
		}
		if got != want {
			t.Fatalf("%q: got %q, want %q", line, got, want)
		}
		return
	}
	if err == nil {
		t.Fatalf("%q: got %q, want error %s", line, got, code)
	}
	if err.Code != code || err.Offset != offset {
		t.Fatalf("%q: error %s at offset %d (%s), want %s at offset %d", line, err.Code, err.Offset, err.Message, code, offset)
	}
	if err.Message == "" {
		t.Fatalf("%q: empty message", line)
	}
}

// FuzzText checks the decoder against encoding/json on any line: a line is accepted
// exactly when it is UTF-8 JSON holding a string or an object with one string member
// "text", and then the text is what encoding/json decodes.
func FuzzText(f *testing.F) {
	for _, s := range []string{`"a"`, `{"text":"b"}`, `{}`, `{"text":1}`, `[`, "\"\xff\"", `{"text":"a","text":"b"}`, ` "x" `, `"\ud800"`, `{"text":"\udc00"}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		got, err := Text([]byte(line))
		var want string
		ok := false
		var s string
		var obj map[string]any
		switch {
		case json.Unmarshal([]byte(line), &s) == nil && isString(line):
			want, ok = s, true
		case json.Unmarshal([]byte(line), &obj) == nil && obj != nil && len(obj) == 1:
			if v, isStr := obj["text"].(string); isStr && countText(line) == 1 {
				want, ok = v, true
			}
		}
		if !validUTF8(line) || referenceIssue(line) != "" {
			ok = false
		}
		if ok != (err == nil) {
			t.Fatalf("Text(%q) = %q, %v; reference ok=%v", line, got, err, ok)
		}
		if ok && got != want {
			t.Fatalf("Text(%q) = %q, want %q", line, got, want)
		}
		if err != nil && (err.Offset < 0 || err.Offset > len(line)) {
			t.Fatalf("Text(%q): offset %d outside the line", line, err.Offset)
		}
	})
}

func TestSyntax(t *testing.T) {
	tests := []struct {
		why    string
		data   string
		offset int // -1: valid
	}{
		{"valid", `[{"a":1}]`, -1},
		{"the bad byte, counted from 0", `nope`, 1},
		{"leading white space counts", "  nope", 3},
		{"a value after the value", `[] x`, 3},
		{"cut short: the offset is the length", `[{"a":`, 6},
		{"empty: nothing at 0", ``, 0},
		{"a newline inside a string is a bad byte", "\"a\nb\"", 2},
		{"a bare word: its first byte that no literal has", `nul1`, 3},
		{"an unknown escape: the byte after the backslash", `"\x"`, 2},
	}
	for _, tt := range tests {
		t.Run(tt.why, func(t *testing.T) {
			e := syntax([]byte(tt.data))
			if tt.offset < 0 {
				if e != nil {
					t.Fatalf("syntax(%q) = %v, want nil", tt.data, e)
				}
				return
			}
			if e == nil || e.Code != apierror.CodeMalformedJSON || e.Offset != tt.offset {
				t.Fatalf("syntax(%q) = %+v, want malformed_json at %d", tt.data, e, tt.offset)
			}
		})
	}
}

// TestDeepLines: a deep array on a line is valid JSON of the wrong kind, not a body refused
// unread; only past encoding/json's own limit (10,000 levels) is it too_deep, at the byte
// that goes one level too deep.
func TestDeepLines(t *testing.T) {
	deep := strings.Repeat("[", 100) + `"x"` + strings.Repeat("]", 100)
	if _, e := Text([]byte(deep)); e == nil || e.Code != apierror.CodeWrongType || e.Offset != 0 {
		t.Errorf("100 levels: %+v, want wrong_type at 0", e)
	}
	tooDeep := strings.Repeat("[", maxDepth+1)
	if _, e := Text([]byte(tooDeep)); e == nil || e.Code != apierror.CodeTooDeep || e.Offset != maxDepth {
		t.Errorf("%d levels: %+v, want too_deep at %d", maxDepth+1, e, maxDepth)
	}
}
