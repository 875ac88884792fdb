//go:build ignore

// gen.go writes table.go, the facts nfc.go normalises with, taken from
// golang.org/x/text/unicode/norm (Unicode 15.0.0) through its exported API. Only the
// facts travel: norm is not linked into any build of this package, only into this
// generator and the tests that compare with it. Run `go generate` here; the tests
// (TestTableMatchesNorm, TestPropsMatchNorm, TestNormalizationTest, FuzzNFC) check the
// tables against norm and against Unicode's own conformance file.
//
// What is written:
//   - unstableBMP, unstableAstral: the code points that can change under NFC or make a
//     neighbour change ("unstable"), for the fast paths that read every post.
//   - propIndex, propBlocks, propValues: a two-stage table of each code point's
//     properties (see info in nfc.go): canonical combining class, NFC_Quick_Check No and
//     Maybe, whether it has a canonical decomposition, and the number of non-starters it
//     leads and trails with for UAX #15's Stream-Safe Text Format.
//   - decompKeys, decompPool: the full canonical decomposition of every code point that
//     has one (Hangul syllables excepted: ch. 3.12 decomposes them by arithmetic).
//   - composites: the primary composites (UAX #15 D114: canonical decompositions of two
//     code points not excluded from composition), as indexes into decompKeys sorted by
//     their full decompositions, which is how nfc.go finds the composite of a pair.
package main

import (
	"bytes"
	"fmt"
	"log"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/postrules/postrules/rules/internal/gotable"
	"golang.org/x/text/unicode/norm"
)

// Keep in step with nfc.go.
const (
	propCCC     = 0xFF
	propQCNo    = 1 << 8
	propMaybe   = 1 << 9
	propDecomp  = 1 << 10
	propSSShift = 11 // two bits: non-starters at the end of the NFKD form
	propSSLead  = 1 << 13

	propLimit  = 0x30000 // no code point from here on has a property
	poolBits   = 13      // decompKeys: code point << poolBits | offset in decompPool
	hangulBase = 0xAC00
	hangulEnd  = 0xD7A4
	tCount     = 28
)

// stable: a starter that never combines with what precedes it and that NFC leaves alone.
// A string of stable code points is in NFC. Keep in step with stableRef in nfc_test.go.
func stable(r rune) bool {
	if r >= 0xD800 && r <= 0xDFFF {
		return true // not in any valid UTF-8 string
	}
	s := string(r)
	p := norm.NFC.PropertiesString(s)
	return p.BoundaryBefore() && p.CCC() == 0 && norm.NFC.String(s) == s
}

func isHangul(r rune) bool { return r >= hangulBase && r < hangulEnd }

func valid(r rune) bool { return r < 0xD800 || r > 0xDFFF }

// starterSS: the Stream-Safe Text Format counts a code point as a non-starter when its
// combining class is not zero or when it combines with the code point before it (norm
// counts those too, such as the Hangul vowels and trailing consonants, so that a run of
// them cannot grow a segment without bound). BoundaryBefore is exactly "class 0 and does
// not combine backwards" for a code point without a decomposition.
func starterSS(r rune) bool { return norm.NFC.PropertiesString(string(r)).BoundaryBefore() }

