package xweight

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/rivo/uniseg"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/internal/urls"
	"github.com/postrules/postrules/rules/xweight/internal/nfc"
)

// pieces are the building blocks of generated posts: every weight class, range edges,
// emoji pieces that do and do not form sequences, normalisation, invalid characters and
// URL fragments, so that random concatenations hit the joins that matter.
var pieces = []string{
	"a", "Z", " ", "  ", ".", "/", "-", "_", "?", "=", ":", "@", "#", "1", "é", "A\u0301",
	"\u0301", "\uFB2C", "\u212B", "\u1100", "\u1161", "가", "東", "。", "\u2000", "\u200D",
	"\u2010", "\u2032", "\u2038", "\u10FF", "\u1100", "\uFE0F", "\uFE0E", "\u20E3", "😀",
	"👍", "🏽", "👨", "👩", "🇺", "🇸", "🏴", "\U000E0067", "\U000E007F", "🧑", "💻",
	"http://", "https://", "www.", "example", "com", "co", "jp", "t.co/", "xn--p1ai", "日本",
	"\uFFFE", "\uFEFF", "\uFFFF", "\u202A", "\n", "𝐀",
}

func genPost(max int) gopter.Gen {
	return gen.SliceOfN(max, gen.IntRange(0, len(pieces)-1)).Map(func(idx []int) string {
		var b strings.Builder
		for _, i := range idx {
			b.WriteString(pieces[i])
		}
		return b.String()
	})
}

// plainPieces cannot form a URL (no '.'), an emoji sequence, an NFC change or an
// invalid character.
var plainPieces = []string{
	"a", "Z", " ", "-", "_", "é", "東", "가", "。", "\u2000", "\u200D", "\u2010", "\u2032",
	"\u2038", "\u10FF", "\u1100", "😀", "👍", "🇺", "𝐀", "\uFE0F", "\u200B", "ß", "Ж",
}

func genPlain() gopter.Gen {
	return gen.SliceOfN(400, gen.IntRange(0, len(plainPieces)-1)).Map(func(idx []int) string {
		var b strings.Builder
		for _, i := range idx {
			b.WriteString(plainPieces[i])
		}
		return b.String()
	})
}

// densePieces make emoji- and CJK-heavy texts: whole sequences (ZWJ families, kisses with
// skin tones, flags, tag sequences, keycaps) and their parts, CJK and kana, the dashes and
// punctuation of such posts, and no space or dot: so the early exit cuts them anywhere
// (after white space, or near a '.', it cuts more carefully).
var densePieces = []string{
	"今日は", "新しいアプリを公開しました", "故人西辞黄鹤楼", "한국어", "。", "、", "—", "…", "0", "a",
	"🎉", "🚀", "👨‍👩‍👧", "👨‍👩‍👧‍👦", "👩🏻‍❤️‍💋‍👨🏼", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🇯🇵", "🇺", "1️⃣", "🧑‍💻", "👍🏽",
	"👨", "\u200d", "👩", "\ufe0f", "🏻", "e\u0301", "!", "#日本",
}

func genDense(max int) gopter.Gen {
	return gen.SliceOfN(max, gen.IntRange(0, len(densePieces)-1)).Map(func(idx []int) string {
		var b strings.Builder
		for _, i := range idx {
			b.WriteString(densePieces[i])
		}
		return b.String()
	})
}

