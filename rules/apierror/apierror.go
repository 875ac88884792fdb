// Package apierror is the error model of the social publishing API postrules checks for:
// one error type, [Error], whose [Code] decides the HTTP status, the short title and
// whether the request is billed. Every package of postrules reports its problems as
// *Error values; a server writes them as the API's error body
// ({"error", "code", "message", ...}).
//
// The task it solves: a handler got an error from a check and must answer. Match it with
// errors.As (or [As]) and compare Code, never the message text:
//
//	if e := apierror.As(err); e != nil && e.Code == apierror.CodeAmbiguousAccount { ... }
//
// The codes and their statuses are written out in docs/contract.md ("Codes and statuses").
// The package stands on the standard library alone, so every layer can speak it.
package apierror

import (
	"strings"
)

// Code is a machine-readable error code. Callers match on Code, never on message text.
type Code string

// Error codes. The HTTP status of each is given by [Code.HTTPStatus]; the table is also
// written out in docs/contract.md ("Codes and statuses").
const (
	// 400: the request itself is wrong.
	CodeInvalidRequest          Code = "invalid_request"           // generic shape problem
	CodeValidationFailed        Code = "validation_failed"         // several 400 problems at once
	CodeMalformedJSON           Code = "malformed_json"            // not JSON at all
	CodeInvalidBody             Code = "invalid_body"              // JSON, but the top level is not an object
	CodeUnknownField            Code = "unknown_field"             // a name the API does not define
	CodeFieldCaseMismatch       Code = "field_case_mismatch"       // "Content" for "content"
	CodeDuplicateField          Code = "duplicate_field"           // a name given twice in one object
	CodeWrongType               Code = "wrong_type"                // "publishNow": "yes"
	CodeInvalidString           Code = "invalid_string"            // lone surrogate escape
	CodeTooDeep                 Code = "too_deep"                  // nesting beyond the documented limit
	CodeBodyTooLarge            Code = "body_too_large"            // body beyond the documented size
	CodeTooManyTargets          Code = "too_many_targets"          // more targets than one request may have
	CodeMissingField            Code = "missing_field"             // a required field is absent
	CodeInvalidValue            Code = "invalid_value"             // a value outside its allowed set or range
	CodeInvalidUTF8             Code = "invalid_utf8"              // text that is not UTF-8
	CodeInvalidCharacter        Code = "invalid_character"         // a character the platform refuses (X: U+FFFE, U+FEFF, U+FFFF)
	CodeInvalidScheduledFor     Code = "invalid_scheduled_for"     // scheduledFor breaks the grammar
	CodeScheduledInPast         Code = "scheduled_in_past"         // scheduledFor is not after now
	CodeInvalidTimezone         Code = "invalid_timezone"          // not an IANA zone name
	CodePublishModeConflict     Code = "publish_mode_conflict"     // both or neither of publishNow/scheduledFor
	CodeUnknownPlatform         Code = "unknown_platform"          // platform outside the ten
	CodeNoTargets               Code = "no_targets"                // platforms is empty
	CodeNoContent               Code = "no_content"                // a target has nothing to post
	CodeInvalidMedia            Code = "invalid_media"             // media item or media combination
	CodeInvalidPoll             Code = "invalid_poll"              // poll options or duration
	CodePostTooLong             Code = "post_too_long"             // a post is over its platform's cap
	CodeAccountPlatformMismatch Code = "account_platform_mismatch" // accountId is of another platform
	CodeDuplicateTarget         Code = "duplicate_target"          // two targets, one account
	CodeMediaEmpty              Code = "media_empty"               // a media file of zero bytes
	CodeMediaUnrecognized       Code = "media_unrecognized"        // not an image, video or document the probe knows
	CodeMediaTruncated          Code = "media_truncated"           // a media file that ends inside what its headers declare
	CodeMediaCorrupt            Code = "media_corrupt"             // a media header that contradicts itself or its format
	// The media fetcher's (rules/media/fetch): a mediaItems[].url it could not read.
	CodeMediaFetchRefused Code = "media_fetch_refused" // a URL or address the fetcher refuses (scheme, credentials, private address)
	CodeMediaUnreachable  Code = "media_unreachable"   // no connection, or an HTTP answer the fetcher cannot use
	CodeMediaTimeout      Code = "media_timeout"       // the file was not read within the fetcher's time bounds
	CodeMediaNotFound     Code = "media_not_found"     // the server answered 404 or 410
	CodeMediaTooLarge     Code = "media_too_large"     // reading the headers would pass the fetcher's byte budget

	// 401
	CodeUnauthorized Code = "unauthorized"
	// 402
	CodeSubscriptionInactive Code = "subscription_inactive"
	// 403
	CodePlanLimitReached    Code = "plan_limit_reached"
	CodeAccountLimitReached Code = "account_limit_reached"
	// 404
	CodeAccountNotFound    Code = "account_not_found"
	CodeNoConnectedAccount Code = "no_connected_account"
	CodeDraftNotFound      Code = "draft_not_found"
	// NotFound is a path the HTTP face (package schema/httpapi, validate serve) has no
	// endpoint for: no request body was read.
	CodeNotFound Code = "not_found"
	// 405: an endpoint asked with a method it does not answer (RFC 9110 section 15.5.6);
	// the answer's Allow header lists the methods it does.
	CodeMethodNotAllowed Code = "method_not_allowed"
	// 409
	CodeAmbiguousAccount       Code = "ambiguous_account"
	CodeDraftAlreadyPublishing Code = "draft_already_publishing"
	// 415: a request body whose Content-Type is not application/json (RFC 9110 section
	// 15.5.16); the body was not read.
	CodeUnsupportedMediaType Code = "unsupported_media_type"
	// 429
	CodeRateLimited       Code = "rate_limited"
	CodeXPostLimitReached Code = "x_post_limit_reached" // X's own posting limit; fails the twitter target only
	// 500: a fault of the server's own (a bad setting, a recovered panic), never the client's.
	CodeInternal Code = "internal_error"
	// 502
	CodePlatformError Code = "platform_error"
	// 503
	CodeServiceUnavailable Code = "service_unavailable"
)

