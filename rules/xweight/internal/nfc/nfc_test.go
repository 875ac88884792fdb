package nfc

import (
	"math/rand"
	"strings"
	"sync"
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

// TestPropsMatchNorm checks each code point's properties against norm: combining class,
// quick check, decomposition, and the stream-safe counts by where norm cuts a run of marks
// (it inserts U+034F there).
func TestPropsMatchNorm(t *testing.T) {
	bad := 0
	fail := func(format string, args ...any) {
		t.Helper()
		if bad++; bad < 20 {
			t.Errorf(format, args...)
		}
	}
	const mark = "\u0316" // class 220, combines with nothing
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		s := string(r)
		p := lookup(r)
		np := norm.NFC.PropertiesString(s)
		if p.ccc() != np.CCC() {
			fail("U+%04X: class %d, norm %d", r, p.ccc(), np.CCC())
		}
		if got, want := p&propQCNo != 0, norm.NFC.String(s) != s; got != want {
			fail("U+%04X: quick check No %v, norm %v", r, got, want)
		}
		nfd := norm.NFD.String(s)
		if got, want := p&propDecomp != 0, nfd != s; got != want {
			fail("U+%04X: decomposes %v, norm %v", r, got, want)
		}
		if d := decomposition(r); nfd != s && !(r >= sBase && r < sBase+sCount) && d != nfd {
			fail("U+%04X: decomposition %+q, norm %+q", r, d, nfd)
		}
		if p.ccc() == 0 && len(np.Decomposition()) == 0 && p&propMaybe != 0 == np.BoundaryBefore() {
			fail("U+%04X: maybe %v, norm's boundary before %v", r, p&propMaybe != 0, np.BoundaryBefore())
		}
		if p == 0 && np.BoundaryBefore() && norm.NFKD.String(s) == s {
			continue // norm counts no non-starters for it either
		}
		if r == 0x0316 || r == 0x034F {
			continue // the mark and the joiner themselves
		}
		// trail: the marks after r that fit in r's segment.
		out := norm.NFC.String(s + strings.Repeat(mark, 32))
		if got := strings.Count(out[:strings.Index(out, "\u034F")], mark); got != 30-p.trail() {
			fail("U+%04X: trail %d, but norm cuts after %d marks", r, p.trail(), got)
		}
		// lead: r itself overflows a segment of 'a' and k marks when k + lead > 30.
		lead := 0
		for k := 30; k >= 27; k-- {
			if strings.Contains(norm.NFC.String("a"+strings.Repeat(mark, k)+s), "\u034F") {
				lead = 31 - k
			}
		}
		if lead != p.lead() {
			fail("U+%04X: lead %d, norm %d", r, p.lead(), lead)
		}
	}
}

// The references for String and Segments. refSegments is what this package computes by
// other means: norm's iterator decides where segments begin (as Segments did when it
// wrapped it), norm.NFD decomposes and orders each, and bookCompose composes it by the
// letter of D117. normRef is norm's NFC without the U+034F it inserts after 30
// non-starters; it differs from the first only where norm departs from D117 (see
// xtextDeparts).

type segment struct {
	orig int
	out  string
}

func refSegments(s string) []segment {
	var it norm.Iter
	it.InitString(norm.NFC, s)
	var starts []int
	for !it.Done() {
		// A decomposition of several segments (norm's multiSegment) comes in several
		// parts from one source offset: one segment here.
		if p := it.Pos(); len(starts) == 0 || starts[len(starts)-1] != p {
			starts = append(starts, p)
		}
		it.Next()
	}
	var segs []segment
	for i, start := range starts {
		end := len(s)
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		out := s[start:end]
		if len(out) > 1 || out[0] >= utf8.RuneSelf { // ASCII alone is its own NFC form
			out = string(bookCompose([]rune(norm.NFD.String(out))))
		}
		segs = append(segs, segment{start, out})
	}
	return segs
}

