package rules

import (
	"fmt"
	"testing"
)

// BenchmarkGraphemeCounterUnicode15 measures the compatibility counter on the posts of
// BenchmarkMeasure, for the same run's comparison with GraphemeCounter.
func BenchmarkGraphemeCounterUnicode15(b *testing.B) {
	gc := GraphemeCounterUnicode15()
	for _, bc := range benchTexts() {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bc.text)))
			for i := 0; i < b.N; i++ {
				m, err := gc.Measure(bc.text, 400)
				if err != nil || !m.Fits() {
					b.Fatal(m, err)
				}
				lengthSink += m.Length
			}
		})
	}
}

func TestGraphemeCounterUnicode15Name(t *testing.T) {
	if n := GraphemeCounterUnicode15().Name(); n != "graphemes-unicode15" {
		t.Errorf("Name() = %q, want graphemes-unicode15 (the wire name must differ from graphemes)", n)
	}
}

// Hindi "namaste" is three clusters by Unicode 17.0 (the conjunct स्ते is one, GB9c) and
// four by Unicode 15.0, which split it after the virama.
func ExampleGraphemeCounterUnicode15() {
	const namaste = "नमस्ते"
	m17, _ := GraphemeCounter().Measure(namaste, 280)
	m15, _ := GraphemeCounterUnicode15().Measure(namaste, 280)
	fmt.Println(m17.Counter, m17.Length)
	fmt.Println(m15.Counter, m15.Length)
	// Output:
	// graphemes 3
	// graphemes-unicode15 4
}
