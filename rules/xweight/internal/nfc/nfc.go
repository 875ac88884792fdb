// Package nfc normalises text to NFC the way twitter-text 3.1.0 does before it counts
// (String.prototype.normalize() in js/src/parseTweet.js), quickly when the text already
// is NFC, which nearly every post is.
//
// The algorithm is Unicode's: UAX #15 (Unicode Normalization Forms) and the Unicode
// Standard's chapter 3.11 (canonical decomposition D68, canonical ordering D108-D109,
// canonical composition D117) and 3.12 (Hangul syllables, by arithmetic). The tables
// (table.go) hold Unicode 15.0.0's facts, taken by gen.go from golang.org/x/text/unicode/norm,
// which this package replaced and which no build of it links.
//
// One deviation from Unicode is kept on purpose, as x/text made it and this package's
// callers (rules/xweight) have always counted with it: text is normalised in segments,
// each a starter and the non-starters after it, and a segment ends after 30 non-starters
// (UAX #15's Stream-Safe Text Format, section 13, counted as x/text counts them: from each
// code point's compatibility decomposition, with the code points that combine backwards
// such as Hangul vowels as non-starters). Marks are reordered and composed within a
// segment only, which bounds the work per code point. x/text also inserted U+034F
// COMBINING GRAPHEME JOINER at each such cut; JavaScript inserts nothing and neither does
// this package. So a run of more than 30 combining marks keeps its length, but the order
// of marks past the 30th can differ from JavaScript's, which can change a composition in
// such a run: a documented difference (rules/xweight/testdata/differences.json).
package nfc

import "unicode/utf8"

//go:generate go run gen.go

type span struct{ lo, hi rune }

// info packs what normalising needs to know of a code point; gen.go writes the values.
type info uint16

const (
	propCCC    info = 0xFF    // canonical combining class
	propQCNo   info = 1 << 8  // NFC_Quick_Check=No: never in NFC text
	propMaybe  info = 1 << 9  // NFC_Quick_Check=Maybe: may combine with a code point before it
	propDecomp info = 1 << 10 // has a canonical decomposition (Hangul syllables too)
	// Bits 11-12: the number of non-starters the code point's compatibility decomposition
	// ends with; bit 13: it also begins with that many (it is then a non-starter itself
	// as the Stream-Safe Text Format counts).
	propSSShift      = 11
	propSSLead  info = 1 << 13

	propLimit = 0x30000 // no code point from here on has a property (gen.go checks)
	poolBits  = 13      // see decompKeys

	// maxNonStarters is the Stream-Safe Text Format's limit on a segment (UAX #15, 13).
	maxNonStarters = 30
	// maxSegment bounds the code points of a segment's decomposition: its first code
	// point's (at most maxDecomposition), then code points each of which decomposes into
	// at most as many as it counts towards maxNonStarters (gen.go checks).
	maxSegment = maxDecomposition + maxNonStarters
)

func lookup(r rune) info {
	if uint32(r) >= propLimit {
		return 0
	}
	return propValues[int(propBlocks[int(propIndex[r>>6])<<6|int(r&63)])]
}

func (p info) ccc() uint8 { return uint8(p & propCCC) }

// trail is how many non-starters the stream-safe count starts with after a segment's
// first code point; lead is how many a code point adds when it is not the first, 0 when
// it begins a segment of its own.
func (p info) trail() int { return int(p>>propSSShift) & 3 }

func (p info) lead() int {
	if p&propSSLead == 0 {
		return 0
	}
	return p.trail()
}

// Hangul syllables and jamo (Unicode ch. 3.12).
const (
	sBase  = 0xAC00
	lBase  = 0x1100
	vBase  = 0x1161
	tBase  = 0x11A7
	lCount = 19
	vCount = 21
	tCount = 28
	nCount = vCount * tCount
	sCount = lCount * nCount
)

// stable reports whether r is a starter that no neighbour combines with and that NFC
// leaves alone; a string of such code points is NFC.
func stable(r rune) bool {
	if r < 0x300 {
		return true // TestTableMatchesNorm checks that everything below U+0300 is stable
	}
	if r < 0x10000 {
		return unstableBMP[r>>6]&(1<<(uint(r)&63)) == 0
	}
	lo, hi := 0, len(unstableAstral)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch {
		case r < unstableAstral[m].lo:
			hi = m
		case r > unstableAstral[m].hi:
			lo = m + 1
		default:
			return false
		}
	}
	return true
}

// StableBMP is stable for r in U+0300-U+FFFF: r is a starter that NFC leaves alone and
// that nothing before it combines with. (Everything below U+0300 is.)
func StableBMP(r rune) bool { return unstableBMP[r>>6]&(1<<(uint(r)&63)) == 0 }

