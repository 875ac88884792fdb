package nfc

import (
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// stableRef is gen.go's definition, computed from norm at test time.
func stableRef(r rune) bool {
	if r >= 0xD800 && r <= 0xDFFF {
		return true
	}
	s := string(r)
	p := norm.NFC.PropertiesString(s)
	return p.BoundaryBefore() && p.CCC() == 0 && norm.NFC.String(s) == s
}

// TestTableMatchesNorm checks every code point (run `go generate` after a norm update).
func TestTableMatchesNorm(t *testing.T) {
	if unicodeVersion != norm.Version {
		t.Fatalf("table made from Unicode %s, norm is %s: run go generate", unicodeVersion, norm.Version)
	}
	bad := 0
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if stable(r) != stableRef(r) {
			bad++
			if bad < 10 {
				t.Errorf("U+%04X: table says stable=%v, norm says %v", r, stable(r), stableRef(r))
			}
		}
	}
}

func TestIsNFCAndString(t *testing.T) {
	tests := []struct {
		in, want string
		why      string
	}{
		{"", "", "empty"},
		{"hello", "hello", "ASCII"},
		{"\u6545e\u11a8\u0301\u0308", "\u6545e\u11a8\u0301\u0308", "NFC although the quick check says maybe"},
		{"故人西辞黄鹤楼 😀 한국어", "故人西辞黄鹤楼 😀 한국어", "stable scripts and emoji"},
		{"A\u0301B", "ÁB", "composes"},
		{"A\uFB2C", "A\u05E9\u05BC\u05C1", "composition exclusion decomposes"},
		{"\u1100\u1161", "가", "Hangul L+V"},
		{"\u212B", "Å", "singleton"},
		{"é", "é", "precomposed stays"},
		{"e\u0301", "é", "combining acute"},
		{"a" + strings.Repeat("\u0316", 40), "a" + strings.Repeat("\u0316", 40), "no U+034F inserted after 30 marks"},
		{"a\u034F" + strings.Repeat("\u0316", 40), norm.NFC.String("a\u034F" + strings.Repeat("\u0316", 40)), "a text with its own U+034F keeps norm's output"},
	}
	for _, tt := range tests {
		if got := String(tt.in); got != tt.want {
			t.Errorf("%s: String(%+q) = %+q, want %+q", tt.why, tt.in, got, tt.want)
		}
		// IsNFC may answer false for a text that is NFC (norm's quick check says "maybe"),
		// never true for one that is not.
		if IsNFC(tt.in) && tt.in != tt.want {
			t.Errorf("%s: IsNFC(%+q) = true", tt.why, tt.in)
		}
	}
}

// TestStringMatchesNorm compares String with norm on random mixes (outside runs of more
// than 30 non-starters, where String deliberately differs).
func TestStringMatchesNorm(t *testing.T) {
	alphabet := []rune("aAeé\u0301\u0316\u0308\u05BC\uFB2C\u1100\u1161\u11A8가\u212BÅ故😀\u0915\u093C\u094D\u0E48 \u0627\u0651\u064E\u3099か")
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 20000; i++ {
		n := rng.Intn(12)
		var b strings.Builder
		for j := 0; j < n; j++ {
			b.WriteRune(alphabet[rng.Intn(len(alphabet))])
		}
		s := b.String()
		if got, want := String(s), norm.NFC.String(s); got != want {
			t.Fatalf("String(%+q) = %+q, norm says %+q", s, got, want)
		}
		if IsNFC(s) && !norm.NFC.IsNormalString(s) {
			t.Fatalf("IsNFC(%+q) = true, norm says it is not NFC", s)
		}
	}
}

func TestSegmentsMapBack(t *testing.T) {
	s := "xA\u0301\uFB2Cy\u212B" + strings.Repeat("\u0316", 35) + "z"
	var joined []byte
	last := -1
	Segments(s, func(orig int, seg []byte) {
		if orig < last || orig > len(s) {
			t.Fatalf("segment source %d out of order", orig)
		}
		last = orig
		joined = append(joined, seg...)
	})
	if string(joined) != String(s) {
		t.Fatalf("segments join to %+q, String gives %+q", joined, String(s))
	}
}

func BenchmarkIsNFC(b *testing.B) {
	s := strings.Repeat("hello world 漢字 😀 ", 15)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if !IsNFC(s) {
			b.Fatal("not NFC")
		}
	}
}

// TestStablePrefixIsPrefixOfNFC checks StablePrefix's promise on texts cut everywhere:
// the stable prefix of a cut is a prefix of the whole text's NFC form, and a Reader stopped
// anywhere has produced a prefix of it.
func TestStablePrefixIsPrefixOfNFC(t *testing.T) {
	for _, s := range []string{
		"abc", "e\u0301", "ae\u0301b", "\u1100\u1161\u11A8x", "<\u0338", "é\u0301", "日本\u3099語",
		"a" + strings.Repeat("\u0301", 40) + "b", "\U0001D15E\u0301x", "x\u0958y",
	} {
		whole := String(s)
		for max := 0; max <= len(s); max++ {
			if !utf8.RuneStart(s[min(max, len(s)-1)]) && max < len(s) {
				continue
			}
			n := StablePrefix(s, max)
			if n > max || !strings.HasPrefix(whole, s[:n]) {
				t.Errorf("StablePrefix(%+q, %d) = %d: %+q is no prefix of %+q", s, max, n, s[:n], whole)
			}
		}
		var r Reader
		r.Init(s, !HasCGJ(s))
		var got []byte
		for {
			_, seg, ok := r.Next()
			if !ok {
				break
			}
			got = append(got, seg...)
			if !strings.HasPrefix(whole, string(got)) {
				t.Errorf("%+q: Reader's segments %+q are no prefix of %+q", s, got, whole)
			}
		}
		if string(got) != whole {
			t.Errorf("%+q: Reader gives %+q, String %+q", s, got, whole)
		}
	}
}
