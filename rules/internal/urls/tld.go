package urls

import "unicode/utf8"

//go:generate go run gen_tld.go

// tldChild finds node n's edge for r (a canonical form) and returns the node it leads to
// and its kind.
func tldChild(n int, r rune) (next int, kind uint8, ok bool) {
	lo, hi := int(tldNodeStart[n]), int(tldNodeStart[n+1])
	end := hi
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if rune(tldEdgeRune[m]) < r {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < end && rune(tldEdgeRune[lo]) == r {
		return lo + 1, tldEdgeKind[lo], true
	}
	return 0, 0, false
}

// tldAt returns where the top-level domain that twitter-text's validDomain accepts at
// text[i:limit] ends, or -1. limit plays the part of the end of input ("$").
//
// The regular expression tries (?:validGTLD|validCCTLD|validPunycode): a gTLD or ccTLD
// from tld_lib.yml (case-insensitive) followed by the look-ahead (?=[^0-9a-zA-Z@+-]|$),
// else "xn--" and [-0-9a-z]+. Two listed TLDs can both pass the look-ahead only when the
// shorter is followed by a non-ASCII character of the longer; the lists put the longer
// first (TestTLDLongestFirst), so the longest passing TLD is the one the alternation takes.
func tldAt(text string, i, limit int) int {
	best := -1
	n := 0
	for j := i; j < limit; {
		r, size := utf8.DecodeRuneInString(text[j:limit])
		next, kind, ok := tldChild(n, canon(r))
		if !ok {
			break
		}
		j += size
		if kind != 0 && tldBoundary(text, j, limit) {
			best = j
		}
		n = next
	}
	if best >= 0 {
		return best
	}
	if limit-i >= 5 && text[i]|0x20 == 'x' && text[i+1]|0x20 == 'n' && text[i+2] == '-' && text[i+3] == '-' &&
		isPunycodeTLDChar(rune(text[i+4])) {
		j := i + 5
		for j < limit && isPunycodeTLDChar(rune(text[j])) {
			j++
		}
		return j
	}
	return -1
}

func tldBoundary(text string, j, limit int) bool {
	if j >= limit {
		return true
	}
	c := text[j]
	if c >= utf8.RuneSelf {
		return true
	}
	return isTLDBoundary(rune(c))
}
