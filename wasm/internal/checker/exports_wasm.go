//go:build js && wasm

package checker

import (
	"encoding/json"

	"github.com/postrules/postrules/wasm/internal/bridge"
)

// putJSON marshals v as the output bytes.
func putJSON(v any) int32 {
	b, err := json.Marshal(v)
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
	if r, ok := WrapperFault(wf); ok {
		return putJSON(r)
	}
	// Copy out of the shared area: schema may keep slices of the body in its verdict.
	return putJSON(CheckPost(string([]byte(body)), string([]byte(opts))))
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
	if r, ok := WrapperFault(wf); ok {
		return putJSON(r)
	}
	return putJSON(CheckDraftPublish(string([]byte(draft)), string([]byte(body)), string([]byte(opts))))
}
