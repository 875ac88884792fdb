package rules

import (
	"strconv"

	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/internal/entity"
)

// Measurement is the length of one text against one cap.
type Measurement struct {
	// Counter is the wire name of the counter that measured ("graphemes", "x-weighted").
	Counter string
	// Length is the text's length in the counter's unit. It is exact when Exact is true;
	// otherwise counting stopped early past the cap and Length is a lower bound (> Cap).
	Length int
	// Exact is false only when counting stopped early on a text far over its cap.
	Exact bool
	// Cap is the limit the text was measured against.
	Cap int
	// OverflowAt is the byte offset in the text where the first unit beyond Cap begins,
	// or -1 when the text fits.
	OverflowAt int
	// Rule is the id of the book's rule the text was measured for ("bluesky.text.max_bytes"),
	// "" when a Counter is called directly.
	Rule string
	// Warning is true when Rule is a warning: not fitting it informs, it does not block.
	Warning bool
}

// Fits reports whether the text is within its cap.
func (m Measurement) Fits() bool { return m.OverflowAt < 0 }

// Counter measures text in one unit. rules ships the grapheme counter ([GraphemeCounter]);
// other counters (X's weighted length in rules/xweight) plug into [Limits] through it.
// Implementations must be safe for concurrent use.
type Counter interface {
	// Name is the counter's wire name, e.g. "graphemes".
	Name() string
	// Measure measures text against cap. Once the text is known to be over cap, it may
	// stop counting (cost O(cap), not O(len(text))) and report Exact false. Invalid UTF-8
	// in the part it reads is an *Error with CodeInvalidUTF8 and Offset at the bad byte.
	Measure(text string, cap int) (Measurement, error)
}

// Limit is one platform's primary length rule: the most units a post may have, and the
// counter that measures them. In [Limits.With], Cap <= 0 means the platform's
// defaultCap and a nil Counter means its defaultCounter.
type Limit struct {
	Cap     int
	Counter Counter
}

// Limits maps each of the ten platforms to its rules of the book ([Book]) as the caller
// configures them: the primary length [Limit] of each platform (cap and counter,
// [Limits.For]), and overrides by rule id: another limit ([Limits.WithRule]) or the rule
// turned off ([Limits.Disable]), for an API whose own limits differ. It is a small value:
// copy it and share it between goroutines freely; With, WithRule and Disable return a
// modified copy and never change the original. (Limits compare with == when their
// counters do and they share their overrides; a Limits with no override compares by
// value.) The zero value is [DefaultLimits]: every rule of the book as written.
type Limits struct {
	// byPlatform is indexed by Platform.index(); a zero Limit there means the defaults.
	byPlatform [numPlatforms]Limit
	// ov holds the overrides by rule id; nil when there is none. Never written after it
	// is built: WithRule and Disable copy it.
	ov *overrides
	// ext counts the rules whose unit no counter of this package counts (X's weighted
	// length, for twitter.text.x_weighted); nil: such rules are not measured.
	ext Counter
}

// WithCounter returns a copy of l that measures the book's rules in c's unit (c.Name()),
// a unit no counter of this package counts: X's weighted length (rules/xweight), which
// the warning twitter.text.x_weighted is counted in. Without it, such rules are skipped,
// as if off. Package rules cannot import rules/xweight (it imports rules), so the
// caller plugs it in; package schema and the WASM module always do.
func (l Limits) WithCounter(c Counter) Limits {
	l.ext = c
	return l
}

// overrides is the list of rules whose limit was changed or that were turned off.
type overrides struct {
	list []override
}

type override struct {
	rule  int // position in book
	limit int // > 0: the limit to use instead of the book's
	off   bool
}

// DefaultLimits returns the limits used when the caller configures none: every rule of
// the book as written, each platform's primary length rule at its defaultCap in its own
// unit. It equals the zero Limits.
func DefaultLimits() Limits { return Limits{} }

