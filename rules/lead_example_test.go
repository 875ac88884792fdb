package rules_test

import (
	"errors"
	"fmt"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
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

func ExampleCheckPlan() {
	err := rules.CheckPlan(rules.Plan{PostLimit: 100, PostsUsed: 100, ConnectedAccounts: 3})
	var e *apierror.Error
	if errors.As(err, &e) {
		fmt.Println(e.HTTPStatus, e.Code, e.PlanLimit, e.PlanUsed, e.PlanConnected)
	}
	// Output: 403 plan_limit_reached 100 100 3
}

func ExamplePlatforms() {
	fmt.Println(rules.Platforms())
	// Output: [twitter instagram youtube tiktok pinterest linkedin bluesky facebook threads googlebusiness]
}

func ExampleParsePlatform() {
	p, err := rules.ParsePlatform("bluesky")
	fmt.Println(p, err)
	_, err = rules.ParsePlatform("Twitter") // wire names are exact
	fmt.Println(apierror.As(err).Code)
	// Output:
	// bluesky <nil>
	// unknown_platform
}

func ExamplePlatform_Valid() {
	fmt.Println(rules.Platform("threads").Valid(), rules.Platform("x").Valid())
	// Output: true false
}

func ExampleLimits_For_defaults() {
	for _, p := range []rules.Platform{rules.Twitter, rules.Bluesky, rules.LinkedIn} {
		fmt.Println(p, rules.DefaultLimits().For(p).Cap)
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
