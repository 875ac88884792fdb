package urls

import "unicode/utf8"

// Punycode (RFC 3492) parameters.
const (
	pcBase        = 36
	pcTMin        = 1
	pcTMax        = 26
	pcSkew        = 38
	pcDamp        = 700
	pcInitialBias = 72
	pcInitialN    = 128
)

// maxLabelLength is twitter-text's MAX_DOMAIN_LABEL_LENGTH (js/src/lib/idna.js): a host
// label whose ASCII (punycode) form is longer than 63 characters makes the text no URL.
const maxLabelLength = 63

// labelASCIILength returns the length of punycode.toASCII(label) as twitter-text's
// idna.toAscii computes it with punycode.js 1.4.1, or some value > max when it is longer
// than max (it stops counting there). lead, when not 0, is a lone UTF-16 unit that comes
// before label (see Scanner on astral characters).
//
// punycode.js splits its input at U+002E, U+3002, U+FF0E and U+FF61 and encodes every
// part that holds a character outside U+0020-U+007E as "xn--" + RFC 3492 encoding
// (where only code points below U+0080 are basic); other parts stay as they are.
func labelASCIILength(label string, lead rune, max int) int {
	total := 0
	start := 0
	partLead := lead
	for i := 0; i <= len(label); {
		r, size := rune(-1), 0
		if i < len(label) {
			r, size = utf8.DecodeRuneInString(label[i:])
		}
		if r == -1 || r == '.' || r == 0x3002 || r == 0xFF0E || r == 0xFF61 {
			total += partASCIILength(label[start:i], partLead, max-total)
			if r == -1 {
				break
			}
			total++ // the '.' that joins the parts
			if total > max {
				return total
			}
			partLead = 0
			i += size
			start = i
			continue
		}
		i += size
	}
	return total
}

// partASCIILength is the length of one part after punycode.js's toASCII, or a value
// > max once it is known to be longer.
func partASCIILength(part string, lead rune, max int) int {
	plain := lead == 0
	n16 := 0 // length in UTF-16 units, which is what an unencoded part keeps
	if lead != 0 {
		n16++
	}
	for _, r := range part {
		if r < 0x20 || r > 0x7E {
			plain = false
		}
		if r > 0xFFFF {
			n16 += 2
		} else {
			n16++
		}
	}
	if plain {
		return n16
	}
	// The encoding is never shorter than its input in code points, so a long part is
	// known to be too long without encoding it (and its deltas cannot overflow).
	count := utf8.RuneCountInString(part)
	if lead != 0 {
		count++
	}
	if 4+count > max {
		return 4 + count
	}
	return 4 + punycodeLength(part, lead, max-4)
}

// punycodeLength counts the output of RFC 3492's encoder (section 6.3) on lead (when not
// 0) followed by the code points of s, stopping once it passes max.
func punycodeLength(s string, lead rune, max int) int {
	each := func(fn func(r rune)) {
		if lead != 0 {
			fn(lead)
		}
		for _, r := range s {
			fn(r)
		}
	}
	basic, total := 0, 0
	each(func(r rune) {
		total++
		if r < 0x80 {
			basic++
		}
	})
	out := basic
	if basic > 0 {
		out++ // the delimiter '-'
	}
	n, delta, bias, h := rune(pcInitialN), 0, pcInitialBias, basic
	for h < total {
		m := rune(utf8.MaxRune + 1)
		each(func(r rune) {
			if r >= n && r < m {
				m = r
			}
		})
		delta += int(m-n) * (h + 1)
		n = m
		each(func(r rune) {
			if r < n {
				delta++
			}
			if r == n {
				q := delta
				for k := pcBase; ; k += pcBase {
					t := k - bias
					if t < pcTMin {
						t = pcTMin
					} else if t > pcTMax {
						t = pcTMax
					}
					if q < t {
						break
					}
					out++
					q = (q - t) / (pcBase - t)
				}
				out++
				bias = adapt(delta, h+1, h == basic)
				delta = 0
				h++
			}
		})
		if out > max {
			return out
		}
		delta++
		n++
	}
	return out
}

func adapt(delta, numPoints int, first bool) int {
	if first {
		delta /= pcDamp
	} else {
		delta /= 2
	}
	delta += delta / numPoints
	k := 0
	for delta > ((pcBase-pcTMin)*pcTMax)/2 {
		delta /= pcBase - pcTMin
		k += pcBase
	}
	return k + (pcBase-pcTMin+1)*delta/(delta+pcSkew)
}
