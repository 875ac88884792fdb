package fix_test

import (
	"encoding/json"
	"testing"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/schema"
	"github.com/postrules/postrules/schema/fix"
)

// FuzzDropCounted: for any caption, the fix of Instagram's hashtag and mention counts
// (lowered to 2 and 1 so that short inputs reach them) never panics, and when offered it
// leaves the caption within the count and adds no hashtag, mention or cashtag anywhere.
func FuzzDropCounted(f *testing.F) {
	for _, s := range []string{"#a #b #c", "@a @b", "#a\n#b\n#c", "(#x@bob #y #z", "＃タグ #b #c", "#a\t#b\t#c end",
		"$AAPL #a #b #c @x", "#a#b#c", "#a, #b, #c.", "https://e.com/#a #b #c"} {
		f.Add(s)
	}
	limits := rules.DefaultLimits().WithRule("instagram.hashtags.max", 2).WithRule("instagram.mentions.max", 1).
		Disable("instagram.hashtags.recommended")
	env := schema.Env{Now: now, Limits: limits}
	f.Fuzz(func(t *testing.T, caption string) {
		body := []byte(igBody(caption))
		v := schema.CheckCreatePost(body, env)
		for _, p := range v.Problems {
			if p.Fix == nil || (p.Rule != "instagram.hashtags.max" && p.Rule != "instagram.mentions.max") {
				continue
			}
			out, err := fix.Apply(body, p.Fix.Patch)
			if err != nil {
				t.Fatal(err)
			}
			var got struct{ Content string }
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatal(err)
			}
			r, _ := limits.Rule(p.Rule)
			for _, id := range []string{"instagram.hashtags.max", "instagram.mentions.max"} {
				before, _ := limits.MeasureRule(id, caption)
				after, _ := limits.MeasureRule(id, got.Content)
				if after.Length > before.Length || (id == p.Rule && after.Length > r.Limit) {
					t.Fatalf("%q: %q left %q with %d of %s (was %d)", caption, p.Fix.Description, got.Content, after.Length, id, before.Length)
				}
			}
		}
	})
}
