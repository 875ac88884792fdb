//go:build !postrules_notime

package rules

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/postrules/postrules/rules/apierror"
)

// schedConformancePath is the conformance corpus for rule 1 (provenance and licence in
// testdata/json-schema-test-suite/README.md): every string case of JSON-Schema-Test-Suite's
// date-time, date and time formats, mapped to this grammar's verdict.
const schedConformancePath = "testdata/json-schema-test-suite/scheduledfor-cases.jsonl"

type schedConformanceCase struct {
	Input string `json:"input"`
	Valid bool   `json:"valid"`
	Why   string `json:"why"`
}

// schedLoadConformance reads the corpus. A missing or empty corpus is a failure, never a
// skip: without it the rule is not checked against its peers.
func schedLoadConformance(tb testing.TB) []schedConformanceCase {
	tb.Helper()
	f, err := os.Open(schedConformancePath)
	if err != nil {
		tb.Fatalf("conformance corpus missing: %v", err)
	}
	defer f.Close()
	var cases []schedConformanceCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var c schedConformanceCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			tb.Fatalf("%s:%d: %v", schedConformancePath, line, err)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		tb.Fatalf("%s: %v", schedConformancePath, err)
	}
	if len(cases) < 200 {
		tb.Fatalf("%s: only %d cases; the corpus looks truncated", schedConformancePath, len(cases))
	}
	return cases
}

func TestParseScheduledForConformance(t *testing.T) {
	cases := schedLoadConformance(t)
	var valid, invalid int
	for _, c := range cases {
		got, err := ParseScheduledFor(c.Input)
		if (err == nil) != c.Valid {
			t.Errorf("ParseScheduledFor(%q): err = %v, want valid=%v (%s)", c.Input, err, c.Valid, c.Why)
			continue
		}
		if c.Valid {
			valid++
			want, ok := schedReferenceParse(c.Input)
			if !ok {
				t.Errorf("reference rejects %q, which the corpus calls valid", c.Input)
				continue
			}
			if !got.Equal(want) || got.Location() != time.UTC {
				t.Errorf("ParseScheduledFor(%q) = %v, want %v in UTC", c.Input, got, want)
			}
			continue
		}
		invalid++
		schedCheckError(t, c.Input, err, -1)
	}
	if valid == 0 || invalid == 0 {
		t.Fatalf("corpus has %d valid and %d invalid cases; want both kinds", valid, invalid)
	}
}

// schedCheckError asserts what every rejection promises: an *apierror.Error with the right code and
// status, no path, an offset inside the input (wantOff when >= 0), and a message that quotes
// the input, ends with the offset and stays short however long the input is.
func schedCheckError(t *testing.T, in string, err error, wantOff int) *apierror.Error {
	t.Helper()
	var e *apierror.Error
	if !errors.As(err, &e) {
		t.Errorf("ParseScheduledFor(%q): error %v (%T) is not a *apierror.Error", in, err, err)
		return nil
	}
	if e.Code != apierror.CodeInvalidScheduledFor || e.HTTPStatus != 400 || e.Path != "" {
		t.Errorf("ParseScheduledFor(%q): apierror.Code %q Status %d Path %q, want %q 400 \"\"", in, e.Code, e.HTTPStatus, e.Path, apierror.CodeInvalidScheduledFor)
	}
	if e.Offset < 0 || e.Offset > len(in) {
		t.Errorf("ParseScheduledFor(%q): Offset %d outside 0..%d", in, e.Offset, len(in))
	}
	if wantOff >= 0 && e.Offset != wantOff {
		t.Errorf("ParseScheduledFor(%q): Offset %d, want %d (%s)", in, e.Offset, wantOff, e.Message)
	}
	if !strings.HasPrefix(e.Message, "scheduledFor "+quote(in)+": ") {
		t.Errorf("ParseScheduledFor(%q): message %q does not quote the input first", in, e.Message)
	}
	if suffix := fmt.Sprintf(" (at offset %d)", e.Offset); !strings.HasSuffix(e.Message, suffix) {
		t.Errorf("ParseScheduledFor(%q): message %q does not end with %q", in, e.Message, suffix)
	}
	if len(e.Message) > 400 {
		t.Errorf("ParseScheduledFor(%q): message is %d bytes long", in, len(e.Message))
	}
	return e
}

