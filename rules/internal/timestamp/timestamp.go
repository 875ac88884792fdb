// Package timestamp is the byte scanner behind rules.ParseScheduledFor: the strict
// scheduledFor grammar
//
//	YYYY-MM-DD "T" HH:MM [ ":" SS [ "." 1*DIGIT ] ] "Z"
//
// read in the manner of Go's time/format_rfc3339.go and net/netip: no regexp, no
// time.Parse, no allocation on success. The rule book (package rules) owns the grammar's
// contract and its error type; this package only scans and says where and why it stopped.
package timestamp

import (
	"strconv"
	"time"
	"unicode/utf8"
)

// why says why a scan failed; ok means it did not.
type why uint8

const (
	ok why = iota
	empty
	// unexpected: the byte at off (or the end of input) is not what the grammar
	// needs there. For off < fixedLen the need follows from off alone.
	unexpected
	wantFractionDigit // after '.'
	wantZ             // after the minute, the second or the fraction
	fractionNoSeconds // '.' straight after the minute
	trailing          // bytes after the closing 'Z'
	monthRange
	dayRange
	hourRange
	minuteRange
	secondRange
)

// Fail is a scan's outcome: where and why it failed. It is two words so that the
// success path returns no more than it must; the message is built only on failure, from
// the input itself.
type Fail struct {
	off int
	why why
}

// OK reports whether the scan succeeded.
func (f Fail) OK() bool { return f.why == ok }

// Offset is the byte offset where the input went wrong: for a field whose digits are
// well-formed but out of range, the field's first byte.
func (f Fail) Offset() int { return f.off }

// Byte offsets of the fixed-width part "YYYY-MM-DDTHH:MM".
const (
	offYear     = 0
	offMonth    = 5
	offDay      = 8
	offHour     = 11
	offMinute   = 14
	offAfterMin = 16 // ':', 'Z' or a failure
	offSecond   = 17
	offAfterSec = 19 // '.', 'Z' or a failure
	fixedLen    = 16
)

