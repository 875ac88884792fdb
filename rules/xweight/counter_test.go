package xweight

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/xweight/internal/emoji"
)

func TestMeasure(t *testing.T) {
	c := Default()
	jp := strings.Repeat("東", 200)
	tests := []struct {
		text       string
		cap        int
		wantLength int
		wantCap    int
		wantOver   int
		why        string
	}{
		{"", 0, 0, 280, -1, "empty text fits (emptiness is another rule's business)"},
		{"hello", 0, 5, 280, -1, "cap 0 means the config's 280"},
		{"hello", -3, 5, 280, -1, "a negative cap too"},
		{"hello", 5, 5, 5, -1, "exactly at the cap fits"},
		{"hello", 4, 5, 4, 4, "one over: the fifth letter overflows"},
		{jp, 0, 400, 280, 140 * 3, "200 kanji: the 141st (byte 420) passes 280"},
		{"ab東", 3, 4, 3, 2, "a 2-weight character that crosses the cap is where it overflows"},
		{"ab👨‍👩‍👧‍👦", 3, 4, 3, 2, "an emoji sequence overflows as a whole, at its first byte"},
		{"abc https://example.com/x", 10, 27, 10, 4, "a URL overflows at its first byte"},
		{"A\u0301" + strings.Repeat("x", 5), 3, 6, 3, 5, "offsets are in the original text: Á is 3 bytes there (2 after NFC), so the third x is at 5"},
		{"\uFB2Cxx", 2, 5, 2, 0, "U+FB2C becomes 3 code points (weight 3): the overflow maps back to its start"},
		{"hello", math.MaxInt, 5, math.MaxInt, -1, "a huge cap does not overflow when scaled"},
	}
	for _, tt := range tests {
		m, err := c.Measure(tt.text, tt.cap)
		if err != nil {
			t.Errorf("%s: %v", tt.why, err)
			continue
		}
		want := rules.Measurement{Counter: "x-weighted", Length: tt.wantLength, Exact: true, Cap: tt.wantCap, OverflowAt: tt.wantOver}
		if m != want {
			t.Errorf("%s: Measure(%+q, %d) = %+v, want %+v", tt.why, tt.text, tt.cap, m, want)
		}
	}
}

func TestMeasureInvalidUTF8(t *testing.T) {
	for _, tt := range []struct {
		text   string
		offset int
	}{
		{"\xff", 0},
		{"abc\xc3", 3},             // truncated sequence at the end
		{"東京\xe6\x9d", 6},          // truncated 3-byte sequence
		{"ok \xed\xa0\x80 no", 3},  // an encoded surrogate is not UTF-8
		{"ok \xf4\x90\x80\x80", 3}, // beyond U+10FFFF
	} {
		_, err := Default().Measure(tt.text, 0)
		var e *apierror.Error
		if !errors.As(err, &e) {
			t.Errorf("Measure(%+q): error %v, want *apierror.Error", tt.text, err)
			continue
		}
		if e.Code != apierror.CodeInvalidUTF8 || e.Offset != tt.offset || e.HTTPStatus != 400 {
			t.Errorf("Measure(%+q): code %s offset %d status %d, want invalid_utf8 at %d", tt.text, e.Code, e.Offset, e.HTTPStatus, tt.offset)
		}
	}
}

func TestParseInvalidUTF8ReadsReplacementCharacters(t *testing.T) {
	// Each bad byte reads as U+FFFD (weight 2), as a Go range loop reads it.
	got := Default().Parse("a\xff\xfeb")
	want := Default().Parse("a\uFFFD\uFFFDb")
	if got != want {
		t.Errorf("Parse(a\\xff\\xfeb) = %+v, want %+v", got, want)
	}
}

func TestCounterContract(t *testing.T) {
	var c rules.Counter = Default()
	if c.Name() != "x-weighted" || Name != "x-weighted" {
		t.Errorf("Name() = %q", c.Name())
	}
	cfg := ConfigV3()
	n := New(cfg)
	cfg.Ranges[0].Weight = 999 // New copied the config
	if got := n.Parse("a").WeightedLength; got != 1 {
		t.Errorf("changing the config after New changed the counter: %d", got)
	}
	got := n.Config()
	got.Ranges[0].Weight = 999
	if n.Parse("a").WeightedLength != 1 {
		t.Error("Config() returned the counter's own ranges")
	}
	// A degenerate config does not divide by zero.
	z := New(Config{})
	if r := z.Parse("abc"); r.Valid || r.WeightedLength != 0 {
		t.Errorf("zero config: %+v", r)
	}
}

