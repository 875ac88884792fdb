//go:build js && wasm

package checker

import (
	"github.com/postrules/postrules/schema"
	"github.com/postrules/postrules/wasm/internal/bridge"
)

// putVerdict writes the verdict's JSON (see Marshal) as the output bytes.
func putVerdict(v schema.Verdict) int32 {
	b, err := Marshal(v)
	if err != nil {
		return bridge.PutFault(bridge.InternalFault("postrules: cannot encode the verdict: " + err.Error()))
	}
	return bridge.PutOut(b)
}

// checkPost checks the create-post body (bodyLen bytes of the input area) under the
// options JSON that follows it; when the wrapper found a fault in the page's values, the
// faultLen bytes after those are that WrapperError, and the verdict is that fault. The
// output bytes are the verdict as JSON.
//
//go:wasmexport postrules_check_post
func checkPost(bodyLen, optionsLen, faultLen int32) (status int32) {
	defer bridge.Recover(&status)
	body, ok1 := bridge.Input(0, bodyLen)
	opts, ok2 := bridge.Input(bodyLen, optionsLen)
	wf, ok3 := bridge.Input(bodyLen+optionsLen, faultLen)
	if !ok1 || !ok2 || !ok3 {
		return bridge.ArgsFault()
	}
	if v, ok := WrapperFault(wf); ok {
		return putVerdict(v)
	}
	// Copy out of the shared area: schema may keep slices of the body in its verdict.
	return putVerdict(CheckPost(string([]byte(body)), string([]byte(opts))))
}

// checkDraftPublish checks publishing the stored draft (draftLen bytes) with the body
// (bodyLen bytes) under the options JSON that follows them, or answers the WrapperError
// in the faultLen bytes after those, as checkPost.
//
//go:wasmexport postrules_check_draft_publish
func checkDraftPublish(draftLen, bodyLen, optionsLen, faultLen int32) (status int32) {
	defer bridge.Recover(&status)
	draft, ok1 := bridge.Input(0, draftLen)
	body, ok2 := bridge.Input(draftLen, bodyLen)
	opts, ok3 := bridge.Input(draftLen+bodyLen, optionsLen)
	wf, ok4 := bridge.Input(draftLen+bodyLen+optionsLen, faultLen)
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return bridge.ArgsFault()
	}
	if v, ok := WrapperFault(wf); ok {
		return putVerdict(v)
	}
	return putVerdict(CheckDraftPublish(string([]byte(draft)), string([]byte(body)), string([]byte(opts))))
}

// aggregateOutcomes folds the outcomes JSON text (n bytes of the input area) as
// `validate status --format json` does (see Aggregate); the output bytes are its JSON
// line, a summary or an error body (told apart by "code").
//
//go:wasmexport postrules_aggregate_outcomes
func aggregateOutcomes(n int32) (status int32) {
	defer bridge.Recover(&status)
	data, ok := bridge.Input(0, n)
	if !ok {
		return bridge.ArgsFault()
	}
	answer, _ := Aggregate(string([]byte(data)))
	b, err := MarshalStatus(answer)
	if err != nil {
		return bridge.PutFault(bridge.InternalFault("postrules: cannot encode the summary: " + err.Error()))
	}
	return bridge.PutOut(b)
}
