package schema

import (
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
)

// The per-target outcomes of a publish as JSON, folded into the post's status
// (CheckOutcomes).

// outcomeTable is the member table of one target's outcome.
var outcomeTable = newTable(
	wireMember[lifecycle.Outcome]{name: "platform", required: true, decode: func(d *decoder, o *lifecycle.Outcome) { o.Platform = rules.Platform(d.text()) }},
	wireMember[lifecycle.Outcome]{name: "state", required: true, decode: func(d *decoder, o *lifecycle.Outcome) { o.State = lifecycle.TargetState(d.text()) }},
	wireMember[lifecycle.Outcome]{name: "error", decode: func(d *decoder, o *lifecycle.Outcome) { o.Error = d.text() }},
	wireMember[lifecycle.Outcome]{name: "code", decode: func(d *decoder, o *lifecycle.Outcome) { o.Code = apierror.Code(d.text()) }},
)

// text decodes a string value ("" when it is not one: reported).
func (d *decoder) text() string {
	var s string
	d.str(&s)
	return s
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