// StableBlock reports whether the 64 code points U+xxx0 with r>>6 == hi (hi < 1024: the
// BMP) are all stable, so that a table per block can stand for StableBMP.
func StableBlock(hi int) bool { return unstableBMP[hi] == 0 }

// Stable is stable for any code point: a text of stable code points is NFC.
func Stable(r rune) bool { return stable(r) }

// firstUnstable returns the offset of the first unstable code point of s[i:] (valid
// UTF-8), len(s) if there is none.
func firstUnstable(s string, i int) int {
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			continue
		}
		// DecodeValid and stable, inlined: this runs over every post.
		var r rune
		var size int
		switch {
		case c < 0xE0:
			r = rune(c&0x1F)<<6 | rune(s[i+1]&0x3F)
			size = 2
			if r < 0x300 {
				i += 2
				continue
			}
		case c < 0xF0:
			r = rune(c&0x0F)<<12 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F)
			size = 3
		default:
			r = rune(c&0x07)<<18 | rune(s[i+1]&0x3F)<<12 | rune(s[i+2]&0x3F)<<6 | rune(s[i+3]&0x3F)
			size = 4
		}
		if r < 0x10000 {
			if unstableBMP[r>>6]&(1<<(uint(r)&63)) != 0 {
				return i
			}
		} else if !stable(r) {
			return i
		}
		i += size
	}
	return len(s)
}

// isNFC reports whether s, which must be valid UTF-8, is in NFC, without allocating. The
// table decides most texts; around a code point that can change, the segments are
// checked, and normalised when the quick check cannot tell.
func isNFC(s string) bool {
	var r Reader
	for from := 0; ; {
		u := firstUnstable(s, from)
		if u == len(s) {
			return true
		}
		for i := segmentStart(s, from, u); i <= u && i < len(s); {
			end, quick := segmentEnd(s, i)
			if !quick && string(r.normalize(s[i:end])) != s[i:end] {
				return false
			}
			i, from = end, end
		}
	}
}

// String returns the NFC form of s (valid UTF-8), s itself when it is NFC already; then
// it allocates nothing.
func String(s string) string {
	var r Reader
	var out []byte // nil while s[:from] is its own NFC form; else the NFC form of s[:copied]
	copied := 0
	for from := 0; ; {
		u := firstUnstable(s, from)
		if u == len(s) {
			break
		}
		// The stable code points before u are their own segments' NFC forms; so are the
		// segments up to the one that holds u, which may begin a little before it.
		for i := segmentStart(s, from, u); i <= u && i < len(s); {
			end, quick := segmentEnd(s, i)
			if !quick {
				if seg := r.normalize(s[i:end]); string(seg) != s[i:end] {
					if out == nil {
						out = make([]byte, 0, len(s)+len(s)/4)
					}
					out = append(out, s[copied:i]...)
					out = append(out, seg...)
					copied = end
				}
			}
			i, from = end, end
		}
	}
	if out == nil {
		return s
	}
	return string(append(out, s[copied:]...))
}

// Segments calls fn with each normalised segment of s in order, and the byte offset in s
// where the segment's source begins; the segments concatenated are String(s).
func Segments(s string, fn func(orig int, seg []byte)) {
	var r Reader
	r.Init(s)
	for {
		pos, seg, ok := r.Next()
		if !ok {
			return
		}
		fn(pos, seg)
	}
}

// Reader normalises a text segment by segment, so that a caller can stop reading early:
// the segments read so far are a prefix of the text's NFC form, whatever follows (a
// segment ends before a code point that begins a new one, so Next reads one code point
// past it at most, and segments hold at most 30 non-starters). Its buffers are its own:
// a Reader allocates nothing.
type Reader struct {
	s string
	p int
	n int // code points in buf
	// The segment being normalised, decomposed and in canonical order.
	buf [maxSegment]struct {
		r rune
		p info
	}
	out [maxSegment * utf8.UTFMax]byte
}

// Init readies r to read s. s must be valid UTF-8 as far as it will be read; a byte that
// is not is passed through as a segment of its own.
func (r *Reader) Init(s string) {
	r.s = s
	r.p = 0
}

// Next returns the next normalised segment, non-empty, and the byte offset in s where its
// source begins; ok is false at the end of s. seg is valid until the next call.
func (r *Reader) Next() (orig int, seg []byte, ok bool) {
	if r.p >= len(r.s) {
		return 0, nil, false
	}
	orig = r.p
	if c := r.s[orig]; c < utf8.RuneSelf && (orig+1 == len(r.s) || r.s[orig+1] < utf8.RuneSelf) {
		// ASCII followed by ASCII: a segment of one byte (segmentEnd, without the lookups).
		r.p++
		r.out[0] = c
		return orig, r.out[:1], true
	}
	end, quick := segmentEnd(r.s, orig)
	r.p = end
	if quick {
		return orig, append(r.out[:0], r.s[orig:end]...), true
	}
	return orig, r.normalize(r.s[orig:end]), true
}

