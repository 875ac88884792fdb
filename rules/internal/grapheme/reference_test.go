package grapheme

import "unicode/utf8"

// refProp is the Unicode property a rule of UAX #29 asks about, looked up independently
// of the machine: from the generated class, which TestTablesMatchUCD checks against the
// data files code point by code point.
type refProp struct {
	gcb  string // Grapheme_Cluster_Break, or "Invalid" for a byte that is not UTF-8
	pict bool   // Extended_Pictographic
	incb string // Indic_Conjunct_Break: Consonant, Linker, Extend or ""
}

func refPropOf(r rune) refProp {
	switch classOf(r) {
	case clsCR:
		return refProp{gcb: "CR"}
	case clsLF:
		return refProp{gcb: "LF"}
	case clsControl, clsSurrogate:
		return refProp{gcb: "Control"}
	case clsExtend:
		return refProp{gcb: "Extend"}
	case clsExtendInCB:
		return refProp{gcb: "Extend", incb: "Extend"}
	case clsLinker:
		return refProp{gcb: "Extend", incb: "Linker"}
	case clsZWJ:
		return refProp{gcb: "ZWJ", incb: "Extend"}
	case clsRI:
		return refProp{gcb: "RI"}
	case clsPrepend:
		return refProp{gcb: "Prepend"}
	case clsSpacingMark:
		return refProp{gcb: "SpacingMark"}
	case clsL:
		return refProp{gcb: "L"}
	case clsV:
		return refProp{gcb: "V"}
	case clsT:
		return refProp{gcb: "T"}
	case clsLV:
		return refProp{gcb: "LV"}
	case clsLVT:
		return refProp{gcb: "LVT"}
	case clsPict:
		return refProp{gcb: "Other", pict: true}
	case clsConsonant:
		return refProp{gcb: "Other", incb: "Consonant"}
	}
	return refProp{gcb: "Other"}
}

// refBoundaries is the generic engine: it decodes s into code points (an invalid byte is
// U+FFFD, one byte wide) and decides each position by trying the rules of UAX #29 section
// 3.1.1 in order, the regular expressions of GB9c, GB11 and GB12/13 by scanning back
// over the code points before it. Quadratic in the worst case; it is the obvious
// implementation the fast one is checked against. It returns the byte offset where each
// cluster ends.
func refBoundaries(s string) []int {
	var props []refProp
	var ends []int // ends[k]: byte offset after code point k
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		props = append(props, refPropOf(r))
		i += w
		ends = append(ends, i)
	}
	var out []int
	for k := 1; k <= len(props); k++ {
		if k == len(props) || refBreak(props, k) { // GB2: break at the end of text
			out = append(out, ends[k-1])
		}
	}
	return out
}

// refBreak decides the position between code points k-1 and k (0 < k < len(p)).
func refBreak(p []refProp, k int) bool {
	a, b := p[k-1], p[k]
	is := func(x refProp, v ...string) bool {
		for _, s := range v {
			if x.gcb == s {
				return true
			}
		}
		return false
	}
	switch {
	case a.gcb == "CR" && b.gcb == "LF": // GB3
		return false
	case is(a, "Control", "CR", "LF"): // GB4
		return true
	case is(b, "Control", "CR", "LF"): // GB5
		return true
	case a.gcb == "L" && is(b, "L", "V", "LV", "LVT"): // GB6
		return false
	case is(a, "LV", "V") && is(b, "V", "T"): // GB7
		return false
	case is(a, "LVT", "T") && b.gcb == "T": // GB8
		return false
	case is(b, "Extend", "ZWJ"): // GB9
		return false
	case b.gcb == "SpacingMark": // GB9a
		return false
	case a.gcb == "Prepend": // GB9b
		return false
	}
	if b.incb == "Consonant" { // GB9c: Consonant [Extend Linker]* Linker [Extend Linker]* ×
		linked := false
	back:
		for j := k - 1; j >= 0; j-- {
			switch p[j].incb {
			case "Linker":
				linked = true
				continue
			case "Extend":
				continue
			case "Consonant":
				if linked {
					return false
				}
			}
			break back
		}
	}
	if a.gcb == "ZWJ" && b.pict { // GB11: ExtPict Extend* ZWJ × ExtPict
		j := k - 2
		for j >= 0 && p[j].gcb == "Extend" {
			j--
		}
		if j >= 0 && p[j].pict {
			return false
		}
	}
	if a.gcb == "RI" && b.gcb == "RI" { // GB12, GB13: an odd number of RI before
		n := 0
		for j := k - 1; j >= 0 && p[j].gcb == "RI"; j-- {
			n++
		}
		if n%2 == 1 {
			return false
		}
	}
	return true // GB999
}

// spanBoundaries segments s with Span (or Count's lenient scan) one cluster at a time:
// the fast engine's boundaries, to compare with refBoundaries.
func spanBoundaries(s string, strict bool) []int {
	var out []int
	for pos := 0; pos < len(s); {
		e, n, bad := scan(s[pos:], 1, strict)
		if bad >= 0 || n != 1 || e == 0 {
			return append(out, -1-pos)
		}
		pos += e
		out = append(out, pos)
	}
	return out
}