// defaultCap is p's default length cap: the limit of p's primary text rule in the book,
// in that rule's unit (defaultCounter): twitter 280 graphemes, bluesky 300 graphemes
// (and 3,000 bytes, a second rule), threads 500 bytes, youtube 5,000 bytes, the others in
// UTF-16 code units. It is 0 for a string that is not one of the ten platforms.
func defaultCap(p Platform) int {
	i := p.index()
	if i < 0 {
		return 0
	}
	return book[textRules[i][0]].Limit
}

// defaultCounter is the counter of p's primary text rule: graphemes for twitter (X's own
// weighted count is rules/xweight, on request) and bluesky, UTF-8 bytes for threads and
// youtube, UTF-16 code units for the platforms that do not document their unit. It is
// nil for a string that is not one of the ten platforms.
func defaultCounter(p Platform) Counter {
	i := p.index()
	if i < 0 {
		return nil
	}
	c, _ := bookCounter(book[textRules[i][0]].Unit)
	return c
}

// primaryRule is the id of p's primary text rule, the one [Limits.For] and [Limits.With]
// configure ("twitter.text.max", "bluesky.text.max_graphemes"); "" for a string that is
// not one of the ten platforms.
func primaryRule(p Platform) string {
	i := p.index()
	if i < 0 {
		return ""
	}
	return book[textRules[i][0]].ID
}

// For returns p's primary limit with the defaults filled in: Cap <= 0 becomes
// defaultCap(p) and a nil Counter becomes defaultCounter(p). For a p that is not one
// of the ten platforms it returns the zero Limit; [Limits.Measure] and
// [Limits.CheckPost] report unknown_platform.
func (l Limits) For(p Platform) Limit {
	i := p.index()
	if i < 0 {
		return Limit{}
	}
	lim := l.byPlatform[i]
	if lim.Cap <= 0 {
		lim.Cap = defaultCap(p)
	}
	if lim.Counter == nil {
		lim.Counter = defaultCounter(p)
	}
	return lim
}

// With returns a copy of l in which p's primary limit is lim (Cap <= 0: p's default cap;
// nil Counter: p's default counter). l itself is unchanged. A p that is not one of the
// ten platforms changes nothing: there is no post to apply it to, and [Limits.Measure]
// rejects it. p's other rules (bluesky's 3,000 bytes) stay as they are.
func (l Limits) With(p Platform, lim Limit) Limits {
	i := p.index()
	if i < 0 {
		return l
	}
	if lim.Cap < 0 {
		lim.Cap = 0 // one spelling of "default", so that equal limits compare equal
	}
	l.byPlatform[i] = lim
	return l
}

// WithRule returns a copy of l in which the rule with id id has the limit limit instead
// of the book's (limit <= 0: the book's), and is on. For a platform's primary rule this
// is the same as [Limits.With] with that cap and the platform's counter kept. An id that
// is not in the book changes nothing; check it with [RuleByID] first when it comes from
// outside.
func (l Limits) WithRule(id string, limit int) Limits {
	bi, ok := bookIndex[id]
	if !ok {
		return l
	}
	if limit < 0 {
		limit = 0
	}
	r := &book[bi]
	if p := r.Platform.index(); textRules[p][0] == bi {
		l.byPlatform[p].Cap = limit
		limit = 0 // the cap lives in byPlatform
	}
	return l.set(override{rule: bi, limit: limit})
}

// Disable returns a copy of l in which the rule with id id is off: it is not checked and
// raises no problem. An id that is not in the book changes nothing. [Limits.WithRule]
// turns it on again.
func (l Limits) Disable(id string) Limits {
	bi, ok := bookIndex[id]
	if !ok {
		return l
	}
	return l.set(override{rule: bi, off: true})
}

