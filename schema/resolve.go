package schema

import (
	"strconv"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

// Target resolution: the account each target posts to (rule 3 of docs/design.md, in
// rules.ResolveTargets). It runs right after decoding, before any check of the post,
// because the rule book reads the privacy levels of a tiktok target's account.

// resolution is what target resolution (check.resolve) found: whether it ran, the
// targets' accounts and the problems of resolving them, and the privacy levels of a
// tiktok target's account by target index (nil entries: not known).
type resolution struct {
	ran      bool
	accounts []rules.Account
	errs     []*apierror.Error
	privacy  [][]string
}

// resolve resolves the targets' accounts (rules.ResolveTargets) when Env.Accounts is
// given and the decoder rejected nothing resolution reads (resolving that would only add
// noise), into c.res: the accounts, and the problems of resolution, whose 400s the
// verdict's targets list in the document (targetVerdicts) and the others here. It runs
// before the rule book's checks, which read the privacy levels of a tiktok target's
// account (tiktok.privacy.allowed): c.res.privacy has them by target index
// (Env.TikTokPrivacyLevels).
func (c *check) resolve(dec *decoder, p *CreatePost) {
	if c.env.Accounts == nil || len(p.Platforms) == 0 {
		return
	}
	broken := &dec.broken
	clean := broken.clean()
	for i := range p.Platforms {
		if !clean {
			base := "/platforms/" + strconv.Itoa(i)
			if broken.has(base) || broken.near(base+"/platform") || broken.near(base+"/accountId") {
				return
			}
		}
		if !p.Platforms[i].Platform.Valid() {
			return
		}
	}
	targets := make([]rules.Target, len(p.Platforms))
	for i, t := range p.Platforms {
		targets[i] = rules.Target{Platform: t.Platform}
		if t.AccountID != nil {
			targets[i].AccountID = *t.AccountID
		}
	}
	c.res.accounts, c.res.errs = rules.ResolveTargets(targets, c.env.Accounts)
	c.res.ran = true
	for _, e := range c.res.errs {
		if e.HTTPStatus != 400 {
			// All of them: which are listed is decided in verdict, after ordering by
			// status, so that the cap on the listing cannot change the answered status.
			c.others = append(c.others, located{err: e, in: dec.origin.in(), foundProblem: foundProblem{err: e, target: -1}})
		}
	}
	for i, a := range c.res.accounts {
		if levels := c.env.TikTokPrivacyLevels[a.ID]; a.ID != "" && levels != nil {
			if c.res.privacy == nil {
				c.res.privacy = make([][]string, len(p.Platforms))
			}
			c.res.privacy[i] = levels
		}
	}
}