func TestProperties(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 1500
	properties := gopter.NewProperties(params)
	v2, v3 := New(ConfigV2()), Default()

	properties.Property("without URLs and emoji sequences, the weight is the sum of the code points' weights", prop.ForAll(
		func(s string) bool {
			sum := 0
			for _, r := range s {
				sum += v2.weight(r)
			}
			return v2.Parse(s).WeightedLength == sum/100 && v3.Parse(s).WeightedLength == sum/100
		}, genPlain()))

	// Nothing (URL, emoji sequence, normalisation) reaches across a space, so a space
	// splits a post into two that are counted alone. (Not w(a)+1+w(b): at the very
	// start of a text twitter-text reads "Åt.co/" as "Å" + "t.co/", after a space as
	// the URL "Åt.co/"; both weigh 24 but they split differently.)
	properties.Property("a space splits a post: w(a+' '+b) = w(a) + w(' '+b)", prop.ForAll(
		func(a, b string) bool {
			for _, c := range []*Parser{v2, v3} {
				if c.Parse(a+" "+b).WeightedLength != c.Parse(a).WeightedLength+c.Parse(" "+b).WeightedLength {
					return false
				}
			}
			return true
		}, genPost(25), genPost(25)))

	properties.Property("Valid iff 0 < weighted length <= 280 and no U+FFFE, U+FEFF, U+FFFF", prop.ForAll(
		func(s string) bool {
			r := v3.Parse(s)
			return r.Valid == (r.WeightedLength > 0 && r.WeightedLength <= 280 && !strings.ContainsAny(s, "\uFFFE\uFEFF\uFFFF"))
		}, genPost(150)))

	properties.Property("ranges stay inside the text; the valid range never passes the display range", prop.ForAll(
		func(s string) bool {
			r := v3.Parse(s)
			last := strictjson.UTF16Len(s) - 1
			if last < 0 {
				last = 0
			}
			return r.DisplayRange == Range{0, last} && r.ValidRange.Start == 0 &&
				r.ValidRange.End >= 0 && r.ValidRange.End <= last
		}, genPost(150)))

	properties.Property("the checking tally accepts only valid NFC text and then agrees", prop.ForAll(
		func(s string) bool { return checkedTallyAgrees(v3, s) == "" }, genPost(60)))

	properties.Property("Measure agrees with Parse at every cap, or stops early with a lower bound over it", prop.ForAll(
		func(s string, cap int) bool { return measureAgrees(v3, s, cap) == "" },
		genPost(60), gen.IntRange(1, 60)))

	// The early exit cuts a prefix at a budget of about 4*(cap+1) bytes: random caps put
	// that cut anywhere in a text, inside ZWJ sequences and CJK runs too (a cut after 👨‍
	// once counted 2+1 for what the whole text counts 2 as part of 👨‍👩‍👧).
	properties.Property("at random caps 1..400, on emoji- and CJK-heavy texts, Measure is exact or a true lower bound", prop.ForAll(
		func(s string, cap int) bool {
			if why := measureAgrees(v3, s, cap); why != "" {
				t.Logf("Measure(%+q, %d): %s", s, cap, why)
				return false
			}
			return true
		},
		genDense(300), gen.IntRange(1, 400)))

	properties.Property("emoji parsing only ever lowers the count: v3 <= v2", prop.ForAll(
		func(s string) bool { return v3.Parse(s).WeightedLength <= v2.Parse(s).WeightedLength },
		genPost(60)))

	properties.TestingRun(t)
}

// FuzzParse checks, on any input, that nothing panics, that ranges stay inside the text,
// that Measure agrees with Parse, and the weight's bounds: at least one per grapheme
// cluster when there is no URL, at least 23 per URL, at most 2 per code point plus 23 per
// URL.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"", "hello", postURL, postNoURL, "A\u0301\uFB2C", "\xff\xfe",
		"👨‍👩‍👧‍👦🇺🇸1⃣", "http://t.co/x example.com 日本.jp", "\uFFFF" + strings.Repeat("\u0316", 40),
		// The early exit once cut these inside the family sequence and counted more than
		// the whole text weighs.
		"日は新しいアプリを公開しました🎉🚀—👨‍👩‍👧", "0今日は新しいアプリを公開しました🎉🚀0—0👨‍👩‍👧"} {
		f.Add(s)
	}
	c := Default()
	f.Fuzz(func(t *testing.T, s string) {
		r := c.Parse(s)
		valid := s
		if !utf8.ValidString(s) {
			valid = replaceInvalid(s)
		}
		last := strictjson.UTF16Len(valid) - 1
		if last < 0 {
			last = 0
		}
		if r.DisplayRange != (Range{0, last}) || r.ValidRange.Start != 0 || r.ValidRange.End < 0 || r.ValidRange.End > last {
			t.Fatalf("Parse(%+q): ranges %+v %+v outside [0, %d]", s, r.DisplayRange, r.ValidRange, last)
		}
		if why := checkedTallyAgrees(c, s); why != "" {
			t.Fatalf("%+q: %s", s, why)
		}
		// 0 (the default cap), tiny caps, and one that moves with the input so that the
		// early exit's cut lands anywhere in it.
		for _, cap := range []int{0, 1, 17, 1 + len(s)%400} {
			if why := measureAgrees(c, s, cap); why != "" {
				t.Fatalf("Measure(%+q, %d): %s", s, cap, why)
			}
		}
		if !utf8.ValidString(s) {
			return
		}
		n := nfc.String(s)
		found := 0
		var us urls.Scanner
		us.Init(n)
		for _, ok := us.Next(); ok; _, ok = us.Next() {
			found++
		}
		if r.WeightedLength < 23*found || r.WeightedLength > 2*utf8.RuneCountInString(n)+23*found {
			t.Fatalf("Parse(%+q) = %d outside bounds (%d URLs)", s, r.WeightedLength, found)
		}
		if found == 0 {
			if g := uniseg.GraphemeClusterCount(n); r.WeightedLength < g {
				t.Fatalf("Parse(%+q) = %d < %d grapheme clusters", s, r.WeightedLength, g)
			}
		}
		if got := c.Parse(s + " ").WeightedLength; got != r.WeightedLength+1 {
			t.Fatalf("Parse(%+q + space) = %d, want %d", s, got, r.WeightedLength+1)
		}
	})
}