// schedCase is one edge case of the grammar. A valid case names its instant through
// time.Date, written out by hand; an invalid one names the offset and a piece of the message.
type schedCase struct {
	in   string
	why  string
	want time.Time // zero: invalid
	off  int       // invalid only
	msg  string    // invalid only: must appear in the message
}

func schedUTC(y int, mo time.Month, d, h, mi, s, ns int) time.Time {
	return time.Date(y, mo, d, h, mi, s, ns, time.UTC)
}

// schedEdgeCases is the hand-written table; schedMonthEndCases adds every month end.
var schedEdgeCases = []schedCase{
	// The shapes the grammar allows.
	{in: "2026-01-02T03:04Z", why: "seconds are optional", want: schedUTC(2026, 1, 2, 3, 4, 0, 0)},
	{in: "2026-01-02T03:04:05Z", why: "with seconds", want: schedUTC(2026, 1, 2, 3, 4, 5, 0)},
	{in: "2026-01-02T03:04:05.5Z", why: "one fraction digit is tenths", want: schedUTC(2026, 1, 2, 3, 4, 5, 500000000)},
	{in: "2026-01-02T03:04:05.000000001Z", why: "nine digits are nanoseconds", want: schedUTC(2026, 1, 2, 3, 4, 5, 1)},
	{in: "2026-01-02T03:04:05.0Z", why: "a zero fraction is still a fraction", want: schedUTC(2026, 1, 2, 3, 4, 5, 0)},
	{in: "2026-01-02T03:04:05.123Z", why: "milliseconds, as JavaScript's toISOString writes them", want: schedUTC(2026, 1, 2, 3, 4, 5, 123000000)},
	{in: "2026-01-02T03:04:05.12345678Z", why: "eight digits (the eight-at-once path)", want: schedUTC(2026, 1, 2, 3, 4, 5, 123456780)},
	{in: "2026-01-02T03:04:05.1234567Z", why: "seven digits", want: schedUTC(2026, 1, 2, 3, 4, 5, 123456700)},
	{in: "1970-01-01T00:00Z", why: "the Unix epoch", want: time.Unix(0, 0).UTC()},
	{in: "1969-12-31T23:59:59.999999999Z", why: "just before the epoch (negative Unix time)", want: time.Unix(-1, 999999999).UTC()},
	{in: "0000-01-01T00:00Z", why: "the first instant of the grammar", want: schedUTC(0, 1, 1, 0, 0, 0, 0)},
	{in: "9999-12-31T23:59:59.999999999Z", why: "the last instant of the grammar", want: schedUTC(9999, 12, 31, 23, 59, 59, 999999999)},
	{in: "2026-01-02T23:59Z", why: "hour 23 and minute 59 are the maxima", want: schedUTC(2026, 1, 2, 23, 59, 0, 0)},
	{in: "2026-01-02T00:00:59Z", why: "second 59 is the maximum", want: schedUTC(2026, 1, 2, 0, 0, 59, 0)},

	// Leap years of the proleptic Gregorian calendar.
	{in: "2024-02-29T12:00Z", why: "2024: divisible by 4", want: schedUTC(2024, 2, 29, 12, 0, 0, 0)},
	{in: "2000-02-29T12:00Z", why: "2000: divisible by 400", want: schedUTC(2000, 2, 29, 12, 0, 0, 0)},
	{in: "2400-02-29T12:00Z", why: "2400: divisible by 400", want: schedUTC(2400, 2, 29, 12, 0, 0, 0)},
	{in: "0000-02-29T12:00Z", why: "year 0000 is a leap year (divisible by 400)", want: schedUTC(0, 2, 29, 12, 0, 0, 0)},
	{in: "0000-03-01T00:00Z", why: "the day after year 0's leap day", want: schedUTC(0, 3, 1, 0, 0, 0, 0)},
	{in: "0004-02-29T00:00Z", why: "year 4 is a leap year", want: schedUTC(4, 2, 29, 0, 0, 0, 0)},
	{in: "9996-02-29T00:00Z", why: "the last leap year of the grammar", want: schedUTC(9996, 2, 29, 0, 0, 0, 0)},
	{in: "1900-02-29T12:00Z", why: "1900: divisible by 100, not by 400", off: 8, msg: "day 29 is out of range for February 1900"},
	{in: "2100-02-29T12:00Z", why: "2100: divisible by 100, not by 400", off: 8, msg: "day 29 is out of range for February 2100"},
	{in: "0100-02-29T12:00Z", why: "0100: divisible by 100, not by 400", off: 8, msg: "February 0100"},
	{in: "2023-02-29T10:00Z", why: "the issue's example, message in full", off: 8,
		msg: `scheduledFor "2023-02-29T10:00Z": day 29 is out of range for February 2023 (at offset 8)`},
	{in: "2024-02-30T10:00Z", why: "30 February never exists (time.Date would roll it into March)", off: 8, msg: "day 30 is out of range for February 2024"},

	// Date fields out of range.
	{in: "2026-00-10T10:00Z", why: "month 00", off: 5, msg: "month 00 is out of range 01-12"},
	{in: "2026-13-10T10:00Z", why: "month 13", off: 5, msg: "month 13 is out of range 01-12"},
	{in: "2026-01-00T10:00Z", why: "day 00", off: 8, msg: "day 00 is out of range for January 2026"},
	{in: "2026-01-32T10:00Z", why: "day 32", off: 8, msg: "day 32"},
	{in: "2026-99-99T10:00Z", why: "both out of range: the month comes first", off: 5, msg: "month 99"},

	// Time fields out of range.
	{in: "2026-01-02T24:00Z", why: "24:00 is not an hour of this grammar (ISO 8601 allows it)", off: 11, msg: "hour 24 is out of range 00-23"},
	{in: "2026-01-02T24:00:00Z", why: "24:00:00 neither", off: 11, msg: "hour 24"},
	{in: "2026-01-02T10:60Z", why: "minute 60", off: 14, msg: "minute 60 is out of range 00-59"},
	{in: "2026-01-02T10:99:00Z", why: "minute 99", off: 14, msg: "minute 99"},
	{in: "2016-12-31T23:59:60Z", why: "a real leap second, still rejected (docs/design.md: 60 is rejected)", off: 17, msg: "leap seconds are not accepted"},
	{in: "2026-01-02T10:00:60Z", why: ":60 anywhere", off: 17, msg: "second 60 is out of range 00-59"},
	{in: "2026-01-02T10:00:61Z", why: ":61", off: 17, msg: "second 61"},

	// Offsets: Z only.
	{in: "2026-01-02T10:00:00+00:00", why: "+00:00 is UTC but not 'Z'", off: 19, msg: "expected 'Z' at the end, found '+'"},
	{in: "2026-01-02T10:00:00-05:00", why: "a negative offset", off: 19, msg: "expected 'Z' at the end, found '-'"},
	{in: "2026-01-02T10:00:00-00:00", why: "RFC 3339's 'unknown local offset'", off: 19, msg: "offsets are not accepted"},
	{in: "2026-01-02T10:00+01:00", why: "an offset straight after the minute", off: 16, msg: "expected 'Z' at the end, found '+'"},
	{in: "2026-01-02T10:00:00.5+01:00", why: "an offset after a fraction", off: 21, msg: "found '+'"},
	{in: "2026-01-02T10:00:00+0000", why: "ISO 8601 basic offset", off: 19, msg: "found '+'"},
	{in: "2026-01-02T10:00:00Z+00:00", why: "'Z' and an offset", off: 20, msg: "unexpected text after 'Z'"},

	// Case.
	{in: "2026-01-02t10:00:00Z", why: "lowercase t (RFC 3339 allows it)", off: 10, msg: "found 't'; it must be uppercase"},
	{in: "2026-01-02T10:00:00z", why: "lowercase z after seconds", off: 19, msg: "found 'z'; it must be uppercase"},
	{in: "2026-01-02T10:00z", why: "lowercase z after the minute", off: 16, msg: "found 'z'"},
	{in: "2026-01-02t10:00z", why: "both lowercase: the first is reported", off: 10, msg: "found 't'"},

	// Whitespace anywhere.
	{in: " 2026-01-02T10:00Z", why: "leading space", off: 0, msg: "expected digit for year, found ' '"},
	{in: "\t2026-01-02T10:00Z", why: "leading tab", off: 0, msg: `found '\t'`},
	{in: "2026-01-02T10:00Z ", why: "trailing space", off: 17, msg: "unexpected text after 'Z'"},
	{in: "2026-01-02T10:00Z\n", why: "trailing newline (a line read with its end)", off: 17, msg: "unexpected text after 'Z'"},
	{in: "2026-01-02T10:00:00Z\r\n", why: "trailing CRLF", off: 20, msg: "unexpected text after 'Z'"},
	{in: "2026-01-02 10:00Z", why: "space for T (RFC 3339 allows it)", off: 10, msg: "expected 'T' between date and time, found ' '"},
	{in: "2026-01-02T10:00 Z", why: "space before Z", off: 16, msg: "found ' '"},
	{in: "2026-01-02T10: 00Z", why: "space inside the time", off: 14, msg: "expected digit for minute, found ' '"},
	{in: "2026-01-02T10:00:00 UTC", why: "a zone name", off: 19, msg: "found ' '"},
	{in: "2026-01-02\u00a0T10:00Z", why: "no-break space", off: 10, msg: "non-ASCII character U+00A0"},

	// Non-ASCII digits and lookalikes.
	{in: "２026-01-02T10:00Z", why: "fullwidth digit two", off: 0, msg: "non-ASCII character U+FF12 '２'"},
	{in: "2026-0１-02T10:00Z", why: "fullwidth digit in the month", off: 6, msg: "expected digit for month, found non-ASCII character U+FF11"},
	{in: "2026-01-02T1٢:00Z", why: "Arabic-Indic digit two in the hour", off: 12, msg: "expected digit for hour, found non-ASCII character U+0662"},
	{in: "2026-01-02T10:00:0۵Z", why: "extended Arabic-Indic digit five in the second", off: 18, msg: "U+06F5"},
	{in: "2026-01-02T10:00:00.1२Z", why: "Devanagari digit two in the fraction", off: 21, msg: "U+0968"},
	{in: "2026\u201301-02T10:00Z", why: "en dash for '-'", off: 4, msg: "expected '-' after the year, found non-ASCII character U+2013"},
	{in: "2026-01-02\uff3410:00Z", why: "fullwidth T", off: 10, msg: "U+FF34"},
	{in: "2026-01-02T10:00\uff3a", why: "fullwidth Z", off: 16, msg: "U+FF3A"},
	{in: "2026-01-02T10:00:00\xff", why: "a byte that is not UTF-8", off: 19, msg: "non-ASCII byte 0xff (not valid UTF-8)"},
	{in: "2026-01-02T\xe2\x80", why: "a cut UTF-8 sequence", off: 11, msg: "non-ASCII byte 0xe2"},
	{in: "𝟐026-01-02T10:00Z", why: "a digit outside the BMP (mathematical bold two)", off: 0, msg: "U+1D7D0"},

	// Fractions.
	{in: "2026-01-02T10:00:00.9999999999Z", why: "ten nines truncate to 999999999 ns, not round up to the next second", want: schedUTC(2026, 1, 2, 10, 0, 0, 999999999)},
	{in: "2026-01-02T10:00:00." + strings.Repeat("9", 30) + "Z", why: "thirty digits", want: schedUTC(2026, 1, 2, 10, 0, 0, 999999999)},
	{in: "2026-01-02T10:00:00.123456789987654321Z", why: "digits past the nanosecond are dropped", want: schedUTC(2026, 1, 2, 10, 0, 0, 123456789)},
	{in: "2026-01-02T10:00:00.0000000009Z", why: "a tenth digit alone never rounds up", want: schedUTC(2026, 1, 2, 10, 0, 0, 0)},
	{in: "2026-12-31T23:59:59." + strings.Repeat("9", 100000) + "Z", why: "100 000 digits: no limit, still the same second and year", want: schedUTC(2026, 12, 31, 23, 59, 59, 999999999)},
	{in: "2026-01-02T10:00:00.Z", why: "'.' needs at least one digit", off: 20, msg: "expected digit for fraction, found 'Z'"},
	{in: "2026-01-02T10:00:00.", why: "'.' at the very end", off: 20, msg: "input ends early; expected digit for fraction"},
	{in: "2026-01-02T10:00.5Z", why: "DECISION: the fraction belongs to the seconds (HH:MM[:SS[.d+]])", off: 16, msg: "a fraction needs seconds"},
	{in: "2026-01-02T10:00:00,5Z", why: "comma fraction (ISO 8601 allows it)", off: 19, msg: "found ','; a fraction starts with '.'"},
	{in: "2026-01-02T10:00:00.5.5Z", why: "two fractions", off: 21, msg: "expected 'Z' at the end, found '.'"},
	{in: "2026-01-02T10:00:00.5", why: "fraction without Z", off: 21, msg: "input ends early; expected 'Z' at the end"},
	{in: "2026-01-02T10:00:00.12345678x", why: "a non-digit right after eight digits", off: 28, msg: "found 'x'"},
	{in: "2026-01-02T10:00:00.1234567x9Z", why: "a non-digit inside the first eight", off: 27, msg: "found 'x'"},
	{in: "2026-01-02T10:00:00.123456789/Z", why: "a non-digit right after nine digits", off: 29, msg: "found '/'"},
	{in: "2026-01-02T10:00:00.-5Z", why: "a sign is not a digit", off: 20, msg: "found '-'"},

	// Years.
	{in: "10000-01-01T00:00Z", why: "year 10000 (five digits)", off: 4, msg: "years are exactly four digits"},
	{in: "-0001-01-01T00:00Z", why: "a negative year", off: 0, msg: "found '-'; years are exactly four digits"},
	{in: "+2026-01-01T00:00Z", why: "an expanded-year sign", off: 0, msg: "found '+'"},
	{in: "026-01-01T00:00Z", why: "three-digit year", off: 3, msg: "expected digit for year, found '-'"},

	// Widths.
	{in: "2026-1-02T10:00Z", why: "one-digit month", off: 6, msg: "expected digit for month, found '-'"},
	{in: "2026-01-2T10:00Z", why: "one-digit day", off: 9, msg: "expected digit for day, found 'T'"},
	{in: "2026-01-02T1:00Z", why: "one-digit hour (time.Parse accepts it)", off: 12, msg: "expected digit for hour, found ':'"},
	{in: "2026-01-02Tx0:00Z", why: "a letter for the hour", off: 11, msg: "expected digit for hour, found 'x'"},
	{in: "2026-01-02T100:00Z", why: "three-digit hour", off: 13, msg: "expected ':' after the hour, found '0'"},
	{in: "2026-01-02T10:0Z", why: "one-digit minute", off: 15, msg: "expected digit for minute, found 'Z'"},
	{in: "2026-01-02T10:000Z", why: "three-digit minute", off: 16, msg: "found '0'; the minute has two digits"},
	{in: "2026-01-02T10:00:0Z", why: "one-digit second", off: 18, msg: "expected digit for second, found 'Z'"},
	{in: "2026-01-02T10:00:000Z", why: "three-digit second", off: 19, msg: "found '0'; the second has two digits"},
	{in: "20260102T100000Z", why: "ISO 8601 basic format", off: 4, msg: "expected '-' after the year, found '0'"},
	{in: "2013-350T10:00Z", why: "ordinal date: the date's shape is checked before month 35", off: 7, msg: "expected '-' after the month"},
	{in: "2026-13-01Tx", why: "the date's values are checked before the time's shape", off: 5, msg: "month 13"},
	{in: "2026-02-30T25:61Z", why: "day before hour and minute", off: 8, msg: "day 30"},
	{in: "2026-01-02T25:6", why: "the time's shape before the hour", off: 15, msg: "input ends early; expected digit for minute"},
	{in: "2026-01-02T25:00:6", why: "the hour before the seconds' shape", off: 11, msg: "hour 25"},

	// Missing, truncated, trailing.
	{in: "", why: "empty input", off: 0, msg: "empty input"},
	{in: "2026-01-02", why: "a bare date", off: 10, msg: "input ends early; expected 'T' between date and time"},
	{in: "2026-01-02T10:00", why: "missing Z after the minute", off: 16, msg: "input ends early; expected 'Z' at the end"},
	{in: "2026-01-02T10:00:00", why: "missing Z after the seconds", off: 19, msg: "input ends early; expected 'Z' at the end"},
	{in: "2026-01-02T10:00:", why: "':' with no seconds", off: 17, msg: "input ends early; expected digit for second"},
	{in: "2026-01-02T10:00ZZ", why: "two Zs", off: 17, msg: "unexpected text after 'Z'"},
	{in: "2026-01-02T10:00Z" + strings.Repeat("x", 1<<20), why: "1 MiB of trailing text: the message stays short", off: 17, msg: `"...: unexpected text after 'Z'`},
	{in: "10:00:00Z", why: "a bare time", off: 2, msg: "expected digit for year, found ':'"},
	{in: "Z", why: "just Z", off: 0, msg: "found 'Z'"},

	// NUL bytes.
	{in: "\x00", why: "a lone NUL", off: 0, msg: `found '\x00'`},
	{in: "2026-01-02T10:00Z\x00", why: "a C string's terminator", off: 17, msg: "unexpected text after 'Z'"},
	{in: "2026-01-02\x00T10:00Z", why: "NUL inside", off: 10, msg: `found '\x00'`},
	{in: "2026-01-02T10:00:00.\x00", why: "NUL after '.'", off: 20, msg: `found '\x00'`},
}