// set returns l with o replacing any override of the same rule (copy on write). An
// override that says "the book's limit, on" is dropped, so that the zero state has no list.
func (l Limits) set(o override) Limits {
	var list []override
	if l.ov != nil {
		list = make([]override, 0, len(l.ov.list)+1)
		for _, x := range l.ov.list {
			if x.rule != o.rule {
				list = append(list, x)
			}
		}
	}
	if o.off || o.limit > 0 {
		list = append(list, o)
	}
	if len(list) == 0 {
		l.ov = nil
	} else {
		l.ov = &overrides{list: list}
	}
	return l
}

// find returns the override of book rule bi, or the zero override.
func (l *Limits) find(bi int) override {
	if l.ov != nil {
		for _, o := range l.ov.list {
			if o.rule == bi {
				return o
			}
		}
	}
	return override{rule: bi}
}

// Rule returns the rule with id id as l applies it: its Limit overridden when the caller
// changed it, and on false when the caller turned it off. ok is false for an id that is
// not in the book.
func (l Limits) Rule(id string) (r Rule, on, ok bool) {
	bi, found := bookIndex[id]
	if !found {
		return Rule{}, false, false
	}
	r = book[bi]
	o := l.find(bi)
	if p := r.Platform.index(); textRules[p][0] == bi {
		lim := l.For(r.Platform)
		r.Limit, r.Unit = lim.Cap, lim.Counter.Name()
	} else if o.limit > 0 {
		r.Limit = o.limit
	}
	return r, !o.off, true
}

// Measure measures text against p's text length rules with their counters (see the
// counters for what they report and when they stop early) and returns the measurement
// of the first error rule the text breaks, or, when it breaks none, of p's primary rule
// (bluesky: 300 graphemes, then 3,000 bytes). Measurement.Rule names the rule. Rules
// that are not about length (youtube's forbidden < and >, threads' links) are checked by
// [Limits.CheckPost] and Limits.appendMeasurements. A p that is not one of the ten
// platforms is a 400 unknown_platform *[apierror.Error]; invalid UTF-8 in the part of text a
// counter reads is a 400 invalid_utf8 *[apierror.Error] with Offset at the bad byte. Errors carry
// no Path: the caller knows where text sits in a request (see [Error.WithPath]).
// With either error from this package, the Measurement returned never Fits.
func (l Limits) Measure(p Platform, text string) (Measurement, error) {
	if !p.Valid() {
		_, err := ParsePlatform(string(p))
		return Measurement{}, err
	}
	var first Measurement
	have := false
	for _, bi := range textRules[p.index()] {
		r := &book[bi]
		if r.kind != kindLength || r.Severity != SeverityError {
			continue
		}
		m, on, err := l.measureRule(p, bi, text)
		if !on {
			continue
		}
		if err != nil || !m.Fits() {
			return m, err
		}
		if !have {
			first, have = m, true
		}
	}
	if !have {
		// Every length rule is off: nothing can be too long.
		return Measurement{Counter: l.For(p).Counter.Name(), Exact: true, OverflowAt: -1}, nil
	}
	return first, nil
}

// textMeasurements appends to dst one Measurement per text rule of p that is on: each
// length rule in its unit, and the rules about what the text holds (forbidden characters:
// Counter "forbidden", Cap 0, Length how many; links, hashtags, mentions: Counter
// "links"/"hashtags"/"mentions", Length how many). Each has Rule set, and Warning for a
// warning rule; a rule is broken exactly when its Measurement does not Fit. It is the
// composer's per-keystroke call: with a dst of enough capacity it allocates nothing for
// valid UTF-8. Errors are as for [Limits.Measure]; on invalid UTF-8 it stops at the rule
// that found it (its Measurement, which never Fits, is appended).
func (l Limits) textMeasurements(dst []Measurement, p Platform, text string) ([]Measurement, error) {
	var cache unitCache
	return l.appendMeasurements(dst, p, text, &cache)
}

