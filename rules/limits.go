package rules

// Limit is one platform's primary length rule: the most units a post may have, and the
// counter that measures them. In [Limits.With], Cap <= 0 means the platform's
// defaultCap and a nil Counter means the counter of its primary rule's unit.
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
// in that rule's unit: twitter 280 graphemes, bluesky 300 graphemes (and 3,000 bytes, a
// second rule), threads 500 bytes, youtube 5,000 bytes, the others in UTF-16 code units. It is 0 for a string that is not one of the ten platforms.
func defaultCap(p Platform) int {
	i := p.index()
	if i < 0 {
		return 0
	}
	return book[textRules[i][0]].Limit
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
// defaultCap(p) and a nil Counter becomes the counter of p's primary rule: graphemes
// for twitter (X's own weighted count is rules/xweight, on request) and bluesky, UTF-8
// bytes for threads and youtube, UTF-16 code units for the platforms that do not
// document their unit. For a p that is not one of the ten platforms it returns the zero
// Limit; [Limits.Measure] and [Limits.CheckPost] report unknown_platform.
func (l Limits) For(p Platform) Limit {
	i := p.index()
	if i < 0 {
		return Limit{}
	}
	return l.primary(i)
}

// primary is For by the platform's index: the caller's cap and counter of its primary
// rule, else the rule's own (a primary rule's Limit and Unit are its platform's
// defaults).
func (l *Limits) primary(pi int) Limit {
	lim := l.byPlatform[pi]
	if lim.Cap <= 0 {
		lim.Cap = book[textRules[pi][0]].Limit
	}
	if lim.Counter == nil {
		lim.Counter = ruleCounter[textRules[pi][0]]
	}
	return lim
}

// lengthLimit is a rule measured by a counter, as a [Limits] applies it.
type lengthLimit struct {
	// counter counts the rule's unit; nil when the rule is not measured: the caller
	// turned it off, or no counter l holds counts its unit.
	counter Counter
	limit   int
}

// lengthLimit returns how l applies book rule bi, a rule measured by a counter, of the
// platform of index pi, whose primary rule it is when primary is true: the caller's cap
// and counter for the primary rule, else the book's unit with the caller's limit if set.
// A unit no counter of this package counts is counted by the counter from outside
// ([Limits.WithCounter]), unless the platform's own cap already counts in it (the
// warning would repeat the error). l is a pointer because this runs once per rule on
// every keystroke: a Limits is over thirty words.
func (l *Limits) lengthLimit(pi, bi int, primary bool) lengthLimit {
	limit, on := l.ruleLimit(bi)
	r := &book[bi]
	switch {
	case !on:
		return lengthLimit{}
	case primary:
		lim := l.primary(pi)
		return lengthLimit{counter: lim.Counter, limit: lim.Cap}
	case ruleCounter[bi] != nil:
		return lengthLimit{counter: ruleCounter[bi], limit: limit}
	case l.ext != nil && l.ext.Name() == r.Unit && l.primary(pi).Counter.Name() != r.Unit:
		return lengthLimit{counter: l.ext, limit: limit}
	}
	return lengthLimit{}
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

// ruleLimit is the limit of book rule bi as l applies it (the caller's, else the
// book's), on false when the caller turned it off. The primary rules, whose limit lives
// in byPlatform, are applied by lengthLimit.
func (l *Limits) ruleLimit(bi int) (limit int, on bool) {
	limit = book[bi].Limit
	if l.ov != nil {
		o := l.find(bi)
		if o.off {
			return 0, false
		}
		if o.limit > 0 {
			limit = o.limit
		}
	}
	return limit, true
}

// AppliedRule is a rule of the book as a [Limits] applies it ([Limits.Rule]).
type AppliedRule struct {
	// Rule is the book's rule with its Limit overridden when the caller changed it (and,
	// for a platform's primary rule, the Unit of the caller's counter).
	Rule
	// On is false when the caller turned the rule off.
	On bool
}

// Rule returns the rule with id id as l applies it: its Limit overridden when the caller
// changed it, and On false when the caller turned it off. ok is false for an id that is
// not in the book.
func (l Limits) Rule(id string) (ar AppliedRule, ok bool) {
	bi, found := bookIndex[id]
	if !found {
		return AppliedRule{}, false
	}
	r := book[bi]
	o := l.find(bi)
	if p := r.Platform.index(); textRules[p][0] == bi {
		lim := l.For(r.Platform)
		r.Limit, r.Unit = lim.Cap, lim.Counter.Name()
	} else if o.limit > 0 {
		r.Limit = o.limit
	}
	return AppliedRule{Rule: r, On: !o.off}, true
}
