// Package mediaprobe is the Go half of probeMedia, the WebAssembly package's media probe:
// rules/media's Probe over a file the page holds (a File, a Blob, bytes), read a slice at
// a time, answering the line `validate media --format json` prints for it.
//
// The probe reads through an io.ReaderAt and blocks on each read. In the page a Blob's
// bytes come from a promise (blob.slice(a, b).arrayBuffer()), so the probe runs in a
// goroutine of its own that waits for each slice, while the JavaScript event loop stays
// free; see exports_wasm.go. Reads go through [Window], which asks the page for at least
// [MinFetch] bytes at a time and keeps the last slice: the probe walks headers with many
// small reads, and each read the page answers costs a promise (tens of microseconds)
// where a copy costs nothing.
//
// This package is linked into the full module only (wasm/full): the counter module
// carries neither rules/media nor encoding/json.
package mediaprobe

import (
	"errors"
	"io"
	"strconv"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
	"github.com/postrules/postrules/rules/media/mediajson"
	"github.com/postrules/postrules/wasm/internal/bridge"
)

// MinFetch is the least the probe asks of the page at once: a 64 KiB slice holds the
// header walk of a typical image, the head of an MP4 or WebM, and a small moov or PDF
// tail, so most files take one or two slices (docs/wasm.md has the counts).
const MinFetch = 64 << 10

// Fetch fills p with the file's bytes from off, all of them, or fails. off and len(p)
// are within the file's size.
type Fetch func(p []byte, off int64) error

// Window is an io.ReaderAt over a Fetch that coalesces small reads: a read outside the
// window it holds fetches at least min bytes (fewer at the end of the file, the window
// then ending at the end) and keeps them; a read of min bytes or more goes straight into
// the caller's buffer.
type Window struct {
	fetch Fetch
	size  int64
	min   int
	buf   []byte // the bytes of the last small fetch
	off   int64  // the file offset of buf[0]

	// Fetches and Fetched count the calls of fetch and the bytes asked of the page.
	Fetches int
	Fetched int64
}

// NewWindow reads a file of size bytes through fetch, min bytes at least at a time
// (0: every read goes to fetch as it is).
func NewWindow(fetch Fetch, size int64, min int) *Window {
	return &Window{fetch: fetch, size: size, min: min}
}

// errOffset is a read before the start of the file (the probe never asks one).
var errOffset = errors.New("mediaprobe: negative offset")

// ReadAt reads len(p) bytes at off, or fewer with io.EOF at the end of the file.
func (w *Window) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, errOffset
	}
	if off >= w.size {
		return 0, io.EOF
	}
	n := int(min(int64(len(p)), w.size-off))
	var err error
	if n < len(p) {
		err = io.EOF
	}
	if n == 0 {
		return 0, err
	}
	if off >= w.off && off+int64(n) <= w.off+int64(len(w.buf)) {
		copy(p[:n], w.buf[off-w.off:])
		return n, err
	}
	if n >= w.min {
		if ferr := w.get(p[:n], off); ferr != nil {
			return 0, ferr
		}
		return n, err
	}
	// A small read: fetch min bytes from off, or the last min bytes of the file when
	// that would run past its end (a PDF's tail, an MP4's moov at the end are read
	// backwards from there).
	want := int(min(int64(w.min), w.size))
	start := min(off, w.size-int64(want))
	if cap(w.buf) < want {
		w.buf = make([]byte, want)
	}
	w.buf = w.buf[:want]
	if ferr := w.get(w.buf, start); ferr != nil {
		w.buf = w.buf[:0]
		return 0, ferr
	}
	w.off = start
	copy(p[:n], w.buf[off-start:])
	return n, err
}

func (w *Window) get(p []byte, off int64) error {
	w.Fetches++
	w.Fetched += int64(len(p))
	return w.fetch(p, off)
}

// Platforms reads probeMedia's platforms option: nil for all ten (as the CLI without
// --platform), else each name in its order, a name given twice judged twice (as the
// CLI's --platform). An unknown name is unknown_platform at platforms/i.
func Platforms(names []string, all bool) ([]rules.Platform, *bridge.Fault) {
	if all {
		return rules.Platforms(), nil
	}
	ps := make([]rules.Platform, 0, len(names))
	for i, name := range names {
		p, err := rules.ParsePlatform(name)
		if err != nil {
			return nil, bridge.FaultOf(apierror.As(err).WithPath("platforms/"+strconv.Itoa(i)), "")
		}
		ps = append(ps, p)
	}
	return ps, nil
}

// Report probes the file r of size bytes named name and judges it for platforms: the
// line of `validate media --format json` (media.NewReport, media.Report.JSON), without
// its newline.
func Report(name string, r io.ReaderAt, size int64, platforms []rules.Platform) ([]byte, *bridge.Fault) {
	facts, err := media.Probe(r, size)
	b, jerr := mediajson.Line(media.NewReport(name, facts, err, platforms))
	if jerr != nil {
		return nil, bridge.InternalFault("postrules: cannot encode the media report: " + jerr.Error())
	}
	return b[:len(b)-1], nil
}
