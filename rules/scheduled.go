package rules

import (
	"strconv"
	"time"
	"unicode/utf8"
)

// This file is rule 1 of DESIGN.md: the strict scheduledFor grammar
//
//	YYYY-MM-DD "T" HH:MM [ ":" SS [ "." 1*DIGIT ] ] "Z"
//
// read by a hand-written byte scanner in the manner of Go's time/format_rfc3339.go and
// net/netip: no regexp, no time.Parse, no allocation on success.
//
// Where the grammar differs from RFC 3339 §5.6 (date-time):
//   - only "Z": numeric offsets, even "+00:00" and "-00:00", are rejected;
//   - "T" and "Z" must be uppercase (RFC 3339 lets "t", "z" and a space stand in);
//   - seconds are optional ("2026-01-02T15:04Z"), but a fraction needs them: "15:04.5Z" is
//     rejected, because the grammar nests the fraction inside the optional seconds
//     (the conformance suite writes it HH:MM[:SS[.d+]]);
//   - second 60 (a leap second) is rejected;
//   - years are exactly four digits, 0000-9999, in the proleptic Gregorian calendar
//     (0000 is a leap year), as RFC 3339 itself requires;
//   - as in RFC 3339 the fraction may have any number of digits; those past the
//     nanosecond are dropped (truncated, never rounded), so the result never moves into
//     the next second.

// ParseScheduledFor parses a post's scheduledFor value by the strict grammar of rule 1 of
// DESIGN.md:
//
//	YYYY-MM-DDTHH:MM[:SS[.fraction]]Z
//
// The date is a valid proleptic Gregorian date with a four-digit year 0000-9999 (0000 is a
// leap year; 29 February exists only in leap years); HH is 00-23, MM 00-59, the optional SS
// 00-59; the optional fraction, allowed only after seconds, is "." and one or more digits,
// of which those past the nanosecond are truncated, not rounded; "Z" is the last byte.
// Everything is ASCII: no lowercase "t" or "z", no offsets (not even "+00:00"), no spaces,
// no trailing newline.
//
// It differs from RFC 3339 (and from time.Parse with time.RFC3339) in that offsets,
// lowercase "t"/"z", a leap second 60 and a fraction without seconds are rejected, while
// seconds may be left out.
//
// The result is in time.UTC. On failure the error is a *Error with Code
// CodeInvalidScheduledFor, an empty Path (the caller places it in the request with
// WithPath) and Offset at the byte where the input went wrong; for a field whose digits are
// well-formed but out of range (month 13, 30 February, hour 24) that is the field's first
// byte. The message quotes the input and says what was expected, e.g.
//
//	scheduledFor "2023-02-29T10:00Z": day 29 is out of range for February 2023 (at offset 8)
//
// Each block (YYYY-MM-DD, then HH:MM, then :SS) is checked for shape before its values, so
// "2013-350" is reported as a missing '-' rather than as month 35.
//
// ParseScheduledFor does not allocate on success and is safe for concurrent use.
func ParseScheduledFor(s string) (time.Time, error) {
	t, f := scanScheduledFor(s)
	if f.why != schedOK {
		return time.Time{}, f.error(s)
	}
	return t, nil
}

// CheckScheduledAfter returns nil when t is strictly after now, and otherwise a *Error with
// Code CodeScheduledInPast whose message names both instants in UTC. An instant equal to
// now is already in the past: a post scheduled for "now" cannot be scheduled (rule 1 of
// DESIGN.md). now is always the caller's clock; nothing here reads the wall clock, so the
// same inputs give the same verdict everywhere.
func CheckScheduledAfter(t, now time.Time) error {
	if t.After(now) {
		return nil
	}
	rel := "before"
	if t.Equal(now) {
		rel = "equal to"
	}
	return NewError(CodeScheduledInPast, "",
		"scheduledFor "+FormatScheduledFor(t)+" is "+rel+" the current time "+
			FormatScheduledFor(now)+"; a scheduled post must be strictly in the future")
}

// FormatScheduledFor renders t in UTC in the canonical form of the scheduledFor grammar
// (rule 1 of DESIGN.md), as the CLI prints it: always with seconds, with a fraction only
// when t has a sub-second part (trailing zeros trimmed), ending in "Z", e.g.
// "2026-01-02T03:04:05Z" and "2026-01-02T03:04:05.5Z". This is RFC 3339 in its UTC form.
//
// For years 0000-9999, ParseScheduledFor(FormatScheduledFor(t)) gives back t.UTC()
// exactly. Instants outside those years are still rendered, as time.RFC3339Nano does
// ("-0001-…", "10000-…"), but do not parse back: the grammar has no room for them.
func FormatScheduledFor(t time.Time) string {
	var buf [len("-292277026596-12-04T15:30:07.999999999Z")]byte
	return string(t.UTC().AppendFormat(buf[:0], time.RFC3339Nano))
}

