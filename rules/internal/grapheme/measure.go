package grapheme

import "math"

// SpanFunc counts the clusters at the start of s, which begins at a cluster boundary, at
// most budget (>= 1) of them: end is the byte offset after them, clusters their number,
// and invalid the offset of the first byte that is not valid UTF-8 in what it read (-1
// for none; then end and clusters stop at the start of the cluster that holds it). Cutting
// s after any code point must not change the boundaries before the cut (true of UAX #29,
// whose rules look at most one code point to the right). MeasureWith counts the ASCII
// clusters at the start of the text with ASCIISpan before it calls span, so span must
// agree with ASCIISpan there (every UAX #29 since Unicode 6.2 does).
type SpanFunc func(s string, budget int) (end, clusters, invalid int)

// Result is a text measured against a cap, in clusters; rules turns it into a
// rules.Measurement (and an invalid_utf8 error when Invalid >= 0). It has four fields, no
// more, so that the compiler keeps it in registers: with a fifth, every copy of it (return,
// conversion) went through memory, and Measure of a fitting ASCII post took a fifth longer.
type Result struct {
	Length     int  // clusters counted; a lower bound above the cap when Exact is false
	Exact      bool // whether Length is the text's length
	OverflowAt int  // byte offset where cluster cap+1 begins, or -1 when the text fits
	Invalid    int  // offset of the first invalid byte read, or -1
}

// ExactBytes is the longest text, in bytes, that Measure counts in full whatever its
// length in clusters: 32*limit, at least 4096. A full count of it costs O(limit).
func ExactBytes(limit int) int {
	switch {
	case limit > math.MaxInt/32:
		return math.MaxInt
	case 32*limit > 4096:
		return 32 * limit
	}
	return 4096
}

// Ceiling is how many clusters Measure counts in a text longer than ExactBytes(limit):
// 2*limit (limit+64 for limits under 64).
func Ceiling(limit int) int {
	extra := max(limit, 64)
	if limit > math.MaxInt-extra {
		return math.MaxInt
	}
	return limit + extra
}

// Measure measures text against limit with Span; see MeasureWith.
func Measure(text string, limit int) Result { return MeasureWith(Span, text, limit) }

// MeasureWith measures text against limit (below 0: 0) with span, and reads no more of it
// than the answer needs:
//
//  1. The first limit clusters are read whole, however long: until they are, the text may
//     still fit, and so every one of its bytes can change the verdict (one cluster of a
//     megabyte, a single "e" with half a million combining marks, fits any cap). This is
//     O(their bytes) with the constant of one table step per code point.
//  2. If more follows, cluster limit+1 begins there (OverflowAt) and the verdict is
//     known. A text of at most ExactBytes(limit) bytes is then counted to its end
//     (O(limit)): a realistic over-long post gets its true length. A longer text is
//     counted on until Ceiling(limit) clusters or ExactBytes(limit) bytes, whichever
//     comes first (a cluster cut there counts as one, as it has begun), and reported with
//     Exact false and Length a lower bound above the cap.
//
// So a text that is over its cap costs at most the bytes of its first limit clusters plus
// max(ExactBytes(limit), one cluster's first code point); a cluster longer than the cap's
// worth of bytes is read whole only while it may still fit.
//
// Invalid UTF-8 in what was read stops the count: Invalid is its offset, Length the
// clusters before the one that holds it, Exact false, and OverflowAt the overflow if it
// was already known, else the bad byte's offset (so that an unmeasurable text never fits).
func MeasureWith(span SpanFunc, text string, limit int) Result {
	if limit < 0 {
		limit = 0
	}
	r := Result{Exact: true, OverflowAt: -1, Invalid: -1}
	end, n, bad := asciiFirst(span, text, limit)
	r.Length = n
	if bad >= 0 {
		r.Exact, r.OverflowAt, r.Invalid = false, bad, bad
		return r
	}
	if end == len(text) {
		return r
	}
	r.OverflowAt = end // n == limit: span stopped at its budget
	cut, budget := len(text), math.MaxInt-limit
	if window := ExactBytes(limit); len(text) > window {
		budget = Ceiling(limit) - limit
		cut = runeCut(text, max(window, end+1))
	}
	e, k, bad := asciiFirst(span, text[end:cut], budget)
	r.Length = limit + k
	if bad >= 0 {
		r.Exact, r.Invalid = false, end+bad
		return r
	}
	r.Exact = end+e == len(text)
	return r
}
