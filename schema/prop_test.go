package schema

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
)

// TestPropPrecedence: whatever mix of problems a draft publish has, a bad draft state (500),
// a deleted draft (404) or a malformed body (400) answers alone, in that order; otherwise
// the answered status is the first of 400, 404, 409, 402, 403 that has a problem, within
// 409 draft_already_publishing comes first, and every problem is listed.
func TestPropPrecedence(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 500
	properties := gopter.NewProperties(params)
	properties.Property("status follows the documented precedence", prop.ForAll(
		func(bad400, badDraft400, bad404, bad409, bad402, bad403, malformed bool, state lifecycle.DraftState) bool {
			body := `{"publishNow":true}`
			if bad400 {
				body = `{"publishNow":"yes"}`
			}
			if malformed {
				body = `{"publishNow":`
			}
			targets := []string{`{"platform":"bluesky"}`}
			if bad404 {
				targets = append(targets, `{"platform":"twitter","accountId":"nope"}`)
			}
			if bad409 {
				targets = append(targets, `{"platform":"facebook"}`) // two facebook accounts
			}
			content := `"x"`
			if badDraft400 {
				content = `7`
			}
			draft := `{"content":` + content + `,"platforms":[` + strings.Join(targets, ",") + `]}`
			env := Env{Now: now, Accounts: accounts, DraftState: state}
			env.Plan.SubscriptionInactive = bad402
			if bad403 {
				env.Plan.PostLimit, env.Plan.PostsUsed = 5, 5
			}
			v := CheckDraftPublish([]byte(draft), []byte(body), env)
			first := func() apierror.Code {
				if len(v.Problems) == 0 {
					return ""
				}
				return v.Problems[0].Code
			}
			switch {
			case state == "bogus":
				return v.HTTPStatus == 500 && len(v.Problems) == 1 && first() == apierror.CodeInternal
			case state == lifecycle.DraftDeleted:
				return v.HTTPStatus == 404 && len(v.Problems) == 1 && first() == apierror.CodeDraftNotFound
			case malformed:
				return v.HTTPStatus == 400 && len(v.Problems) == 1 && first() == apierror.CodeMalformedJSON
			}
			publishing := state == lifecycle.DraftPublishing
			want, wantCode, count := 200, apierror.Code(""), 0 // a published draft answers 200
			for _, c := range []struct {
				bad    bool
				status int
				code   apierror.Code
			}{{bad400, 400, apierror.CodeWrongType}, {badDraft400, 400, apierror.CodeWrongType}, {bad404, 404, apierror.CodeAccountNotFound},
				{publishing, 409, apierror.CodeDraftAlreadyPublishing}, {bad409, 409, apierror.CodeAmbiguousAccount},
				{bad402, 402, apierror.CodeSubscriptionInactive}, {bad403 && !bad402, 403, apierror.CodePlanLimitReached}} {
				if c.bad {
					count++
					if want == 200 {
						want, wantCode = c.status, c.code
					}
				}
			}
			return v.HTTPStatus == want && first() == wantCode && len(v.Problems) == count && v.Billable == (want == 200)
		},
		gen.Bool(), gen.Bool(), gen.Bool(), gen.Bool(), gen.Bool(), gen.Bool(), gen.Bool(),
		gen.OneConstOf(lifecycle.DraftSaved, lifecycle.DraftState(""), lifecycle.DraftPublishing, lifecycle.DraftDeleted, lifecycle.DraftState("bogus"))))
	properties.TestingRun(t)
}

// TestPropSharedContentLength: a request built from random platforms and a shared content of
// n copies of one grapheme (ASCII, accented, emoji with modifier, Hangul, a flag) is valid
// exactly when the text fits every length rule of every chosen platform, each in its own
// unit (n times the grapheme's cost in that unit); otherwise each broken rule is one
// post_too_long at /content naming its rule, and every target reports each unit's length
// (or, far over, more than its cap) against the book's limit.
func TestPropSharedContentLength(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 200
	properties := gopter.NewProperties(params)
	all := rules.Platforms()
	properties.Property("length verdicts follow the caps", prop.ForAll(
		func(pick []int, n int, unit string, scheduled bool) bool {
			seen := map[rules.Platform]bool{}
			post := CreatePost{Content: strings.Repeat(unit, n)}
			for _, i := range pick {
				p := all[i]
				if !seen[p] {
					seen[p] = true
					post.Platforms = append(post.Platforms, PlatformTarget{Platform: p})
				}
			}
			if scheduled {
				s := rules.FormatScheduledFor(now.Add(90 * time.Minute))
				post.ScheduledFor = &s
			} else {
				post.PublishNow = true
			}
			body, err := json.Marshal(post)
			if err != nil {
				return false
			}
			v := CheckCreatePost(body, Env{Now: now})
			// The unit's cost in each counter, computed here, not by the code under test.
			cost := map[string]int{"graphemes": 1, "bytes": len(unit), "utf16": len(utf16.Encode([]rune(unit)))}
			// X's weights (docs.x.com, counting characters): Latin 1 (e + U+0301 is é
			// after NFC), Hangul 2, an emoji sequence 2 however many code points.
			cost["x-weighted"] = map[string]int{"a": 1, "é": 1, "e\u0301": 1, "👍🏽": 2, "한": 2, "🇫🇷": 2}[unit]
			over := 0
			for i, tg := range post.Platforms {
				got := v.Targets[i].Posts
				if len(got) != 1 || got[0].Path != "/content" {
					return false
				}
				primary, fitsAll := false, true
				for _, u := range got[0].Units {
					r, ok := rules.RuleByID(u.Rule)
					c, counted := cost[u.Counter]
					if !counted {
						// hashtags, mentions, links, < >: none in these texts.
						if !u.Fits {
							return false
						}
						continue
					}
					if !ok || r.Platform != tg.Platform || u.Cap != r.Limit {
						return false
					}
					want := n * c
					// Far over the cap a counter may stop early: Length is then a lower bound.
					if u.Fits != (want <= u.Cap) || u.Exact && u.Length != want || !u.Exact && (u.Length <= u.Cap || want <= u.Cap) {
						return false
					}
					primary = primary || u.Rule == primaryRule(tg.Platform)
					if !u.Fits && !u.Warning {
						over++
						fitsAll = false
					}
				}
				if !primary || got[0].Fits != fitsAll {
					return false
				}
			}
			// Other problems (instagram needs media, pinterest a board) are not about length.
			tooLong := 0
			for _, p := range v.Problems {
				if p.Code == apierror.CodePostTooLong {
					if p.Path != "/content" || p.Rule == "" {
						return false
					}
					tooLong++
				}
			}
			return tooLong == over && (over == 0 || !v.Valid)
		},
		gen.SliceOfN(3, gen.IntRange(0, len(all)-1)),
		gen.IntRange(1, 3200),
		gen.OneConstOf("a", "é", "e\u0301", "👍🏽", "한", "🇫🇷"),
		gen.Bool()))
	properties.TestingRun(t)
}

// primaryRule is the id of p's primary text rule: the rule Limits.Measure names for an
// empty text, which breaks no rule.
func primaryRule(p rules.Platform) string {
	m, _ := rules.DefaultLimits().Measure(p, "")
	return m.Rule
}
