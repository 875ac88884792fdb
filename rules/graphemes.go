package rules

import (
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/rivo/uniseg"
)

// graphemesName is the wire name of the grapheme counter.
const graphemesName = "graphemes"

//go:generate go run ./internal/gengraphemes -o graphemes_table.go

// CountGraphemes returns the number of extended grapheme clusters in s: what a reader
// perceives as characters ("e\u0301", a flag, a family emoji joined with ZWJ each count 1).
// The result is exactly uniseg.GraphemeClusterCount(s) (Unicode 15.0, UAX #29) on every
// input, including invalid UTF-8.
//
// Runs of ASCII are counted without uniseg, eight bytes at a time: between two ASCII
// characters there is a boundary everywhere except inside CR LF. The common non-ASCII
// clusters are found without uniseg too, from a table of the grapheme class of every code
// point (see knownSpan): a letter of most alphabets, an ideograph, kana or a Hangul
// syllable with the combining and spacing marks after it, an emoji with its modifiers,
// variation selectors and ZWJ sequence, a flag, a line feed. What is left (Hangul jamo,
// prepended concatenation marks, CR, a mark with nothing before it to join, invalid bytes)
// is handed to uniseg one cluster at a time.
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
		if k == 0 {
			end, k = knownSpan(s, math.MaxInt)
		}
		if k == 0 {
			// A cluster for uniseg. s begins at a boundary, and there uniseg's state is a
			// function of the code point after it (see knownSpan), so -1 is exact.
			_, s, _, _ = uniseg.FirstGraphemeClusterInString(s, -1)
			n++
			continue
		}
		n += k
		s = s[end:]
	}
	return n
}

// The grapheme classes of graphemes_table.go, which internal/gengraphemes derives for every
// code point by probing uniseg (so they are uniseg 0.4.7's Grapheme_Cluster_Break and
// Extended_Pictographic values, Unicode 15.0, grouped by what knownSpan needs).
const (
	graphemeOther       = iota // CR, Prepend, L, V, T: uniseg decides
	graphemeExtend             // Extend: joins what precedes it (GB9)
	graphemeZWJ                // ZERO WIDTH JOINER: joins (GB9) and links two pictographs (GB11)
	graphemeSpacingMark        // SpacingMark: joins (GB9a)
	graphemePlain              // Other: letters, ideographs, kana, digits, symbols, U+FFFD
	graphemePictograph         // Extended_Pictographic: emoji and other pictographs
	graphemeSyllable           // LV, LVT: precomposed Hangul syllables
	graphemeRegional           // Regional_Indicator: two make a flag (GB12, GB13)
	graphemeControl            // LF, Control: a cluster of its own (GB4, GB5)
	graphemeNone               // surrogates, whose encodings are invalid UTF-8; see knownSpan
)

// graphemeTableClass is the class of r < graphemeTableEnd, from the two-stage table.
func graphemeTableClass(r rune) uint8 {
	const blockMask = 1<<graphemeBlockShift - 1
	block := int(graphemeClassIndex[r>>graphemeBlockShift])
	b := graphemeClassBlocks[block<<(graphemeBlockShift-1)|int(r&blockMask)>>1]
	return b >> (uint(r&1) << 2) & 0x0F
}

// The states of knownSpan: what the code points since the last boundary allow next.
const (
	spanAtBoundary    = iota // no cluster open (only where knownSpan starts)
	spanPlain                // after a plain code point, or a joiner after one: joiners continue
	spanPictograph           // after a pictograph and any Extend after it
	spanPictographZWJ        // after a pictograph, Extend*, ZWJ
	spanSyllable             // right after a Hangul syllable
	spanRegional             // right after a regional indicator that began the cluster
	spanControl              // after LF or a control: nothing continues
	spanStop                 // return at the boundary before this code point
	spanAbandon              // return before the open cluster: uniseg must decide it
	spanBreak         = 0x10 // flag: a boundary falls before this code point
)

