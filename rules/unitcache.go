package rules

// unitCache keeps, for one text, the last measurement of each built-in counter, so that
// rules in the same unit with other caps need not count again, and the facts of one pass
// over the text (scanFacts) that answer the rules in bytes, UTF-16 units and code points,
// and tell the character rules and the entity scan when there is nothing to find. Its
// zero value is ready for use; whoever builds it may bound its facts' pass (factsLimit).
type unitCache struct {
	m     [4]Measurement
	ok    [4]bool
	facts textFacts
	state uint8 // factsUnread, factsValid, factsInvalid or factsUnasked
	// factsLimit, when not 0, is the longest text valid reads for its facts at all,
	// whoever read it before; 0 leaves that to the cache: a text the grapheme counter has
	// read whole, or one of at most factsMaxBytes.
	factsLimit int
	ents       entityCache
}

const (
	factsUnread = iota
	factsValid
	factsInvalid
	factsUnasked // too long to read whole for the facts: the counters answer, each stopping near its cap
)

// factsMaxBytes is the longest text valid reads whole for its facts when the grapheme
// counter has not already read it (and factsLimit is not less). Past it the one pass
// could cost far more than the counters it saves: they stop near their caps (a byte
// counter reads cap+4 bytes), and a paste of megabytes without white space is not cut
// (measureAllCut), so the pass would read it all on every keystroke.
const factsMaxBytes = 64 << 10

// valid reports whether text is valid UTF-8 and its facts are known, after which u.facts
// are text's facts. It reads the text once, the first time it is asked; false means only
// that the counters answer, as they did before the facts: text may be invalid, or long.
func (u *unitCache) valid(text string) bool {
	if u.state == factsUnread {
		switch {
		case u.factsLimit > 0 && len(text) > u.factsLimit:
			u.state = factsUnasked
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

// holds is which of the seen* characters text holds as far as u knows: its facts' bits,
// or every bit when they are not known (no cache; an invalid or a long text), so that a
// rule that cannot be sure looks for itself.
func (u *unitCache) holds(text string) uint8 {
	if u == nil || !u.valid(text) {
		return seenAll
	}
	return u.facts.seen
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
