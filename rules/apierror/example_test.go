//go:build !postrules_notime

package apierror_test

import (
	"fmt"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

func ExampleBillable() {
	fmt.Println(apierror.Billable(nil))
	fmt.Println(apierror.Billable(apierror.New(apierror.CodePostTooLong, "/content", "too long")))
	// Output:
	// true
	// false
}

func ExampleCode_HTTPStatus() {
	for _, c := range []apierror.Code{apierror.CodePostTooLong, apierror.CodeAmbiguousAccount, apierror.CodeSubscriptionInactive} {
		fmt.Println(c, c.HTTPStatus())
	}
	// Output:
	// post_too_long 400
	// ambiguous_account 409
	// subscription_inactive 402
}

func ExampleNew() {
	e := apierror.New(apierror.CodeAccountNotFound, "/platforms/0/accountId", `no connected twitter account has id "tw-9"`)
	fmt.Println(e.HTTPStatus, e.Title, e.Offset)
	fmt.Println(e)
	// Output:
	// 404 Not Found -1
	// account_not_found at /platforms/0/accountId: no connected twitter account has id "tw-9"
}

func ExampleAs() {
	_, err := rules.ParseScheduledFor("2026-03-01T09:30:00+01:00")
	if e := apierror.As(fmt.Errorf("import row 7: %w", err)); e != nil {
		fmt.Println(e.Code, e.Offset)
	}
	// Output: invalid_scheduled_for 19
}

func ExampleError_WithPath() {
	// A rule that checks a bare value does not know where it sits in the request.
	_, err := rules.ParseScheduledFor("tomorrow")
	located := apierror.As(err).WithPath("/scheduledFor")
	fmt.Println(located.Path, located.Code)
	// Output: /scheduledFor invalid_scheduled_for
}

func ExampleCodes() {
	for _, c := range apierror.Codes() {
		if s := c.HTTPStatus(); s >= 402 && s <= 404 {
			fmt.Println(s, c)
		}
	}
	// Output:
	// 402 subscription_inactive
	// 403 account_limit_reached
	// 403 plan_limit_reached
	// 404 account_not_found
	// 404 draft_not_found
	// 404 no_connected_account
	// 404 not_found
}
