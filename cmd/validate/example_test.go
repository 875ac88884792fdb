package main

import (
	"os"
	"strings"
	"time"
)

// clock is the examples' clock; the examples also pass --now, so it is never read.
func clock() time.Time { return fixedNow }

// Lint create-post files, the CLI's main job.
func Example_post() {
	run([]string{"post", "--now", "2026-06-01T12:00:00Z", "--accounts", "testdata/accounts.json",
		"testdata/long-thread-item.json", "testdata/valid-thread.json"}, strings.NewReader(""), os.Stdout, os.Stderr, clock)
	// Output:
	// testdata/long-thread-item.json:16:316: /platforms/0/platformSpecificData/threadItems/2/content: post_too_long: 312 graphemes, cap 280
	// testdata/valid-thread.json: ok
}

// Check scheduledFor values against a clock.
func Example_time() {
	run([]string{"time", "--format", "json", "--now", "2026-06-01T12:00:00Z", "2030-01-15T09:30Z", "2026-01-01T00:00:00+01:00"},
		strings.NewReader(""), os.Stdout, os.Stderr, clock)
	// Output:
	// {"input":"2030-01-15T09:30Z","valid":true,"utc":"2030-01-15T09:30:00Z"}
	// {"input":"2026-01-01T00:00:00+01:00","valid":false,"code":"invalid_scheduled_for","message":"scheduledFor \"2026-01-01T00:00:00+01:00\": expected 'Z' at the end, found '+'; offsets are not accepted, give the time in UTC with 'Z' (at offset 19)","offset":19}
}

// Measure texts, one JSON line each.
func Example_length() {
	stdin := `"👩‍👩‍👧"` + "\n" + `{"text":"hello, world"}` + "\n"
	run([]string{"length", "--cap", "5"}, strings.NewReader(stdin), os.Stdout, os.Stderr, clock)
	// Output:
	// 1 graphemes, cap 5: ok
	// 12 graphemes, cap 5: post_too_long, overflow at byte 5
}

// Fold per-target outcomes into the post's status.
func Example_status() {
	stdin := `[{"platform":"twitter","state":"failed","code":"x_post_limit_reached"},{"platform":"bluesky","state":"published"}]`
	run([]string{"status", "--format", "json"}, strings.NewReader(stdin), os.Stdout, os.Stderr, clock)
	// Output:
	// {"success":true,"status":"partial"}
}
