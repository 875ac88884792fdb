package bridge

import (
	"strconv"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules/apierror"
)

// Fault is an error as the page receives it: the API error body's "error" (the status
// title), "code" and "message", the JSON pointer (or option name) of the value at fault,
// and the UTF-16 offset inside the text where the problem begins, or -1 when it is not
// tied to a position (null in JSON).
type Fault struct {
	Error   string
	Code    apierror.Code
	Message string
	Path    string
	Offset  int
}

// FaultOf turns err into a Fault. text is the value err's byte Offset points into (the
// text measured, the scheduledFor value parsed); the offset is converted to UTF-16 code
// units of that text. An error that is not a *apierror.Error is a bug and becomes
// [apierror.CodeInternal].
func FaultOf(err error, text string) *Fault {
	e := apierror.As(err) // a type switch first, no reflection: cheap on every invalid keystroke
	if e == nil {
		return InternalFault(err.Error())
	}
	f := &Fault{Error: e.Title, Code: e.Code, Message: e.Message, Path: e.Path, Offset: -1}
	if e.Offset >= 0 && e.Offset <= len(text) {
		f.Offset = strictjson.UTF16Offset(text, e.Offset)
	}
	return f
}

// newFault is the Fault of a new *apierror.Error, not tied to a position.
func newFault(code apierror.Code, path, message string) *Fault {
	return FaultOf(apierror.New(code, path, message), "")
}

// InternalFault is the Fault of a bug on the Go side (a recovered panic, a malformed call
// from the wrapper): [apierror.CodeInternal], 500, never caused by what a page passes in.
func InternalFault(message string) *Fault {
	return newFault(apierror.CodeInternal, "", message)
}

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
