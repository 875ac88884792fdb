// This file is the one of package rules that imports package time. Builds with the tag
// postrules_notime leave it out, and time with it: the WebAssembly counter module
// (wasm/build.sh), which parses scheduledFor through internal/timestamp alone and would
// otherwise carry time and the syscall layer its initialisation brings (about 54 KB
// brotli; docs/wasm.md, "Size").

//go:build !postrules_notime

package rules

import (
	"time"

	"github.com/postrules/postrules/internal/timestamp"
)

// This file is the Go face of rule 1 of docs/design.md: the strict scheduledFor grammar
//
//	YYYY-MM-DD "T" HH:MM [ ":" SS [ "." 1*DIGIT ] ] "Z"
//
// read by the hand-written byte scanner of internal/timestamp, which also holds the
// rule's words: no regexp, no time.Parse, no allocation on success.
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
// docs/design.md:
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
// The result is in time.UTC. On failure the error is an *apierror.Error with Code
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
	// Scan, not timestamp.Parse: one call on the success path instead of two, and the
	// error is built out of line only on failure (issue 32, "two costs").
	in, f := timestamp.Scan(s)
	if !f.OK() {
		return time.Time{}, f.Err(s)
	}
	return time.Unix(in.Sec, int64(in.Nsec)).UTC(), nil
}

// Scheduled is a scheduledFor value as the rule judged it (JudgeScheduledFor): its instant
// in time.UTC and that instant in canonical form (FormatScheduledFor).
type Scheduled struct {
	At  time.Time
	UTC string
}

// JudgeScheduledFor is the whole of rule 1 of docs/design.md in one call: it reads s by
// the grammar (as ParseScheduledFor does, with the same errors) and, unless now is the
// zero time (no clock given), checks that the instant is strictly after now (as
// CheckScheduledAfter does). The result carries the instant and its canonical form
// (FormatScheduledFor's) whenever s parses, even when it is not after now.
func JudgeScheduledFor(s string, now time.Time) (Scheduled, error) {
	in, f := timestamp.Scan(s)
	if f.OK() {
		// The scanner's own printer: for the years 0000-9999 every parsed instant lies in
		// it writes what FormatScheduledFor does (internal/timestamp/format_test.go).
		var buf [len("2006-01-02T15:04:05.999999999Z")]byte
		t := time.Unix(in.Sec, int64(in.Nsec)).UTC()
		sc := Scheduled{At: t, UTC: string(timestamp.AppendUTC(buf[:0], in))}
		if now.IsZero() || t.After(now) {
			return sc, nil
		}
		return sc, timestamp.PastError(sc.UTC, FormatScheduledFor(now), t.Equal(now))
	}
	return Scheduled{}, f.Err(s)
}

// CheckScheduledAfter returns nil when t is strictly after now, and otherwise an *apierror.Error with
// Code CodeScheduledInPast whose message names both instants in UTC. An instant equal to
// now is already in the past: a post scheduled for "now" cannot be scheduled (rule 1 of
// docs/design.md). now is always the caller's clock; nothing here reads the wall clock, so the
// same inputs give the same verdict everywhere.
func CheckScheduledAfter(t, now time.Time) error {
	if t.After(now) {
		return nil
	}
	return timestamp.PastError(FormatScheduledFor(t), FormatScheduledFor(now), t.Equal(now))
}

// FormatScheduledFor renders t in UTC in the canonical form of the scheduledFor grammar
// (rule 1 of docs/design.md), as the CLI prints it: always with seconds, with a fraction only
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
