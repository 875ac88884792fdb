package bridge

import (
	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules"
)

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
	p, lim, f := o.limit()
	if f != nil {
		return Measured{}, f
	}
	var limits rules.Limits // the zero value is rules.DefaultLimits()
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
