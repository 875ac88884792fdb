package strictjson

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestFirstInvalidUTF8(t *testing.T) {
	tests := []struct {
		why  string
		in   string
		want int
	}{
		{"ASCII", "abc", -1},
		{"multi-byte characters are valid", "é😀", -1},
		{"a stray continuation byte", "ab\x80c", 2},
		{"a sequence cut short", "é\xe2\x82", 2},
		{"an encoded surrogate is not UTF-8", "a\xed\xa0\x80", 1},
		{"an overlong encoding", "\xc0\xaf", 0},
		{"empty", "", -1},
	}
	for _, tt := range tests {
		if got := FirstInvalidUTF8([]byte(tt.in)); got != tt.want {
			t.Errorf("%s: FirstInvalidUTF8(%q) = %d, want %d", tt.why, tt.in, got, tt.want)
		}
		// The independent view: the prefix before the answer is valid, and the bytes from
		// it on do not start with a valid character.
		if tt.want >= 0 {
			r, size := utf8.DecodeRuneInString(tt.in[tt.want:])
			if !utf8.ValidString(tt.in[:tt.want]) || r != utf8.RuneError || size != 1 {
				t.Errorf("%s: the case is wrong", tt.why)
			}
		}
	}
}

// TestKindOf: KindOf agrees with what the scanner's Peek finds at the same first byte, for
// every byte.
func TestKindOf(t *testing.T) {
	for b := 0; b < 256; b++ {
		s := New([]byte{byte(b)}, 4)
		if got, want := KindOf(byte(b)), s.Peek(); got != want {
			t.Errorf("KindOf(%q) = %v, Peek %v", byte(b), got, want)
		}
	}
}

func TestDescribe(t *testing.T) {
	e := Check([]byte(`[tru]`), 4)
	if e == nil || e.Describe(4) != "malformed JSON at byte 4: expected 'e' to complete true, found ']'" {
		t.Errorf("Check([tru]) = %+v", e)
	}
	e = Check([]byte(strings.Repeat("[", 5)), 4)
	if e == nil || !e.TooDeep || e.Describe(4) != "objects and arrays nest more than 4 levels deep (at byte 4; the limit is 4)" {
		t.Errorf("Check([[[[[) = %+v", e)
	}
	if e := Check([]byte(` {"a":[1,"b",null]} `), 4); e != nil {
		t.Errorf("Check of a valid text: %+v", e)
	}
}

func TestQuote(t *testing.T) {
	a64 := strings.Repeat("a", 64)
	tests := []struct{ why, in, want string }{
		{"short: Go-quoted whole", `say "hi"`, `"say \"hi\""`},
		{"64 bytes is not cut", a64, `"` + a64 + `"`},
		{"65 bytes is cut at 64", a64 + "b", `"` + a64 + `"...`},
		{"a cut inside é backs up to its first byte", strings.Repeat("a", 63) + "é", `"` + strings.Repeat("a", 63) + `"...`},
		{"a cut inside a 4-byte emoji backs up to its first byte", strings.Repeat("a", 62) + "😀x", `"` + strings.Repeat("a", 62) + `"...`},
		{"invalid UTF-8 is escaped as Go does", "\xff", `"\xff"`},
		{"empty", "", `""`},
	}
	for _, tt := range tests {
		if got := Quote(tt.in); got != tt.want {
			t.Errorf("%s: Quote(%q) = %s, want %s", tt.why, tt.in, got, tt.want)
		}
	}
}

// The string form is the one every counter uses; it must answer as the bytes form on the
// same text, and say the first bad byte, not a later one.
func TestFirstInvalidUTF8StringAgreesWithBytes(t *testing.T) {
	for _, s := range []string{"", "abc", "é😀", "ab\x80c", "é\xe2\x82", "a\xed\xa0\x80", "\xc0\xaf", "😀\xff😀\xfe", "\uFFFD"} {
		if got, want := FirstInvalidUTF8String(s), FirstInvalidUTF8([]byte(s)); got != want {
			t.Errorf("FirstInvalidUTF8String(%q) = %d, bytes form says %d", s, got, want)
		}
	}
	if got := FirstInvalidUTF8String("\uFFFD\xff"); got != 3 {
		t.Errorf("a literal U+FFFD is valid; the bad byte is at 3, got %d", got)
	}
}

func FuzzFirstInvalidUTF8(f *testing.F) {
	for _, s := range []string{"", "abc", "ab\x80c", "é\xe2\x82", "\uFFFD\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := FirstInvalidUTF8String(s)
		if utf8.ValidString(s) != (got < 0) {
			t.Fatalf("FirstInvalidUTF8String(%q) = %d, but ValidString is %v", s, got, utf8.ValidString(s))
		}
		if got >= 0 {
			if !utf8.ValidString(s[:got]) {
				t.Fatalf("FirstInvalidUTF8String(%q) = %d, but the prefix is not valid", s, got)
			}
			if r, size := utf8.DecodeRuneInString(s[got:]); r != utf8.RuneError || size != 1 {
				t.Fatalf("FirstInvalidUTF8String(%q) = %d, but a valid character starts there", s, got)
			}
		}
	})
}

// TestDigits: ASCII digits only, at least one; other scripts' digits and signs are not.
func TestDigits(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"0", true},
		{"1234567890", true},
		{"", false},    // no digit at all
		{"12a", false}, // a letter after digits
		{"-1", false},  // a sign
		{" 1", false},  // white space
		{"١٢", false},  // Arabic-Indic digits are not ASCII
		{"１２", false},  // nor are full-width ones
		{"1.0", false}, // nor a decimal point
	} {
		if got := Digits(c.in); got != c.want {
			t.Errorf("Digits(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}
