package schema

import (
	"slices"
	"strconv"
	"strings"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
	"github.com/postrules/postrules/rules/xweight"
)

// The one options model as JSON. Every face that takes its options as text (the WASM
// module's options object, an accounts file of the CLI) decodes them here, with the
// request's strict decoder, so that a defect gets the same code and pointer everywhere:
//
//	{
//	  "now":          "2026-01-02T03:04:05Z",   // the clock, scheduledFor grammar; null: no clock
//	  "accounts":     [{"platform": "twitter", "accountId": "tw-1"}], // null: no resolution
//	  "plan":         {"subscriptionInactive": false, "subscribeUrl": "", "postLimit": 0,
//	                   "postsUsed": 0, "accountLimit": 0, "connectedAccounts": 0},
//	  "limits":       {"twitter": {"cap": 280, "counter": "x-weighted"}},
//	  "rules":        {"bluesky.text.max_bytes": {"limit": 2000}, "instagram.hashtags.recommended": {"off": true}},
//	  "tiktokPrivacyLevels": {"tt-1": ["FOLLOWER_OF_CREATOR", "SELF_ONLY"]}, // creator_info, by accountId
//	  "draftState":   "saved",                   // saved, publishing or deleted
//	  "maxBodyBytes": 1048576,
//	  "maxTargets":   100                        // -1: no bound
//	}
//
// Every member is optional. Names are exact (no case folding), given once, and nothing
// else is accepted: there is no member through which a page could forge a verdict.

// Problem.In of a problem in decoded options, and in decoded outcomes.
const (
	inOptions  = "options"
	inOutcomes = "outcomes"
)

// The documents DecodeEnv and DecodeAccounts read, and DecodeOutcomes.
const (
	originOptions  origin = 2
	originOutcomes origin = 3
)

