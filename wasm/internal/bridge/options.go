package bridge

import (
	"math"
	"strconv"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/xweight"
)

// MeasureOptions are measure's options as the page gives them.
type MeasureOptions struct {
	// Platform is the platform's wire name; "" means twitter, as in `validate length`.
	Platform string
	// Counter is "graphemes" or "x-weighted"; "" means the platform's own counter in
	// [rules.DefaultLimits].
	Counter string
	// Cap replaces the platform's cap when HasCap is set; see [validCap].
	Cap    float64
	HasCap bool
}

// limit resolves the options of measure and split to a platform and its primary Limit,
// as `validate length` and `validate split` resolve their flags: the platform's default
// limit, then the counter and the cap the page names.
func (o MeasureOptions) limit() (rules.Platform, rules.Limit, *Fault) {
	p := rules.Twitter
	if o.Platform != "" {
		var err error
		if p, err = rules.ParsePlatform(o.Platform); err != nil {
			return "", rules.Limit{}, FaultOf(apierror.As(err).WithPath("platform"), "")
		}
	}
	var limits rules.Limits // the zero value is rules.DefaultLimits(), without a call into rules
	lim := limits.For(p)
	if o.Counter != "" {
		c, ok := counterNamed(o.Counter)
		if !ok {
			return "", rules.Limit{}, newFault(apierror.CodeInvalidValue, "counter", "counter "+strictjson.Quote(o.Counter)+
				" is not "+strconv.Quote(rules.GraphemeCounter().Name())+" or "+strconv.Quote(xweighted.Name()))
		}
		lim.Counter = c
	}
	if o.HasCap {
		if !validCap(o.Cap) {
			return "", rules.Limit{}, newFault(apierror.CodeInvalidValue, "cap", "cap "+strconv.FormatFloat(o.Cap, 'g', -1, 64)+
				" is not a whole number from 1 to 2147483647")
		}
		lim.Cap = int(o.Cap)
	}
	return p, lim, nil
}

// xweighted is X's weighted counter with twitter-text's v3 configuration. It is built once
// and never changed: counters are safe for concurrent use.
var xweighted rules.Counter = xweight.Default()

// counterNamed returns the counter a page names in its options: "graphemes" or
// "x-weighted" (the values of `validate length --counter`).
func counterNamed(name string) (rules.Counter, bool) {
	switch name {
	case rules.GraphemeCounter().Name():
		return rules.GraphemeCounter(), true
	case xweighted.Name():
		return xweighted, true
	}
	return nil, false
}

// validCap reports whether c, a JavaScript number, is a cap: a whole number from 1 to
// 2³¹-1. A cap of 0 is refused rather than passed on, because [rules.Limits.With] reads
// 0 as "the platform's default" and the page would silently get another cap than it
// asked for (`validate length --cap` refuses it too).
func validCap(c float64) bool {
	return c >= 1 && c <= math.MaxInt32 && c == math.Trunc(c)
}