// Scan is the scanner behind ParseScheduledFor. The fixed-width head
// "YYYY-MM-DDTHH:MM" is checked in one straight run of comparisons; only when that fails
// does locateHead walk it byte by byte to say where. Values are checked block by
// block in reading order, each block's shape before its values, so the failure reported
// is the first one a reader going left to right would meet.
func Scan(s string) (time.Time, Fail) {
	if len(s) <= fixedLen {
		return time.Time{}, locateHead(s)
	}
	_ = s[fixedLen] // one bounds check for the whole head
	y0, y1, y2, y3 := s[0]-'0', s[1]-'0', s[2]-'0', s[3]-'0'
	mo0, mo1, d0, d1 := s[5]-'0', s[6]-'0', s[8]-'0', s[9]-'0'
	h0, h1, mi0, mi1 := s[11]-'0', s[12]-'0', s[14]-'0', s[15]-'0'
	if y0 > 9 || y1 > 9 || y2 > 9 || y3 > 9 || mo0 > 9 || mo1 > 9 || d0 > 9 || d1 > 9 ||
		h0 > 9 || h1 > 9 || mi0 > 9 || mi1 > 9 ||
		s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' {
		return time.Time{}, locateHead(s)
	}
	year := uint32(y0)*1000 + uint32(y1)*100 + uint32(y2)*10 + uint32(y3)
	month := uint32(mo0)*10 + uint32(mo1)
	day := uint32(d0)*10 + uint32(d1)
	if month-1 > 11 { // month 00 wraps around
		return time.Time{}, Fail{offMonth, monthRange}
	}
	leap := isLeap(year)
	if day-1 >= daysIn(month, leap) {
		return time.Time{}, Fail{offDay, dayRange}
	}
	hour := uint32(h0)*10 + uint32(h1)
	if hour > 23 {
		return time.Time{}, Fail{offHour, hourRange}
	}
	minute := uint32(mi0)*10 + uint32(mi1)
	if minute > 59 {
		return time.Time{}, Fail{offMinute, minuteRange}
	}

	var sec, nsec uint32
	i := offAfterMin
	switch s[i] {
	case 'Z':
		// no seconds, no fraction
	case '.':
		return time.Time{}, Fail{i, fractionNoSeconds}
	case ':':
		// Seconds block ":SS".
		if len(s) <= offSecond || s[offSecond]-'0' > 9 {
			return time.Time{}, Fail{offSecond, unexpected}
		}
		if len(s) <= offSecond+1 || s[offSecond+1]-'0' > 9 {
			return time.Time{}, Fail{offSecond + 1, unexpected}
		}
		sec = uint32(s[offSecond]-'0')*10 + uint32(s[offSecond+1]-'0')
		if sec > 59 {
			return time.Time{}, Fail{offSecond, secondRange}
		}
		i = offAfterSec
		if i < len(s) && s[i] == '.' {
			i++
			start := i
			end := min(len(s), start+9)
			if len(s)-i >= 8 {
				if v, ok := eightDigits(s[i : i+8]); ok {
					nsec = v
					i += 8
				}
			}
			// Two digits a step halves the chain of multiplications.
			for i+1 < end && s[i]-'0' <= 9 && s[i+1]-'0' <= 9 {
				nsec = nsec*100 + uint32(s[i]-'0')*10 + uint32(s[i+1]-'0')
				i += 2
			}
			if i < end && s[i]-'0' <= 9 {
				nsec = nsec*10 + uint32(s[i]-'0')
				i++
			}
			n := i - start
			if n == 0 {
				return time.Time{}, Fail{i, wantFractionDigit}
			}
			nsec *= pow10[9-n]
			// Digits past the nanosecond are read and dropped: truncation, not rounding,
			// so 59.9999999999 stays in its second.
			for n == 9 && i < len(s) && s[i]-'0' <= 9 {
				i++
			}
		}
		if i >= len(s) || s[i] != 'Z' {
			return time.Time{}, Fail{i, wantZ}
		}
	default:
		return time.Time{}, Fail{i, wantZ}
	}
	// s[i] is 'Z'; it must be the last byte.
	if i+1 != len(s) {
		return time.Time{}, Fail{i + 1, trailing}
	}

	// Every field is in range, so there is nothing to normalise: the instant is computed
	// directly, which is what keeps this cheaper than time.Date.
	days := int64(daysBeforeYear(year)+daysBeforeMonth(month, leap)+day-1) - daysTo1970
	secs := days*86400 + int64(hour*3600+minute*60+sec)
	return time.Unix(secs, int64(nsec)).UTC(), Fail{}
}

// locateHead finds the first failure in the head "YYYY-MM-DDTHH:MM" and the byte
// after it, in the order Scan promises: the date's shape, the month, the day,
// the 'T' and the time's shape, the hour, the minute. It is the slow path, taken only for
// input that Scan's straight run has already found wrong.
func locateHead(s string) Fail {
	if len(s) == 0 {
		return Fail{0, empty}
	}
	for i := 0; i < fixedLen; i++ {
		if i == offHour-1 { // the date block is complete: check its values first
			month := uint32(num2(s[offMonth:]))
			if month-1 > 11 {
				return Fail{offMonth, monthRange}
			}
			day := uint32(num2(s[offDay:]))
			if day-1 >= daysIn(month, isLeap(uint32(num4(s)))) {
				return Fail{offDay, dayRange}
			}
		}
		if i >= len(s) {
			return Fail{i, unexpected}
		}
		c := s[i]
		switch i {
		case 4, 7:
			if c != '-' {
				return Fail{i, unexpected}
			}
		case offHour - 1:
			if c != 'T' {
				return Fail{i, unexpected}
			}
		case offMinute - 1:
			if c != ':' {
				return Fail{i, unexpected}
			}
		default:
			if c-'0' > 9 {
				return Fail{i, unexpected}
			}
		}
	}
	if num2(s[offHour:]) > 23 {
		return Fail{offHour, hourRange}
	}
	if num2(s[offMinute:]) > 59 {
		return Fail{offMinute, minuteRange}
	}
	// The head is sound, so the input stops right after it.
	return Fail{fixedLen, wantZ}
}