func (l *Limits) appendMeasurements(dst []Measurement, p Platform, text string, cache *unitCache) ([]Measurement, error) {
	pi := p.index()
	if pi < 0 {
		_, err := ParsePlatform(string(p))
		return dst, err
	}
	return l.appendRuleMeasurements(dst, pi, textRules[pi], text, cache)
}

// appendRuleMeasurements is appendMeasurements over the text rules list (textRules or
// photoTextRules of the platform of index pi); the platform's primary rule is measured
// with the caller's primary limit only where list holds it first.
func (l *Limits) appendRuleMeasurements(dst []Measurement, pi int, list []int, text string, cache *unitCache) ([]Measurement, error) {
	primaryFits := true
	for k, bi := range list {
		primary := k == 0 && bi == textRules[pi][0]
		if !primaryFits && book[bi].kind == kindLength && ruleCounter[bi] == nil {
			// twitter.text.x_weighted speaks where graphemes fit and X's count does not;
			// past the grapheme cap the error says it all.
			continue
		}
		// Measured in place at the end of dst: a Measurement is nine words, and this runs
		// for every rule of every platform on every keystroke.
		dst = append(dst, Measurement{})
		m := &dst[len(dst)-1]
		on, err := l.measureText(m, pi, primary, bi, text, cache)
		if !on {
			dst = dst[:len(dst)-1]
			continue
		}
		if k == 0 {
			primaryFits = m.Fits()
		}
		if err != nil {
			return dst, err
		}
	}
	return dst, nil
}

// MeasureAll measures one text for every platform of ps, in order: the text rules of each
// as Limits.appendMeasurements appends them (Measurement.Rule starts with the
// platform). It is the composer's one call per keystroke for all selected targets; reuse
// dst[:0] between calls and it allocates nothing for valid UTF-8. The first error
// (unknown platform, invalid UTF-8) stops it and is returned with what was measured.
//
// Its cost is bounded whatever the text's length: a text longer than measureAllBound
// bytes is measured from its first measureAllBound bytes (cut back to a character
// boundary) when that part alone breaks an error rule of every platform of ps, which a
// longer text then breaks too; see [Limits.MeasureAllRead].
func (l Limits) MeasureAll(dst []Measurement, ps []Platform, text string) ([]Measurement, error) {
	ms, _, err := l.MeasureAllRead(dst, ps, text)
	return ms, err
}

// measureAllBound is how much of a long text [Limits.MeasureAll] reads, at most, once that
// part decides every selected platform: 256 KiB (the cut is at white space before it; see
// [Limits.MeasureAllRead]). Any 256 KiB of UTF-8 holds more than 87,000
// UTF-16 code units and code points, past the largest cap of the book (facebook.text.max,
// 63,206 UTF-16 units), so every length rule in those units or in bytes is broken inside
// it; only a text of a few huge grapheme clusters (a letter with 100,000 marks) can fit a
// grapheme cap there, and it is then read whole.
const measureAllBound = 256 << 10

// MeasureAllRead is [Limits.MeasureAll] that also says how many bytes of text its
// measurements describe: len(text), or the n < len(text) bytes of a prefix when the text
// is longer than measureAllBound and its first n bytes already break an error rule of
// every platform of ps. n is at most measureAllBound: the prefix ends just after the last
// ASCII white space (or < > " ') in the 64 KiB before the bound, so that it cuts no
// word, link or tag; a text with none there is read whole. Those are
// the measurements of text[:n] with Exact false on every one: the platforms' verdicts
// (none fits) are those of the whole text, and so is every OverflowAt inside text[:n];
// Length is a lower bound (the units or the links, tags and forbidden characters found in
// text[:n]); a rule that text[:n] does not break may still be broken further on. Any
// longer prefix of text answers the same, so a caller holding a huge text may pass
// text[:k] for any k > measureAllBound and learn from n < k that it need not pass more.
func (l Limits) MeasureAllRead(dst []Measurement, ps []Platform, text string) ([]Measurement, int, error) {
	if len(text) > measureAllBound {
		n := measureAllCut(text)
		if n < 0 {
			out, _, err := l.measureAll(dst, ps, text)
			return out, len(text), err
		}
		start := len(dst)
		out, decided, err := l.measureAll(dst, ps, text[:n])
		if err == nil && decided {
			for i := start; i < len(out); i++ {
				out[i].Exact = false
			}
			return out, n, nil
		}
		dst = out[:start] // not decided there (or an error, found again below): read it all
	}
	out, _, err := l.measureAll(dst, ps, text)
	return out, len(text), err
}

