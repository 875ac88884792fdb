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

	"github.com/postrules/postrules/rules/apierror"
	"github.com/rivo/uniseg"
)

// graphemeBreakFile is Unicode 15.0's GraphemeBreakTest.txt as JSON lines (see
// testdata/PROVENANCE.md): {"text", "bounds", "comment"}, bounds being the end of every
// cluster in code points. It checks the Unicode 15 counter (CounterByName("graphemes-unicode15")); the Unicode 17.0 engine is
// checked in internal/grapheme.
const graphemeBreakFile = "testdata/GraphemeBreakTest-15.0.jsonl"

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

func TestUnicode15Conformance(t *testing.T) {
	gc := graphemeCounterUnicode15{}
	for _, c := range loadBreakCases(t) {
		m, err := gc.Measure(c.Text, len(c.Text)+1)
		if err != nil || m.Length != len(c.Bounds) || !m.Exact {
			t.Errorf("Unicode15 Measure(%+q) = %+v, %v; want %d clusters (%s)", c.Text, m, err, len(c.Bounds), c.Comment)
		}
	}
}

// Every conformance text inside ASCII context: the ASCII fast path must hand over to uniseg
// at exactly the right places on both sides, whatever ASCII surrounds the text.
func TestUnicode15ConformanceInASCIIContext(t *testing.T) {
	contexts := []string{"", "a", " ", "\r", "\n", "\t", "\x7f", "\r\n", "abcdefgh", "abcdefg\r", "0123456789abcdef"}
	gc := graphemeCounterUnicode15{}
	for _, c := range loadBreakCases(t) {
		for _, pre := range contexts {
			for _, post := range contexts {
				s := pre + c.Text + post
				m, err := gc.Measure(s, len(s)+1)
				if want := uniseg.GraphemeClusterCount(s); err != nil || m.Length != want {
					t.Fatalf("Unicode15 Measure(%+q) = %+v, %v; uniseg says %d (%s)", s, m, err, want, c.Comment)
				}
			}
		}
	}
}

