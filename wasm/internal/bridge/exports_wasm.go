//go:build js && wasm

package bridge

import (
	"strconv"
	"unsafe"

	"github.com/postrules/postrules/rules/apierror"
)

// The calling convention with the wrapper (wasm/js/core.mjs). Every call goes the same way:
//
//  1. JavaScript asks postrules_reserve(n) for an input area of n bytes and writes the
//     UTF-8 of its arguments there, one after the other (option names go to the fixed
//     area of postrules_names instead, so an unchanged name is not written again);
//  2. it calls the entry point with the byte length of each argument;
//  3. the entry point returns a status (statusOK, statusFault, statusMore; layout.go) and
//     leaves its answer in the result slots of postrules_results: numbers directly, bytes
//     (a name, a string, JSON) as a pointer and a length into memory the module keeps
//     until the next call.
//
// Nothing here blocks, waits for JavaScript or starts a goroutine that outlives the call:
// a //go:wasmexport function runs on the caller's stack with the Go scheduler paused.

// maxInput is the largest input, in bytes, a single call accepts (the UTF-8 of all its
// arguments). It is far above any post (a 10 MB text is fine) and keeps a runaway page
// from exhausting the module's memory, which would kill it; beyond it a call gets a
// body_too_large fault.
const maxInput = 64 << 20

// keepInput is the input area kept between calls; a bigger one, made for a huge
// argument, is dropped after its call so that the garbage collector can take it back.
const keepInput = 1 << 20

// exchange is the memory shared with JavaScript. A module instance runs one call at a
// time (JavaScript calls the exports synchronously, each returns before the next
// starts), so one set of buffers serves every call. It exists because linear memory is
// the only way to hand bytes over without syscall/js. (measureAll keeps state of its own
// between calls: allState, measureall.go, and allOut.)
var exchange struct {
	in    []byte
	out   []byte
	names [2 * nameArea]byte
	res   [numSlots]int32
}

// results is the address of the result slots, read once by the wrapper.
//
//go:wasmexport postrules_results
func results() unsafe.Pointer { return unsafe.Pointer(&exchange.res) }

// names is the address of the option-name areas, nameArea bytes each.
//
//go:wasmexport postrules_names
func names() unsafe.Pointer { return unsafe.Pointer(&exchange.names) }

// reserve makes the input area at least n bytes long and returns its address, or nil
// (with a fault in the output bytes) when n is negative or over maxInput.
//
//go:wasmexport postrules_reserve
func reserve(n int32) (p unsafe.Pointer) {
	defer func() {
		if r := recover(); r != nil {
			PutFault(panicFault(r))
			p = nil
		}
	}()
	if n < 0 || n > maxInput {
		PutFault(newFault(apierror.CodeBodyTooLarge, "", "the arguments of one call take "+
			strconv.Itoa(int(n))+" bytes of UTF-8 or more; at most "+strconv.Itoa(maxInput)+" are accepted"))
		return nil
	}
	if int(n) > cap(exchange.in) || cap(exchange.in) == 0 {
		size := max(int(n), 256)
		exchange.in = make([]byte, size)
	}
	exchange.res[slotInCap] = int32(cap(exchange.in))
	return unsafe.Pointer(unsafe.SliceData(exchange.in[:cap(exchange.in)]))
}

// Input returns the n bytes that start off bytes into the input area, as a string that
// aliases the area (valid until the next reserve; nothing may keep it), or false when the
// lengths do not fit the area. Every entry point reads its arguments with it, the
// checker's (package checker) too.
func Input(off, n int32) (string, bool) {
	if off < 0 || n < 0 || int64(off)+int64(n) > int64(len(exchange.in)) {
		return "", false
	}
	if n == 0 {
		return "", true
	}
	return unsafe.String(&exchange.in[off], int(n)), true
}

// name returns option name i (0 platform, 1 counter) of length n; n < 0 means the page's
// name was too long for its area and cannot be any valid name.
func name(i int, n int32) (string, bool) {
	if n < 0 || n > nameArea {
		return "", false
	}
	return string(exchange.names[i*nameArea : i*nameArea+int(n)]), true
}

// endCall drops a huge input area once its call is over.
func endCall() {
	if cap(exchange.in) > keepInput {
		exchange.in = nil
		exchange.res[slotInCap] = 0
	}
	if cap(exchange.out) > keepInput {
		exchange.out = nil
	}
}

