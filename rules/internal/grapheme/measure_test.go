package grapheme

import (
	"strings"
	"testing"
)

// TestMeasureReadsBounded: the worst inputs at 1 MiB. Measure reads the first limit
// clusters whole (they decide whether the text fits) and, once the overflow is known, at
// most ExactBytes(limit) bytes more, even inside one enormous cluster. The SpanFunc is
// wrapped to count what it was asked to read: the bytes it consumed plus the code point
// it looked at to find the boundary.
func TestMeasureReadsBounded(t *testing.T) {
	const size = 1 << 20
	fill := func(unit string) string { return strings.Repeat(unit, size/len(unit)) }
	texts := []struct{ name, text string }{
		{"prepend", fill("\u0600")},
		{"e-acute", fill("e\u0301")},
		{"hangul-LV-T", fill("\uac00\u11a8")},
		{"one-cluster", "e" + fill("\u0301")},
		{"cluster-after-cap", strings.Repeat("a", 280) + "e" + fill("\u0301")},
		{"devanagari-conjunct", "\u0915" + fill("\u094d\u0915")},
	}
	for _, tc := range texts {
		for _, limit := range []int{0, 1, 280, 63206} {
			read := 0
			span := func(s string, budget int) (int, int, int) {
				end, n, bad := Span(s, budget)
				read += min(end+4, len(s))
				return end, n, bad
			}
			r := MeasureWith(span, tc.text, limit)
			if r != Measure(tc.text, limit) {
				t.Fatalf("%s, limit %d: the wrapped span changed the result", tc.name, limit)
			}
			first := len(tc.text) // the bytes of the first limit clusters
			if r.OverflowAt >= 0 {
				first = r.OverflowAt
			}
			if bound := first + ExactBytes(limit) + 8; read > bound {
				t.Errorf("%s, limit %d: read %d bytes, more than the first %d clusters (%d bytes) plus %d",
					tc.name, limit, read, limit, first, ExactBytes(limit)+8)
			}
			if r.OverflowAt >= 0 && len(tc.text)-r.OverflowAt > 2*ExactBytes(limit) && read > r.OverflowAt+ExactBytes(limit)+8 {
				t.Errorf("%s, limit %d: read %d bytes past a known overflow", tc.name, limit, read)
			}
		}
	}
}

// TestOtherAfterAnyState: machineSpan's shortcut for a character of class Other holds in
// the machine: after any state but Prepend, a boundary falls before it and the
// state is stPlain after it.
func TestOtherAfterAnyState(t *testing.T) {
	for st := uint8(0); st < numStates; st++ {
		if st == stPrepend {
			continue
		}
		// (transition is what the table steps is built from.)
		if next, boundary := transition(st, clsOther); next != stPlain || !boundary {
			t.Errorf("state %d, class Other: next state %d, boundary %v; want stPlain and a boundary", st, next, boundary)
		}
	}
}