var (
	accountTable = newTable(
		wireMember[accountRead]{name: "platform", required: true, decode: func(d *decoder, r *accountRead) {
			if s, ok := r.value(d, 1); ok {
				r.acct.Platform = rules.Platform(s)
			}
		}},
		wireMember[accountRead]{name: "accountId", required: true, decode: func(d *decoder, r *accountRead) {
			if s, ok := r.value(d, 2); ok {
				r.acct.ID = s
			}
		}},
	)
	limitTable = newTable(
		wireMember[limitRead]{name: "cap", decode: func(d *decoder, r *limitRead) {
			n := 0
			d.integer(&n)
			switch {
			case d.broken.has(d.pointer()):
				r.bad = true
			case n < 1 || n > maxCap:
				d.reportHere(apierror.CodeInvalidValue, "a cap is a whole number from 1 to "+strconv.Itoa(maxCap))
				r.bad = true
			default:
				r.lim.Cap = n
			}
		}},
		wireMember[limitRead]{name: "counter", decode: func(d *decoder, r *limitRead) {
			var s string
			if !d.str(&s) {
				r.bad = true
				return
			}
			switch s {
			case "graphemes":
				r.lim.Counter = rules.GraphemeCounter()
			case xweight.Name:
				r.lim.Counter = xweighted
			default:
				d.reportHere(apierror.CodeInvalidValue, "counter "+quoteName(s)+" is not \"graphemes\" or \""+xweight.Name+"\"")
				r.bad = true
			}
		}},
	)

	// null is "not given" for every option.
	optionsTable = newTable(
		wireMember[Env]{name: "now", decode: func(d *decoder, env *Env) {
			var s string
			if d.null() || !d.str(&s) || d.broken.has(d.pointer()) {
				return
			}
			t, err := rules.ParseScheduledFor(s)
			if err != nil {
				d.invalid(err)
				return
			}
			env.Now = t
		}},
		wireMember[Env]{name: "accounts", decode: func(d *decoder, env *Env) {
			if !d.null() {
				env.Accounts = d.accounts()
			}
		}},
		wireMember[Env]{name: "tiktokPrivacyLevels", decode: func(d *decoder, env *Env) {
			if !d.null() {
				env.TikTokPrivacyLevels = d.privacyLevels()
			}
		}},
		wireMember[Env]{name: "plan", decode: func(d *decoder, env *Env) {
			if !d.null() {
				decodeObject(d, planTable, &env.Plan)
			}
		}},
		wireMember[Env]{name: "limits", decode: func(d *decoder, env *Env) {
			if !d.null() {
				d.limits(&env.Limits)
			}
		}},
		wireMember[Env]{name: "rules", decode: func(d *decoder, env *Env) {
			if !d.null() {
				d.ruleOverrides(&env.Limits)
			}
		}},
		wireMember[Env]{name: "draftState", decode: func(d *decoder, env *Env) {
			var s string
			if d.null() || !d.str(&s) || d.broken.has(d.pointer()) {
				return
			}
			switch st := lifecycle.DraftState(s); st {
			case lifecycle.DraftSaved, lifecycle.DraftPublishing, lifecycle.DraftDeleted:
				env.DraftState = st
			default:
				d.reportHere(apierror.CodeInvalidValue, "draftState "+quoteName(s)+" is not one of \"saved\", \"publishing\", \"deleted\"")
			}
		}},
		wireMember[Env]{name: "maxBodyBytes", decode: func(d *decoder, env *Env) {
			if !d.null() {
				env.MaxBodyBytes = d.count()
			}
		}},
		wireMember[Env]{name: "maxTargets", decode: func(d *decoder, env *Env) {
			if d.null() {
				return
			}
			n := 0
			d.integer(&n)
			if n < -1 && !d.broken.has(d.pointer()) {
				d.reportHere(apierror.CodeInvalidValue, "maxTargets is a whole number of targets, or -1 for no bound")
				return
			}
			env.MaxTargets = n
		}},
	)
	// ruleOverride is one member of "rules": a rule's own limit, or the rule turned off.
	ruleOverrideTable = newTable(
		wireMember[ruleOverride]{name: "limit", decode: func(d *decoder, o *ruleOverride) {
			n := 0
			d.integer(&n)
			if (n < 1 || n > maxCap) && !d.broken.has(d.pointer()) {
				d.reportHere(apierror.CodeInvalidValue, "a rule's limit is a whole number from 1 to "+strconv.Itoa(maxCap))
				return
			}
			o.limit = n
		}},
		wireMember[ruleOverride]{name: "off", decode: func(d *decoder, o *ruleOverride) { d.boolean(&o.off) }},
	)
	planTable = newTable(
		wireMember[rules.Plan]{name: "subscriptionInactive", decode: func(d *decoder, p *rules.Plan) { d.boolean(&p.SubscriptionInactive) }},
		wireMember[rules.Plan]{name: "subscribeUrl", decode: func(d *decoder, p *rules.Plan) { d.str(&p.SubscribeURL) }},
		wireMember[rules.Plan]{name: "postLimit", decode: func(d *decoder, p *rules.Plan) { p.PostLimit = d.count() }},
		wireMember[rules.Plan]{name: "postsUsed", decode: func(d *decoder, p *rules.Plan) { p.PostsUsed = d.count() }},
		wireMember[rules.Plan]{name: "accountLimit", decode: func(d *decoder, p *rules.Plan) { p.AccountLimit = d.count() }},
		wireMember[rules.Plan]{name: "connectedAccounts", decode: func(d *decoder, p *rules.Plan) { p.ConnectedAccounts = d.count() }},
	)
	outcomeTable = newTable(
		wireMember[lifecycle.Outcome]{name: "platform", required: true, decode: func(d *decoder, o *lifecycle.Outcome) { o.Platform = rules.Platform(d.text()) }},
		wireMember[lifecycle.Outcome]{name: "state", required: true, decode: func(d *decoder, o *lifecycle.Outcome) { o.State = lifecycle.TargetState(d.text()) }},
		wireMember[lifecycle.Outcome]{name: "error", decode: func(d *decoder, o *lifecycle.Outcome) { o.Error = d.text() }},
		wireMember[lifecycle.Outcome]{name: "code", decode: func(d *decoder, o *lifecycle.Outcome) { o.Code = apierror.Code(d.text()) }},
	)
)

// text decodes a string value ("" when it is not one: reported).
// xweighted is X's weighted counter (twitter-text's v3 configuration), built once and never
// changed (counters are safe for concurrent use): the counter of the "x-weighted" option,
// and the one every check lends its Limits for the warning twitter.text.x_weighted.
var xweighted rules.Counter = xweight.Default()