// measureAllCut is where MeasureAllRead cuts a text longer than measureAllBound: just
// after the last ASCII white space at or before measureAllBound, in the last 64 KiB (no
// URL, hashtag, mention or cashtag of rules/internal/entity spans one, and what follows
// an entity is then the same in the prefix as in the whole text), so that none is
// cut (a cut link "https://example.com/pa" would count as a link of its own, a cut
// cashtag "$GOOGLEX" as the cashtag "$GOOG"); -1 when there is none (a text with no
// white space for 64 KiB is read whole). Every byte before the cut decides its rules as
// it does in the whole text, and no character is cut.
func measureAllCut(text string) int {
	for i := measureAllBound - 1; i >= measureAllBound-64<<10; i-- {
		switch text[i] {
		case ' ', '\t', '\n', '\r', '\f', '\v':
			return i + 1
		}
	}
	return -1
}

// measureAll is MeasureAll's whole read; decided is true when every platform of ps breaks
// an error rule.
func (l *Limits) measureAll(dst []Measurement, ps []Platform, text string) ([]Measurement, bool, error) {
	// One text, many rules in few units: a unit's exact count is reused by every rule
	// whose cap it fits (the seven UTF-16 rules of the ten platforms count once).
	var cache unitCache
	decided := true
	for _, p := range ps {
		from := len(dst)
		var err error
		if dst, err = l.appendMeasurements(dst, p, text, &cache); err != nil {
			return dst, false, err
		}
		broken := false
		for i := from; i < len(dst); i++ { // by index: a Measurement is nine words
			broken = broken || !dst[i].Warning && !dst[i].Fits()
		}
		decided = decided && broken
	}
	return dst, decided, nil
}

// MeasureRule measures text against one rule of the book as l applies it, for the rules
// that measure a string (lengths in a counter's unit, forbidden characters): the rules of
// a target's text, and those of option fields such as "youtube.title.max". on is false
// when the rule is off (the Measurement is then zero); ok false when id is not in the
// book or its rule measures no string. err is the counter's (invalid_utf8).
func (l Limits) MeasureRule(id, text string) (m Measurement, on, ok bool, err error) {
	bi, found := bookIndex[id]
	if !found {
		return Measurement{}, false, false, nil
	}
	r := &book[bi]
	if r.kind == kindOther && r.forbid == "" {
		if _, isCounter := bookCounter(r.Unit); !isCounter {
			return Measurement{}, false, false, nil
		}
	}
	m, on, err = l.measureRule(r.Platform, bi, text)
	return m, on, true, err
}

// measureRule applies book rule bi of platform p to text, with no cache; on is false when
// l turned it off.
func (l Limits) measureRule(p Platform, bi int, text string) (m Measurement, on bool, err error) {
	pi := p.index()
	on, err = l.measureText(&m, pi, textRules[pi][0] == bi, bi, text, nil)
	return m, on, err
}

// unitCache keeps, for one text, the last measurement of each built-in counter, so that
// rules in the same unit with other caps need not count again, and the facts of one pass
// over the text (scanFacts) that answer the rules in bytes, UTF-16 units and code points,
// and tell the character rules and the entity scan when there is nothing to find.
type unitCache struct {
	m     [4]Measurement
	ok    [4]bool
	facts textFacts
	state uint8 // factsUnread, factsValid, factsInvalid or factsUnasked
	ents  entityCache
}

