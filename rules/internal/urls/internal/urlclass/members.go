package urlclass

// LatinAccent reports whether r is in latinAccentChars (js/src/regexp/latinAccentChars.js).
func LatinAccent(r rune) bool {
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

// asciiAlnum is [a-zA-Z0-9].
func asciiAlnum(r rune) bool {
	return (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')
}

// PathChar is validGeneralUrlPathChars before case folding:
// [a-z\u0400-\u04FF0-9!\*';:=\+,\.\$\/%#\[\]\-\u2013_~@\|&] plus latin accents.
func PathChar(r rune) bool {
	if r < 0x80 {
		if asciiAlnum(r) {
			return true
		}
		switch r {
		case '!', '*', '\'', ';', ':', '=', '+', ',', '.', '$', '/', '%', '#', '[', ']', '-', '_', '~', '@', '|', '&':
			return true
		}
		return false
	}
	return (r >= 0x0400 && r <= 0x04FF) || r == 0x2013 || LatinAccent(r)
}

// PathEnd is the one-character part of validUrlPathEndingChars:
// [\+\-a-z\u0400-\u04FF0-9=_#\/] plus latin accents.
func PathEnd(r rune) bool {
	if r < 0x80 {
		return asciiAlnum(r) || r == '+' || r == '-' || r == '=' || r == '_' || r == '#' || r == '/'
	}
	return (r >= 0x0400 && r <= 0x04FF) || LatinAccent(r)
}
