package schema

// HTTP statuses are plain numbers here on purpose: importing net/http for its constants
// pulls crypto/tls and crypto/x509 into the WASM checker, about 480 KB after gzip.
import (
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/postrules/postrules/rules"
)

// Env is everything a verdict depends on besides the request: the caller's clock, accounts,
// limits, plan and draft. Nothing reads the wall clock or any global state.
type Env struct {
	// Now is the caller's clock. Zero: the "scheduledFor is after now" check is skipped.
	Now time.Time
	// Accounts are the caller's connected accounts. nil: target resolution is skipped
	// (Verdict.ResolutionSkipped). Non-nil and empty: nothing is connected.
	Accounts []rules.Account
	// Limits are the length caps and counters; the zero value is rules.DefaultLimits().
	Limits rules.Limits
	// Plan is the caller's subscription; the zero value is active and unlimited.
	Plan rules.Plan
	// DraftState is the stored draft's state (CheckDraftPublish only); "" is saved.
	DraftState rules.DraftState
	// MaxBodyBytes is the size limit of a body (and of a stored draft); 0 or less means
	// DefaultMaxBodyBytes (1 MiB).
	MaxBodyBytes int
}

// Problem is one thing wrong with a request: where (a JSON pointer, "" for the request as
// a whole), what (a machine code) and a message for people. Match on Code, never Message.
type Problem struct {
	Path    string     `json:"path"`
	Code    rules.Code `json:"code"`
	Message string     `json:"message"`
}

// ErrorBody is the API's error body: {"error", "code", "message"}, the extras of its status
// (402 subscribeUrl; 403 limit, used, connected) and, when several problems share the
// answered status, all of them in "problems". One problem answers with its own code and
// its message, followed by " (at <path>)" when it has a path. Several 400 problems answer
// with code validation_failed; several of another status with the first one's code; the
// message then counts them and quotes the first.
type ErrorBody struct {
	Error        string     `json:"error"`
	Code         rules.Code `json:"code"`
	Message      string     `json:"message"`
	SubscribeURL string     `json:"subscribeUrl,omitempty"`
	Limit        *int       `json:"limit,omitempty"`
	Used         *int       `json:"used,omitempty"`
	Connected    *int       `json:"connected,omitempty"`
	Problems     []Problem  `json:"problems,omitempty"`
}

// PostLength is the length of one post against its cap (rule T1), located by the JSON
// pointer of its text.
type PostLength struct {
	Path string `json:"path"`
	// Counter is the unit: "graphemes" unless the Limits say otherwise ("x-weighted").
	Counter string `json:"counter"`
	// Length is exact when Exact; otherwise counting stopped past the cap and Length is a
	// lower bound.
	Length int  `json:"length"`
	Exact  bool `json:"exact"`
	Cap    int  `json:"cap"`
	Fits   bool `json:"fits"`
	// OverflowAt is the byte offset in the text where the first unit past the cap begins,
	// -1 when the post fits.
	OverflowAt int `json:"overflowAt"`
}

// TargetVerdict is one entry of the request's "platforms", in order: its platform as sent,
// its account (the resolved one when resolution ran, else the accountId as sent, else ""),
// and the length of each of its posts ([] when they could not be measured).
type TargetVerdict struct {
	Platform  string       `json:"platform"`
	AccountID string       `json:"accountId"`
	Posts     []PostLength `json:"posts"`
}

