package jsonline

import (
	"encoding/json"
	"strings"
	"testing"
)

// escapedLine is a {"text"} line full of escapes, the kind that leaves the fast path: the
// surrogate check runs on it in full.
var escapedLine = []byte(`{"text":"` + strings.Repeat(`caf\u00e9 \ud83c\udf89 \"quoted\"\n`, 20) + `"}`)

// BenchmarkCheckStrings is the lone-surrogate and UTF-8 scan; BenchmarkValid is
// encoding/json's syntax check of the same line, which every such line pays anyway, for
// scale.
func BenchmarkCheckStrings(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(escapedLine)))
	for b.Loop() {
		if CheckStrings(escapedLine, 0) != nil {
			b.Fatal("clean line reported")
		}
	}
}

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
