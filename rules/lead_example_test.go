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
		fmt.Println(p.Status, p.Code, p.Path)
		fmt.Println(p.Message)
	}
	// Output:
	// company brand
	// 409 ambiguous_account /platforms/1/platform
	// 2 twitter accounts are connected; name one with accountId: "brand", "founder"
}

func ExampleAggregate() {
	s, _ := rules.Aggregate([]rules.Outcome{
		{Platform: rules.LinkedIn, State: rules.StatePublished},
		{Platform: rules.Twitter, State: rules.StateFailed, Code: rules.CodeXPostLimitReached, Error: "daily limit"},
	})
	fmt.Println(s.Status, s.Success)
	// Output: partial true
}

func ExampleCheckPlan() {
	err := rules.CheckPlan(rules.Plan{PostLimit: 100, PostsUsed: 100, ConnectedAccounts: 3})
	var e *rules.Error
	if errors.As(err, &e) {
		fmt.Println(e.Status, e.Code, e.Limit, e.Used, e.Connected)
	}
	// Output: 403 plan_limit_reached 100 100 3
}

func ExampleParseBearer() {
	key, err := rules.ParseBearer("bearer pk_live_42")
	fmt.Println(key, err)
	_, err = rules.ParseBearer("Basic dXNlcjpwYXNz")
	fmt.Println(rules.AsError(err).Status, rules.AsError(err).Code)
	// Output:
	// pk_live_42 <nil>
	// 401 unauthorized
}

func ExampleBeginDraftPublish() {
	state, _ := rules.BeginDraftPublish(rules.DraftSaved)
	fmt.Println(state)
	_, err := rules.BeginDraftPublish(state) // a second click while the first is publishing
	fmt.Println(rules.AsError(err).Status, rules.AsError(err).Code)
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