// putOut makes b the output bytes of the call.
func putOut(b []byte) {
	exchange.out = b
	exchange.res[slotOutPtr] = int32(uintptr(unsafe.Pointer(unsafe.SliceData(b))))
	exchange.res[slotOutLen] = int32(len(b))
}

// putOutString copies s into the output bytes, reusing their storage.
func putOutString(s string) {
	putOut(append(exchange.out[:0], s...))
}

// PutOut makes b, a JSON text, the output bytes of a successful call and returns
// statusOK.
func PutOut(b []byte) int32 {
	putOut(b)
	exchange.res[slotStatus] = statusOK
	return statusOK
}

// PutFault makes f, as JSON, the output bytes and returns statusFault.
func PutFault(f *Fault) int32 {
	putOut(f.AppendJSON(exchange.out[:0]))
	exchange.res[slotStatus] = statusFault
	return statusFault
}

// panicFault is the internal_error fault of a recovered panic r.
func panicFault(r any) *Fault {
	msg := "postrules: internal error (a bug, please report it)"
	switch v := r.(type) {
	case error:
		msg += ": " + v.Error()
	case string:
		msg += ": " + v
	}
	return InternalFault(msg)
}

// Recover is deferred by every entry point: a panic becomes an internal_error fault
// instead of killing the module, and a huge input area is released.
func Recover(status *int32) {
	if r := recover(); r != nil {
		*status = PutFault(panicFault(r))
	}
	endCall()
}

// ArgsFault is the fault of an entry point called with lengths that do not fit the
// input area: a bug in the JavaScript wrapper.
func ArgsFault() int32 {
	return PutFault(InternalFault("postrules: argument lengths do not fit the input area"))
}

// b2i is b as a result slot holds it: 1 or 0.
func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// measureOptions reads the platform and counter names from the names area and adds the
// cap the page gave (capValue when hasCap is 1): the options of measure and split. A name
// too long for its slot is no platform or counter, answered as Measure answers an
// unknown one.
func measureOptions(platformLen, counterLen int32, capValue float64, hasCap int32) (MeasureOptions, *Fault) {
	platform, ok := name(0, platformLen)
	if !ok {
		return MeasureOptions{}, newFault(apierror.CodeUnknownPlatform, "platform", "a platform name of more than "+strconv.Itoa(nameArea)+" bytes is not one of the ten")
	}
	counter, ok := name(1, counterLen)
	if !ok {
		return MeasureOptions{}, newFault(apierror.CodeInvalidValue, "counter", "a counter name of more than "+strconv.Itoa(nameArea)+" bytes is not \"graphemes\" or \"x-weighted\"")
	}
	return MeasureOptions{Platform: platform, Counter: counter, Cap: capValue, HasCap: hasCap != 0}, nil
}

// measure measures the text (textLen bytes of the input area) for the platform and
// counter named in the names area; capValue replaces the cap when hasCap is 1.
//
//go:wasmexport postrules_measure
func measure(textLen, platformLen, counterLen int32, capValue float64, hasCap int32) (status int32) {
	defer Recover(&status)
	text, ok := Input(0, textLen)
	if !ok {
		return ArgsFault()
	}
	o, f := measureOptions(platformLen, counterLen, capValue, hasCap)
	if f != nil {
		return PutFault(f)
	}
	m, f := Measure(text, o)
	if f != nil {
		return PutFault(f)
	}
	r := &exchange.res
	r[slotStatus] = statusOK
	r[slotLength] = int32(min(m.Length, 1<<31-1))
	r[slotCap] = int32(min(m.Cap, 1<<31-1))
	r[slotOverflowAt] = int32(min(m.OverflowAt, 1<<31-1))
	r[slotFits] = b2i(m.Fits)
	r[slotExact] = b2i(m.Exact)
	// The counter's name and the rule's id, one line each: both repeat from keystroke to
	// keystroke, and the wrapper decodes the pair only when it changes.
	putOutString(m.Counter + "\n" + m.Rule)
	return statusOK
}

