// Which breaks to take: the greedy pass, the balancing pass, the cut inside a word
// when no break fits, and the posts with their labels.

package split

import (
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"

	"github.com/postrules/postrules/internal/strictjson"
)

// labelFor is the label of post i of n, with its separating space.
func (sp *splitter) labelFor(i, n string) string {
	if sp.prefix {
		return i + "/" + n + " "
	}
	return " " + i + "/" + n
}

// compose is the post holding t and label.
func (sp *splitter) compose(t, label string) string {
	if label == "" {
		return t
	}
	if sp.prefix {
		return label + t
	}
	return t + label
}

// units measures s with the limit's counter, without a cap that matters.
func (sp *splitter) units(s string) (int, error) {
	m, err := sp.lim.Counter.Measure(s, len(s)*2+64)
	return m.Length, err
}

// split splits the text for labels of digits digits (0: no numbering) and returns each
// post's span of the text. It runs the greedy word-level split first: the balanced
// split may not fall behind it by more than one post (see run).
func (sp *splitter) split(digits int) ([]splitSpan, error) {
	sp.label = ""
	sp.capC = sp.lim.Cap
	minLabel, w := 0, 0
	if digits > 0 {
		nines := ""
		for k := 0; k < digits; k++ {
			nines += "9"
		}
		sp.label = sp.labelFor(nines, nines)
		var err error
		if w, err = sp.units(sp.label); err != nil {
			return nil, err
		}
		if minLabel, err = sp.units(sp.labelFor("1", nines)); err != nil {
			return nil, err
		}
		sp.capC = sp.lim.Cap - w
		if sp.capC < 1 {
			return nil, apierror.New(apierror.CodeInvalidValue, "", "the cap "+strconv.Itoa(sp.lim.Cap)+
				" leaves no room for a post once it holds the label "+strictjson.Quote(sp.label))
		}
	}
	sp.need = (sp.lim.Cap+2)/3 - minLabel
	sp.labelSlack = w - minLabel
	sp.window = 4*sp.capC + 64
	sp.lastFit = splitSpan{-1, -1}
	greedy, err := sp.run(nil)
	if err != nil {
		return nil, err
	}
	return sp.run(greedy)
}

// run is one pass over the text. With greedy == nil it is the greedy word-level split:
// each post ends at the last white space (or explicit break) in reach, or, when there is
// none, at the last grapheme boundary in reach. Otherwise it is the balanced split: each
// post ends at the best break in reach that does not fall behind greedy (post k must
// end no earlier than greedy's post k-1 ended).
//
// Why that bounds the count: greedy from a later start never needs more posts than from
// an earlier one (each of its posts ends at least as far: its reach is at least as far
// and its candidates are the same breaks). If our post k ends at or after greedy's post
// k-1, greedy could finish from there in at most g-(k-1) posts, so if we are not done
// after post m-1, greedy was not done after its post m-2, that is m-1 <= g: m <= g+1.
// Post k can always end that far: its reach covers greedy's end k-1 (a part of a text
// that fits fits) and that end is a valid break.
func (sp *splitter) run(greedy []splitSpan) ([]splitSpan, error) {
	var out []splitSpan
	sp.lengths = sp.lengths[:0]
	sp.recording, sp.mi = greedy == nil, 0
	if sp.recording {
		sp.memo = sp.memo[:0]
	}
	s := sp.cs
	bi := 0 // first break that may end the current post
	ei := 0 // first explicit break at or after bi
	for s < sp.ce {
		for bi < len(sp.breaks) && sp.breaks[bi].end() <= s {
			bi++
		}
		if ei < bi {
			ei = bi
		}
		for ei < len(sp.breaks) && sp.breaks[ei].class != breakExplicit {
			ei++
		}
		// The post cannot cross the next explicit break.
		limit, li := sp.ce, -1
		if ei < len(sp.breaks) {
			limit, li = sp.breaks[ei].end(), ei
		}
		lo := s + 1
		if greedy != nil {
			k := len(out) // index of this post; greedy's post k-1 is greedy[k-1]
			switch {
			case k == 0:
			case k-1 < len(greedy):
				lo = greedy[k-1].end
			default:
				lo = sp.ce
			}
		}
		// Only the balanced pass verifies its posts: greedy's ends are only bounds, and
		// the balanced pass's measure is the post's length when there is no label.
		verify := greedy != nil
		b, next, length, err := sp.endPost(s, limit, li, lo, bi, verify)
		if err != nil {
			return nil, err
		}
		if verify {
			sp.lengths = append(sp.lengths, length)
		}
		out = append(out, splitSpan{s, b})
		s = next
		for s < sp.ce {
			r, size := utf8.DecodeRuneInString(sp.text[s:])
			if !sp.isSplitSpace(s, r, size) {
				break
			}
			s += size
		}
	}
	if greedy != nil {
		return sp.rebalance(out)
	}
	return out, nil
}

