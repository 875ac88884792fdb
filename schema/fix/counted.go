package fix

import (
	"strings"

	"github.com/postrules/postrules/rules"
)

// dropCounted is the fix of a text with more hashtags (@mentions, $cashtags) than its
// rule r counts: the items past the first r.Limit are removed, the first ones kept, each
// with one white space beside it so that no double space is left where it was (the one
// before it when that is a space or tab, else the one after it, else a line break before
// or after it). One scan of the text finds the items (rules.Rule.Counted) and one more
// checks the result, so the cost is linear in len(text) however many items it holds.
// nil when the text holds no item past the count or the result would still break r.
func dropCounted(root map[string]any, p Problem, r rules.AppliedRule, text string, limits rules.Limits) *Fix {
	keep := r.Limit
	if !r.On || keep < 0 {
		return nil
	}
	var b strings.Builder
	last, seen, n := 0, 0, 0 // last: the end of what was copied or dropped so far
	for s := range r.Counted(text) {
		if seen < keep {
			seen++
			continue
		}
		if b.Cap() == 0 {
			b.Grow(len(text))
		}
		start, end := s.Start, s.End
		switch {
		case start > last && isBlank(text[start-1]):
			start--
		case end < len(text) && isBlank(text[end]):
			end++
		case start > last && text[start-1] == '\n':
			start--
		case end < len(text) && text[end] == '\n':
			end++
		}
		b.WriteString(text[last:start])
		last = end
		n++
	}
	if n == 0 {
		return nil
	}
	b.WriteString(text[last:])
	kept := b.String()
	if m, err := limits.MeasureRule(p.Rule, kept); err != nil || !m.Fits() || worse(limits, r.Platform, text, kept) {
		return nil
	}
	item := strings.TrimSuffix(r.Unit, "s")
	desc := "Remove " + count(n, item)
	if keep > 0 {
		desc += " past the " + ordinal(keep)
	}
	return &Fix{Rule: p.Rule, Description: desc, Patch: setText(root, p.Path, r.Platform, kept)}
}

// worse says whether after holds more of what a text rule of platform measures than
// before did: taking an item out can join what surrounded it into a new one ("(#x@bob"
// without its hashtag is "(@bob", a mention that notifies bob). Each of the platform's few
// text rules reads both texts once: linear in their length.
func worse(limits rules.Limits, platform rules.Platform, before, after string) bool {
	for _, r := range rules.TextRules() {
		if member, _ := r.Option(); r.Platform != platform || member != "" {
			continue
		}
		a, err := limits.MeasureRule(r.ID, after)
		if err != nil || !a.Measures || !a.On {
			continue
		}
		if b, err := limits.MeasureRule(r.ID, before); err != nil || a.Length > b.Length {
			return true
		}
	}
	return false
}

// isBlank reports whether c is a space or a tab.
func isBlank(c byte) bool { return c == ' ' || c == '\t' }
