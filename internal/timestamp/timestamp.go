// Package timestamp is rule 1 of docs/design.md, the strict scheduledFor grammar
//
//	YYYY-MM-DD "T" HH:MM [ ":" SS [ "." 1*DIGIT ] ] "Z"
//
// read in the manner of Go's time/format_rfc3339.go and net/netip: no regexp, no
// time.Parse, no allocation on success; with the rule's words (the errors it returns)
// and the canonical form it prints. rules.ParseScheduledFor is its face for Go callers.
//
// It does not import package time: an instant is an [Instant], Unix seconds and
// nanoseconds. That keeps package time, and the syscall layer its initialisation brings
// (about 54 KB brotli), out of the WebAssembly counter module, which parses scheduledFor
// through this package alone (wasm/internal/bridge; rules/scheduled.go, the one file of
// rules that imports time, is left out of that build by the tag postrules_notime).
package timestamp

import (
	"strconv"
	"unicode/utf8"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules/apierror"
)

// Instant is a moment read by the grammar: seconds since 1970-01-01T00:00:00Z and the
// nanoseconds within that second (0-999,999,999). Every instant the grammar can write
// lies in the years 0000-9999.
type Instant struct {
	Sec  int64
	Nsec int32
}

// After reports whether in is strictly later than u.
func (in Instant) After(u Instant) bool {
	return in.Sec > u.Sec || in.Sec == u.Sec && in.Nsec > u.Nsec
}

// Parse reads s by the grammar. On failure the error has Code CodeInvalidScheduledFor,
// an empty Path and Offset at the byte where s went wrong; its message quotes s and says
// what was expected, e.g.
//
//	scheduledFor "2023-02-29T10:00Z": day 29 is out of range for February 2023 (at offset 8)
//
// Only failure allocates: the message and the *apierror.Error.
func Parse(s string) (Instant, *apierror.Error) {
	in, f := Scan(s)
	if !f.OK() {
		return Instant{}, f.Err(s)
	}
	return in, nil
}

// Err is the error of a failed scan of s, as Parse returns it: Code
// CodeInvalidScheduledFor, an empty Path, Offset at f's offset and a message that quotes s
// and says what was expected. It is only called on failure, and kept out of line so that
// the 512-byte message buffer is not in the stack frame of the success path (a caller of
// Scan would otherwise pay for it on every call).
//
//go:noinline
func (f Fail) Err(s string) *apierror.Error {
	var dbuf [160]byte // room for the longest detail (a 4-byte rune, a 19-digit offset)
	detail := f.AppendDetail(dbuf[:0], s)
	var buf [512]byte // room for a long quote and the detail, so only the result allocates
	b := append(buf[:0], "scheduledFor "...)
	b = append(b, strictjson.Quote(s)...)
	b = append(b, ": "...)
	b = append(b, detail...)
	e := apierror.New(apierror.CodeInvalidScheduledFor, "", string(b))
	e.Offset = f.Offset()
	return e
}

// PastError is the error of a scheduledFor that is not strictly after the caller's clock
// (rule 1: an instant equal to now is already in the past), given both instants in their
// canonical form and whether they are equal. Code CodeScheduledInPast, an empty Path.
func PastError(scheduled, now string, equal bool) *apierror.Error {
	rel := "before"
	if equal {
		rel = "equal to"
	}
	return apierror.New(apierror.CodeScheduledInPast, "",
		"scheduledFor "+scheduled+" is "+rel+" the current time "+now+
			"; a scheduled post must be strictly in the future")
}

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

