// PDF streams (§7.3.8): a stream object's data, inflated under a budget, with the
// PNG predictor's rows undone (§7.4.4.4).

package media

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
)

// pdfStream is a stream object's dictionary and its encoded data.
type pdfStream struct {
	dict         []byte
	data, length int64
	columns, bpp int64 // a PNG predictor's row (without its tag byte) and pixel widths
	predicted    bool
}

// stream reads the stream object num (-1: any) at off: its dictionary, where its data
// begins, and its /Length, which an object stream (indirect, when resolve) may give as a
// reference to an integer object. A cross-reference stream's entries are direct
// (§7.5.8.2), so it resolves nothing and the walk cannot recurse.
func (x *pdfXref) stream(num, off int64, resolve bool) (pdfStream, error) {
	b, err := x.header(num, off)
	if err != nil {
		return pdfStream{}, err
	}
	s := bytes.Index(b, []byte("stream"))
	d := bytes.Index(b, []byte("<<"))
	if s < 0 || d < 0 || d > s {
		return pdfStream{}, errAt(CodeCorrupt, off, "the object is no stream, or its dictionary is longer than the probe reads")
	}
	st := pdfStream{dict: b[d:s], data: off + int64(s) + 6, columns: 1, bpp: 1}
	if bytesAt(b, int64(s)+6) == '\r' {
		st.data++
	}
	if bytesAt(b, st.data-off) == '\n' {
		st.data++
	}
	if ref, ok := pdfRef(st.dict, "/Length"); ok {
		if !resolve {
			return pdfStream{}, errAt(CodeCorrupt, off, "a cross-reference stream's /Length is an indirect reference")
		}
		le, err := x.lookup(ref)
		if err != nil {
			return pdfStream{}, err
		}
		if le.kind != 1 {
			return pdfStream{}, errPDFUnread
		}
		lb, err := x.header(ref, le.off)
		if err != nil {
			return pdfStream{}, err
		}
		_, rest, _ := pdfNext(bytes.TrimLeft(lb, " \r\n\t\f\x00"))
		st.length, ok = pdfInt(bytes.TrimPrefix(pdfSkipInt(rest), []byte("obj")))
		if !ok {
			return pdfStream{}, errAt(CodeCorrupt, le.off, "a stream's /Length refers to no integer")
		}
	} else if st.length, ok = pdfKeyInt(st.dict, "/Length"); !ok {
		return pdfStream{}, errAt(CodeCorrupt, off, "the stream has no /Length")
	}
	if st.length > x.rd.size-st.data {
		return pdfStream{}, errAt(CodeTruncated, x.rd.size, fmt.Sprintf("a stream of %d bytes from byte %d runs past the end of the file", st.length, st.data))
	}
	// Filters: Flate only (§7.4.4), optionally with a PNG predictor (§7.4.4.4, Table 8).
	if f, ok := pdfFilter(st.dict); !ok || f != "" && f != "/FlateDecode" {
		return pdfStream{}, errPDFUnread
	}
	if p, ok := pdfKeyInt(st.dict, "/Predictor"); ok && p > 1 {
		if p < 10 {
			return pdfStream{}, errPDFUnread // TIFF predictor 2
		}
		colors, bits := int64(1), int64(8)
		if v, ok := pdfKeyInt(st.dict, "/Colors"); ok {
			colors = v
		}
		if v, ok := pdfKeyInt(st.dict, "/BitsPerComponent"); ok {
			bits = v
		}
		if v, ok := pdfKeyInt(st.dict, "/Columns"); ok {
			st.columns = v
		}
		if colors < 1 || colors > 4 || bits < 1 || bits > 16 || st.columns < 1 || st.columns > maxPDFRow {
			return pdfStream{}, errAt(CodeCorrupt, off, "the stream's predictor parameters are out of range")
		}
		st.predicted = true
		st.bpp = max(1, colors*bits/8)
		st.columns = (colors*bits*st.columns + 7) / 8
	}
	return st, nil
}

