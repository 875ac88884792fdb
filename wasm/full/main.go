//go:build js && wasm

// Command full is the complete postrules WebAssembly module: everything of the counter
// module plus checkPost and checkDraftPublish (package schema, with validator/v10) and
// probeMedia (rules/media). A composer loads it lazily, the first time the user asks for
// a verdict or picks a file. Build it with wasm/build.sh and load it with
// wasm/js/postrules.mjs.
package main

import (
	_ "github.com/postrules/postrules/wasm/internal/bridge" // measure, parseScheduledFor, aggregate
	"github.com/postrules/postrules/wasm/internal/bridge/mediaprobe"
	_ "github.com/postrules/postrules/wasm/internal/checker" // checkPost, checkDraftPublish
)

// main leaves probeMedia's entry point where the wrapper takes it (it is a syscall/js
// function: the probe waits for the page's file, which the //go:wasmexport calling
// convention cannot), then keeps the Go runtime alive; see the counter module.
func main() {
	mediaprobe.Register()
	select {}
}
