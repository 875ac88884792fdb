package rules

import "github.com/postrules/postrules/rules/apierror"

// Measure measures text against p's text length rules with their counters (see the
// counters for what they report and when they stop early) and returns the measurement
// of the first error rule the text breaks, or, when it breaks none, of p's primary rule
// (bluesky: 300 graphemes, then 3,000 bytes). Measurement.Rule names the rule. Rules
// that are not about length (youtube's forbidden < and >, threads' links) are checked by
// [Limits.CheckPost] and Limits.appendMeasurements. A p that is not one of the ten
// platforms is a 400 unknown_platform *[apierror.Error]; invalid UTF-8 in the part of text a
// counter reads is a 400 invalid_utf8 *[apierror.Error] with Offset at the bad byte. Errors carry
// no Path: the caller knows where text sits in a request (see [apierror.Error.WithPath]).
// With either error from this package, the Measurement returned never Fits.
func (l Limits) Measure(p Platform, text string) (Measurement, error) {
	pi, err := platformIndex(p)
	if err != nil {
		return Measurement{}, err
	}
	// One direction: the platform's index, then each error length rule as l applies it,
	// then its counter on the text. No cache: each rule is in its own unit but one
	// (bluesky's bytes), and a counter stops near its cap.
	var first Measurement
	have := false
	for k, bi := range textRules[pi] {
		if r := &book[bi]; r.kind != kindLength || r.Severity != SeverityError {
			continue
		}
		a := l.lengthLimit(pi, bi, k == 0)
		if a.counter == nil {
			continue
		}
		m, err := a.counter.Measure(text, a.limit)
		m.Rule = book[bi].ID
		if err != nil || !m.Fits() {
			return m, err
		}
		if !have {
			first, have = m, true
		}
	}
	if !have {
		// Every length rule is off: nothing can be too long.
		return Measurement{Counter: l.primary(pi).Counter.Name(), Exact: true, OverflowAt: -1}, nil
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
	pi, err := platformIndex(p)
	if err != nil {
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

// RuleMeasurement is what [Limits.MeasureRule] says of one rule and one text.
type RuleMeasurement struct {
	// Measurement is the text's measurement against the rule; zero when the rule is off
	// or measures no string.
	Measurement
	// On is false when the caller turned the rule off.
	On bool
	// Measures is false when the id is not in the book or its rule measures no string.
	Measures bool
}

// MeasureRule measures text against one rule of the book as l applies it, for the rules
// that measure a string (lengths in a counter's unit, forbidden characters): the rules of
// a target's text, and those of option fields such as "youtube.title.max". err is the
// counter's (invalid_utf8); see [RuleMeasurement] for when the rule is off or measures
// no string.
func (l Limits) MeasureRule(id, text string) (RuleMeasurement, error) {
	bi, found := bookIndex[id]
	if !found {
		return RuleMeasurement{}, nil
	}
	r := &book[bi]
	if r.kind == kindOther && r.forbid == "" {
		if _, isCounter := bookCounter(r.Unit); !isCounter {
			return RuleMeasurement{}, nil
		}
	}
	m, on, err := l.measureRule(r.Platform, bi, text)
	return RuleMeasurement{Measurement: m, On: on, Measures: true}, err
}

// measureRule applies book rule bi of platform p to text, with no cache; on is false when
// l turned it off.
func (l Limits) measureRule(p Platform, bi int, text string) (m Measurement, on bool, err error) {
	pi := p.index()
	on, err = l.measureText(&m, pi, textRules[pi][0] == bi, bi, text, nil)
	return m, on, err
}

// measureText measures text against book rule bi of the platform of index pi, whose
// primary rule it is when primary is true, into *m, which must be zero; on is false when
// l turned the rule off (*m is then left zero). l is a pointer and the platform an index
// because this is measureAll's loop, once per rule: a Limits is over thirty words (and
// one body, not a call per kind of rule, for the same reason). A rule about what the
// text holds asks the cache once what that is (unitCache.holds), and one entity scan
// answers every link and tag rule.
func (l *Limits) measureText(m *Measurement, pi int, primary bool, bi int, text string, cache *unitCache) (on bool, err error) {
	r := &book[bi]
	if r.forbid == "" && r.kind != kindLittleText && !r.kind.entity() {
		a := l.lengthLimit(pi, bi, primary)
		if a.counter == nil {
			return false, nil
		}
		err = cache.measure(m, a.counter, text, a.limit)
		if err != nil && r.Severity == SeverityWarning {
			if e := apierror.As(err); e != nil && e.Code == apierror.CodeInvalidCharacter {
				// X refuses U+FFFE, U+FEFF and U+FFFF at any length: a warning rule says
				// so by not fitting there; it never fails the post (the seed's cap decides).
				if m.OverflowAt < 0 || e.Offset < m.OverflowAt {
					m.OverflowAt = e.Offset
				}
				err = nil
			}
		}
		m.Rule, m.Warning = r.ID, r.Severity == SeverityWarning
		return true, err
	}
	limit, on := l.ruleLimit(bi)
	if !on {
		return false, nil
	}
	seen := cache.holds(text)
	switch {
	case r.forbid != "":
		if bits, ok := forbidBits(r.forbid); ok && seen&bits == 0 {
			*m = Measurement{Counter: charsName, Exact: true, OverflowAt: -1}
		} else {
			*m = measureForbidden(text, r.forbid)
		}
	case r.kind == kindLittleText:
		if seen&seenLittle == 0 {
			*m = Measurement{Counter: charsName, Exact: true, OverflowAt: -1}
		} else {
			*m = measureLittleText(text)
		}
	case cache != nil:
		cache.ents.scan(text, entityMarks(seen))
		cache.ents.measure(m, r.kind, text, limit)
	case r.kind == kindLinks:
		*m = measureLinks(text, limit)
	default:
		*m = measureTags(text, tagKind(r.kind), tagName(r.kind), limit)
	}
	m.Rule, m.Warning = r.ID, r.Severity == SeverityWarning
	return true, nil
}