const (
	factsUnread = iota
	factsValid
	factsInvalid
	factsUnasked // too long to read whole for the facts: the counters answer, each stopping near its cap
)

// factsMaxBytes is the longest text valid reads whole for its facts when the grapheme
// counter has not already read it. Past it the one pass could cost far more than the
// counters it saves: they stop near their caps (a byte counter reads cap+4 bytes), and a
// paste of megabytes without white space is not cut (measureAllCut), so the pass would
// read it all on every keystroke.
const factsMaxBytes = 64 << 10

// valid reports whether text is valid UTF-8 and its facts are known, after which u.facts
// are text's facts. It reads the text once, the first time it is asked; false means only
// that the counters answer, as they did before the facts: text may be invalid, or long.
func (u *unitCache) valid(text string) bool {
	if u.state == factsUnread {
		switch {
		case u.ok[0] && u.m[0].Exact:
			// The grapheme counter read the whole text, strictly, without error: it is
			// valid, and only needs counting (measureAll measures twitter's and bluesky's
			// graphemes first), a pass over what was read anyway.
			u.facts, u.state = scanValidFacts(text), factsValid
		case len(text) > factsMaxBytes:
			u.state = factsUnasked
		default:
			u.state = factsInvalid
			if f, ok := scanFacts(text); ok {
				u.facts, u.state = f, factsValid
			}
		}
	}
	return u.state == factsValid
}

// marks is which entity marks text holds, all of them when that is not known.
func (u *unitCache) marks(text string) entity.Marks {
	if !u.valid(text) {
		return entity.AllMarks
	}
	var m entity.Marks
	for _, b := range [...]struct {
		seen uint8
		mark entity.Marks
	}{{seenDot, entity.MarkDot}, {seenAt, entity.MarkAt}, {seenHash, entity.MarkHash}, {seenDollar, entity.MarkDollar}} {
		if u.facts.seen&b.seen != 0 {
			m |= b.mark
		}
	}
	return m
}

// lacks reports whether text is known to hold none of the characters of bits (seen*).
func (u *unitCache) lacks(text string, bits uint8) bool {
	return u != nil && u.valid(text) && u.facts.seen&bits == 0
}

// entityCache is the one entity scan of a text (rules/internal/entity) that the link,
// hashtag, mention and cashtag rules of every platform share: each kind's total and the
// starts of its first tagsKept entities, and the unique links as measureLinks counts
// them, so that every rule of the book is answered from the one scan. (Before, a rule
// whose overflow lay past the first 96 entities of any kind, and every link rule of a
// text with more than 96 entities, scanned the whole text again: four scans of the
// 256 KiB that measureAll reads of a long paste.) Only a limit of tagsKept or more set by
// the caller scans again.
type entityCache struct {
	done  bool
	total [5]int // by entity.Kind
	// starts[k][i] is the start of the (i+1)-th entity of kind k, for the first tagsKept.
	starts [5][tagsKept]int
	links  linkSet // the unique links, in order, as measureLinks finds them
	// linksCapped: a link past maxDistinctLinks unique ones was found (Exact false).
	linksCapped bool
}

// tagsKept is how many starts of each entity kind entityCache keeps: more than every limit
// of the book's tag rules (instagram.hashtags.max, 30, is the largest).
const tagsKept = 64

func (c *entityCache) scan(text string, marks entity.Marks) {
	if c.done {
		return
	}
	c.done = true
	if marks == 0 {
		return // no entity can begin anywhere
	}
	var sc entity.Scanner
	sc.InitMarks(text, marks)
	var lm Measurement // links' add needs one; only its Exact is read back
	lm.Exact = true
	for {
		e, ok := sc.Next()
		if !ok {
			return
		}
		if n := c.total[e.Kind]; n < tagsKept {
			c.starts[e.Kind][n] = e.Start
		}
		c.total[e.Kind]++
		if e.Kind == entity.URL && !c.linksCapped && !c.links.add(text, e, &lm) {
			c.linksCapped = true
		}
	}
}

