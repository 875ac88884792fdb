package rules

import (
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/internal/entity"
)

func TestUnitCounters(t *testing.T) {
	family := "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466" // 25 bytes, 11 UTF-16 units, 7 code points, 1 grapheme
	tests := []struct {
		counter string
		text    string
		cap     int
		length  int
		over    int
		why     string
	}{
		{"bytes", "hello", 5, 5, -1, "ASCII: a byte per character, exactly at the cap fits"},
		{"bytes", "hello!", 5, 6, 5, "one byte over: overflow at the sixth byte"},
		{"bytes", "caf\u00e9", 4, 5, 3, "é is two bytes: it straddles the cap, so the overflow begins where é begins"},
		{"bytes", family, 25, 25, -1, "a family emoji is 25 bytes"},
		{"bytes", "ab" + family, 26, 27, 23, "the last code point (bytes 23-26) crosses the cap; a code point never splits"},
		{"utf16", family, 11, 11, -1, "4 astral code points (2 units each) and 3 ZWJ"},
		{"utf16", "a\U0001F600", 2, 3, 1, "a surrogate pair that would cross the cap overflows at its first byte"},
		{"utf16", "\u00e9\u00e9", 2, 2, -1, "BMP letters are one unit each however many bytes"},
		{"codepoints", family, 7, 7, -1, "7 code points"},
		{"codepoints", "e\u0301e\u0301", 3, 4, 4, "a combining mark is a code point of its own"},
		{"bytes", "", 0, 0, -1, "empty text fits a zero cap"},
		{"utf16", "a", 0, 1, 0, "a zero cap takes nothing"},
	}
	for _, tt := range tests {
		c, ok := CounterByName(tt.counter)
		if !ok {
			t.Fatalf("CounterByName(%q) not found", tt.counter)
		}
		m, err := c.Measure(tt.text, tt.cap)
		if err != nil || m.Length != tt.length || m.OverflowAt != tt.over || !m.Exact || m.Counter != tt.counter {
			t.Errorf("%s.Measure(%q, %d) = %+v, %v; want length %d, overflow %d (%s)", tt.counter, tt.text, tt.cap, m, err, tt.length, tt.over, tt.why)
		}
	}
}

func TestUnitCountersInvalidUTF8(t *testing.T) {
	for _, name := range []string{"bytes", "utf16", "codepoints"} {
		c, _ := CounterByName(name)
		m, err := c.Measure("ab\xffcd", 10)
		e := apierror.As(err)
		if e == nil || e.Code != apierror.CodeInvalidUTF8 || e.Offset != 2 || m.Fits() {
			t.Errorf("%s: invalid UTF-8 at 2 gave %+v, %v; want invalid_utf8 at 2 and a measurement that never fits", name, m, err)
		}
	}
	// Bytes past the cap are not read: the text is too long whatever they are.
	m, err := bytesCounter{}.Measure("abcdef\xff", 3)
	if err != nil || m.Fits() || m.OverflowAt != 3 {
		t.Errorf("bytes over the cap with a bad byte beyond it: %+v, %v; want post_too_long material, not invalid_utf8", m, err)
	}
}

// The counters agree with the standard library's own counts on any valid text.
func TestUnitCountersAgreeWithStdlib(t *testing.T) {
	texts := []string{"", "plain", "\u00e9t\u00e9 \u65e5\u672c \U0001F600\U0001F1EB\U0001F1F7", strings.Repeat("\u0928\u092e\u0938\u094d\u0924\u0947 ", 50)}
	for _, s := range texts {
		b, _ := bytesCounter{}.Measure(s, 1<<20)
		u, _ := utf16Counter().Measure(s, 1<<20)
		cp, _ := codePointsCounter().Measure(s, 1<<20)
		if b.Length != len(s) || u.Length != len(utf16.Encode([]rune(s))) || cp.Length != utf8.RuneCountInString(s) {
			t.Errorf("%q: bytes %d utf16 %d codepoints %d", s, b.Length, u.Length, cp.Length)
		}
	}
}

// A text far over its cap is not counted to its end: the count stops, like graphemes.
func TestUTF16StopsEarlyFarOverCap(t *testing.T) {
	m, err := utf16Counter().Measure(strings.Repeat("a", 1<<20), 10)
	if err != nil || m.Exact || m.Length > 100 || m.OverflowAt != 10 {
		t.Errorf("1 MiB against cap 10: %+v, %v", m, err)
	}
}