// schedMonthEndCases has, for a common and a leap year, every month's last day (valid)
// and the day after it (invalid). The month lengths are written out here, independently
// of the code under test.
func schedMonthEndCases() []schedCase {
	common := [12]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	var out []schedCase
	for _, y := range []int{2023, 2024} {
		for m := 1; m <= 12; m++ {
			last := common[m-1]
			if y == 2024 && m == 2 {
				last = 29
			}
			out = append(out,
				schedCase{
					in:   fmt.Sprintf("%04d-%02d-%02dT23:59:59Z", y, m, last),
					why:  "last day of the month",
					want: schedUTC(y, time.Month(m), last, 23, 59, 59, 0),
				},
				schedCase{
					in:  fmt.Sprintf("%04d-%02d-%02dT00:00Z", y, m, last+1),
					why: "the day after the last day of the month",
					off: 8,
					msg: fmt.Sprintf("day %02d is out of range for %s %04d", last+1, time.Month(m), y),
				})
		}
	}
	return out
}

func schedAllCases() []schedCase {
	return append(append([]schedCase(nil), schedEdgeCases...), schedMonthEndCases()...)
}

func TestParseScheduledForTable(t *testing.T) {
	for _, c := range schedAllCases() {
		name := c.in
		if len(name) > 40 {
			name = name[:40] + "..."
		}
		got, err := ParseScheduledFor(c.in)
		if !c.want.IsZero() {
			if err != nil {
				t.Errorf("%q (%s): unexpected error %v", name, c.why, err)
				continue
			}
			if !got.Equal(c.want) || got.Location() != time.UTC {
				t.Errorf("%q (%s): got %v, want %v in UTC", name, c.why, got, c.want)
			}
			continue
		}
		if err == nil {
			t.Errorf("%q (%s): accepted as %v", name, c.why, got)
			continue
		}
		if e := schedCheckError(t, c.in, err, c.off); e != nil && !strings.Contains(e.Message, c.msg) {
			t.Errorf("%q (%s): message %q does not contain %q", name, c.why, e.Message, c.msg)
		}
		if !got.IsZero() {
			t.Errorf("%q (%s): a rejected input returned the time %v", name, c.why, got)
		}
	}
}

