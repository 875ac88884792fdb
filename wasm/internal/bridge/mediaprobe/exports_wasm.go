//go:build js && wasm

package mediaprobe

import (
	"errors"
	"io"
	"syscall/js"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/wasm/internal/bridge"
)

// GlobalName is where Register leaves the probe's entry point on Go's global object, which
// in the package is the wrapper's private scope (core.mjs, privateGo), never the page's
// globalThis. The wrapper takes it from there right after the module's main has run, and
// deletes it.
const GlobalName = "postrules_probe_media"

// PlanGlobalName is where Register leaves planMedia's entry point, as GlobalName.
const PlanGlobalName = "postrules_plan_media"

// Statuses of the done callback, as bridge's (exports_wasm.go).
const (
	statusOK    = 0 // the JSON is the report
	statusFault = 1 // the JSON is a Fault
)

// Register makes the probe's entry point:
//
//	probe(read, size, name, platforms, done)
//
// read(off, n, deliver) asks the page for the n bytes at off: it returns them at once as
// a Uint8Array (bytes in memory), or returns undefined and calls deliver(bytes, null)
// once they have come, or deliver(null, message) when they cannot be read. size is the
// file's size in bytes, name its name ("" for bytes); platforms an array of platform
// names, or null for all ten. done(status, json) is called once, with the report's JSON
// line (statusOK) or a Fault (statusFault).
//
// probe returns at once: the probe runs in a goroutine of its own, which blocks on each
// read while the JavaScript event loop runs (syscall/js resumes it when deliver is
// called). Several probes may run at a time, each with its own reader.
//
// The plans' entry point, planMedia's, is the same with the aspect ("", "crop" or
// "pad") before done:
//
//	plan(read, size, name, platforms, aspect, done)
//
// and answers the line of `validate media --fix` (Plans) instead of the report.
func Register() {
	js.Global().Set(GlobalName, js.FuncOf(func(_ js.Value, args []js.Value) any {
		return start(args, nil)
	}))
	js.Global().Set(PlanGlobalName, js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 6 || args[4].Type() != js.TypeString {
			return nil // a bug in the wrapper, as in start
		}
		return start(append(args[:4:4], args[5]), &args[4])
	}))
}

// start runs a probe for the entry point's args (read, size, name, platforms, done):
// the report, or with aspect (not nil) the plans.
func start(args []js.Value, aspect *js.Value) (ret any) {
	if len(args) != 5 || args[0].Type() != js.TypeFunction || args[4].Type() != js.TypeFunction || args[1].Type() != js.TypeNumber {
		return nil // a bug in the wrapper, which checks the page's values; it times nothing out
	}
	read, done := args[0], args[4]
	defer func() {
		if r := recover(); r != nil {
			finish(done, nil, panicFault(r))
		}
	}()
	size := int64(args[1].Float())
	name := ""
	if args[2].Type() == js.TypeString {
		name = args[2].String()
	}
	var names []string
	all := args[3].IsNull() || args[3].IsUndefined()
	if !all {
		n := args[3].Length()
		names = make([]string, n)
		for i := range names {
			names[i] = args[3].Index(i).String()
		}
	}
	platforms, f := Platforms(names, all)
	if f != nil {
		finish(done, nil, f)
		return nil
	}
	answer := Report
	if aspect != nil {
		a, f := Aspect(aspect.String())
		if f != nil {
			finish(done, nil, f)
			return nil
		}
		answer = func(name string, r io.ReaderAt, size int64, platforms []rules.Platform) ([]byte, *bridge.Fault) {
			return Plans(name, r, size, platforms, a)
		}
	}
	go func() {
		var deliver js.Func
		defer func() {
			if r := recover(); r != nil {
				finish(done, nil, panicFault(r))
			}
			deliver.Release()
		}()
		got := make(chan error, 1)
		var dst []byte // the buffer of the read under way
		deliver = js.FuncOf(func(_ js.Value, a []js.Value) any {
			got <- copyIn(dst, a)
			return nil
		})
		fetch := func(p []byte, off int64) error {
			dst = p
			v := read.Invoke(float64(off), len(p), deliver)
			if !v.IsUndefined() {
				return copyIn(p, []js.Value{v, js.Null()})
			}
			return <-got
		}
		b, f := answer(name, NewWindow(fetch, size, MinFetch), size, platforms)
		finish(done, b, f)
	}()
	return nil
}

// copyIn copies the bytes a page delivered, [bytes, message], into p: all of p, or an
// error (the message; fewer bytes than asked: a file that shrank since it was picked).
func copyIn(p []byte, a []js.Value) (err error) {
	defer func() {
		if recover() != nil {
			err = errors.New("the page delivered something other than a Uint8Array")
		}
	}()
	if len(a) < 2 {
		return errors.New("no bytes delivered")
	}
	if a[0].IsNull() || a[0].IsUndefined() {
		msg := "the file could not be read"
		if a[1].Type() == js.TypeString {
			msg = a[1].String()
		}
		return errors.New(msg)
	}
	if n := js.CopyBytesToGo(p, a[0]); n < len(p) {
		return errors.New("the file gave fewer bytes than its size says")
	}
	return nil
}

func finish(done js.Value, b []byte, f *bridge.Fault) {
	if f != nil {
		done.Invoke(statusFault, string(f.AppendJSON(nil)))
		return
	}
	done.Invoke(statusOK, string(b))
}

func panicFault(r any) *bridge.Fault {
	msg := "postrules: internal error in probeMedia (a bug, please report it)"
	switch v := r.(type) {
	case error:
		msg += ": " + v.Error()
	case string:
		msg += ": " + v
	}
	return bridge.InternalFault(msg)
}
