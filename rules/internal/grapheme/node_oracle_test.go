package grapheme

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// oracleStrings is how many generated strings TestIntlSegmenter compares.
const oracleStrings = 1_000_000

// TestIntlSegmenter compares Count and every boundary of Span with Intl.Segmenter of Node
// (ICU 78, Unicode 17.0: what browsers and Bluesky count) on a million strings generated
// from a fixed seed, weighted to the scripts where versions and engines disagree: Indic
// conjuncts (GB9c), Khmer, Myanmar, Hangul jamo, emoji ZWJ sequences, skin tones, flags,
// keycaps and tags, combining marks, prepended marks, controls; plus code points drawn
// from every grapheme class and uniformly from all of Unicode. One node process counts
// them all (testdata/intl_segmenter.js). It needs node 20.20+ on PATH and fails without.
func TestIntlSegmenter(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("TestIntlSegmenter needs node (20.20 or later, ICU with Unicode 17.0) on PATH to compare with Intl.Segmenter: ", err)
	}
	gen := newTextGen(rand.New(rand.NewPCG(17, 29)))
	texts := make([]string, 0, oracleStrings)
	for line := range changedIn17 { // the 16.0 test cases that 17.0 changed
		texts = append(texts, textOfCase(t, line))
	}
	for len(texts) < oracleStrings {
		texts = append(texts, gen.text())
	}
	// Two node processes, each counting half: Intl.Segmenter costs about a microsecond
	// per cluster, and a machine has more than one core.
	half := len(texts) / 2
	var body []byte
	for _, part := range parallel(t, node, texts[:half], texts[half:]) {
		body = append(body, part...)
	}
	if len(body) != 8*len(texts) {
		t.Fatalf("node answered %d bytes for %d strings", len(body), len(texts))
	}
	bad := 0
	for i, s := range texts {
		wantN := int(binary.LittleEndian.Uint32(body[8*i:]))
		wantH := binary.LittleEndian.Uint32(body[8*i+4:])
		n := Count(s)
		ends := spanBoundaries(s, true)
		if n != wantN || len(ends) != n || startsHash(s, ends) != wantH {
			bad++
			if bad <= 20 {
				t.Errorf("%+q (%s): Count %d, Span ends %v; Intl.Segmenter %d clusters (reference engine: %v)",
					s, codePoints(s), n, ends, wantN, refBoundaries(s))
			}
		}
	}
	if bad > 0 {
		t.Fatalf("%d of %d strings disagree with Intl.Segmenter", bad, len(texts))
	}
}

