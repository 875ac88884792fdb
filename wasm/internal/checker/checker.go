// Package checker is the Go half of the full postrules WebAssembly module: it turns a
// page's request body and options into one call of [schema.CheckCreatePost] or
// [schema.CheckDraftPublish] and returns the verdict as JSON, the same verdict the API
// server and `validate post --format json` give for that body.
//
// It lives apart from package bridge so that the small counter module, which a composer
// loads first, does not carry schema and validator/v10.
package checker

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"sort"
	"strconv"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/schema"
	"github.com/postrules/postrules/wasm/internal/bridge"
)

// Options is the JSON form of checkPost's and checkDraftPublish's options, as the
// JavaScript wrapper sends them. Every field is optional.
type Options struct {
	// Now is the caller's clock in the scheduledFor grammar; absent or null skips the
	// "scheduledFor is after now" check (the wrapper fills in the current time unless the
	// page passes null).
	Now *string `json:"now"`
	// Accounts are the connected accounts; absent or null skips target resolution.
	Accounts *[]rules.Account `json:"accounts"`
	// Plan is the caller's plan; absent means an active subscription without limits.
	Plan *PlanOptions `json:"plan"`
	// Limits replaces the cap and/or counter of some platforms, keyed by wire name.
	Limits map[string]LimitOptions `json:"limits"`
	// DraftState is the stored draft's state for checkDraftPublish: "saved" (default),
	// "publishing" or "deleted".
	DraftState *string `json:"draftState"`
	// Nothing else: what the wrapper itself finds travels apart, as a WrapperError in its
	// own argument, so that no options object a page writes can forge a verdict.
}

// WrapperError is an error the JavaScript wrapper found while translating the page's
// values (a request with no JSON form, a lone surrogate, an options object it could not
// read, a body over the size limit). The exports take it as a separate argument, never
// inside the options JSON: a page controls the options, and an error slipped in there
// would give it any verdict it likes (a 500, a billable 502, a 429...). Its codes are
// limited to the ones the wrapper can find (see wrapperCodes).
type WrapperError struct {
	Code    rules.Code `json:"code"`
	Message string     `json:"message"`
	Path    string     `json:"path"`
}

// PlanOptions is [rules.Plan] with JSON names.
type PlanOptions struct {
	SubscriptionInactive bool   `json:"subscriptionInactive"`
	SubscribeURL         string `json:"subscribeUrl"`
	PostLimit            int    `json:"postLimit"`
	PostsUsed            int    `json:"postsUsed"`
	AccountLimit         int    `json:"accountLimit"`
	ConnectedAccounts    int    `json:"connectedAccounts"`
}

// LimitOptions is one platform's entry of Options.Limits.
type LimitOptions struct {
	Cap     *float64 `json:"cap"`
	Counter string   `json:"counter"`
}

// env builds the schema environment from the options JSON, or the fault that stops the
// check. draft tells whether draftState may be given.
func env(optionsJSON string, draft bool) (schema.Env, *Options, *bridge.Fault) {
	var o Options
	if optionsJSON != "" {
		if f := decodeStrict([]byte(optionsJSON), &o, "options"); f != nil {
			return schema.Env{}, nil, f
		}
	}
	var e schema.Env
	if o.Now != nil {
		t, err := rules.ParseScheduledFor(*o.Now)
		if err != nil {
			f := bridge.FaultOf(err, *o.Now)
			f.Message = "option now: " + f.Message
			return e, nil, f
		}
		e.Now = t
	}
	if o.Accounts != nil {
		e.Accounts = *o.Accounts
		if e.Accounts == nil {
			e.Accounts = []rules.Account{}
		}
	}
	if p := o.Plan; p != nil {
		e.Plan = rules.Plan{
			SubscriptionInactive: p.SubscriptionInactive, SubscribeURL: p.SubscribeURL,
			PostLimit: p.PostLimit, PostsUsed: p.PostsUsed,
			AccountLimit: p.AccountLimit, ConnectedAccounts: p.ConnectedAccounts,
		}
	}
	names := make([]string, 0, len(o.Limits))
	for name := range o.Limits {
		names = append(names, name)
	}
	sort.Strings(names) // the first bad entry reported is the same on every run
	for _, name := range names {
		lo := o.Limits[name]
		p, err := rules.ParsePlatform(name)
		if err != nil {
			f := bridge.FaultOf(err, "")
			f.Message = "option limits: " + f.Message
			return e, nil, f
		}
		lim := e.Limits.For(p)
		if lo.Counter != "" {
			c, ok := bridge.CounterNamed(lo.Counter)
			if !ok {
				return e, nil, bridge.NewFault(rules.CodeInvalidValue, "",
					"option limits."+name+".counter "+strconv.Quote(lo.Counter)+" is not \"graphemes\" or \"x-weighted\"")
			}
			lim.Counter = c
		}
		if lo.Cap != nil {
			c := *lo.Cap
			if !bridge.ValidCap(c) {
				return e, nil, bridge.NewFault(rules.CodeInvalidValue, "",
					"option limits."+name+".cap must be a whole number from 1 to 2147483647")
			}
			lim.Cap = int(c)
		}
		e.Limits = e.Limits.With(p, lim)
	}
	if o.DraftState != nil {
		if !draft {
			return e, nil, bridge.NewFault(rules.CodeInvalidValue, "", "option draftState applies to checkDraftPublish only")
		}
		switch s := rules.DraftState(*o.DraftState); s {
		case rules.DraftSaved, rules.DraftPublishing, rules.DraftDeleted:
			e.DraftState = s
		default:
			return e, nil, bridge.NewFault(rules.CodeInvalidValue, "",
				"option draftState "+strconv.Quote(*o.DraftState)+" is not one of \"saved\", \"publishing\", \"deleted\"")
		}
	}
	return e, &o, nil
}