// measure writes to *m (zero) the measurement of a link or tag rule of kind k, from the
// scan (done). Results go through a pointer in this file's per-rule path: a Measurement
// is nine words, and copying it out of each call was a good part of the cost per rule.
func (c *entityCache) measure(m *Measurement, k ruleKind, text string, limit int) {
	if k == kindLinks {
		c.measureLinks(m, limit)
	} else {
		c.tags(m, text, tagKind(k), tagName(k), limit)
	}
}

// tagKind is the entity a tag rule of kind k counts.
func tagKind(k ruleKind) entity.Kind {
	switch k {
	case kindHashtags:
		return entity.Hashtag
	case kindMentions:
		return entity.Mention
	}
	return entity.Cashtag
}

// tagName is the counter name of a tag rule of kind k.
func tagName(k ruleKind) string {
	switch k {
	case kindHashtags:
		return hashtagsName
	case kindMentions:
		return mentionsName
	}
	return cashtagsName
}

// tags writes measureTags(text, kind, name, limit) to *m, from the scan when it holds the
// answer.
func (c *entityCache) tags(m *Measurement, text string, kind entity.Kind, name string, limit int) {
	m.Counter, m.Cap, m.Exact, m.OverflowAt, m.Length = name, limit, true, -1, c.total[kind]
	if m.Length <= limit {
		return
	}
	// The overflow is the (limit+1)-th tag; for a negative limit, the first.
	if at := max(limit, 0); at < tagsKept {
		m.OverflowAt = c.starts[kind][at]
		return
	}
	*m = measureTags(text, kind, name, limit)
}

// measureLinks writes measureLinks(text, limit) to *m from the scan's unique links: the
// (limit+1)-th of them is the overflow, whatever the limit.
func (c *entityCache) measureLinks(m *Measurement, limit int) {
	m.Counter, m.Cap, m.Exact, m.OverflowAt, m.Length = linksName, limit, !c.linksCapped, -1, c.links.n
	if at := max(limit, 0); at < c.links.n {
		m.OverflowAt = c.links.seen[at][0]
	}
}

// measure writes c.Measure(text, limit) to *m (zero) and returns its error, answered from
// the cache when it can be: for a valid text, bytes always and UTF-16 units and code
// points whenever the text fits limit, from its facts; graphemes when an exact count of
// the same text already fits limit. (A fitting text's measurement depends on the cap only
// through Cap itself; OverflowAt is -1 whatever the cap.) An invalid text is measured by
// the counters themselves, so that the error is the one each reports.
func (u *unitCache) measure(m *Measurement, c Counter, text string, limit int) (err error) {
	if u == nil {
		*m, err = c.Measure(text, limit)
		return err
	}
	var slot int
	switch c := c.(type) {
	case graphemeCounter:
		slot = 0
	case bytesCounter:
		if u.valid(text) {
			*m = bytesMeasurement(text, limit)
			return nil
		}
		slot = 1
	case unitCounter:
		if u.valid(text) {
			n := u.facts.codePoints
			if c.wide == 2 {
				n = u.facts.utf16
			}
			if limit = max(limit, 0); n <= limit {
				m.Counter, m.Length, m.Exact, m.Cap, m.OverflowAt = c.name, n, true, limit, -1
				return nil
			}
			// Over the cap: the counter finds the overflow and how far it counts.
			*m, err = c.Measure(text, limit)
			return err
		}
		slot = 2
		if c.wide != 2 {
			slot = 3
		}
	default:
		*m, err = c.Measure(text, limit) // a counter from outside: its result may depend on anything
		return err
	}
	if cm := &u.m[slot]; u.ok[slot] && cm.Exact && cm.Fits() && cm.Length <= limit {
		*m = *cm
		m.Cap = limit
		return nil
	}
	*m, err = c.Measure(text, limit)
	if err == nil {
		u.m[slot], u.ok[slot] = *m, true
	}
	return err
}

