package rules

import (
	"strings"
	"testing"
)

// TestUnitCacheFactsLimit: a cache built with a factsLimit reads the facts of a text of
// at most that many bytes, as a cache without one does, and leaves a longer text to the
// counters even when the grapheme counter has read it whole (measureAllPrefix's steps
// past 16 KiB, whose platforms are over their caps there); without one, the grapheme
// counter's whole read still gives the facts of any length.
func TestUnitCacheFactsLimit(t *testing.T) {
	const limit = 1 << 10
	for _, c := range []struct {
		why     string
		limit   int
		text    string
		counted bool // the grapheme counter read it whole first
		valid   bool
	}{
		{"at the limit: read", limit, strings.Repeat("a", limit), false, true},
		{"at the limit, after the grapheme counter: read", limit, strings.Repeat("a", limit), true, true},
		{"a byte over: left to the counters", limit, strings.Repeat("a", limit+1), false, false},
		{"a byte over, after the grapheme counter: still left to them", limit, strings.Repeat("a", limit+1), true, false},
		{"no limit, after the grapheme counter: read at any length", 0, strings.Repeat("a", factsMaxBytes+1), true, true},
		{"no limit: the cache's own, factsMaxBytes", 0, strings.Repeat("a", factsMaxBytes+1), false, false},
		{"under the limit but invalid: not valid", limit, "a\xffb", false, false},
	} {
		u := unitCache{factsLimit: c.limit}
		if c.counted {
			if err := u.measure(&Measurement{}, graphemeCounter{}, c.text, len(c.text)); err != nil || !u.ok[0] || !u.m[0].Exact {
				t.Fatalf("%s: the grapheme counter did not count %d bytes exactly: %v", c.why, len(c.text), err)
			}
		}
		if got := u.valid(c.text); got != c.valid {
			t.Errorf("%s: valid = %v (state %d), want %v", c.why, got, u.state, c.valid)
		}
		if c.valid && u.facts.codePoints != len(c.text) {
			t.Errorf("%s: facts %+v, want %d code points", c.why, u.facts, len(c.text))
		}
	}
}