// graphemeSteps[state<<4|class] is knownSpan's transition: UAX #29 restricted to the
// classes it decides, as uniseg 0.4.7 implements it (which has no GB9c). Each byte is the
// next state (1 spanPlain, 2 spanPictograph, 3 spanPictographZWJ, 4 spanSyllable,
// 5 spanRegional, 6 spanControl, 7 spanStop, 8 spanAbandon), plus spanBreak (0x10) when a
// boundary falls before the code point; so 0x11 is "a plain code point begins a new
// cluster" and 0x17 "the open cluster ends here, and uniseg or asciiSpan takes over".
// Rows are 16 bytes; the six after the classes are never read.
const graphemeSteps = "" +
	//Oth Ext ZWJ SpM Pla Pic Syl Reg Ctl Non: the class of the code point
	"\x07\x07\x07\x07\x01\x02\x04\x05\x06\x07" + "\x17\x17\x17\x17\x17\x17" + // spanAtBoundary: starts only
	"\x17\x01\x01\x01\x11\x12\x14\x15\x16\x17" + "\x17\x17\x17\x17\x17\x17" + // spanPlain: GB9, GB9a, else GB999
	"\x17\x02\x03\x01\x11\x12\x14\x15\x16\x17" + "\x17\x17\x17\x17\x17\x17" + // spanPictograph: GB11's Extend* ZWJ
	"\x17\x01\x01\x01\x11\x02\x14\x15\x16\x17" + "\x17\x17\x17\x17\x17\x17" + // spanPictographZWJ: GB11's × ExtPict
	"\x08\x01\x01\x01\x11\x12\x14\x15\x16\x17" + "\x17\x17\x17\x17\x17\x17" + // spanSyllable: V, T (GB7, GB8) are Other
	"\x17\x01\x01\x01\x11\x12\x14\x01\x16\x17" + "\x17\x17\x17\x17\x17\x17" + // spanRegional: GB12, GB13
	"\x17\x17\x17\x17\x11\x12\x14\x15\x16\x17" + "\x17\x17\x17\x17\x17\x17" // spanControl: GB4