func (d *decoder) text() string {
	var s string
	d.str(&s)
	return s
}

// maxCap is the largest cap the options take: below the decoder's clamp of whole numbers.
const maxCap = wholeClamp - 1

// DecodeEnv decodes options JSON (see above) into an Env. Its problems, in the order found,
// have In "options" and pointers into data; when there is any, the Env must not be used.
// The options are decoded as strictly as a request: unknown, case-mismatched or repeated
// names, wrong types, lone surrogates and invalid UTF-8 are problems with their own codes.
// Values are checked too: the accounts as DecodeAccounts checks them; a cap is a whole
// number from 1 to 999,999,999; a counter is "graphemes" or "x-weighted"; a limit's name and
// an account's platform are one of the ten platforms, exactly spelled; now is in the
// scheduledFor grammar; plan numbers and maxBodyBytes are whole numbers, not negative.
func DecodeEnv(data []byte) (Env, []Problem) {
	var env Env
	d := newDecoder(data, originOptions)
	if d.top(data, DefaultMaxBodyBytes) {
		d.options(&env)
		d.end()
	}
	return env, optionProblems(d)
}

// DecodeAccounts decodes a JSON array of connected accounts, {"platform", "accountId"}
// each, with the checks of DecodeEnv's "accounts": both members present and strings; the
// platform one of the ten, exactly spelled (400 unknown_platform); the accountId not empty
// (400 invalid_value); no account listed twice (400 invalid_value at the later one). The
// result is never nil when there is no problem: [] means nothing is connected.
func DecodeAccounts(data []byte) ([]rules.Account, []Problem) {
	d := newDecoder(data, originOptions)
	var accounts []rules.Account
	if d.topArray(data) {
		accounts = d.accounts()
		d.end()
	}
	return accounts, optionProblems(d)
}

func optionProblems(d *decoder) []Problem {
	var ps []Problem
	for _, e := range d.all() {
		ps = append(ps, Problem{Path: e.Path, Code: e.Code, Message: e.Message, In: inOptions})
	}
	return ps
}

// null skips a JSON null and reports whether the value was one.
func (d *decoder) null() bool {
	if d.sc.Peek() != strictjson.Null {
		return false
	}
	d.sc.Skip()
	return true
}

func (d *decoder) options(env *Env) { decodeObject(d, optionsTable, env) }

// invalid rejects the current value with a rule's error (its code and message).
func (d *decoder) invalid(err error) {
	e := asProblem(err)
	d.reportHere(e.Code, e.Message)
}

// count decodes a whole number that must not be negative.
func (d *decoder) count() int {
	n := -1
	d.integer(&n)
	if n < 0 && !d.broken.has(d.pointer()) {
		d.reportHere(apierror.CodeInvalidValue, "expected a whole number, not negative")
	}
	return max(n, 0)
}

// accounts decodes and checks a list of connected accounts (see DecodeAccounts). The
// values are checked by accountProblems, the same checks CheckCreatePost applies to an
// Env built in Go.
func (d *decoder) accounts() []rules.Account {
	if !d.openArray() {
		return nil
	}
	base := d.pointer()
	out := []rules.Account{}
	var at []int // at[k] is the index in the array of out[k]
	var a array
	for d.nextElem(&a) {
		var r accountRead
		if decodeObject(d, accountTable, &r) && !r.bad && r.given == 3 {
			out = append(out, r.acct)
			at = append(at, a.index)
		}
	}
	bad := map[int]bool{}
	for _, e := range accountProblems(out, at, base) {
		d.broken.mark([]byte(e.Path), "", false)
		if d.listing(len(e.Path)) {
			d.problems = append(d.problems, e.Error)
		}
		bad[e.index] = true
	}
	kept := out[:0]
	for k, acct := range out {
		if !bad[k] {
			kept = append(kept, acct)
		}
	}
	return kept
}

// accountProblem is a problem of account k of a list.
type accountProblem struct {
	*apierror.Error
	index int
}

