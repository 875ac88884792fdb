package bridge

import (
	"strconv"
	"strings"
	"unsafe"

	"github.com/postrules/postrules/internal/longtext"
	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

// measureAllPrefix is package rules' measureAll of the start of a longer text (see
// package internal/longtext), nil if rules gave none or of another type (a test fails).
var measureAllPrefix, _ = longtext.MeasureAllPrefix.(func(rules.Limits, []rules.Measurement, []rules.Platform, string) ([]rules.Measurement, bool, error))

// measureAllCounters are the counter names a measureAll record can name, by index: the
// counters of the book's length rules, then the pseudo-counters of the rules about what
// a text holds. The wrapper reads this table once ([MeasureAllTableJSON]).
var measureAllCounters = []string{
	"graphemes", "x-weighted", "bytes", "utf16", "codepoints",
	"forbidden", "links", "hashtags", "mentions", "cashtags", "graphemes-unicode15",
}

// allState is what MeasureAll keeps between calls (one call at a time, see exchange):
// the parsed platform list of the last call, so that a composer passing the same
// selection on every keystroke does not parse it again, the measurements buffer, and
// the id -> index maps.
var allState struct {
	lastList  string
	platforms []rules.Platform
	ms        []rules.Measurement
	ruleIndex map[string]int32
	seen      []seenRule
}

// MeasureAllTableJSON is the table the wrapper needs to read [MeasureAll]'s records:
// {"rules":[ids by index],"counters":[measureAllCounters]}.
func MeasureAllTableJSON() []byte {
	b := []byte(`{"rules":[`)
	for i, r := range rules.TextRules() {
		if i > 0 {
			b = append(b, ',')
		}
		b = strictjson.AppendString(b, r.ID)
	}
	b = append(b, `],"counters":[`...)
	for i, c := range measureAllCounters {
		if i > 0 {
			b = append(b, ',')
		}
		b = strictjson.AppendString(b, c)
	}
	return append(b, "]}"...)
}

// parsePlatformList reads list, platform names separated by commas ("" for all ten),
// into the platforms to measure, each once, in the order given.
func parsePlatformList(list string) ([]rules.Platform, *Fault) {
	if list == "" {
		return rules.Platforms(), nil
	}
	var ps []rules.Platform
	for i := 0; list != ""; i++ {
		name, rest, _ := strings.Cut(list, ",")
		list = rest
		p, err := rules.ParsePlatform(name)
		if err != nil {
			return nil, FaultOf(apierror.As(err).WithPath("platforms/"+strconv.Itoa(i)), "")
		}
		dup := false
		for _, q := range ps {
			dup = dup || q == p
		}
		if !dup {
			ps = append(ps, p)
		}
	}
	return ps, nil
}

// seenRule is what MeasureAll found for the measurement at one place of its answer.
type seenRule struct {
	rule, counter       int32
	ruleID, counterName string
}

// same reports whether m's rule and counter are the strings s was made from: the same
// bytes in memory, so necessarily equal.
func (s *seenRule) same(m *rules.Measurement) bool {
	return len(m.Rule) == len(s.ruleID) && len(m.Counter) == len(s.counterName) && len(m.Rule) > 0 &&
		unsafe.StringData(m.Rule) == unsafe.StringData(s.ruleID) &&
		(len(m.Counter) == 0 || unsafe.StringData(m.Counter) == unsafe.StringData(s.counterName))
}

// indexesOf finds m's rule in the book and its counter in measureAllCounters.
func indexesOf(m rules.Measurement) (ri, ci int32, f *Fault) {
	ri, ok := allState.ruleIndex[m.Rule]
	if !ok {
		return 0, 0, InternalFault("postrules: measureAll: rule " + strictjson.Quote(m.Rule) + " is not in the book")
	}
	for i, c := range measureAllCounters {
		if c == m.Counter {
			return ri, int32(i), nil
		}
	}
	return 0, 0, InternalFault("postrules: measureAll: unknown counter " + strictjson.Quote(m.Counter))
}

// MeasureAll measures text for every platform of list (names separated by commas, ""
// for all ten) with [rules.Limits.MeasureAll] and appends to dst one record of
// recordSize int32 per measurement (layout.go), in the order MeasureAll gives them, with
// offsets in UTF-16 code units. With the same list as the last call it allocates nothing.
//
// more says that text is only the start of a text longer than 256 KiB (the wrapper sends
// the first 64 Ki UTF-16 units of a huge paste). done is then true when that start
// decides every platform: the records are those MeasureAll gives the whole text (each
// platform is decided by a prefix of its own, see [rules.Limits.MeasureAll]), so nothing
// more need be copied. When done is false no record is appended and a longer start, or
// the whole text, must be sent. Without more, done is true.
func MeasureAll(dst []int32, text, list string, more bool) (recs []int32, done bool, f *Fault) {
	if allState.platforms == nil || list != allState.lastList {
		// list aliases the input area, which the next call overwrites: the platforms kept
		// for later calls must be parsed from a copy (a Platform is a string).
		own := strings.Clone(list)
		ps, f := parsePlatformList(own)
		if f != nil {
			return dst, false, f
		}
		allState.platforms, allState.lastList = ps, own
	}
	if allState.ruleIndex == nil {
		book := rules.TextRules()
		allState.ruleIndex = make(map[string]int32, len(book))
		for i, r := range book {
			allState.ruleIndex[r.ID] = int32(i)
		}
	}
	limits := rules.Limits{}.WithCounter(xweighted) // twitter.text.x_weighted counts in X's unit
	var ms []rules.Measurement
	var err error
	done = true
	if more {
		if measureAllPrefix == nil {
			return dst, false, InternalFault("postrules: measureAll: package rules gave no measureAll of a prefix")
		}
		ms, done, err = measureAllPrefix(limits, allState.ms[:0], allState.platforms, text)
	} else {
		ms, err = limits.MeasureAll(allState.ms[:0], allState.platforms, text)
	}
	allState.ms = ms
	if err != nil {
		return dst, false, FaultOf(apierror.As(err).WithPath("text"), text)
	}
	if len(allState.seen) < len(ms) {
		allState.seen = append(allState.seen, make([]seenRule, len(ms)-len(allState.seen))...)
	}
	for k := range ms {
		m := &ms[k] // not a copy: a Measurement is nine words, and this runs per rule per keystroke
		// The same selection gives the same rules in the same places on every keystroke,
		// and a Measurement's Rule and Counter are the book's own strings: when both are
		// the very strings seen at this place last time (same bytes in memory), their
		// indexes are those found then, without a map lookup or a string compare.
		seen := &allState.seen[k]
		var ri, ci int32
		if seen.same(m) {
			ri, ci = seen.rule, seen.counter
		} else {
			var f *Fault
			if ri, ci, f = indexesOf(*m); f != nil {
				return dst, false, f
			}
			*seen = seenRule{rule: ri, counter: ci, ruleID: m.Rule, counterName: m.Counter}
		}
		over := int32(-1)
		if m.OverflowAt >= 0 && m.OverflowAt <= len(text) {
			// MeasureAll returned no error: the text it read is valid UTF-8.
			over = int32(min(strictjson.UTF16Len(text[:m.OverflowAt]), 1<<31-1))
		}
		var rec [recordSize]int32
		rec[recordRule], rec[recordCounter] = ri, ci
		rec[recordLength], rec[recordCap] = int32(min(m.Length, 1<<31-1)), int32(min(m.Cap, 1<<31-1))
		rec[recordOverflowAt] = over
		if m.Exact {
			rec[recordFlags] |= flagExact
		}
		if m.Warning {
			rec[recordFlags] |= flagWarning
		}
		dst = append(dst, rec[:]...)
	}
	return dst, done, nil
}
