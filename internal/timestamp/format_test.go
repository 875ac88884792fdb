package timestamp

import (
	"testing"
	"time"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// The grammar's first and last instants, as Unix seconds.
var (
	minUnix = time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
	maxUnix = time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC).Unix()
)

// civil is checked on every day of the grammar's ten thousand years against time: the
// cycle arithmetic has its edges at 1 March, at century years and at year 0.
func TestCivilExhaustive(t *testing.T) {
	for days := minUnix / 86400; days <= maxUnix/86400; days++ {
		y, m, d := civil(days)
		wy, wm, wd := time.Unix(days*86400, 0).UTC().Date()
		if y != wy || m != int(wm) || d != wd {
			t.Fatalf("civil(%d) = %04d-%02d-%02d, want %04d-%02d-%02d", days, y, m, d, wy, wm, wd)
		}
	}
}

// Cases that say why they exist; the property and the fuzz target below cover the rest.
func TestAppendUTC(t *testing.T) {
	for _, c := range []struct {
		in   Instant
		want string
		why  string
	}{
		{Instant{0, 0}, "1970-01-01T00:00:00Z", "the epoch: seconds always written"},
		{Instant{-1, 0}, "1969-12-31T23:59:59Z", "before the epoch the day is floored, not truncated"},
		{Instant{-1, 500000000}, "1969-12-31T23:59:59.5Z", "a fraction before the epoch counts up from its second"},
		{Instant{minUnix, 0}, "0000-01-01T00:00:00Z", "the first instant: year 0, before any 1 March"},
		{Instant{maxUnix, 999999999}, "9999-12-31T23:59:59.999999999Z", "the last instant, all nine digits"},
		{Instant{951782400, 0}, "2000-02-29T00:00:00Z", "a leap day of a year divisible by 400"},
		{Instant{1767323045, 120000000}, "2026-01-02T03:04:05.12Z", "trailing zeros of the fraction trimmed"},
		{Instant{1767323045, 1}, "2026-01-02T03:04:05.000000001Z", "leading zeros of the fraction kept"},
	} {
		if got := string(AppendUTC(nil, c.in)); got != c.want {
			t.Errorf("AppendUTC(%+v) = %q, want %q (%s)", c.in, got, c.want, c.why)
		}
	}
}

// AppendUTC writes what time.RFC3339Nano writes in UTC, and Parse reads it back, for every
// instant of the grammar's years.
func TestAppendUTCProperties(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 5000
	properties := gopter.NewProperties(params)
	properties.Property("AppendUTC is time's RFC3339Nano in UTC, and Parse reads it back", prop.ForAll(
		func(sec, nsec int64) bool { return formatAgrees(Instant{sec, int32(nsec)}) == "" },
		gen.Int64Range(minUnix, maxUnix),
		gen.OneGenOf(gen.Const(int64(0)), gen.Int64Range(0, 999999999), gen.Int64Range(0, 999).Map(func(ms int64) int64 { return ms * 1e6 })),
	))
	properties.TestingRun(t)
}

// formatAgrees says what is wrong with AppendUTC of in, or "".
func formatAgrees(in Instant) string {
	got := string(AppendUTC(nil, in))
	if want := time.Unix(in.Sec, int64(in.Nsec)).UTC().Format(time.RFC3339Nano); got != want {
		return "AppendUTC wrote " + got + ", time writes " + want
	}
	back, err := Parse(got)
	if err != nil {
		return got + " does not parse back: " + err.Error()
	}
	if back != in {
		return got + " parses back to another instant"
	}
	return ""
}

func FuzzAppendUTC(f *testing.F) {
	f.Add(int64(0), uint32(0))
	f.Add(minUnix, uint32(0))
	f.Add(maxUnix, uint32(999999999))
	f.Add(int64(-1), uint32(500000000))
	f.Fuzz(func(t *testing.T, sec int64, nsec uint32) {
		span := maxUnix - minUnix + 1
		in := Instant{minUnix + (sec%span+span)%span, int32(nsec % 1e9)}
		if msg := formatAgrees(in); msg != "" {
			t.Fatal(msg)
		}
	})
}

// Parse and Scan do not allocate on success (rule 1's promise; only the error path
// builds a message).
func TestParseAllocs(t *testing.T) {
	for _, s := range []string{"2026-01-02T03:04Z", "2026-01-02T03:04:05.123456789123Z"} {
		if n := testing.AllocsPerRun(100, func() { _, _ = Parse(s) }); n != 0 {
			t.Errorf("Parse(%q): %v allocations", s, n)
		}
	}
}
