package rules

import (
	"bufio"
	"encoding/json"
	"errors"
	"math"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rivo/uniseg"
)

// graphemeBreakFile is Unicode 15.0's GraphemeBreakTest.txt as JSON lines (see
// ../../shared/conformance/README.md): {"text", "bounds", "comment"}, bounds being the end
// of every cluster in code points.
const graphemeBreakFile = "../../shared/conformance/unicode/GraphemeBreakTest-15.0.jsonl"

type breakCase struct {
	Text    string `json:"text"`
	Bounds  []int  `json:"bounds"`
	Comment string `json:"comment"`
	// ends are the bounds as byte offsets: ends[i] is where cluster i+1 ends.
	ends []int
}

func loadBreakCases(t testing.TB) []breakCase {
	t.Helper()
	f, err := os.Open(graphemeBreakFile)
	if err != nil {
		t.Fatalf("the grapheme conformance corpus is required: %v", err)
	}
	defer f.Close()
	var cases []breakCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var c breakCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("%s:%d: %v", graphemeBreakFile, line, err)
		}
		// Code-point bounds to byte offsets.
		runeEnds := make([]int, 0, utf8.RuneCountInString(c.Text))
		for i, r := range c.Text {
			runeEnds = append(runeEnds, i+utf8.RuneLen(r))
		}
		for _, b := range c.Bounds {
			if b < 1 || b > len(runeEnds) {
				t.Fatalf("%s:%d: bound %d outside the text's %d code points", graphemeBreakFile, line, b, len(runeEnds))
			}
			c.ends = append(c.ends, runeEnds[b-1])
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 602 { // the file has 602 cases; a truncated copy must not pass
		t.Fatalf("%s: only %d cases", graphemeBreakFile, len(cases))
	}
	return cases
}

func TestCountGraphemesConformance(t *testing.T) {
	for _, c := range loadBreakCases(t) {
		if got := CountGraphemes(c.Text); got != len(c.Bounds) {
			t.Errorf("CountGraphemes(%+q) = %d, want %d (%s)", c.Text, got, len(c.Bounds), c.Comment)
		}
	}
}

// Every conformance text inside ASCII context: the fast path must hand over to uniseg at
// exactly the right places on both sides, whatever ASCII surrounds the text.
func TestCountGraphemesConformanceInASCIIContext(t *testing.T) {
	contexts := []string{"", "a", " ", "\r", "\n", "\t", "\x7f", "\r\n", "abcdefgh", "abcdefg\r", "0123456789abcdef"}
	for _, c := range loadBreakCases(t) {
		for _, pre := range contexts {
			for _, post := range contexts {
				s := pre + c.Text + post
				if got, want := CountGraphemes(s), uniseg.GraphemeClusterCount(s); got != want {
					t.Fatalf("CountGraphemes(%+q) = %d, uniseg says %d (%s)", s, got, want, c.Comment)
				}
			}
		}
	}
}

func TestMeasureConformance(t *testing.T) {
	gc := GraphemeCounter()
	for _, c := range loadBreakCases(t) {
		n := len(c.Bounds)
		for _, limit := range []int{0, n - 1, n, n + 1} {
			if limit < 0 {
				continue
			}
			m, err := gc.Measure(c.Text, limit)
			if err != nil {
				t.Fatalf("Measure(%+q, %d): %v", c.Text, limit, err)
			}
			wantOverflow := -1
			if n > limit {
				wantOverflow = 0
				if limit > 0 {
					wantOverflow = c.ends[limit-1] // cluster limit+1 begins where cluster limit ends
				}
			}
			if m.Length != n || !m.Exact || m.Cap != limit || m.OverflowAt != wantOverflow || m.Counter != "graphemes" {
				t.Errorf("Measure(%+q, %d) = %+v, want Length %d exact, OverflowAt %d (%s)",
					c.Text, limit, m, n, wantOverflow, c.Comment)
			}
			if m.Fits() != (n <= limit) {
				t.Errorf("Measure(%+q, %d).Fits() = %v with %d clusters", c.Text, limit, m.Fits(), n)
			}
		}
	}
}

