package fetch

import "sync/atomic"

// budget is the bytes a call of Media may still read, shared by its files' goroutines.
type budget struct{ left atomic.Int64 }

func newBudget(n int64) *budget {
	b := &budget{}
	b.left.Store(n)
	return b
}

// take reserves n bytes, or reserves nothing and reports false when fewer are left.
func (b *budget) take(n int64) bool {
	for {
		l := b.left.Load()
		if n > l {
			return false
		}
		if b.left.CompareAndSwap(l, l-n) {
			return true
		}
	}
}

// give returns n reserved bytes that were not read.
func (b *budget) give(n int64) { b.left.Add(n) }