// measureText measures text against book rule bi of the platform of index pi, whose
// primary rule it is when primary is true, into *m, which must be zero; on is false when
// l turned the rule off (*m is then left zero). l is a pointer and the platform an index
// because this is measureAll's loop, once per rule: a Limits is over thirty words.
func (l *Limits) measureText(m *Measurement, pi int, primary bool, bi int, text string, cache *unitCache) (on bool, err error) {
	r := &book[bi]
	limit := r.Limit
	if l.ov != nil {
		o := l.find(bi)
		if o.off {
			return false, nil
		}
		if o.limit > 0 {
			limit = o.limit
		}
	}
	switch {
	case r.forbid != "":
		if bits, ok := forbidBits(r.forbid); ok && cache.lacks(text, bits) {
			*m = Measurement{Counter: charsName, Exact: true, OverflowAt: -1}
		} else {
			*m = measureForbidden(text, r.forbid)
		}
	case r.kind == kindLittleText:
		if cache.lacks(text, seenLittle) {
			*m = Measurement{Counter: charsName, Exact: true, OverflowAt: -1}
		} else {
			*m = measureLittleText(text)
		}
	case r.kind == kindLinks || r.kind == kindHashtags || r.kind == kindMentions || r.kind == kindCashtags:
		switch {
		case cache != nil:
			if !cache.ents.done {
				cache.ents.scan(text, cache.marks(text))
			}
			cache.ents.measure(m, r.kind, text, limit)
		case r.kind == kindLinks:
			*m = measureLinks(text, limit)
		default:
			*m = measureTags(text, tagKind(r.kind), tagName(r.kind), limit)
		}
	default:
		var c Counter
		if primary {
			// Limits.For without its copies: the cap and counter the caller set, else the
			// rule's own (a primary rule's Limit and Unit are its platform's defaults).
			lim := l.byPlatform[pi]
			c, limit = lim.Counter, lim.Cap
			if limit <= 0 {
				limit = r.Limit
			}
			if c == nil {
				c = ruleCounter[bi]
			}
		} else if c = ruleCounter[bi]; c != nil {
			// a unit of this package
		} else if l.ext != nil && l.ext.Name() == r.Unit && l.For(r.Platform).Counter.Name() != r.Unit {
			// A unit from outside, unless the platform's own cap already counts in it (the
			// warning would repeat the error).
			c = l.ext
		} else {
			return false, nil
		}
		err = cache.measure(m, c, text, limit)
		if err == nil || r.Severity != SeverityWarning {
			break
		}
		if e := apierror.As(err); e != nil && e.Code == apierror.CodeInvalidCharacter {
			// X refuses U+FFFE, U+FEFF and U+FFFF at any length: a warning rule says so
			// by not fitting there; it never fails the post (the seed's cap decides).
			if m.OverflowAt < 0 || e.Offset < m.OverflowAt {
				m.OverflowAt = e.Offset
			}
			err = nil
		}
	}
	m.Rule = r.ID
	m.Warning = r.Severity == SeverityWarning
	return true, err
}

// UnitName is how a message names a counter's unit: "312 graphemes", "312 bytes",
// "312 UTF-16 code units", "312 x-weighted units".
func UnitName(counter string) string { return unitName(counter) }

func unitName(counter string) string {
	switch counter {
	case graphemesName, bytesName, linksName, hashtagsName, mentionsName, cashtagsName:
		return counter
	case utf16Name:
		return "UTF-16 code units"
	case codePointsName:
		return "code points"
	}
	return counter + " units"
}

// lengthText renders m's length for a message: "312" or, when counting stopped early,
// "more than 560".
func lengthText(m Measurement) string {
	if m.Exact {
		return strconv.Itoa(m.Length)
	}
	return "more than " + strconv.Itoa(m.Length)
}
