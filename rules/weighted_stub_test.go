package rules

import "unicode/utf8"

// weightedStub stands in for X's counter (rules/xweight imports rules, so the tests of this
// package cannot use it; its own tests run the warning twitter.text.x_weighted for real):
// X's weights without links and emoji sequences, 1 for U+0000-U+10FF and 2 above.
type weightedStub struct{}

func (weightedStub) Name() string { return xWeightedName }

func (weightedStub) Measure(text string, limit int) (Measurement, error) {
	m := Measurement{Counter: xWeightedName, Exact: true, Cap: limit, OverflowAt: -1}
	for i, r := range text {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(text[i:]); size == 1 {
				return m, invalidUTF8(text, i)
			}
		}
		w := 2
		if r <= 0x10FF {
			w = 1
		}
		if m.Length+w > limit && m.OverflowAt < 0 {
			m.OverflowAt = i
		}
		m.Length += w
	}
	return m, nil
}

// withWeighted is the default limits with X's (stub) counter lent, so that every text
// rule of the book is measured.
func withWeighted() Limits { return DefaultLimits().WithCounter(weightedStub{}) }