func ourSegments(s string) []segment {
	var segs []segment
	Segments(s, func(orig int, seg []byte) { segs = append(segs, segment{orig, string(seg)}) })
	return segs
}

func cccOf(r rune) uint8 { return norm.NFC.PropertiesString(string(r)).CCC() }

// bookCompose is canonical composition as D117 states it, on a decomposed text in
// canonical order: each code point C combines with the last starter L before it, if C is
// not blocked from L (D115) and L and C have a primary composite.
func bookCompose(d []rune) []rune {
	var out []rune
	for _, c := range d {
		l := len(out) - 1
		for l >= 0 && cccOf(out[l]) != 0 {
			l--
		}
		if l >= 0 {
			blocked := false
			for _, b := range out[l+1:] {
				blocked = blocked || cccOf(b) == 0 || cccOf(b) >= cccOf(c)
			}
			if x, ok := bookPair(out[l], c); ok && !blocked {
				out[l] = x
				continue
			}
		}
		out = append(out, c)
	}
	return out
}

// bookPair: the primary composite of a and b; Hangul by ch. 3.12's arithmetic.
func bookPair(a, b rune) (rune, bool) {
	switch {
	case 0x1100 <= a && a <= 0x1112 && 0x1161 <= b && b <= 0x1175:
		return 0xAC00 + (a-0x1100)*588 + (b-0x1161)*28, true
	case 0xAC00 <= a && a <= 0xD7A3 && (a-0xAC00)%28 == 0 && 0x11A8 <= b && b <= 0x11C2:
		return a + b - 0x11A7, true
	}
	x, ok := pairs()[[2]rune{a, b}]
	return x, ok
}

func normRef(s string) string {
	pu := '\uE000'
	for strings.ContainsRune(s, pu) {
		pu++
	}
	// The text's own U+034F are swapped for a private-use code point (a starter that
	// nothing combines with, as U+034F is) and back, so that only norm's are dropped.
	out := norm.NFC.String(strings.ReplaceAll(s, "\u034F", string(pu)))
	return strings.ReplaceAll(strings.ReplaceAll(out, "\u034F", ""), string(pu), "\u034F")
}

// pairs are the primary composites' pairs, from norm as gen.go finds them.
var pairs = sync.OnceValue(func() map[[2]rune]rune {
	m := map[[2]rune]rune{}
	for i := range len(decompKeys) - 1 {
		c := rune(decompKeys[i] >> poolBits)
		s := string(c)
		d := []rune(norm.NFD.String(s))
		if len(d) < 2 || norm.NFC.String(s) != s {
			continue
		}
		a := []rune(norm.NFC.String(string(d[:len(d)-1])))
		m[[2]rune{a[0], d[len(d)-1]}] = c
	}
	return m
})

// xtextDeparts reports whether norm's NFC of s may depart from D117, as it does in two
// ways that Unicode's conformance test does not reach, and neither JavaScript nor this
// package follows:
//
//   - it keys its pairs by the low 16 bits of each code point (golang.org/x/text's
//     combine), so a code point above U+FFFF and another can pass for a pair:
//     "\U00010041\u0301" becomes "Á";
//   - it takes a starter between L and C for L's mark unless a code point that combines
//     backwards follows it directly (compose's lazy s), so "A\uFF9E\u094D\u0308"
//     becomes "Ä\uFF9E\u094D" though U+FF9E blocks U+0308 from the A.
func xtextDeparts(s string) bool {
	present := map[uint16][]rune{} // the code points of s and its decomposition, by low 16 bits
	seen := map[rune]bool{}
	for _, r := range s + norm.NFD.String(s) {
		if !seen[r] {
			seen[r] = true
			present[uint16(r)] = append(present[uint16(r)], r)
		}
	}
	for p := range pairs() {
		for _, a := range present[uint16(p[0])] {
			for _, b := range present[uint16(p[1])] {
				if _, real := pairs()[[2]rune{a, b}]; !real {
					return true
				}
			}
		}
	}
	for _, seg := range refSegments(s) {
		d := []rune(norm.NFD.String(seg.out))
		for j := 1; j < len(d); j++ {
			if cccOf(d[j]) != 0 {
				continue
			}
			for k := j + 2; k < len(d); k++ {
				if lookup(d[k])&propMaybe != 0 {
					return true
				}
			}
		}
	}
	return false
}