// schedWhy says why a scan failed; schedOK means it did not.
type schedWhy uint8

const (
	schedOK schedWhy = iota
	schedEmpty
	// schedUnexpected: the byte at off (or the end of input) is not what the grammar
	// needs there. For off < schedFixedLen the need follows from off alone.
	schedUnexpected
	schedWantFractionDigit // after '.'
	schedWantZ             // after the minute, the second or the fraction
	schedFractionNoSeconds // '.' straight after the minute
	schedTrailing          // bytes after the closing 'Z'
	schedMonthRange
	schedDayRange
	schedHourRange
	schedMinuteRange
	schedSecondRange
)

// schedFail is a scan's outcome: where and why it failed. It is two words so that the
// success path returns no more than it must; the message is built only on failure, from
// the input itself.
type schedFail struct {
	off int
	why schedWhy
}

// Byte offsets of the fixed-width part "YYYY-MM-DDTHH:MM".
const (
	schedYear     = 0
	schedMonth    = 5
	schedDay      = 8
	schedHour     = 11
	schedMinute   = 14
	schedAfterMin = 16 // ':', 'Z' or a failure
	schedSecond   = 17
	schedAfterSec = 19 // '.', 'Z' or a failure
	schedFixedLen = 16
)

// scanScheduledFor is the scanner behind ParseScheduledFor. The fixed-width head
// "YYYY-MM-DDTHH:MM" is checked in one straight run of comparisons; only when that fails
// does schedLocateHead walk it byte by byte to say where. Values are checked block by
// block in reading order, each block's shape before its values, so the failure reported
// is the first one a reader going left to right would meet.
func scanScheduledFor(s string) (time.Time, schedFail) {
	if len(s) <= schedFixedLen {
		return time.Time{}, schedLocateHead(s)
	}
	_ = s[schedFixedLen] // one bounds check for the whole head
	y0, y1, y2, y3 := s[0]-'0', s[1]-'0', s[2]-'0', s[3]-'0'
	mo0, mo1, d0, d1 := s[5]-'0', s[6]-'0', s[8]-'0', s[9]-'0'
	h0, h1, mi0, mi1 := s[11]-'0', s[12]-'0', s[14]-'0', s[15]-'0'
	if y0 > 9 || y1 > 9 || y2 > 9 || y3 > 9 || mo0 > 9 || mo1 > 9 || d0 > 9 || d1 > 9 ||
		h0 > 9 || h1 > 9 || mi0 > 9 || mi1 > 9 ||
		s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' {
		return time.Time{}, schedLocateHead(s)
	}
	year := uint32(y0)*1000 + uint32(y1)*100 + uint32(y2)*10 + uint32(y3)
	month := uint32(mo0)*10 + uint32(mo1)
	day := uint32(d0)*10 + uint32(d1)
	if month-1 > 11 { // month 00 wraps around
		return time.Time{}, schedFail{schedMonth, schedMonthRange}
	}
	leap := schedIsLeap(year)
	if day-1 >= schedDaysIn(month, leap) {
		return time.Time{}, schedFail{schedDay, schedDayRange}
	}
	hour := uint32(h0)*10 + uint32(h1)
	if hour > 23 {
		return time.Time{}, schedFail{schedHour, schedHourRange}
	}
	minute := uint32(mi0)*10 + uint32(mi1)
	if minute > 59 {
		return time.Time{}, schedFail{schedMinute, schedMinuteRange}
	}

	var sec, nsec uint32
	i := schedAfterMin
	switch s[i] {
	case 'Z':
		// no seconds, no fraction
	case '.':
		return time.Time{}, schedFail{i, schedFractionNoSeconds}
	case ':':
		// Seconds block ":SS".
		if len(s) <= schedSecond || s[schedSecond]-'0' > 9 {
			return time.Time{}, schedFail{schedSecond, schedUnexpected}
		}
		if len(s) <= schedSecond+1 || s[schedSecond+1]-'0' > 9 {
			return time.Time{}, schedFail{schedSecond + 1, schedUnexpected}
		}
		sec = uint32(s[schedSecond]-'0')*10 + uint32(s[schedSecond+1]-'0')
		if sec > 59 {
			return time.Time{}, schedFail{schedSecond, schedSecondRange}
		}
		i = schedAfterSec
		if i < len(s) && s[i] == '.' {
			i++
			start := i
			end := min(len(s), start+9)
			if len(s)-i >= 8 {
				if v, ok := schedEightDigits(s[i : i+8]); ok {
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
				return time.Time{}, schedFail{i, schedWantFractionDigit}
			}
			nsec *= schedPow10[9-n]
			// Digits past the nanosecond are read and dropped: truncation, not rounding,
			// so 59.9999999999 stays in its second.
			for n == 9 && i < len(s) && s[i]-'0' <= 9 {
				i++
			}
		}
		if i >= len(s) || s[i] != 'Z' {
			return time.Time{}, schedFail{i, schedWantZ}
		}
	default:
		return time.Time{}, schedFail{i, schedWantZ}
	}
	// s[i] is 'Z'; it must be the last byte.
	if i+1 != len(s) {
		return time.Time{}, schedFail{i + 1, schedTrailing}
	}

	// Every field is in range, so there is nothing to normalise: the instant is computed
	// directly, which is what keeps this cheaper than time.Date.
	days := int64(schedDaysBeforeYear(year)+schedDaysBeforeMonth(month, leap)+day-1) - schedDaysTo1970
	secs := days*86400 + int64(hour*3600+minute*60+sec)
	return time.Unix(secs, int64(nsec)).UTC(), schedFail{}
}

