// Package bridge is the Go half of the postrules WebAssembly modules: it turns the plain
// values a web page hands over (UTF-8 text, option names, JSON) into one call of package
// rules or rules/xweight, and the answer back into what JavaScript reads.
//
// A page that wants to show "274 / 280" under a textarea, highlight where a post overflows
// and check a scheduledFor value as the user types calls measure and parseScheduledFor on
// every keystroke. Those paths are exported to the host with //go:wasmexport (see
// exports_wasm.go) and exchange their data through the module's linear memory, so a call
// costs nanoseconds to cross instead of the microseconds of a syscall/js callback.
//
// No rule lives here. What bridge adds is only translation:
//   - option names to values (a platform name to [rules.Platform], a counter name to a
//     [rules.Counter], a cap to a [rules.Limit]);
//   - byte offsets to UTF-16 code unit offsets, the unit of a JavaScript string and so of
//     a textarea's selectionStart (docs/design.md: offsets handed to JavaScript are UTF-16);
//   - errors to [Fault], the {code, message, path, offset} object the page receives.
//
// The functions of this file set are plain Go and are tested natively; only
// exports_wasm.go needs GOOS=js GOARCH=wasm.
package bridge
