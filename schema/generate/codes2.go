package generate

import (
	"strconv"
	"strings"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/schema"
)

// viaRule is the builder of a code every one of whose answers names a rule: it builds
// the case of one of those rules, drawn among ruleIDs that have a builder.
func viaRule(code apierror.Code, ruleIDs ...string) func(d *draws, ps []rules.Platform) (*Case, bool) {
	return func(d *draws, ps []rules.Platform) (*Case, bool) {
		var fit []rules.Rule
		for _, id := range ruleIDs {
			r, ok := rules.RuleByID(id)
			if ok && builderFor(r) != nil && (len(ps) == 0 || len(ps) == 1 && ps[0] == r.Platform) {
				fit = append(fit, r)
			}
		}
		if len(fit) == 0 {
			return nil, false
		}
		r := pick(d, fit)
		c, ok := builderFor(r)(d, r)
		if c != nil {
			c.Generator = string(code)
		}
		return c, ok && c != nil && c.Expect.Code == code
	}
}

func init() {
	codeBuilders[apierror.CodePostTooLong] = viaRule(apierror.CodePostTooLong, "twitter.text.max", "bluesky.text.max_graphemes",
		"bluesky.text.max_bytes", "threads.text.max", "instagram.caption.max", "linkedin.text.max", "facebook.text.max",
		"youtube.description.max", "pinterest.description.max", "googlebusiness.summary.max")
	codeBuilders[apierror.CodeInvalidValue] = viaRule(apierror.CodeInvalidValue, "youtube.title.max", "threads.reply_control",
		"googlebusiness.topic", "instagram.collaborators.max", "bluesky.langs.max", "pinterest.board.id")
	codeBuilders[apierror.CodeInvalidPoll] = viaRule(apierror.CodeInvalidPoll, "twitter.poll", "threads.poll.options", "twitter.media.exclusive")
	codeBuilders[apierror.CodeInvalidCharacter] = viaRule(apierror.CodeInvalidCharacter, "youtube.description.chars", "youtube.title.chars")
	codeBuilders[apierror.CodeInvalidMedia] = func(d *draws, ps []rules.Platform) (*Case, bool) {
		// a media item of a type the API does not define
		b, ok := newBase(d, ps)
		o := b.p.json()
		k := len(b.p.media)
		o.set("mediaItems", append(append([]item{}, b.p.media...), item{pick(d, []string{"audio", "Image", "pdf", "photo"}), mediaURL("x", k)}))
		return b.refused("invalid_media", bytesOf(o), apierror.CodeInvalidMedia, "", "/mediaItems/"+strconv.Itoa(k)+"/type"), ok
	}
	codeBuilders[apierror.CodeNoContent] = func(d *draws, ps []rules.Platform) (*Case, bool) {
		// a target with no text (none, or only white space) and no media, on a platform
		// that needs no media
		b, ok := newBase(d, ps)
		b.p.content, b.p.media, b.facts = "", nil, nil
		var free []int
		for i := range b.p.targets {
			if alone(floor(b.p.targets[i].platform, nil), "hello", nil) {
				free = append(free, i)
			}
		}
		if len(free) == 0 {
			return nil, false
		}
		i := pick(d, free)
		for j := range b.p.targets {
			t := floor(b.p.targets[j].platform, nil)
			t.accountID = b.p.targets[j].accountID
			t.content = ptr("hello")
			if j == i {
				t.content = pick(d, []*string{nil, ptr(""), ptr("   "), ptr("\n\t")})
			}
			b.p.targets[j] = t
		}
		if len(free) < len(b.p.targets) { // the others need media: keep only the free ones
			var keep []target
			for _, j := range free {
				keep = append(keep, b.p.targets[j])
				if j == i {
					i = len(keep) - 1
				}
			}
			b.p.targets = keep
		}
		return b.refused("no_content", bytesOf(b.p.json()), apierror.CodeNoContent, "", "/platforms/"+strconv.Itoa(i)), ok
	}
	codeBuilders[apierror.CodeTooDeep] = func(d *draws, ps []rules.Platform) (*Case, bool) {
		// an unknown member nested deeper than the decoder reads: too_deep answers alone
		b, ok := newBase(d, ps)
		body := string(bytesOf(b.p.json()))
		n := schema.MaxDepth + d.intn(100)
		deep := `"x":` + strings.Repeat("[", n) + strings.Repeat("]", n) + `,`
		return b.refused("too_deep", []byte("{"+deep+body[1:]), apierror.CodeTooDeep, "", "/x"), ok
	}
	plan := func(code apierror.Code, set func(d *draws, p *rules.Plan)) func(d *draws, ps []rules.Platform) (*Case, bool) {
		return func(d *draws, ps []rules.Platform) (*Case, bool) {
			b, ok := newBase(d, ps)
			c := b.refused(string(code), bytesOf(b.p.json()), code, "", "")
			set(d, &c.Plan)
			return c, ok
		}
	}
	codeBuilders[apierror.CodeSubscriptionInactive] = plan(apierror.CodeSubscriptionInactive, func(d *draws, p *rules.Plan) {
		p.SubscriptionInactive = true
		if d.flag() {
			p.SubscribeURL = "https://billing.example.com/subscribe"
		}
	})
	codeBuilders[apierror.CodePlanLimitReached] = plan(apierror.CodePlanLimitReached, func(d *draws, p *rules.Plan) {
		p.PostLimit = 1 + d.intn(1000)
		p.PostsUsed = p.PostLimit + d.intn(2)
	})
	codeBuilders[apierror.CodeAccountLimitReached] = plan(apierror.CodeAccountLimitReached, func(d *draws, p *rules.Plan) {
		p.AccountLimit = 1 + d.intn(50)
		p.ConnectedAccounts = p.AccountLimit + 1 + d.intn(5)
	})
}