// parallel runs testdata/intl_segmenter.js once per group of texts, concurrently, and
// returns each one's answer without its header line, after checking the header.
func parallel(t *testing.T, node string, groups ...[]string) [][]byte {
	out := make([][]byte, len(groups))
	errs := make([]error, len(groups))
	var wg sync.WaitGroup
	for g, texts := range groups {
		var in bytes.Buffer
		for _, s := range texts {
			in.Write(binary.LittleEndian.AppendUint32(nil, uint32(len(s))))
			in.WriteString(s)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(node, "testdata/intl_segmenter.js")
			cmd.Stdin = &in
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			res, err := cmd.Output()
			if err != nil {
				errs[g] = fmt.Errorf("node testdata/intl_segmenter.js: %v\n%s", err, stderr.String())
				return
			}
			header, body, _ := bytes.Cut(res, []byte("\n"))
			if string(header) != "unicode "+strings.TrimSuffix(unicodeVersion, ".0") {
				errs[g] = fmt.Errorf("node's Intl.Segmenter has %q; this test needs ICU with Unicode %s (node 20.20 or later)", header, unicodeVersion)
				return
			}
			out[g] = body
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// startsHash is intl_segmenter.js's hash of the UTF-16 offsets where the clusters begin.
func startsHash(s string, ends []int) uint32 {
	var h uint32
	u16, prev := 0, 0
	for k, end := range ends {
		if k == 0 {
			h = h*31 + 0
		}
		for _, r := range s[prev:end] {
			u16 += utf16.RuneLen(r)
		}
		prev = end
		if k+1 < len(ends) {
			h = h*31 + uint32(u16)
		}
	}
	return h
}

// textOfCase is the text of a GraphemeBreakTest line such as "÷ 0020 × 0308 ÷".
func textOfCase(t *testing.T, line string) string {
	var b strings.Builder
	for _, f := range strings.Fields(line) {
		if f == "÷" || f == "×" {
			continue
		}
		var r rune
		if _, err := fmt.Sscanf(f, "%x", &r); err != nil {
			t.Fatalf("bad case %q", line)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// codePoints spells s as code points, "0915 094D 0924", for messages.
func codePoints(s string) string {
	var parts []string
	for _, r := range s {
		parts = append(parts, fmt.Sprintf("%04X", r))
	}
	return strings.Join(parts, " ")
}

// textGen generates the oracle's strings: each a few pieces, each piece one of the
// shapes below, chosen by weight.
type textGen struct {
	rng     *rand.Rand
	byClass [clsSurrogate][]rune // every code point of each class, from the tables
	pieces  []func(b *strings.Builder)
	weights []int
	total   int
}

func newTextGen(rng *rand.Rand) *textGen {
	g := &textGen{rng: rng}
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if c := classOf(r); c < clsSurrogate {
			g.byClass[c] = append(g.byClass[c], r)
		}
	}
	cons := func(lo, hi rune) []rune { // the InCB consonants of a block
		var out []rune
		for r := lo; r <= hi; r++ {
			if classOf(r) == clsConsonant {
				out = append(out, r)
			}
		}
		return out
	}
	blockRunes := func(lo, hi rune) []rune {
		var out []rune
		for r := lo; r <= hi; r++ {
			out = append(out, r)
		}
		return out
	}
	type indic struct {
		cons, all []rune
		virama    rune
	}
	scripts := []indic{
		{cons(0x900, 0x97F), blockRunes(0x900, 0x97F), 0x94D},      // Devanagari
		{cons(0x980, 0x9FF), blockRunes(0x980, 0x9FF), 0x9CD},      // Bengali
		{cons(0xA80, 0xAFF), blockRunes(0xA80, 0xAFF), 0xACD},      // Gujarati
		{cons(0xD00, 0xD7F), blockRunes(0xD00, 0xD7F), 0xD4D},      // Malayalam
		{cons(0xC00, 0xC7F), blockRunes(0xC00, 0xC7F), 0xC4D},      // Telugu (no InCB consonants before 16.0)
		{cons(0xB00, 0xB7F), blockRunes(0xB00, 0xB7F), 0xB4D},      // Oriya
		{cons(0xB80, 0xBFF), blockRunes(0xB80, 0xBFF), 0xBCD},      // Tamil
		{cons(0xC80, 0xCFF), blockRunes(0xC80, 0xCFF), 0xCCD},      // Kannada
		{cons(0xA00, 0xA7F), blockRunes(0xA00, 0xA7F), 0xA4D},      // Gurmukhi
		{cons(0x1000, 0x109F), blockRunes(0x1000, 0x109F), 0x1039}, // Myanmar
		{cons(0x1780, 0x17FF), blockRunes(0x1780, 0x17FF), 0x17D2}, // Khmer
	}
	khmer := blockRunes(0x1780, 0x17FF)
	myanmar := blockRunes(0x1000, 0x109F)
	thai := blockRunes(0xE00, 0xE7F)
	marks := blockRunes(0x300, 0x36F)
	pick := func(rs []rune) rune { return rs[g.rng.IntN(len(rs))] }
	add := func(w int, f func(b *strings.Builder)) {
		g.pieces = append(g.pieces, f)
		g.weights = append(g.weights, w)
		g.total += w
	}
	// An Indic syllable: consonants joined by the virama, with ZWJ/ZWNJ, nukta, vowel signs.
	add(30, func(b *strings.Builder) {
		sc := scripts[g.rng.IntN(len(scripts))]
		k := 1 + g.rng.IntN(4)
		for i := 0; i < k; i++ {
			if len(sc.cons) > 0 && g.rng.IntN(5) > 0 {
				b.WriteRune(pick(sc.cons))
			} else {
				b.WriteRune(pick(sc.all))
			}
			for g.rng.IntN(4) == 0 { // nukta, vowel signs, ZWJ, ZWNJ, marks of the block
				switch g.rng.IntN(4) {
				case 0:
					b.WriteRune('\u200d')
				case 1:
					b.WriteRune('\u200c')
				default:
					b.WriteRune(pick(sc.all))
				}
			}
			if i+1 < k {
				b.WriteRune(sc.virama)
				if g.rng.IntN(6) == 0 {
					b.WriteRune(sc.virama)
				}
			}
		}
		if g.rng.IntN(2) == 0 {
			b.WriteRune(pick(sc.all))
		}
	})
	add(8, func(b *strings.Builder) { // Khmer, Myanmar, Thai runs
		src := [][]rune{khmer, myanmar, thai}[g.rng.IntN(3)]
		for k := 1 + g.rng.IntN(6); k > 0; k-- {
			b.WriteRune(pick(src))
		}
	})
	add(10, func(b *strings.Builder) { // Hangul: jamo runs and syllables
		for k := 1 + g.rng.IntN(5); k > 0; k-- {
			c := []uint8{clsL, clsV, clsT, clsLV, clsLVT}[g.rng.IntN(5)]
			b.WriteRune(pick(g.byClass[c]))
		}
	})
	add(15, func(b *strings.Builder) { // emoji: ZWJ sequences, skin tones, VS16, tags
		for k := 1 + g.rng.IntN(4); k > 0; k-- {
			b.WriteRune(pick(g.byClass[clsPict]))
			if g.rng.IntN(3) == 0 {
				b.WriteRune(rune(0x1F3FB + g.rng.IntN(5)))
			}
			if g.rng.IntN(3) == 0 {
				b.WriteRune('\ufe0f')
			}
			if g.rng.IntN(8) == 0 {
				for t := g.rng.IntN(6); t > 0; t-- {
					b.WriteRune(rune(0xE0020 + g.rng.IntN(0x5F)))
				}
				b.WriteRune(0xE007F)
			}
			if k > 1 {
				b.WriteRune('\u200d')
			}
		}
	})
	add(6, func(b *strings.Builder) { // flags: runs of regional indicators
		for k := 1 + g.rng.IntN(5); k > 0; k-- {
			b.WriteRune(rune(0x1F1E6 + g.rng.IntN(26)))
		}
	})
	add(3, func(b *strings.Builder) { // keycaps
		b.WriteByte("0123456789#*"[g.rng.IntN(12)])
		if g.rng.IntN(4) > 0 {
			b.WriteRune('\ufe0f')
		}
		b.WriteRune('\u20e3')
	})
	add(8, func(b *strings.Builder) { // combining marks on letters, or alone
		if g.rng.IntN(4) > 0 {
			b.WriteByte(byte('a' + g.rng.IntN(26)))
		}
		for k := 1 + g.rng.IntN(4); k > 0; k-- {
			b.WriteRune(pick(marks))
		}
	})
	add(20, func(b *strings.Builder) { // any class: every rule's left and right side
		for k := 1 + g.rng.IntN(4); k > 0; k-- {
			cl := g.byClass[g.rng.IntN(len(g.byClass))]
			b.WriteRune(pick(cl))
		}
	})
	add(6, func(b *strings.Builder) { // random code points of all Unicode
		for k := 1 + g.rng.IntN(3); k > 0; k-- {
			r := rune(g.rng.IntN(utf8.MaxRune + 1))
			if !utf8.ValidRune(r) {
				r = 0xFFFD
			}
			b.WriteRune(r)
		}
	})
	add(6, func(b *strings.Builder) { // ASCII, CR LF, controls
		for k := 1 + g.rng.IntN(6); k > 0; k-- {
			const ascii = " aZ9.\r\n\t\x7f"
			b.WriteByte(ascii[g.rng.IntN(len(ascii))])
		}
	})
	return g
}

func (g *textGen) text() string {
	var b strings.Builder
	for k := 1 + g.rng.IntN(6); k > 0; k-- {
		w := g.rng.IntN(g.total)
		for i, wi := range g.weights {
			if w < wi {
				g.pieces[i](&b)
				break
			}
			w -= wi
		}
	}
	return b.String()
}
