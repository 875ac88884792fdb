package rules

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestCodeHTTPStatus(t *testing.T) {
	// Each row pins one code of the documented table; a change to the table must be deliberate.
	tests := []struct {
		code Code
		want int
	}{
		{CodePostTooLong, 400},
		{CodeInvalidScheduledFor, 400},
		{CodeDuplicateTarget, 400},
		{CodeAccountPlatformMismatch, 400},
		{CodeUnauthorized, 401},
		{CodeSubscriptionInactive, 402},
		{CodePlanLimitReached, 403},
		{CodeAccountLimitReached, 403},
		{CodeAccountNotFound, 404},
		{CodeNoConnectedAccount, 404},
		{CodeAmbiguousAccount, 409},
		{CodeDraftAlreadyPublishing, 409},
		{CodeRateLimited, 429},
		{CodePlatformError, 502},
		{CodeServiceUnavailable, 503},
		{Code("no_such_code"), 500}, // unknown codes must never pass as a client error
	}
	for _, tt := range tests {
		if got := tt.code.HTTPStatus(); got != tt.want {
			t.Errorf("%s.HTTPStatus() = %d, want %d", tt.code, got, tt.want)
		}
	}
}

func TestCodesCoverEveryStatusOfTheAPI(t *testing.T) {
	seen := map[int]bool{}
	for _, c := range Codes() {
		seen[c.HTTPStatus()] = true
	}
	for _, s := range []int{400, 401, 402, 403, 404, 409, 429, 502, 503} {
		if !seen[s] {
			t.Errorf("no code maps to HTTP %d", s)
		}
	}
	codes := Codes()
	for i := 1; i < len(codes); i++ {
		if codes[i-1].HTTPStatus() > codes[i].HTTPStatus() {
			t.Fatalf("Codes() not ordered by status at %d: %s before %s", i, codes[i-1], codes[i])
		}
	}
}

func TestNewErrorFillsStatusTitleAndOffset(t *testing.T) {
	e := NewError(CodeAmbiguousAccount, "/platforms/0/platform", "two accounts")
	if e.HTTPStatus != 409 || e.Title != "Conflict" || e.Offset != -1 {
		t.Fatalf("got status %d title %q offset %d", e.HTTPStatus, e.Title, e.Offset)
	}
	if got := e.Error(); got != "ambiguous_account at /platforms/0/platform: two accounts" {
		t.Fatalf("Error() = %q", got)
	}
	moved := e.WithPath("/platforms/3/platform")
	if moved.Path != "/platforms/3/platform" || e.Path != "/platforms/0/platform" {
		t.Fatalf("WithPath must copy: original %q, copy %q", e.Path, moved.Path)
	}
}

func TestBillable(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"success is billable", nil, true},
		{"post_too_long is never billable", NewError(CodePostTooLong, "/content", "x"), false},
		{"every other 4xx is not billable", NewError(CodeAmbiguousAccount, "", "x"), false},
		{"402 is not billable", NewError(CodeSubscriptionInactive, "", "x"), false},
		{"a wrapped 4xx is still not billable", fmt.Errorf("check: %w", NewError(CodeUnauthorized, "", "x")), false},
		{"a platform failure after validation is billable", NewError(CodePlatformError, "", "x"), true},
		{"an error that is not ours is not billable", errors.New("boom"), false},
		{"the server's own fault is not billable", NewError(CodeInternal, "", "x"), false},
		{"an outage is not billable", NewError(CodeServiceUnavailable, "", "x"), false},
	}
	for _, tt := range tests {
		if got := Billable(tt.err); got != tt.want {
			t.Errorf("%s: Billable = %v, want %v", tt.name, got, tt.want)
		}
	}
	for _, c := range Codes() {
		if s := c.HTTPStatus(); s < 500 && Billable(NewError(c, "", "")) {
			t.Errorf("%s (%d) is billable", c, s)
		}
	}
}

func TestQuoteBoundsHugeInputs(t *testing.T) {
	q := quote(strings.Repeat("é", 1<<16))
	if len(q) > 100 || !strings.HasSuffix(q, "...") {
		t.Fatalf("quote of a huge input is %d bytes: %.80s", len(q), q)
	}
	if strings.Contains(q, `\x`) {
		t.Fatalf("quote split a UTF-8 sequence: %s", q)
	}
}

func TestAsError(t *testing.T) {
	e := NewError(CodeRateLimited, "", "slow down")
	if AsError(fmt.Errorf("wrapped: %w", e)) != e {
		t.Fatal("AsError must unwrap")
	}
	if AsError(errors.New("other")) != nil {
		t.Fatal("AsError of a foreign error must be nil")
	}
}

func TestParsePlatform(t *testing.T) {
	for _, p := range Platforms() {
		got, err := ParsePlatform(string(p))
		if err != nil || got != p {
			t.Errorf("ParsePlatform(%q) = %q, %v", p, got, err)
		}
	}
	if n := len(Platforms()); n != numPlatforms {
		t.Fatalf("%d platforms, want %d", n, numPlatforms)
	}
	// Wire names are exact: a capitalised or aliased name is a different string.
	for _, bad := range []string{"", "Twitter", "x", "google_business", "twitter ", "facebook\x00"} {
		_, err := ParsePlatform(bad)
		if e := AsError(err); e == nil || e.Code != CodeUnknownPlatform {
			t.Errorf("ParsePlatform(%q) err = %v, want unknown_platform", bad, err)
		}
	}
}
