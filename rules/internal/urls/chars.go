package urls

import "github.com/postrules/postrules/rules/internal/urls/internal/urlclass"

// The character classes of twitter-text 3.1.0's URL regular expressions
// (js/src/regexp/*.js), as predicates on code points.
//
// twitter-text compiles extractUrl with the flags "gi": case-insensitive, without the "u"
// flag. ECMA-262 then lets a character ch match a class when Canonicalize(ch) equals
// Canonicalize(m) for some member m ("CharacterSetMatcher", "Canonicalize ( rer, ch )"),
// where Canonicalize is the full upper case of the UTF-16 code unit, kept only when it is a
// single code unit and does not take a non-ASCII unit to ASCII. So [a-z] also takes A-Z,
// U+0345 (in the latin-accent class) brings in U+0399, U+03B9 and U+1FBE, which share its
// canonical form U+0399, and U+019B brings in U+A7DC (Unicode 16). The classes with
// non-ASCII members are closed under that relation in casefold_table.go, which
// gen_casefold.go writes from their members as written (package internal/urlclass:
// PathChar, PathEnd, LatinAccent) and testdata/canonicalize.txt, the JavaScript engine's
// own Canonicalize. canon (below) reads the same data.

//go:generate go run gen_casefold.go

// canon is ECMAScript's Canonicalize for case-insensitive, non-Unicode regular
// expressions (see above), from testdata/canonicalize.txt. Astral characters are two code
// units there, which have no case.
func canon(r rune) rune {
	if r < 0x80 {
		if 'a' <= r && r <= 'z' {
			return r - 'a' + 'A'
		}
		return r
	}
	if r > 0xFFFF {
		return r
	}
	lo, hi := 0, len(canonFrom)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if canonFrom[m] < uint16(r) {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(canonFrom) && canonFrom[lo] == uint16(r) {
		return rune(canonTo[lo])
	}
	return r
}

// inRanges reports whether r is in one of the sorted, disjoint, inclusive ranges rs.
func inRanges(rs []uint16, r rune) bool {
	if r > 0xFFFF {
		return false
	}
	// rs holds lo, hi pairs; find the first hi >= r.
	lo, hi := 0, len(rs)/2
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if rune(rs[2*m+1]) < r {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo < len(rs)/2 && rune(rs[2*lo]) <= r
}

// isInvalid: U+FFFE, U+FEFF, U+FFFF (js/src/regexp/invalidChars.js).
func isInvalid(r rune) bool { return r == 0xFFFE || r == 0xFEFF || r == 0xFFFF }

// isDirectional: js/src/regexp/directionalMarkersGroup.js.
func isDirectional(r rune) bool {
	return (r >= 0x202A && r <= 0x202E) || r == 0x061C || r == 0x200E || r == 0x200F ||
		(r >= 0x2066 && r <= 0x2069)
}

// isSpace: js/src/regexp/spaces.js.
func isSpace(r rune) bool {
	switch {
	case r >= 0x09 && r <= 0x0D, r == 0x20, r == 0x85, r == 0xA0, r == 0x1680, r == 0x180E,
		r >= 0x2000 && r <= 0x200A, r == 0x2028, r == 0x2029, r == 0x202F, r == 0x205F, r == 0x3000:
		return true
	}
	return false
}

// isPunct: js/src/regexp/punct.js, ASCII punctuation without '"' and '`'.
func isPunct(r rune) bool {
	switch r {
	case '!', '\'', '#', '%', '&', '(', ')', '*', '+', ',', '\\', '-', '.', '/', ':', ';', '<',
		'=', '>', '?', '@', '[', ']', '^', '_', '{', '|', '}', '~', '$':
		return true
	}
	return false
}

// isDomainChar is validDomainChars: anything but punctuation, spaces, invalid characters
// and directional marks (invalidDomainChars.js). Letters of every script, digits, CJK,
// emoji, '"' and '`' are all domain characters.
func isDomainChar(r rune) bool {
	if r < 0x80 {
		return !isPunct(r) && !isSpace(r)
	}
	return !isSpace(r) && !isInvalid(r) && !isDirectional(r)
}

// isLabelChar: a domain character, '-' or '_' (subdomain labels may hold both inside).
func isLabelChar(r rune) bool { return r == '-' || r == '_' || isDomainChar(r) }

// isPrecedingChar is validUrlPrecedingChars: [^A-Za-z0-9@＠$#＃\uFFFE\uFEFF\uFFFF] (the
// directional-marker alternative adds nothing: they are in the class already).
func isPrecedingChar(r rune) bool {
	switch {
	case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		return false
	case r == '@', r == 0xFF20, r == '$', r == '#', r == 0xFF03:
		return false
	}
	return !isInvalid(r)
}

func isASCIIAlnum(r rune) bool {
	return (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')
}

// isPathChar is validGeneralUrlPathChars matched case-insensitively.
func isPathChar(r rune) bool {
	if r < 0x80 {
		return urlclass.PathChar(r)
	}
	return inRanges(pathCharFolded[:], r)
}

// isPathEnd is the one-character part of validUrlPathEndingChars, case-insensitively.
func isPathEnd(r rune) bool {
	if r < 0x80 {
		return urlclass.PathEnd(r)
	}
	return inRanges(pathEndFolded[:], r)
}

// isQueryChar: validUrlQueryChars [a-z0-9!?\*'@\(\);:&=\+\$\/%#\[\]\-_\.,~|] (ASCII only:
// canon never maps a non-ASCII character into ASCII).
func isQueryChar(r rune) bool {
	if isASCIIAlnum(r) {
		return true
	}
	switch r {
	case '!', '?', '*', '\'', '@', '(', ')', ';', ':', '&', '=', '+', '$', '/', '%', '#', '[', ']', '-', '_', '.', ',', '~', '|':
		return true
	}
	return false
}

// isQueryEnd: validUrlQueryEndingChars [a-z0-9\-_&=#\/].
func isQueryEnd(r rune) bool {
	return isASCIIAlnum(r) || r == '-' || r == '_' || r == '&' || r == '=' || r == '#' || r == '/'
}

// isASCIIDomainChar: the label class of validAsciiDomain, [\-a-z0-9] plus latin accents.
func isASCIIDomainChar(r rune) bool {
	if r < 0x80 {
		return isASCIIAlnum(r) || r == '-'
	}
	return inRanges(latinAccentFolded[:], r)
}

// isTLDBoundary is the look-ahead after a gTLD or ccTLD, (?=[^0-9a-zA-Z@+-]|$).
func isTLDBoundary(r rune) bool { return !isASCIIAlnum(r) && r != '@' && r != '+' && r != '-' }

// isPunycodeTLDChar: [\-0-9a-z] of validPunycode, case-insensitive.
func isPunycodeTLDChar(r rune) bool { return isASCIIAlnum(r) || r == '-' }