// knownSpan counts the clusters at the start of s that the class table decides, at most
// budget of them, and returns the bytes they span and their number. s must begin at a
// cluster boundary. It stops at a boundary before a run of ASCII or a CR (asciiSpan's job),
// before a cluster that begins with an invalid byte (the caller's: Measure rejects it), and
// before a cluster that needs uniseg.
//
// Why this equals uniseg (UAX #29 as uniseg 0.4.7 implements it): at a boundary, uniseg's
// state after the code point c that follows depends on c alone (every transition that
// breaks lands in the state it would reach from the start of a text), and
//   - after a plain c (Other), and after any joiner that follows one, only a joiner
//     continues the cluster (GB9, GB9a; every other rule needs a particular left side,
//     and GB999 breaks). So the cluster is c and the joiners after it;
//   - after a pictograph (Extended_Pictographic), Extend keeps that state, ZWJ followed by
//     a pictograph continues it (GB11: ExtPict Extend* ZWJ × ExtPict), and a spacing mark
//     or a ZWJ not followed by a pictograph joins but leaves the state of a plain c;
//   - after a Hangul syllable (LV, LVT) the jamo V and T may continue it (GB7, GB8); they
//     are classed Other, so a syllable followed by an Other is left to uniseg, and
//     followed by anything else it is like a plain c;
//   - after a regional indicator that begins a cluster, a second one makes a flag (GB12,
//     GB13), after which, as after a joiner that follows the first, only joiners continue;
//   - after LF or a control, nothing continues (GB4), and they end any cluster before them
//     (GB5; CR, which LF would join, is left to asciiSpan);
//   - ASCII holds no joiner, jamo, pictograph or regional indicator: it always ends the
//     cluster before it.
//
// Each code point is decoded once, inline; graphemeSteps replaces a switch per code point
// because branches are what costs most under GOOS=js GOARCH=wasm.
func knownSpan(s string, budget int) (end, clusters int) {
	if budget <= 0 {
		return 0, 0
	}
	state := uint8(spanAtBoundary)
	i, n := 0, 0 // i: where the open cluster began; n: the clusters before it
	for j := 0; j < len(s); {
		// The class c and width w of the code point at j. graphemeNone is also a byte
		// that does not begin a valid sequence (as utf8.DecodeRuneInString judges), and
		// ASCII that knownSpan leaves to asciiSpan; the walk never steps over it.
		c, w := uint8(graphemeNone), 1
		switch b := s[j]; {
		case b >= 0xE0 && b < 0xF0: // first: every BMP code point from U+0800 on
			if j+2 < len(s) {
				if t := uint(s[j+1])<<8 | uint(s[j+2]); t&0xC0C0 == 0x8080 {
					r := rune(b&0x0F)<<12 | rune(t>>2&0xFC0) | rune(t&0x3F)
					if r >= 0x800 { // not overlong; the table classes surrogates None
						c, w = graphemeTableClass(r), 3
					}
				}
			}
		case b < utf8.RuneSelf:
			// A run of ASCII is left to asciiSpan, which counts it eight bytes at a time;
			// a short one is counted here, saving calls (which are slow under wasm).
			if j+16 < len(s) && (load64(s, j+1)|load64(s, j+9))&swarHigh == 0 {
				break
			}
			c = graphemeTableClass(rune(b)) // plain; LF and controls; CR is Other (GB3)
		case b < 0xC2: // a continuation byte, or the lead of an overlong form
		case b < 0xE0:
			if j+1 < len(s) && s[j+1]&0xC0 == 0x80 {
				c, w = graphemeTableClass(rune(b&0x1F)<<6|rune(s[j+1]&0x3F)), 2
			}
		case b < 0xF5:
			if j+3 < len(s) && s[j+1]&0xC0 == 0x80 && s[j+2]&0xC0 == 0x80 && s[j+3]&0xC0 == 0x80 {
				r := rune(b&0x07)<<18 | rune(s[j+1]&0x3F)<<12 | rune(s[j+2]&0x3F)<<6 | rune(s[j+3]&0x3F)
				if r >= 0x10000 && r <= utf8.MaxRune {
					w = 4
					if r < graphemeTableEnd { // emoji are here
						c = graphemeTableClass(r)
					} else {
						c = graphemeAstralClass(r)
					}
				}
			}
		}

		step := graphemeSteps[int(state)<<4|int(c)]
		if step&spanBreak != 0 { // the open cluster ends before j
			n++
			i = j
			if n == budget {
				return i, n
			}
		}
		if state = step &^ spanBreak; state >= spanStop {
			return i, n
		}
		j += w
	}
	if state != spanAtBoundary { // the end of the text ends the open cluster
		n++
		i = len(s)
	}
	return i, n
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
// OverflowAt, the byte offset where cluster cap+1 begins (-1 when the text fits). The
// length is exact for every text of at most 32*cap bytes (4096 bytes for small caps):
// since a cluster is at least one byte, counting such a text in full costs O(cap), and
// every realistic over-long post (312 against 280, or a 3,000-character draft pasted into
// a tweet) gets its true length. A longer text is counted only up to a ceiling of 2*cap
// clusters (cap+64 for caps under 64) and reported with Exact false and Length = the
// ceiling, meaning "more than Length". So the cost is bounded by the cap, never by
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

// countCeiling is how many clusters Measure counts before giving up on an exact length:
// all of them when the text is short enough for a full count to cost O(limit) (see
// GraphemeCounter), else 2*limit (limit+64 for small limits).
func countCeiling(limit, textLen int) int {
	exactBytes := 4096
	if limit <= math.MaxInt/32 && 32*limit > exactBytes {
		exactBytes = 32 * limit
	} else if limit > math.MaxInt/32 {
		exactBytes = math.MaxInt
	}
	if textLen <= exactBytes {
		return math.MaxInt
	}
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
	ceiling := countCeiling(limit, len(text))
	m := Measurement{Counter: graphemesName, Cap: limit, Exact: true, OverflowAt: -1}
	n, i := 0, 0
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
		if k == 0 {
			end, k = knownSpan(text[i:], budget)
		}
		if k > 0 {
			i += end
			n += k
			continue
		}
		// A cluster for uniseg, with state -1 as in CountGraphemes.
		cluster, _, _, _ := uniseg.FirstGraphemeClusterInString(text[i:], -1)
		if !utf8.ValidString(cluster) {
			bad := i + firstInvalidByte(cluster)
			m.Length, m.Exact = n, false
			if m.OverflowAt < 0 {
				m.OverflowAt = bad
			}
			return m, invalidUTF8(text, bad)
		}
		i += len(cluster)
		n++
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
