package schema

// HTTP statuses are plain numbers here on purpose (see check.go).
import (
	"sort"
	"strconv"
	"strings"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
	"github.com/postrules/postrules/schema/fix"
)

// The verdict: the answer types (Verdict, Problem, ErrorBody, the measurements) and how
// a check's problems become one (check.verdict): their order, the status of the first,
// and the error body.

// Problem is one thing wrong with a request: where (a JSON pointer, "" for the request as
// a whole, into the document In names), what (a machine code), a message for people, and
// what it applies to as data (its target, and a length problem's measurement), so that no
// client parses a message or counts problems to learn them. Match on Code, never Message.
type Problem struct {
	Path    string        `json:"path"`
	Code    apierror.Code `json:"code"`
	Message string        `json:"message"`
	// In names the document Path points into: "draft" for the stored draft of a draft
	// publish, "options" for the options (Env.Accounts, or JSON read by DecodeEnv), ""
	// for the request body, or for a problem that is not located in a document (plan,
	// draft state). Messages never repeat it.
	In string `json:"in,omitempty"`
	// Rule is the id of the rule of the book the problem breaks, when it has one
	// ("<platform>.<field>.<check>"); "" for problems of the wire format itself.
	Rule string `json:"rule,omitempty"`
	// Target is the target the problem applies to: the one its path lies in
	// (/platforms/i/...), or, for a post of the shared /content, the first target whose cap
	// it breaks. nil when the problem is not about one target.
	Target *ProblemTarget `json:"target,omitempty"`
	// Length is the measurement of the post a post_too_long (or a post's invalid_utf8)
	// problem is about; nil for every other problem.
	Length *MeasuredPost `json:"length,omitempty"`
	// Fix is the mechanical remedy of a problem of the request body, when it has one: a
	// JSON Patch on the body that removes this problem (package schema/fix); nil otherwise.
	Fix *fix.Fix `json:"fix,omitempty"`
}

// ProblemTarget names the target a Problem applies to: its index in "platforms", its
// platform as sent, and its account (TargetVerdict.AccountID).
type ProblemTarget struct {
	Index     int    `json:"index"`
	Platform  string `json:"platform"`
	AccountID string `json:"accountId"`
}

// ErrorBody is the API's error body: {"error", "code", "message"}, the extras of its status
// (402 subscribeUrl; 403 limit, used, connected) and, when several problems share the
// answered status, all of them in "problems". One problem answers with its own code and
// message, followed by " (at <path>)" when it has a path, and its location in "path" (and
// "in" for the stored draft), so a client need not parse the message. Several 400 problems
// answer with code validation_failed; several of another status with the first one's code;
// the message then counts them and quotes the first, and "path" is left out: each entry of
// "problems" has its own.
type ErrorBody struct {
	Error   string        `json:"error"`
	Code    apierror.Code `json:"code"`
	Message string        `json:"message"`
	// Path is the JSON pointer of the one problem the body describes; "" when it is not
	// tied to one value, or when the body describes several problems.
	Path string `json:"path,omitempty"`
	// In is Problem.In of the one problem the body describes.
	In           string    `json:"in,omitempty"`
	SubscribeURL string    `json:"subscribeUrl,omitempty"`
	Limit        *int      `json:"limit,omitempty"`
	Used         *int      `json:"used,omitempty"`
	Connected    *int      `json:"connected,omitempty"`
	Problems     []Problem `json:"problems,omitempty"`
}

// MeasuredPost is the length of one post against its cap (rule T1), located by the JSON
// pointer of its text: rules.PostCheck as the verdict's JSON carries it, with Fits.
type MeasuredPost struct {
	Path string `json:"path"`
	// Measure is the post in the unit and against the cap of Rule.
	Measure
	// Rule is the id of the rule Measure measures: the first error rule the post breaks,
	// else the platform's primary length rule.
	Rule string `json:"rule,omitempty"`
	// Units has one entry per text rule of the platform that was checked (every unit it
	// is counted in, and the rules on what it holds), warnings included.
	Units []UnitLength `json:"units,omitempty"`
}

