package fetch

// contentRange is a parsed Content-Range header of a byte range (RFC 9110 section
// 14.4): "bytes first-last/complete", "bytes first-last/*" (complete unknown: -1) or, on
// a 416 answer, "bytes */complete" (first and last -1).
type contentRange struct {
	first, last, complete int64
}

// maxDigits bounds a number of the header: 18 decimal digits stay below 2^63.
const maxDigits = 18

// parseContentRange parses s, a hand-written scan (no strconv, no regexp) that accepts
// exactly RFC 9110's grammar (the unit "bytes" in any case):
//
//	Content-Range = range-unit SP ( range-resp / unsatisfied-range )
//	range-resp    = incl-range "/" ( complete-length / "*" )
//	incl-range    = first-pos "-" last-pos
//
// It refuses last < first, last >= complete, and numbers over 18 digits. Its cost is
// linear in len(s).
func parseContentRange(s string) (contentRange, bool) {
	const unit = "bytes "
	if len(s) < len(unit) {
		return contentRange{}, false
	}
	for i := 0; i < len(unit); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != unit[i] {
			return contentRange{}, false
		}
	}
	s = s[len(unit):]
	if len(s) > 0 && s[0] == '*' {
		if len(s) < 2 || s[1] != '/' {
			return contentRange{}, false
		}
		n, rest, ok := number(s[2:])
		if !ok || rest != "" {
			return contentRange{}, false
		}
		return contentRange{first: -1, last: -1, complete: n}, true
	}
	first, s, ok := number(s)
	if !ok || len(s) == 0 || s[0] != '-' {
		return contentRange{}, false
	}
	last, s, ok := number(s[1:])
	if !ok || len(s) == 0 || s[0] != '/' || last < first {
		return contentRange{}, false
	}
	s = s[1:]
	if s == "*" {
		return contentRange{first: first, last: last, complete: -1}, true
	}
	complete, s, ok := number(s)
	if !ok || s != "" || last >= complete {
		return contentRange{}, false
	}
	return contentRange{first: first, last: last, complete: complete}, true
}

// number reads the decimal digits at the start of s (at least one, at most maxDigits).
func number(s string) (int64, string, bool) {
	var n int64
	i := 0
	for ; i < len(s) && '0' <= s[i] && s[i] <= '9'; i++ {
		if i == maxDigits {
			return 0, s, false
		}
		n = n*10 + int64(s[i]-'0')
	}
	return n, s[i:], i > 0
}
