package strictjson

import (
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// utf16Reference is the slow, obviously right UTF-16 length of s[:off]: decode to runes
// (each invalid byte one U+FFFD, as a decoder does) and encode them as UTF-16.
func utf16Reference(s string, off int) int {
	off = max(0, min(off, len(s)))
	return len(utf16.Encode([]rune(s[:off])))
}

func TestUTF16Offset(t *testing.T) {
	tests := []struct {
		s    string
		off  int
		want int
		why  string
	}{
		{"", 0, 0, "empty"},
		{"abc", 2, 2, "ASCII: bytes are units"},
		{"😀b", 4, 2, "an astral code point is two units"},
		{"😀😀x", 8, 4, "two of them"},
		{"é", 2, 1, "a two-byte code point is one unit"},
		{"漢字", 3, 1, "a three-byte code point is one unit"},
		{"👩‍👩‍👧x", len("👩‍👩‍👧"), 8, "a ZWJ family: 3 astral + 2 ZWJ"},
		{"a\xffb", 2, 2, "an invalid byte counts as one unit, like its U+FFFD"},
		{"abc", 10, 3, "past the end clamps"},
		{"abc", -1, 0, "before the start clamps"},
	}
	for _, tc := range tests {
		if got := UTF16Offset(tc.s, tc.off); got != tc.want {
			t.Errorf("UTF16Offset(%q, %d) = %d, want %d (%s)", tc.s, tc.off, got, tc.want, tc.why)
		}
		if ref := utf16Reference(tc.s, tc.off); ref != tc.want {
			t.Errorf("reference disagrees with the table for %q: %d", tc.s, ref)
		}
	}
}

// At every code point boundary the fast conversion equals the reference.
func TestUTF16OffsetProperty(t *testing.T) {
	props := gopter.NewProperties(gopter.DefaultTestParameters())
	props.Property("UTF16Offset == len(utf16.Encode([]rune(s[:off])))", prop.ForAll(
		func(s string) bool {
			for off := 0; off <= len(s); off++ {
				if off < len(s) && !utf8.RuneStart(s[off]) {
					continue
				}
				if UTF16Offset(s, off) != utf16Reference(s, off) {
					return false
				}
			}
			return true
		},
		gen.AnyString(),
	))
	props.TestingRun(t)
}

func TestUTF16Len(t *testing.T) {
	tests := []struct {
		s    string
		want int
		why  string
	}{
		{"", 0, "empty"},
		{"abcdefgh", 8, "one ASCII word"},
		{"abcdefghi", 9, "a word and a tail byte"},
		{"😀", 2, "a four-byte code point is two units (tail loop)"},
		{"abcd😀", 6, "...and in a word"},
		{"😀😀😀", 6, "words that split four-byte sequences"},
		{"é漢😀a", 5, "two, three and four bytes in one word: 1+1+2+1"},
		{"\U0010FFFF\U00010000", 4, "the last and the first astral code points (lead F4, F0)"},
		{"\u07FF\u0800\uFFFF\u0080", 4, "the edges of two and three bytes"},
		{strings.Repeat("👩‍👩‍👧", 3), 24, "ZWJ families: 3 astral + 2 ZWJ each"},
	}
	for _, tc := range tests {
		if got := UTF16Len(tc.s); got != tc.want {
			t.Errorf("UTF16Len(%q) = %d, want %d (%s)", tc.s, got, tc.want, tc.why)
		}
		if ref := utf16Reference(tc.s, len(tc.s)); ref != tc.want {
			t.Errorf("reference disagrees with the table for %q: %d", tc.s, ref)
		}
	}
}

// For valid UTF-8 the word-at-a-time count equals the reference, at every prefix (so at
// every alignment of multi-byte sequences against the 8-byte words).
func TestUTF16LenProperty(t *testing.T) {
	props := gopter.NewProperties(gopter.DefaultTestParameters())
	props.Property("UTF16Len(s[:off]) == len(utf16.Encode([]rune(s[:off])))", prop.ForAll(
		func(s string) bool {
			for off := 0; off <= len(s); off++ {
				if off < len(s) && !utf8.RuneStart(s[off]) {
					continue
				}
				if UTF16Len(s[:off]) != utf16Reference(s, off) {
					return false
				}
			}
			return true
		},
		gen.AnyString().SuchThat(utf8.ValidString),
	))
	props.TestingRun(t)
}

func FuzzUTF16Len(f *testing.F) {
	for _, s := range []string{"", "abcdefgh", "é漢😀a", "😀😀😀x", "👩‍👩‍👧x\U0010FFFF"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := UTF16Len(s)
		if !utf8.ValidString(s) {
			return // unspecified, but it must not panic
		}
		if want := utf16Reference(s, len(s)); got != want {
			t.Fatalf("UTF16Len(%q) = %d, want %d", s, got, want)
		}
	})
}

func FuzzUTF16Offset(f *testing.F) {
	for _, s := range []string{"", "abc", "😀b", "a\xffb\xf0\x9f", "👩‍👩‍👧x"} {
		f.Add(s, 1)
	}
	f.Fuzz(func(t *testing.T, s string, off int) {
		got := UTF16Offset(s, off)
		if off >= 0 && off <= len(s) && (off == len(s) || utf8.RuneStart(s[off])) && utf8.ValidString(s) {
			if want := utf16Reference(s, off); got != want {
				t.Fatalf("UTF16Offset(%q, %d) = %d, want %d", s, off, got, want)
			}
		}
		if got < 0 || got > len(s) {
			t.Fatalf("UTF16Offset(%q, %d) = %d out of [0, len]", s, off, got)
		}
	})
}
