package rules

import (
	"fmt"
	"testing"
)

// BenchmarkGraphemeCounterUnicode15 measures the compatibility counter on the posts of
// BenchmarkMeasure, for the same run's comparison with GraphemeCounter.
func BenchmarkGraphemeCounterUnicode15(b *testing.B) { benchMeasure(b, graphemeCounterUnicode15{}) }

func TestGraphemeCounterUnicode15Name(t *testing.T) {
	if n := (graphemeCounterUnicode15{}).Name(); n != "graphemes-unicode15" {
		t.Errorf("Name() = %q, want graphemes-unicode15 (the wire name must differ from graphemes)", n)
	}
}

// Hindi "namaste" is three clusters by Unicode 17.0 (the conjunct स्ते is one, GB9c) and
// four by Unicode 15.0, which split it after the virama.
func ExampleCounterByName_unicode15() {
	const namaste = "नमस्ते"
	m17, _ := GraphemeCounter().Measure(namaste, 280)
	unicode15, _ := CounterByName("graphemes-unicode15")
	m15, _ := unicode15.Measure(namaste, 280)
	fmt.Println(m17.Counter, m17.Length)
	fmt.Println(m15.Counter, m15.Length)
	// Output:
	// graphemes 3
	// graphemes-unicode15 4
}
