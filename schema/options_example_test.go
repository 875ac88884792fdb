package schema_test

import (
	"fmt"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/schema"
)

func ExampleDecodeEnv() {
	env, problems := schema.DecodeEnv([]byte(`{
	  "now": "2026-02-01T00:00:00Z",
	  "accounts": [{"platform": "twitter", "accountId": "tw-1"}],
	  "limits": {"twitter": {"counter": "x-weighted"}}
	}`))
	fmt.Println(len(problems), env.Now, env.Accounts, env.Limits.For("twitter").Counter.Name())

	// Every defect is a problem with its code and pointer, all of them at once.
	_, problems = schema.DecodeEnv([]byte(`{"accounts": [{"platform": "twiter", "accountId": ""}], "requestError": {}}`))
	for _, p := range problems {
		fmt.Println(p.In, p.Path, p.Code)
	}
	// Output:
	// 0 2026-02-01 00:00:00 +0000 UTC [{twitter tw-1}] x-weighted
	// options /accounts/0/platform unknown_platform
	// options /accounts/0/accountId invalid_value
	// options /requestError unknown_field
}

func ExampleDecodeOutcomes() {
	outcomes, problems := schema.DecodeOutcomes([]byte(`[{"platform": "twitter", "state": "failed", "state": "published"}]`))
	fmt.Println(len(outcomes), problems[0].Path, problems[0].Code)
	// Output:
	// 1 /0/state duplicate_field
}

func ExampleDecodeAccounts() {
	accounts, problems := schema.DecodeAccounts([]byte(`[{"platform": "bluesky", "accountId": "bs-1"}]`))
	fmt.Println(accounts, len(problems))
	// Output:
	// [{bluesky bs-1}] 0
}

func ExampleProblem_length() {
	// A length problem carries its target and its measurement as data.
	v := schema.CheckCreatePost([]byte(`{"publishNow": true, "content": "too long for a tiny cap",
	  "platforms": [{"platform": "linkedin"}, {"platform": "bluesky"}]}`),
		schema.Env{Limits: rules.DefaultLimits().With(rules.Bluesky, rules.Limit{Cap: 5})})
	p := v.Problems[0]
	fmt.Println(p.Code, p.Path, p.Target.Index, p.Target.Platform, p.Length.Length, p.Length.Cap)
	// Output:
	// post_too_long /content 1 bluesky 23 5
}