// endPost ends the post that starts at s and may not pass limit (li is the explicit
// break at limit, or -1): where its text ends (b), where the next post begins (next) and,
// when verify (the balanced pass), its measured length. It is the whole rest when that
// fits; else the greedy pass's last break in reach, or the balanced pass's best break at
// or after lo.
func (sp *splitter) endPost(s, limit, li, lo, bi int, verify bool) (b, next, length int, err error) {
	E, all, err := sp.reach(s, limit)
	if err != nil {
		return 0, 0, 0, err
	}
	if lo > E || lo <= s {
		lo = s + 1 // the counter is not monotone here (an x-weighted URL); do the best
	}
	if all {
		b, next = limit, sp.ce
		if li >= 0 {
			next = sp.breaks[li].next()
		}
		if verify {
			ok, n, err := sp.fits(s, b)
			if err != nil {
				return 0, 0, 0, err
			}
			length = n
			if !ok {
				all = false
				E = b - 1
				for E > s && !utf8.RuneStart(sp.text[E]) {
					E--
				}
			}
		}
	}
	for !all {
		if !verify {
			b, next, err = sp.chooseGreedy(s, E, bi)
			if err != nil {
				return 0, 0, 0, err
			}
			break
		}
		var ok bool
		var n int
		b, next, n, ok, err = sp.chooseBalanced(s, E, lo, bi)
		if err != nil {
			return 0, 0, 0, err
		}
		if ok {
			length = n
			break
		}
		// The post measured alone is longer than its part of the reach measured
		// (a context-sensitive counter); end it earlier.
		E = b - 1
		for E > s && !utf8.RuneStart(sp.text[E]) {
			E--
		}
	}
	return b, next, length, nil
}