// accountProblems checks a list of connected accounts: each platform one of the ten,
// exactly spelled (unknown_platform at .../i/platform), each accountId not empty
// (invalid_value at .../i/accountId), no account listed twice (invalid_value at .../i, the
// later one). at[k] is the index of accounts[k] in its JSON array (nil: k itself); base is
// the array's pointer. Every face checks accounts with it, DecodeEnv and DecodeAccounts on
// decoded JSON and CheckCreatePost on an Env built in Go, so a defect has one code and one
// pointer everywhere.
func accountProblems(accounts []rules.Account, at []int, base string) []accountProblem {
	var out []accountProblem
	first := make(map[rules.Account]int, len(accounts))
	for k, a := range accounts {
		i := k
		if at != nil {
			i = at[k]
		}
		p := base + "/" + strconv.Itoa(i)
		bad := false
		if _, err := rules.ParsePlatform(string(a.Platform)); err != nil {
			e := asProblem(err)
			out = append(out, accountProblem{apierror.New(e.Code, p+"/platform", e.Message), k})
			bad = true
		}
		if a.ID == "" {
			out = append(out, accountProblem{apierror.New(apierror.CodeInvalidValue, p+"/accountId", "the accountId is empty"), k})
			bad = true
		}
		if bad {
			continue
		}
		if j, dup := first[a]; dup {
			out = append(out, accountProblem{apierror.New(apierror.CodeInvalidValue, p, "duplicate account: "+string(a.Platform)+" "+
				quoteName(a.ID)+" is already listed at "+base+"/"+strconv.Itoa(j)+"; list each account once"), k})
			continue
		}
		first[a] = i
	}
	return out
}

// dataMembers reads an object whose member names are data (platforms, rule ids): a name
// that is not clean, or that known refuses (known reports why), is skipped; a name given
// twice is duplicate_field; every other member's value is read by value, with the name
// on the path.
func (d *decoder) dataMembers(known func(name string) bool, value func(name string)) {
	if !d.is(d.sc.Peek(), strictjson.Object, "an object") {
		return
	}
	d.sc.BeginObject()
	var it strictjson.Iter
	seen := map[string]bool{}
	for d.sc.NextMember(&it) {
		name, clean, ok := d.key()
		if !ok {
			return
		}
		if !clean || !known(name) {
			d.skipMember(name)
			continue
		}
		if seen[name] {
			d.duplicate(name)
			d.skipMember(name)
			continue
		}
		seen[name] = true
		d.push(name)
		value(name)
		d.pop()
	}
}

// privacyLevels decodes {"<accountId>": ["SELF_ONLY", ...], ...}: each a list of TikTok's
// privacy levels (the creator_info query's privacy_level_options).
func (d *decoder) privacyLevels() map[string][]string {
	out := map[string][]string{}
	d.dataMembers(func(string) bool { return true }, func(name string) {
		levels := d.stringArray()
		for k, l := range levels {
			if !slices.Contains(tiktokPrivacyLevels, l) {
				d.push(strconv.Itoa(k))
				d.reportHere(apierror.CodeInvalidValue, "privacy level "+quoteName(l)+" is not one of "+strings.Join(tiktokPrivacyLevels, ", "))
				d.pop()
			}
		}
		if levels != nil {
			out[name] = levels
		}
	})
	return out
}

// limits decodes {"<platform>": {"cap", "counter"}, ...}: the member names are platforms.
func (d *decoder) limits(l *rules.Limits) {
	d.dataMembers(func(name string) bool {
		if _, err := rules.ParsePlatform(name); err != nil {
			if e := asProblem(err); d.reject(name, true) {
				d.list(e.Code, name, true, e.Message)
			}
			return false
		}
		return true
	}, func(name string) {
		p := rules.Platform(name)
		lim := l.For(p)
		if d.limit(&lim) {
			*l = l.With(p, lim)
		}
	})
}

// ruleOverride is what "rules" says of one rule of the book.
type ruleOverride struct {
	limit int
	off   bool
}

