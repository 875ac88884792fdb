package media

// PDF (ISO 32000-1, PDF 1.7): the page count, read from the end. The last startxref
// (§7.5.5) gives the cross-reference table; the trailer gives /Root; the table's
// fixed 20-byte entries (§7.5.4) give the offsets of the catalog and of its /Pages,
// whose /Count is the number of pages (§7.7.3.2). Every read is a small window.
//
// Since PDF 1.5 the cross-reference may be a stream (§7.5.8) and the catalog and page
// tree may sit in object streams (§7.5.7), both usually Flate-compressed with a PNG
// predictor (§7.4.4.4). The probe inflates them as a stream, row by row, keeping one
// row or one window: the work is linear in the compressed bytes read, and the inflated
// bytes are capped in proportion to the file's size (pdfInflateBudget). A filter other
// than Flate, or a predictor other than PNG's, leaves Pages 0 (unknown) rather than guess.

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/postrules/postrules/rules/apierror"
)

const (
	pdfTail    = 4096 // bytes read at the end for startxref and the trailer
	pdfWindow  = 4096 // bytes read at an object or a cross-reference section
	maxXrefHop = 32   // /Prev links followed (incremental updates)
	maxXrefSub = 4096 // subsections of one cross-reference section

	// pdfInflateMax caps the bytes inflated from all streams of one PDF together: 16 MiB
	// covers a cross-reference stream of about three million objects. Below it the cap
	// is pdfInflateFloor plus pdfInflatePerByte per byte of the file (pdfInflateBudget):
	// deflate expands up to about 1,000 times, so without that a crafted 16 KB file could
	// have the probe inflate 16 MiB, tens of milliseconds, against tens of microseconds
	// for a real file of that size. The floor, 256 KiB, holds the cross-reference rows of
	// some 40,000 objects, read twice (each lookup inflates from the first row, and
	// the catalog and the page tree are two): some 20,000 objects, more than a small real
	// file has. Real cross-reference and
	// object streams compress a few times to a few dozen times, and a file whose tables
	// need more gets Pages 0 (unknown), not an error.
	pdfInflateMax     = 16 << 20
	pdfInflateFloor   = 256 << 10
	pdfInflatePerByte = 64
	maxPDFRow         = 256 // widest row of a PNG predictor read (cross-reference rows are at most 24)
)

// pdfInflateBudget is how many bytes the probe may inflate from the streams of a PDF of
// size bytes: the work stays within a constant per byte of the file, and 16 MiB.
func pdfInflateBudget(size int64) int64 {
	return min(pdfInflateMax, pdfInflateFloor+pdfInflatePerByte*max(size, 0))
}

func probePDF(rd *reader, _ []byte) (Facts, error) {
	f := Facts{Kind: KindDocument, Format: "pdf"}
	tailOff := max(0, rd.size-pdfTail)
	tail, err := rd.at(tailOff, int(rd.size-tailOff))
	if err != nil {
		return Facts{}, err
	}
	i := bytes.LastIndex(tail, []byte("startxref"))
	if i < 0 {
		return Facts{}, errAt(CodeTruncated, rd.size, "no startxref in the last 4 KB: the PDF is cut short")
	}
	if !bytes.Contains(tail[i:], []byte("%%EOF")) {
		return Facts{}, errAt(CodeTruncated, rd.size, "no %%EOF after the last startxref: the PDF is cut short")
	}
	xref, ok := pdfInt(tail[i+len("startxref"):])
	if !ok || xref >= rd.size {
		f.Unread = append(f.Unread, fmt.Sprintf("the page count: startxref at byte %d gives no offset inside the file", tailOff+int64(i)))
		return f, nil
	}
	// Reads inside the tail come from it; the others may add up to the file's size, so
	// that a PDF is read at most twice over whatever its tables say.
	x := &pdfXref{rd: rd, start: xref, tail: tail, tailOff: tailOff, left: rd.size, inflate: pdfInflateBudget(rd.size)}
	n, perr := x.pages()
	switch {
	case perr == errPDFBudget || perr == errPDFUnread:
		f.Unread = append(f.Unread, "the page count: "+strings.TrimSuffix(perr.Message, " (at byte 0)"))
	case perr != nil && perr.Code == CodeCorrupt:
		// The file is a PDF whose cross-reference is damaged: qpdf and viewers rebuild it
		// by scanning the whole file, which the probe does not do. The page count is left
		// out (unknown), not the file refused.
		f.Unread = append(f.Unread, "the page count: "+perr.Message+"; qpdf and viewers rebuild such a cross-reference, the probe does not")
	case perr != nil:
		return Facts{}, perr
	default:
		f.Pages = n
	}
	return f, nil
}