// Every proper prefix of a valid timestamp is cut short exactly at its end.
func TestParseScheduledForTruncated(t *testing.T) {
	for _, full := range []string{"2024-02-29T23:59:59.123456789Z", "2026-01-02T10:00Z"} {
		for n := 0; n < len(full); n++ {
			in := full[:n]
			_, err := ParseScheduledFor(in)
			e := schedCheckError(t, in, err, n)
			if e == nil {
				continue
			}
			want := "input ends early; expected "
			if n == 0 {
				want = "empty input"
			}
			if !strings.Contains(e.Message, want) {
				t.Errorf("%q: message %q lacks %q", in, e.Message, want)
			}
		}
	}
}

// Every day of a few whole years goes through the parser itself, midnight and last second.
func TestParseScheduledForEveryDay(t *testing.T) {
	for _, year := range []int{0, 1, 3, 4, 100, 400, 1600, 1900, 1969, 1970, 2000, 2024, 2100, 9999} {
		for d := time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC); d.Year() == year; d = d.AddDate(0, 0, 1) {
			for _, want := range []time.Time{d, d.Add(24*time.Hour - time.Nanosecond)} {
				in := fmt.Sprintf("%04d-%02d-%02dT%02d:%02d:%02d.%09dZ", want.Year(), want.Month(), want.Day(),
					want.Hour(), want.Minute(), want.Second(), want.Nanosecond())
				got, err := ParseScheduledFor(in)
				if err != nil || !got.Equal(want) {
					t.Fatalf("ParseScheduledFor(%q) = %v, %v; want %v", in, got, err, want)
				}
			}
		}
	}
}

