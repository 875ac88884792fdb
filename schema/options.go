package schema

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
	"github.com/postrules/postrules/rules/media"
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
	// Media are the facts of the request's media files by URL (mediaItems[].url): a
	// server probes what its upload endpoint stored (media.Probe) and passes them here;
	// each target's media are then judged by its platform's media rules (media.Judge),
	// every problem at its item's pointer. A URL without facts is not judged (the
	// checks never fetch a URL); nil judges none.
	Media map[string]media.Facts
	// MediaErrors are, by URL, the media files whose facts could not be had: the media
	// fetcher's (rules/media/fetch) problems (refused, unreachable, timed out, not found,
	// too large) or the probe's (not media). Each item with that URL gets its error as a
	// problem at the item's /url pointer; the error's own path is ignored. A URL in both
	// maps is judged by its error. nil: none.
	MediaErrors map[string]*apierror.Error
	// TikTokPrivacyLevels are, by TikTok accountId, the privacy levels TikTok's
	// creator_info query gives for that creator (privacy_level_options): a tiktok target
	// resolved to such an account whose privacyLevel is not among them breaks
	// tiktok.privacy.allowed. An account without an entry is not judged (the checks never
	// call TikTok); it applies only when resolution runs (Accounts given).
	TikTokPrivacyLevels map[string][]string
	// Plan is the caller's subscription; the zero value is active and unlimited.
	Plan rules.Plan
	// DraftState is the stored draft's state (CheckDraftPublish only); "" is saved. A
	// value other than saved, publishing, deleted or "" is the server's own mistake and
	// answers 500 internal_error.
	DraftState lifecycle.DraftState
	// MaxBodyBytes is the size limit of a body (and of a stored draft); 0 or less means
	// DefaultMaxBodyBytes (1 MiB).
	MaxBodyBytes int
	// MaxTargets is how many targets ("platforms" entries) a request, or a stored draft,
	// may have: 0 means DefaultMaxTargets (100), below 0 no bound. More is 400
	// too_many_targets at /platforms.
	MaxTargets int
}

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

// The member tables of the options and of their parts; null is "not given" for every
// option.
var (
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
)

// xweighted is X's weighted counter (twitter-text's v3 configuration), built once and never
// changed (counters are safe for concurrent use): the counter of the "x-weighted" option,
// and the one every check lends its Limits for the warning twitter.text.x_weighted.
var xweighted rules.Counter = xweight.Default()

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

// optionProblems are d's problems as problems of options (In "options").
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

// options decodes the options object into env.
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
// (rules.TextRules) and whose values say {"limit": N} (the rule's limit in its own unit, for an
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
