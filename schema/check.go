package schema

// HTTP statuses are plain numbers here on purpose: importing net/http for its constants
// pulls crypto/tls and crypto/x509 into the WASM checker, about 480 KB after gzip.
import (
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
)

// The orchestration of a check, in the order a request is read: decode; resolve the
// targets, the plan and the scheduled time (each one call into package rules); the shape,
// the checks of the document (post.go) and the verdict's targets (targets.go), whose
// problems come back as values; then the document keeps them and the verdict is built
// once (verdict.go).

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
	c.resolve(dec, post)
	c.plan()
	mode, when := c.when(&dec.broken, post.PublishNow, post.ScheduledFor, false)

	f := &c.found
	*f = findingsOf(checkShape(post), mode)
	texts := checkPost(f, &dec.broken, post, env, c.res.privacy)
	if when != nil {
		f.problems = append(f.problems, foundProblem{err: when, target: -1})
	}
	c.targetsV = targetVerdicts(f, post, texts, &c.res)
	req := newDoc(dec, *f)
	c.docs, c.targetDoc = []*doc{req}, req
	if len(dec.problems) == 0 {
		c.post = post
	}
	c.status, c.okStatus = lifecycle.PostPublishing, 202
	if !c.scheduled.At.IsZero() {
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
	mode, when := c.when(&bdec.broken, pub.PublishNow, pub.ScheduledFor, true)
	bf := findingsOf(checkShape(pub), mode, when)

	post, ddec := decodeCreatePostLimited(draft, env.MaxBodyBytes, env.MaxTargets, originDraft)
	df := &c.found
	if ddec.fatal == nil {
		// post.PublishNow, ScheduledFor and Timezone are zero: the decoder did not read them.
		c.resolve(ddec, post)
		*df = findingsOf(checkShape(post))
		texts := checkPost(df, &ddec.broken, post, env, c.res.privacy)
		c.targetsV = targetVerdicts(df, post, texts, &c.res)
	}
	stored := newDoc(ddec, *df)
	c.docs = []*doc{newDoc(bdec, bf), stored}
	if ddec.fatal == nil {
		c.targetDoc = stored
	}
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
	if !c.scheduled.At.IsZero() {
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
	targetDoc *doc       // the document whose "platforms" targetsV describes
	res       resolution // target resolution (resolve)
	// found is what the checks of the create-post document found, before newDoc keeps it;
	// here rather than on the stack because the rule book reports into it (runBook).
	found     findings
	scheduled rules.Scheduled
	status    lifecycle.PostStatus
	okStatus  int // the success status: 202 create post, 200 draft publish
	post      *CreatePost
	body      []byte // the create-post body, for the fixes of its problems; nil otherwise
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

// plan checks the plan (rules.CheckPlan).
func (c *check) plan() {
	if err := rules.CheckPlan(c.env.Plan); err != nil {
		e := asProblem(err)
		c.others = append(c.others, located{err: e, foundProblem: foundProblem{err: e, target: -1}})
	}
}
