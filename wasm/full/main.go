//go:build js && wasm

// Command full is the complete postrules WebAssembly module: everything of the counter
// module plus checkPost and checkDraftPublish (package schema, with validator/v10). A
// composer loads it lazily, the first time the user asks for a verdict. Build it with
// wasm/build.sh and load it with wasm/js/postrules.mjs.
package main

import (
	_ "github.com/postrules/postrules/wasm/internal/bridge"  // measure, parseScheduledFor, aggregate
	_ "github.com/postrules/postrules/wasm/internal/checker" // checkPost, checkDraftPublish
)

// main only keeps the Go runtime alive; see the counter module.
func main() { select {} }
