package bridge

import (
	"math"
	"strconv"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/internal/timestamp"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
	"github.com/postrules/postrules/rules/xweight"
)

// The counter module must stay small (1.0 MB after gzip -9, of which Go's runtime alone
// takes 0.54 MB), so this package imports neither fmt nor encoding/json: messages are
// built with strconv and the few JSON texts it writes with strictjson.AppendString.

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

// NewFault is the Fault of a new *apierror.Error, not tied to a position.
func NewFault(code apierror.Code, path, message string) *Fault {
	return FaultOf(apierror.New(code, path, message), "")
}

// InternalFault is the Fault of a bug on the Go side (a recovered panic, a malformed call
// from the wrapper): [apierror.CodeInternal], 500, never caused by what a page passes in.
func InternalFault(message string) *Fault {
	return NewFault(apierror.CodeInternal, "", message)
}

// xweighted is X's weighted counter with twitter-text's v3 configuration. It is built once
// and never changed: counters are safe for concurrent use.
var xweighted rules.Counter = xweight.Default()

// CounterNamed returns the counter a page names in its options: "graphemes" or
// "x-weighted" (the values of `validate length --counter`).
func CounterNamed(name string) (rules.Counter, bool) {
	switch name {
	case rules.GraphemeCounter().Name():
		return rules.GraphemeCounter(), true
	case xweighted.Name():
		return xweighted, true
	}
	return nil, false
}

// counterFault is the fault for a counter name that is not one of the two.
func counterFault(path, name string) *Fault {
	return NewFault(apierror.CodeInvalidValue, path, "counter "+strictjson.Quote(name)+" is not "+
		strconv.Quote(rules.GraphemeCounter().Name())+" or "+strconv.Quote(xweighted.Name()))
}

// ValidCap reports whether c, a JavaScript number, is a cap: a whole number from 1 to
// 2³¹-1. A cap of 0 is refused rather than passed on, because [rules.Limits.With] reads
// 0 as "the platform's default" and the page would silently get another cap than it
// asked for (`validate length --cap` refuses it too).
func ValidCap(c float64) bool {
	return c >= 1 && c <= math.MaxInt32 && c == math.Trunc(c)
}

// capFault is the fault for a cap that is not [ValidCap].
func capFault(path string, c float64) *Fault {
	return NewFault(apierror.CodeInvalidValue, path, "cap "+strconv.FormatFloat(c, 'g', -1, 64)+
		" is not a whole number from 1 to 2147483647")
}

// MeasureOptions are measure's options as the page gives them.
type MeasureOptions struct {
	// Platform is the platform's wire name; "" means twitter, as in `validate length`.
	Platform string
	// Counter is "graphemes" or "x-weighted"; "" means the platform's own counter in
	// [rules.DefaultLimits].
	Counter string
	// Cap replaces the platform's cap when HasCap is set; see [ValidCap].
	Cap    float64
	HasCap bool
}

// Measured is measure's answer, with OverflowAt in UTF-16 code units.
type Measured struct {
	Length  int
	Cap     int
	Fits    bool
	Counter string
	// OverflowAt is where the first unit past the cap begins, in UTF-16 code units, or -1.
	OverflowAt int
	// Exact is false when counting stopped early on a text far over its cap; Length is
	// then a lower bound.
	Exact bool
	// Rule is the id of the rule book's rule measured, as `validate length` names it.
	Rule string
}

// Measure measures text with [rules.Limits.Measure] for the platform the options name,
// after applying their counter and cap to the default limits (as `validate length` does
// with its flags).
func Measure(text string, o MeasureOptions) (Measured, *Fault) {
	p := rules.Twitter
	if o.Platform != "" {
		var err error
		if p, err = rules.ParsePlatform(o.Platform); err != nil {
			return Measured{}, FaultOf(apierror.As(err).WithPath("platform"), "")
		}
	}
	var limits rules.Limits // the zero value is rules.DefaultLimits()
	lim := limits.For(p)
	if o.Counter != "" {
		c, ok := CounterNamed(o.Counter)
		if !ok {
			return Measured{}, counterFault("counter", o.Counter)
		}
		lim.Counter = c
	}
	if o.HasCap {
		if !ValidCap(o.Cap) {
			return Measured{}, capFault("cap", o.Cap)
		}
		lim.Cap = int(o.Cap)
	}
	m, err := limits.With(p, lim).Measure(p, text)
	if err != nil {
		return Measured{}, FaultOf(err, text)
	}
	out := Measured{Length: m.Length, Cap: m.Cap, Fits: m.Fits(), Counter: m.Counter, OverflowAt: -1, Exact: m.Exact, Rule: m.Rule}
	if m.OverflowAt >= 0 && m.OverflowAt <= len(text) {
		// Without an error, rules.Limits.Measure has read text up to the overflow and found
		// it valid UTF-8 (invalid bytes there are its invalid_utf8 error), so the fast
		// conversion applies.
		out.OverflowAt = strictjson.UTF16Len(text[:m.OverflowAt])
	}
	return out, nil
}

// ParseScheduledFor checks s by the scheduledFor grammar and, when hasNow is set, also
// that it lies after now, itself read by the same grammar (as `validate time --now`
// does). It returns the normalized UTC form of s. It reads the grammar through
// internal/timestamp, as rules.ParseScheduledFor does, not through rules: the counter
// module is built without package time (the tag postrules_notime).
func ParseScheduledFor(s, now string, hasNow bool) (string, *Fault) {
	t, err := timestamp.Parse(s)
	if err != nil {
		return "", FaultOf(err, s)
	}
	var buf [len("2006-01-02T15:04:05.999999999Z")]byte
	canonical := timestamp.AppendUTC(buf[:0], t)
	if hasNow {
		clock, err := timestamp.Parse(now)
		if err != nil {
			f := FaultOf(err.WithPath("now"), now)
			f.Message = "option now: " + f.Message
			f.Offset = -1 // an offset would point into now, where the page looks for one in s
			return "", f
		}
		if !t.After(clock) {
			return "", FaultOf(timestamp.PastError(string(canonical), string(timestamp.AppendUTC(nil, clock)), t == clock), s)
		}
	}
	return string(canonical), nil
}

// Aggregate folds per-target outcomes into the post's summary with [lifecycle.Aggregate].
func Aggregate(outcomes []lifecycle.Outcome) (lifecycle.Summary, *Fault) {
	s, err := lifecycle.Aggregate(outcomes)
	if err != nil {
		return lifecycle.Summary{}, FaultOf(err, "")
	}
	return s, nil
}