func TestConcurrentUse(t *testing.T) {
	c := Default()
	texts := []string{postURL, postNoURL, "A\u0301B", "🇺🇸 http://a.com/x", strings.Repeat("漢", 300)}
	want := make([]Result, len(texts))
	for i, s := range texts {
		want[i] = c.Parse(s)
	}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 200; k++ {
				i := k % len(texts)
				if got := c.Parse(texts[i]); got != want[i] {
					t.Errorf("concurrent Parse(%d) = %+v, want %+v", i, got, want[i])
					return
				}
			}
		}()
	}
	wg.Wait()
}

// TestEmojiCursorFindsEverySequence checks the byte filter in emojiCursor.advance: every
// line of Unicode's emoji-test.txt 15.0 (testdata/oracle/emoji.json: each RGI sequence
// fully-, minimally- and un-qualified, and the single emoji), put inside text, is found
// whole wherever emoji.Match takes it. (That the filters it calls pass the first bytes
// of every sequence of the table, twemoji-parser's included, is a test of package emoji.)
func TestEmojiCursorFindsEverySequence(t *testing.T) {
	var corpus struct{ Cases [][2]json.RawMessage }
	loadOracle(t, "emoji.json", &corpus)
	count := 0
	for _, c := range corpus.Cases {
		var seq string
		if err := json.Unmarshal(c[0], &seq); err != nil {
			t.Fatalf("bad emoji case %s", c[0])
		}
		want, _ := emoji.Match(seq, emoji.All)
		if want == 0 {
			continue // one code point: the counter weighs it alone
		}
		count++
		s := "x " + seq + " x"
		e := emojiCursor{text: s, kinds: emoji.All, start: -1}
		if n := e.at(2); n != want {
			t.Errorf("%+q: cursor found %d bytes at 2, want %d", seq, n, want)
		}
	}
	if count < 2500 {
		t.Fatalf("only %d sequences", count)
	}
}

// TestWeights checks the per-code-point weights at every range boundary of v3.
func TestWeights(t *testing.T) {
	c := Default()
	tests := []struct {
		r    rune
		want int
	}{
		{0, 1}, {'a', 1}, {0x10FF, 1}, {0x1100, 2}, {0x1FFF, 2}, {0x2000, 1}, {0x200D, 1},
		{0x200E, 2}, {0x200F, 2}, {0x2010, 1}, {0x201F, 1}, {0x2020, 2}, {0x2031, 2}, {0x2032, 1},
		{0x2037, 1}, {0x2038, 2}, {0x3042, 2}, {0xFE0F, 2}, {0x1F600, 2}, {0x10FFFF, 2},
	}
	for _, tt := range tests {
		if got := c.weight(tt.r) / 100; got != tt.want {
			t.Errorf("weight(U+%04X) = %d, want %d", tt.r, got, tt.want)
		}
	}
}

func TestMeasureRejectsCharactersXRefuses(t *testing.T) {
	// twitter-text marks a text holding U+FFFE, U+FEFF or U+FFFF invalid whatever its
	// length; a length check must not call such a text a fit.
	for _, tc := range []struct {
		text   string
		offset int
	}{
		{"ok \uFEFF", 3},
		{"\uFFFE", 0},
		{"日本\uFFFF", 6},
	} {
		m, err := Default().Measure(tc.text, 0)
		if m.Length != Default().Parse(tc.text).WeightedLength {
			t.Errorf("Measure(%q) still reports the weight: %d", tc.text, m.Length)
		}
		e := apierror.As(err)
		if e == nil || e.Code != apierror.CodeInvalidCharacter || e.Offset != tc.offset || e.HTTPStatus != 400 {
			t.Errorf("Measure(%q) err = %v, want invalid_character at %d", tc.text, err, tc.offset)
		}
	}
	if _, err := Default().Measure("fine \u00e9", 0); err != nil {
		t.Fatalf("a valid text: %v", err)
	}
}

// TestBlockWeights checks the per-block weight table against the range lookup for every
// code point, with X's ranges and with ranges that start, end and overlap inside blocks.
func TestBlockWeights(t *testing.T) {
	odd := ConfigV3()
	odd.Ranges = append([]WeightRange{{Start: 0x4E10, End: 0x4E20, Weight: 300}, {Start: 0x3000, End: 0x33FF, Weight: 50},
		{Start: 0x0041, End: 0x10FFFF, Weight: 150}}, odd.Ranges...)
	for _, c := range []*Parser{Default(), New(ConfigV2()), New(odd)} {
		for r := rune(0); r <= 0x10FFFF; r++ {
			if got, want := c.weight(r), c.lookup(r); got != want {
				t.Fatalf("weight(U+%04X) = %d, ranges say %d", r, got, want)
			}
		}
	}
}
