package schema

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/split"
	"github.com/postrules/postrules/rules/xweight"
)

// splitPropPieces: words of many scripts, marks, URLs, mentions, tags, emoji, white space
// and explicit breaks, so that random texts exercise every kind of break.
var splitPropPieces = []string{
	"a", "word", "reader", "thread", "antidisestablishmentarianism", " ", " ", " ", "\n", "\n\n", "\n\n\n\n", "\t",
	".", ",", ";", "!", "?", "—", "。", "、", "！", "日本語", "東京タワー", "中文", "हिन्दी", "मराठी", "العربية", "مرحبا", "،",
	"ภาษาไทย", "😀", "👨‍👩‍👧", "👍🏽", "🇫🇷", "e\u0301", "\u0301", "\u200d",
	" https://example.com/a/b?c=d ", " www.example.org ", " @someone ", " #tag ", " $AAPL ",
	" https://example.com/" + strings.Repeat("p", 120) + " ",
}

// TestPropSplitThreadPasses: the thread that split.Split proposes (first post as the
// target's content, the rest as threadItems) is accepted by CheckCreatePost under the same
// limit, for the grapheme and the x-weighted counter and every numbering ("the
// split it proposes is, by construction, a thread that the same rule book accepts").
func TestPropSplitThreadPasses(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 800
	properties := gopter.NewProperties(params)
	properties.Property("a split thread passes rule T1", prop.ForAll(
		func(idx []int, capN int, xw bool, num int) bool {
			var b strings.Builder
			for _, i := range idx {
				b.WriteString(splitPropPieces[i])
			}
			text := b.String()
			var c rules.Counter = rules.GraphemeCounter()
			if xw {
				c = xweight.Default()
			}
			lim := rules.Limit{Cap: capN, Counter: c}
			numbering := []split.Numbering{split.NumberingNone, split.NumberingSuffix, split.NumberingPrefix}[num]
			posts, err := splitThread(text, lim, split.Options{Numbering: numbering})
			if err != nil {
				// Only an empty text, a cap too small for a label or a cluster, or a text over
				// 100 full posts (split.Split refuses it, body_too_large) may fail.
				e := apierror.As(err)
				return e != nil && (e.Code == apierror.CodeNoContent || e.Code == apierror.CodeInvalidValue || e.Code == apierror.CodePostTooLong ||
					e.Code == apierror.CodeBodyTooLarge && len(text) > 100*capN)
			}
			type item struct {
				Content string `json:"content"`
			}
			items := make([]item, 0, len(posts)-1)
			for _, p := range posts[1:] {
				items = append(items, item{p.Text})
			}
			body, err := json.Marshal(map[string]any{
				"content":    posts[0].Text,
				"publishNow": true,
				"platforms": []any{map[string]any{
					"platform":             "twitter",
					"platformSpecificData": map[string]any{"threadItems": items},
				}},
			})
			if err != nil {
				return false
			}
			// The split answers for rule T1, the length of every post; how many cashtags X
			// allows in one post is a rule of the text, not of where it is cut, so it is
			// turned off here (the random texts hold many " $AAPL ").
			v := CheckCreatePost(body, Env{Limits: rules.DefaultLimits().With(rules.Twitter, lim).Disable("twitter.cashtag.max")})
			if !v.Valid {
				t.Logf("cap %d %s %s: %d posts rejected: %+v", capN, c.Name(), numbering, len(posts), v.Problems)
				return false
			}
			// The verdict measured the same lengths the split reported.
			for k, pl := range v.Targets[0].Posts {
				if pl.Length != posts[k].Length {
					t.Logf("post %d: split says %d, verdict %d", k, posts[k].Length, pl.Length)
					return false
				}
			}
			return true
		},
		gen.SliceOfN(150, gen.IntRange(0, len(splitPropPieces)-1)),
		gen.IntRange(10, 400),
		gen.Bool(),
		gen.IntRange(0, 2),
	))
	properties.TestingRun(t)
}

// splitThread is the posts of split.Split's answer.
func splitThread(text string, lim rules.Limit, opts split.Options) ([]split.Post, error) {
	a, err := split.Split(text, lim, opts)
	return a.Posts, err
}
