package schema

import (
	"strings"
)

// The values the decoder rejected, by JSON pointer (brokenSet): later checks ask it so
// that a value already refused draws no second problem.

// markMax bounds the pointers a brokenSet stores exactly. The pointers later checks ask
// about are the wire types' own (the longest, a thread item's media thumbnail under a
// six-digit target and item index, is under 100 bytes); a rejected value deeper or under a
// longer name is remembered by its longest ancestor within markMax, so that marking costs
// O(markMax) whatever the names, and a 500 KB member name cannot make each mark cost 500 KB.
const markMax = 128

// brokenSet is the set of values the decoder rejected, asked about by pointer: O(1) to mark
// (amortized: each distinct ancestor is stored once) and O(depth) to ask, with queries of
// at most markMax bytes.
type brokenSet struct {
	// m maps a pointer of at most markMax bytes to what is known about it.
	m map[string]brokenBits
	// atDepth[k] counts the rejected values k steps deep (the last entry: that deep or
	// deeper), so that has probes only the depths where something was rejected.
	atDepth [MaxDepth + 2]int
	scratch []byte
	// hashed counts the bytes of the pointers looked up or stored: the set's work, read by
	// the cost fuzz test (FuzzCheckCost).
	hashed int
}

// depth is how many steps the pointer b has.
func depth(b []byte) int {
	n := 0
	for _, c := range b {
		if c == '/' {
			n++
		}
	}
	return min(n, MaxDepth+1)
}

// brokenBits says what a brokenSet knows of one pointer.
type brokenBits uint8

const (
	// brokenAtIt: the value at this pointer was rejected.
	brokenAtIt brokenBits = 1 << iota
	// brokenInside: a value strictly inside it was rejected.
	brokenInside
	// brokenLong: a value inside it whose pointer is longer than markMax was rejected, and
	// this is that value's longest ancestor within markMax.
	brokenLong
)

// set adds bits to key's entry and reports whether they were all there already.
func (s *brokenSet) set(key []byte, bits brokenBits) bool {
	s.hashed += len(key)
	old := s.m[string(key)]
	if old&bits == bits {
		return true
	}
	s.m[string(key)] = old | bits
	return false
}

// mark records that the value at ptr (or, when member is true, at ptr's member name) was
// rejected.
func (s *brokenSet) mark(ptr []byte, name string, member bool) {
	if s.m == nil {
		s.m = map[string]brokenBits{}
	}
	b := ptr
	if member {
		if len(ptr)+1+len(name) > markMax {
			s.markLong(ptr, len(ptr))
			return
		}
		s.scratch = appendPointerName(append(s.scratch[:0], ptr...), name)
		b = s.scratch
	}
	if len(b) > markMax {
		s.markLong(b, lastSlashWithin(b, markMax))
		return
	}
	if !s.set(b, brokenAtIt) {
		s.atDepth[depth(b)]++
	}
	s.ancestors(b, lastSlashWithin(b, len(b)-1))
}

// markLong records a rejected value whose pointer b is longer than markMax, by the ancestor
// b[:end] (end <= markMax).
func (s *brokenSet) markLong(b []byte, end int) {
	if end > markMax {
		end = lastSlashWithin(b, markMax)
	}
	s.set(b[:end], brokenLong)
	s.ancestors(b, end)
}

// ancestors marks b[:end] and its ancestors as having something broken inside, deepest
// first, stopping at the first one marked already (its ancestors are too).
func (s *brokenSet) ancestors(b []byte, end int) {
	for end >= 0 {
		if s.set(b[:end], brokenInside) || end == 0 {
			return
		}
		end = lastSlashWithin(b, end-1)
	}
}

// lastSlashWithin is the index of the last '/' in b[:limit+1] (so b[:i] is an ancestor of
// b within limit bytes), or 0 ("" is the root's pointer, the ancestor of everything).
func lastSlashWithin(b []byte, limit int) int {
	if limit >= len(b) {
		limit = len(b) - 1
	}
	for i := limit; i > 0; i-- {
		if b[i] == '/' {
			return i
		}
	}
	return 0
}

// has reports whether the value at path, or a value containing it, was rejected.
func (s *brokenSet) has(path string) bool {
	if s.m == nil {
		return false
	}
	// path's ancestors within markMax, then path itself.
	limit := min(len(path), markMax+1)
	k := 0 // steps in path[:i]
	for i := 1; i < limit; i++ {
		if path[i] != '/' {
			continue
		}
		k++
		if s.atDepth[min(k, MaxDepth+1)] == 0 && len(path) <= markMax {
			continue
		}
		s.hashed += i
		bits := s.m[path[:i]]
		if bits&brokenAtIt != 0 {
			return true
		}
		if len(path) > markMax && bits&brokenLong != 0 {
			// Conservative for a query longer than any stored pointer: a rejected value
			// under one of its ancestors may contain it.
			return true
		}
	}
	if len(path) > markMax || s.atDepth[min(k+1, MaxDepth+1)] == 0 {
		return false
	}
	s.hashed += len(path)
	return s.m[path]&brokenAtIt != 0
}

// under reports whether a value strictly inside the one at path was rejected.
func (s *brokenSet) under(path string) bool {
	if s.m == nil {
		return false
	}
	if len(path) <= markMax {
		s.hashed += len(path)
		return s.m[path]&brokenInside != 0
	}
	i := max(strings.LastIndexByte(path[:markMax+1], '/'), 0)
	s.hashed += markMax + i
	return s.m[path[:i]]&brokenLong != 0
}

// clean reports whether nothing was rejected: then no has or near can be true, and a loop
// over many targets need not build the pointers it would ask about.
func (s *brokenSet) clean() bool { return s.m == nil }

// near reports whether the value at path, a value containing it, or a value inside it was
// rejected: a rule that reads the value cannot be trusted then.
func (s *brokenSet) near(path string) bool { return s.has(path) || s.under(path) }
