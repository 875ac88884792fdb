// Package checker is the Go half of the full postrules WebAssembly module: it turns a
// page's request body and options JSON into one call of [schema.CheckCreatePost] or
// [schema.CheckDraftPublish] and returns the verdict as JSON, byte for byte the line
// `validate post --format json` prints for that body (less its "file" member), and folds
// publish outcomes as `validate status --format json` does.
//
// The options are read by [schema.DecodeEnv], the one strict options decoder, so that a
// defect (an empty accountId, an account listed twice, "twiter") has the same code and
// pointer as in Go and in the CLI. The verdict is [schema.Verdict] as it is: no
// projection, no reshaping.
//
// It lives apart from package bridge so that the small counter module, which a composer
// loads first, does not carry schema and validator/v10.
package checker

import (
	"bytes"
	"encoding/json"

	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/schema"
)

// env decodes the options JSON ("" is no options: the zero Env) with schema.DecodeEnv.
func env(optionsJSON string) (schema.Env, []schema.Problem) {
	if optionsJSON == "" {
		return schema.Env{}, nil
	}
	return schema.DecodeEnv([]byte(optionsJSON))
}

// CheckPost is checkPost: the verdict of [schema.CheckCreatePost] for body under the
// environment the options JSON describes, or, when the options have problems, the verdict
// of those ([schema.Refuse]).
func CheckPost(body, optionsJSON string) schema.Verdict {
	e, ps := env(optionsJSON)
	if len(ps) > 0 {
		return schema.Refuse(ps)
	}
	return schema.CheckCreatePost([]byte(body), e)
}

// CheckDraftPublish is checkDraftPublish: the verdict of [schema.CheckDraftPublish] for
// publishing draft (stored in the create-post shape) with body, or of the options'
// problems, as CheckPost.
func CheckDraftPublish(draft, body, optionsJSON string) schema.Verdict {
	e, ps := env(optionsJSON)
	if len(ps) > 0 {
		return schema.Refuse(ps)
	}
	return schema.CheckDraftPublish([]byte(draft), []byte(body), e)
}

// Marshal is the verdict's JSON as the CLI writes it (encoding/json with HTML escaping
// off), without the CLI's "file" member and newline.
func Marshal(v schema.Verdict) ([]byte, error) { return marshal(v) }

// MarshalStatus is Aggregate's answer as `validate status --format json` writes it, less
// the newline.
func MarshalStatus(answer any) ([]byte, error) { return marshal(answer) }

func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// WrapperError is an error the JavaScript wrapper found while translating the page's
// values (a request with no JSON form, an options object it could not read, a body over
// the size limit from its length alone). The exports take it as a separate argument,
// never inside the options JSON: a page controls the options, and an error slipped in
// there would give it any verdict it likes (a 500, a billable 502, a 429...). Its codes
// are limited to the ones the wrapper can find (see wrapperCodes), its In to the
// documents a page passes.
type WrapperError struct {
	Code    apierror.Code `json:"code"`
	Message string        `json:"message"`
	Path    string        `json:"path"`
	// In is schema.Problem.In: "" the request body, "draft" the stored draft, "options"
	// the options object.
	In string `json:"in"`
}

// wrapperCodes are the codes a WrapperError may carry: the client errors the wrapper can
// find in a page's values. Any other code (a 5xx, a 401, 402, 429...) is a wrapper bug and
// becomes internal_error, never a verdict of the page's choosing.
var wrapperCodes = map[apierror.Code]bool{
	apierror.CodeWrongType: true, apierror.CodeInvalidString: true, apierror.CodeMalformedJSON: true,
	apierror.CodeUnknownField: true, apierror.CodeInvalidValue: true, apierror.CodeBodyTooLarge: true,
	apierror.CodeInvalidBody: true, apierror.CodeMissingField: true,
}

// WrapperFault is the verdict for what the wrapper found in the page's values before any
// check could run (faultJSON is a WrapperError as JSON), or false when faultJSON is empty
// and the check should run.
func WrapperFault(faultJSON string) (schema.Verdict, bool) {
	if faultJSON == "" {
		return schema.Verdict{}, false
	}
	var w WrapperError
	dec := json.NewDecoder(bytes.NewReader([]byte(faultJSON)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil || dec.More() {
		return internal("postrules: malformed wrapper error: " + faultJSON), true
	}
	if !wrapperCodes[w.Code] || (w.In != "" && w.In != "draft" && w.In != "options") {
		return internal("postrules: the wrapper sent code " + string(w.Code) + " in " + w.In + ": " + w.Message), true
	}
	return schema.Refuse([]schema.Problem{{Path: w.Path, Code: w.Code, Message: w.Message, In: w.In}}), true
}

// internal is the 500 verdict of a wrapper bug.
func internal(msg string) schema.Verdict {
	return schema.Refuse([]schema.Problem{{Code: apierror.CodeInternal, Message: msg}})
}

// Aggregate is aggregate: [schema.CheckOutcomes], the CLI's status answer (`validate
// status --format json`). It answers a schema.StatusAnswer for a valid outcome list, or,
// with false, the API's error body (schema.ErrorBody) of the first problem of outcomes
// that cannot be folded.
func Aggregate(outcomesJSON string) (any, bool) {
	answer, e := schema.CheckOutcomes([]byte(outcomesJSON))
	if e != nil {
		return *e, false
	}
	return answer, true
}
