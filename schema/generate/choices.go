package generate

import (
	"time"

	"github.com/postrules/postrules/rules"
)

// Choices are the decisions a case is built from, in the order the builder reads them.
// A builder reads past the end as zeros, and zero is always the plainest decision (no
// option, the first platform, the shortest text), so an empty Choices builds the smallest
// case a generator has.
type Choices []uint16

// draws reads Choices one decision at a time.
type draws struct {
	c Choices
	i int
	// accounts are the connected accounts cases start from (Options.Accounts); nil:
	// drawn per case.
	accounts []rules.Account
	// now is the clock of every case (Options.Now); zero: drawn per case.
	now time.Time
}

// next is the next raw choice, 0 past the end.
func (d *draws) next() int {
	if d.i >= len(d.c) {
		d.i++
		return 0
	}
	v := d.c[d.i]
	d.i++
	return int(v)
}

// intn is a choice in [0, n); 0 when n <= 1. A cap beyond 65,535 takes two choices.
func (d *draws) intn(n int) int {
	if n <= 1 {
		return 0
	}
	v := d.next()
	if n > 1<<16 {
		v = v<<16 | d.next()
	}
	return v % n
}

// flag is a yes/no choice, no first.
func (d *draws) flag() bool { return d.intn(2) == 1 }

// pick is one of xs by choice; the zero value of T when xs is empty.
func pick[T any](d *draws, xs []T) T {
	var zero T
	if len(xs) == 0 {
		return zero
	}
	return xs[d.intn(len(xs))]
}