// Verdict is the whole answer for one request.
//
// Precedence, when several things are wrong (the answered status is the first row that has
// a problem; DESIGN.md orders them the same way):
//
//  1. 400: every shape, type, length, schedule and resolution-400 problem, all together
//  2. 404: account_not_found, no_connected_account, draft_not_found
//  3. 409: ambiguous_account, draft_already_publishing
//  4. 402: subscription_inactive
//  5. 403: plan_limit_reached, account_limit_reached
//
// So a request that is wrong is told so even when the plan is exhausted, and a client fixes
// its request before it is told to pay. A body that is not well-formed JSON, is too large
// or nests too deep has exactly one 400 problem (nothing else in it can be trusted).
type Verdict struct {
	// Valid is true when the request is accepted.
	Valid bool `json:"valid"`
	// HTTPStatus is 202 when valid, else the status of the answered problems.
	HTTPStatus int `json:"httpStatus"`
	// Error is the API's error body; nil when valid.
	Error *ErrorBody `json:"error"`
	// Problems lists everything found, in the order of the precedence above; within 400,
	// the request body's problems sorted by path, then a stored draft's. At most 100
	// problems of each document, and 100 others, are listed. Never nil.
	Problems []Problem `json:"problems"`
	// Targets has one entry per target of the request, even when it is invalid. Never nil.
	Targets []TargetVerdict `json:"targets"`
	// Billable is whether the request is charged: a valid one is; no 4xx is.
	Billable bool `json:"billable"`
	// Status is what the API reports for a valid request: create, "publishing" (publish
	// now) or "pending" (scheduled); draft publish, "publishing" or "scheduled".
	Status rules.Status `json:"status,omitempty"`
	// ScheduledFor is the scheduled time of a valid scheduled request, normalized by
	// rules.FormatScheduledFor.
	ScheduledFor string `json:"scheduledFor,omitempty"`
	// ResolutionSkipped is true when target resolution did not run: Env.Accounts is nil, or
	// a target's platform or accountId was already rejected.
	ResolutionSkipped bool `json:"resolutionSkipped"`
}

// CheckCreatePost checks the body of POST /api/v2/posts and returns the whole verdict. It
// is safe for concurrent use and never panics; every problem of a malformed body is in the
// verdict.
func CheckCreatePost(body []byte, env Env) Verdict {
	post, dec := decodeCreatePost(body, env.MaxBodyBytes, "")
	req := newDoc(dec)
	var c check
	c.env = env
	if dec.fatal == nil {
		req.add(checkShape(post, "")...)
		req.checkPublishMode(post.PublishNow, post.ScheduledFor, false)
		req.checkPost(post)
		c.schedule(req, post.ScheduledFor)
		c.targets(req, post)
	}
	c.docs = []*doc{req}
	c.env400()
	if c.scheduled.IsZero() {
		c.status = rules.StatusPublishing
	} else {
		c.status = rules.StatusPending
	}
	return c.verdict()
}

// CheckDraftPublish checks POST /api/v2/drafts/{draftId}/publish: draft is the stored draft
// (create-post shape), body the request body. The body decides when to publish: the
// draft's own publishNow, scheduledFor and timezone are replaced by the body's, so they
// are not checked beyond their JSON types. The draft is decoded as strictly as a request
// (a stored draft may predate a rule); its problems carry pointers into the draft and
// messages that start with "draft: ". The draft state (Env.DraftState) is checked with
// rules.BeginDraftPublish; a deleted draft (404 draft_not_found) does not exist, so its
// stored bytes, if any, are not checked at all (a server may pass nil).
func CheckDraftPublish(draft, body []byte, env Env) Verdict {
	pub, bdec := decodeDraftPublish(body, env.MaxBodyBytes)
	req := newDoc(bdec)
	var c check
	c.env = env
	if bdec.fatal == nil {
		req.add(checkShape(pub, "")...)
		req.checkPublishMode(pub.PublishNow, pub.ScheduledFor, true)
		c.schedule(req, pub.ScheduledFor)
	}
	c.docs = []*doc{req}
	_, stateErr := rules.BeginDraftPublish(env.DraftState)
	if e := rules.AsError(stateErr); e == nil || e.Code != rules.CodeDraftNotFound {
		post, ddec := decodeCreatePost(draft, env.MaxBodyBytes, "draft: ")
		stored := newDoc(ddec)
		if ddec.fatal == nil {
			post.PublishNow, post.ScheduledFor, post.Timezone = false, nil, nil
			stored.add(checkShape(post, "draft: ")...)
			stored.checkPost(post)
			c.targets(stored, post)
		}
		c.docs = append(c.docs, stored)
	}
	c.env400()
	if stateErr != nil {
		c.others = append(c.others, asProblem(stateErr))
	}
	if c.scheduled.IsZero() {
		c.status = rules.StatusPublishing
	} else {
		c.status = rules.StatusScheduled
	}
	return c.verdict()
}