func TestParseScheduledForAllocations(t *testing.T) {
	for _, in := range []string{"2026-01-02T03:04Z", "2026-01-02T03:04:05.123456789Z", "2026-01-02T03:04:05." + strings.Repeat("1", 1000) + "Z"} {
		if n := testing.AllocsPerRun(100, func() { _, _ = ParseScheduledFor(in) }); n != 0 {
			t.Errorf("ParseScheduledFor(%.40q...) allocates %v times; want 0", in, n)
		}
	}
	// The error path allocates only the quoted input, the message and the *apierror.Error.
	if n := testing.AllocsPerRun(100, func() { _, _ = ParseScheduledFor("2026-02-30T03:04Z") }); n > 4 {
		t.Errorf("the error path allocates %v times; want at most 4", n)
	}
}

func TestCheckScheduledAfter(t *testing.T) {
	base := schedUTC(2026, 1, 2, 3, 4, 5, 0)
	plus5 := time.FixedZone("+05:00", 5*3600)
	cases := []struct {
		t, now time.Time
		ok     bool
		why    string
		msg    []string
	}{
		{base.Add(time.Nanosecond), base, true, "one nanosecond later is the future", nil},
		{base.Add(time.Hour), base, true, "an hour later", nil},
		{base, base, false, "equal is in the past", []string{"2026-01-02T03:04:05Z is equal to the current time 2026-01-02T03:04:05Z"}},
		{base, base.Add(500 * time.Millisecond), false, "earlier", []string{"scheduledFor 2026-01-02T03:04:05Z is before the current time 2026-01-02T03:04:05.5Z"}},
		{base.In(plus5), base, false, "the same instant in another zone is equal; the message is in UTC", []string{"2026-01-02T03:04:05Z is equal to", "time 2026-01-02T03:04:05Z"}},
		{schedUTC(2026, 1, 2, 4, 0, 0, 0), base.In(plus5), true, "04:00Z is after 08:04+05:00 (03:04Z): instants, not wall clocks", nil},
		{base.In(plus5), schedUTC(2026, 1, 2, 4, 0, 0, 0), false, "08:04+05:00 is before 04:00Z", []string{"2026-01-02T03:04:05Z is before the current time 2026-01-02T04:00:00Z"}},
		{time.Time{}, base, false, "the zero time", []string{"0001-01-01T00:00:00Z"}},
	}
	for _, c := range cases {
		err := CheckScheduledAfter(c.t, c.now)
		if c.ok {
			if err != nil {
				t.Errorf("%s: CheckScheduledAfter(%v, %v) = %v, want nil", c.why, c.t, c.now, err)
			}
			continue
		}
		var e *apierror.Error
		if !errors.As(err, &e) {
			t.Errorf("%s: CheckScheduledAfter(%v, %v) = %v, want *apierror.Error", c.why, c.t, c.now, err)
			continue
		}
		if e.Code != apierror.CodeScheduledInPast || e.HTTPStatus != 400 || e.Path != "" || e.Offset != -1 {
			t.Errorf("%s: got apierror.Code %q Status %d Path %q Offset %d", c.why, e.Code, e.HTTPStatus, e.Path, e.Offset)
		}
		for _, m := range c.msg {
			if !strings.Contains(e.Message, m) {
				t.Errorf("%s: message %q lacks %q", c.why, e.Message, m)
			}
		}
	}
	// A time read from the wall clock carries a monotonic reading; equality is still equality.
	now := time.Now()
	if CheckScheduledAfter(now, now) == nil {
		t.Error("CheckScheduledAfter(now, now) = nil, want scheduled_in_past")
	}
	if CheckScheduledAfter(now.Add(time.Nanosecond), now) != nil {
		t.Error("CheckScheduledAfter(now+1ns, now) != nil")
	}
}