// UnitLength is a post measured for one rule of the book: its unit, length and limit.
// A rule is broken exactly when Fits is false; Warning says the rule only informs.
type UnitLength struct {
	Rule string `json:"rule"`
	Measure
	Warning bool `json:"warning,omitempty"`
}

// Measure is a text measured in one unit against one cap: rules.Measurement as the
// verdict's JSON carries it, with Fits. MeasuredPost and UnitLength embed it, so its
// members sit in their JSON objects as their own.
type Measure struct {
	// Counter is the unit: "graphemes" unless the Limits say otherwise ("x-weighted").
	Counter string `json:"counter"`
	// Length is exact when Exact; otherwise counting stopped past the cap and Length is a
	// lower bound.
	Length int  `json:"length"`
	Exact  bool `json:"exact"`
	Cap    int  `json:"cap"`
	Fits   bool `json:"fits"`
	// OverflowAt is the byte offset in the text where the first unit past the cap begins,
	// -1 when the text fits.
	OverflowAt int `json:"overflowAt"`
}

func measureOf(m rules.Measurement) Measure {
	return Measure{Counter: m.Counter, Length: m.Length, Exact: m.Exact, Cap: m.Cap, Fits: m.Fits(), OverflowAt: m.OverflowAt}
}

// TargetVerdict is one entry of the request's "platforms", in order: its platform as sent,
// its account (the resolved one when resolution ran, else the accountId as sent, else ""),
// and the length of each of its posts ([] when they could not be measured).
type TargetVerdict struct {
	Platform  string         `json:"platform"`
	AccountID string         `json:"accountId"`
	Posts     []MeasuredPost `json:"posts"`
}

// Verdict is the whole answer for one request.
//
// Precedence, when several things are wrong. First, four answers stand alone: the verdict
// has those problems and nothing else is checked, since nothing else can be trusted:
//
//   - 400 problems of the options, In "options": Env.Accounts is not a valid account list
//     (the checks of DecodeEnv)
//   - 500 internal_error: Env.DraftState is not saved, publishing, deleted or "" (a
//     setting of the server, so the server's fault, never the client's)
//   - 404 draft_not_found: the draft is deleted; there is nothing to publish, whatever
//     the body says
//   - 400 malformed_json, invalid_body, body_too_large or too_deep: the request body is
//     not a readable JSON object (a stored draft in that state is one problem of the
//     draft, listed with the body's)
//
// Otherwise every problem is found and listed, and the answered status is the first row
// that has one (docs/design.md orders them the same way):
//
//  1. 400: every shape, type, length, schedule and resolution-400 problem, of the body and
//     of the stored draft, all together
//  2. 404: account_not_found, no_connected_account
//  3. 409: draft_already_publishing, then ambiguous_account (a second click on "publish"
//     is told so before anything about its accounts)
//  4. 402: subscription_inactive
//  5. 403: plan_limit_reached, account_limit_reached
//
// So a request that is wrong is told so even when the plan is exhausted, and a client fixes
// its request before it is told to pay.
type Verdict struct {
	// Valid is true when the request is accepted.
	Valid bool `json:"valid"`
	// HTTPStatus is, when valid, the API's success status: 202 for a created post, 200 for
	// a published draft (the seed's contract: a draft publish answers 200); else the status
	// of the answered problems.
	HTTPStatus int `json:"httpStatus"`
	// Error is the API's error body; nil when valid.
	Error *ErrorBody `json:"error"`
	// Problems lists everything found, in the order of the precedence above; within 400,
	// the request body's problems sorted by path, then a stored draft's. At most 100
	// problems of each document, and 100 others, are listed. Never nil.
	Problems []Problem `json:"problems"`
	// Warnings lists what the rule book's warning rules found (more hashtags than the
	// platform recommends, an image without alt text...), in the order of Problems. They
	// never make a verdict invalid nor change its status; a valid verdict may have them.
	// Each names its rule. Never nil.
	Warnings []Problem `json:"warnings"`
	// Targets has one entry per target of the request, even when it is invalid. Never nil.
	Targets []TargetVerdict `json:"targets"`
	// Billable is whether the request is charged: a valid one is; no 4xx or 500 is.
	Billable bool `json:"billable"`
	// Status is what the API reports for a valid request: create, "publishing" (publish
	// now) or "pending" (scheduled); draft publish, "publishing" or "scheduled".
	Status lifecycle.PostStatus `json:"status,omitempty"`
	// ScheduledFor is the scheduled time of a valid scheduled request, normalized by
	// rules.FormatScheduledFor.
	ScheduledFor string `json:"scheduledFor,omitempty"`
	// ResolutionSkipped is true when target resolution did not run: Env.Accounts is nil, or
	// a target's platform or accountId was already rejected.
	ResolutionSkipped bool `json:"resolutionSkipped"`
	// BookVersion names the rule book that reached the verdict, rules.BookVersion
	// ("0.8.0+book.2026-11-28"): the release and the date its newest source was read. Every
	// verdict has it, on every face, so a saved verdict says which book judged it.
	BookVersion string `json:"bookVersion"`
	// Post is the decoded request, so that a server need not decode the body again: for a
	// create, the body; for a draft publish, the stored draft with the body's publishNow,
	// scheduledFor and timezone, i.e. the post that will be published. It is set whenever
	// every value was decoded into the wire types, even when a rule then rejects the
	// request (Valid says whether it is accepted), and is then what plain json.Unmarshal
	// of the body into CreatePost gives. It is nil when the body (or the stored draft)
	// could not be decoded: malformed, too large, too deep, not an object, or a name or
	// value the decoder refused; and for a deleted draft or a 500. Every valid verdict has
	// a Post. Not part of the JSON verdict.
	Post *CreatePost `json:"-"`
}

