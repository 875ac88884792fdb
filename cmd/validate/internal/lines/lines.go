// Package lines reads a stream one line at a time with no limit on the length of a line
// and memory that stays flat in the number of lines.
//
// bufio.Scanner is the obvious tool, but it fails with bufio.ErrTooLong on a line longer
// than its buffer; a text to measure can legitimately be megabytes long. Reader keeps one
// buffer, grown only as far as the longest line seen, and reuses it for every line.
package lines

import (
	"bufio"
	"io"
)

// Reader yields the lines of an io.Reader. A line is the bytes up to, not including, a
// '\n'; one '\r' before that '\n' is dropped too, so files with CRLF endings read the same
// as files with LF endings. The last line needs no '\n'. An empty stream has no lines, and
// a stream ending in '\n' has no empty line after it.
type Reader struct {
	br   *bufio.Reader
	long []byte // holds a line that did not fit in br's buffer; reused
	n    int    // number of the line last returned, from 1
}

// NewReader returns a Reader on r.
func NewReader(r io.Reader) *Reader {
	return &Reader{br: bufio.NewReaderSize(r, 64<<10)}
}

// Next returns the next line and true; at the end of the stream it returns false and a nil
// error, and on a read error false and that error. The slice is valid only until the next
// call of Next.
func (r *Reader) Next() ([]byte, bool, error) {
	line, err := r.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		// A line longer than the buffer: collect it in r.long, which keeps its capacity
		// for the next long line.
		r.long = append(r.long[:0], line...)
		for err == bufio.ErrBufferFull {
			line, err = r.br.ReadSlice('\n')
			r.long = append(r.long, line...)
		}
		line = r.long
	}
	if err != nil && err != io.EOF {
		return nil, false, err
	}
	if len(line) == 0 { // io.EOF with nothing read
		return nil, false, nil
	}
	r.n++
	if line[len(line)-1] == '\n' {
		line = line[:len(line)-1]
		if len(line) > 0 && line[len(line)-1] == '\r' {
			line = line[:len(line)-1]
		}
	}
	return line, true, nil
}

// Line is the number of the line last returned by Next, counting from 1.
func (r *Reader) Line() int { return r.n }
