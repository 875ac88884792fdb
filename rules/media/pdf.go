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
	"fmt"
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