// schedLocateHead finds the first failure in the head "YYYY-MM-DDTHH:MM" and the byte
// after it, in the order scanScheduledFor promises: the date's shape, the month, the day,
// the 'T' and the time's shape, the hour, the minute. It is the slow path, taken only for
// input that scanScheduledFor's straight run has already found wrong.
func schedLocateHead(s string) schedFail {
	if len(s) == 0 {
		return schedFail{0, schedEmpty}
	}
	for i := 0; i < schedFixedLen; i++ {
		if i == schedHour-1 { // the date block is complete: check its values first
			month := uint32(schedNum2(s[schedMonth:]))
			if month-1 > 11 {
				return schedFail{schedMonth, schedMonthRange}
			}
			day := uint32(schedNum2(s[schedDay:]))
			if day-1 >= schedDaysIn(month, schedIsLeap(uint32(schedNum4(s)))) {
				return schedFail{schedDay, schedDayRange}
			}
		}
		if i >= len(s) {
			return schedFail{i, schedUnexpected}
		}
		c := s[i]
		switch i {
		case 4, 7:
			if c != '-' {
				return schedFail{i, schedUnexpected}
			}
		case schedHour - 1:
			if c != 'T' {
				return schedFail{i, schedUnexpected}
			}
		case schedMinute - 1:
			if c != ':' {
				return schedFail{i, schedUnexpected}
			}
		default:
			if c-'0' > 9 {
				return schedFail{i, schedUnexpected}
			}
		}
	}
	if schedNum2(s[schedHour:]) > 23 {
		return schedFail{schedHour, schedHourRange}
	}
	if schedNum2(s[schedMinute:]) > 59 {
		return schedFail{schedMinute, schedMinuteRange}
	}
	// The head is sound, so the input stops right after it.
	return schedFail{schedFixedLen, schedWantZ}
}

// schedNum2 is the value of two ASCII digits already checked.
func schedNum2(s string) int { return int(s[0]-'0')*10 + int(s[1]-'0') }

// schedNum4 is the value of four ASCII digits already checked.
func schedNum4(s string) int {
	return int(s[0]-'0')*1000 + int(s[1]-'0')*100 + int(s[2]-'0')*10 + int(s[3]-'0')
}

// schedIsLeap reports a leap year of the proleptic Gregorian calendar, year 0 included.
func schedIsLeap(year uint32) bool {
	return year%4 == 0 && (year%100 != 0 || year%400 == 0)
}