// asProblem is err as a *apierror.Error; an error of another type is still a problem (500,
// never a silent pass).
func asProblem(err error) *apierror.Error {
	if e := apierror.As(err); e != nil {
		return e
	}
	return apierror.New(apierror.CodeInternal, "", err.Error())
}

// precedence orders problems by the documented precedence (see Verdict). A 5xx, the
// server's own fault, comes before everything the client could fix.
func precedence(e *apierror.Error) int {
	switch e.HTTPStatus {
	case 400:
		return 1
	case 404:
		return 2
	case 409:
		if e.Code == apierror.CodeDraftAlreadyPublishing {
			return 3
		}
		return 4
	case 402:
		return 5
	case 403:
		return 6
	}
	if e.HTTPStatus >= 500 {
		return 0
	}
	return 7
}

// alone is the verdict whose only problem is e, of the request body or of no document
// (see Verdict: what stands alone).
func (c *check) alone(e *apierror.Error) Verdict {
	c.docs, c.others = nil, []located{{err: e, foundProblem: foundProblem{err: e, target: -1}}}
	return c.verdict()
}

// verdict is the one Verdict of the check: every document's problems sorted by path, the
// others by precedence, the targets, the warnings and the fixes.
func (c *check) verdict() Verdict {
	var all []located
	for _, d := range c.docs {
		in := d.dec.origin.in()
		start := len(all)
		for _, f := range d.problems {
			all = append(all, located{err: f.err, in: in, foundProblem: f})
		}
		ps := all[start:]
		sort.SliceStable(ps, func(i, j int) bool { return pathLess(ps[i].err.Path, ps[j].err.Path) })
	}
	others := c.others
	sort.SliceStable(others, func(i, j int) bool { return precedence(others[i].err) < precedence(others[j].err) })
	if len(others) > maxProblems {
		others = others[:maxProblems]
	}
	all = append(all, others...)
	sort.SliceStable(all, func(i, j int) bool { return precedence(all[i].err) < precedence(all[j].err) })

	v := Verdict{
		Problems:          make([]Problem, len(all)),
		Targets:           c.targetsV,
		ResolutionSkipped: !c.res.ran,
		BookVersion:       rules.BookVersion,
		Post:              c.post,
	}
	if v.Targets == nil {
		v.Targets = []TargetVerdict{}
	}
	targetsIn := ""
	if c.targetDoc != nil {
		targetsIn = c.targetDoc.dec.origin.in()
	}
	for i, p := range all {
		v.Problems[i] = Problem{Path: p.err.Path, Code: p.err.Code, Message: p.err.Message, In: p.in, Rule: p.err.Rule, Length: p.length}
		ti := p.target
		if ti < 0 && p.in == targetsIn {
			ti = targetIndex(p.err.Path)
		}
		if ti >= 0 && ti < len(c.targetsV) {
			t := c.targetsV[ti]
			v.Problems[i].Target = &ProblemTarget{Index: ti, Platform: t.Platform, AccountID: t.AccountID}
		}
	}
	v.Warnings = c.warningList()
	offerFixes(c.body, c.env.Limits, v.Problems, v.Warnings)
	if len(all) == 0 {
		v.Valid, v.HTTPStatus, v.Billable, v.Status = true, c.okStatus, apierror.Billable(nil), c.status
		if !c.scheduled.At.IsZero() {
			v.ScheduledFor = c.scheduled.UTC
		}
		return v
	}
	first := all[0].err
	n := 1
	for n < len(all) && all[n].err.HTTPStatus == first.HTTPStatus {
		n++
	}
	v.HTTPStatus = first.HTTPStatus
	v.Error = errorBody(first, v.Problems[:n])
	v.Billable = apierror.Billable(first)
	return v
}