func TestFormatScheduledFor(t *testing.T) {
	cases := []struct {
		t    time.Time
		want string
	}{
		{schedUTC(2026, 1, 2, 3, 4, 5, 0), "2026-01-02T03:04:05Z"},
		{schedUTC(2026, 1, 2, 3, 4, 0, 0), "2026-01-02T03:04:00Z"}, // always with seconds
		{schedUTC(2026, 1, 2, 3, 4, 5, 500000000), "2026-01-02T03:04:05.5Z"},
		{schedUTC(2026, 1, 2, 3, 4, 5, 120000000), "2026-01-02T03:04:05.12Z"},
		{schedUTC(2026, 1, 2, 3, 4, 5, 1), "2026-01-02T03:04:05.000000001Z"},
		{schedUTC(2026, 1, 2, 3, 4, 5, 123456789), "2026-01-02T03:04:05.123456789Z"},
		{time.Date(2026, 1, 2, 8, 34, 5, 0, time.FixedZone("IST", 5*3600+1800)), "2026-01-02T03:04:05Z"},
		{time.Date(2026, 1, 1, 22, 4, 5, 0, time.FixedZone("EST", -5*3600)), "2026-01-02T03:04:05Z"},
		{time.Time{}, "0001-01-01T00:00:00Z"},
		{schedUTC(0, 1, 1, 0, 0, 0, 0), "0000-01-01T00:00:00Z"},
		{schedUTC(0, 2, 29, 0, 0, 0, 0), "0000-02-29T00:00:00Z"},
		{schedUTC(9999, 12, 31, 23, 59, 59, 999999999), "9999-12-31T23:59:59.999999999Z"},
	}
	for _, c := range cases {
		got := FormatScheduledFor(c.t)
		if got != c.want {
			t.Errorf("FormatScheduledFor(%v) = %q, want %q", c.t, got, c.want)
		}
		back, err := ParseScheduledFor(got)
		if err != nil || !back.Equal(c.t) {
			t.Errorf("ParseScheduledFor(%q) = %v, %v; want %v", got, back, err, c.t)
		}
	}
}

