package rules

import (
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/rivo/uniseg"
)

// graphemesName is the wire name of the grapheme counter.
const graphemesName = "graphemes"

// CountGraphemes returns the number of extended grapheme clusters in s: what a reader
// perceives as characters ("e\u0301", a flag, a family emoji joined with ZWJ each count 1).
// The result is exactly uniseg.GraphemeClusterCount(s) (Unicode 15.0, UAX #29) on every
// input, including invalid UTF-8.
//
// Runs of ASCII are counted without uniseg, eight bytes at a time: between two ASCII
// characters there is a boundary everywhere except inside CR LF. The ASCII character just
// before a non-ASCII byte is handed to uniseg with what follows, because a combining mark,
// ZWJ, variation selector, spacing mark or emoji modifier may join it into one cluster.
//
// Invalid UTF-8 is counted, not rejected, exactly as uniseg does: every byte that does not
// begin a valid sequence decodes as U+FFFD (utf8.DecodeRuneInString's RuneError of width 1)
// and takes part in segmentation as that character, so it is usually a cluster of its own,
// and combining marks after it attach to it. CountGraphemes is only a count; every length
// check ([GraphemeCounter], [Limits.Measure], [Limits.CheckTarget]) rejects invalid UTF-8
// with code invalid_utf8 instead.
//
// It does not allocate. Its cost is O(len(s)); to decide whether a text is over a cap, use
// a [Counter], which stops early.
func CountGraphemes(s string) int {
	n := 0
	for len(s) > 0 {
		end, k := asciiSpan(s, math.MaxInt)
		n += k
		s = s[end:]
		if len(s) == 0 {
			break
		}
		// s now begins a cluster that holds non-ASCII (possibly led by one ASCII
		// character). uniseg carries its state from cluster to cluster until a cluster
		// ends right before an ASCII byte; the boundary there is uniseg's decision, and
		// from an ASCII character at a boundary on, nothing before it matters any more.
		state := -1
		for {
			_, s, _, state = uniseg.FirstGraphemeClusterInString(s, state)
			n++
			if len(s) == 0 || s[0] < utf8.RuneSelf {
				break
			}
		}
	}
	return n
}

// SWAR constants: one byte value repeated in all eight bytes of a word.
const (
	swarHigh = 0x8080808080808080 // the high bit of every byte: set only by non-ASCII
	swarLow  = 0x7F7F7F7F7F7F7F7F
	swarCR   = 0x0D0D0D0D0D0D0D0D
)

// load64 reads s[i:i+8] as a little-endian word; the compiler turns it into one load.
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// asciiSpan counts the clusters at the start of s that are ASCII and certainly complete,
// at most budget of them. It returns the bytes they span and their number. s must begin at a
// cluster boundary.
//
// It stops before the first non-ASCII byte, and also before a printable ASCII character
// that is followed by a non-ASCII byte: that character may be the base of a longer
// cluster (uniseg decides). ASCII controls, CR and LF are never joined with what follows
// (UAX #29 rule GB4), so they are counted here. CR LF is one cluster (GB3).
func asciiSpan(s string, budget int) (end, clusters int) {
	i, n := 0, 0
	for i < len(s) && n < budget {
		// Eight bytes at a time while they are ASCII without CR (so each byte is its own
		// cluster) and the byte after them is ASCII too (so the last one is complete).
		if i+8 <= len(s) && budget-n >= 8 {
			w := load64(s, i)
			// For ASCII bytes b, b+0x7F sets the high bit exactly when b != 0, with no
			// carry into the next byte; so after XOR with CR, a clear high bit is a CR.
			if w&swarHigh == 0 && ((w^swarCR)+swarLow)&swarHigh == swarHigh &&
				(i+8 == len(s) || s[i+8] < utf8.RuneSelf) {
				i += 8
				n += 8
				continue
			}
		}
		c := s[i]
		if c >= utf8.RuneSelf {
			break
		}
		if i+1 < len(s) {
			d := s[i+1]
			if c == '\r' && d == '\n' {
				i += 2
				n++
				continue
			}
			if d >= utf8.RuneSelf && c >= 0x20 && c != 0x7F {
				break // printable: a mark after it may extend it
			}
		}
		i++
		n++
	}
	return i, n
}

