package media

// PDF (ISO 32000-1, PDF 1.7): the page count, read from the end. The last startxref
// (§7.5.5) gives the cross-reference table; the trailer gives /Root; the table's
// fixed 20-byte entries (§7.5.4) give the offsets of the catalog and of its /Pages,
// whose /Count is the number of pages (§7.7.3.2). Every read is a small window.
//
// Limitation: a PDF whose cross-reference is a stream (PDF 1.5 §7.5.8), or whose
// catalog sits in an object stream, keeps its offsets in compressed data; the probe
// does not inflate it and gives Pages 0 (unknown) rather than read more.

import (
	"bytes"
	"fmt"
	"strconv"
)

const (
	pdfTail    = 4096 // bytes read at the end for startxref and the trailer
	pdfWindow  = 4096 // bytes read at an object or a cross-reference section
	maxXrefHop = 32   // /Prev links followed (incremental updates)
	maxXrefSub = 4096 // subsections of one cross-reference section
)

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
		return Facts{}, errAt(CodeCorrupt, tailOff+int64(i), "startxref gives no offset inside the file")
	}
	t := bytes.LastIndex(tail[:i], []byte("trailer"))
	if t < 0 {
		return f, nil // a cross-reference stream: pages unknown (see the limitation above)
	}
	root, ok := pdfRef(tail[t:i], "/Root")
	if !ok {
		return Facts{}, errAt(CodeCorrupt, tailOff+int64(t), "the trailer has no /Root reference")
	}
	// Reads inside the tail come from it; the others may add up to the file's size, so
	// that a PDF is read at most twice over whatever its tables say.
	x := &pdfXref{rd: rd, start: xref, tail: tail, tailOff: tailOff, left: rd.size}
	catalog, err := x.object(root)
	if err == errPDFBudget {
		return f, nil
	}
	if err != nil || catalog == nil {
		return f, err
	}
	pages, ok := pdfRef(catalog, "/Pages")
	if !ok {
		return Facts{}, errAt(CodeCorrupt, x.at, "the catalog has no /Pages reference")
	}
	tree, err := x.object(pages)
	if err == errPDFBudget {
		return f, nil
	}
	if err != nil || tree == nil {
		return f, err
	}
	k := bytes.Index(tree, []byte("/Count"))
	if k < 0 {
		return Facts{}, errAt(CodeCorrupt, x.at, "the page tree has no /Count")
	}
	n, ok := pdfInt(tree[k+len("/Count"):])
	if !ok || n < 0 || n > 1<<31-1 {
		return Facts{}, errAt(CodeCorrupt, x.at+int64(k), "the page tree's /Count is no page count")
	}
	f.Pages = int(n)
	return f, nil
}

// pdfXref finds objects through the classic cross-reference sections, newest first.
type pdfXref struct {
	rd      *reader
	start   int64
	at      int64 // the offset of the object last read, for errors
	tail    []byte
	tailOff int64
	left    int64 // bytes that may still be read outside the tail
}

// errPDFBudget ends a walk that would read more than the file's size outside its tail:
// the pages are then unknown.
var errPDFBudget = errAt(CodeCorrupt, 0, "the PDF's cross-references ask for more reads than the file has bytes")

// read returns n bytes at off, or fewer at the end of the file.
func (x *pdfXref) read(off int64, n int) ([]byte, error) {
	if off < 0 || off >= x.rd.size {
		return nil, errAt(CodeTruncated, min(max(off, 0), x.rd.size), fmt.Sprintf("the cross-reference leads to byte %d, past the end of the file at byte %d", off, x.rd.size))
	}
	n = int(min(int64(n), x.rd.size-off))
	if off >= x.tailOff && off+int64(n) <= x.rd.size {
		return x.tail[off-x.tailOff:][:n], nil
	}
	if int64(n) > x.left {
		return nil, errPDFBudget
	}
	x.left -= int64(n)
	return x.rd.at(off, n)
}

// object returns the text of object num (up to its endobj, within a window), or nil
// when it cannot be found in a classic table (compressed: pages unknown).
func (x *pdfXref) object(num int64) ([]byte, error) {
	off, err := x.lookup(num)
	if err != nil || off < 0 {
		return nil, err
	}
	x.at = off
	b, err := x.read(off, pdfWindow)
	if err != nil {
		return nil, err
	}
	head := fmt.Appendf(nil, "%d 0 obj", num)
	if !bytes.HasPrefix(bytes.TrimLeft(b, " \r\n\t\f\x00"), head[:len(head)-len(" 0 obj")]) {
		return nil, errAt(CodeCorrupt, off, fmt.Sprintf("the cross-reference points at %s, not at object %d", quoteBytes(b[:min(len(b), 12)]), num))
	}
	if e := bytes.Index(b, []byte("endobj")); e >= 0 {
		b = b[:e]
	}
	return b, nil
}

