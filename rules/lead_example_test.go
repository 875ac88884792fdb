package rules_test

import (
	"errors"
	"fmt"

	"github.com/postrules/postrules/rules"
)

func ExampleResolveTargets() {
	connected := []rules.Account{
		{Platform: rules.Twitter, ID: "brand"},
		{Platform: rules.Twitter, ID: "founder"},
		{Platform: rules.LinkedIn, ID: "company"},
	}
	targets := []rules.Target{
		{Platform: rules.LinkedIn},                    // the only linkedin account
		{Platform: rules.Twitter},                     // two twitter accounts: which one?
		{Platform: rules.Twitter, AccountID: "brand"}, // named explicitly
	}
	accounts, problems := rules.ResolveTargets(targets, connected)
	fmt.Println(accounts[0].ID, accounts[2].ID)
	for _, p := range problems {
		fmt.Println(p.HTTPStatus, p.Code, p.Path)
		fmt.Println(p.Message)
	}
	// Output:
	// company brand
	// 409 ambiguous_account /platforms/1/platform
	// 2 twitter accounts are connected; name one with accountId: "brand", "founder"
}

func ExampleAggregate() {
	s, _ := rules.Aggregate([]rules.Outcome{
		{Platform: rules.LinkedIn, State: rules.TargetPublished},
		{Platform: rules.Twitter, State: rules.TargetFailed, Code: rules.CodeXPostLimitReached, Error: "daily limit"},
	})
	fmt.Println(s.Status, s.Success)
	// Output: partial true
}

func ExampleCheckPlan() {
	err := rules.CheckPlan(rules.Plan{PostLimit: 100, PostsUsed: 100, ConnectedAccounts: 3})
	var e *rules.Error
	if errors.As(err, &e) {
		fmt.Println(e.HTTPStatus, e.Code, e.PlanLimit, e.PlanUsed, e.PlanConnected)
	}
	// Output: 403 plan_limit_reached 100 100 3
}

func ExampleParseBearer() {
	key, err := rules.ParseBearer("bearer pk_live_42")
	fmt.Println(key, err)
	_, err = rules.ParseBearer("Basic dXNlcjpwYXNz")
	fmt.Println(rules.AsError(err).HTTPStatus, rules.AsError(err).Code)
	// Output:
	// pk_live_42 <nil>
	// 401 unauthorized
}

func ExampleBeginDraftPublish() {
	state, _ := rules.BeginDraftPublish(rules.DraftSaved)
	fmt.Println(state)
	_, err := rules.BeginDraftPublish(state) // a second click while the first is publishing
	fmt.Println(rules.AsError(err).HTTPStatus, rules.AsError(err).Code)
	state, _ = rules.FinishDraftPublish(state, true)
	fmt.Println(state)
	// Output:
	// publishing
	// 409 draft_already_publishing
	// deleted
}

func ExampleBillable() {
	fmt.Println(rules.Billable(nil))
	fmt.Println(rules.Billable(rules.NewError(rules.CodePostTooLong, "/content", "too long")))
	// Output:
	// true
	// false
}

func ExampleCode_HTTPStatus() {
	for _, c := range []rules.Code{rules.CodePostTooLong, rules.CodeAmbiguousAccount, rules.CodeSubscriptionInactive} {
		fmt.Println(c, c.HTTPStatus())
	}
	// Output:
	// post_too_long 400
	// ambiguous_account 409
	// subscription_inactive 402
}

func ExampleNewError() {
	e := rules.NewError(rules.CodeAccountNotFound, "/platforms/0/accountId", `no connected twitter account has id "tw-9"`)
	fmt.Println(e.HTTPStatus, e.Title, e.Offset)
	fmt.Println(e)
	// Output:
	// 404 Not Found -1
	// account_not_found at /platforms/0/accountId: no connected twitter account has id "tw-9"
}

func ExampleAsError() {
	_, err := rules.ParseScheduledFor("2026-03-01T09:30:00+01:00")
	if e := rules.AsError(fmt.Errorf("import row 7: %w", err)); e != nil {
		fmt.Println(e.Code, e.Offset)
	}
	// Output: invalid_scheduled_for 19
}

func ExampleError_WithPath() {
	// A rule that checks a bare value does not know where it sits in the request.
	_, err := rules.ParseScheduledFor("tomorrow")
	located := rules.AsError(err).WithPath("/scheduledFor")
	fmt.Println(located.Path, located.Code)
	// Output: /scheduledFor invalid_scheduled_for
}

func ExampleCodes() {
	for _, c := range rules.Codes() {
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

func ExampleFinishDraftPublish() {
	state, _ := rules.BeginDraftPublish(rules.DraftSaved)
	state, _ = rules.FinishDraftPublish(state, false) // the platforms refused it
	fmt.Println(state)                                // kept, so the user can fix it
	// Output: saved
}

func ExamplePlatforms() {
	fmt.Println(rules.Platforms())
	// Output: [twitter instagram youtube tiktok pinterest linkedin bluesky facebook threads googlebusiness]
}

func ExampleParsePlatform() {
	p, err := rules.ParsePlatform("bluesky")
	fmt.Println(p, err)
	_, err = rules.ParsePlatform("Twitter") // wire names are exact
	fmt.Println(rules.AsError(err).Code)
	// Output:
	// bluesky <nil>
	// unknown_platform
}

func ExamplePlatform_Valid() {
	fmt.Println(rules.Platform("threads").Valid(), rules.Platform("x").Valid())
	// Output: true false
}

func ExampleDefaultCap() {
	for _, p := range []rules.Platform{rules.Twitter, rules.Bluesky, rules.LinkedIn} {
		fmt.Println(p, rules.DefaultCap(p))
	}
	// Output:
	// twitter 280
	// bluesky 300
	// linkedin 3000
}

func ExampleDefaultLimits() {
	limits := rules.DefaultLimits()
	lim := limits.For(rules.Threads)
	fmt.Println(lim.Cap, lim.Counter.Name())
	// Output: 500 bytes
}

func ExampleLimits_For() {
	limits := rules.DefaultLimits().With(rules.Twitter, rules.Limit{Cap: 4000}) // a premium account
	fmt.Println(limits.For(rules.Twitter).Cap, rules.DefaultLimits().For(rules.Twitter).Cap)
	// Output: 4000 280
}

func ExampleMeasurement_Fits() {
	m, _ := rules.DefaultLimits().Measure(rules.Bluesky, "🦋 hello")
	fmt.Println(m.Length, m.Cap, m.Fits())
	// Output: 7 300 true
}
