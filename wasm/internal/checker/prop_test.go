package checker

import (
	"encoding/json"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/schema"
)

// One options model: for any list of accounts (good, misspelt, empty, repeated), the
// verdict of a page's options JSON is byte for byte the verdict of a server's Env built in
// Go with the same accounts. (The page's options once had a decoder of their own, and the
// two disagreed: 202 or 404 against 400.)
func TestPropOptionsJSONIsTheEnv(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 300
	properties := gopter.NewProperties(params)
	platforms := gen.OneConstOf("twitter", "bluesky", "twiter", "TWITTER", "", "linkedin")
	ids := gen.OneConstOf("a", "b", "", "tw_1")
	account := gopter.CombineGens(platforms, ids).Map(func(v []any) rules.Account {
		return rules.Account{Platform: rules.Platform(v[0].(string)), ID: v[1].(string)}
	})
	body := `{"content":"hello","platforms":[{"platform":"twitter"},{"platform":"bluesky","accountId":"b"}],"publishNow":true}`
	properties.Property("options JSON and Env answer alike", prop.ForAll(func(accounts []rules.Account) bool {
		wire := make([]map[string]string, len(accounts))
		for i, a := range accounts {
			wire[i] = map[string]string{"platform": string(a.Platform), "accountId": a.ID}
		}
		opts, _ := json.Marshal(map[string]any{"now": "2026-01-01T00:00:00Z", "accounts": wire})
		now, _ := rules.ParseScheduledFor("2026-01-01T00:00:00Z")
		got, err1 := Marshal(CheckPost(body, string(opts)))
		want, err2 := Marshal(schema.CheckCreatePost([]byte(body), schema.Env{Now: now, Accounts: append([]rules.Account{}, accounts...)}))
		if err1 != nil || err2 != nil || string(got) != string(want) {
			t.Logf("options %s\n got %s\nwant %s", opts, got, want)
			return false
		}
		return true
	}, gen.SliceOf(account)))
	properties.TestingRun(t)
}
