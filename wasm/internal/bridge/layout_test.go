package bridge

import "testing"

// The wrapper reads each number of layout.go at its own place: two result slots, two
// record fields, two statuses or two flags that share a value would make it read one
// answer as another, and a slot past numSlots (a field past recordSize) would fall
// outside the view the wrapper makes of them.
func TestLayoutIsConsistent(t *testing.T) {
	distinctBelow := func(what string, limit int, values ...int) {
		t.Helper()
		seen := map[int]bool{}
		for i, v := range values {
			if v < 0 || (limit > 0 && v >= limit) {
				t.Errorf("%s %d is %d, outside 0..%d", what, i, v, limit-1)
			}
			if seen[v] {
				t.Errorf("%s %d is %d, as another", what, i, v)
			}
			seen[v] = true
		}
	}
	distinctBelow("status", 0, statusOK, statusFault, statusMore)
	distinctBelow("slot", numSlots, slotStatus, slotOutPtr, slotOutLen, slotLength, slotCap, slotOverflowAt,
		slotFits, slotExact, slotInCap)
	distinctBelow("record field", recordSize, recordRule, recordCounter, recordLength, recordCap,
		recordOverflowAt, recordFlags)
	distinctBelow("flag", 0, flagExact, flagWarning)
	if flagExact&flagWarning != 0 || flagExact&(flagExact-1) != 0 || flagWarning&(flagWarning-1) != 0 {
		t.Errorf("flags %d and %d are not distinct bits", flagExact, flagWarning)
	}
	if nameArea < len("googlebusiness") || nameArea < len("graphemes-unicode15") {
		t.Errorf("nameArea %d cannot hold every platform and counter name", nameArea)
	}
}
