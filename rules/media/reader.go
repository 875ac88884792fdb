package media

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// readBudget is the most the probe reads from one file, all reads together. A header
// larger than that (an MP4 whose moov is over 64 MiB: days of video) is refused as
// corrupt rather than read. It bounds memory too: the probe never holds more than this.
const readBudget = 64<<20 + 1<<20

// reader is a bounded view of an io.ReaderAt: every read names its offset and length,
// is checked against the file's size and the budget before anything is allocated, and is
// counted (the cost tests assert on read).
type reader struct {
	r      io.ReaderAt
	size   int64
	budget int64 // bytes that may still be read
	read   int64 // bytes read so far
	reads  int   // number of reads

	scratch [16]byte // small reads land here, without allocating
}

// at reads n bytes at off into a new slice. Past the end of the file it is
// media_truncated at off; past the budget it is media_corrupt. Both are checked before
// anything is allocated.
func (rd *reader) at(off int64, n int) ([]byte, error) {
	if err := rd.check(off, n); err != nil {
		return nil, err
	}
	b := make([]byte, n)
	return b, rd.fill(b, off)
}

// small reads n <= 16 bytes at off into a scratch buffer that is valid until the next
// call, so that walking box, chunk and block headers allocates nothing.
func (rd *reader) small(off int64, n int) ([]byte, error) {
	if n > len(rd.scratch) {
		n = -1 // a programming error; check refuses it
	}
	if err := rd.check(off, n); err != nil {
		return nil, err
	}
	b := rd.scratch[:n]
	return b, rd.fill(b, off)
}

func (rd *reader) check(off int64, n int) error {
	if off < 0 || n < 0 {
		return errAt(CodeCorrupt, 0, "a header points before the start of the file")
	}
	if off > rd.size || int64(n) > rd.size-off {
		return errAt(CodeTruncated, min(off, rd.size), fmt.Sprintf("the file ends at byte %d, inside a header that needs %d bytes from byte %d", rd.size, n, off))
	}
	if int64(n) > rd.budget {
		return errAt(CodeCorrupt, off, fmt.Sprintf("the headers are larger than the probe reads (%d MiB in all)", readBudget>>20))
	}
	return nil
}

func (rd *reader) fill(b []byte, off int64) error {
	rd.budget -= int64(len(b))
	rd.read += int64(len(b))
	rd.reads++
	m, err := rd.r.ReadAt(b, off)
	if m == len(b) {
		return nil
	}
	end := off + int64(m)
	if err == nil || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return errAt(CodeTruncated, end, fmt.Sprintf("the file ends at byte %d, earlier than its size %d", end, rd.size))
	}
	return errAt(CodeTruncated, end, fmt.Sprintf("reading %d bytes at byte %d: %v", len(b), off, err))
}

// buf is a bounds-checked cursor over bytes read from the file, base being the file
// offset of b[0]. Its getters never panic: past the end they set a sticky error (the
// first) and return zero, and the caller checks err once after a group of reads.
type buf struct {
	b    []byte
	base int64
	pos  int
	err  error
	box  string // the type of the ISO box whose body b is, named in messages; "" otherwise
}

func (p *buf) off() int64 { return p.base + int64(p.pos) }

func (p *buf) need(n int) bool {
	if p.err != nil {
		return false
	}
	if n < 0 || n > len(p.b)-p.pos {
		what := "a header's box or chunk"
		if p.box != "" {
			what = "the " + p.box + " box"
		}
		msg := fmt.Sprintf("%s ends too early: its next field needs %d bytes and %d are left", what, n, len(p.b)-p.pos)
		if n < 0 {
			msg = fmt.Sprintf("%s gives a field a length past its end", what)
		}
		p.err = errAt(CodeCorrupt, p.off(), msg)
		return false
	}
	return true
}

func (p *buf) skip(n int) {
	if p.need(n) {
		p.pos += n
	}
}

func (p *buf) bytes(n int) []byte {
	if !p.need(n) {
		return nil
	}
	p.pos += n
	return p.b[p.pos-n : p.pos]
}

// zeros is what a fixed-size getter reads past the end (the sticky error says so).
var zeros [8]byte

// fixed returns the next n <= 8 bytes, or zeros past the end.
func (p *buf) fixed(n int) []byte {
	if b := p.bytes(n); b != nil {
		return b
	}
	return zeros[:n]
}

func (p *buf) u8() uint8   { return p.fixed(1)[0] }
func (p *buf) u16() uint16 { return binary.BigEndian.Uint16(p.fixed(2)) }
func (p *buf) u32() uint32 { return binary.BigEndian.Uint32(p.fixed(4)) }
func (p *buf) u64() uint64 { return binary.BigEndian.Uint64(p.fixed(8)) }

func (p *buf) u24() uint32 {
	b := p.fixed(3)
	return uint32(b[0])<<16 | uint32(b[1])<<8 | uint32(b[2])
}

func (p *buf) rest() int { return len(p.b) - p.pos }