// pages follows the trailer's /Root to the catalog, its /Pages to the page tree, and
// returns the tree's /Count (§7.7.3.2).
func (x *pdfXref) pages() (int, *apierror.Error) {
	root, err := x.root()
	if err != nil {
		return 0, asMediaError(err)
	}
	catalog, err := x.object(root)
	if err != nil {
		return 0, asMediaError(err)
	}
	if catalog == nil {
		return 0, errAt(CodeCorrupt, x.at, fmt.Sprintf("the catalog, object %d, is free or missing in the cross-reference", root))
	}
	pages, ok := pdfRef(catalog, "/Pages")
	if !ok {
		return 0, errAt(CodeCorrupt, x.at, "the catalog has no /Pages reference")
	}
	tree, err := x.object(pages)
	if err != nil {
		return 0, asMediaError(err)
	}
	if tree == nil {
		return 0, errAt(CodeCorrupt, x.at, fmt.Sprintf("the page tree, object %d, is free or missing in the cross-reference", pages))
	}
	k := bytes.Index(tree, []byte("/Count"))
	if k < 0 {
		return 0, errAt(CodeCorrupt, x.at, "the page tree has no /Count")
	}
	n, ok := pdfInt(tree[k+len("/Count"):])
	if !ok || n < 0 || n > 1<<31-1 {
		return 0, errAt(CodeCorrupt, x.at+int64(k), "the page tree's /Count is no page count")
	}
	return int(n), nil
}

// asMediaError is err as the probe's error type (every error of the walk is one).
func asMediaError(err error) *apierror.Error {
	if e, ok := err.(*apierror.Error); ok {
		return e
	}
	return errAt(CodeCorrupt, 0, err.Error())
}

// pdfXref finds objects through the cross-reference sections, tables or streams, newest
// first.
type pdfXref struct {
	rd      *reader
	start   int64
	at      int64 // the offset of the object last read, for errors
	tail    []byte
	tailOff int64
	last    []byte // the last read outside the tail, at lastOff: read again from here
	lastOff int64
	left    int64 // bytes that may still be read outside the tail
	inflate int64 // bytes that may still be inflated
	// z is the one inflater of the walk, reset for every stream: its 40 KB of state are
	// allocated once per file, not once per stream; rows is the one PNG row decoder.
	z    io.ReadCloser
	rows pngRows
	// seen are the sections a lookup has walked, so that a /Prev cycle ends the walk.
	seen [maxXrefHop]int64
}

// errPDFBudget ends a walk that would read more than the file's size outside its tail,
// or inflate more than pdfInflateBudget allows: the pages are then unknown.
var errPDFBudget = errAt(CodeCorrupt, 0, "the PDF's cross-references ask for more reads than the file has bytes")

// errPDFUnread ends a walk at data the probe does not decode (a filter other than Flate,
// a predictor other than PNG's): the pages are then unknown.
var errPDFUnread = errAt(CodeCorrupt, 0, "the PDF keeps its cross-references in an encoding the probe does not read")

// read returns n bytes at off, or fewer at the end of the file.
func (x *pdfXref) read(off int64, n int) ([]byte, error) {
	if off < 0 || off >= x.rd.size {
		return nil, errAt(CodeTruncated, min(max(off, 0), x.rd.size), fmt.Sprintf("the cross-reference leads to byte %d, past the end of the file at byte %d", off, x.rd.size))
	}
	n = int(min(int64(n), x.rd.size-off))
	if off >= x.tailOff && off+int64(n) <= x.rd.size {
		return x.tail[off-x.tailOff:][:n], nil
	}
	if off >= x.lastOff && off+int64(n) <= x.lastOff+int64(len(x.last)) {
		return x.last[off-x.lastOff:][:n], nil
	}
	if int64(n) > x.left {
		return nil, errPDFBudget
	}
	x.left -= int64(n)
	b, err := x.rd.at(off, n)
	if err == nil {
		x.last, x.lastOff = b, off
	}
	return b, err
}

