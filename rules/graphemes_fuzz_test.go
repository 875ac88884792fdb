package rules

import (
	"errors"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/postrules/postrules/rules/apierror"
	"github.com/rivo/uniseg"
)

// graphemeFuzzSeeds are the texts where a fast path goes wrong: ASCII next to marks, ZWJ,
// variation selectors and modifiers at every position of an 8-byte word, CR LF across
// words, controls before marks, prepend characters before ASCII, invalid bytes.
func graphemeFuzzSeeds() []string {
	seeds := []string{
		"", "a", "\r\n", "\n\r", "\r\r\n", "e\u0301", " \u0308", "\t\u0301", "\x7f\u0301",
		"a\u200d", "a\ufe0f", "#\ufe0f\u20e3", "a\U0001F3FD", "a\u0903", "\u06001", "\u0600\r",
		"\U0001F468\u200d\U0001F469\u200d\U0001F467", "\U0001F1EB\U0001F1F7\U0001F1E9",
		"\u1100\u1161\u11a8", "\u0928\u092e\u0938\u094d\u0924\u0947", "\u0e01\u0e33",
		"\xff", "a\xff", "\xff\u0301", "\xe6\x97", "\xed\xa0\x80", "\ufffd",
		"abcdefg\r\nabcdefg", "abcdefg\r" + "\nbcdefgh",
	}
	for i := 0; i <= 9; i++ { // a joiner at each position around a word boundary
		for _, j := range []string{"\u0301", "\u200d", "\ufe0f", "\U0001F3FD", "\r\n", "\xff"} {
			seeds = append(seeds, strings.Repeat("x", i)+j+"yz")
		}
	}
	// Every class knownSpan decides (plain of each width, pictograph, Hangul syllable,
	// regional indicator, control) followed by what may or may not join it: Extend, ZWJ,
	// ZWJ + pictograph, SpacingMark, Prepend, regional indicators, Hangul jamo, emoji,
	// modifiers, CR LF, ASCII, invalid bytes.
	starters := []string{"a", "\u00e9", "\u65e5", "\u3042", "\U00020000", "\U0001F600", "\u00a9",
		"\uac00", "\ud55c", "\U0001F1EB", "\u0085", "\u200b", "\n"}
	followers := []string{"", "\u0301", "\u0301\u0301", "\u200d", "\u200d\U0001F600", "\u0301\u200d\U0001F600",
		"\u0903", "\u0903\u200d\U0001F600", "\u0600", "\u0600a", "\U0001F1EB", "\U0001F1EB\U0001F1F7",
		"\u1100", "\u1161", "\u11a8", "\u1161\u11a8", "\U0001F600", "\U0001F3FD", "\ufe0f",
		"\r\n", "\n", "a", "\xff", "\xed\xa0\x80", "\xe0\x80\x80"}
	for _, a := range starters {
		for _, b := range followers {
			seeds = append(seeds, a+b, a+b+a, "x"+a+b+" "+a+a+a)
		}
	}
	return seeds
}

// FuzzGraphemeCounterUnicode15: the compatibility counter counts exactly as uniseg
// (Unicode 15.0) does, and rejects invalid UTF-8 at its first bad byte. (The Unicode 17.0
// engine's fast path is fuzzed against a rule-by-rule engine in internal/grapheme.)
func FuzzGraphemeCounterUnicode15(f *testing.F) {
	for _, c := range loadBreakCases(f) {
		f.Add(c.Text)
	}
	for _, s := range graphemeFuzzSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := graphemeCounterUnicode15{}.Measure(s, len(s)+1)
		if bad := referenceFirstInvalid(s); bad >= 0 {
			var e *apierror.Error
			if !errors.As(err, &e) || e.Code != apierror.CodeInvalidUTF8 || e.Offset != bad {
				t.Fatalf("Unicode15 Measure(%+q): %v, want invalid_utf8 at %d", s, err, bad)
			}
			return
		}
		if want := uniseg.GraphemeClusterCount(s); err != nil || m.Length != want || !m.Exact {
			t.Fatalf("Unicode15 Measure(%+q) = %+v, %v; uniseg.GraphemeClusterCount = %d", s, m, err, want)
		}
	})
}

// segmenter is a reference segmentation for the Measure model: the length of the first
// cluster of s, an invalid byte read as U+FFFD.
type segmenter func(s string) int

