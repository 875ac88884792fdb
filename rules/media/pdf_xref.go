// PDF cross-references (ISO 32000-1 §7.5.4, §7.5.8): tables and streams, newest
// section first, and the objects they locate, inside object streams too (§7.5.7).

package media

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
)

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
