package generate

// The codes whose case needs more than one broken member: those only rules answer
// (drawn among the rules that do), the plan's, nesting, a target with nothing to post.

import (
	"strconv"
	"strings"
	"sync"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
	"github.com/postrules/postrules/schema"
)

// ruleCodes are, by code, the error rules of the book (media rules included) whose
// builder answers with it, found by building each once.
var ruleCodes = sync.OnceValue(func() map[apierror.Code][]string {
	out := map[apierror.Code][]string{}
	bs := builders()
	for _, id := range Expectations() {
		r, isRule := rules.RuleByID(id)
		if !isRule {
			if m, ok := mediaRule(id); ok {
				r = rules.Rule{ID: m.ID, Platform: m.Platform, Severity: m.Severity}
				isRule = true
			}
		}
		if !isRule || r.Severity != rules.SeverityError {
			continue
		}
		if c, ok := bs[id](&draws{}, nil); ok && c != nil {
			out[c.Expect.Code] = append(out[c.Expect.Code], id)
		}
	}
	return out
})

// mediaRule is the media rule id.
func mediaRule(id string) (media.Rule, bool) {
	for _, r := range media.Rules() {
		if r.ID == id {
			return r, true
		}
	}
	return media.Rule{}, false
}

// viaRule is the builder of a code every one of whose answers names a rule: it builds
// the case of one of the rules that answer it, on the platforms asked.
func viaRule(code apierror.Code) func(d *draws, ps []rules.Platform) (*Case, bool) {
	return func(d *draws, ps []rules.Platform) (*Case, bool) {
		var fit []string
		for _, id := range ruleCodes()[code] {
			p := rules.Platform(id[:strings.IndexByte(id, '.')])
			if len(ps) == 0 || len(ps) == 1 && ps[0] == p {
				fit = append(fit, id)
			}
		}
		if len(fit) == 0 {
			return nil, false
		}
		c, ok := builders()[pick(d, fit)](d, ps)
		if c != nil {
			c.Generator = string(code)
		}
		return c, ok && c != nil && c.Expect.Code == code
	}
}

func init() {
	for _, code := range []apierror.Code{apierror.CodePostTooLong, apierror.CodeInvalidValue, apierror.CodeInvalidPoll, apierror.CodeInvalidCharacter} {
		codeBuilders[code] = viaRule(code)
	}
	codeBuilders[apierror.CodeInvalidMedia] = func(d *draws, ps []rules.Platform) (*Case, bool) {
		// a media item of a type the API does not define
		b, ok := newBase(d, ps)
		for i := range b.p.targets { // what goes on text-only posts would count the item
			for _, name := range []string{"poll", "pollOptions", "textAttachment"} {
				b.p.targets[i].opts.del(name)
			}
		}
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
	codeBuilders[apierror.CodeValidationFailed] = func(d *draws, ps []rules.Platform) (*Case, bool) {
		// two 400 problems of different codes: an unknown name and a timezone no zone has
		b, ok := newBase(d, ps)
		b.p.timezone = pick(d, []string{"Mars/Olympus_Mons", "UTC+1"})
		o := b.p.json()
		o.set(pick(d, []string{"extra", "note"}), true)
		return b.refused("validation_failed", bytesOf(o), apierror.CodeValidationFailed, "", ""), ok
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
