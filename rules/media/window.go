package media

import "fmt"

// window is a forward-moving view of the file for the walks that read many small fields
// close together (a GIF's sub-block lengths, a JPEG's markers and the junk between them):
// one read of up to len(buf) bytes serves every field inside it, so a walk costs a few
// reads per MiB however small the blocks are. Bytes are charged to the reader's budget as
// they are read; the buffer is allocated once, no larger than the file.
type window struct {
	rd   *reader
	buf  []byte
	base int64 // file offset of buf[0]
	n    int   // bytes of buf that hold the file
	// spent is set when at failed because the read budget is spent: the caller knows what
	// it has read so far and may say what it left out rather than refuse the file.
	spent bool
}

// newWindow is a window of at most size bytes over rd.
func newWindow(rd *reader, size int) *window {
	return &window{rd: rd, buf: make([]byte, int(min(int64(size), rd.size)))}
}

// at returns the n <= len(buf) bytes at off, valid until the next call. Past the end of
// the file it is rd's media_truncated error; past the budget it is media_corrupt, with spent set.
func (w *window) at(off int64, n int) ([]byte, error) {
	if off >= w.base && off+int64(n) <= w.base+int64(w.n) {
		i := int(off - w.base)
		return w.buf[i : i+n], nil
	}
	if off < 0 || off > w.rd.size || int64(n) > w.rd.size-off {
		return nil, w.rd.check(off, n) // past the end (or before the start): rd's error
	}
	if n > len(w.buf) {
		return nil, errAt(CodeCorrupt, off, fmt.Sprintf("a field of %d bytes is larger than the probe's window", n))
	}
	m := int(min(int64(len(w.buf)), w.rd.size-off, w.rd.budget))
	if m < n {
		w.spent = true
		return nil, errAt(CodeCorrupt, off, fmt.Sprintf("the probe reads at most %d MiB of a file", readBudget>>20))
	}
	if err := w.rd.fill(w.buf[:m], off); err != nil {
		w.n = 0
		return nil, err
	}
	w.base, w.n = off, m
	return w.buf[:n], nil
}

// from returns the bytes of the window from off to its end, at least one, refilling it at
// off when off is outside: a scanner walks them in memory, then asks again past them.
func (w *window) from(off int64) ([]byte, error) {
	if _, err := w.at(off, 1); err != nil {
		return nil, err
	}
	return w.buf[off-w.base : w.n], nil
}
