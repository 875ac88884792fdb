//go:build !postrules_notime

package rules

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/postrules/postrules/rules/apierror"
)

// judgeComposed is what JudgeScheduledFor must equal: ParseScheduledFor, then, with a
// clock, CheckScheduledAfter, and FormatScheduledFor for the canonical form.
func judgeComposed(s string, now time.Time) (Scheduled, error) {
	t, err := ParseScheduledFor(s)
	if err != nil {
		return Scheduled{}, err
	}
	sc := Scheduled{At: t, UTC: FormatScheduledFor(t)}
	if now.IsZero() {
		return sc, nil
	}
	return sc, CheckScheduledAfter(t, now)
}

// judgeAgrees is "" when JudgeScheduledFor(s, now) is judgeComposed(s, now), result and
// error (the same *apierror.Error: code, message, offset), else what differs.
func judgeAgrees(s string, now time.Time) string {
	got, gotErr := JudgeScheduledFor(s, now)
	want, wantErr := judgeComposed(s, now)
	if got.UTC != want.UTC || !got.At.Equal(want.At) || got.At.Location() != want.At.Location() {
		return fmt.Sprintf("%q now %v: got %+v, want %+v", s, now, got, want)
	}
	if !reflect.DeepEqual(gotErr, wantErr) {
		return fmt.Sprintf("%q now %v: error %#v, want %#v", s, now, gotErr, wantErr)
	}
	return ""
}

func TestJudgeScheduledFor(t *testing.T) {
	at := schedUTC(2026, 1, 2, 3, 4, 5, 500000000)
	cases := []struct {
		in, why  string
		now      time.Time
		wantUTC  string // "" when s does not parse
		wantCode string // "" when no error
	}{
		{"2026-01-02T03:04:05.5Z", "no clock: no after-now check, even for a past instant", time.Time{}, "2026-01-02T03:04:05.5Z", ""},
		{"2026-01-02T03:04:05.5Z", "strictly after now passes", at.Add(-time.Nanosecond), "2026-01-02T03:04:05.5Z", ""},
		{"2026-01-02T03:04:05.5Z", "equal to now is already past", at, "2026-01-02T03:04:05.5Z", "scheduled_in_past"},
		{"2026-01-02T03:04:05.5Z", "before now is past; the instant is still returned", at.Add(time.Hour), "2026-01-02T03:04:05.5Z", "scheduled_in_past"},
		{"2026-01-02T03:04Z", "the canonical form always has seconds", time.Time{}, "2026-01-02T03:04:00Z", ""},
		{"2026-01-02T03:04:05.120000000999Z", "digits past the nanosecond are dropped, zeros trimmed", time.Time{}, "2026-01-02T03:04:05.12Z", ""},
		{"0000-02-29T00:00Z", "year 0000 is a leap year, printed as such", time.Time{}, "0000-02-29T00:00:00Z", ""},
		{"2026-01-02T03:04:05+00:00", "the grammar's error, not a check against the clock", at, "", "invalid_scheduled_for"},
		{"", "empty input", time.Time{}, "", "invalid_scheduled_for"},
	}
	for _, c := range cases {
		got, err := JudgeScheduledFor(c.in, c.now)
		code := ""
		if e := apierror.As(err); e != nil {
			code = string(e.Code)
		} else if err != nil {
			code = "not an *apierror.Error: " + err.Error()
		}
		if got.UTC != c.wantUTC || code != c.wantCode {
			t.Errorf("%s: JudgeScheduledFor(%q, %v) = %q, %v; want %q, code %q", c.why, c.in, c.now, got.UTC, err, c.wantUTC, c.wantCode)
		}
		if msg := judgeAgrees(c.in, c.now); msg != "" {
			t.Errorf("%s: %s", c.why, msg)
		}
	}
}

// TestJudgeScheduledForComposes: for every edge case of the grammar's table and every
// valid instant, JudgeScheduledFor is ParseScheduledFor, CheckScheduledAfter and
// FormatScheduledFor composed, byte for byte (it prints with the scanner's own printer).
func TestJudgeScheduledForComposes(t *testing.T) {
	for _, c := range schedAllCases() {
		for _, now := range []time.Time{{}, c.want, c.want.Add(time.Second), c.want.Add(-time.Second)} {
			if msg := judgeAgrees(c.in, now); msg != "" {
				t.Errorf("%s: %s", c.why, msg)
			}
		}
	}
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 2000
	properties := gopter.NewProperties(params)
	properties.Property("JudgeScheduledFor is Parse, CheckAfter and Format composed", prop.ForAll(
		func(want time.Time, extra string, nowDelta int64) string {
			now := want.Add(time.Duration(nowDelta))
			for _, s := range schedShapes(want, "0"+extra) {
				if msg := judgeAgrees(s, now); msg != "" {
					return msg
				}
			}
			return ""
		}, genSchedInstant(), gen.NumString(), gen.Int64Range(-2e9, 2e9)))
	properties.TestingRun(t)
}