// main derives the tables from x/text's norm and writes table.go. It is long (about 230
// lines) on purpose: its sections (pairs, properties, the two-stage index,
// decompositions, compositions, astral ranges, the file) are written in the order
// table.go states them, each reading the one before, and it runs only under go generate.
func main() {
	// Primary composites and their pairs. A code point c whose canonical decomposition has
	// two or more code points and which NFC leaves alone is a primary composite; its pair
	// is (NFC of its decomposition but the last code point, that last code point).
	type pair struct{ first, second, composite rune }
	var pairs []pair
	second := map[rune]bool{}
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if !valid(r) || isHangul(r) {
			continue
		}
		s := string(r)
		d := []rune(norm.NFD.String(s))
		if len(d) < 2 || norm.NFC.String(s) != s {
			continue
		}
		first := []rune(norm.NFC.String(string(d[:len(d)-1])))
		b := d[len(d)-1]
		if len(first) != 1 || norm.NFC.String(string(first[0])+string(b)) != s {
			log.Fatalf("U+%04X: no pair found", r)
		}
		a := first[0]
		// nfc.go relies on these when it composes (see compose there).
		if norm.NFC.PropertiesString(string(a)).CCC() != 0 {
			log.Fatalf("U+%04X: the first of its pair, U+%04X, is not a starter", r, a)
		}
		if norm.NFC.PropertiesString(s).CCC() != 0 {
			log.Fatalf("U+%04X: a primary composite that is not a starter", r)
		}
		if norm.NFD.String(string(b)) != string(b) {
			log.Fatalf("U+%04X: the second of its pair, U+%04X, decomposes", r, b)
		}
		if norm.NFD.String(string(a)+string(b)) != norm.NFD.String(s) {
			log.Fatalf("U+%04X: its decomposition is not that of U+%04X followed by U+%04X", r, a, b)
		}
		pairs = append(pairs, pair{a, b, r})
		second[b] = true
	}

	// Properties.
	props := make([]uint16, propLimit)
	maxDecomp := 0
	type decomp struct {
		r rune
		d string
	}
	var decomps []decomp
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if !valid(r) {
			continue
		}
		s := string(r)
		p := norm.NFC.PropertiesString(s)
		var v uint16
		ccc := p.CCC()
		v |= uint16(ccc)
		nfc := norm.NFC.String(s)
		if nfc != s {
			v |= propQCNo
		}
		jamoVT := (r >= 0x1161 && r <= 0x1175) || (r >= 0x11A8 && r <= 0x11C2)
		if second[r] || jamoVT {
			v |= propMaybe
		}
		// norm's own flag for "combines backwards", on code points without a decomposition:
		if cb := p.LeadCCC() == 0 && !p.BoundaryBefore() && len(p.Decomposition()) == 0; cb != (v&propMaybe != 0) && ccc == 0 {
			log.Fatalf("U+%04X: combines backwards %v, as a second of a pair %v", r, cb, v&propMaybe != 0)
		}
		d := norm.NFD.String(s)
		if d != s {
			v |= propDecomp
			if !isHangul(r) {
				decomps = append(decomps, decomp{r, d})
				maxDecomp = max(maxDecomp, utf8.RuneCountInString(d))
			}
		}
		// Stream-safe counts, from the full compatibility decomposition, as norm counts
		// (so that where a long run of marks is cut does not depend on the form).
		var lead, trail int
		if isHangul(r) {
			trail = 2 // L V T: the V and T count
			if (r-hangulBase)%tCount == 0 {
				trail = 1
			}
		} else {
			kd := []rune(norm.NFKD.String(s))
			for _, x := range kd {
				if starterSS(x) {
					break
				}
				lead++
			}
			for i := len(kd) - 1; i >= 0 && !starterSS(kd[i]); i-- {
				trail++
			}
		}
		if lead > 0 && lead != trail || trail > 3 {
			log.Fatalf("U+%04X: leads with %d non-starters, trails with %d", r, lead, trail)
		}
		// A segment holds its first code point's decomposition and, after it, code points
		// that lead with non-starters; nfc.go sizes its buffer from this.
		if n := utf8.RuneCountInString(d); lead > 0 && n > lead {
			log.Fatalf("U+%04X: decomposes into %d code points but leads with %d non-starters", r, n, lead)
		}
		v |= uint16(trail) << propSSShift
		if lead > 0 {
			v |= propSSLead
		}
		if r >= propLimit {
			if v != 0 {
				log.Fatalf("U+%04X has properties: raise propLimit", r)
			}
			continue
		}
		props[r] = v
	}

	// Two stages: propIndex[r>>6] is the block of 64 holding r's value index.
	var values []uint16
	valueIdx := map[uint16]int{}
	for _, v := range props {
		if _, ok := valueIdx[v]; !ok {
			valueIdx[v] = len(values)
			values = append(values, v)
		}
	}
	var blocks []uint8
	blockIdx := map[string]int{}
	var index []uint8
	for lo := 0; lo < propLimit; lo += 64 {
		var blk [64]uint8
		for i := range blk {
			blk[i] = uint8(valueIdx[props[lo+i]])
		}
		k := string(blk[:])
		n, ok := blockIdx[k]
		if !ok {
			n = len(blocks) / 64
			blockIdx[k] = n
			blocks = append(blocks, blk[:]...)
		}
		index = append(index, uint8(n))
	}
	if len(values) > 256 || len(blocks)/64 > 256 {
		log.Fatalf("%d values, %d blocks: more than a byte indexes", len(values), len(blocks)/64)
	}

	// Decompositions, sorted by code point (they are), with their offsets in one pool.
	var pool strings.Builder
	var keys []uint32
	keyOf := map[rune]int{}
	for i, d := range decomps {
		keyOf[d.r] = i
		keys = append(keys, uint32(d.r)<<poolBits|uint32(pool.Len()))
		pool.WriteString(d.d)
	}
	keys = append(keys, uint32(propLimit)<<poolBits|uint32(pool.Len())) // the end of the last one
	if pool.Len() >= 1<<poolBits || propLimit > 1<<(32-poolBits) {
		log.Fatalf("pool of %d bytes does not fit the keys", pool.Len())
	}
	comps := make([]uint16, 0, len(pairs))
	for _, p := range pairs {
		comps = append(comps, uint16(keyOf[p.composite]))
	}
	sort.Slice(comps, func(i, j int) bool { return decomps[comps[i]].d < decomps[comps[j]].d })
	for i := 1; i < len(comps); i++ {
		if decomps[comps[i-1]].d == decomps[comps[i]].d {
			log.Fatalf("U+%04X and U+%04X decompose alike", decomps[comps[i-1]].r, decomps[comps[i]].r)
		}
	}

	var bmp [1 << 16 / 64]uint64
	for r := rune(0); r < 1<<16; r++ {
		if !stable(r) {
			bmp[r/64] |= 1 << (r % 64)
		}
	}
	type span struct{ lo, hi rune }
	var astral []span
	for r := rune(0x10000); r <= 0x10FFFF; r++ {
		if stable(r) {
			continue
		}
		if n := len(astral); n > 0 && astral[n-1].hi == r-1 {
			astral[n-1].hi = r
		} else {
			astral = append(astral, span{r, r})
		}
	}

	var b bytes.Buffer
	b.WriteString("// Code generated by go generate ./rules/xweight/internal/nfc (gen.go) from golang.org/x/text/unicode/norm; DO NOT EDIT.\n\n")
	b.WriteString("package nfc\n\n")
	fmt.Fprintf(&b, "// unicodeVersion is norm.Version when this table was made.\nconst unicodeVersion = %q\n\n", norm.Version)
	fmt.Fprintf(&b, "// maxDecomposition is the most code points a full canonical decomposition has.\nconst maxDecomposition = %d\n\n", maxDecomp)
	gotable.Array(&b, "unstableBMP has bit r set for every unstable code point r below U+10000.", "unstableBMP", "uint64", bmp[:], 4, gotable.Hex[uint64](16))
	b.WriteString("// unstableAstral lists the unstable code points from U+10000 on, as sorted ranges.\n")
	b.WriteString("var unstableAstral = [...]span{\n")
	for _, s := range astral {
		fmt.Fprintf(&b, "\t{0x%X, 0x%X},\n", s.lo, s.hi)
	}
	b.WriteString("}\n\n")
	gotable.Array(&b, fmt.Sprintf("propIndex[r>>6] is the block of propBlocks holding the value index of r < 0x%X.", propLimit), "propIndex", "uint8", index, 16, gotable.Decimal[uint8])
	gotable.Array(&b, "propBlocks holds blocks of 64 indexes into propValues.", "propBlocks", "uint8", blocks, 32, gotable.Decimal[uint8])
	gotable.Array(&b, "propValues are the distinct properties (info in nfc.go).", "propValues", "info", values, 8, gotable.Hex[uint16](4))
	gotable.Array(&b, fmt.Sprintf("decompKeys are code point<<%d | offset in decompPool, sorted, one per code point with a\n// canonical decomposition (Hangul syllables aside), and a last one that ends the pool.", poolBits), "decompKeys", "uint32", keys, 6, gotable.Hex[uint32](8))
	b.WriteString("// decompPool holds the full canonical decompositions, in UTF-8, in the order of decompKeys.\n")
	b.WriteString("const decompPool = \"\" +\n")
	ps := pool.String()
	for i := 0; i < len(ps); {
		j := i
		for n := 0; j < len(ps) && n < 16; n++ {
			_, size := utf8.DecodeRuneInString(ps[j:])
			j += size
		}
		sep := " +"
		if j == len(ps) {
			sep = ""
		}
		fmt.Fprintf(&b, "\t%s%s\n", strconv.QuoteToASCII(ps[i:j]), sep)
		i = j
	}
	b.WriteString("\n")
	gotable.Array(&b, "composites index decompKeys: the primary composites, sorted by their decompositions.", "composites", "uint16", comps, 12, gotable.Decimal[uint16])
	if err := gotable.WriteSource("table.go", b.Bytes()); err != nil {
		log.Fatal(err)
	}
	log.Printf("%d values, %d blocks, %d decompositions (%d bytes), %d composites", len(values), len(blocks)/64, len(decomps), pool.Len(), len(comps))
}
