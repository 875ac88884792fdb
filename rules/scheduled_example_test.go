//go:build !postrules_notime

package rules_test

import (
	"errors"
	"fmt"
	"time"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

func ExampleParseScheduledFor() {
	t, err := rules.ParseScheduledFor("2026-03-01T09:30Z")
	fmt.Println(t, err)

	// Digits past the nanosecond are truncated, never rounded up.
	t, _ = rules.ParseScheduledFor("2026-03-01T09:30:15.1234567899Z")
	fmt.Println(t.Nanosecond())
	// Output:
	// 2026-03-01 09:30:00 +0000 UTC <nil>
	// 123456789
}

func ExampleParseScheduledFor_invalid() {
	for _, in := range []string{
		"2023-02-29T10:00Z",         // not a leap year
		"2026-03-01T09:30:00+01:00", // offsets are not accepted
		"2026-03-01T09:30Z\n",       // nothing may follow the Z
	} {
		_, err := rules.ParseScheduledFor(in)
		var e *apierror.Error
		if errors.As(err, &e) {
			fmt.Println(e.HTTPStatus, e.Code, e.Offset)
			fmt.Println(e.Message)
		}
	}
	// Output:
	// 400 invalid_scheduled_for 8
	// scheduledFor "2023-02-29T10:00Z": day 29 is out of range for February 2023 (at offset 8)
	// 400 invalid_scheduled_for 19
	// scheduledFor "2026-03-01T09:30:00+01:00": expected 'Z' at the end, found '+'; offsets are not accepted, give the time in UTC with 'Z' (at offset 19)
	// 400 invalid_scheduled_for 17
	// scheduledFor "2026-03-01T09:30Z\n": unexpected text after 'Z' (at offset 17)
}

func ExampleCheckScheduledAfter() {
	now := time.Date(2026, 3, 1, 9, 30, 0, 0, time.UTC) // the caller's clock, always passed in
	later, _ := rules.ParseScheduledFor("2026-03-01T09:31Z")
	fmt.Println(rules.CheckScheduledAfter(later, now))

	err := rules.CheckScheduledAfter(now, now) // "now" is already too late
	var e *apierror.Error
	if errors.As(err, &e) {
		fmt.Println(e.Code)
		fmt.Println(e.Message)
	}
	// Output:
	// <nil>
	// scheduled_in_past
	// scheduledFor 2026-03-01T09:30:00Z is equal to the current time 2026-03-01T09:30:00Z; a scheduled post must be strictly in the future
}

func ExampleFormatScheduledFor() {
	paris := time.FixedZone("CET", 3600)
	fmt.Println(rules.FormatScheduledFor(time.Date(2026, 3, 1, 10, 30, 0, 0, paris)))
	fmt.Println(rules.FormatScheduledFor(time.Date(2026, 3, 1, 9, 30, 15, 250000000, time.UTC)))
	// Output:
	// 2026-03-01T09:30:00Z
	// 2026-03-01T09:30:15.25Z
}