// Scan is the scanner behind Parse. The fixed-width head
// "YYYY-MM-DDTHH:MM" is checked in one straight run of comparisons; only when that fails
// does locateHead walk it byte by byte to say where. Values are checked block by
// block in reading order, each block's shape before its values, so the failure reported
// is the first one a reader going left to right would meet.
//
// It is one function of about 100 lines on purpose: the success path is a straight run
// whose fields stay in registers, and a helper per block (seconds, fraction) would not
// be inlined into it; rules.ParseScheduledFor's cost against time.Parse is a promise of
// issue 32 (rules/scheduled_bench_test.go, BenchmarkScheduledVsTimeParse).
func Scan(s string) (Instant, Fail) {
	if len(s) <= fixedLen {
		return Instant{}, locateHead(s)
	}
	_ = s[fixedLen] // one bounds check for the whole head
	y0, y1, y2, y3 := s[0]-'0', s[1]-'0', s[2]-'0', s[3]-'0'
	mo0, mo1, d0, d1 := s[5]-'0', s[6]-'0', s[8]-'0', s[9]-'0'
	h0, h1, mi0, mi1 := s[11]-'0', s[12]-'0', s[14]-'0', s[15]-'0'
	if y0 > 9 || y1 > 9 || y2 > 9 || y3 > 9 || mo0 > 9 || mo1 > 9 || d0 > 9 || d1 > 9 ||
		h0 > 9 || h1 > 9 || mi0 > 9 || mi1 > 9 ||
		s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' {
		return Instant{}, locateHead(s)
	}
	year := uint32(y0)*1000 + uint32(y1)*100 + uint32(y2)*10 + uint32(y3)
	month := uint32(mo0)*10 + uint32(mo1)
	day := uint32(d0)*10 + uint32(d1)
	if month-1 > 11 { // month 00 wraps around
		return Instant{}, Fail{offMonth, monthRange}
	}
	leap := isLeap(year)
	if day-1 >= daysIn(month, leap) {
		return Instant{}, Fail{offDay, dayRange}
	}
	hour := uint32(h0)*10 + uint32(h1)
	if hour > 23 {
		return Instant{}, Fail{offHour, hourRange}
	}
	minute := uint32(mi0)*10 + uint32(mi1)
	if minute > 59 {
		return Instant{}, Fail{offMinute, minuteRange}
	}

	var sec, nsec uint32
	i := offAfterMin
	switch s[i] {
	case 'Z':
		// no seconds, no fraction
	case '.':
		return Instant{}, Fail{i, fractionNoSeconds}
	case ':':
		// Seconds block ":SS".
		if len(s) <= offSecond || s[offSecond]-'0' > 9 {
			return Instant{}, Fail{offSecond, unexpected}
		}
		if len(s) <= offSecond+1 || s[offSecond+1]-'0' > 9 {
			return Instant{}, Fail{offSecond + 1, unexpected}
		}
		sec = uint32(s[offSecond]-'0')*10 + uint32(s[offSecond+1]-'0')
		if sec > 59 {
			return Instant{}, Fail{offSecond, secondRange}
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
				return Instant{}, Fail{i, wantFractionDigit}
			}
			nsec *= pow10[9-n]
			// Digits past the nanosecond are read and dropped: truncation, not rounding,
			// so 59.9999999999 stays in its second.
			for n == 9 && i < len(s) && s[i]-'0' <= 9 {
				i++
			}
		}
		if i >= len(s) || s[i] != 'Z' {
			return Instant{}, Fail{i, wantZ}
		}
	default:
		return Instant{}, Fail{i, wantZ}
	}
	// s[i] is 'Z'; it must be the last byte.
	if i+1 != len(s) {
		return Instant{}, Fail{i + 1, trailing}
	}

	// Every field is in range, so there is nothing to normalise: the instant is computed
	// directly, which is what keeps this cheaper than time.Date.
	days := int64(daysBeforeYear(year)+daysBeforeMonth(month, leap)+day-1) - daysTo1970
	secs := days*86400 + int64(hour*3600+minute*60+sec)
	return Instant{secs, int32(nsec)}, Fail{}
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
		b = appendOutOfRange(b, "month", s[offMonth:offMonth+2], "01-12")
	case dayRange:
		b = appendOutOfRange(b, "day", s[offDay:offDay+2], "for ")
		b = append(b, monthNames[num2(s[offMonth:])-1]...)
		b = append(b, ' ')
		b = append(b, s[offYear:offYear+4]...)
	case hourRange:
		b = appendOutOfRange(b, "hour", s[offHour:offHour+2], "00-23")
	case minuteRange:
		b = appendOutOfRange(b, "minute", s[offMinute:offMinute+2], "00-59")
	case secondRange:
		b = appendOutOfRange(b, "second", s[offSecond:offSecond+2], "00-59")
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

