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
// One file per job: exports_wasm.go is the module's face (the calling convention and its
// entry points, the only file that needs GOOS=js GOARCH=wasm); layout.go the numbers it
// shares with the wrapper (go generate writes them into wasm/js/layout.mjs); fault.go the
// errors as the page sees them; options.go the page's options resolved to a limit; then
// one file per answer: measure.go, measureall.go, split.go, scheduled.go, outcomes.go and
// rulebook.go. All but exports_wasm.go are plain Go, tested natively.
//
// The counter module must stay small (1.0 MB after gzip -9, 600 KB after brotli; Go's
// runtime alone takes about half), so this package imports neither fmt nor
// encoding/json: messages are built with strconv and the few JSON texts it writes with
// strictjson.AppendString.
package bridge