// codeStatus is the code -> HTTP status table. It is read-only after package init.
var codeStatus = map[Code]int{
	CodeInvalidRequest: 400, CodeValidationFailed: 400, CodeMalformedJSON: 400,
	CodeInvalidBody: 400, CodeUnknownField: 400, CodeFieldCaseMismatch: 400,
	CodeDuplicateField: 400, CodeWrongType: 400, CodeInvalidString: 400, CodeTooDeep: 400,
	CodeBodyTooLarge: 400, CodeTooManyTargets: 400, CodeMissingField: 400, CodeInvalidValue: 400, CodeInvalidUTF8: 400, CodeInvalidCharacter: 400,
	CodeInvalidScheduledFor: 400, CodeScheduledInPast: 400, CodeInvalidTimezone: 400,
	CodePublishModeConflict: 400, CodeUnknownPlatform: 400, CodeNoTargets: 400,
	CodeNoContent: 400, CodeInvalidMedia: 400, CodeInvalidPoll: 400, CodePostTooLong: 400,
	CodeAccountPlatformMismatch: 400, CodeDuplicateTarget: 400,
	CodeMediaEmpty: 400, CodeMediaUnrecognized: 400, CodeMediaTruncated: 400, CodeMediaCorrupt: 400,
	CodeMediaFetchRefused: 400, CodeMediaUnreachable: 400, CodeMediaTimeout: 400, CodeMediaNotFound: 400, CodeMediaTooLarge: 400,
	CodeUnauthorized:         401,
	CodeSubscriptionInactive: 402,
	CodePlanLimitReached:     403, CodeAccountLimitReached: 403,
	CodeAccountNotFound: 404, CodeNoConnectedAccount: 404, CodeDraftNotFound: 404, CodeNotFound: 404,
	CodeMethodNotAllowed: 405,
	CodeAmbiguousAccount: 409, CodeDraftAlreadyPublishing: 409,
	CodeUnsupportedMediaType: 415,
	CodeRateLimited:          429, CodeXPostLimitReached: 429,
	CodeInternal:           500,
	CodePlatformError:      502,
	CodeServiceUnavailable: 503,
}

// HTTPStatus is the HTTP status the API answers with for c. A code outside the table is
// a programming error on the caller's side and maps to 500 like internal_error, so it can
// never pass as a 4xx.
func (c Code) HTTPStatus() int {
	if s, ok := codeStatus[c]; ok {
		return s
	}
	return 500
}

// Codes lists every code of the table, in the order of the constants' HTTP status.
func Codes() []Code {
	out := make([]Code, 0, len(codeStatus))
	for c := range codeStatus {
		out = append(out, c)
	}
	// Sort by status, then by name, without importing sort's reflection-based helpers.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && codeLess(out[j], out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func codeLess(a, b Code) bool {
	sa, sb := a.HTTPStatus(), b.HTTPStatus()
	if sa != sb {
		return sa < sb
	}
	return a < b
}

