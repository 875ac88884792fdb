package generate

import (
	"testing"

	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
)

// TestEveryCodeAndRuleHasAGenerator: every code of apierror has a generator or a reason
// in Unreachable, and every rule of the book (media rules included) has a generator.
func TestEveryCodeAndRuleHasAGenerator(t *testing.T) {
	have := map[string]bool{}
	for _, n := range Expectations() {
		have[n] = true
	}
	for _, c := range apierror.Codes() {
		_, excluded := Unreachable[c]
		switch {
		case have[string(c)] && excluded:
			t.Errorf("code %s has a generator and a reason it has none", c)
		case !have[string(c)] && !excluded:
			t.Errorf("code %s has no generator", c)
		}
	}
	for _, r := range media.Book() {
		_, excluded := UnreachableRules[r.ID]
		if have[r.ID] == excluded {
			t.Errorf("rule %s (%s) has no generator", r.ID, r.Severity)
		}
	}
}
