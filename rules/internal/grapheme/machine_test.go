package grapheme

import "testing"

// machineSpan takes a shortcut for class Other: it does not read the step table unless the
// state is stPrepend. The table, built from the rules as they read, must agree: Other
// begins a new cluster, in state stPlain, after everything but Prepend (GB9b joins it).
func TestOtherShortcutMatchesTable(t *testing.T) {
	for st := uint8(0); st < numStates; st++ {
		got := steps[int(st)<<5|clsOther]
		if st == stPrepend {
			if got != stPlain {
				t.Errorf("after Prepend, Other: step %#x, want %#x (GB9b joins it)", got, stPlain)
			}
			continue
		}
		if got != brk|stPlain {
			t.Errorf("state %d, Other: step %#x, want %#x (the shortcut's)", st, got, brk|stPlain)
		}
	}
}
