//go:build unix

package main

import "syscall"

// openNonBlock makes opening a FIFO return at once (probePath refuses it after): on Unix
// an ordinary open of a FIFO with no writer waits for one.
const openNonBlock = syscall.O_NONBLOCK
