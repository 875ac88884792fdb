package media

// orient is how a coded picture is turned to be displayed, as Facts gives it: rotated
// quarters quarter turns clockwise, then, when mirror, flipped left to right. The eight
// values are the symmetries of a rectangle; any sequence of rotations and flips (a track
// matrix, a HEIF item's irot and imir in the order its ipma lists them) reduces to one.
type orient struct {
	quarters int // 0 to 3
	mirror   bool
}

// rotate is o followed by q quarter turns clockwise (q may be negative). A turn after a
// flip is the flip after the opposite turn, which keeps the flip last.
func (o orient) rotate(q int) orient {
	if o.mirror {
		q = -q
	}
	o.quarters = ((o.quarters+q)%4 + 4) % 4
	return o
}

// flip is o followed by a flip left to right (leftRight) or top to bottom, the latter
// being a flip left to right after a half turn.
func (o orient) flip(leftRight bool) orient {
	if !leftRight {
		o.quarters = (o.quarters + 2) % 4
	}
	o.mirror = !o.mirror
	return o
}

// apply sets the rotation, the mirror and the displayed size of f, whose Width and Height
// are the coded ones.
func (o orient) apply(f *Facts) {
	f.Rotation = o.quarters * 90
	f.Mirrored = o.mirror
	if o.quarters%2 == 1 {
		f.Width, f.Height = f.Height, f.Width
	}
}

// orientOfMatrix reads a track header's matrix (14496-12 §8.3.2, a b u / c d v / x y w,
// the point (x, y) displayed at (a x + c y, b x + d y), y pointing down) from a, b, c and
// d in 16.16 fixed point. Only their signs count, so that a scaled matrix reads as well;
// ok is false for a matrix that is no quarter turn or flip (a turn by another angle, a
// shear), which players show as coded.
func orientOfMatrix(a, b, c, d int32) (o orient, ok bool) {
	sign := func(v int32) int {
		switch {
		case v > 0:
			return 1
		case v < 0:
			return -1
		}
		return 0
	}
	got := [4]int{sign(a), sign(b), sign(c), sign(d)}
	// The matrix of a clockwise quarter turn q: 0 {1 0 0 1}, 1 {0 1 -1 0}, 2 {-1 0 0 -1},
	// 3 {0 -1 1 0}; a flip left to right afterwards negates the first column (a and c).
	turns := [4][4]int{{1, 0, 0, 1}, {0, 1, -1, 0}, {-1, 0, 0, -1}, {0, -1, 1, 0}}
	for q, m := range turns {
		if got == m {
			return orient{quarters: q}, true
		}
		if got == [4]int{-m[0], m[1], -m[2], m[3]} {
			return orient{quarters: q, mirror: true}, true
		}
	}
	return orient{}, false
}
