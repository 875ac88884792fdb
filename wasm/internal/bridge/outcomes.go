package bridge

import (
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
)

// DecodeOutcomes reads the outcomes postrules.mjs writes for aggregate: for each outcome
// its platform, state, error and code, each a little-endian uint32 byte length followed
// by that many bytes of UTF-8. The page's values were checked for shape on the JavaScript
// side (an array of objects with string members), so a malformed record is a bug of the
// wrapper, reported as false.
func DecodeOutcomes(b []byte) ([]lifecycle.Outcome, bool) {
	var out []lifecycle.Outcome
	var fields [4]string
	for len(b) > 0 {
		for i := range fields {
			if len(b) < 4 {
				return nil, false
			}
			n := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24
			b = b[4:]
			if n > uint64(len(b)) {
				return nil, false
			}
			fields[i] = string(b[:n])
			b = b[n:]
		}
		out = append(out, lifecycle.Outcome{
			Platform: rules.Platform(fields[0]), State: lifecycle.TargetState(fields[1]),
			Error: fields[2], Code: apierror.Code(fields[3]),
		})
	}
	return out, true
}

// Aggregate folds per-target outcomes into the post's summary with [lifecycle.Aggregate].
func Aggregate(outcomes []lifecycle.Outcome) (lifecycle.Summary, *Fault) {
	s, err := lifecycle.Aggregate(outcomes)
	if err != nil {
		return lifecycle.Summary{}, FaultOf(err, "")
	}
	return s, nil
}
