package main

import (
	"bufio"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The streaming commands on 100,000 lines, to io.Discard. The goal is well under a
// second per 100,000 lines with memory flat in the number of lines (B/op is dominated by
// per-line garbage, not by anything that grows with the input).

// lengthInput100k is 100,000 JSON lines: plain strings and {"text"} objects, ASCII and
// other scripts, one in ten over the twitter cap.
func lengthInput100k() string {
	texts := []string{
		`"Release 1.2 is out: faster checks, clearer errors. https://example.com/notes"`,
		`{"text":"Nouvelle version : des vérifications plus rapides, des erreurs plus claires. 🎉"}`,
		`"新しいリリースを公開しました。チェックが速くなり、エラーが分かりやすくなりました。"`,
		`{"text":"👩‍👩‍👧 family, 🇺🇦 flag, 👍🏽 thumbs up: one grapheme each"}`,
		`"नमस्ते दुनिया, यह एक परीक्षण पोस्ट है"`,
		`"` + strings.Repeat("A long post. ", 25) + `"`,
	}
	var b strings.Builder
	for i := 0; i < 100_000; i++ {
		b.WriteString(texts[i%len(texts)])
		b.WriteByte('\n')
	}
	return b.String()
}

// timeInput100k is 100,000 scheduledFor values, one plain value per line, most valid.
func timeInput100k() string {
	var b strings.Builder
	for i := 0; i < 100_000; i++ {
		switch i % 10 {
		case 9:
			b.WriteString("2030-02-30T09:30Z\n")
		case 8:
			b.WriteString("2030-01-15T09:30:00+01:00\n")
		default:
			b.WriteString("2030-01-" + strconv.Itoa(10+i%19) + "T09:30:00." + strconv.Itoa(i) + "Z\n")
		}
	}
	return b.String()
}

func benchRun(b *testing.B, input string, args ...string) {
	b.ReportAllocs()
	b.SetBytes(int64(len(input)))
	now := func() time.Time { return fixedNow }
	for b.Loop() {
		if code := run(args, strings.NewReader(input), io.Discard, io.Discard, now); code > 1 {
			b.Fatalf("exit %d", code)
		}
	}
}

func BenchmarkLength100k(b *testing.B) {
	in := lengthInput100k()
	b.Run("text", func(b *testing.B) { benchRun(b, in, "length") })
	b.Run("json", func(b *testing.B) { benchRun(b, in, "length", "--format", "json") })
	b.Run("x-weighted", func(b *testing.B) { benchRun(b, in, "length", "--counter", "x-weighted", "--format", "json") })
}

func BenchmarkTime100k(b *testing.B) {
	in := timeInput100k()
	b.Run("text", func(b *testing.B) { benchRun(b, in, "time", "--now", testNow) })
	b.Run("json", func(b *testing.B) { benchRun(b, in, "time", "--now", testNow, "--format", "json") })
	// The same values as JSON lines.
	var jl strings.Builder
	for _, v := range strings.SplitAfter(in, "\n") {
		if v != "" {
			jl.WriteString(strconv.Quote(strings.TrimSuffix(v, "\n")) + "\n")
		}
	}
	b.Run("jsonl", func(b *testing.B) { benchRun(b, jl.String(), "time", "--jsonl", "--now", testNow, "--format", "json") })
}

// BenchmarkTime100kBaseline is the obvious hand loop a user might write instead: a
// bufio.Scanner and time.Parse(time.RFC3339) (a different, laxer grammar), printing
// "ok"/"bad". It is the floor the command's own overhead is measured against.
func BenchmarkTime100kBaseline(b *testing.B) {
	in := timeInput100k()
	b.ReportAllocs()
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		sc := bufio.NewScanner(strings.NewReader(in))
		w := bufio.NewWriter(io.Discard)
		for sc.Scan() {
			if t, err := time.Parse(time.RFC3339, sc.Text()); err == nil && t.After(fixedNow) {
				w.WriteString("ok\n")
			} else {
				w.WriteString("bad\n")
			}
		}
		w.Flush()
	}
}
