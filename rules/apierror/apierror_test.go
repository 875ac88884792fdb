package apierror

import (
	"errors"
	"fmt"
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

func TestNewFillsStatusTitleAndOffset(t *testing.T) {
	e := New(CodeAmbiguousAccount, "/platforms/0/platform", "two accounts")
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
		{"post_too_long is never billable", New(CodePostTooLong, "/content", "x"), false},
		{"every other 4xx is not billable", New(CodeAmbiguousAccount, "", "x"), false},
		{"402 is not billable", New(CodeSubscriptionInactive, "", "x"), false},
		{"a wrapped 4xx is still not billable", fmt.Errorf("check: %w", New(CodeUnauthorized, "", "x")), false},
		{"a platform failure after validation is billable", New(CodePlatformError, "", "x"), true},
		{"an error that is not ours is not billable", errors.New("boom"), false},
		{"the server's own fault is not billable", New(CodeInternal, "", "x"), false},
		{"an outage is not billable", New(CodeServiceUnavailable, "", "x"), false},
	}
	for _, tt := range tests {
		if got := Billable(tt.err); got != tt.want {
			t.Errorf("%s: Billable = %v, want %v", tt.name, got, tt.want)
		}
	}
	for _, c := range Codes() {
		if s := c.HTTPStatus(); s < 500 && Billable(New(c, "", "")) {
			t.Errorf("%s (%d) is billable", c, s)
		}
	}
}

func TestAs(t *testing.T) {
	e := New(CodeRateLimited, "", "slow down")
	if As(fmt.Errorf("wrapped: %w", e)) != e {
		t.Fatal("As must unwrap")
	}
	if As(errors.New("other")) != nil {
		t.Fatal("As of a foreign error must be nil")
	}
}

// asser answers As(any) bool for a *Error it carries, as a foreign wrapper might.
type asser struct{ e *Error }

func (a asser) Error() string { return "asser" }
func (a asser) As(target any) bool {
	if p, ok := target.(**Error); ok && a.e != nil {
		*p = a.e
		return true
	}
	return false
}

// unwrapper unwraps to its inner error and also answers As, but never for an *Error: the
// walk must go on past a false answer.
type unwrapper struct{ inner error }

func (u unwrapper) Error() string      { return "unwrapper" }
func (u unwrapper) Unwrap() error      { return u.inner }
func (u unwrapper) As(target any) bool { return false }

// As walks the tree as errors.As does: each case is a shape of tree errors.As handles and
// a hand walk could get wrong.
func TestAsAgreesWithErrorsAs(t *testing.T) {
	a, b := New(CodeRateLimited, "", "a"), New(CodeNotFound, "", "b")
	for _, c := range []struct {
		err error
		why string
	}{
		{nil, "no error"},
		{a, "the *Error itself"},
		{errors.New("other"), "a foreign error"},
		{fmt.Errorf("one: %w", fmt.Errorf("two: %w", a)), "two wraps deep"},
		{errors.Join(errors.New("x"), fmt.Errorf("w: %w", b), a), "a join: the first *Error depth first"},
		{fmt.Errorf("%w and %w", errors.New("x"), errors.Join(errors.New("y"), b)), "a join inside a multi-%w"},
		{fmt.Errorf("w: %w", asser{a}), "an As method that answers"},
		{asser{}, "an As method that does not answer"},
		{unwrapper{fmt.Errorf("w: %w", b)}, "a false As, then Unwrap"},
		{errors.Join(errors.New("x"), errors.New("y")), "a join without one"},
		{errors.Join(errors.New("x"), (*Error)(nil), b), "a nil *Error in a join ends the walk, as in errors.As"},
		{fmt.Errorf("w: %w", (*Error)(nil)), "a wrapped nil *Error"},
	} {
		var want *Error
		found := c.err != nil && errors.As(c.err, &want)
		got, gotFound := find(c.err)
		if got != want || gotFound != found || As(c.err) != want {
			t.Errorf("%s: find = %v, %v; errors.As finds %v, %v", c.why, got, gotFound, want, found)
		}
	}
	if Billable(fmt.Errorf("w: %w", (*Error)(nil))) {
		t.Error("a nil *Error is not billable")
	}
}