// checkAgainstNorm compares String, isNFC and Segments on s with the references.
func checkAgainstNorm(t *testing.T, s string) {
	t.Helper()
	got := String(s)
	want := refSegments(s)
	var joined strings.Builder
	for _, seg := range want {
		joined.WriteString(seg.out)
	}
	if got != joined.String() {
		t.Fatalf("String(%+q) = %+q, by the book %+q", s, got, joined.String())
	}
	if n := normRef(s); got != n && !xtextDeparts(s) {
		t.Fatalf("String(%+q) = %+q, norm (without its joiners) %+q", s, got, n)
	}
	if isNFC(s) != (got == s) {
		t.Fatalf("isNFC(%+q) = %v, String gives %+q", s, isNFC(s), got)
	}
	ours := ourSegments(s)
	if len(ours) != len(want) {
		t.Fatalf("%+q: segments %+q, norm's iterator's %+q", s, ours, want)
	}
	for i := range ours {
		if ours[i] != want[i] {
			t.Fatalf("%+q: segment %d is %+q, norm's iterator's %+q", s, i, ours[i], want[i])
		}
	}
}

func TestIsNFCAndString(t *testing.T) {
	marks40 := strings.Repeat("\u0316", 40)
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
		{"\u1100\u1161\u11A8", "각", "Hangul L+V+T"},
		{"\uAC00\u11A8", "각", "Hangul LV+T"},
		{"\uAC01\u11A8", "\uAC01\u11A8", "Hangul LVT+T does not compose"},
		{"\u1100\u0316\u1161", "\u1100\u0316\u1161", "a mark between L and V blocks"},
		{"\u212B", "Å", "singleton"},
		{"é", "é", "precomposed stays"},
		{"e\u0301", "é", "combining acute"},
		{"e\u0316\u0301", "é\u0316", "reordered, then composed past a lower class"},
		{"e\u0301\u0316", "é\u0316", "reordered"},
		{"e\u0301\u0301", "é\u0301", "the second acute is blocked by the first"},
		{"\u0CC6\u0CC2\u0CD5", "\u0CCB", "a starter that combines backwards, twice"},
		{"\u1E0B\u0323", "\u1E0D\u0307", "decomposed, reordered, recomposed the other way"},
		{"\u0301e", "\u0301e", "a mark at the start has no starter"},
		{"a" + marks40, "a" + marks40, "no U+034F inserted after 30 marks"},
		{"a\u034F" + marks40, "a\u034F" + marks40, "a text with its own U+034F gets none inserted either (JavaScript inserts none)"},
		// Past the 30th non-starter a new segment begins: the acute there is not moved
		// before the class-220 marks, so it does not reach the a (JavaScript's
		// normalize() gives "á" and 31 U+0316; see the package comment).
		{"a" + strings.Repeat("\u0316", 30) + "\u0301", "a" + strings.Repeat("\u0316", 30) + "\u0301", "cut after 30 non-starters"},
		{"a" + strings.Repeat("\u0316", 29) + "\u0301", "á" + strings.Repeat("\u0316", 29), "composes within 30 non-starters"},
		{"\u00E9" + strings.Repeat("\u0316", 29) + "\u0301", "\u00E9" + strings.Repeat("\u0316", 29) + "\u0301", "é counts its acute"},
		// golang.org/x/text composes pairs by the low 16 bits of each code point: these
		// composed there ("Á", "\U0001109A"), as they do not in Unicode or JavaScript.
		{"\U00010041\u0301", "\U00010041\u0301", "no pair: U+10041 is not A"},
		{"\u1099\U000110BA", "\u1099\U000110BA", "no pair: U+1099 is not U+11099"},
		{"\U00011099\U000110BA", "\U0001109A", "the real pair"},
		// and it lets a mark through a starter that has non-starters after it: these
		// became "Ä\uFF9E\u094D\u0301" and "Ä\u0CC2\u094D" there.
		{"A\uFF9E\u094D\u0344", "A\uFF9E\u094D\u0308\u0301", "U+FF9E blocks"},
		{"A\u0CC2\u094D\u0308", "A\u0CC2\u094D\u0308", "U+0CC2 blocks"},
	}
	for _, tt := range tests {
		if got := String(tt.in); got != tt.want {
			t.Errorf("%s: String(%+q) = %+q, want %+q", tt.why, tt.in, got, tt.want)
		}
		if got := isNFC(tt.in); got != (tt.in == tt.want) {
			t.Errorf("%s: isNFC(%+q) = %v", tt.why, tt.in, got)
		}
		checkAgainstNorm(t, tt.in)
	}
}