func TestCountGraphemes(t *testing.T) {
	tests := []struct {
		in   string
		want int
		why  string
	}{
		{"", 0, "empty text"},
		{"hello", 5, "plain ASCII, shorter than one 8-byte word"},
		{"hello, world!", 13, "one word plus a byte-wise tail"},
		{strings.Repeat("abcdefgh", 40), 320, "whole words only"},
		{"\r\n", 1, "GB3: CR LF is one cluster"},
		{"\r", 1, "a lone CR"},
		{"\n\r", 2, "LF CR is two clusters: only CR LF joins"},
		{"abcdefg\r\nabcdefg", 15, "CR LF inside the second 8-byte word"},
		{"abcdefg\r" + "\nbcdefgh", 15, "CR LF straddling two words"},
		{strings.Repeat("ab\r\n", 100), 300, "many CR LF pairs"},
		{"\r\r\n\n", 3, "CR, CR LF, LF"},
		{"e\u0301", 1, "a combining acute accent joins its ASCII base (GB9)"},
		{"abcdefge\u0301", 8, "the mark follows the last byte of an 8-byte word"},
		{"abcdefgh\u0301", 8, "the word's last byte must be handed to uniseg"},
		{"caf\u00e9 cafe\u0301", 9, "precomposed and decomposed é both count 1"},
		{"\t\u0301", 2, "GB4: a control never takes a mark"},
		{"\x7f\u0301", 2, "DEL is a control too"},
		{"\r\u0301", 2, "nor does CR"},
		{"\n\u0301", 2, "nor does LF"},
		{" \u0308", 1, "a space takes a mark"},
		{"a\u200d", 1, "ZWJ joins its ASCII base (GB9)"},
		{"a\ufe0f", 1, "a variation selector joins"},
		{"#\ufe0f\u20e3", 1, "keycap: ASCII base, VS16, enclosing keycap"},
		{"a\U0001F3FD", 1, "an emoji modifier is Extend and joins an ASCII base"},
		{"a\u0903", 1, "GB9a: a Devanagari spacing mark joins"},
		{"\u06001", 1, "GB9b: a prepended concatenation mark takes the ASCII digit after it"},
		{"\u0600\r", 2, "GB5: but never a CR"},
		{"\U0001F44D\U0001F3FD", 1, "thumbs up with a skin tone modifier"},
		{"\U0001F468\u200d\U0001F469\u200d\U0001F467", 1, "a ZWJ family is one cluster (GB11)"},
		{"hi \U0001F468\u200d\U0001F469\u200d\U0001F467!", 5, "ASCII around a ZWJ sequence"},
		{"a\u200d\U0001F469", 2, "GB11 needs an Extended_Pictographic before the ZWJ"},
		{"\U0001F1EB\U0001F1F7\U0001F1E9\U0001F1EA", 2, "two flags: regional indicators pair up (GB12/13)"},
		{"\U0001F1EB\U0001F1F7\U0001F1E9", 2, "an odd regional indicator stands alone"},
		{"x\U0001F1EB\U0001F1F7y", 3, "a flag between ASCII letters"},
		{"\ud55c\uad6d\uc5b4", 3, "Hangul syllables"},
		{"\u1100\u1161\u11a8", 1, "Hangul jamo L V T form one syllable (GB6-8)"},
		{"\u0928\u092e\u0938\u094d\u0924\u0947", 4, "Devanagari नमस्ते: uniseg 15.0 has no GB9c, so स्ते splits after the virama"},
		{"\u0e20\u0e32\u0e29\u0e32\u0e44\u0e17\u0e22", 7, "Thai ภาษาไทย: every letter is its own cluster"},
		{"\u0e01\u0e33", 1, "Thai SARA AM is a spacing mark"},
		{"\u65e5\u672c\u8a9e", 3, "CJK"},
		{"Go \u8a00\u8a9e \U0001F680 e\u0301t\u00e9!", 12, "mixed scripts, emoji and marks"},
		{"\u65e5\u0301", 1, "a mark joins an ideograph too"},
		{"\u65e5\u0301\u0301\u200d\u0903x", 2, "any run of Extend, ZWJ and SpacingMark joins a plain base"},
		{"\u65e5\u200d\U0001F600", 2, "GB11 needs a pictograph before the ZWJ, not an ideograph"},
		{"\u65e5\u0600", 2, "a Prepend after a plain base starts the next cluster"},
		{"\u06001\u65e5", 2, "... and takes what follows it"},
		{"\u65e5\U0001F1EB", 2, "a regional indicator after a plain base"},
		{"\u00e9\u1100", 2, "a jamo L after a plain base"},
		{"\U00020000\u0301\U00020001", 2, "astral plain code points (CJK extension B)"},
		{"\ud558\u1161", 1, "GB7: a vowel jamo joins an LV syllable (HA is LV, HAN is LVT)"},
		{"\uac01\u11a8", 1, "GB8: a trailing jamo joins an LVT syllable"},
		{"\uac01\u1161", 2, "but a vowel jamo does not join LVT"},
		{"\ud558\u0301\u1161", 2, "after a mark the syllable's jamo rules are over"},
		{"\ud55c\r\n", 2, "a syllable before CR LF"},
		{"\U0001F600\u0903\u200d\U0001F600", 2, "a spacing mark ends GB11's run: the ZWJ joins, the pictograph does not"},
		{"\U0001F600\u200d\u0301\U0001F600", 2, "Extend after the ZWJ ends GB11 too"},
		{"\U0001F600\u200d\u200d\U0001F600", 2, "so does a second ZWJ"},
		{"\U0001F3F3\ufe0f\u200d\U0001F308", 1, "rainbow flag: pictograph, VS16, ZWJ, pictograph"},
		{"\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F", 1, "England's flag: a pictograph and tags"},
		{"\u00a9\ufe0f", 1, "© is a pictograph; VS16 joins"},
		{"\U0001F1EB\u0301\U0001F1F7", 2, "a mark between regional indicators breaks the pair"},
		{"\U0001F1EB\U0001F1F7\u0301\U0001F1E9", 2, "a mark after a flag joins it"},
		{"\u0085\u0301", 2, "GB4: NEL is a control and takes no mark"},
		{"\u65e5\u200b\u65e5", 3, "GB5: a zero width space is a control of its own"},
		{"\u00ad\u0301", 2, "the soft hyphen is a control too"},
		{"\n\u0301", 2, "LF takes no mark"},
		{"\u0301\u0301", 1, "a mark at the start of a text is a cluster, and marks join it"},
		{"\xff", 1, "an invalid byte counts like U+FFFD"},
		{"\u65e5\xff\u0301", 2, "an invalid byte after an ideograph, with a mark on it"},
		{"\xe0\x80\x80\u65e5", 4, "an overlong encoding is three invalid bytes"},
		{"\xf4\x90\x80\x80", 4, "past U+10FFFF: four invalid bytes"},
		{"a\xff", 2, "ASCII then an invalid byte: a boundary, as before U+FFFD"},
		{"\xff\u0301", 1, "a mark attaches to the invalid byte, as to U+FFFD"},
		{"\xe6\x97", 2, "each byte of a truncated sequence counts"},
		{"\xed\xa0\x80", 3, "an encoded surrogate is three invalid bytes"},
		{"\ufffd", 1, "a literal U+FFFD"},
	}
	for _, tt := range tests {
		got := CountGraphemes(tt.in)
		if got != tt.want {
			t.Errorf("CountGraphemes(%+q) = %d, want %d: %s", tt.in, got, tt.want, tt.why)
		}
		if ref := uniseg.GraphemeClusterCount(tt.in); ref != tt.want {
			t.Errorf("table error: uniseg counts %+q as %d, the table says %d (%s)", tt.in, ref, tt.want, tt.why)
		}
	}
}