func TestMeasureLinks(t *testing.T) {
	tests := []struct {
		text   string
		cap    int
		length int
		over   int
		why    string
	}{
		{"see https://a.example.com/x and https://a.example.com/x", 5, 1, -1, "the same URL twice is one link (Threads counts unique URLs)"},
		{"see example.com, shop.example.co.uk and x.invalidtld", 5, 2, -1, "bare domains with a real TLD are links (twitter-text's URLs); an unknown TLD is none"},
		{"https://a.io www.b.io http://c.io HTTPS://d.io www.e.io https://f.io", 5, 6, 56, "six unique links, the sixth starts at byte 56"},
		{"mail me: bob@www.example.com", 5, 0, -1, "www. inside an address is no link"},
		{"(https://a.io).", 0, 1, 1, "trailing punctuation is not part of the link, a leading parenthesis is no word"},
		{"nowww.example.com", 5, 1, -1, "a bare domain is one link, whatever its first label"},
		{"#tag@user.com $AB", 5, 0, -1, "a domain right after an at sign is no link (twitter-text)"},
	}
	for _, tt := range tests {
		m := measureLinks(tt.text, tt.cap)
		if m.Length != tt.length || m.OverflowAt != tt.over {
			t.Errorf("measureLinks(%q, %d) = %+v; want %d links, overflow %d (%s)", tt.text, tt.cap, m, tt.length, tt.over, tt.why)
		}
	}
}

func TestMeasureTags(t *testing.T) {
	tests := []struct {
		text   string
		kind   entity.Kind
		length int
		why    string
	}{
		{"#one #two,#three", entity.Hashtag, 3, "tags separated by space and comma"},
		{"a#b c# #", entity.Hashtag, 0, "inside a word, or with nothing after the mark, is no tag"},
		{"#caf\u00e9 #\u65e5\u672c \uff03\u30bf\u30b0", entity.Hashtag, 3, "tags in any script, and the full-width mark"},
		{"&#123; #1 #1a", entity.Hashtag, 1, "an HTML entity is no tag, nor digits alone (twitter-text needs a letter)"},
		{"#a#b #c", entity.Hashtag, 1, "a tag right before another mark is none (endHashtagMatch)"},
		{"#\ufe0f\u20e3 #\u20e3x", entity.Hashtag, 0, "a keycap is no tag"},
		{"@bob hi @ann.lee x@y.com", entity.Mention, 2, "mentions, not an e-mail address"},
		{"\uff20bob RT@ann @a@b", entity.Mention, 2, "the full-width mark and a retweet prefix; @a@b is too close to an address"},
		{"https://example.com/#frag #tag", entity.Hashtag, 1, "a '#' inside a URL is the URL's"},
		{"$AAPL up, $5 off, a$B", entity.Cashtag, 1, "a cashtag starts with a letter; a price or a word is none"},
	}
	for _, tt := range tests {
		m := measureTags(tt.text, tt.kind, "x", 100)
		if m.Length != tt.length {
			t.Errorf("measureTags(%q) = %d, want %d (%s)", tt.text, m.Length, tt.length, tt.why)
		}
	}
}

func TestMeasureForbidden(t *testing.T) {
	m := measureForbidden("a <b> \u00e9", "<>")
	if m.Length != 2 || m.OverflowAt != 2 || m.Fits() {
		t.Errorf("measureForbidden = %+v; want 2 found, first at 2", m)
	}
	if m := measureForbidden("\u00e9\u3c3e", "<>"); !m.Fits() {
		t.Errorf("multi-byte characters never match an ASCII byte: %+v", m)
	}
}

// TestLittleText: LinkedIn's little text reserves \ | { } @ [ ] ( ) < > # * _ ~; a
// backslash escapes the one after it. EscapeLittleText makes any text free of unescaped
// reserved characters, and changes nothing else.
func TestLittleText(t *testing.T) {
	for _, tt := range []struct {
		text   string
		n, at  int
		escape string
		why    string
	}{
		{"plain text, no markup", 0, -1, "plain text, no markup", "nothing reserved"},
		{"(a)", 2, 0, `\(a\)`, "both parentheses"},
		{`\(a\)`, 0, -1, `\\\(a\\\)`, "already escaped: counts nothing, but escaping again escapes the backslashes"},
		{`a\b`, 1, 1, `a\\b`, "a backslash before a letter is no escape: it is reserved itself"},
		{`end\`, 1, 3, `end\\`, "a trailing backslash"},
		{`\\`, 0, -1, `\\\\`, "an escaped backslash"},
		{"#tag @name *b* _i_ ~s~ {x|y} [l] <u>", 15, 0, `\#tag \@name \*b\* \_i\_ \~s\~ \{x\|y\} \[l\] \<u\>`, "every reserved character"},
		{"日本語 (テスト)", 2, 10, `日本語 \(テスト\)`, "multi-byte text around them: offsets in bytes"},
	} {
		m := measureLittleText(tt.text)
		if m.Length != tt.n || m.OverflowAt != tt.at || m.Counter != charsName || !m.Exact {
			t.Errorf("%s: measureLittleText(%q) = %+v, want %d at %d", tt.why, tt.text, m, tt.n, tt.at)
		}
		got := EscapeLittleText(tt.text)
		if got != tt.escape {
			t.Errorf("%s: EscapeLittleText(%q) = %q, want %q", tt.why, tt.text, got, tt.escape)
		}
		if n := measureLittleText(got).Length; n != 0 {
			t.Errorf("%s: the escaped %q still holds %d reserved characters", tt.why, got, n)
		}
	}
}
