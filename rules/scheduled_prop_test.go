//go:build !postrules_notime

package rules

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/postrules/postrules/rules/apierror"
)

// genSchedInstant gives any instant of the grammar's years 0000-9999 with any nanosecond.
// Its precision is drawn too (to the minute, to the second, to 1..9 fraction digits), so
// that the shapes without seconds or with a short fraction come up often.
func genSchedInstant() gopter.Gen {
	return gopter.CombineGens(
		gen.Int64Range(schedMinUnix, schedMaxUnix),
		gen.Int64Range(0, 999999999),
		gen.IntRange(0, 11), // 0: whole minute, 1: whole second, 2..10: 1..9 digits, 11: as drawn
	).Map(func(v []interface{}) time.Time {
		sec, nsec, precision := v[0].(int64), v[1].(int64), v[2].(int)
		switch {
		case precision == 0:
			sec -= ((sec % 60) + 60) % 60
			nsec = 0
		case precision == 1:
			nsec = 0
		case precision <= 10:
			unit := int64(1)
			for i := precision - 1; i < 9; i++ {
				unit *= 10
			}
			nsec -= nsec % unit
		}
		return time.Unix(sec, nsec).UTC()
	})
}

// schedShapes writes t in every shape rule 1 allows, formatting it independently of
// FormatScheduledFor: HH:MM when the seconds and nanoseconds are zero, HH:MM:SS when the
// nanoseconds are zero, a fraction of 1..9 digits whenever it represents t exactly, and
// nine digits followed by extra digits (which are truncated away).
func schedShapes(t time.Time, extra string) []string {
	minute := fmt.Sprintf("%04d-%02d-%02dT%02d:%02d", t.Year(), int(t.Month()), t.Day(), t.Hour(), t.Minute())
	second := fmt.Sprintf("%s:%02d", minute, t.Second())
	nine := fmt.Sprintf("%09d", t.Nanosecond())
	var out []string
	if t.Second() == 0 && t.Nanosecond() == 0 {
		out = append(out, minute+"Z")
	}
	if t.Nanosecond() == 0 {
		out = append(out, second+"Z")
	}
	for k := 1; k <= 9; k++ {
		if strings.Trim(nine[k:], "0") == "" { // the digits dropped are all zero
			out = append(out, second+"."+nine[:k]+"Z")
		}
	}
	out = append(out, second+"."+nine+extra+"Z")
	return out
}

func TestScheduledForProperties(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 2000
	properties := gopter.NewProperties(params)

	properties.Property("every allowed shape of a valid instant parses back to it", prop.ForAll(
		func(want time.Time, extra string) string {
			for _, s := range schedShapes(want, "0"+extra) {
				got, err := ParseScheduledFor(s)
				if err != nil {
					return fmt.Sprintf("%q: %v", s, err)
				}
				if !got.Equal(want) || got.Location() != time.UTC {
					return fmt.Sprintf("%q parsed to %v, want %v", s, got, want)
				}
			}
			return ""
		}, genSchedInstant(), gen.NumString()))

	properties.Property("extra digits past the nanosecond truncate, never round", prop.ForAll(
		func(want time.Time, extra string) bool {
			s := fmt.Sprintf("%s.%09d9%sZ", want.Format("2006-01-02T15:04:05"), want.Nanosecond(), extra)
			got, err := ParseScheduledFor(s)
			return err == nil && got.Equal(want)
		}, genSchedInstant(), gen.NumString()))

	properties.Property("the shapes rule 1 forbids are rejected at the byte where they go wrong", prop.ForAll(
		func(t time.Time) string {
			minute := t.Format("2006-01-02T15:04")
			second := t.Format("2006-01-02T15:04:05")
			bad := map[string]int{
				minute + ".5Z":                        16, // fraction without seconds
				second + "+00:00":                     19, // an offset, even a zero one
				second + "z":                          19, // lowercase z
				second + ".Z":                         20, // '.' without digits
				second + ",5Z":                        19, // comma fraction
				second + "Z\n":                        20, // trailing newline
				minute[:10] + "t" + minute[11:] + "Z": 10,
			}
			for s, off := range bad {
				_, err := ParseScheduledFor(s)
				if e := apierror.As(err); e == nil || e.Code != apierror.CodeInvalidScheduledFor || e.Offset != off {
					return fmt.Sprintf("%q: got %v, want invalid_scheduled_for at offset %d", s, err, off)
				}
			}
			return ""
		}, genSchedInstant()))

	properties.Property("FormatScheduledFor round-trips through ParseScheduledFor in any zone", prop.ForAll(
		func(want time.Time, zoneMinutes int) bool {
			in := want.In(time.FixedZone("", zoneMinutes*60))
			s := FormatScheduledFor(in)
			got, err := ParseScheduledFor(s)
			return err == nil && got.Equal(want) && strings.HasSuffix(s, "Z") && s[16] == ':'
		}, genSchedInstant(), gen.IntRange(-14*60, 14*60)))

	properties.Property("CheckScheduledAfter(t, now) is nil iff t.After(now)", prop.ForAll(
		func(now time.Time, delta int64, zoneMinutes int) string {
			t := now.Add(time.Duration(delta)).In(time.FixedZone("", zoneMinutes*60))
			err := CheckScheduledAfter(t, now)
			if (err == nil) != t.After(now) {
				return fmt.Sprintf("CheckScheduledAfter(%v, %v) = %v", t, now, err)
			}
			if err != nil {
				if e := apierror.As(err); e == nil || e.Code != apierror.CodeScheduledInPast ||
					!strings.Contains(e.Message, FormatScheduledFor(t)) || !strings.Contains(e.Message, FormatScheduledFor(now)) {
					return fmt.Sprintf("CheckScheduledAfter(%v, %v): %v", t, now, err)
				}
			}
			return ""
		},
		genSchedInstant(),
		gen.OneGenOf( // equal and one tick apart are the interesting cases
			gen.Const(int64(0)),
			gen.Int64Range(-1, 1),
			gen.Int64Range(-int64(time.Hour), int64(time.Hour)),
			gen.Int64(),
		),
		gen.IntRange(-14*60, 14*60)))

	properties.TestingRun(t)
}
