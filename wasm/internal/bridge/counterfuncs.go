package bridge

import (
	"strconv"
	"strings"
	"unsafe"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/split"
)

// This file holds the composer's three newer functions of the counter module: split (a
// long text as a thread, docs/split.md), the rule book (docs/rules.md) and measuring one
// text for every selected platform in one call (measureAll, docs/wasm.md).

// limitFor resolves the options of measure and split to a platform and its primary Limit,
// as `validate length` and `validate split` resolve their flags: the platform's default
// limit, then the counter and the cap the page names.
func limitFor(platform, counter string, capValue float64, hasCap bool) (rules.Platform, rules.Limit, *Fault) {
	p := rules.Twitter
	if platform != "" {
		var err error
		if p, err = rules.ParsePlatform(platform); err != nil {
			return "", rules.Limit{}, FaultOf(apierror.As(err).WithPath("platform"), "")
		}
	}
	lim := rules.DefaultLimits().For(p)
	if counter != "" {
		c, ok := CounterNamed(counter)
		if !ok {
			return "", rules.Limit{}, counterFault("counter", counter)
		}
		lim.Counter = c
	}
	if hasCap {
		if !ValidCap(capValue) {
			return "", rules.Limit{}, capFault("cap", capValue)
		}
		lim.Cap = int(capValue)
	}
	return p, lim, nil
}

// SplitOptions are split's options as the page gives them: those of [MeasureOptions]
// plus the numbering ("none", "suffix", "prefix"; "" means none).
type SplitOptions struct {
	MeasureOptions
	Numbering string
}

// Split is the JSON answer of [split.Split] for text, byte for byte what `validate
// split --format json` prints for it (without the newline): the faces agree because
// they call the same writer. A bad option is a fault at its name; a text that cannot
// be split (invalid UTF-8, empty, a cluster over the cap) gets the CLI's error code,
// with its offset in UTF-16 code units.
func Split(text string, o SplitOptions) ([]byte, *Fault) {
	lim, opts, f := splitOptions(o)
	if f != nil {
		return nil, f
	}
	a, err := split.Split(text, lim, opts)
	if err != nil {
		return nil, FaultOf(err, text)
	}
	return a.AppendJSON(make([]byte, 0, 64+len(text)+len(text)/8)), nil
}

// SplitBound is the check Split makes first ([split.Bound]), alone: the fault of a
// bad option or of a text longer than split.MaxPosts full posts, or nil. The wrapper
// asks it of a prefix of a huge text: a prefix over the bound is the whole text's answer.
func SplitBound(text string, o SplitOptions) *Fault {
	lim, _, f := splitOptions(o)
	if f != nil {
		return f
	}
	if err := split.Bound(text, lim); err != nil {
		return FaultOf(err, text)
	}
	return nil
}

// splitOptions resolves split's options to a limit and split.Options.
func splitOptions(o SplitOptions) (rules.Limit, split.Options, *Fault) {
	_, lim, f := limitFor(o.Platform, o.Counter, o.Cap, o.HasCap)
	if f != nil {
		return rules.Limit{}, split.Options{}, f
	}
	var opts split.Options
	switch n := split.Numbering(o.Numbering); n {
	case "", split.NumberingNone, split.NumberingSuffix, split.NumberingPrefix:
		opts.Numbering = n
	default:
		return rules.Limit{}, opts, NewFault(apierror.CodeInvalidValue, "numbering", "numbering "+strictjson.Quote(o.Numbering)+
			" is not \"none\", \"suffix\" or \"prefix\"")
	}
	return lim, opts, nil
}

// RulesJSON is the whole rule book, the rules and the media rules (media.Book), as a
// JSON array whose elements are, member for member and byte for byte, the lines of
// `validate rules --format json` (encoding/json of [rules.Rule] without HTML escaping).
// It is a constant written by go generate (rulesjson_gen.go, internal/rulesjsongen), so
// that the counter module links neither encoding/json nor rules/media (whose media rules
// bring fmt, 100 KB gzipped); TestRulesJSONIsEncodingJSON fails when the book and the
// constant differ.
func RulesJSON() string { return rulesBookJSON }

// MeasureAllCounters are the counter names a measureAll record can name, by index: the
// counters of the book's length rules, then the pseudo-counters of the rules about what
// a text holds. The wrapper reads this table once ([MeasureAllTableJSON]).
var MeasureAllCounters = []string{
	"graphemes", "x-weighted", "bytes", "utf16", "codepoints",
	"forbidden", "links", "hashtags", "mentions", "cashtags", "graphemes-unicode15",
}

// Record layout of [MeasureAll]: RecordSize int32 per measurement.
const (
	RecordRule       = 0 // index of the rule in rules.Book()
	RecordCounter    = 1 // index in MeasureAllCounters
	RecordLength     = 2 // the length in the counter's unit (a lower bound when not exact)
	RecordCap        = 3 // the cap
	RecordOverflowAt = 4 // UTF-16 offset of the first unit past the cap, or -1
	RecordFlags      = 5 // FlagExact | FlagWarning
	RecordSize       = 6

	FlagExact   = 1
	FlagWarning = 2
)

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
// {"rules":[ids by index],"counters":[MeasureAllCounters]}.
func MeasureAllTableJSON() []byte {
	b := []byte(`{"rules":[`)
	for i, r := range rules.Book() {
		if i > 0 {
			b = append(b, ',')
		}
		b = strictjson.AppendString(b, r.ID)
	}
	b = append(b, `],"counters":[`...)
	for i, c := range MeasureAllCounters {
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

// indexesOf finds m's rule in the book and its counter in MeasureAllCounters.
func indexesOf(m rules.Measurement) (ri, ci int32, f *Fault) {
	ri, ok := allState.ruleIndex[m.Rule]
	if !ok {
		return 0, 0, InternalFault("postrules: measureAll: rule " + strictjson.Quote(m.Rule) + " is not in the book")
	}
	for i, c := range MeasureAllCounters {
		if c == m.Counter {
			return ri, int32(i), nil
		}
	}
	return 0, 0, InternalFault("postrules: measureAll: unknown counter " + strictjson.Quote(m.Counter))
}

// MeasureAll measures text for every platform of list (names separated by commas, ""
// for all ten) with [rules.Limits.MeasureAll] and appends to dst one record of
// RecordSize int32 per measurement, in the order MeasureAll gives them, with offsets in
// UTF-16 code units. With the same list as the last call it allocates nothing. whole is
// false when the records describe a prefix of text only ([rules.Limits.MeasureAllRead]):
// the answer is then the one every longer text that starts with that prefix gets.
func MeasureAll(dst []int32, text, list string) (recs []int32, whole bool, f *Fault) {
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
		book := rules.Book()
		allState.ruleIndex = make(map[string]int32, len(book))
		for i, r := range book {
			allState.ruleIndex[r.ID] = int32(i)
		}
	}
	limits := rules.Limits{}.WithCounter(xweighted) // twitter.text.x_weighted counts in X's unit
	ms, read, err := limits.MeasureAllRead(allState.ms[:0], allState.platforms, text)
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
		var flags int32
		if m.Exact {
			flags |= FlagExact
		}
		if m.Warning {
			flags |= FlagWarning
		}
		dst = append(dst, ri, ci, int32(min(m.Length, 1<<31-1)), int32(min(m.Cap, 1<<31-1)), over, flags)
	}
	return dst, read == len(text), nil
}