// open returns a reader of the stream's decoded bytes, within the inflate budget.
func (x *pdfXref) open(st pdfStream) (io.Reader, error) {
	comp, err := x.read(st.data, int(st.length))
	if err != nil {
		return nil, err
	}
	var r io.Reader = &pdfBudgetReader{r: bytes.NewReader(comp), x: x}
	if f, _ := pdfFilter(st.dict); f != "" {
		if x.z == nil {
			x.z, err = zlib.NewReader(bytes.NewReader(comp))
		} else {
			err = x.z.(zlib.Resetter).Reset(bytes.NewReader(comp), nil)
		}
		if err != nil {
			return nil, errAt(CodeCorrupt, st.data, "a Flate stream has no zlib header: "+err.Error())
		}
		r = &pdfBudgetReader{r: x.z, x: x}
	}
	if st.predicted {
		// One row decoder per walk, its buffers reused (rows are at most maxPDFRow wide).
		if cap(x.rows.prev) < int(st.columns) {
			x.rows.prev, x.rows.cur = make([]byte, maxPDFRow), make([]byte, maxPDFRow+1)
		}
		x.rows = pngRows{r: r, bpp: int(st.bpp), prev: x.rows.prev[:st.columns], cur: x.rows.cur[:st.columns+1]}
		clear(x.rows.prev)
		r = &x.rows
	}
	return r, nil
}

// skip discards n decoded bytes.
func (x *pdfXref) skip(r io.Reader, n int64) error {
	if n < 0 {
		return errAt(CodeCorrupt, x.at, "an object stream's offsets are out of order")
	}
	if _, err := io.CopyN(io.Discard, r, n); err != nil {
		return x.streamErr(err, x.at)
	}
	return nil
}

// streamErr turns a decoding failure into the probe's error: the budget's and the
// unread sentinels pass, the end of the stream is a truncated stream.
func (x *pdfXref) streamErr(err error, at int64) error {
	var e *errBudget
	switch {
	case errors.As(err, &e):
		return errPDFBudget
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		return errAt(CodeCorrupt, at, "a stream ends before the entry the cross-reference asks for")
	}
	return errAt(CodeCorrupt, at, "a stream does not inflate: "+err.Error())
}

// errBudget is the inflate budget's end, told apart from a decoding error.
type errBudget struct{}

func (*errBudget) Error() string { return "inflate budget spent" }

// pdfBudgetReader counts the bytes it passes against the inflate budget.
type pdfBudgetReader struct {
	r io.Reader
	x *pdfXref
}

func (b *pdfBudgetReader) Read(p []byte) (int, error) {
	if b.x.inflate <= 0 {
		return 0, &errBudget{}
	}
	if int64(len(p)) > b.x.inflate {
		p = p[:b.x.inflate]
	}
	n, err := b.r.Read(p)
	b.x.inflate -= int64(n)
	return n, err
}

// pngRows undoes a PNG predictor (RFC 2083 §6; PDF §7.4.4.4): every row is a filter tag
// byte and the row, each byte predicted from the byte bpp to its left, the byte above, or
// both. One row and the row above are held.
type pngRows struct {
	r         io.Reader
	bpp       int
	prev, cur []byte // cur[0] is the tag
	pos       int    // next unread byte of cur[1:]; len(prev) when a row must be read
	started   bool
}

func (p *pngRows) Read(out []byte) (int, error) {
	n := 0
	for n < len(out) {
		if !p.started || p.pos == len(p.prev) {
			if err := p.row(); err != nil {
				return n, err
			}
		}
		c := copy(out[n:], p.prev[p.pos:])
		p.pos += c
		n += c
	}
	return n, nil
}

// row reads and decodes the next row into prev.
func (p *pngRows) row() error {
	if _, err := io.ReadFull(p.r, p.cur); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			err = io.EOF
		}
		return err
	}
	row, tag := p.cur[1:], p.cur[0]
	for i := range row {
		var left, upLeft byte
		if i >= p.bpp {
			left, upLeft = row[i-p.bpp], p.prev[i-p.bpp]
		}
		up := p.prev[i]
		switch tag {
		case 0:
		case 1:
			row[i] += left
		case 2:
			row[i] += up
		case 3:
			row[i] += byte((int(left) + int(up)) / 2)
		case 4:
			row[i] += paeth(left, up, upLeft)
		default:
			return fmt.Errorf("PNG predictor tag %d", tag)
		}
	}
	copy(p.prev, row)
	p.pos, p.started = 0, true
	return nil
}

// paeth is PNG's Paeth predictor (RFC 2083 §6.6).
func paeth(a, b, c byte) byte {
	p := int(a) + int(b) - int(c)
	pa, pb, pc := abs(p-int(a)), abs(p-int(b)), abs(p-int(c))
	switch {
	case pa <= pb && pa <= pc:
		return a
	case pb <= pc:
		return b
	}
	return c
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