// ruleOverrides decodes "rules": an object whose names are ids of the rule book
// (rules.Book) and whose values say {"limit": N} (the rule's limit in its own unit, for an
// API whose limits differ) or {"off": true} (the rule is not checked). An id that is not in
// the book is 400 invalid_value at its name, as is a rule given twice.
func (d *decoder) ruleOverrides(l *rules.Limits) {
	d.dataMembers(func(name string) bool {
		if _, known := rules.RuleByID(name); !known {
			if d.reject(name, true) {
				d.list(apierror.CodeInvalidValue, name, true, "rule "+quoteName(name)+" is not in the rule book (validate rules lists them)")
			}
			return false
		}
		return true
	}, func(name string) {
		var o ruleOverride
		if decodeObject(d, ruleOverrideTable, &o) && !d.broken.under(d.pointer()) {
			switch {
			case o.off:
				*l = l.Disable(name)
			case o.limit > 0:
				*l = l.WithRule(name, o.limit)
			}
		}
	})
}

// accountRead is one account being decoded: given has bit 1 for platform and 2 for
// accountId once read, bad is set when either had a problem.
type accountRead struct {
	acct  rules.Account
	given uint8
	bad   bool
}

// value reads the string value of the member of bit, or reports that it had a problem.
func (r *accountRead) value(d *decoder, bit uint8) (string, bool) {
	r.given |= bit
	var s string
	if !d.str(&s) || d.broken.has(d.pointer()) {
		r.bad = true
		return "", false
	}
	return s, true
}

// limitRead is one platform's limit being decoded over lim; bad is set by a problem.
type limitRead struct {
	lim *rules.Limit
	bad bool
}

// limit decodes one platform's {"cap", "counter"} over lim; false when it had a problem.
func (d *decoder) limit(lim *rules.Limit) bool {
	r := limitRead{lim: lim}
	if !decodeObject(d, limitTable, &r) {
		return false
	}
	return !r.bad && !d.broken.has(d.pointer()) && !d.broken.under(d.pointer())
}

// DecodeOutcomes decodes the per-target outcomes of a publish, a JSON array of {"platform",
// "state", "error"?, "code"?}, for lifecycle.Aggregate, with the request's strict decoder: a
// name given twice ({"state":"failed","state":"published"}) is 400 duplicate_field at its
// pointer, never "the last one wins"; malformed JSON names the byte; strings must be
// valid UTF-8 without lone surrogates. Which platforms and states are valid is the rule's
// business (lifecycle.Aggregate), not the decoder's. Problems have In "outcomes".
func DecodeOutcomes(data []byte) ([]lifecycle.Outcome, []Problem) {
	d := newDecoder(data, originOutcomes)
	var out []lifecycle.Outcome
	if d.topArray(data) && d.openArray() {
		out = []lifecycle.Outcome{}
		var a array
		for d.nextElem(&a) {
			var oc lifecycle.Outcome
			decodeObject(d, outcomeTable, &oc)
			out = append(out, oc)
		}
		d.end()
	}
	ps := optionProblems(d)
	for i := range ps {
		ps[i].In = inOutcomes
	}
	return out, ps
}

// StatusAnswer is the answer to the per-target outcomes of a publish: the post's status
// and whether it succeeded, in the order the API writes them ({"success","status"}). It
// is what `validate status --format json` prints and what the WASM module's aggregate
// returns, built here once for both.
type StatusAnswer struct {
	Success bool                 `json:"success"`
	Status  lifecycle.PostStatus `json:"status"`
}

// CheckOutcomes reads outcomes with DecodeOutcomes and folds them with lifecycle.Aggregate.
// It returns the answer, or, when the outcomes cannot be folded, the API's error body of
// the first problem ({"error","code","message","path"?}; a 400).
func CheckOutcomes(data []byte) (StatusAnswer, *ErrorBody) {
	outcomes, problems := DecodeOutcomes(data)
	var e *apierror.Error
	if len(problems) > 0 {
		e = apierror.New(problems[0].Code, problems[0].Path, problems[0].Message)
	} else {
		s, err := lifecycle.Aggregate(outcomes)
		if err == nil {
			return StatusAnswer{Success: s.Success, Status: s.Status}, nil
		}
		if e = apierror.As(err); e == nil { // Aggregate documents *Error; never let another pass
			e = apierror.New(apierror.CodeInvalidRequest, "", err.Error())
		}
	}
	return StatusAnswer{}, &ErrorBody{Error: e.Title, Code: e.Code, Message: e.Message, Path: e.Path}
}