// rebalance moves the break between the last two posts earlier when the last post is
// shorter than a third of the cap, so that a thread does not end on a two-word post:
// among the breaks that leave both posts fitting and the first at least a third of the
// cap, it takes one of the best class, the nearest to the middle. The count does not
// change. A paragraph or explicit break before the last post stays where it is.
func (sp *splitter) rebalance(out []splitSpan) ([]splitSpan, error) {
	n := len(out)
	if n < 2 {
		return out, nil
	}
	a, z := out[n-2], out[n-1]
	if 3*sp.lengths[n-1] >= sp.lim.Cap {
		return out, nil
	}
	// The breaks strictly inside the second to last post, in order.
	i0 := sort.Search(len(sp.breaks), func(k int) bool { return sp.breaks[k].end() > a.start })
	i1 := i0
	for i1 < len(sp.breaks) && sp.breaks[i1].end() < a.end {
		i1++
	}
	for k := i1; k < len(sp.breaks) && sp.breaks[k].end() <= a.end; k++ {
		if sp.breaks[k].end() == a.end && sp.breaks[k].class >= breakParagraph {
			return out, nil
		}
	}
	if i1 == i0 {
		return out, nil
	}
	cands := sp.breaks[i0:i1]
	// Later breaks leave a shorter last post: find the first that lets it fit, and the
	// first that keeps the post before it a third of the cap.
	var ferr error
	lo := sort.Search(len(cands), func(k int) bool {
		ok, _, err := sp.fits(cands[k].next(), z.end)
		if err != nil {
			ferr = err
		}
		return ok
	})
	if ferr != nil {
		return out, ferr
	}
	if lo == len(cands) {
		return out, nil
	}
	need := sp.need
	lo2 := sort.Search(len(cands), func(k int) bool {
		u, err := sp.units(sp.text[a.start:cands[k].end()])
		if err != nil {
			ferr = err
		}
		return u >= need
	})
	if ferr != nil {
		return out, ferr
	}
	if lo2 > lo {
		lo = lo2
	}
	if lo == len(cands) {
		return out, nil
	}
	best := -1
	mid := (a.start + z.end) / 2
	for k := lo; k < len(cands); k++ {
		c := cands[k]
		if c.class >= breakParagraph {
			continue // cannot be inside a post: a paragraph break would have been taken
		}
		if best < 0 || c.class > cands[best].class ||
			c.class == cands[best].class && absInt(c.end()-mid) < absInt(cands[best].end()-mid) {
			best = k
		}
	}
	if best < 0 {
		return out, nil
	}
	c := cands[best]
	ok1, n1, err := sp.fits(a.start, c.end())
	if err != nil || !ok1 {
		return out, err
	}
	ok2, n2, err := sp.fits(c.next(), z.end)
	if err != nil || !ok2 {
		return out, err
	}
	out[n-2] = splitSpan{a.start, c.end()}
	out[n-1] = splitSpan{c.next(), z.end}
	sp.lengths[n-2], sp.lengths[n-1] = n1, n2
	return out, nil
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// fits reports whether the post text[s:b] with the widest label fits the cap, and its
// length.
func (sp *splitter) fits(s, b int) (bool, int, error) {
	m, err := sp.lim.Counter.Measure(sp.compose(sp.text[s:b], sp.label), sp.lim.Cap)
	if err != nil {
		return false, 0, err
	}
	return m.Fits(), m.Length, nil
}

// reach returns how far a post starting at s can go before limit: the byte offset where
// the first unit past the room for text begins (all is false), or limit when everything
// up to it fits (all is true). It measures a window of the text that doubles while it
// fits, so that a counter without an early exit still costs O(post), not O(text).
func (sp *splitter) reach(s, limit int) (int, bool, error) {
	if sp.lastFit.start == s && sp.lastFit.end == limit {
		return sp.lastFitE, sp.lastFitE == limit, nil
	}
	if m, ok := sp.memoAt(s); ok && m.limit == limit {
		return m.E, m.E == limit, nil
	}
	w := sp.window
	for {
		e := limit
		if w < limit-s {
			e = s + w
			for e > s && !utf8.RuneStart(sp.text[e]) {
				e--
			}
		}
		m, err := sp.lim.Counter.Measure(sp.text[s:e], sp.capC)
		if err != nil {
			return 0, false, err
		}
		if !m.Fits() {
			E := s + m.OverflowAt
			for E > s && E < len(sp.text) && !utf8.RuneStart(sp.text[E]) {
				E--
			}
			sp.remember(s, limit, E)
			return E, false, nil
		}
		if e == limit {
			sp.remember(s, limit, limit)
			return limit, true, nil
		}
		w *= 2
	}
}

func (sp *splitter) remember(s, limit, E int) {
	sp.lastFit, sp.lastFitE = splitSpan{s, limit}, E
	if sp.recording && (len(sp.memo) == 0 || sp.memo[len(sp.memo)-1].s < s) {
		sp.memo = append(sp.memo, reachMemo{s, limit, E})
	}
	// Start the next post's window a little past this post's reach.
	if d := E - s; d > 0 {
		sp.window = d + d/4 + 64
	}
}

// chooseGreedy ends the greedy pass's post starting at s at the last break in its reach
// E (the text up to E fits), or, with none, at the last cluster boundary; bi is the first
// break after s. It returns the end of the post and the start of the next.
func (sp *splitter) chooseGreedy(s, E, bi int) (int, int, error) {
	last := -1
	for k := bi; k < len(sp.breaks) && sp.breaks[k].end() <= E; k++ {
		if sp.breaks[k].end() > s {
			last = k
		}
	}
	if last >= 0 {
		return sp.breaks[last].end(), sp.breaks[last].next(), nil
	}
	return sp.cutAt(s, E)
}

// chooseBalanced picks where the post starting at s ends in the balanced pass and
// measures it: the best break by class (paragraph, sentence, clause, word) in reach that
// ends no earlier than lo and, but for a paragraph break, makes a post of at least a third
// of the cap; else the last white space if the word after it fits a post alone; else a
// cut. The measure that checks the third is the post's own, which the
// post needs anyway, so choosing costs no extra measurement in the usual case. fit is
// false when the chosen post turns out longer than its reach said (a context-sensitive
// counter): the caller then tries again with a shorter reach.
func (sp *splitter) chooseBalanced(s, E, lo, bi int) (b, next, length int, fit bool, err error) {
	var last [breakExplicit + 1]int // the last break of class >= c in (s, E], by index+1
	for k := bi; k < len(sp.breaks) && sp.breaks[k].end() <= E; k++ {
		if sp.breaks[k].end() <= s {
			continue
		}
		for c := breakWord; c <= sp.breaks[k].class && c <= breakParagraph; c++ {
			last[c] = k + 1
		}
	}
	tried := 0
	for c := breakParagraph; c >= breakWord; c-- {
		k := last[c]
		if k == 0 || k == tried || sp.breaks[k-1].end() < lo {
			continue
		}
		tried = k
		br := sp.breaks[k-1]
		ok, n, err := sp.fits(s, br.end())
		if err != nil || !ok {
			return br.end(), br.next(), n, false, err
		}
		if c == breakParagraph || 3*(n-sp.labelSlack) >= sp.lim.Cap {
			return br.end(), br.next(), n, true, nil
		}
		// Too short: a later break of a lower class may be long enough.
	}
	// Every break in reach leaves a short post. A word is cut only when it is longer than a
	// post (the "only as a last resort inside a word"): if the word after the last
	// white space fits a post alone, end this post short at that white space instead.
	if k := last[breakWord]; k != 0 && sp.breaks[k-1].end() >= lo && sp.breaks[k-1].next() > sp.breaks[k-1].end() {
		br := sp.breaks[k-1]
		wordEnd := sp.ce
		if k < len(sp.breaks) {
			wordEnd = sp.breaks[k].end()
		}
		_, whole, err := sp.reach(br.next(), wordEnd)
		if err != nil {
			return 0, 0, 0, false, err
		}
		if whole {
			ok, n, err := sp.fits(s, br.end())
			return br.end(), br.next(), n, ok, err
		}
	}
	b, next, err = sp.cutAt(s, E)
	if err != nil {
		return 0, 0, 0, false, err
	}
	ok, n, err := sp.fits(s, b)
	return b, next, n, ok, err
}

// cutAt ends a post that has no usable break in reach at the last grapheme boundary at or
// before E that is not inside a protected span (unless the span begins the post: it is
// longer than a post and must be cut). One cluster alone over the cap is post_too_long.
func (sp *splitter) cutAt(s, E int) (int, int, error) {
	c := sp.clusterStart(s, E)
	if k := sp.spanAt(c); k >= 0 && sp.spans[k].start > s {
		// Keep the span whole for the next post, unless it is too long for any post and
		// must be cut anyway: then it may as well fill this one.
		_, whole, err := sp.reach(sp.spans[k].start, sp.spans[k].end)
		if err != nil {
			return 0, 0, err
		}
		if whole {
			c = sp.spans[k].start
		}
	}
	if c <= s {
		// Not even one cluster (with the label) fits: take the first cluster if a prefix
		// of clusters fits after all (the reach may be short on a context-sensitive
		// counter), else report it.
		if one := s + sp.clusterLen(s); one > s {
			if ok, _, err := sp.fits(s, one); err == nil && ok {
				return one, one, nil
			}
		}
		e := apierror.New(apierror.CodePostTooLong, "", "the text at byte "+strconv.Itoa(s)+" cannot be split to fit the cap "+
			strconv.Itoa(sp.lim.Cap)+": one grapheme cluster of it is longer")
		e.Offset = s
		return 0, 0, e
	}
	// Trailing white space inside a cut (possible only next to marks) is trimmed.
	b := c
	for b > s {
		r, size := utf8.DecodeLastRuneInString(sp.text[s:b])
		if !sp.isSplitSpace(b-size, r, size) {
			break
		}
		b -= size
	}
	if b == s {
		b = c
	}
	return b, c, nil
}

// clusterLen is the byte length of the grapheme cluster starting at s.
func (sp *splitter) clusterLen(s int) int {
	m, _ := rules.GraphemeCounter().Measure(sp.text[s:], 1)
	if m.OverflowAt < 0 {
		return len(sp.text) - s
	}
	return m.OverflowAt
}

// clusterStart is the last grapheme cluster boundary at or before E, counting clusters
// from s (a boundary). It asks the grapheme counter, so it follows whatever Unicode
// version the counter implements.
func (sp *splitter) clusterStart(s, E int) int {
	if E >= len(sp.text) {
		return len(sp.text)
	}
	if E <= s {
		return s
	}
	k := rules.CountGraphemes(sp.text[s:E])
	_, size := utf8.DecodeRuneInString(sp.text[E:])
	m, _ := rules.GraphemeCounter().Measure(sp.text[s:E+size], k)
	if m.OverflowAt == E-s {
		return E // a cluster begins at E
	}
	m, _ = rules.GraphemeCounter().Measure(sp.text[s:E], k-1)
	if m.OverflowAt < 0 {
		return s
	}
	return s + m.OverflowAt
}

// spanAt returns the index of the protected span strictly containing byte c, or -1.
func (sp *splitter) spanAt(c int) int {
	lo, hi := 0, len(sp.spans)
	for lo < hi {
		mid := (lo + hi) / 2
		if sp.spans[mid].end <= c {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < len(sp.spans) && sp.spans[lo].start < c && c < sp.spans[lo].end {
		return lo
	}
	return -1
}

// posts labels and measures the posts of spans: unlabelled, the balanced pass measured
// them already.
func (sp *splitter) posts(spans []splitSpan, numbered bool) ([]Post, error) {
	out := make([]Post, len(spans))
	n := strconv.Itoa(len(spans))
	for i, s := range spans {
		t := sp.text[s.start:s.end]
		if !numbered && sp.label == "" && len(sp.lengths) == len(spans) {
			out[i] = Post{Text: t, Length: sp.lengths[i]}
			continue
		}
		if numbered {
			t = sp.compose(t, sp.labelFor(strconv.Itoa(i+1), n))
		}
		m, err := sp.lim.Counter.Measure(t, sp.lim.Cap)
		if err != nil {
			return nil, err
		}
		if !m.Fits() {
			// Cannot happen with a counter for which a narrower label never makes a post
			// longer; refuse rather than return a post that does not fit.
			e := apierror.New(apierror.CodeInternal, "", "post "+strconv.Itoa(i+1)+" of the split does not fit its cap")
			return nil, e
		}
		out[i] = Post{Text: t, Length: m.Length}
	}
	return out, nil
}

func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}