// segment17 is the Unicode 17.0 engine, through CountGraphemes (internal/grapheme checks
// it against GraphemeBreakTest, a rule-by-rule engine and Intl.Segmenter): the first
// cluster of s ends after the longest prefix of whole code points (an invalid byte is one)
// that counts as one cluster. The prefix count never falls as the prefix grows, since a
// cut after any code point keeps every boundary before it (UAX #29 looks at most one code
// point to the right; internal/grapheme has that property), so a galloping search finds
// it in O(n log n) for a cluster of n bytes. segment15 is uniseg.
func segment17(s string) int {
	// ends[k] is the end of code point k of s, as far as read; end(k) is len(s) past the
	// last code point. Most clusters are a few code points: buf keeps them off the heap.
	var buf [16]int
	ends := buf[:0]
	end := func(k int) int {
		for len(ends) <= k {
			p := 0
			if len(ends) > 0 {
				p = ends[len(ends)-1]
			}
			if p == len(s) {
				return p
			}
			_, w := utf8.DecodeRuneInString(s[p:])
			ends = append(ends, p+w)
		}
		return ends[k]
	}
	one := func(k int) bool { return CountGraphemes(s[:end(k)]) == 1 }
	// one(0) holds: code point 0 begins the first cluster. Gallop to a prefix of more
	// than one cluster, then halve the gap.
	lo, step := 0, 1
	for end(lo) < len(s) && one(lo+step) {
		lo += step
		step *= 2
	}
	if end(lo) == len(s) {
		return len(s)
	}
	for hi := lo + step; hi-lo > 1; { // one(lo) and not one(hi)
		if mid := lo + (hi-lo)/2; one(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return end(lo)
}

func segment15(s string) int {
	c, _, _, _ := uniseg.FirstGraphemeClusterInString(s, -1)
	return len(c)
}

// referenceClusterEnds segments s one cluster at a time and returns the end of each of
// its first most clusters (all of them when most is math.MaxInt).
func referenceClusterEnds(seg segmenter, s string, most int) []int {
	var ends []int
	for pos := 0; pos < len(s) && len(ends) < most; {
		if pos+1 < len(s) && s[pos] < utf8.RuneSelf && s[pos+1] < utf8.RuneSelf && s[pos:pos+2] != "\r\n" {
			pos++ // two ASCII characters other than CR LF always have a boundary between them (GB3, GB999)
		} else {
			pos += seg(s[pos:])
		}
		ends = append(ends, pos)
	}
	return ends
}

// referenceFirstInvalid finds the first byte of s that is not valid UTF-8, differently from
// the code under test: ranging over a string yields U+FFFD for each bad byte.
func referenceFirstInvalid(s string) int {
	for i, r := range s {
		if r == utf8.RuneError && !strings.HasPrefix(s[i:], "\ufffd") {
			return i
		}
	}
	return -1
}

// modelExactBytes and modelCeiling restate GraphemeCounter's documented rule for the caps
// the fuzz target uses (under 512, so 32*cap cannot overflow): a text of at most
// max(4096, 32*cap) bytes is counted in full; in a longer one, once cluster cap+1 has
// begun, counting goes on to 2*cap clusters (cap+64 for caps under 64) or to byte
// max(4096, 32*cap), moved past at most three continuation bytes, whichever comes first.
func modelExactBytes(limit int) int { return max(4096, 32*limit) }

func modelCeiling(limit int) int { return limit + max(limit, 64) }

// checkMeasureModel compares Measure(text, limit) with the documented rule, computed from
// a reference segmentation of the whole text.
func checkMeasureModel(t *testing.T, c Counter, seg segmenter, text string, limit int) {
	m, err := c.Measure(text, limit)
	name := text
	if len(name) > 200 {
		name = name[:100] + "..." + name[len(name)-100:]
	}
	ends := referenceClusterEnds(seg, text, math.MaxInt)
	n := len(ends)
	wantOverflow := -1
	if n > limit {
		wantOverflow = 0
		if limit > 0 {
			wantOverflow = ends[limit-1]
		}
	}
	// What the counter reads (readEnd), what it counts (wantLen) and whether that is all.
	readEnd, wantLen, wantExact := len(text), n, true
	if len(text) > modelExactBytes(limit) && n > limit {
		cut := max(modelExactBytes(limit), wantOverflow+1)
		for k := 0; k < 3 && cut < len(text) && text[cut]&0xC0 == 0x80; k++ {
			cut++
		}
		cut = min(cut, len(text))
		begun := 0 // clusters that begin in [overflow, cut)
		for k := limit; k < n && (k == 0 || ends[k-1] < cut); k++ {
			begun++
		}
		budget := modelCeiling(limit) - limit
		switch {
		case begun > budget:
			readEnd, wantLen, wantExact = ends[limit+budget-1], limit+budget, false
		default:
			readEnd, wantLen, wantExact = cut, limit+begun, cut == len(text)
		}
	}

	if bad := referenceFirstInvalid(text); bad >= 0 && bad < readEnd {
		var e *apierror.Error
		if !errors.As(err, &e) || e.Code != apierror.CodeInvalidUTF8 || e.Offset != bad {
			t.Fatalf("Measure(%+q, %d) error = %v, want invalid_utf8 at %d", name, limit, err, bad)
		}
		if m.Fits() || m.Exact {
			t.Fatalf("Measure(%+q, %d) = %+v with an error: must not fit", name, limit, m)
		}
		return
	}
	if err != nil {
		t.Fatalf("Measure(%+q, %d): %v (the part read, %d bytes, is valid UTF-8)", name, limit, err, readEnd)
	}
	if m.OverflowAt != wantOverflow {
		t.Fatalf("Measure(%+q, %d).OverflowAt = %d, want %d (the start of cluster %d)", name, limit, m.OverflowAt, wantOverflow, limit+1)
	}
	if m.Length != wantLen || m.Exact != wantExact {
		t.Fatalf("Measure(%+q, %d) = %+v, want Length %d, Exact %v (%d bytes, %d clusters, exact up to %d bytes)",
			name, limit, m, wantLen, wantExact, len(text), n, modelExactBytes(limit))
	}
	if !m.Exact && m.Length <= limit {
		t.Fatalf("Measure(%+q, %d) = %+v: an inexact length must be above the cap", name, limit, m)
	}
	if m.Fits() != (n <= limit) || m.Cap != limit || m.Counter != c.Name() {
		t.Fatalf("Measure(%+q, %d) = %+v with %d clusters", name, limit, m, n)
	}
}

func FuzzMeasure(f *testing.F) {
	for i, s := range graphemeFuzzSeeds() {
		// Two caps per seed (a small one in turn, and twitter's) keep the baseline short
		// enough for CI's 20 seconds; the fuzzer varies the cap itself.
		f.Add(s, []uint16{0, 1, 2, 5}[i%4])
		f.Add(s, uint16(280))
	}
	f.Add(strings.Repeat("ab\u0301", 200)+"\xff", uint16(3))
	f.Add(strings.Repeat("\u65e5", 100)+"\xe6", uint16(30))
	f.Add(strings.Repeat("\u65e5", 2986)+"\xff", uint16(280))
	f.Add(strings.Repeat("a", 4096)+"\xff", uint16(10))
	f.Add("b"+strings.Repeat("\u0301", 3000), uint16(0))
	f.Add(strings.Repeat("\u0600", 2500)+"x", uint16(1))
	f.Fuzz(func(t *testing.T, text string, c uint16) {
		limit := int(c % 512)
		for _, counter := range []struct {
			c   Counter
			seg segmenter
		}{{GraphemeCounter(), segment17}, {graphemeCounterUnicode15{}, segment15}} {
			checkMeasureModel(t, counter.c, counter.seg, text, limit)

			// The same text made long enough that counting stops early: padded at the
			// end, and also led by ASCII so that the fuzzed part straddles the ceiling
			// (invalid bytes after it must then go unread), and led by one long cluster
			// so that it straddles the byte window.
			exact := modelExactBytes(limit)
			if len(text) <= exact {
				checkMeasureModel(t, counter.c, counter.seg, text+strings.Repeat("z", exact+1-len(text)), limit)
			}
			lead := strings.Repeat("z", limit+max(limit, 64)-2)
			if long := lead + text; len(long) <= exact {
				checkMeasureModel(t, counter.c, counter.seg, long+strings.Repeat(" ", exact+1-len(long)), limit)
			}
			if len(text) < exact { // cluster limit+1 is "y" and marks reaching past the window
				marks := strings.Repeat("z", limit) + "y" + strings.Repeat("\u0301", max(1, (exact-len(text)-limit)/2+1))
				checkMeasureModel(t, counter.c, counter.seg, marks+text, limit)
			}
		}
	})
}