// check accumulates one verdict.
type check struct {
	env       Env
	docs      []*doc
	others    []*rules.Error // problems not about a document: plan, draft state
	targetsV  []TargetVerdict
	resolved  bool
	scheduled time.Time
	status    rules.Status
}

// schedule parses a well-formed scheduledFor and checks it is after Env.Now.
func (c *check) schedule(d *doc, s *string) {
	if s == nil || d.brokenNear("/scheduledFor") {
		return
	}
	t, err := rules.ParseScheduledFor(*s)
	if err != nil {
		return // reported by the shape check
	}
	c.scheduled = t
	if c.env.Now.IsZero() {
		return
	}
	if err := rules.CheckScheduledAfter(t, c.env.Now); err != nil {
		e := asProblem(err).WithPath("/scheduledFor")
		e.Message = d.dec.prefix + e.Message
		d.add(e)
	}
}

// targets measures every post of every target (rule T1, rules.Limits.CheckTarget) and
// resolves the targets' accounts (rules.ResolveTargets) when Env.Accounts is given.
func (c *check) targets(d *doc, p *CreatePost) {
	c.targetsV = make([]TargetVerdict, len(p.Platforms))
	resolvable := c.env.Accounts != nil && len(p.Platforms) > 0
	for i := range p.Platforms {
		t := &p.Platforms[i]
		base := "/platforms/" + strconv.Itoa(i)
		tv := TargetVerdict{Platform: string(t.Platform), Posts: []PostLength{}}
		if t.AccountID != nil {
			tv.AccountID = *t.AccountID
		}
		c.targetsV[i] = tv
		if d.brokenAt(base) || d.brokenNear(base+"/platform") || d.brokenNear(base+"/accountId") {
			resolvable = false // resolving what the decoder rejected would only add noise
		}
		if !t.Platform.Valid() {
			resolvable = false
			continue
		}
		tt := rules.TargetText{Index: i, Platform: t.Platform, Shared: p.Content, Override: t.Content}
		if t.Platform == rules.Twitter && t.Twitter != nil && len(t.Twitter.ThreadItems) > 0 {
			tt.ThreadItems = make([]string, len(t.Twitter.ThreadItems))
			for k, it := range t.Twitter.ThreadItems {
				tt.ThreadItems[k] = it.Content
			}
		}
		posts, errs := c.env.Limits.CheckTarget(tt)
		c.targetsV[i].Posts = make([]PostLength, 0, len(posts))
		for _, pl := range posts {
			c.targetsV[i].Posts = append(c.targetsV[i].Posts, PostLength{
				Path: pl.Path, Counter: pl.Counter, Length: pl.Length, Exact: pl.Exact,
				Cap: pl.Cap, Fits: pl.Fits(), OverflowAt: pl.OverflowAt,
			})
		}
		for _, e := range errs {
			e.Message = d.dec.prefix + e.Message
			d.add(e)
		}
	}
	if !resolvable {
		return
	}
	targets := make([]rules.Target, len(p.Platforms))
	for i, t := range p.Platforms {
		targets[i] = rules.Target{Platform: t.Platform}
		if t.AccountID != nil {
			targets[i].AccountID = *t.AccountID
		}
	}
	accounts, errs := rules.ResolveTargets(targets, c.env.Accounts)
	c.resolved = true
	for i, a := range accounts {
		if a.ID != "" {
			c.targetsV[i].AccountID = a.ID
		}
	}
	for _, e := range errs {
		e.Message = d.dec.prefix + e.Message
		if e.Status == 400 {
			d.add(e)
		} else if len(c.others) < maxProblems {
			c.others = append(c.others, e)
		}
	}
}

// env400 checks the plan (rules.CheckPlan).
func (c *check) env400() {
	if err := rules.CheckPlan(c.env.Plan); err != nil {
		c.others = append(c.others, asProblem(err))
	}
}

