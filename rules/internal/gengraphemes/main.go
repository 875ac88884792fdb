// Command gengraphemes writes rules/graphemes_table.go: the grapheme class of every code
// point, which lets rules.CountGraphemes find the common clusters (a CJK ideograph, a
// Latin letter with combining marks, an emoji with a skin tone) without uniseg while giving
// exactly uniseg's answer.
//
// The classes are not read from the Unicode data files but derived by probing uniseg
// itself, the reference the counter must equal: every code point is put in a few tiny
// texts and uniseg's cluster count says how it behaves (see classify). So the table agrees
// with the uniseg version go.mod pins by construction, and rules' tests probe again for
// every code point to prove the committed file is current.
//
// Run it with `go generate ./rules` (the directive is in rules/graphemes.go).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"runtime/debug"
	"strings"

	"github.com/rivo/uniseg"
)

// The classes, with the values rules/graphemes.go gives the constants of the same order in
// goNames. The comment of each says which uniseg Grapheme_Cluster_Break values it holds.
const (
	classOther       = 0 // CR, Prepend, L, V, T: uniseg decides
	classExtend      = 1 // Extend
	classZWJ         = 2 // ZWJ
	classSpacingMark = 3 // SpacingMark
	classPlain       = 4 // Other (Any), not Extended_Pictographic
	classPictograph  = 5 // Extended_Pictographic
	classSyllable    = 6 // LV, LVT: precomposed Hangul syllables
	classRegional    = 7 // Regional_Indicator: the letters that pair into flags
	classControl     = 8 // LF, Control: always a cluster of their own
	classNone        = 9 // surrogates: never a valid code point (utf8 decodes U+FFFD)
)

// goNames are the names of the classes in rules/graphemes.go.
var goNames = [...]string{"graphemeOther", "graphemeExtend", "graphemeZWJ", "graphemeSpacingMark",
	"graphemePlain", "graphemePictograph", "graphemeSyllable", "graphemeRegional", "graphemeControl", "graphemeNone"}

// Probe partners, each chosen for one rule of UAX #29 (as uniseg 0.4.7 implements it).
const (
	probeBase    = "a"          // an ASCII letter: Grapheme_Cluster_Break Other
	probeExtend  = "\u0301"     // COMBINING ACUTE ACCENT: Extend
	probeLF      = "\n"         // LINE FEED: LF
	probeZWJ     = "\u200d"     // ZERO WIDTH JOINER
	probeEmoji   = "\U0001F600" // GRINNING FACE: Extended_Pictographic
	probeJamoT   = "\u11a8"     // HANGUL JONGSEONG KIYEOK: T
	firstAstral  = 0x20000      // the two-stage table covers the BMP and plane 1
	blockShift   = 7            // 128 code points per block of the two-stage table
	blockRunes   = 1 << blockShift
	maxCodePoint = 0x10FFFF
)

func clusters(s string) int { return uniseg.GraphemeClusterCount(s) }

// classify derives r's class from uniseg's answers on a few texts, asked in this order;
// each answer singles out the uniseg Grapheme_Cluster_Break values named:
//
//   - "a"+r is one cluster only for Extend, ZWJ and SpacingMark (GB9, GB9a). Among them,
//     😀 r 😀 is one cluster only for ZWJ (GB11), and 😀 r ZWJ 😀 only for Extend (GB11
//     allows Extend between the pictograph and the ZWJ; a spacing mark ends that).
//   - Otherwise r + a combining mark is two clusters only for CR, LF and Control (GB4);
//     of these, r LF is one cluster only for CR (GB3): CR is classOther, the others are
//     classControl.
//   - r "a" is one cluster only for Prepend (GB9b): classOther.
//   - r r is one cluster for Regional_Indicator (GB12/13) and for L, V and T (GB6-8); of
//     these, r r r is two clusters only for Regional_Indicator (the third starts a new
//     pair); L, V and T are classOther.
//   - What is left is Other, Extended_Pictographic, LV or LVT. Only LV and LVT take the
//     trailing jamo T (GB7/8): a syllable. Of the other two, r ZWJ 😀 is one cluster only
//     for Extended_Pictographic (GB11).
//
// Surrogates are not code points a valid UTF-8 text can hold (their three-byte forms are
// invalid, decoded as U+FFFD byte by byte): classNone, which rules treats as invalid.
func classify(r rune) byte {
	if r >= 0xD800 && r <= 0xDFFF {
		return classNone
	}
	c := string(r)
	if clusters(probeBase+c) == 1 {
		switch {
		case clusters(probeEmoji+c+probeEmoji) == 1:
			return classZWJ
		case clusters(probeEmoji+c+probeZWJ+probeEmoji) == 1:
			return classExtend
		default:
			return classSpacingMark
		}
	}
	if clusters(c+probeExtend) != 1 {
		if clusters(c+probeLF) == 2 {
			return classControl
		}
		return classOther
	}
	if clusters(c+probeBase) != 2 {
		return classOther
	}
	if clusters(c+c) != 2 {
		if clusters(c+c+c) == 2 {
			return classRegional
		}
		return classOther
	}
	if clusters(c+probeJamoT) != 2 {
		return classSyllable
	}
	if clusters(c+probeZWJ+probeEmoji) == 1 {
		return classPictograph
	}
	return classPlain
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("gengraphemes: ")
	out := flag.String("o", "graphemes_table.go", "the Go file to write")
	flag.Parse()

	classes := make([]byte, maxCodePoint+1)
	for r := range classes {
		classes[r] = classify(rune(r))
	}

	var src bytes.Buffer
	fmt.Fprintf(&src, "// Code generated by gengraphemes from %s; DO NOT EDIT.\n\n", unisegVersion())
	src.WriteString("package rules\n\n")
	writeTwoStage(&src, classes[:firstAstral])
	writeAstral(&src, classes)

	formatted, err := format.Source(src.Bytes())
	if err != nil {
		log.Fatalf("the generated source does not parse: %v", err)
	}
	if err := os.WriteFile(*out, formatted, 0o644); err != nil {
		log.Fatal(err)
	}
	counts := make([]int, len(goNames))
	for _, c := range classes {
		counts[c]++
	}
	var summary []string
	for c, n := range counts {
		summary = append(summary, fmt.Sprintf("%s %d", goNames[c], n))
	}
	log.Printf("wrote %s (%s)", *out, strings.Join(summary, ", "))
}