func TestUnicode15MeasureConformance(t *testing.T) {
	gc := graphemeCounterUnicode15{}
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
			if m.Length != n || !m.Exact || m.Cap != limit || m.OverflowAt != wantOverflow || m.Counter != "graphemes-unicode15" {
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
	// unicode15 is the count by Unicode 15.0 where it differs (0: the same); the table is
	// checked against uniseg (Unicode 15.0) on every case, so each expectation that 17.0
	// changed must say so.
	tests := []struct {
		in        string
		want      int
		why       string
		unicode15 int
	}{
		{"", 0, "empty text", 0},
		{"hello", 5, "plain ASCII, shorter than one 8-byte word", 0},
		{"hello, world!", 13, "one word plus a byte-wise tail", 0},
		{strings.Repeat("abcdefgh", 40), 320, "whole words only", 0},
		{"\r\n", 1, "GB3: CR LF is one cluster", 0},
		{"\r", 1, "a lone CR", 0},
		{"\n\r", 2, "LF CR is two clusters: only CR LF joins", 0},
		{"abcdefg\r\nabcdefg", 15, "CR LF inside the second 8-byte word", 0},
		{"abcdefg\r" + "\nbcdefgh", 15, "CR LF straddling two words", 0},
		{strings.Repeat("ab\r\n", 100), 300, "many CR LF pairs", 0},
		{"\r\r\n\n", 3, "CR, CR LF, LF", 0},
		{"e\u0301", 1, "a combining acute accent joins its ASCII base (GB9)", 0},
		{"abcdefge\u0301", 8, "the mark follows the last byte of an 8-byte word", 0},
		{"abcdefgh\u0301", 8, "the word's last byte must be handed to the machine", 0},
		{"caf\u00e9 cafe\u0301", 9, "precomposed and decomposed é both count 1", 0},
		{"\t\u0301", 2, "GB4: a control never takes a mark", 0},
		{"\x7f\u0301", 2, "DEL is a control too", 0},
		{"\r\u0301", 2, "nor does CR", 0},
		{"\n\u0301", 2, "nor does LF", 0},
		{" \u0308", 1, "a space takes a mark", 0},
		{"a\u200d", 1, "ZWJ joins its ASCII base (GB9)", 0},
		{"a\ufe0f", 1, "a variation selector joins", 0},
		{"#\ufe0f\u20e3", 1, "keycap: ASCII base, VS16, enclosing keycap", 0},
		{"a\U0001F3FD", 1, "an emoji modifier is Extend and joins an ASCII base", 0},
		{"a\u0903", 1, "GB9a: a Devanagari spacing mark joins", 0},
		{"\u06001", 1, "GB9b: a prepended concatenation mark takes the ASCII digit after it", 0},
		{"\u0600\r", 2, "GB5: but never a CR", 0},
		{"\U0001F44D\U0001F3FD", 1, "thumbs up with a skin tone modifier", 0},
		{"\U0001F468\u200d\U0001F469\u200d\U0001F467", 1, "a ZWJ family is one cluster (GB11)", 0},
		{"hi \U0001F468\u200d\U0001F469\u200d\U0001F467!", 5, "ASCII around a ZWJ sequence", 0},
		{"a\u200d\U0001F469", 2, "GB11 needs an Extended_Pictographic before the ZWJ", 0},
		{"\U0001F1EB\U0001F1F7\U0001F1E9\U0001F1EA", 2, "two flags: regional indicators pair up (GB12/13)", 0},
		{"\U0001F1EB\U0001F1F7\U0001F1E9", 2, "an odd regional indicator stands alone", 0},
		{"x\U0001F1EB\U0001F1F7y", 3, "a flag between ASCII letters", 0},
		{"\ud55c\uad6d\uc5b4", 3, "Hangul syllables", 0},
		{"\u1100\u1161\u11a8", 1, "Hangul jamo L V T form one syllable (GB6-8)", 0},
		{"\u0928\u092e\u0938\u094d\u0924\u0947", 3, "Devanagari नमस्ते: GB9c joins स्ते across the virama (Unicode 15.0 had no GB9c)", 4},
		{"\u0915\u094d\u0937\u093f", 1, "क्षि: consonant, virama, consonant, vowel sign", 2},
		{"\u0915\u094d\u200d\u0937", 1, "GB9c allows ZWJ (InCB Extend) after the linker", 2},
		{"\u0915\u094d\u094d\u0937", 1, "and a second linker", 2},
		{"\u0915\u0301\u094d\u0937", 1, "and InCB Extend marks before the linker", 2},
		{"\u0915\u093f\u094d\u0937", 2, "but a vowel sign (SpacingMark, not InCB) ends the conjunct", 0},
		{"\u0915\u094d\u0041", 2, "GB9c joins only a consonant", 0},
		{"\u0905\u094d\u0937", 2, "an independent vowel is not an InCB consonant: nothing to link", 0},
		{"\u09b8\u09cd\u09a4", 1, "Bengali স্ত", 2},
		{"\u0d15\u0d4d\u0d15", 1, "Malayalam ക്ക", 2},
		{"\u1000\u1039\u1000", 1, "Myanmar: the invisible stacker U+1039 became a conjunct linker in Unicode 17.0", 2},
		{"\u1780\u17d2\u1780", 1, "Khmer: COENG U+17D2 links too in 17.0", 2},
		{"\u1000\u1039\u0915", 1, "GB9c does not ask that the consonants share a script", 2},
		{"\u2701\u200d\u2701", 2, "U+2701 is no longer Extended_Pictographic in Unicode 17.0, so GB11 does not join", 1},
		{"\U0001FAE9\u200d\U0001F600", 1, "a pictograph added after 15.0 is joined by GB11 in both (unassigned code points were already Extended_Pictographic)", 0},
		{"\u0e20\u0e32\u0e29\u0e32\u0e44\u0e17\u0e22", 7, "Thai ภาษาไทย: every letter is its own cluster", 0},
		{"\u0e01\u0e33", 1, "Thai SARA AM is a spacing mark", 0},
		{"\u65e5\u672c\u8a9e", 3, "CJK", 0},
		{"Go \u8a00\u8a9e \U0001F680 e\u0301t\u00e9!", 12, "mixed scripts, emoji and marks", 0},
		{"\u65e5\u0301", 1, "a mark joins an ideograph too", 0},
		{"\u65e5\u0301\u0301\u200d\u0903x", 2, "any run of Extend, ZWJ and SpacingMark joins a plain base", 0},
		{"\u65e5\u200d\U0001F600", 2, "GB11 needs a pictograph before the ZWJ, not an ideograph", 0},
		{"\u65e5\u0600", 2, "a Prepend after a plain base starts the next cluster", 0},
		{"\u06001\u65e5", 2, "... and takes what follows it", 0},
		{"\u65e5\U0001F1EB", 2, "a regional indicator after a plain base", 0},
		{"\u00e9\u1100", 2, "a jamo L after a plain base", 0},
		{"\U00020000\u0301\U00020001", 2, "astral plain code points (CJK extension B)", 0},
		{"\ud558\u1161", 1, "GB7: a vowel jamo joins an LV syllable (HA is LV, HAN is LVT)", 0},
		{"\uac01\u11a8", 1, "GB8: a trailing jamo joins an LVT syllable", 0},
		{"\uac01\u1161", 2, "but a vowel jamo does not join LVT", 0},
		{"\ud558\u0301\u1161", 2, "after a mark the syllable's jamo rules are over", 0},
		{"\ud55c\r\n", 2, "a syllable before CR LF", 0},
		{"\U0001F600\u0903\u200d\U0001F600", 2, "a spacing mark ends GB11's run: the ZWJ joins, the pictograph does not", 0},
		{"\U0001F600\u200d\u0301\U0001F600", 2, "Extend after the ZWJ ends GB11 too", 0},
		{"\U0001F600\u200d\u200d\U0001F600", 2, "so does a second ZWJ", 0},
		{"\U0001F3F3\ufe0f\u200d\U0001F308", 1, "rainbow flag: pictograph, VS16, ZWJ, pictograph", 0},
		{"\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F", 1, "England's flag: a pictograph and tags", 0},
		{"\u00a9\ufe0f", 1, "© is a pictograph; VS16 joins", 0},
		{"\U0001F1EB\u0301\U0001F1F7", 2, "a mark between regional indicators breaks the pair", 0},
		{"\U0001F1EB\U0001F1F7\u0301\U0001F1E9", 2, "a mark after a flag joins it", 0},
		{"\u0085\u0301", 2, "GB4: NEL is a control and takes no mark", 0},
		{"\u65e5\u200b\u65e5", 3, "GB5: a zero width space is a control of its own", 0},
		{"\u00ad\u0301", 2, "the soft hyphen is a control too", 0},
		{"\n\u0301", 2, "LF takes no mark", 0},
		{"\u0301\u0301", 1, "a mark at the start of a text is a cluster, and marks join it", 0},
		{"\xff", 1, "an invalid byte counts like U+FFFD", 0},
		{"\u65e5\xff\u0301", 2, "an invalid byte after an ideograph, with a mark on it", 0},
		{"\xe0\x80\x80\u65e5", 4, "an overlong encoding is three invalid bytes", 0},
		{"\xf4\x90\x80\x80", 4, "past U+10FFFF: four invalid bytes", 0},
		{"a\xff", 2, "ASCII then an invalid byte: a boundary, as before U+FFFD", 0},
		{"\xff\u0301", 1, "a mark attaches to the invalid byte, as to U+FFFD", 0},
		{"\xe6\x97", 2, "each byte of a truncated sequence counts", 0},
		{"\xed\xa0\x80", 3, "an encoded surrogate is three invalid bytes", 0},
		{"\ufffd", 1, "a literal U+FFFD", 0},
	}
	for _, tt := range tests {
		got := CountGraphemes(tt.in)
		if got != tt.want {
			t.Errorf("CountGraphemes(%+q) = %d, want %d: %s", tt.in, got, tt.want, tt.why)
		}
		want15 := tt.want
		if tt.unicode15 != 0 {
			want15 = tt.unicode15
		}
		if ref := uniseg.GraphemeClusterCount(tt.in); ref != want15 {
			t.Errorf("table error: uniseg (Unicode 15.0) counts %+q as %d, the table says %d (%s)", tt.in, ref, want15, tt.why)
		}
		if m, err := (graphemeCounterUnicode15{}).Measure(tt.in, 1000); err == nil && m.Length != want15 {
			t.Errorf("the Unicode 15 counter measures %+q as %d, want %d (%s)", tt.in, m.Length, want15, tt.why)
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
		{"\ud558\u1161\ud558", 1, want{2, true, 6}, "a syllable and its jamo are one cluster (GB7)"},
		{"a\u65e5b\u65e5c", 4, want{5, true, 8}, "ASCII between ideographs"},
		{strings.Repeat("\u0600", 1<<18), 280, want{1, true, -1}, "512 KB of U+0600 is one prepend cluster: it may fit, so it is read whole, and it does"},
		{strings.Repeat("\u1100", 1<<18), 280, want{1, true, -1}, "768 KB of Hangul L jamo: one cluster (GB6)"},
		{strings.Repeat("a", 280) + "b" + strings.Repeat("\u0301", 1<<18), 280, want{281, false, 280},
			"cluster 281 is 512 KB: the verdict is known at its start, so reading stops 8960 bytes in, the cut cluster counting one"},
		{"b" + strings.Repeat("\u0301", 1<<18), 0, want{1, false, 0}, "cap 0: the first cluster overflows; 4096 bytes of it are read"},
		{strings.Repeat("e\u0301", 1<<18), 280, want{560, false, 840}, "768 KB of e+U+0301: 2*cap clusters of 3 bytes are read"},
		{strings.Repeat("\uac00\u11a8", 1<<16), 280, want{560, false, 1680}, "Hangul LV+T pairs: 2*cap clusters of 6 bytes"},
		{strings.Repeat("\U0001F468\u200d\U0001F469\u200d\U0001F467", 600), 280, want{498, false, 5040},
			"18-byte families: the 8960-byte window ends before 2*cap clusters (218 begin after the overflow at 5040)"},
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
		{"abc\xff", 280, 3, "after ASCII: the last ASCII byte is handed to the machine with it"},
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
		var e *apierror.Error
		if !errors.As(err, &e) {
			t.Errorf("Measure(%+q, %d) error = %v, want *Error: %s", name, tt.limit, err, tt.why)
			continue
		}
		if e.Code != apierror.CodeInvalidUTF8 || e.HTTPStatus != 400 || e.Offset != tt.offset || e.Path != "" {
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