// asProblem is err as a *rules.Error; an error of another type is still a problem (500,
// never a silent pass).
func asProblem(err error) *rules.Error {
	if e := rules.AsError(err); e != nil {
		return e
	}
	return rules.NewError(rules.Code("internal_error"), "", err.Error())
}

// rank orders statuses by the documented precedence.
func rank(status int) int {
	switch status {
	case 400:
		return 0
	case 404:
		return 1
	case 409:
		return 2
	case 402:
		return 3
	case 403:
		return 4
	}
	return 5 + status
}

func (c *check) verdict() Verdict {
	var all []*rules.Error
	for _, d := range c.docs {
		ps := append([]*rules.Error(nil), d.problems...)
		sort.SliceStable(ps, func(i, j int) bool { return pathLess(ps[i].Path, ps[j].Path) })
		all = append(all, ps...)
	}
	all = append(all, c.others...)
	sort.SliceStable(all, func(i, j int) bool { return rank(all[i].Status) < rank(all[j].Status) })

	v := Verdict{
		Problems:          make([]Problem, len(all)),
		Targets:           c.targetsV,
		ResolutionSkipped: !c.resolved,
	}
	if v.Targets == nil {
		v.Targets = []TargetVerdict{}
	}
	for i, e := range all {
		v.Problems[i] = Problem{Path: e.Path, Code: e.Code, Message: e.Message}
	}
	if len(all) == 0 {
		v.Valid, v.HTTPStatus, v.Billable, v.Status = true, 202, rules.Billable(nil), c.status
		if !c.scheduled.IsZero() {
			v.ScheduledFor = rules.FormatScheduledFor(c.scheduled)
		}
		return v
	}
	n := 1
	for n < len(all) && all[n].Status == all[0].Status {
		n++
	}
	v.HTTPStatus = all[0].Status
	v.Error = errorBody(all[:n], v.Problems[:n])
	v.Billable = rules.Billable(all[0])
	return v
}

// errorBody is the API's error body for the answered problems (all of one status).
func errorBody(group []*rules.Error, problems []Problem) *ErrorBody {
	first := group[0]
	b := &ErrorBody{Error: first.Title, Code: first.Code, Message: first.Message}
	if len(group) == 1 && first.Path != "" {
		// The body has no path field of its own: say where in the message.
		b.Message += " (at " + first.Path + ")"
	}
	if len(group) > 1 {
		if first.Status == 400 {
			vf := rules.NewError(rules.CodeValidationFailed, "", "")
			b.Error, b.Code = vf.Title, vf.Code
		}
		where := ""
		if first.Path != "" {
			where = " at " + first.Path
		}
		b.Message = strconv.Itoa(len(group)) + " problems; the first" + where + ": " + first.Message
		b.Problems = problems
	}
	if first.Code == rules.CodeSubscriptionInactive {
		b.SubscribeURL = first.SubscribeURL
	}
	if first.Status == 403 {
		limit, used, connected := first.Limit, first.Used, first.Connected
		b.Limit, b.Used, b.Connected = &limit, &used, &connected
	}
	return b
}

// pathLess orders JSON pointers as a reader expects: a parent before its children,
// members by name, array indexes by number ("/platforms/2" before "/platforms/10").
func pathLess(a, b string) bool {
	for a != "" && b != "" {
		sa, ra := firstSegment(a)
		sb, rb := firstSegment(b)
		if sa != sb {
			na, errA := strconv.Atoi(sa)
			nb, errB := strconv.Atoi(sb)
			if errA == nil && errB == nil {
				return na < nb
			}
			return sa < sb
		}
		a, b = ra, rb
	}
	return a == "" && b != ""
}

// firstSegment splits "/a/b/c" into "a" and "/b/c".
func firstSegment(p string) (string, string) {
	p = p[1:]
	if i := strings.IndexByte(p, '/'); i >= 0 {
		return p[:i], p[i:]
	}
	return p, ""
}