// appendOutOfRange appends "<field> <its digits> is out of range <want>".
func appendOutOfRange(b []byte, field, digits, want string) []byte {
	b = append(b, field...)
	b = append(b, ' ')
	b = append(b, digits...)
	b = append(b, " is out of range "...)
	return append(b, want...)
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

// monthNames name the months 1-12 for the messages ("out of range for February 2023").
var monthNames = [12]string{"January", "February", "March", "April", "May", "June", "July",
	"August", "September", "October", "November", "December"}

// AppendUTC appends in's canonical form: the grammar's, always with seconds, with a
// fraction only when there is a sub-second part (trailing zeros trimmed), ending in "Z",
// e.g. "2026-01-02T03:04:05Z" and "2026-01-02T03:04:05.5Z". It is what time.RFC3339Nano
// writes for the same instant in UTC, for the years 0000-9999 every Instant of Scan lies
// in (rules.FormatScheduledFor, which takes any time.Time, leaves other years to package
// time).
func AppendUTC(b []byte, in Instant) []byte {
	days, secs := in.Sec/86400, int(in.Sec%86400)
	if secs < 0 { // before 1970: floor, not truncation
		days--
		secs += 86400
	}
	year, month, day := civil(days)
	var buf [len("2006-01-02T15:04:05.999999999Z")]byte
	copy(buf[:], "0000-00-00T00:00:00")
	putDigits(buf[0:4], year)
	putDigits(buf[5:7], month)
	putDigits(buf[8:10], day)
	putDigits(buf[11:13], secs/3600)
	putDigits(buf[14:16], secs/60%60)
	putDigits(buf[17:19], secs%60)
	n := len("2006-01-02T15:04:05")
	if in.Nsec > 0 {
		buf[n] = '.'
		putDigits(buf[n+1:n+10], int(in.Nsec))
		n += 10
		for buf[n-1] == '0' {
			n--
		}
	}
	buf[n] = 'Z'
	return append(b, buf[:n+1]...)
}

// putDigits writes v in decimal into all of dst, zeros in front. (One loop over a fixed
// buffer rather than an append per digit: in WebAssembly every append site is code.)
func putDigits(dst []byte, v int) {
	for i := len(dst) - 1; i >= 0; i-- {
		dst[i] = byte('0' + v%10)
		v /= 10
	}
}

// civil is the proleptic Gregorian date of the day days after 1970-01-01 (negative:
// before), for the years 0000-9999. It counts from a 1 March so that a leap day ends its
// year, in 400-year cycles of 146,097 days, as in Howard Hinnant's civil_from_days
// (https://howardhinnant.github.io/date_algorithms.html). The count starts at -0400-03-01,
// a cycle early, so that January and February of year 0 are not before it.
func civil(days int64) (year, month, day int) {
	z := int(days + daysTo1970 - 60 + 146097)              // days since -0400-03-01 (year 0 is leap: 31 + 29 days before 1 March)
	cycle, doc := z/146097, z%146097                       // 400-year cycle, day of cycle
	yoc := (doc - doc/1460 + doc/36524 - doc/146096) / 365 // year of cycle, 0-399
	doy := doc - (365*yoc + yoc/4 - yoc/100)               // day of the year from 1 March, 0-365
	mp := (5*doy + 2) / 153                                // month from March, 0-11
	day = doy - (153*mp+2)/5 + 1
	month = mp + 3
	year = cycle*400 + yoc - 400
	if month > 12 {
		month -= 12
		year++
	}
	return year, month, day
}
