package bridge

// The numbers the wrapper (wasm/js/core.mjs) and the module must agree on to read each
// other's memory: the statuses of an entry point, the result slots of postrules_results,
// the option-name areas of postrules_names, and the fields of a measureAll record. They
// are stated here only: go generate writes them into wasm/js/layout.mjs, which core.mjs
// imports, and TestLayoutModuleIsGenerated fails while that file is stale.
//
//go:generate go run ./internal/layoutgen -in layout.go -o ../../js/layout.mjs

// Statuses returned by every entry point (and in slotStatus).
const (
	statusOK    = 0 // the answer is in the slots / the output bytes
	statusFault = 1 // the output bytes are a Fault as JSON
	statusMore  = 2 // split of a prefix: not decided by it, send the whole text
)

// Result slots (int32 each) of postrules_results.
const (
	slotStatus     = 0
	slotOutPtr     = 1 // output bytes: address in linear memory
	slotOutLen     = 2 // output bytes: length
	slotLength     = 3 // measure: length
	slotCap        = 4 // measure: cap
	slotOverflowAt = 5 // measure: UTF-16 offset or -1
	slotFits       = 6 // measure: 1 when the text fits; aggregate: 1 on success
	slotExact      = 7 // measure: 1 when length is exact; measureAll: 0 when a prefix decided
	slotInCap      = 8 // reserve: the input area's capacity, so JavaScript can reuse its view
	numSlots       = 9
)

// nameArea is the size of each option-name slot of postrules_names (0 platform, 1 counter).
const nameArea = 128

// Fields of a measureAll record, recordSize int32 each (see MeasureAll).
const (
	recordRule       = 0 // index of the rule in rules.TextRules()
	recordCounter    = 1 // index in measureAllCounters
	recordLength     = 2 // the length in the counter's unit (a lower bound when not exact)
	recordCap        = 3 // the cap
	recordOverflowAt = 4 // UTF-16 offset of the first unit past the cap, or -1
	recordFlags      = 5 // flagExact | flagWarning
	recordSize       = 6
)

// Bits of a record's recordFlags field.
const (
	flagExact   = 1
	flagWarning = 2
)