// num2 is the value of two ASCII digits already checked.
func num2(s string) int { return int(s[0]-'0')*10 + int(s[1]-'0') }

// num4 is the value of four ASCII digits already checked.
func num4(s string) int {
	return int(s[0]-'0')*1000 + int(s[1]-'0')*100 + int(s[2]-'0')*10 + int(s[3]-'0')
}

// isLeap reports a leap year of the proleptic Gregorian calendar, year 0 included.
func isLeap(year uint32) bool {
	return year%4 == 0 && (year%100 != 0 || year%400 == 0)
}

// daysIn is the number of days of month (1-12) in a year that is leap or not.
func daysIn(month uint32, leap bool) uint32 {
	switch month {
	case 2:
		if leap {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// daysTo1970 is the number of days from 0000-01-01 to 1970-01-01 in the proleptic
// Gregorian calendar: 1970*365 days plus 478 leap days (years 0, 4, ..., 1968 without
// 100, 200, 300, 500, ...: 493 - 20 + 5).
const daysTo1970 = 719528

// daysBeforeYear counts the days from 0000-01-01 to 1 January of year (0-9999).
// Years 0 .. year-1 hold ceil(year/4) multiples of 4, less ceil(year/100) of 100, plus
// ceil(year/400) of 400 leap days, year 0 being one of each.
func daysBeforeYear(year uint32) uint32 {
	return 365*year + (year+3)/4 - (year+99)/100 + (year+399)/400
}

// eightDigits reads s[:8] as eight ASCII digits at once (SWAR: the bytes as one
// little-endian word, first digit in the low byte), or reports that one is not a digit.
func eightDigits(s string) (uint32, bool) {
	_ = s[7]
	v := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
	const ones = 0x0101010101010101
	// All eight are digits exactly when no byte of v-0x30… and no byte of v+0x46… has its
	// top bit set: a byte below '0' wraps to 0xD0-0xFF in the first, one from ':' to 0xB9
	// lands on 0x80-0xFF in the second, and one of 0xBA or more stays >= 0x8A in the first.
	// A borrow or carry only spills upward out of a byte that is already caught, so the
	// lowest bad byte always shows. (Checked for every byte at every position in the tests.)
	if ((v-'0'*ones)|(v+0x46*ones))&(0x80*ones) != 0 {
		return 0, false
	}
	v -= '0' * ones
	v = (v * (10<<8 + 1)) >> 8 & 0x00FF00FF00FF00FF    // pairs: 10*first + second
	v = (v * (100<<16 + 1)) >> 16 & 0x0000FFFF0000FFFF // quads
	v = (v * (10000<<32 + 1)) >> 32                    // all eight
	return uint32(v), true
}

// pow10[n] is 10ⁿ, to scale a fraction of 9-n digits to nanoseconds.
var pow10 = [10]uint32{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9}

// cumDays[m] is the number of days before month m (1-12) in a common year.
var cumDays = [13]uint32{0, 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334}

// daysBeforeMonth counts the days from 1 January to the first of month (1-12).
func daysBeforeMonth(month uint32, leap bool) uint32 {
	d := cumDays[month]
	if leap && month > 2 {
		d++
	}
	return d
}

// wantAt is what the grammar needs at each offset of the fixed-width part.
var wantAt = [fixedLen]string{
	"digit for year", "digit for year", "digit for year", "digit for year",
	"'-' after the year",
	"digit for month", "digit for month",
	"'-' after the month",
	"digit for day", "digit for day",
	"'T' between date and time",
	"digit for hour", "digit for hour",
	"':' after the hour",
	"digit for minute", "digit for minute",
}

// AppendDetail appends to b what went wrong in s, the input f was scanned from, and where:
// "day 29 is out of range for February 2023 (at offset 8)". It is only called on failure;
// the caller names the field and quotes the input.
func (f Fail) AppendDetail(b []byte, s string) []byte {
	switch f.why {
	case empty:
		b = append(b, "empty input; expected a UTC timestamp such as 2026-01-02T15:04:05Z"...)
	case trailing:
		b = append(b, "unexpected text after 'Z'"...)
	case monthRange:
		b = append(b, "month "...)
		b = append(b, s[offMonth:offMonth+2]...)
		b = append(b, " is out of range 01-12"...)
	case dayRange:
		b = append(b, "day "...)
		b = append(b, s[offDay:offDay+2]...)
		b = append(b, " is out of range for "...)
		b = append(b, time.Month(num2(s[offMonth:])).String()...)
		b = append(b, ' ')
		b = append(b, s[offYear:offYear+4]...)
	case hourRange:
		b = append(b, "hour "...)
		b = append(b, s[offHour:offHour+2]...)
		b = append(b, " is out of range 00-23"...)
	case minuteRange:
		b = append(b, "minute "...)
		b = append(b, s[offMinute:offMinute+2]...)
		b = append(b, " is out of range 00-59"...)
	case secondRange:
		b = append(b, "second "...)
		b = append(b, s[offSecond:offSecond+2]...)
		b = append(b, " is out of range 00-59"...)
		if s[offSecond:offSecond+2] == "60" {
			b = append(b, "; leap seconds are not accepted"...)
		}
	case fractionNoSeconds:
		b = append(b, "a fraction needs seconds: expected ':' and two digits before '.'"...)
	default:
		var want string
		switch f.why {
		case wantFractionDigit:
			want = "digit for fraction"
		case wantZ:
			want = "'Z' at the end"
		default: // unexpected
			if f.off < fixedLen {
				want = wantAt[f.off]
			} else {
				want = "digit for second"
			}
		}
		b = appendUnexpected(b, s, f.off, want)
	}

	b = append(b, " (at offset "...)
	b = strconv.AppendInt(b, int64(f.off), 10)
	return append(b, ')')
}

// appendUnexpected appends "expected <want>, found <what is at off>" and, for the
// mistakes people actually make, a hint.
func appendUnexpected(b []byte, s string, off int, want string) []byte {
	if off >= len(s) {
		b = append(b, "input ends early; expected "...)
		return append(b, want...)
	}
	b = append(b, "expected "...)
	b = append(b, want...)
	b = append(b, ", found "...)
	c := s[off]
	if c >= utf8.RuneSelf {
		r, size := utf8.DecodeRuneInString(s[off:])
		if r == utf8.RuneError && size <= 1 {
			b = append(b, "non-ASCII byte 0x"...)
			b = append(b, "0123456789abcdef"[c>>4], "0123456789abcdef"[c&0xF])
			return append(b, " (not valid UTF-8)"...)
		}
		b = append(b, "non-ASCII character U+"...)
		b = appendHex4(b, r)
		b = append(b, ' ')
		b = strconv.AppendQuoteRune(b, r)
		return append(b, "; only ASCII is accepted"...)
	}
	b = strconv.AppendQuoteRune(b, rune(c))
	switch {
	case c == 't' && off == offHour-1, c == 'z' && want == "'Z' at the end":
		b = append(b, "; it must be uppercase"...)
	case (c == '+' || c == '-') && want == "'Z' at the end":
		b = append(b, "; offsets are not accepted, give the time in UTC with 'Z'"...)
	case c == ',' && want == "'Z' at the end":
		b = append(b, "; a fraction starts with '.'"...)
	case (c == '+' || c == '-') && off == offYear:
		b = append(b, "; years are exactly four digits, 0000-9999"...)
	case c >= '0' && c <= '9' && off == 4:
		b = append(b, "; years are exactly four digits, 0000-9999"...)
	case c >= '0' && c <= '9' && off == offAfterMin:
		b = append(b, "; the minute has two digits"...)
	case c >= '0' && c <= '9' && off == offAfterSec && want == "'Z' at the end":
		b = append(b, "; the second has two digits"...)
	}
	return b
}

// appendHex4 appends r in hex, at least four digits, as in "U+09EA".
func appendHex4(b []byte, r rune) []byte {
	const hex = "0123456789ABCDEF"
	n := 4
	for v := r >> 16; v > 0; v >>= 4 {
		n++
	}
	for i := n - 1; i >= 0; i-- {
		b = append(b, hex[(r>>(4*uint(i)))&0xF])
	}
	return b
}