// unisegVersion names the uniseg module this binary was built with, for the header.
func unisegVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, d := range info.Deps {
			if d.Path == "github.com/rivo/uniseg" {
				return d.Path + " " + d.Version
			}
		}
	}
	return "github.com/rivo/uniseg"
}

// writeTwoStage writes the classes of code points below firstAstral as two string
// constants: an index with one byte per block of 128 code points, naming one of the
// distinct blocks, and the blocks themselves, two classes per byte (low nibble first).
func writeTwoStage(w *bytes.Buffer, classes []byte) {
	var index []byte
	var blocks []byte
	seen := map[string]int{}
	for lo := 0; lo < len(classes); lo += blockRunes {
		block := string(classes[lo : lo+blockRunes])
		id, ok := seen[block]
		if !ok {
			id = len(seen)
			seen[block] = id
			for i := 0; i < blockRunes; i += 2 {
				blocks = append(blocks, block[i]|block[i+1]<<4)
			}
		}
		index = append(index, byte(id))
	}
	if len(seen) > 256 {
		log.Fatalf("%d distinct blocks do not fit a byte index", len(seen))
	}
	fmt.Fprintf(w, "// graphemeTableEnd is the first code point the two-stage table does not cover; above it\n")
	fmt.Fprintf(w, "// graphemeAstralClass decides.\n")
	fmt.Fprintf(w, "const graphemeTableEnd = %#x\n\n", len(classes))
	fmt.Fprintf(w, "// graphemeBlockShift: each index byte covers 1<<graphemeBlockShift code points.\n")
	fmt.Fprintf(w, "const graphemeBlockShift = %d\n\n", blockShift)
	fmt.Fprintf(w, "// graphemeClassIndex[r>>graphemeBlockShift] is the number of r's block in\n")
	fmt.Fprintf(w, "// graphemeClassBlocks (%d distinct blocks).\n", len(seen))
	writeString(w, "graphemeClassIndex", index)
	fmt.Fprintf(w, "// graphemeClassBlocks holds the blocks, %d bytes each: the class of code point\n", blockRunes/2)
	fmt.Fprintf(w, "// 2k of a block is byte k's low nibble, that of 2k+1 its high nibble.\n")
	writeString(w, "graphemeClassBlocks", blocks)
}

func writeString(w *bytes.Buffer, name string, data []byte) {
	fmt.Fprintf(w, "const %s = \"\" +\n", name)
	for i := 0; i < len(data); i += 32 {
		end := min(i+32, len(data))
		w.WriteString("\t\"")
		for _, b := range data[i:end] {
			fmt.Fprintf(w, "\\x%02x", b)
		}
		w.WriteString("\"")
		if end < len(data) {
			w.WriteString(" +")
		}
		w.WriteString("\n")
	}
	w.WriteString("\n")
}

// writeAstral writes graphemeAstralClass, a switch over the runs of equal class from
// firstAstral to U+10FFFF: there are few (CJK extensions and private use are plain; tags
// and variation selectors in plane 14 are Extend).
func writeAstral(w *bytes.Buffer, classes []byte) {
	fmt.Fprintf(w, "// graphemeAstralClass is the class of a code point from graphemeTableEnd to U+10FFFF.\n")
	fmt.Fprintf(w, "func graphemeAstralClass(r rune) uint8 {\n\tswitch {\n")
	lo := firstAstral
	for lo <= maxCodePoint {
		hi := lo
		for hi < maxCodePoint && classes[hi+1] == classes[lo] {
			hi++
		}
		if hi == maxCodePoint {
			fmt.Fprintf(w, "\tdefault:\n\t\treturn %s\n", goNames[classes[lo]])
		} else {
			fmt.Fprintf(w, "\tcase r <= %#x:\n\t\treturn %s\n", hi, goNames[classes[lo]])
		}
		lo = hi + 1
	}
	fmt.Fprintf(w, "\t}\n}\n")
}
