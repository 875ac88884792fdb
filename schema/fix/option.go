package fix

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
)

// wholeMax is the largest value of a whole-number option (wire:"whole" in
// rules/book_<platform>.go: thumbOffset, videoCoverTimestampMs, photoCoverIndex): the
// wire takes 0 to one below package schema's decoder clamp, 10^9, and refuses the rest
// with invalid_value. TestWholeBounds holds this figure to schema's check.
const wholeMax = 999_999_999

// wholeOption is the fix of an option number out of the wire's range: the nearest allowed
// value, which is exactly one (0 for a number under it, wholeMax for one over it). The
// problem is the wire format's own (no rule id, code invalid_value) at a member of a
// target's platformSpecificData, and every number-valued option is a whole one.
//
// Other option problems get no fix, because their nearest allowed value is not one: an
// enum value outside its list (ALERT, "Public") or a deprecated one (googlebusiness's
// GET_OFFER, which an OFFER post or any other call to action could replace) has several
// candidates and none nearer than the rest, and a fraction (2.5, wrong_type) is as near
// 2 as 3.
func wholeOption(root map[string]any, p Problem) *Fix {
	if p.Rule != "" || p.Code != "invalid_value" || !isOption(p.Path) {
		return nil
	}
	n, ok := valueAt(root, p.Path).(json.Number)
	if !ok {
		return nil
	}
	// A float64 is enough to place the number against the range (1e400 is +Inf, with an
	// error that says only that); math/big would cost the WebAssembly module 45 KB gzipped.
	v, err := strconv.ParseFloat(string(n), 64)
	if (err != nil && !math.IsInf(v, 0)) || v != math.Trunc(v) {
		return nil
	}
	member := p.Path[strings.LastIndexByte(p.Path, '/')+1:]
	switch {
	case v < 0:
		return &Fix{Description: "Set " + member + " to 0, the least it may be", Patch: []Op{{Op: "replace", Path: p.Path, Value: json.RawMessage("0")}}}
	case v > wholeMax:
		most := strconv.Itoa(wholeMax)
		return &Fix{Description: "Set " + member + " to " + most + ", the most it may be", Patch: []Op{{Op: "replace", Path: p.Path, Value: json.RawMessage(most)}}}
	}
	return nil
}

// isOption says whether path is a member of a target's platformSpecificData:
// /platforms/N/platformSpecificData/NAME.
func isOption(path string) bool {
	tokens, ok := parsePointer(path)
	return ok && len(tokens) == 4 && tokens[0] == "platforms" && tokens[2] == "platformSpecificData"
}
