package jsonline

import (
	"encoding/json"
	"strings"
	"testing"
)

// escapedLine is a {"text"} line full of escapes, the kind that leaves the fast path: the
// surrogate check runs on it in full.
var escapedLine = []byte(`{"text":"` + strings.Repeat(`caf\u00e9 \ud83c\udf89 \"quoted\"\n`, 20) + `"}`)

// BenchmarkValid is encoding/json's syntax check of the line, for scale; BenchmarkText is
// the strict decoding of the same line (syntax, lone surrogates, members).
func BenchmarkValid(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(escapedLine)))
	for b.Loop() {
		if !json.Valid(escapedLine) {
			b.Fatal("invalid")
		}
	}
}

func BenchmarkText(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(escapedLine)))
	for b.Loop() {
		if _, err := Text(escapedLine); err != nil {
			b.Fatal(err)
		}
	}
}