// statusTitle is the short human "error" text of the API's error body for each status.
func statusTitle(status int) string {
	switch status {
	case 400:
		return "Bad Request"
	case 401:
		return "Unauthorized"
	case 402:
		return "Payment Required"
	case 403:
		return "Forbidden"
	case 404:
		return "Not Found"
	case 405:
		return "Method Not Allowed"
	case 409:
		return "Conflict"
	case 415:
		return "Unsupported Media Type"
	case 429:
		return "Too Many Requests"
	case 502:
		return "Bad Gateway"
	case 503:
		return "Service Unavailable"
	}
	return "Internal Server Error"
}

// Error is the one error type of postrules. It carries everything the API's error body
// needs: {"error", "code", "message"} plus the extras of its status, and where in the
// request the problem is. Match it with errors.As and compare Code.
type Error struct {
	// HTTPStatus is the HTTP status (see Code.HTTPStatus).
	HTTPStatus int
	// Code is the machine code.
	Code Code
	// Title is the short human text of the body's "error" field, e.g. "Bad Request".
	Title string
	// Message says what is wrong, quoting the input where that helps.
	Message string
	// Path is the JSON pointer (RFC 6901) of the offending value in the request, or "" when
	// the problem is not tied to one value.
	Path string
	// Offset is the byte offset inside the value at Path where the problem begins, or -1.
	Offset int
	// Rule is the id of the book's rule the problem breaks ("bluesky.text.max_bytes", see
	// [Book]); "" for problems of shape, time, accounts or plan that are no platform rule.
	Rule string

	// SubscribeURL is set on 402 subscription_inactive.
	SubscribeURL string
	// PlanLimit, PlanUsed and PlanConnected are set on 403 plan errors.
	PlanLimit, PlanUsed, PlanConnected int
}

// New builds an Error whose Status and Title follow from code. Offset starts at -1.
func New(code Code, path, message string) *Error {
	s := code.HTTPStatus()
	return &Error{HTTPStatus: s, Code: code, Title: statusTitle(s), Message: message, Path: path, Offset: -1}
}

// Error renders e for logs as "code at /path: message". It is for people; programs compare
// e.Code.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(string(e.Code))
	if e.Path != "" {
		b.WriteString(" at ")
		b.WriteString(e.Path)
	}
	b.WriteString(": ")
	b.WriteString(e.Message)
	return b.String()
}

// WithPath returns a copy of e located at path. Rules that check a bare value (a text, a
// timestamp) do not know where it sits in a request; their callers add it.
func (e *Error) WithPath(path string) *Error {
	c := *e
	c.Path = path
	return &c
}

// Billable reports whether a request that ended in err is charged to the caller. A
// request with no error is; so is one that passed validation and then failed at the
// platform (502 platform_error), because the publish was attempted. Every 4xx is never
// billable, post_too_long among them, and neither are the server's own faults (500
// internal_error, 503 service_unavailable) or errors that are not ours.
func Billable(err error) bool {
	if err == nil {
		return true
	}
	if e := As(err); e != nil {
		return e.HTTPStatus == 502
	}
	return false
}

// As returns err's *Error, or nil when err is not one: the first *Error of err's tree
// that errors.As would find, found without errors.As's reflection, which would bring
// internal/reflectlite (about 12 KB brotli, with errors.As) into the WebAssembly counter
// module. The walk is errors.As's: depth first through Unwrap() error and Unwrap()
// []error, asking an As(any) bool method on the way; a nil *Error in the tree ends it,
// as it ends errors.As, and As then returns nil (and Billable false).
func As(err error) *Error {
	e, _ := find(err)
	return e
}

// find is As's walk; found is true when it stopped at an *Error, nil or not.
func find(err error) (e *Error, found bool) {
	for err != nil {
		switch x := err.(type) {
		case *Error:
			return x, true
		case interface{ As(any) bool }:
			if x.As(&e) {
				return e, true
			}
		}
		switch u := err.(type) {
		case interface{ Unwrap() error }:
			err = u.Unwrap()
		case interface{ Unwrap() []error }:
			for _, inner := range u.Unwrap() {
				if e, found := find(inner); found {
					return e, true
				}
			}
			return nil, false
		default:
			return nil, false
		}
	}
	return nil, false
}