// schedUpdate is the -update flag of the golden files. Other tests of the package may
// define it too; whoever registers first owns it, and everyone reads it by name.
func schedUpdate() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite golden files under testdata/")
	}
}

// TestParseScheduledForMessages pins the full text of every rejection in the table to
// testdata/scheduled_errors.golden, so a change of wording is a reviewed diff.
// Refresh with: go test ./rules -run TestParseScheduledForMessages -update
func TestParseScheduledForMessages(t *testing.T) {
	var b strings.Builder
	b.WriteString("# input\tcode\toffset\tmessage (one rejection of the edge-case table per line)\n")
	for _, c := range schedAllCases() {
		if !c.want.IsZero() {
			continue
		}
		_, err := ParseScheduledFor(c.in)
		e := apierror.As(err)
		if e == nil {
			t.Fatalf("%q: no *apierror.Error", c.in)
		}
		fmt.Fprintf(&b, "%s\t%s\t%d\t%q\n", quote(c.in), e.Code, e.Offset, e.Message)
	}
	path := filepath.Join("testdata", "scheduled_errors.golden")
	if schedUpdate() {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (create it with -update)", err)
	}
	if got := b.String(); got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := 0; i < len(gl) || i < len(wl); i++ {
			var g, w string
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Fatalf("%s line %d:\n got  %s\n want %s\n(refresh with -update if the change is intended)", path, i+1, g, w)
			}
		}
	}
}
