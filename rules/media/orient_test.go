package media

import (
	"testing"

	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// mat is a 2x2 display matrix in the row-vector form of 14496-12 §8.3.2: (x, y) is shown
// at (a x + c y, b x + d y), y down.
type mat struct{ a, b, c, d int32 }

// then is m followed by n.
func (m mat) then(n mat) mat {
	return mat{m.a*n.a + m.b*n.c, m.a*n.b + m.b*n.d, m.c*n.a + m.d*n.c, m.c*n.b + m.d*n.d}
}

// The three operations as matrices: a quarter turn clockwise ((1, 0), right, goes to
// (0, 1), down), a flip left to right, a flip top to bottom.
var (
	quarterTurn = mat{0, 1, -1, 0}
	flipLR      = mat{-1, 0, 0, 1}
	flipTB      = mat{1, 0, 0, -1}
)

// Any sequence of quarter turns and flips, composed by orient's rules (rotate, flip),
// is the orient that orientOfMatrix reads from the product of their matrices: the two
// descriptions of a display transform agree, and the displayed size swaps exactly for an
// odd number of quarter turns.
func TestPropOrientComposesAsMatrices(t *testing.T) {
	p := properties(t, 1000)
	p.Property("orient of the product of the ops = the ops composed", prop.ForAll(
		func(ops []int) bool {
			m, o := mat{1, 0, 0, 1}, orient{}
			for _, op := range ops {
				switch op {
				case 0, 1, 2: // one to three quarter turns clockwise
					for range op + 1 {
						m = m.then(quarterTurn)
					}
					o = o.rotate(op + 1)
				case 3:
					m, o = m.then(flipLR), o.flip(true)
				case 4:
					m, o = m.then(flipTB), o.flip(false)
				case 5: // a quarter turn anti-clockwise, as HEIF's irot counts
					m, o = m.then(quarterTurn).then(quarterTurn).then(quarterTurn), o.rotate(-1)
				}
			}
			const one = 1 << 16
			got, ok := orientOfMatrix(m.a*one, m.b*one, m.c*one, m.d*one)
			f := Facts{Width: 4, Height: 3}
			o.apply(&f)
			swapped := m.a == 0 // an anti-diagonal matrix exchanges the axes
			return ok && got == o && (f.Width == 3) == swapped
		},
		gen.SliceOf(gen.IntRange(0, 5)),
	))
	p.TestingRun(t)
}