// parseScheduledFor checks the value (sLen bytes) and, when hasNow is 1, that it lies
// after the clock given in the nowLen bytes after it. The output bytes are the UTC form.
//
//go:wasmexport postrules_parse_scheduled_for
func parseScheduledFor(sLen, nowLen, hasNow int32) (status int32) {
	defer Recover(&status)
	s, ok1 := Input(0, sLen)
	now, ok2 := Input(sLen, nowLen)
	if !ok1 || !ok2 {
		return ArgsFault()
	}
	utc, f := ParseScheduledFor(s, now, hasNow != 0)
	if f != nil {
		return PutFault(f)
	}
	putOutString(utc)
	exchange.res[slotStatus] = statusOK
	return statusOK
}

// aggregate folds the outcomes (n bytes of records, see DecodeOutcomes) into the
// summary: success in slotFits, the status as the output bytes.
//
//go:wasmexport postrules_aggregate
func aggregate(n int32) (status int32) {
	defer Recover(&status)
	data, ok := Input(0, n)
	if !ok {
		return ArgsFault()
	}
	outcomes, ok := DecodeOutcomes([]byte(data))
	if !ok {
		return PutFault(InternalFault("postrules: malformed outcome records"))
	}
	s, f := Aggregate(outcomes)
	if f != nil {
		return PutFault(f)
	}
	exchange.res[slotFits] = b2i(s.Success)
	putOutString(string(s.Status))
	exchange.res[slotStatus] = statusOK
	return statusOK
}

// splitExport splits the text (textLen bytes of the input area) into a thread for the
// platform and counter named in the names area, with the numbering in the numberingLen
// bytes after the text; capValue replaces the cap when hasCap is 1. The output bytes
// are split.Answer's JSON. With boundOnly 1 the text is a prefix of the page's and
// only split.Bound is asked: its fault (the whole text's too), or statusMore.
//
//go:wasmexport postrules_split
func splitExport(textLen, numberingLen, platformLen, counterLen int32, capValue float64, hasCap, boundOnly int32) (status int32) {
	defer Recover(&status)
	text, ok1 := Input(0, textLen)
	numbering, ok2 := Input(textLen, numberingLen)
	if !ok1 || !ok2 {
		return ArgsFault()
	}
	o, f := measureOptions(platformLen, counterLen, capValue, hasCap)
	if f != nil {
		return PutFault(f)
	}
	so := SplitOptions{MeasureOptions: o, Numbering: numbering}
	if boundOnly != 0 {
		if f := SplitBound(text, so); f != nil {
			return PutFault(f)
		}
		exchange.res[slotStatus] = statusMore
		return statusMore
	}
	b, f := Split(text, so)
	if f != nil {
		return PutFault(f)
	}
	return PutOut(b)
}

// rulesBook answers the rule book as a JSON array (RulesJSON).
//
//go:wasmexport postrules_rules
func rulesBook() (status int32) {
	defer Recover(&status)
	return PutOut(append(exchange.out[:0], RulesJSON()...))
}

// measureAllTable answers the table that names the rules and counters of measureAll's
// records (MeasureAllTableJSON).
//
//go:wasmexport postrules_measure_all_table
func measureAllTable() (status int32) {
	defer Recover(&status)
	return PutOut(append(exchange.out[:0], MeasureAllTableJSON()...))
}

// allOut holds measureAll's records between the call and the wrapper's reading them.
var allOut []int32

// measureAll measures the text (textLen bytes of the input area) for the platforms
// named, separated by commas, in the listLen bytes after it; more is 1 when the text is
// only the start of a text longer than 256 KiB. The output bytes are the records of
// MeasureAll, recordSize little-endian int32 each (WebAssembly memory is little-endian,
// so the wrapper reads them with an Int32Array); slotExact is 0 when that start did not
// decide every platform (there are then no records: a longer start must be sent).
//
//go:wasmexport postrules_measure_all
func measureAll(textLen, listLen, more int32) (status int32) {
	defer Recover(&status)
	text, ok1 := Input(0, textLen)
	list, ok2 := Input(textLen, listLen)
	if !ok1 || !ok2 {
		return ArgsFault()
	}
	recs, done, f := MeasureAll(allOut[:0], text, list, more != 0)
	if f != nil {
		return PutFault(f)
	}
	allOut = recs
	exchange.res[slotExact] = b2i(done) // 0: send a longer start of the text (see MeasureAll)
	exchange.res[slotOutPtr] = int32(uintptr(unsafe.Pointer(unsafe.SliceData(recs))))
	exchange.res[slotOutLen] = int32(4 * len(recs))
	exchange.res[slotStatus] = statusOK
	return statusOK
}
