package bridge

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/internal/timestamp"
	"github.com/postrules/postrules/rules/apierror"
)

// utf16Reference is the slow, obviously right UTF-16 length of s[:off]: decode to runes
// (each invalid byte one U+FFFD, as a decoder does) and encode them as UTF-16.
func utf16Reference(s string, off int) int {
	if off < 0 {
		off = 0
	}
	if off > len(s) {
		off = len(s)
	}
	return len(utf16.Encode([]rune(s[:off])))
}

func TestFaultJSON(t *testing.T) {
	f := &Fault{Error: "Bad Request", Code: apierror.CodeInvalidValue, Message: "cap \"0\"\n", Path: "/0/a~1b", Offset: -1}
	var got map[string]any
	if err := json.Unmarshal(f.AppendJSON(nil), &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"error": "Bad Request", "code": "invalid_value", "message": "cap \"0\"\n", "path": "/0/a~1b", "offset": nil}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: got %#v, want %#v", k, got[k], v)
		}
	}
	f.Offset = 12
	json.Unmarshal(f.AppendJSON(nil), &got)
	if got["offset"] != 12.0 {
		t.Errorf("offset: got %#v, want 12", got["offset"])
	}
}

func TestFaultOfOtherErrors(t *testing.T) {
	f := FaultOf(strings.NewReader("").UnreadByte(), "")
	if f.Code != apierror.CodeInternal || f.Error != "Internal Server Error" || f.Offset != -1 {
		t.Errorf("got %+v", f)
	}
	// A wrapped *apierror.Error is still found (apierror.As walks the wrapping),
	// and its byte offset still converted.
	_, err := timestamp.Parse("😀")
	f = FaultOf(fmt.Errorf("wrapped: %w", err), "😀")
	if f.Code != apierror.CodeInvalidScheduledFor || f.Error != "Bad Request" || f.Offset != 0 {
		t.Errorf("wrapped: got %+v", f)
	}
	e := apierror.New(apierror.CodeInvalidUTF8, "/content", "bad")
	e.Offset = 4
	f = FaultOf(fmt.Errorf("wrapped: %w", e), "😀ab")
	if f.Code != apierror.CodeInvalidUTF8 || f.Path != "/content" || f.Offset != 2 {
		t.Errorf("wrapped with offset: got %+v", f)
	}
}

// BenchmarkUTF16Offset is the conversion of a keystroke over the cap: the byte offset of
// grapheme 281 of the mixed post to UTF-16, by the word-at-a-time count Measure uses,
// next to the general UTF16Offset and the obvious decode-every-rune loop.
func BenchmarkUTF16Offset(b *testing.B) {
	off := len(mixed280)
	want := utf16Reference(mixed293, off)
	b.Run("UTF16Offset", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if strictjson.UTF16Offset(mixed293, off) != want {
				b.Fatal("wrong")
			}
		}
	})
	b.Run("UTF16Len", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if strictjson.UTF16Len(mixed293[:off]) != want {
				b.Fatal("wrong")
			}
		}
	})
	b.Run("decode-loop", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			n := 0
			for _, r := range mixed293[:off] {
				n++
				if r > 0xFFFF {
					n++
				}
			}
			if n != want {
				b.Fatal("wrong")
			}
		}
	})
}