// root finds the catalog's object number in the trailer of the newest section (after
// "trailer" for a table, the stream's dictionary for a cross-reference stream), or of an
// older one along /Prev. A linearized file's startxref leads to its first-page section,
// near the start, whose trailer has /Root (ISO 32000-1 Annex F.3).
func (x *pdfXref) root() (int64, error) {
	sec := x.start
	for hop := 0; hop < maxXrefHop; hop++ {
		tr, at, err := x.trailer(sec)
		if err != nil {
			return 0, err
		}
		if root, ok := pdfRef(tr, "/Root"); ok {
			return root, nil
		}
		prev, ok := pdfKeyInt(tr, "/Prev")
		if !ok || prev >= x.rd.size {
			return 0, errAt(CodeCorrupt, at, "the trailer has no /Root reference")
		}
		sec = prev
	}
	return 0, errAt(CodeCorrupt, sec, fmt.Sprintf("no trailer with a /Root in %d cross-reference sections", maxXrefHop))
}

// trailer returns the trailer dictionary of the section at sec and its offset.
func (x *pdfXref) trailer(sec int64) ([]byte, int64, error) {
	w, err := x.read(sec, 64)
	if err != nil {
		return nil, 0, err
	}
	if bytes.HasPrefix(w, []byte("xref")) {
		_, _, tr, at, err := x.table(sec, -1)
		return tr, at, err
	}
	st, err := x.stream(-1, sec, false)
	if err == errPDFUnread {
		return st.dict, sec, nil // the dictionary is read, only its data is not
	}
	return st.dict, sec, err
}

// pdfEntry is an object's cross-reference entry (§7.5.8.3, Table 18): kind 1 is an
// object in use at off, kind 2 the index-th object of object stream stm, kind 0 a free
// or missing one.
type pdfEntry struct {
	kind       byte
	off        int64
	stm, index int64
}

// object returns the text of object num (up to its endobj, or its extent in an object
// stream, within a window), or nil when it is free or missing.
func (x *pdfXref) object(num int64) ([]byte, error) {
	e, err := x.lookup(num)
	if err != nil {
		return nil, err
	}
	switch e.kind {
	case 1:
		b, err := x.header(num, e.off)
		if err != nil {
			return nil, err
		}
		if end := bytes.Index(b, []byte("endobj")); end >= 0 {
			b = b[:end]
		}
		return b, nil
	case 2:
		return x.compressed(num, e)
	}
	return nil, nil
}

// header reads the window at off and checks that object num begins there.
func (x *pdfXref) header(num, off int64) ([]byte, error) {
	x.at = off
	b, err := x.read(off, pdfWindow)
	if err != nil {
		return nil, err
	}
	trimmed := bytes.TrimLeft(b, " \r\n\t\f\x00")
	if n, rest, ok := pdfNext(trimmed); !ok || (num >= 0 && n != num) || !bytes.HasPrefix(pdfSkipInt(rest), []byte("obj")) {
		what := fmt.Sprintf("object %d", num)
		if num < 0 {
			what = "an object"
		}
		return nil, errAt(CodeCorrupt, off, fmt.Sprintf("the cross-reference points at %s, not at %s", quoteBytes(b[:min(len(b), 12)]), what))
	}
	return b, nil
}

// pdfSkipInt skips white space, an unsigned integer (the generation) and white space.
func pdfSkipInt(b []byte) []byte {
	_, rest, ok := pdfNext(b)
	if !ok {
		return b
	}
	return bytes.TrimLeft(rest, " \r\n\t\f\x00")
}

