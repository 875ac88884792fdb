package urls

import "unicode"

// The character classes of twitter-text 3.1.0's URL regular expressions
// (js/src/regexp/*.js), as predicates on code points.
//
// twitter-text compiles extractUrl with the flags "gi": case-insensitive, without the "u"
// flag. A character then matches a class when its canonical form (canon) matches the
// canonical form of a member, so [a-z] also takes A-Z and the Cyrillic range also takes
// the few letters whose upper case falls in it. The classes below are closed under canon,
// so testing c and canon(c) is enough.

// canon is ECMAScript's Canonicalize for case-insensitive, non-Unicode regular
// expressions: the upper case of a UTF-16 code unit, unless that upper case is more than
// one unit or maps a non-ASCII character to ASCII. Astral characters are two code units
// there, which have no case.
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
	u := unicode.ToUpper(r)
	if u < 0x80 || u > 0xFFFF {
		return r
	}
	return u
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

// isLatinAccent: js/src/regexp/latinAccentChars.js.
func isLatinAccent(r rune) bool {
	switch {
	case r >= 0xC0 && r <= 0xD6, r >= 0xD8 && r <= 0xF6, r >= 0xF8 && r <= 0xFF,
		r >= 0x0100 && r <= 0x024F, r >= 0x0300 && r <= 0x036F, r >= 0x1E00 && r <= 0x1EFF:
		return true
	}
	switch r {
	case 0x0253, 0x0254, 0x0256, 0x0257, 0x0259, 0x025B, 0x0263, 0x0268, 0x026F, 0x0272,
		0x0289, 0x028B, 0x02BB:
		return true
	}
	return false
}

func isASCIIAlnum(r rune) bool {
	return (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')
}

// pathChar0 is validGeneralUrlPathChars before case folding:
// [a-z\u0400-\u04FF0-9!\*';:=\+,\.\$\/%#\[\]\-\u2013_~@\|&] plus latin accents.
func pathChar0(r rune) bool {
	if r < 0x80 {
		if isASCIIAlnum(r) {
			return true
		}
		switch r {
		case '!', '*', '\'', ';', ':', '=', '+', ',', '.', '$', '/', '%', '#', '[', ']', '-', '_', '~', '@', '|', '&':
			return true
		}
		return false
	}
	return (r >= 0x0400 && r <= 0x04FF) || r == 0x2013 || isLatinAccent(r)
}

func isPathChar(r rune) bool { return pathChar0(r) || (r >= 0x80 && pathChar0(canon(r))) }

// pathEnd0 is the one-character part of validUrlPathEndingChars:
// [\+\-a-z\u0400-\u04FF0-9=_#\/] plus latin accents.
func pathEnd0(r rune) bool {
	if r < 0x80 {
		return isASCIIAlnum(r) || r == '+' || r == '-' || r == '=' || r == '_' || r == '#' || r == '/'
	}
	return (r >= 0x0400 && r <= 0x04FF) || isLatinAccent(r)
}

func isPathEnd(r rune) bool { return pathEnd0(r) || (r >= 0x80 && pathEnd0(canon(r))) }

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
	return isLatinAccent(r) || isLatinAccent(canon(r))
}

// isTLDBoundary is the look-ahead after a gTLD or ccTLD, (?=[^0-9a-zA-Z@+-]|$).
func isTLDBoundary(r rune) bool { return !isASCIIAlnum(r) && r != '@' && r != '+' && r != '-' }

// isPunycodeTLDChar: [\-0-9a-z] of validPunycode, case-insensitive.
func isPunycodeTLDChar(r rune) bool { return isASCIIAlnum(r) || r == '-' }
