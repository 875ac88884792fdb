package strictjson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
)

// encodingJSON is the independent reference: what encoding/json writes for s without HTML
// escaping, the newline of Encode dropped.
func encodingJSON(t testing.TB, s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

func TestAppendStringLikeEncodingJSON(t *testing.T) {
	tests := []struct{ why, s string }{
		{"empty", ""},
		{"nothing to escape is copied whole", "plain text, with / and <html> & more"},
		{"quote and backslash", `say "hi" \ bye`},
		{"the short escapes", "\n\r\t\b\f"},
		{"the other controls as \\u00XX, DEL raw", "\x00\x01\x1f\x7f"},
		{"line and paragraph separators are escaped", "a\u2028b\u2029c"},
		{"multi-byte characters stay raw", "é 日本 \U0001F600"},
		{"each invalid byte is one \\ufffd", "bad \xff\xfe byte"},
		{"a sequence cut short at the end", "cut \xe2\x82"},
		{"an encoded surrogate is not UTF-8", "\xed\xa0\x80"},
		{"U+FFFD itself stays raw", "\uFFFD"},
	}
	for _, tt := range tests {
		if got, want := AppendString(nil, tt.s), encodingJSON(t, tt.s); !bytes.Equal(got, want) {
			t.Errorf("%s: AppendString(%q) = %s, encoding/json %s", tt.why, tt.s, got, want)
		}
	}
	// Every single byte, alone and between neighbours that are copied whole.
	for c := 0; c < 256; c++ {
		for _, s := range []string{string([]byte{byte(c)}), "ab" + string([]byte{byte(c)}) + "é"} {
			if got, want := AppendString(nil, s), encodingJSON(t, s); !bytes.Equal(got, want) {
				t.Errorf("byte %#x: AppendString(%q) = %s, encoding/json %s", c, s, got, want)
			}
		}
	}
	// It appends: what b holds stays.
	if got := string(AppendString([]byte("x:"), "y")); got != `x:"y"` {
		t.Errorf("append to a prefix: %s", got)
	}
}

// FuzzAppendString: for any bytes, AppendString writes what encoding/json writes.
func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "plain", "quote\" back\\slash", "\x00\x1f\n\r\t\b\f", "é😀", "bad\xff\xfe", "\u2028"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := AppendString(nil, s), encodingJSON(t, s); !bytes.Equal(got, want) {
			t.Fatalf("AppendString(%q) = %s, encoding/json %s", s, got, want)
		}
	})
}

func ExampleAppendString() {
	b := []byte(`{"message":`)
	b = AppendString(b, "cap \"0\"\tis not a cap \xff")
	b = append(b, '}')
	fmt.Println(string(b))
	// Output: {"message":"cap \"0\"\tis not a cap \ufffd"}
}

// BenchmarkAppendString is a fault's message as JSON (an ASCII message with quotes, and one
// quoting a CJK value), next to encoding/json.
func BenchmarkAppendString(b *testing.B) {
	for _, tc := range []struct{ name, s string }{
		{"ascii", `scheduledFor "2030-02-30T10:00Z": day 30 is out of range for February 2030 (at offset 8)`},
		{"cjk", `scheduledFor "２０３０年１月２日": expected digit for year, found non-ASCII character U+FF12 '２'; only ASCII is accepted (at offset 0)`},
	} {
		b.Run("AppendString/"+tc.name, func(b *testing.B) {
			b.ReportAllocs()
			var buf []byte
			for i := 0; i < b.N; i++ {
				buf = AppendString(buf[:0], tc.s)
			}
		})
		b.Run("json.Marshal/"+tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				json.Marshal(tc.s)
			}
		})
	}
}