// lookup walks the sections from startxref along /Prev for object num's entry.
func (x *pdfXref) lookup(num int64) (pdfEntry, error) {
	sec := x.start
	for hop := 0; hop < maxXrefHop; hop++ {
		if slices.Contains(x.seen[:hop], sec) {
			return pdfEntry{}, nil // a /Prev cycle: no older section holds it (pages unknown)
		}
		x.seen[hop] = sec
		w, err := x.read(sec, 64)
		if err != nil {
			return pdfEntry{}, err
		}
		var prev int64
		if bytes.HasPrefix(w, []byte("xref")) {
			e, found, tr, at, err := x.table(sec, num)
			if err != nil || found {
				return e, err
			}
			// A hybrid file's trailer names a cross-reference stream (/XRefStm, §7.5.8.4)
			// for the objects the table leaves out, looked at before /Prev.
			if stm, ok := pdfKeyInt(tr, "/XRefStm"); ok {
				if stm >= x.rd.size {
					return pdfEntry{}, errAt(CodeCorrupt, at, "/XRefStm gives no offset inside the file")
				}
				if e, found, _, err := x.streamSection(stm, num); err != nil || found {
					return e, err
				}
			}
			p, ok := pdfKeyInt(tr, "/Prev")
			if !ok {
				return pdfEntry{}, nil
			}
			if p >= x.rd.size {
				return pdfEntry{}, errAt(CodeCorrupt, at, "/Prev gives no offset inside the file")
			}
			prev = p
		} else {
			e, found, p, err := x.streamSection(sec, num)
			if err != nil || found {
				return e, err
			}
			prev = p
		}
		if prev < 0 {
			return pdfEntry{}, nil
		}
		sec = prev
	}
	return pdfEntry{}, nil
}

// table looks num up in the classic section at sec (§7.5.4): its entry if a subsection
// holds it, else the section's trailer dictionary (up to startxref) and its offset.
func (x *pdfXref) table(sec, num int64) (pdfEntry, bool, []byte, int64, error) {
	pos := sec + 4
	for s := 0; ; s++ {
		if s == maxXrefSub {
			return pdfEntry{}, false, nil, 0, errAt(CodeCorrupt, pos, fmt.Sprintf("more than %d cross-reference subsections", maxXrefSub))
		}
		line, err := x.read(pos, 64)
		if err != nil {
			return pdfEntry{}, false, nil, 0, err
		}
		trimmed := bytes.TrimLeft(line, " \r\n")
		skipped := int64(len(line) - len(trimmed))
		if bytes.HasPrefix(trimmed, []byte("trailer")) {
			tr, err := x.read(pos+skipped, pdfWindow)
			if err != nil {
				return pdfEntry{}, false, nil, 0, err
			}
			if end := bytes.Index(tr, []byte("startxref")); end >= 0 {
				tr = tr[:end]
			}
			return pdfEntry{}, false, tr, pos + skipped, nil
		}
		// "first count" then count entries of 20 bytes: "oooooooooo ggggg n\r\n".
		first, rest, ok1 := pdfNext(trimmed)
		count, rest, ok2 := pdfNext(rest)
		if !ok1 || !ok2 {
			return pdfEntry{}, false, nil, 0, errAt(CodeCorrupt, pos+skipped, "a cross-reference subsection lacks its first object and count")
		}
		eol := bytes.IndexAny(rest, "\r\n")
		if eol < 0 {
			return pdfEntry{}, false, nil, 0, errAt(CodeCorrupt, pos+skipped, "a cross-reference subsection header runs on")
		}
		data := pos + skipped + int64(len(trimmed)-len(rest)+eol)
		for data < x.rd.size && (bytesAt(line, data-pos) == '\r' || bytesAt(line, data-pos) == '\n') {
			data++
		}
		width, err := x.entryWidth(data, count)
		if err != nil {
			return pdfEntry{}, false, nil, 0, err
		}
		if num >= first && num < first+count {
			at := data + (num-first)*width
			e, err := x.read(at, int(width))
			if err != nil {
				return pdfEntry{}, false, nil, 0, err
			}
			if len(e) < 18 {
				return pdfEntry{}, false, nil, 0, errAt(CodeTruncated, x.rd.size, fmt.Sprintf("the file ends inside object %d's cross-reference entry", num))
			}
			if e[17] != 'n' {
				return pdfEntry{}, true, nil, 0, nil
			}
			off, ok := pdfInt(e[:10])
			if !ok || off >= x.rd.size {
				return pdfEntry{}, false, nil, 0, errAt(CodeCorrupt, at, fmt.Sprintf("object %d's cross-reference entry gives no offset inside the file", num))
			}
			return pdfEntry{kind: 1, off: off}, true, nil, 0, nil
		}
		if count > (x.rd.size-data)/width {
			return pdfEntry{}, false, nil, 0, errAt(CodeTruncated, data, fmt.Sprintf("a cross-reference subsection of %d entries runs past the end of the file", count))
		}
		pos = data + count*width
	}
}

