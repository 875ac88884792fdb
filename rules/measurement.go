package rules

import "strconv"

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
	// Rule is the id of the book's rule the text was measured for ("bluesky.text.max_bytes"),
	// "" when a Counter is called directly.
	Rule string
	// Warning is true when Rule is a warning: not fitting it informs, it does not block.
	Warning bool
}

// Fits reports whether the text is within its cap.
func (m Measurement) Fits() bool { return m.OverflowAt < 0 }

// Counter measures text in one unit. rules ships the grapheme counter ([GraphemeCounter]);
// other counters (X's weighted length in rules/xweight) plug into [Limits] through it.
// Implementations must be safe for concurrent use.
type Counter interface {
	// Name is the counter's wire name, e.g. "graphemes".
	Name() string
	// Measure measures text against cap. Once the text is known to be over cap, it may
	// stop counting (cost O(cap), not O(len(text))) and report Exact false. Invalid UTF-8
	// in the part it reads is an *[apierror.Error] with CodeInvalidUTF8 and Offset at the bad byte.
	Measure(text string, cap int) (Measurement, error)
}

// UnitName is how a message names a counter's unit: "312 graphemes", "312 bytes",
// "312 UTF-16 code units", "312 x-weighted units".
func UnitName(counter string) string { return unitName(counter) }

func unitName(counter string) string {
	switch counter {
	case graphemesName, bytesName, linksName, hashtagsName, mentionsName, cashtagsName:
		return counter
	case utf16Name:
		return "UTF-16 code units"
	case codePointsName:
		return "code points"
	}
	return counter + " units"
}

// lengthText renders m's length for a message: "312" or, when counting stopped early,
// "more than 560".
func lengthText(m Measurement) string {
	if m.Exact {
		return strconv.Itoa(m.Length)
	}
	return "more than " + strconv.Itoa(m.Length)
}
