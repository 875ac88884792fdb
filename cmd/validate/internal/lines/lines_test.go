package lines

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// collect reads every line of s with a Reader.
func collect(t testing.TB, r io.Reader) []string {
	lr := NewReader(r)
	var out []string
	for {
		line, ok, err := lr.Next()
		if err != nil {
			t.Fatalf("Next: %v", err)
		}
		if !ok {
			return out
		}
		out = append(out, string(line))
		if lr.Line() != len(out) {
			t.Fatalf("Line() = %d after %d lines", lr.Line(), len(out))
		}
	}
}

// reference is the slow, obviously right split: on '\n', one '\r' trimmed from each piece
// that a '\n' ended, the last piece dropped when empty.
func reference(s string) []string {
	if s == "" {
		return nil
	}
	parts := strings.Split(s, "\n")
	for i := 0; i < len(parts)-1; i++ { // every piece but the last was ended by '\n'
		parts[i] = strings.TrimSuffix(parts[i], "\r")
	}
	if parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	return parts
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestReader(t *testing.T) {
	long := strings.Repeat("x", 200_000) // well past the 64 KiB buffer: bufio.Scanner's default limit fails here
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"empty stream has no lines", "", nil},
		{"final newline adds no empty line", "a\nb\n", []string{"a", "b"}},
		{"last line without newline", "a\nb", []string{"a", "b"}},
		{"blank lines are lines", "\n\na\n", []string{"", "", "a"}},
		{"CRLF reads as LF", "a\r\nb\r\n", []string{"a", "b"}},
		{"only one CR is dropped", "a\r\r\n", []string{"a\r"}},
		{"a CR not before LF stays", "a\rb\n", []string{"a\rb"}},
		{"a CR at the very end stays", "a\r", []string{"a\r"}},
		{"NUL is an ordinary byte", "a\x00b\n", []string{"a\x00b"}},
		{"a line longer than the buffer", long + "\nshort\n" + long, []string{long, "short", long}},
		{"a line exactly the buffer's size", strings.Repeat("y", 64<<10-1) + "\n", []string{strings.Repeat("y", 64<<10-1)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := collect(t, strings.NewReader(tt.in)); !equal(got, tt.want) {
				t.Errorf("lines = %q, want %q", short(got), short(tt.want))
			}
			// One byte per Read exercises every refill path.
			if got := collect(t, iotest.OneByteReader(strings.NewReader(tt.in))); !equal(got, tt.want) {
				t.Errorf("one byte at a time: lines = %q, want %q", short(got), short(tt.want))
			}
			if got := reference(tt.in); !equal(got, tt.want) {
				t.Errorf("reference disagrees with the table: %q", short(got))
			}
		})
	}
}

func short(ls []string) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		if len(l) > 20 {
			l = l[:20] + "..."
		}
		out[i] = l
	}
	return out
}

func TestReaderError(t *testing.T) {
	boom := errors.New("boom")
	lr := NewReader(io.MultiReader(strings.NewReader("a\nb"), iotest.ErrReader(boom)))
	if line, ok, err := lr.Next(); !ok || err != nil || string(line) != "a" {
		t.Fatalf("first line = %q, %v, %v", line, ok, err)
	}
	if _, ok, err := lr.Next(); ok || !errors.Is(err, boom) {
		t.Fatalf("second Next = %v, %v; want the read error", ok, err)
	}
}

func FuzzReader(f *testing.F) {
	for _, s := range []string{"", "\n", "a\r\n", "a\nb", "\r", strings.Repeat("z", 70000) + "\r\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := collect(t, strings.NewReader(s)), reference(s); !equal(got, want) {
			t.Fatalf("lines(%q) = %q, want %q", s, got, want)
		}
	})
}

var sink int

// benchInput is 100,000 lines of JSON strings, the shape `validate length` reads.
func benchInput() string {
	var b strings.Builder
	for i := 0; i < 100_000; i++ {
		b.WriteString(`"A post about release 1.2 with a link https://example.com and an emoji 🎉"` + "\n")
	}
	return b.String()
}

func BenchmarkReader100k(b *testing.B) {
	in := benchInput()
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		lr := NewReader(strings.NewReader(in))
		for {
			line, ok, _ := lr.Next()
			if !ok {
				break
			}
			sink += len(line)
		}
	}
}

// BenchmarkScanner100k is the obvious alternative, which fails on lines over its buffer.
func BenchmarkScanner100k(b *testing.B) {
	in := benchInput()
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		sc := bufio.NewScanner(strings.NewReader(in))
		for sc.Scan() {
			sink += len(sc.Bytes())
		}
	}
}