// entryWidth is the width of the entries of the subsection whose first entry is at data:
// 20 bytes as §7.5.4 has them ("oooooooooo ggggg n" and a two-byte end of line), or 19
// or 21 when a writer ends them with one byte or three, which qpdf and pdf.js accept
// (qpdf's QPDF::read_xrefTable measures the first entry the same way). An empty
// subsection has no entries to measure: 20.
func (x *pdfXref) entryWidth(data, count int64) (int64, error) {
	if count <= 0 {
		return 20, nil
	}
	e, err := x.read(data, 24)
	if err != nil {
		return 0, err
	}
	ok := len(e) >= 19 && e[10] == ' ' && e[16] == ' ' && (e[17] == 'n' || e[17] == 'f')
	for i := 0; ok && i < 16; i++ {
		ok = i == 10 || e[i] >= '0' && e[i] <= '9'
	}
	if !ok {
		return 0, errAt(CodeCorrupt, data, fmt.Sprintf("the first cross-reference entry is %s, not \"oooooooooo ggggg n\" (§7.5.4)", quoteBytes(e[:min(len(e), 18)])))
	}
	w := int64(18)
	for w < int64(len(e)) && w < 21 && (e[w] == ' ' || e[w] == '\r' || e[w] == '\n') {
		w++
	}
	if w == 18 {
		return 0, errAt(CodeCorrupt, data+18, fmt.Sprintf("the first cross-reference entry ends in %s, not an end of line", quoteBytes(e[18:19])))
	}
	return w, nil
}

// streamSection looks num up in the cross-reference stream at sec (§7.5.8): its entry
// if the stream's /Index holds it, else the stream's /Prev (-1 without one). Only the
// rows up to num's are inflated, one row held at a time.
func (x *pdfXref) streamSection(sec, num int64) (pdfEntry, bool, int64, error) {
	st, err := x.stream(-1, sec, false)
	if err != nil {
		return pdfEntry{}, false, 0, err
	}
	if !bytes.Contains(st.dict, []byte("/XRef")) {
		return pdfEntry{}, false, 0, errAt(CodeCorrupt, sec, "the cross-reference offset leads to neither a table nor a cross-reference stream")
	}
	var w [3]int64
	ws, ok := pdfKeyArray(st.dict, "/W", w[:])
	if !ok || ws != 3 || w[0] > 8 || w[1] > 8 || w[2] > 8 || w[0]+w[1]+w[2] == 0 {
		return pdfEntry{}, false, 0, errAt(CodeCorrupt, sec, "the cross-reference stream has no /W of three field widths of 0 to 8 bytes")
	}
	size, ok := pdfKeyInt(st.dict, "/Size")
	if !ok {
		return pdfEntry{}, false, 0, errAt(CodeCorrupt, sec, "the cross-reference stream has no /Size")
	}
	prev, hasPrev := pdfKeyInt(st.dict, "/Prev")
	if !hasPrev {
		prev = -1
	} else if prev >= x.rd.size {
		return pdfEntry{}, false, 0, errAt(CodeCorrupt, sec, "/Prev gives no offset inside the file")
	}
	var index [2 * 64]int64
	n, ok := pdfKeyArray(st.dict, "/Index", index[:])
	if !ok {
		index[0], index[1], n = 0, size, 2
	} else if n%2 != 0 {
		return pdfEntry{}, false, 0, errAt(CodeCorrupt, sec, "the cross-reference stream's /Index is not pairs of first object and count")
	}
	row := int64(-1)
	for k, base := 0, int64(0); k+1 < n; k += 2 {
		first, count := index[k], index[k+1]
		if num >= first && num-first < count {
			row = base + num - first
			break
		}
		base += count
	}
	if row < 0 {
		return pdfEntry{}, false, prev, nil
	}
	width := w[0] + w[1] + w[2]
	if st.predicted && st.columns != width {
		return pdfEntry{}, false, 0, errAt(CodeCorrupt, sec, "the cross-reference stream's predictor rows are not its /W rows")
	}
	r, err := x.open(st)
	if err != nil {
		return pdfEntry{}, false, 0, err
	}
	if err := x.skip(r, row*width); err != nil {
		return pdfEntry{}, false, 0, err
	}
	var buf [24]byte
	if _, err := io.ReadFull(r, buf[:width]); err != nil {
		return pdfEntry{}, false, 0, x.streamErr(err, sec)
	}
	field := func(from, n int64) int64 {
		var v int64
		for _, c := range buf[from : from+n] {
			v = v<<8 | int64(c)
		}
		return v
	}
	kind := int64(1) // the default when the type field is absent
	if w[0] > 0 {
		kind = field(0, w[0])
	}
	a, b := field(w[0], w[1]), field(w[0]+w[1], w[2])
	switch {
	case kind == 1 && a > 0 && a < x.rd.size:
		return pdfEntry{kind: 1, off: a}, true, 0, nil
	case kind == 1:
		return pdfEntry{}, false, 0, errAt(CodeCorrupt, sec, fmt.Sprintf("object %d's offset is outside the file", num))
	case kind == 2 && a > 0 && a != num:
		return pdfEntry{kind: 2, stm: a, index: b}, true, 0, nil
	}
	return pdfEntry{}, true, 0, nil
}

