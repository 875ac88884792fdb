package bridge

import (
	"strconv"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
)

// AppendJSON appends f as the JSON object the page receives:
//
//	{"error":"Bad Request","code":"...","message":"...","path":"...","offset":N|null}
func (f *Fault) AppendJSON(b []byte) []byte {
	b = append(b, `{"error":`...)
	b = strictjson.AppendString(b, f.Error)
	b = append(b, `,"code":`...)
	b = strictjson.AppendString(b, string(f.Code))
	b = append(b, `,"message":`...)
	b = strictjson.AppendString(b, f.Message)
	b = append(b, `,"path":`...)
	b = strictjson.AppendString(b, f.Path)
	b = append(b, `,"offset":`...)
	if f.Offset < 0 {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendInt(b, int64(f.Offset), 10)
	}
	return append(b, '}')
}

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