// Pos returns the byte offset in s up to which r has read.
func (r *Reader) Pos() int { return r.p }

// decode decodes the code point at s[i:]; a byte that does not begin valid UTF-8 comes
// back as -1, size 1 (no code point has properties, and it begins a segment of its own).
func decode(s string, i int) (rune, int) {
	if c := s[i]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	c, size := utf8.DecodeRuneInString(s[i:])
	if size == 1 {
		return -1, 1
	}
	return c, size
}

// segmentEnd returns where the segment that begins at s[i] ends: before the next code
// point that begins a segment (leads with no non-starter), or before the code point that
// would take the segment past maxNonStarters. quick reports that the segment is NFC as it
// stands by UAX #15's quick check: no code point with NFC_Quick_Check No or Maybe,
// combining classes in canonical order, and no decomposition to order marks against.
func segmentEnd(s string, i int) (end int, quick bool) {
	c, size := decode(s, i)
	if c < 0 {
		return i + 1, true
	}
	p := lookup(c)
	ss := p.trail()
	quick = p&(propQCNo|propMaybe) == 0
	last := p.ccc()
	if p&propDecomp != 0 {
		last = 0xFF // the marks it decomposes into must be ordered with what follows
	}
	for i += size; i < len(s) && s[i] >= utf8.RuneSelf; i += size {
		if c, size = decode(s, i); c < 0 {
			break
		}
		p = lookup(c)
		lead := p.lead()
		if lead == 0 {
			break
		}
		if ss += lead; ss > maxNonStarters {
			break // where x/text inserted U+034F
		}
		cc := p.ccc()
		if p&(propQCNo|propMaybe|propDecomp) != 0 || cc < last {
			quick = false
		}
		last = cc
	}
	return i, quick
}

// segmentStart returns where the segment that holds the code point at s[u] begins, given
// that one begins at from <= u and that the code points of s[from:u] are all stable. A
// code point that leads with no non-starter begins a segment; stable ones nearly all do.
func segmentStart(s string, from, u int) int {
	for u > from {
		c, _ := decode(s, u)
		if lookup(c).lead() == 0 {
			return u
		}
		u--
		for u > from && !utf8.RuneStart(s[u]) {
			u--
		}
	}
	return from
}

// normalize returns the NFC form of seg, one segment (segmentEnd), in r.out.
func (r *Reader) normalize(seg string) []byte {
	// Decompose (ch. 3.11 D68) and put the marks in canonical order (D108-D109) as they
	// come: insertion keeps equal classes in their order and never moves a mark past a
	// starter. A segment holds at most maxSegment code points, so this is bounded.
	r.n = 0
	for i := 0; i < len(seg); {
		c, size := decode(seg, i)
		i += size
		p := lookup(c)
		switch {
		case p&propDecomp == 0:
			r.insert(c, p)
		case c >= sBase && c < sBase+sCount: // ch. 3.12, Hangul syllable decomposition
			s := c - sBase
			r.insert(lBase+s/nCount, lookup(lBase+s/nCount))
			r.insert(vBase+s%nCount/tCount, lookup(vBase+s%nCount/tCount))
			if t := s % tCount; t != 0 {
				r.insert(tBase+t, lookup(tBase+t))
			}
		default:
			d := decomposition(c)
			for j := 0; j < len(d); {
				x, xs := utf8.DecodeRuneInString(d[j:])
				j += xs
				r.insert(x, lookup(x))
			}
		}
	}
	r.compose()
	out := r.out[:0]
	for _, e := range r.buf[:r.n] {
		out = utf8.AppendRune(out, e.r)
	}
	return out
}

// insert appends c to the segment's decomposition, moved before the marks of a higher
// combining class at the end (canonical ordering, ch. 3.11 D109).
func (r *Reader) insert(c rune, p info) {
	j := r.n
	r.n++
	if cc := p.ccc(); cc != 0 {
		for j > 0 && r.buf[j-1].p.ccc() > cc {
			r.buf[j] = r.buf[j-1]
			j--
		}
	}
	r.buf[j].r, r.buf[j].p = c, p
}