// GraphemeCounter returns the [Counter] that measures text in grapheme clusters (wire
// name "graphemes"), the default counter of every platform in [Limits].
//
// Its Measure(text, cap) counts clusters as [CountGraphemes] does and records
// OverflowAt, the byte offset where cluster cap+1 begins (-1 when the text fits). Past the
// cap it counts on only up to a ceiling of 2*cap clusters (cap+64 for caps under 64), so
// the length of a realistically over-long post (312 against 280) is exact; a text longer
// than the ceiling is reported with Exact false and Length = the ceiling, meaning "more
// than Length". The cost is therefore bounded by the first ceiling+1 clusters, not by
// len(text): rejecting 1 MiB against a cap of 280 reads about 560 clusters. (A single
// cluster is read whole however long it is: "e" followed by a thousand combining marks is
// one cluster, and it fits.)
//
// Measure validates UTF-8 in every cluster it counts. Invalid UTF-8 there is an *[Error]
// with code invalid_utf8, Path "" (the caller knows where the text sits) and Offset at the
// first bad byte; the Measurement returned with it has Exact false, Length the clusters
// before the bad one, and OverflowAt the overflow offset if the cap was already passed,
// else the bad byte's offset, so that an unmeasurable text never Fits. Bytes beyond the
// ceiling are never read and so never examined: such a text is rejected as too long
// anyway, and once shortened it is measured again in full.
//
// A cap below 0 is treated as 0 (only the empty text fits). The counter allocates nothing
// unless it reports an error, and is safe for concurrent use.
func GraphemeCounter() Counter { return graphemeCounter{} }

// graphemeCounter is zero-sized, so storing it in a Counter interface does not allocate.
type graphemeCounter struct{}

func (graphemeCounter) Name() string { return graphemesName }

func (graphemeCounter) Measure(text string, limit int) (Measurement, error) {
	return measureGraphemes(text, limit)
}

// countCeiling is how many clusters Measure counts before giving up on an exact length.
func countCeiling(limit int) int {
	extra := limit
	if extra < 64 {
		extra = 64
	}
	if limit > math.MaxInt-extra {
		return math.MaxInt
	}
	return limit + extra
}

func measureGraphemes(text string, limit int) (Measurement, error) {
	if limit < 0 {
		limit = 0
	}
	ceiling := countCeiling(limit)
	m := Measurement{Counter: graphemesName, Cap: limit, Exact: true, OverflowAt: -1}
	n, i := 0, 0
scan:
	for i < len(text) {
		// Invariant: i is a cluster boundary, n clusters lie before it, and there is
		// at least one more cluster (i < len(text)).
		if n == limit && m.OverflowAt < 0 {
			m.OverflowAt = i
		}
		if n >= ceiling {
			m.Exact = false
			break
		}
		budget := limit - n // stop exactly at the cap to record the overflow offset
		if n >= limit {
			budget = ceiling - n
		}
		end, k := asciiSpan(text[i:], budget)
		i += end
		n += k
		if k > 0 {
			continue
		}
		state := -1
		for {
			cluster, _, _, next := uniseg.FirstGraphemeClusterInString(text[i:], state)
			if !utf8.ValidString(cluster) {
				bad := i + firstInvalidByte(cluster)
				m.Length, m.Exact = n, false
				if m.OverflowAt < 0 {
					m.OverflowAt = bad
				}
				return m, invalidUTF8(text, bad)
			}
			state = next
			i += len(cluster)
			n++
			if i == len(text) {
				break scan
			}
			if n == limit {
				m.OverflowAt = i
			}
			if n >= ceiling {
				m.Exact = false
				break scan
			}
			if text[i] < utf8.RuneSelf {
				break
			}
		}
	}
	m.Length = n
	return m, nil
}

// firstInvalidByte is the offset of the first byte of s that does not begin a valid UTF-8
// sequence, or -1. (A literal U+FFFD in the text is valid: it is three bytes long.)
func firstInvalidByte(s string) int {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return -1
}

// invalidUTF8 is the invalid_utf8 error for text's bad byte at offset bad.
func invalidUTF8(text string, bad int) *Error {
	const hex = "0123456789ABCDEF"
	b := text[bad]
	e := NewError(CodeInvalidUTF8, "", "byte 0x"+string([]byte{hex[b>>4], hex[b&15]})+
		" at offset "+strconv.Itoa(bad)+" is not valid UTF-8")
	e.Offset = bad
	return e
}