// schedDaysIn is the number of days of month (1-12) in a year that is leap or not.
func schedDaysIn(month uint32, leap bool) uint32 {
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

// schedDaysTo1970 is the number of days from 0000-01-01 to 1970-01-01 in the proleptic
// Gregorian calendar: 1970*365 days plus 478 leap days (years 0, 4, ..., 1968 without
// 100, 200, 300, 500, ...: 493 - 20 + 5).
const schedDaysTo1970 = 719528

// schedDaysBeforeYear counts the days from 0000-01-01 to 1 January of year (0-9999).
// Years 0 .. year-1 hold ceil(year/4) multiples of 4, less ceil(year/100) of 100, plus
// ceil(year/400) of 400 leap days, year 0 being one of each.
func schedDaysBeforeYear(year uint32) uint32 {
	return 365*year + (year+3)/4 - (year+99)/100 + (year+399)/400
}

// schedEightDigits reads s[:8] as eight ASCII digits at once (SWAR: the bytes as one
// little-endian word, first digit in the low byte), or reports that one is not a digit.
func schedEightDigits(s string) (uint32, bool) {
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

// schedPow10[n] is 10ⁿ, to scale a fraction of 9-n digits to nanoseconds.
var schedPow10 = [10]uint32{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9}

// schedCumDays[m] is the number of days before month m (1-12) in a common year.
var schedCumDays = [13]uint32{0, 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334}

// schedDaysBeforeMonth counts the days from 1 January to the first of month (1-12).
func schedDaysBeforeMonth(month uint32, leap bool) uint32 {
	d := schedCumDays[month]
	if leap && month > 2 {
		d++
	}
	return d
}

// schedWant is what the grammar needs at each offset of the fixed-width part.
var schedWant = [schedFixedLen]string{
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

// error renders f as the *Error ParseScheduledFor returns. Only this path allocates: the
// quoted input, the message and the *Error.
func (f schedFail) error(s string) *Error {
	var buf [512]byte // room for the longest quote() and detail, so only the result allocates
	b := append(buf[:0], "scheduledFor "...)
	b = append(b, quote(s)...)
	b = append(b, ": "...)

	switch f.why {
	case schedEmpty:
		b = append(b, "empty input; expected a UTC timestamp such as 2026-01-02T15:04:05Z"...)
	case schedTrailing:
		b = append(b, "unexpected text after 'Z'"...)
	case schedMonthRange:
		b = append(b, "month "...)
		b = append(b, s[schedMonth:schedMonth+2]...)
		b = append(b, " is out of range 01-12"...)
	case schedDayRange:
		b = append(b, "day "...)
		b = append(b, s[schedDay:schedDay+2]...)
		b = append(b, " is out of range for "...)
		b = append(b, time.Month(schedNum2(s[schedMonth:])).String()...)
		b = append(b, ' ')
		b = append(b, s[schedYear:schedYear+4]...)
	case schedHourRange:
		b = append(b, "hour "...)
		b = append(b, s[schedHour:schedHour+2]...)
		b = append(b, " is out of range 00-23"...)
	case schedMinuteRange:
		b = append(b, "minute "...)
		b = append(b, s[schedMinute:schedMinute+2]...)
		b = append(b, " is out of range 00-59"...)
	case schedSecondRange:
		b = append(b, "second "...)
		b = append(b, s[schedSecond:schedSecond+2]...)
		b = append(b, " is out of range 00-59"...)
		if s[schedSecond:schedSecond+2] == "60" {
			b = append(b, "; leap seconds are not accepted"...)
		}
	case schedFractionNoSeconds:
		b = append(b, "a fraction needs seconds: expected ':' and two digits before '.'"...)
	default:
		var want string
		switch f.why {
		case schedWantFractionDigit:
			want = "digit for fraction"
		case schedWantZ:
			want = "'Z' at the end"
		default: // schedUnexpected
			if f.off < schedFixedLen {
				want = schedWant[f.off]
			} else {
				want = "digit for second"
			}
		}
		b = schedAppendUnexpected(b, s, f.off, want)
	}

	b = append(b, " (at offset "...)
	b = strconv.AppendInt(b, int64(f.off), 10)
	b = append(b, ')')

	e := NewError(CodeInvalidScheduledFor, "", string(b))
	e.Offset = f.off
	return e
}

// schedAppendUnexpected appends "expected <want>, found <what is at off>" and, for the
// mistakes people actually make, a hint.
func schedAppendUnexpected(b []byte, s string, off int, want string) []byte {
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
		b = schedAppendHex4(b, r)
		b = append(b, ' ')
		b = strconv.AppendQuoteRune(b, r)
		return append(b, "; only ASCII is accepted"...)
	}
	b = strconv.AppendQuoteRune(b, rune(c))
	switch {
	case c == 't' && off == schedHour-1, c == 'z' && want == "'Z' at the end":
		b = append(b, "; it must be uppercase"...)
	case (c == '+' || c == '-') && want == "'Z' at the end":
		b = append(b, "; offsets are not accepted, give the time in UTC with 'Z'"...)
	case c == ',' && want == "'Z' at the end":
		b = append(b, "; a fraction starts with '.'"...)
	case (c == '+' || c == '-') && off == schedYear:
		b = append(b, "; years are exactly four digits, 0000-9999"...)
	case c >= '0' && c <= '9' && off == 4:
		b = append(b, "; years are exactly four digits, 0000-9999"...)
	case c >= '0' && c <= '9' && off == schedAfterMin:
		b = append(b, "; the minute has two digits"...)
	case c >= '0' && c <= '9' && off == schedAfterSec && want == "'Z' at the end":
		b = append(b, "; the second has two digits"...)
	}
	return b
}

// schedAppendHex4 appends r in hex, at least four digits, as in "U+09EA".
func schedAppendHex4(b []byte, r rune) []byte {
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