// compressed returns the text of object num, the index-th object of an object stream
// (§7.5.7): the stream's header gives pairs of object number and offset from /First.
func (x *pdfXref) compressed(num int64, e pdfEntry) ([]byte, error) {
	se, err := x.lookup(e.stm)
	if err != nil {
		return nil, err
	}
	if se.kind != 1 {
		return nil, errAt(CodeCorrupt, x.at, fmt.Sprintf("object %d is in object stream %d, which is not in use", num, e.stm))
	}
	st, err := x.stream(e.stm, se.off, true)
	if err != nil {
		return nil, err
	}
	count, ok1 := pdfKeyInt(st.dict, "/N")
	first, ok2 := pdfKeyInt(st.dict, "/First")
	if !ok1 || !ok2 || e.index >= count {
		return nil, errAt(CodeCorrupt, se.off, fmt.Sprintf("object stream %d has no /N and /First that hold its object %d", e.stm, e.index))
	}
	r, err := x.open(st)
	if err != nil {
		return nil, err
	}
	// The header: count pairs of unsigned integers, read one byte at a time through a
	// small buffer up to the pair after ours.
	hr := &pdfInts{r: r}
	var start, end int64 = -1, -1
	for k := int64(0); k <= e.index+1 && k < count; k++ {
		n, err1 := hr.next()
		off, err2 := hr.next()
		if err := errors.Join(err1, err2); err != nil {
			return nil, x.streamErr(err, se.off)
		}
		if k == e.index {
			if n != num {
				return nil, errAt(CodeCorrupt, se.off, fmt.Sprintf("object stream %d holds object %d where its cross-reference says %d", e.stm, n, num))
			}
			start = off
		} else if k == e.index+1 {
			end = off
		}
	}
	if start < 0 || first+start < hr.used || (end >= 0 && end < start) {
		return nil, errAt(CodeCorrupt, se.off, fmt.Sprintf("object stream %d's offsets are out of order", e.stm))
	}
	if err := x.skip(r, first+start-hr.used); err != nil {
		return nil, err
	}
	n := int64(pdfWindow)
	if end >= 0 {
		n = min(n, end-start)
	}
	b := make([]byte, n)
	m, err := io.ReadFull(r, b)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, x.streamErr(err, se.off)
	}
	x.at = se.off
	return b[:m], nil
}

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

// pdfInts reads the unsigned integers of an object stream's header one at a time,
// counting the bytes used.
type pdfInts struct {
	r    io.Reader
	used int64
	one  [1]byte
}

func (h *pdfInts) byte() (byte, error) {
	if _, err := io.ReadFull(h.r, h.one[:]); err != nil {
		return 0, err
	}
	h.used++
	return h.one[0], nil
}