// compose is canonical composition (ch. 3.11 D117): each code point C after the last
// starter L combines with it into the primary composite of L and C, if there is one and C
// is not blocked from L (D115: a code point between them is a starter or has a combining
// class not lower than C's). The decomposition is in canonical order, so the code point
// kept just before C has the highest class between L and C.
func (r *Reader) compose() {
	if r.n < 2 {
		return
	}
	b := r.buf[:r.n]
	starter := -1
	if b[0].p.ccc() == 0 {
		starter = 0
	}
	k := 1
	for i := 1; i < len(b); i++ {
		e := b[i]
		cc := e.p.ccc()
		if starter >= 0 && e.p&propMaybe != 0 && (k-1 == starter || b[k-1].p.ccc() < cc) {
			if x, ok := composite(b[starter].r, e.r); ok {
				b[starter].r = x // a primary composite is a starter, like L (gen.go checks)
				continue
			}
		}
		if cc == 0 {
			starter = k
		}
		b[k] = e
		k++
	}
	r.n = k
}

// composite returns the primary composite of a starter a followed by b, if there is one.
func composite(a, b rune) (rune, bool) {
	// Hangul (ch. 3.12): L + V = LV, LV + T = LVT.
	if a >= lBase && a < lBase+lCount && b >= vBase && b < vBase+vCount {
		return sBase + ((a-lBase)*vCount+b-vBase)*tCount, true
	}
	if a >= sBase && a < sBase+sCount {
		if (a-sBase)%tCount == 0 && b > tBase && b < tBase+tCount {
			return a + b - tBase, true
		}
		return 0, false
	}
	// A primary composite's full decomposition is a's followed by b (gen.go checks), and
	// composites lists them sorted by it.
	var key [maxDecomposition * utf8.UTFMax]byte
	k := key[:0]
	if lookup(a)&propDecomp != 0 {
		k = append(k, decomposition(a)...)
	} else {
		k = utf8.AppendRune(k, a)
	}
	if len(k)+utf8.RuneLen(b) > len(key) {
		return 0, false // longer than any decomposition
	}
	k = utf8.AppendRune(k, b)
	lo, hi := 0, len(composites)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch c := compare(decompAt(int(composites[m])), k); {
		case c < 0:
			lo = m + 1
		case c > 0:
			hi = m
		default:
			return rune(decompKeys[composites[m]] >> poolBits), true
		}
	}
	return 0, false
}

// compare orders a and b as strings.
func compare(a string, b []byte) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return len(a) - len(b)
}

// decomposition returns the full canonical decomposition of c in UTF-8, "" if it has none
// in the table (Hangul syllables are decomposed by arithmetic).
func decomposition(c rune) string {
	lo, hi := 0, len(decompKeys)-1 // the last key only ends the pool
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch k := rune(decompKeys[m] >> poolBits); {
		case c > k:
			lo = m + 1
		case c < k:
			hi = m
		default:
			return decompAt(m)
		}
	}
	return ""
}

// decompAt returns the decomposition that decompKeys[i] points to.
func decompAt(i int) string {
	const mask = 1<<poolBits - 1
	return decompPool[decompKeys[i]&mask : decompKeys[i+1]&mask]
}

// StablePrefix returns the length n of the longest prefix of s[:max] (max at a character
// boundary, s valid UTF-8 up to its character at max) made of code points that NFC leaves
// alone and that begin a new segment, and such that s[n:] begins a new segment too: s[:n]
// is then also a prefix of String(s), whatever follows.
func StablePrefix(s string, max int) int {
	last := 0 // start of the last character read: a boundary
	for i := 0; i < max; {
		c := s[i]
		if c < utf8.RuneSelf {
			last = i
			i++
			continue
		}
		r, size := DecodeValid(s, i)
		if !stable(r) {
			return last // r may combine with the character before it
		}
		last = i
		i += size
	}
	if max < len(s) && s[max] >= utf8.RuneSelf { // ASCII always begins a segment
		if r, _ := utf8.DecodeRuneInString(s[max:]); !stable(r) {
			return last // the character at max may combine with the one before it
		}
	}
	return max
}

// DecodeValid decodes the code point at s[i:], which must be valid UTF-8 (callers check
// the whole text once first); it skips utf8.DecodeRuneInString's checks on hot paths.
func DecodeValid(s string, i int) (rune, int) {
	c := s[i]
	switch {
	case c < 0x80:
		return rune(c), 1
	case c < 0xE0:
		return rune(c&0x1F)<<6 | rune(s[i+1]&0x3F), 2
	case c < 0xF0:
		return rune(c&0x0F)<<12 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F), 3
	}
	return rune(c&0x07)<<18 | rune(s[i+1]&0x3F)<<12 | rune(s[i+2]&0x3F)<<6 | rune(s[i+3]&0x3F), 4
}