// targetIndex is i when path is /platforms/i or lies inside it, else -1.
func targetIndex(path string) int {
	const prefix = "/platforms/"
	if !strings.HasPrefix(path, prefix) {
		return -1
	}
	rest := path[len(prefix):]
	n, i := 0, 0
	for ; i < len(rest) && rest[i] >= '0' && rest[i] <= '9' && i < 9; i++ {
		n = n*10 + int(rest[i]-'0')
	}
	if i == 0 || (i < len(rest) && rest[i] != '/') || (rest[0] == '0' && i > 1) {
		return -1
	}
	return n
}

// errorBody is the API's error body for the answered problems (all of one status; the
// first is first).
func errorBody(first *apierror.Error, problems []Problem) *ErrorBody {
	b := &ErrorBody{Error: first.Title, Code: first.Code, Message: first.Message}
	if len(problems) == 1 {
		b.Path, b.In = first.Path, problems[0].In
		if first.Path != "" {
			// For people reading the message alone; clients read Path.
			b.Message += " (at " + first.Path + ")"
		}
	} else {
		if first.HTTPStatus == 400 {
			vf := apierror.New(apierror.CodeValidationFailed, "", "")
			b.Error, b.Code = vf.Title, vf.Code
		}
		where := ""
		if first.Path != "" {
			where = " at " + first.Path
		}
		b.Message = strconv.Itoa(len(problems)) + " problems; the first" + where + ": " + first.Message
		b.Problems = problems
	}
	if first.Code == apierror.CodeSubscriptionInactive {
		b.SubscribeURL = first.SubscribeURL
	}
	if first.HTTPStatus == 403 {
		limit, used, connected := first.PlanLimit, first.PlanUsed, first.PlanConnected
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

// warningList is the verdict's Warnings: every document's, each sorted by path like its
// problems. Never nil.
func (c *check) warningList() []Problem {
	out := []Problem{}
	for _, d := range c.docs {
		start := len(out)
		for _, e := range d.warnings {
			out = append(out, Problem{Path: e.Path, Code: e.Code, Message: e.Message, In: d.dec.origin.in(), Rule: e.Rule})
		}
		ws := out[start:]
		sort.SliceStable(ws, func(i, j int) bool { return pathLess(ws[i].Path, ws[j].Path) })
	}
	return out
}

// offerFixes sets Fix on each problem and warning of the request body (In "") that has a
// mechanical remedy. body is nil when there is no request body to patch.
func offerFixes(body []byte, limits rules.Limits, lists ...[]Problem) {
	if body == nil {
		return
	}
	var in []fix.Problem
	for _, ps := range lists {
		for _, p := range ps {
			at := -1
			if p.Length != nil {
				at = p.Length.OverflowAt
			}
			in = append(in, fix.Problem{Path: p.Path, Rule: p.Rule, Code: string(p.Code), OverflowAt: at})
		}
	}
	fixes := fix.Offer(body, in, limits)
	k := 0
	for _, ps := range lists {
		for i := range ps {
			if ps[i].In == "" {
				ps[i].Fix = fixes[k]
			}
			k++
		}
	}
}