// Result is a verdict as the page receives it: schema's Report, the same projection
// `validate post --format json` prints for a file (less its "file"), so that one parser
// reads both: valid, httpStatus (only when invalid), error (the API's error body, or null),
// problems ({path, code, message} each), billable and targets (of each post only its path,
// length and cap). To those it adds, only when the request is valid, what the API reports
// for it and a composer shows: status, and scheduledFor when the post is scheduled. An
// invalid verdict never has them.
type Result struct {
	schema.Report
	Status       rules.Status `json:"status,omitempty"`
	ScheduledFor string       `json:"scheduledFor,omitempty"`
}

// resultOf projects a schema verdict onto a Result.
func resultOf(v schema.Verdict) Result {
	r := Result{Report: v.Report()}
	if v.Valid {
		r.Status, r.ScheduledFor = v.Status, v.ScheduledFor
	}
	return r
}

// faultResult is the Result of a call that never reached schema: its options were wrong,
// or the page's request had no JSON form. It has the shape of every other verdict, with
// the fault as the API's error body for one problem (as schema writes it: its location in
// "path", and " (at <path>)" after the message when it has one), so a page reads valid,
// httpStatus and error the same way whatever went wrong.
func faultResult(f *bridge.Fault) Result {
	e := rules.NewError(f.Code, f.Path, f.Message)
	body := &schema.ErrorBody{Error: e.Title, Code: e.Code, Message: e.Message, Path: e.Path}
	if e.Path != "" {
		body.Message += " (at " + e.Path + ")"
	}
	return Result{Report: schema.Report{
		HTTPStatus: e.Status,
		Error:      body,
		Problems:   []schema.ReportProblem{{Path: f.Path, Code: f.Code, Message: f.Message}},
		Targets:    []schema.ReportTarget{},
		Billable:   rules.Billable(e),
	}}
}

// CheckPost is checkPost: the verdict of [schema.CheckCreatePost] for body under the
// environment the options JSON describes.
func CheckPost(body, optionsJSON string) Result {
	e, _, f := env(optionsJSON, false)
	if f != nil {
		return faultResult(f)
	}
	return resultOf(schema.CheckCreatePost([]byte(body), e))
}

// CheckDraftPublish is checkDraftPublish: the verdict of [schema.CheckDraftPublish] for
// publishing draft (stored in the create-post shape) with body.
func CheckDraftPublish(draft, body, optionsJSON string) Result {
	e, _, f := env(optionsJSON, true)
	if f != nil {
		return faultResult(f)
	}
	return resultOf(schema.CheckDraftPublish([]byte(draft), []byte(body), e))
}

// wrapperCodes are the codes a WrapperError may carry: the client errors the wrapper can
// find in a page's values. Any other code (a 5xx, a 401, 402, 429...) is a wrapper bug and
// becomes internal_error, never a verdict of the page's choosing.
var wrapperCodes = map[rules.Code]bool{
	rules.CodeWrongType: true, rules.CodeInvalidString: true, rules.CodeMalformedJSON: true,
	rules.CodeUnknownField: true, rules.CodeInvalidValue: true, rules.CodeBodyTooLarge: true,
	rules.CodeInvalidBody: true, rules.CodeMissingField: true,
}

// WrapperFault is the verdict for what the wrapper found in the page's values before any
// check could run (faultJSON is a WrapperError as JSON), or false when faultJSON is empty
// and the check should run.
func WrapperFault(faultJSON string) (Result, bool) {
	if faultJSON == "" {
		return Result{}, false
	}
	var w WrapperError
	if f := decodeStrict([]byte(faultJSON), &w, "wrapper error"); f != nil {
		return faultResult(bridge.InternalFault("postrules: malformed wrapper error: " + f.Message)), true
	}
	if !wrapperCodes[w.Code] {
		return faultResult(bridge.InternalFault("postrules: the wrapper sent code " + string(w.Code) + ": " + w.Message)), true
	}
	return faultResult(bridge.NewFault(w.Code, w.Path, w.Message)), true
}

// decodeStrict decodes exactly one JSON value from data into v, refusing members v does
// not define and anything after the value. what names the value in messages.
func decodeStrict(data []byte, v any, what string) *bridge.Fault {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var syntax *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case errors.As(err, &syntax), errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
			return bridge.NewFault(rules.CodeMalformedJSON, "", what+": not valid JSON: "+err.Error())
		case errors.As(err, &typ):
			return bridge.NewFault(rules.CodeWrongType, "", what+": "+err.Error())
		default:
			return bridge.NewFault(rules.CodeInvalidRequest, "", what+": "+err.Error())
		}
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return bridge.NewFault(rules.CodeMalformedJSON, "", what+": unexpected data after the JSON value")
	}
	return nil
}