func (h *pdfInts) next() (int64, error) {
	c, err := h.byte()
	for err == nil && (c == ' ' || c == '\r' || c == '\n' || c == '\t' || c == '\f' || c == 0) {
		c, err = h.byte()
	}
	if err != nil {
		return 0, err
	}
	var v int64
	digits := 0
	for err == nil && c >= '0' && c <= '9' {
		if digits++; digits > 18 {
			return 0, errors.New("an object stream header number is too long")
		}
		v = v*10 + int64(c-'0')
		c, err = h.byte()
	}
	if digits == 0 {
		return 0, errors.New("an object stream header holds no number")
	}
	return v, nil // the one byte read past the number is white space, or the end
}

func bytesAt(b []byte, i int64) byte {
	if i < 0 || i >= int64(len(b)) {
		return 0
	}
	return b[i]
}

// pdfNext parses the next unsigned integer after white space and returns the rest.
func pdfNext(b []byte) (int64, []byte, bool) {
	b = bytes.TrimLeft(b, " \t\r\n\f\x00")
	n := 0
	for n < len(b) && n < 18 && b[n] >= '0' && b[n] <= '9' {
		n++
	}
	if n == 0 {
		return 0, b, false
	}
	v, err := strconv.ParseInt(string(b[:n]), 10, 64)
	return v, b[n:], err == nil
}

func pdfInt(b []byte) (int64, bool) {
	v, _, ok := pdfNext(b)
	return v, ok
}

// pdfValue finds the name key in a dictionary's text (not a longer name that begins
// with it) and returns the text after it, where its value begins.
func pdfValue(b []byte, key string) ([]byte, bool) {
	for {
		k := bytes.Index(b, []byte(key))
		if k < 0 {
			return nil, false
		}
		b = b[k+len(key):]
		if len(b) == 0 || !(b[0] >= 'a' && b[0] <= 'z' || b[0] >= 'A' && b[0] <= 'Z') {
			return b, true
		}
	}
}

// pdfRef finds key in a dictionary's text and parses the indirect reference after it
// ("1 0 R"), returning the object number.
func pdfRef(b []byte, key string) (int64, bool) {
	v, ok := pdfValue(b, key)
	if !ok {
		return 0, false
	}
	num, rest, ok := pdfNext(v)
	if !ok {
		return 0, false
	}
	_, rest, ok = pdfNext(rest)
	if !ok || !bytes.HasPrefix(bytes.TrimLeft(rest, " \r\n\t"), []byte("R")) {
		return 0, false
	}
	return num, true
}

// pdfKeyInt finds key in a dictionary's text and parses the unsigned integer after it.
func pdfKeyInt(b []byte, key string) (int64, bool) {
	v, ok := pdfValue(b, key)
	if !ok {
		return 0, false
	}
	return pdfInt(v)
}

// pdfKeyArray finds key in a dictionary's text and parses the array of unsigned integers
// after it into dst, returning how many it holds; false when it holds more than dst.
func pdfKeyArray(b []byte, key string, dst []int64) (int, bool) {
	v, ok := pdfValue(b, key)
	if v = bytes.TrimLeft(v, " \r\n\t\f\x00"); !ok || len(v) == 0 || v[0] != '[' {
		return 0, false
	}
	v = v[1:]
	for n := 0; ; n++ {
		v = bytes.TrimLeft(v, " \r\n\t\f\x00")
		if len(v) > 0 && v[0] == ']' {
			return n, true
		}
		x, rest, ok := pdfNext(v)
		if !ok || n == len(dst) {
			return 0, false
		}
		dst[n], v = x, rest
	}
}

// pdfFilter returns a stream dictionary's one filter name ("" for none), false when it
// names several (a filter array of more than one).
func pdfFilter(dict []byte) (string, bool) {
	f, ok := pdfValue(dict, "/Filter")
	if !ok {
		return "", true
	}
	f = bytes.TrimLeft(f, " \r\n\t\f\x00")
	array := len(f) > 0 && f[0] == '['
	if array {
		f = bytes.TrimLeft(f[1:], " \r\n\t\f\x00")
	}
	if len(f) == 0 || f[0] != '/' {
		return "", false
	}
	end := 1
	for end < len(f) && f[end] > ' ' && !bytes.ContainsRune([]byte("/[]<>()%"), rune(f[end])) {
		end++
	}
	name, rest := string(f[:end]), bytes.TrimLeft(f[end:], " \r\n\t\f\x00")
	if array && (len(rest) == 0 || rest[0] != ']') {
		return "", false
	}
	return name, true
}
