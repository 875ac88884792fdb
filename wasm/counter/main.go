//go:build js && wasm

// Command counter is the small postrules WebAssembly module a post composer loads first:
// measure, parseScheduledFor and aggregate, with rules and rules/xweight only. Its entry
// points are the //go:wasmexport functions of package bridge; build it with wasm/build.sh
// and load it with wasm/js/postrules.mjs.
package main

import _ "github.com/postrules/postrules/wasm/internal/bridge" // the exported entry points

// main only keeps the Go runtime alive: after it blocks, control returns to JavaScript,
// which calls the exported functions directly. If main returned, the program would exit
// and every later call would fail.
func main() { select {} }
