package schema

// HTTP statuses are plain numbers here on purpose: importing net/http for its constants
// pulls crypto/tls and crypto/x509 into the WASM checker, about 480 KB after gzip.
import (
	"strconv"
	"time"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
)

// The orchestration of a check: decode, shape, the checks of the document (post.go),
// scheduling, target resolution and the plan, in that order, then the verdict
// (verdict.go).

// CheckCreatePost checks the body of POST /api/v2/posts and returns the whole verdict. It
// is safe for concurrent use and never panics; every problem of a malformed body is in the
// verdict.
func CheckCreatePost(body []byte, env Env) Verdict {
	v, _ := checkCreatePost(body, env)
	return v
}

// checkCreatePost is CheckCreatePost, also returning the check for tests of its cost.
func checkCreatePost(body []byte, env Env) (Verdict, *check) {
	env.Limits = env.Limits.WithCounter(xweighted)
	c := &check{env: env}
	if c.badOptions() {
		return c.verdict(), c
	}
	post, dec := decodeCreatePostLimited(body, env.MaxBodyBytes, env.MaxTargets, originBody)
	if dec.fatal != nil {
		return c.alone(dec.fatal), c
	}
	c.body = body
	req := newDoc(dec)
	req.limits, req.media, req.mediaErrors = env.Limits, env.Media, env.MediaErrors
	req.add(checkShape(post)...)
	req.checkPublishMode(post.PublishNow, post.ScheduledFor, false)
	req.checkPost(post, c.resolve(req, post))
	c.schedule(req, post.ScheduledFor)
	c.targets(req, post)
	c.docs = []*doc{req}
	c.plan()
	if len(dec.problems) == 0 {
		c.post = post
	}
	c.status, c.okStatus = lifecycle.PostPublishing, 202
	if !c.scheduled.IsZero() {
		c.status = lifecycle.PostPending
	}
	return c.verdict(), c
}

// CheckDraftPublish checks POST /api/v2/drafts/{draftId}/publish: draft is the stored draft
// (create-post shape), body the request body. The body decides when to publish: the
// draft's own publishNow, scheduledFor and timezone are replaced by the body's, so their
// values are not read at all (any JSON value there is fine; their names are still checked
// like every name). The draft is otherwise decoded as strictly as a request (a stored
// draft may predate a rule); its problems have In "draft", pointers into the draft, and
// messages that start with "draft: ". The draft state (Env.DraftState) is checked first,
// with lifecycle.BeginDraftPublish: a deleted draft is 404 draft_not_found alone, and neither
// the body nor the stored bytes are read (a server may pass nil); a state outside
// saved/publishing/deleted/"" is 500 internal_error alone. See Verdict for the precedence.
func CheckDraftPublish(draft, body []byte, env Env) Verdict {
	env.Limits = env.Limits.WithCounter(xweighted)
	c := check{env: env}
	if c.badOptions() {
		return c.verdict()
	}
	_, stateErr := lifecycle.BeginDraftPublish(env.DraftState)
	state := apierror.As(stateErr)
	switch {
	case stateErr == nil:
	case state != nil && state.Code == apierror.CodeDraftNotFound:
		return c.alone(state)
	case state == nil || state.Code != apierror.CodeDraftAlreadyPublishing:
		why := stateErr.Error()
		if state != nil {
			why = state.Message
		}
		return c.alone(apierror.New(apierror.CodeInternal, "",
			"the server cannot publish this draft: "+why+"; this is the server's fault, not the request's"))
	}
	pub, bdec := decodeDraftPublish(body, env.MaxBodyBytes)
	if bdec.fatal != nil {
		return c.alone(bdec.fatal)
	}
	req := newDoc(bdec)
	req.add(checkShape(pub)...)
	req.checkPublishMode(pub.PublishNow, pub.ScheduledFor, true)
	c.schedule(req, pub.ScheduledFor)

	post, ddec := decodeCreatePostLimited(draft, env.MaxBodyBytes, env.MaxTargets, originDraft)
	stored := newDoc(ddec)
	stored.limits, stored.media, stored.mediaErrors = env.Limits, env.Media, env.MediaErrors
	if ddec.fatal == nil {
		// post.PublishNow, ScheduledFor and Timezone are zero: the decoder did not read them.
		stored.add(checkShape(post)...)
		stored.checkPost(post, c.resolve(stored, post))
		c.targets(stored, post)
	}
	c.docs = []*doc{req, stored}
	c.plan()
	if state != nil {
		c.others = append(c.others, located{err: state, foundProblem: foundProblem{err: state, target: -1}})
	}
	if len(bdec.problems) == 0 && len(ddec.all()) == 0 {
		post.PublishNow, post.ScheduledFor, post.Timezone = pub.PublishNow, pub.ScheduledFor, pub.Timezone
		c.post = post
	}
	// The seed (section 4.2 rule 2, section 2.9): a published draft answers 200.
	c.status, c.okStatus = lifecycle.PostPublishing, 200
	if !c.scheduled.IsZero() {
		c.status = lifecycle.PostScheduled
	}
	return c.verdict()
}

// located is a problem with Problem.In of the document it points into, and what it applies
// to (see foundProblem).
type located struct {
	err *apierror.Error
	in  string
	foundProblem
}

// check accumulates one verdict.
type check struct {
	env       Env
	docs      []*doc
	others    []located // problems of other statuses than 400: resolution, plan, draft state
	targetsV  []TargetVerdict
	targetDoc *doc // the document whose "platforms" targetsV describes
	resolved  bool
	accounts  []rules.Account   // the targets' accounts when resolved
	rerrs     []*apierror.Error // the problems of resolution
	scheduled time.Time
	status    lifecycle.PostStatus
	okStatus  int // the success status: 202 create post, 200 draft publish
	post      *CreatePost
	body      []byte // the create-post body, for the fixes of its problems; nil otherwise
}

