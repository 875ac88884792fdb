//go:build !postrules_notime

package rules

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// schedReferenceParse is a slow reading of rule 1 written unlike the scanner: it cuts the
// input apart with the strings package, converts fields with strconv.Atoi after checking
// their bytes by hand (Atoi alone would take "+1" and "-1"), and lets time.Date decide
// which days exist by seeing whether the date comes back unchanged (time.Date rolls
// 30 February into March).
func schedReferenceParse(s string) (time.Time, bool) {
	for _, r := range []byte(s) {
		if r >= 0x80 {
			return time.Time{}, false
		}
	}
	body, ok := strings.CutSuffix(s, "Z")
	if !ok {
		return time.Time{}, false
	}
	date, clock, ok := strings.Cut(body, "T")
	if !ok {
		return time.Time{}, false
	}
	ymd := strings.Split(date, "-")
	if len(ymd) != 3 {
		return time.Time{}, false
	}
	year, ok1 := schedRefNumber(ymd[0], 4)
	month, ok2 := schedRefNumber(ymd[1], 2)
	day, ok3 := schedRefNumber(ymd[2], 2)
	if !ok1 || !ok2 || !ok3 {
		return time.Time{}, false
	}

	hms, frac, hasFrac := strings.Cut(clock, ".")
	parts := strings.Split(hms, ":")
	if len(parts) != 2 && len(parts) != 3 {
		return time.Time{}, false
	}
	if hasFrac && len(parts) != 3 { // a fraction belongs to the seconds
		return time.Time{}, false
	}
	hour, ok1 := schedRefNumber(parts[0], 2)
	minute, ok2 := schedRefNumber(parts[1], 2)
	if !ok1 || !ok2 || hour > 23 || minute > 59 {
		return time.Time{}, false
	}
	sec := 0
	if len(parts) == 3 {
		var ok bool
		if sec, ok = schedRefNumber(parts[2], 2); !ok || sec > 59 {
			return time.Time{}, false
		}
	}
	nsec := 0
	if hasFrac {
		if _, ok := schedRefNumber(frac, len(frac)); !ok || frac == "" {
			return time.Time{}, false
		}
		padded := (frac + "000000000")[:9] // truncate past nanoseconds, pad short ones
		nsec, _ = strconv.Atoi(padded)
	}
	if month < 1 || month > 12 {
		return time.Time{}, false
	}
	t := time.Date(year, time.Month(month), day, hour, minute, sec, nsec, time.UTC)
	if t.Year() != year || int(t.Month()) != month || t.Day() != day {
		return time.Time{}, false
	}
	return t, true
}

// schedRefNumber is the value of s when it is exactly width ASCII digits.
func schedRefNumber(s string, width int) (int, bool) {
	if len(s) != width {
		return 0, false
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	if len(s) > 18 { // only the fraction is this long; its value is not needed
		return 0, true
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// The reference itself is checked on the hand-written table, so that a fuzz run compares
// the scanner with something known to be right.
func TestSchedReferenceParse(t *testing.T) {
	for _, c := range schedAllCases() {
		got, ok := schedReferenceParse(c.in)
		if ok != !c.want.IsZero() || (ok && !got.Equal(c.want)) {
			t.Errorf("schedReferenceParse(%.40q) = %v, %v; the table says %v (%s)", c.in, got, ok, c.want, c.why)
		}
	}
}

func FuzzParseScheduledFor(f *testing.F) {
	for _, c := range schedLoadConformance(f) {
		f.Add(c.Input)
	}
	for _, c := range schedAllCases() {
		if len(c.in) < 1000 {
			f.Add(c.in)
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseScheduledFor(s)
		want, ok := schedReferenceParse(s)
		if (err == nil) != ok {
			t.Fatalf("ParseScheduledFor(%q) error = %v; the reference says valid=%v", s, err, ok)
		}
		if !ok {
			schedCheckError(t, s, err, -1)
			return
		}
		if !got.Equal(want) || got.Location() != time.UTC {
			t.Fatalf("ParseScheduledFor(%q) = %v; the reference says %v", s, got, want)
		}
		back, err := ParseScheduledFor(FormatScheduledFor(got))
		if err != nil || !back.Equal(got) {
			t.Fatalf("FormatScheduledFor(%v) = %q does not parse back: %v, %v", got, FormatScheduledFor(got), back, err)
		}
	})
}

// The grammar's first and last instants, as Unix seconds.
var (
	schedMinUnix = time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
	schedMaxUnix = time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC).Unix()
)

func FuzzFormatScheduledFor(f *testing.F) {
	f.Add(int64(0), uint32(0), int32(0))
	f.Add(schedMinUnix, uint32(0), int32(0))
	f.Add(schedMaxUnix, uint32(999999999), int32(-3600))
	f.Add(int64(1767323045), uint32(500000000), int32(19800))
	f.Fuzz(func(t *testing.T, sec int64, nsec uint32, zone int32) {
		span := schedMaxUnix - schedMinUnix + 1
		sec = schedMinUnix + (sec%span+span)%span
		in := time.Unix(sec, int64(nsec%1e9)).In(time.FixedZone("z", int(zone%(18*3600))))
		s := FormatScheduledFor(in)
		got, err := ParseScheduledFor(s)
		if err != nil || !got.Equal(in) {
			t.Fatalf("FormatScheduledFor(%v) = %q, which parses to %v, %v", in, s, got, err)
		}
		// The canonical shape: seconds always; a fraction only when non-zero, no trailing 0.
		u := in.UTC()
		head := strconv.Itoa(10000 + u.Year())[1:] + "-" + strconv.Itoa(100 + int(u.Month()))[1:] + "-" +
			strconv.Itoa(100 + u.Day())[1:] + "T" + strconv.Itoa(100 + u.Hour())[1:] + ":" +
			strconv.Itoa(100 + u.Minute())[1:] + ":" + strconv.Itoa(100 + u.Second())[1:]
		frac := ""
		if ns := u.Nanosecond(); ns != 0 {
			frac = "." + strings.TrimRight(strconv.Itoa(1e9 + ns)[1:], "0")
		}
		if want := head + frac + "Z"; s != want {
			t.Fatalf("FormatScheduledFor(%v) = %q, want %q", in, s, want)
		}
	})
}
