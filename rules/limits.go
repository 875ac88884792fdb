package rules

// Measurement is the length of one text against one cap.
type Measurement struct {
	// Counter is the wire name of the counter that measured ("graphemes", "x-weighted").
	Counter string
	// Length is the text's length in the counter's unit. It is exact when Exact is true;
	// otherwise counting stopped early past the cap and Length is a lower bound (> Cap).
	Length int
	// Exact is false only when counting stopped early on a text far over its cap.
	Exact bool
	// Cap is the limit the text was measured against.
	Cap int
	// OverflowAt is the byte offset in the text where the first unit beyond Cap begins,
	// or -1 when the text fits.
	OverflowAt int
}

// Fits reports whether the text is within its cap.
func (m Measurement) Fits() bool { return m.OverflowAt < 0 }

// Counter measures text in one unit. rules ships the grapheme counter ([Graphemes]);
// other counters (X's weighted length in rules/xweight) plug into [Limits] through it.
// Implementations must be safe for concurrent use.
type Counter interface {
	// Name is the counter's wire name, e.g. "graphemes".
	Name() string
	// Measure measures text against cap. Once the text is known to be over cap, it may
	// stop counting (cost O(cap), not O(len(text))) and report Exact false. Invalid UTF-8
	// in the part it reads is an *Error with CodeInvalidUTF8 and Offset at the bad byte.
	Measure(text string, cap int) (Measurement, error)
}