// TestXTextDepartures pins what norm does where it departs from D117 (see xtextDeparts),
// so that an x/text that stops doing it is noticed (and the comments here updated).
func TestXTextDepartures(t *testing.T) {
	for in, xtext := range map[string]string{
		"\U00010041\u0301":     "\u00C1",
		"\u1099\U000110BA":     "\U0001109A",
		"\U00021099\U000110BA": "\U0001109A",
		"A\uFF9E\u094D\u0344":  "\u00C4\uFF9E\u094D\u0301",
		"A\u0CC2\u094D\u0308":  "\u00C4\u0CC2\u094D",
	} {
		if got := norm.NFC.String(in); got != xtext {
			t.Errorf("norm.NFC.String(%+q) = %+q, no longer %+q", in, got, xtext)
		}
		if String(in) == xtext || !xtextDeparts(in) {
			t.Errorf("%+q: String gives %+q, xtextDeparts %v", in, String(in), xtextDeparts(in))
		}
	}
}

// TestStringMatchesNorm compares String, isNFC and Segments with norm on random mixes of
// code points that normalisation touches.
func TestStringMatchesNorm(t *testing.T) {
	alphabet := []rune("aAeé\u0301\u0316\u0308\u05BC\uFB2C\u1100\u1161\u11A8가\u212BÅ故😀\u0915\u093C\u094D\u0E48 \u0627\u0651\u064E\u3099か\u034F\uFF9E\u3160\u0344\u0F73\u0CC6\u0CC2\u0CD5\U0001D15E\U0001D165\U00011099\U000110BA")
	rng := rand.New(rand.NewSource(1))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for i := 0; i < n; i++ {
		var b strings.Builder
		for j := rng.Intn(40); j > 0; j-- {
			b.WriteRune(alphabet[rng.Intn(len(alphabet))])
		}
		checkAgainstNorm(t, b.String())
	}
	// Long runs of few marks, to cross the stream-safe cut in many ways.
	marks := []rune("\u0301\u0316\u0308\u0344\u0F73\u1161\u11A8\uFF9E\u3160a")
	for i := 0; i < n/10; i++ {
		var b strings.Builder
		for j := 20 + rng.Intn(80); j > 0; j-- {
			b.WriteRune(marks[rng.Intn(len(marks))])
		}
		checkAgainstNorm(t, b.String())
	}
}