func TestCountGraphemesAllocs(t *testing.T) {
	for _, s := range []string{strings.Repeat("a", 1000), benchMixed(), benchCJK()} {
		if a := testing.AllocsPerRun(20, func() { CountGraphemes(s) }); a != 0 {
			t.Errorf("CountGraphemes allocates %v times per call", a)
		}
	}
}

func TestMeasure(t *testing.T) {
	type want struct {
		length   int
		exact    bool
		overflow int
	}
	tests := []struct {
		text  string
		limit int
		want  want
		why   string
	}{
		{"", 0, want{0, true, -1}, "the empty text fits even a cap of 0"},
		{"a", 0, want{1, true, 0}, "cap 0: the first cluster already overflows"},
		{"hello", 5, want{5, true, -1}, "exactly at the cap fits"},
		{"hello!", 5, want{6, true, 5}, "cap+1: overflow at the last byte"},
		{strings.Repeat("a", 280), 280, want{280, true, -1}, "a full 280-character tweet"},
		{strings.Repeat("a", 312), 280, want{312, true, 280}, "a realistic over-long post is measured exactly"},
		{strings.Repeat("a", 560), 280, want{560, true, 280}, "2*cap"},
		{strings.Repeat("a", 561), 280, want{561, true, 280}, "past 2*cap, but a short text is counted in full"},
		{strings.Repeat("a", 3000), 280, want{3000, true, 280}, "a 3,000-character draft pasted into a tweet gets its true length"},
		{strings.Repeat("a", 32*280), 280, want{32 * 280, true, 280}, "32*cap bytes: the longest text that is always exact"},
		{strings.Repeat("a", 32*280+1), 280, want{560, false, 280}, "one byte more: counting stops at 2*cap, more than 560"},
		{strings.Repeat("a", 1<<20), 280, want{560, false, 280}, "1 MiB is not read"},
		{strings.Repeat("a", 4096), 10, want{4096, true, 10}, "a small cap is exact up to 4096 bytes, not 32*cap"},
		{strings.Repeat("a", 4097), 10, want{74, false, 10}, "past 4096 bytes a small cap counts 64 past it"},
		{strings.Repeat("a", 4097), 200, want{4097, true, 200}, "cap 200: 32*cap is 6400 bytes"},
		{strings.Repeat("a", 6401), 200, want{400, false, 200}, "cap 200: past 6400 bytes counting stops at 2*cap"},
		{strings.Repeat("e\u0301", 1000), 10, want{1000, true, 30}, "3000 bytes of decomposed é: exact; a cluster is often more than a byte"},
		{strings.Repeat("e\u0301", 2000), 10, want{74, false, 30}, "6000 bytes: over 4096, stops at the ceiling"},
		{"abc", math.MaxInt, want{3, true, -1}, "a huge cap: 32*cap must not overflow"},
		{"abc", math.MaxInt / 32, want{3, true, -1}, "the largest cap whose 32*cap is representable"},
		{"abce\u0301f", 3, want{5, true, 3}, "the overflowing cluster starts at its ASCII base, before the mark"},
		{"abc\r\nd", 3, want{5, true, 3}, "CR LF at the cap is one cluster"},
		{"ab\r\ncd", 3, want{5, true, 4}, "the cap ends after CR LF: overflow after both bytes"},
		{"\u65e5\u672c\u8a9e\u65e5", 3, want{4, true, 9}, "CJK: byte offsets, not code points"},
		{"\U0001F468\u200d\U0001F469\u200d\U0001F467\U0001F44D", 1, want{2, true, 18}, "a ZWJ family counts 1; the overflow begins after its 18 bytes"},
		{"\U0001F1EB\U0001F1F7\U0001F1E9\U0001F1EA", 1, want{2, true, 8}, "flags"},
		{strings.Repeat("\u65e5", 1000), 280, want{1000, true, 840}, "3000 bytes of CJK far over the cap: exact"},
		{strings.Repeat("\u65e5", 2986), 280, want{2986, true, 840}, "8958 bytes of CJK: still within 32*cap"},
		{strings.Repeat("\u65e5", 2987), 280, want{560, false, 840}, "8961 bytes of CJK: non-ASCII stops at 2*cap too"},
		{"abcdefgh", -5, want{8, true, 0}, "a negative cap is treated as 0"},
		{"\u65e5\u0301\u672c\u0301\u8a9e", 2, want{3, true, 10}, "the overflow begins after the marks of cluster 2"},
		{"\U0001F1EB\U0001F1F7\U0001F1E9\U0001F1EA\U0001F1EE", 2, want{3, true, 16}, "two flags and a lone regional indicator"},
		{"\ud558\u1161\ud558", 1, want{2, true, 6}, "a syllable and its jamo are one cluster, from uniseg"},
		{"a\u65e5b\u65e5c", 4, want{5, true, 8}, "ASCII between ideographs"},
	}
	gc := GraphemeCounter()
	for _, tt := range tests {
		m, err := gc.Measure(tt.text, tt.limit)
		name := shortText(tt.text)
		if err != nil {
			t.Errorf("Measure(%+q, %d): %v (%s)", name, tt.limit, err, tt.why)
			continue
		}
		got := want{m.Length, m.Exact, m.OverflowAt}
		if got != tt.want {
			t.Errorf("Measure(%+q, %d) = %+v, want %+v: %s", name, tt.limit, got, tt.want, tt.why)
		}
		if m.Fits() != (tt.want.overflow < 0) {
			t.Errorf("Measure(%+q, %d).Fits() = %v: %s", name, tt.limit, m.Fits(), tt.why)
		}
	}
}