// lookup walks the sections from startxref along /Prev for the offset of object num;
// -1 when a section is a stream or the object is not in use.
func (x *pdfXref) lookup(num int64) (int64, error) {
	sec := x.start
	for hop := 0; hop < maxXrefHop; hop++ {
		w, err := x.read(sec, 64)
		if err != nil {
			return 0, err
		}
		if !bytes.HasPrefix(w, []byte("xref")) {
			return -1, nil // a cross-reference stream
		}
		pos := sec + 4
		for s := 0; ; s++ {
			if s == maxXrefSub {
				return 0, errAt(CodeCorrupt, pos, fmt.Sprintf("more than %d cross-reference subsections", maxXrefSub))
			}
			line, err := x.read(pos, 64)
			if err != nil {
				return 0, err
			}
			trimmed := bytes.TrimLeft(line, " \r\n")
			skipped := int64(len(line) - len(trimmed))
			if bytes.HasPrefix(trimmed, []byte("trailer")) {
				// An older section? Follow /Prev from this trailer.
				tr, err := x.read(pos+skipped, pdfWindow)
				if err != nil {
					return 0, err
				}
				k := bytes.Index(tr, []byte("/Prev"))
				if k < 0 {
					return -1, nil
				}
				prev, ok := pdfInt(tr[k+len("/Prev"):])
				if !ok || prev < 0 || prev >= x.rd.size {
					return 0, errAt(CodeCorrupt, pos+skipped+int64(k), "/Prev gives no offset inside the file")
				}
				sec = prev
				break
			}
			// "first count" then count entries of 20 bytes: "oooooooooo ggggg n\r\n".
			first, rest, ok1 := pdfNext(trimmed)
			count, rest, ok2 := pdfNext(rest)
			if !ok1 || !ok2 || first < 0 || count < 0 {
				return 0, errAt(CodeCorrupt, pos+skipped, "a cross-reference subsection lacks its first object and count")
			}
			eol := bytes.IndexAny(rest, "\r\n")
			if eol < 0 {
				return 0, errAt(CodeCorrupt, pos+skipped, "a cross-reference subsection header runs on")
			}
			data := pos + skipped + int64(len(trimmed)-len(rest)+eol)
			for data < x.rd.size && (bytesAt(line, data-pos) == '\r' || bytesAt(line, data-pos) == '\n') {
				data++
			}
			if num >= first && num < first+count {
				e, err := x.read(data+(num-first)*20, 20)
				if err != nil {
					return 0, err
				}
				if len(e) < 20 {
					return 0, errAt(CodeTruncated, x.rd.size, "the file ends inside a cross-reference entry")
				}
				if e[17] != 'n' {
					return -1, nil
				}
				off, ok := pdfInt(e[:10])
				if !ok || off < 0 || off >= x.rd.size {
					return 0, errAt(CodeCorrupt, data+(num-first)*20, fmt.Sprintf("object %d's offset is outside the file", num))
				}
				return off, nil
			}
			if count > (x.rd.size-data)/20 {
				return 0, errAt(CodeTruncated, data, fmt.Sprintf("a cross-reference subsection of %d entries runs past the end of the file", count))
			}
			pos = data + count*20
		}
	}
	return -1, nil
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

// pdfRef finds key in a dictionary's text and parses the indirect reference after it
// ("1 0 R"), returning the object number.
func pdfRef(b []byte, key string) (int64, bool) {
	for {
		k := bytes.Index(b, []byte(key))
		if k < 0 {
			return 0, false
		}
		b = b[k+len(key):]
		if len(b) > 0 && (b[0] >= 'a' && b[0] <= 'z' || b[0] >= 'A' && b[0] <= 'Z') {
			continue // a longer name that begins with key
		}
		num, rest, ok := pdfNext(b)
		if !ok {
			return 0, false
		}
		_, rest, ok = pdfNext(rest)
		if !ok || !bytes.HasPrefix(bytes.TrimLeft(rest, " \r\n\t"), []byte("R")) {
			return 0, false
		}
		return num, true
	}
}