// TestEveryCodePointInContext normalises every code point between a letter and marks, so
// that each one's decomposition, class and composition are exercised next to others.
func TestEveryCodePointInContext(t *testing.T) {
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF || lookup(r) == 0 && stable(r) {
			continue
		}
		for _, s := range []string{"a" + string(r), "a\u0316" + string(r) + "\u0301", string(r) + "\u0301\u0316", "\u1100" + string(r), "\uAC00" + string(r) + "\u11A8"} {
			checkAgainstNorm(t, s)
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

// TestInvalidUTF8 : a Reader may read past where its caller checked the text; a byte that
// is not UTF-8 must come through alone and unchanged, not stop or crash it.
func TestInvalidUTF8(t *testing.T) {
	for _, s := range []string{"\xff", "e\xff\u0301", "\xe2\x80", "a\u0301\xf0\x9f", "\xcc\x81\x81", "\u0301\xff\u0301"} {
		var r Reader
		r.Init(s)
		var got []byte
		for {
			_, seg, ok := r.Next()
			if !ok {
				break
			}
			got = append(got, seg...)
		}
		if r.Pos() != len(s) {
			t.Errorf("%+q: read %d bytes", s, r.Pos())
		}
		for i := 0; i < len(s); {
			c, size := utf8.DecodeRuneInString(s[i:])
			if c == utf8.RuneError && size == 1 && !strings.Contains(string(got), s[i:i+1]) {
				t.Errorf("%+q: the byte %#x is lost: %+q", s, s[i], got)
			}
			i += size
		}
	}
}

// TestNoAllocations: String and isNFC on text already in NFC allocate nothing, nor does a
// Reader, whichever path decides (the table, the quick check, or normalising a segment).
func TestNoAllocations(t *testing.T) {
	for _, s := range []string{
		strings.Repeat("hello world 漢字 😀 ", 15),
		"Café naïve résumé 한국어 ㅠㅠ",
		"\u6545e\u11a8\u0301\u0308",         // the quick check cannot tell
		"é\u0316 á\u0316",                   // NFC; the first segment is normalised to tell
		"a" + strings.Repeat("\u0316", 100), // a long run, cut in segments
	} {
		if String(s) != s {
			t.Fatalf("%+q is not NFC", s)
		}
		if n := testing.AllocsPerRun(100, func() { _ = String(s) }); n != 0 {
			t.Errorf("String(%+q) allocates %v times", s, n)
		}
		if n := testing.AllocsPerRun(100, func() { _ = isNFC(s) }); n != 0 {
			t.Errorf("isNFC(%+q) allocates %v times", s, n)
		}
	}
	s := "A\u0301\uFB2C" + strings.Repeat("e\u0316\u0301", 20)
	var r Reader
	if n := testing.AllocsPerRun(100, func() {
		r.Init(s)
		for _, _, ok := r.Next(); ok; _, _, ok = r.Next() {
		}
	}); n != 0 {
		t.Errorf("Reader allocates %v times", n)
	}
}

// TestLongRunIsCutInSegments: one base and 100,000 combining marks are read in segments
// of at most 31 code points, so reordering and composing stay linear in the text.
func TestLongRunIsCutInSegments(t *testing.T) {
	s := "a" + strings.Repeat("\u0301\u0316", 50000)
	var r Reader
	r.Init(s)
	segs := 0
	for {
		orig, _, ok := r.Next()
		if !ok {
			break
		}
		segs++
		if n := utf8.RuneCountInString(s[orig:r.Pos()]); n > maxNonStarters+1 {
			t.Fatalf("segment at %d holds %d code points", orig, n)
		}
	}
	if segs < 100000/maxNonStarters {
		t.Fatalf("%d segments", segs)
	}
	if String(s) != normRef(s) {
		t.Fatalf("String differs from norm")
	}
}

func BenchmarkIsNFC(b *testing.B) {
	s := strings.Repeat("hello world 漢字 😀 ", 15)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if !isNFC(s) {
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
		"a" + strings.Repeat("\u0301", 40) + "b", "\U0001D15E\u0301x", "x\u0958y", "ㅠㅠ\u0301ㅠ",
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
		r.Init(s)
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