// alone is the verdict whose only problem is e, of the request body or of no document
// (see Verdict: what stands alone).
func (c *check) alone(e *apierror.Error) Verdict {
	c.docs, c.others = nil, []located{{err: e, foundProblem: foundProblem{err: e, target: -1}}}
	return c.verdict()
}

// badOptions checks what of the Env can be wrong (its accounts, with the checks DecodeEnv
// applies to options JSON, so that a defect has the same code and pointer whether a server
// builds its Env in Go or a page passes options) and reports whether the verdict is those
// problems alone, In "options": nothing else can be trusted then.
func (c *check) badOptions() bool {
	ps := accountProblems(c.env.Accounts, nil, "/accounts")
	for _, p := range ps {
		if len(c.others) < maxProblems {
			c.others = append(c.others, located{err: p.Error, in: inOptions, foundProblem: foundProblem{err: p.Error, target: -1}})
		}
	}
	return len(ps) > 0
}

// schedule parses scheduledFor, the one time it is parsed (the shape check leaves it
// here), and checks it is after Env.Now.
func (c *check) schedule(d *doc, s *string) {
	if s == nil || d.brokenNear("/scheduledFor") {
		return
	}
	t, err := rules.ParseScheduledFor(*s)
	if err != nil {
		d.add(asProblem(err).WithPath("/scheduledFor"))
		return
	}
	c.scheduled = t
	if c.env.Now.IsZero() {
		return
	}
	if err := rules.CheckScheduledAfter(t, c.env.Now); err != nil {
		e := asProblem(err).WithPath("/scheduledFor")
		d.add(e)
	}
}

// targets records every target's posts as the book measured them (runBook: rule T1, the
// shared content once per platform, however many targets post it) with the problems of
// their text, and the targets' accounts and the problems of their resolution (resolve).
func (c *check) targets(d *doc, p *CreatePost) {
	c.targetsV = make([]TargetVerdict, len(p.Platforms))
	n := 0
	for i := range p.Platforms {
		t := &p.Platforms[i]
		tv := TargetVerdict{Platform: string(t.Platform), Posts: []MeasuredPost{}}
		if t.AccountID != nil {
			tv.AccountID = *t.AccountID
		}
		c.targetsV[i] = tv
		if i < len(d.texts) && d.texts[i] != nil {
			n += len(d.texts[i].Posts)
		}
	}
	all := make([]MeasuredPost, 0, n) // one allocation for every target's posts
	for i, tc := range d.texts {
		if tc == nil {
			continue
		}
		start := len(all)
		all = appendMeasuredPosts(all, tc.Posts)
		pls := all[start:len(all):len(all)]
		c.targetsV[i].Posts = pls
		// The errors come in the order of the posts, each at its post's path: one walk
		// pairs every error with its post's measurement.
		k := 0
		for _, e := range tc.Errors {
			for k < len(pls) && pls[k].Path != e.Path {
				k++
			}
			f := foundProblem{err: e, target: i}
			if k < len(pls) {
				f.length = measuredFor(&pls[k], e.Rule)
			}
			d.addFound(f)
		}
		for _, e := range tc.Warnings {
			d.warn(e)
		}
	}
	c.targetDoc = d
	if !c.resolved {
		return
	}
	for i, a := range c.accounts {
		if a.ID != "" {
			c.targetsV[i].AccountID = a.ID
		}
	}
	for _, e := range c.rerrs {
		if e.HTTPStatus == 400 {
			d.add(e)
		} else {
			// All of them: which are listed is decided in verdict, after ordering by
			// status, so that the cap on the listing cannot change the answered status.
			c.others = append(c.others, located{err: e, in: d.dec.origin.in(), foundProblem: foundProblem{err: e, target: -1}})
		}
	}
}

// resolve resolves the targets' accounts (rules.ResolveTargets) when Env.Accounts is
// given and the decoder rejected nothing resolution reads (resolving that would only add
// noise); the accounts and their problems are recorded by targets. It runs before the
// rule book's checks, which read the privacy levels of a tiktok target's account
// (tiktok.privacy.allowed): it returns them by target index (Env.TikTokPrivacyLevels; nil
// entries: not known).
func (c *check) resolve(d *doc, p *CreatePost) [][]string {
	if c.env.Accounts == nil || len(p.Platforms) == 0 {
		return nil
	}
	clean := d.clean()
	for i := range p.Platforms {
		if !clean {
			base := "/platforms/" + strconv.Itoa(i)
			if d.brokenAt(base) || d.brokenNear(base+"/platform") || d.brokenNear(base+"/accountId") {
				return nil
			}
		}
		if !p.Platforms[i].Platform.Valid() {
			return nil
		}
	}
	targets := make([]rules.Target, len(p.Platforms))
	for i, t := range p.Platforms {
		targets[i] = rules.Target{Platform: t.Platform}
		if t.AccountID != nil {
			targets[i].AccountID = *t.AccountID
		}
	}
	c.accounts, c.rerrs = rules.ResolveTargets(targets, c.env.Accounts)
	c.resolved = true
	var privacy [][]string
	for i, a := range c.accounts {
		if levels := c.env.TikTokPrivacyLevels[a.ID]; a.ID != "" && levels != nil {
			if privacy == nil {
				privacy = make([][]string, len(p.Platforms))
			}
			privacy[i] = levels
		}
	}
	return privacy
}

// plan checks the plan (rules.CheckPlan).
func (c *check) plan() {
	if err := rules.CheckPlan(c.env.Plan); err != nil {
		e := asProblem(err)
		c.others = append(c.others, located{err: e, foundProblem: foundProblem{err: e, target: -1}})
	}
}