// measureAgrees checks Measure(s, cap) against the whole-text measurement (measureExact,
// what Measure did before it could stop early) and returns what is wrong, or "":
//
//   - invalid UTF-8 is reported at its first byte when Measure read that far; else the
//     text is over cap, or the part read holds a refused character;
//   - an exact answer is the whole-text one, Length and OverflowAt, and agrees with Parse;
//   - an early answer is for a text over cap: Length a lower bound over cap, OverflowAt
//     at or after the whole-text one (equal unless a generic cut, see measurePrefix), a
//     character boundary;
//   - an error for U+FFFE, U+FEFF, U+FFFF only when the text holds one, and a text that
//     holds one answers either that error or early (the character unread).
func measureAgrees(c *Parser, s string, cap int) string {
	m, err := c.Measure(s, cap)
	if cap <= 0 {
		cap = c.max
	}
	ex, exErr := c.measureExact(s, cap, cap*c.scale)
	if !utf8.ValidString(s) {
		if err == nil {
			if m.Exact || m.Fits() {
				return "no error for invalid UTF-8 in a text read whole"
			}
			return ""
		}
		e := apierror.As(err)
		if e != nil && e.Code == apierror.CodeInvalidCharacter && !m.Exact && e.Offset < strictjson.FirstInvalidUTF8String(s) {
			return "" // a refused character in the part read, before the bad byte
		}
		if e == nil || e.Code != apierror.CodeInvalidUTF8 || e.Offset != strictjson.FirstInvalidUTF8String(s) {
			return fmt.Sprintf("err %v for invalid UTF-8 at %d", err, strictjson.FirstInvalidUTF8String(s))
		}
		return ""
	}
	hasRefused := strings.ContainsAny(s, "\uFFFE\uFEFF\uFFFF")
	if err != nil {
		if e := apierror.As(err); !hasRefused || e == nil || e.Code != apierror.CodeInvalidCharacter {
			return fmt.Sprintf("err %v, text holds a refused character: %v", err, hasRefused)
		}
		if m.Exact && m != ex {
			return fmt.Sprintf("%+v, whole text %+v", m, ex)
		}
		return ""
	}
	if m.Exact {
		if m != ex || exErr != nil {
			return fmt.Sprintf("%+v (err %v), whole text %+v (err %v)", m, err, ex, exErr)
		}
		if r := c.Parse(s); m.Length != r.WeightedLength {
			return fmt.Sprintf("Length %d, Parse %d", m.Length, r.WeightedLength)
		}
	} else {
		if ex.Fits() || m.Length > ex.Length || m.Length <= cap || m.Fits() || m.OverflowAt < ex.OverflowAt {
			return fmt.Sprintf("early %+v, whole text %+v", m, ex)
		}
	}
	if m.OverflowAt >= len(s) || (m.OverflowAt >= 0 && !utf8.RuneStart(s[m.OverflowAt])) {
		return fmt.Sprintf("OverflowAt %d is no character boundary", m.OverflowAt)
	}
	return ""
}

// checkedTallyAgrees checks tally's check mode (the fast path of Parse and Measure)
// against the path it saves: when it does not give up, s is valid UTF-8 in NFC and the
// tally is the one of the normalised text.
func checkedTallyAgrees(c *Parser, s string) string {
	fast := c.tally(s, 280*c.scale, -1, false, true)
	if fast.unchecked {
		return ""
	}
	if !utf8.ValidString(s) || nfc.String(s) != s {
		return "check mode took invalid or non-NFC text"
	}
	if slow := c.tally(s, 280*c.scale, -1, false, false); slow != fast {
		return fmt.Sprintf("check mode %+v, plain %+v", fast, slow)
	}
	return ""
}
