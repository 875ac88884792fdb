package generate

import "testing"

// BenchmarkValid is the cost of one accepted case, platforms drawn.
func BenchmarkValid(b *testing.B) {
	g, _ := Gen(Valid, Options{})
	params := gopterParams(1)
	for i := 0; i < b.N; i++ {
		g(params)
	}
}