func TestMeasureInvalidUTF8(t *testing.T) {
	tests := []struct {
		text   string
		limit  int
		offset int // -1: no error expected
		why    string
	}{
		{"\xff", 280, 0, "a lone invalid byte"},
		{"abc\xff", 280, 3, "after ASCII: the last ASCII byte is handed to uniseg with it"},
		{"abcdefgh\xff", 280, 8, "right after an 8-byte word"},
		{"\u65e5\u672c\xe8", 280, 6, "a truncated sequence at the end"},
		{"\u65e5\xe8\xaaa", 280, 3, "a truncated sequence followed by ASCII"},
		{"\xed\xa0\x80", 280, 0, "an encoded surrogate"},
		{"\xc0\xaf", 280, 0, "an overlong encoding of '/'"},
		{"e\u0301\xcc", 280, 3, "a truncated combining mark inside a cluster"},
		{strings.Repeat("a", 15) + "\xff", 10, 15, "past the cap but within the ceiling: still read, still rejected"},
		{strings.Repeat("a", 100) + "\xff", 10, 100, "past 2*cap in a short text: a short text is read in full"},
		{strings.Repeat("a", 4095) + "\xff", 10, 4095, "the last byte of a 4096-byte text is read"},
		{strings.Repeat("a", 4096) + "\xff", 10, -1, "4097 bytes: beyond the ceiling, never read (the text is too long anyway)"},
		{strings.Repeat("\u65e5", 2986) + "\xff", 280, 8958, "the last byte of an 8959-byte text with cap 280 is read"},
		{strings.Repeat("\u65e5", 2986) + "\xff\xff\xff", 280, -1, "8961 bytes with cap 280: the bad bytes lie beyond 2*cap"},
		{"\xff" + strings.Repeat("a", 1<<20), 280, 0, "a long text is still checked up to its ceiling"},
		{"\ufffd", 280, -1, "a literal U+FFFD is valid UTF-8"},
	}
	gc := GraphemeCounter()
	for _, tt := range tests {
		m, err := gc.Measure(tt.text, tt.limit)
		name := shortText(tt.text)
		if tt.offset < 0 {
			if err != nil {
				t.Errorf("Measure(%+q, %d): unexpected %v: %s", name, tt.limit, err, tt.why)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Measure(%+q, %d) error = %v, want *Error: %s", name, tt.limit, err, tt.why)
			continue
		}
		if e.Code != CodeInvalidUTF8 || e.Status != 400 || e.Offset != tt.offset || e.Path != "" {
			t.Errorf("Measure(%+q, %d) = %+v, want invalid_utf8 at offset %d: %s", name, tt.limit, e, tt.offset, tt.why)
		}
		if !strings.Contains(e.Message, "offset") {
			t.Errorf("message %q does not say where", e.Message)
		}
		if m.Fits() || m.Exact {
			t.Errorf("Measure(%+q, %d) with an error = %+v: must neither fit nor be exact", name, tt.limit, m)
		}
	}
	// Past the cap, the Measurement keeps the overflow offset it had found.
	m, _ := gc.Measure(strings.Repeat("a", 15)+"\xff", 10)
	if m.OverflowAt != 10 || m.Length != 15 {
		t.Errorf("Measure over the cap then invalid = %+v, want OverflowAt 10, Length 15", m)
	}
}

func TestGraphemeCounterName(t *testing.T) {
	if n := GraphemeCounter().Name(); n != "graphemes" {
		t.Errorf("Name() = %q", n)
	}
}

func TestMeasureAllocs(t *testing.T) {
	gc := GraphemeCounter()
	big := strings.Repeat("a\u0301\u65e5 ", 1<<16)
	if a := testing.AllocsPerRun(20, func() { gc.Measure(big, 280) }); a != 0 {
		t.Errorf("Measure allocates %v times per call", a)
	}
}

// shortText keeps test messages readable: the start and end of a long text.
func shortText(s string) string {
	if len(s) <= 80 {
		return s
	}
	return s[:40] + "..." + s[len(s)-40:]
}
