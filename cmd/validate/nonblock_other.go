//go:build !unix

package main

// openNonBlock is 0 off Unix (js/wasm, wasip1 and plan9 have no O_NONBLOCK for open;
// Windows has no Unix FIFOs): there probePath's stat before the open is the guard that
// refuses what is no regular file.
const openNonBlock = 0
