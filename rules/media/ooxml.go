package media

// Office Open XML documents (PPTX, DOCX): a ZIP package (PKWARE's APPNOTE.TXT,
// https://pkware.cachefly.net/webdocs/casestudies/APPNOTE.TXT) whose [Content_Types].xml
// names the main part's content type (ECMA-376 Part 2, Open Packaging Conventions,
// https://ecma-international.org/publications-and-standards/standards/ecma-376/), and
// whose docProps/app.xml may state the slide or page count (ECMA-376 Part 1 §22.2,
// extended properties <Slides> and <Pages>). The central directory is found from the end
// of the file with bounded reads; only those two parts are inflated, within a budget.

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

const (
	zipEOCDLen     = 22       // end of central directory record without its comment
	zipMaxComment  = 65535    // the comment's length is 16 bits
	zipMaxCentral  = 16 << 20 // bytes of central directory read (some 200,000 entries)
	zipMaxPart     = 1 << 20  // compressed bytes of one part read ([Content_Types].xml, app.xml)
	zipScanWindow  = 8 << 10  // bytes of inflated XML scanned at a time
	zipScanOverlap = 512      // bytes kept between windows, longer than any token sought
	// zipInflateFloor and zipInflatePerByte cap the XML inflated from one file as the PDF
	// probe caps its streams: deflate expands up to about 1,000 times, and a small crafted
	// file must not cost more than a constant per byte of it.
	zipInflateFloor   = 256 << 10
	zipInflatePerByte = 64
)

// The main parts' content types (ECMA-376 Part 1 §11.3.10 and §13.3.6), and those of
// the other Office packages, named in messages.
var ooxmlMain = []struct {
	contentType, format, name string
}{
	{"application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml", "pptx", ""},
	{"application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml", "docx", ""},
	{"application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml", "", "a macro-enabled PowerPoint presentation (PPTM)"},
	{"application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml", "", "a PowerPoint show (PPSX)"},
	{"application/vnd.openxmlformats-officedocument.presentationml.template.main+xml", "", "a PowerPoint template (POTX)"},
	{"application/vnd.ms-word.document.macroEnabled.main+xml", "", "a macro-enabled Word document (DOCM)"},
	{"application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml", "", "a Word template (DOTX)"},
	{"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml", "", "an Excel workbook (XLSX)"},
}

// zipPart is a central directory entry the probe reads.
type zipPart struct {
	found        bool
	method       uint16
	comp, size   int64
	local, entry int64 // offsets of the local header and of the central directory entry
}

// ooxmlParts walks the central directory cd, which starts at file offset cdOff and holds
// entries entries, for the two parts probeOOXML reads: [Content_Types].xml and
// docProps/app.xml (found false for one it does not hold).
func ooxmlParts(cd []byte, cdOff, entries int64) (types, app zipPart, err error) {
	p := cd
	for n := int64(0); n < entries; n++ {
		at := cdOff + int64(len(cd)-len(p))
		if len(p) < 46 || string(p[:4]) != "PK\x01\x02" {
			return types, app, errAt(CodeCorrupt, at, fmt.Sprintf("central directory entry %d of %d is not where the directory says (no PK\\x01\\x02 signature)", n+1, entries))
		}
		nameLen, extraLen, commentLen := int(binary.LittleEndian.Uint16(p[28:])), int(binary.LittleEndian.Uint16(p[30:])), int(binary.LittleEndian.Uint16(p[32:]))
		if 46+nameLen+extraLen+commentLen > len(p) {
			return types, app, errAt(CodeCorrupt, at, fmt.Sprintf("central directory entry %d runs past the end of the directory", n+1))
		}
		part := zipPart{found: true, method: binary.LittleEndian.Uint16(p[10:]), comp: int64(binary.LittleEndian.Uint32(p[20:])),
			size: int64(binary.LittleEndian.Uint32(p[24:])), local: int64(binary.LittleEndian.Uint32(p[42:])), entry: at}
		switch string(p[46 : 46+nameLen]) {
		case "[Content_Types].xml":
			types = part
		case "docProps/app.xml":
			app = part
		}
		p = p[46+nameLen+extraLen+commentLen:]
	}
	return types, app, nil
}

// probeOOXML reads a ZIP's central directory for [Content_Types].xml and
// docProps/app.xml, tells a presentation from a word-processing document by the main
// part's content type, and takes Pages from app.xml's <Slides> (pptx) or <Pages> (docx)
// when it states them. A ZIP that is no PPTX or DOCX is unrecognized, as any other file
// the probe does not know.
func probeOOXML(rd *reader, _ []byte) (Facts, error) {
	tail, cdOff, cdLen, entries, err := zipCentral(rd)
	if err != nil {
		return Facts{}, err
	}
	z := zipXML{tail: tail, tailOff: rd.size - int64(len(tail))}
	cd, err := z.at(rd, cdOff, int(cdLen))
	if err != nil {
		return Facts{}, err
	}
	types, app, err := ooxmlParts(cd, cdOff, entries)
	if err != nil {
		return Facts{}, err
	}
	if !types.found {
		return Facts{}, errAt(CodeUnrecognized, 0, "a ZIP archive without [Content_Types].xml, so no Office document; the probe knows images, videos, PDF and Office documents (PPT, PPTX, DOC, DOCX)")
	}
	budget := min(pdfInflateMax, zipInflateFloor+zipInflatePerByte*rd.size)
	var format, other string
	err = z.scan(rd, types, "[Content_Types].xml", &budget, func(b []byte) bool {
		for _, m := range ooxmlMain {
			if bytes.Contains(b, []byte(`"`+m.contentType+`"`)) {
				format, other = m.format, m.name
				return false
			}
		}
		return true
	})
	var ue *zipUnread
	if errors.As(err, &ue) {
		return Facts{}, errAt(CodeCorrupt, types.entry, ue.msg+": the document's kind cannot be read")
	}
	if err != nil {
		return Facts{}, err
	}
	switch {
	case other != "":
		return Facts{}, errAt(CodeUnrecognized, types.entry, fmt.Sprintf("%s, which is no format the probe judges (PPT, PPTX, DOC, DOCX among Office documents)", other))
	case format == "":
		return Facts{}, errAt(CodeUnrecognized, types.entry, "a ZIP package whose [Content_Types].xml names no PowerPoint presentation or Word document main part; the probe knows images, videos, PDF and Office documents (PPT, PPTX, DOC, DOCX)")
	}
	f := Facts{Kind: KindDocument, Format: format}
	if !app.found {
		return f, nil // app.xml is optional (ECMA-376 Part 2 §10): the count is unknown
	}
	elem := map[string]string{"pptx": "Slides", "docx": "Pages"}[format]
	count := -1
	err = z.scan(rd, app, "docProps/app.xml", &budget, func(b []byte) bool {
		if n, ok := xmlElementInt(b, elem); ok {
			count = n
			return false
		}
		return true
	})
	var me *zipUnread
	switch {
	case errors.As(err, &me):
		f.Unread = append(f.Unread, me.msg+fmt.Sprintf("; the %s count is not read", map[string]string{"pptx": "slide", "docx": "page"}[format]))
	case err != nil:
		return Facts{}, err
	case count >= 0:
		f.Pages = count
	}
	return f, nil
}

// zipCentral finds the end of central directory record from the end of the file (its
// comment may be up to 64 KiB, so at most that much is read) and returns where the
// central directory is, how long, and how many entries it has, from the ZIP64 record when
// the classic fields overflow (APPNOTE §4.3.14-4.3.16).
func zipCentral(rd *reader) (tail []byte, off, n, entries int64, err error) {
	tailLen := min(rd.size, zipEOCDLen+zipMaxComment)
	tailOff := rd.size - tailLen
	tail, err = rd.at(tailOff, int(tailLen))
	if err != nil {
		return nil, 0, 0, 0, err
	}
	i := bytes.LastIndex(tail, []byte("PK\x05\x06"))
	if i < 0 || len(tail)-i < zipEOCDLen {
		return nil, 0, 0, 0, errAt(CodeTruncated, rd.size, "a ZIP archive without its end of central directory record: the file is cut short")
	}
	e := tail[i:]
	eocd := tailOff + int64(i)
	entries = int64(binary.LittleEndian.Uint16(e[10:]))
	n = int64(binary.LittleEndian.Uint32(e[12:]))
	off = int64(binary.LittleEndian.Uint32(e[16:]))
	if entries == 0xFFFF || n == 0xFFFFFFFF || off == 0xFFFFFFFF {
		// ZIP64: a locator of 20 bytes just before the record points at the ZIP64 end of
		// central directory record, whose fields are 64 bits.
		if i < 20 || string(tail[i-20:i-16]) != "PK\x06\x07" {
			return nil, 0, 0, 0, errAt(CodeCorrupt, eocd, "the end of central directory record says ZIP64 but no ZIP64 locator precedes it")
		}
		rec := int64(binary.LittleEndian.Uint64(tail[i-20+8:]))
		if rec < 0 || rec > rd.size-56 {
			return nil, 0, 0, 0, errAt(CodeCorrupt, eocd-20, "the ZIP64 locator points outside the file")
		}
		z, err := rd.at(rec, 56)
		if err != nil {
			return nil, 0, 0, 0, err
		}
		if string(z[:4]) != "PK\x06\x06" {
			return nil, 0, 0, 0, errAt(CodeCorrupt, rec, "the ZIP64 locator points at no ZIP64 end of central directory record")
		}
		entries, n, off = int64(binary.LittleEndian.Uint64(z[32:])), int64(binary.LittleEndian.Uint64(z[40:])), int64(binary.LittleEndian.Uint64(z[48:]))
	}
	if off < 0 || n < 0 || off > rd.size || n > rd.size-off {
		return nil, 0, 0, 0, errAt(CodeTruncated, eocd, fmt.Sprintf("the central directory (%d bytes at byte %d) is not inside the file of %d bytes", uint64(n), uint64(off), rd.size))
	}
	if n > zipMaxCentral {
		return nil, 0, 0, 0, errAt(CodeCorrupt, eocd, fmt.Sprintf("a central directory of %d bytes (the probe reads %d MiB)", n, zipMaxCentral>>20))
	}
	if entries < 0 || entries > n/46 {
		return nil, 0, 0, 0, errAt(CodeCorrupt, eocd, fmt.Sprintf("%d entries cannot fit in a central directory of %d bytes", uint64(entries), n))
	}
	return tail, off, n, entries, nil
}

// zipUnread is a part the probe could not read (an unknown compression method, a part
// too large, the inflate budget spent): the fact it would give is left out.
type zipUnread struct{ msg string }

func (u *zipUnread) Error() string { return u.msg }

// zipXML scans parts' inflated bytes in windows; its buffers and inflater are reused.
// Bytes inside the tail read for the end record (all of a file under 64 KiB) are served
// from it rather than read again.
type zipXML struct {
	buf     []byte
	flat    io.ReadCloser
	tail    []byte
	tailOff int64
}

// at returns n bytes at off, from the tail when it holds them.
func (z *zipXML) at(rd *reader, off int64, n int) ([]byte, error) {
	if off >= z.tailOff && off+int64(n) <= z.tailOff+int64(len(z.tail)) {
		return z.tail[off-z.tailOff:][:n], nil
	}
	return rd.at(off, n)
}

// scan inflates the part (stored or deflated) and calls visit on overlapping windows of
// its bytes until visit returns false or the part ends. A part the probe cannot read is a
// *zipUnread; a part whose headers lie is a media error.
func (z *zipXML) scan(rd *reader, p zipPart, name string, budget *int64, visit func([]byte) bool) error {
	if p.method != 0 && p.method != 8 {
		return &zipUnread{fmt.Sprintf("%s is compressed with method %d (the probe reads stored and deflated parts)", name, p.method)}
	}
	if p.comp > zipMaxPart {
		return &zipUnread{fmt.Sprintf("%s is %d bytes compressed (the probe reads %d KiB)", name, p.comp, zipMaxPart>>10)}
	}
	if p.local < 0 || p.local > rd.size-30 {
		return errAt(CodeCorrupt, p.entry, fmt.Sprintf("%s's local header offset %d is outside the file", name, p.local))
	}
	h, err := z.at(rd, p.local, 16)
	if err != nil {
		return err
	}
	if string(h[:4]) != "PK\x03\x04" {
		return errAt(CodeCorrupt, p.local, fmt.Sprintf("%s's local header is not where the central directory says", name))
	}
	if binary.LittleEndian.Uint16(h[6:])&1 != 0 {
		return &zipUnread{fmt.Sprintf("%s is encrypted", name)}
	}
	lens, err := z.at(rd, p.local+26, 4)
	if err != nil {
		return err
	}
	data := p.local + 30 + int64(binary.LittleEndian.Uint16(lens)) + int64(binary.LittleEndian.Uint16(lens[2:]))
	if data > rd.size || p.comp > rd.size-data {
		return errAt(CodeTruncated, p.local, fmt.Sprintf("%s's %d compressed bytes run past the end of the file", name, p.comp))
	}
	comp, err := z.at(rd, data, int(p.comp))
	if err != nil {
		return err
	}
	var r io.Reader = bytes.NewReader(comp)
	if p.method == 8 {
		if z.flat == nil {
			z.flat = flate.NewReader(r)
		} else if err := z.flat.(flate.Resetter).Reset(r, nil); err != nil {
			return &zipUnread{fmt.Sprintf("%s: %v", name, err)}
		}
		r = z.flat
	}
	if z.buf == nil {
		z.buf = make([]byte, zipScanWindow)
	}
	keep := 0
	for {
		if *budget <= 0 {
			return &zipUnread{fmt.Sprintf("%s inflates to more than the probe inflates for a file of this size", name)}
		}
		want := int64(len(z.buf) - keep)
		m, err := io.ReadFull(r, z.buf[keep:keep+int(min(want, *budget))])
		*budget -= int64(m)
		win := z.buf[:keep+m]
		if !visit(win) {
			return nil
		}
		switch {
		case err == io.EOF || err == io.ErrUnexpectedEOF:
			return nil
		case err != nil:
			return &zipUnread{fmt.Sprintf("%s does not inflate: %v", name, err)}
		}
		keep = min(zipScanOverlap, len(win))
		copy(z.buf, win[len(win)-keep:])
	}
}

// xmlElementInt finds the first element named name (with or without a namespace prefix)
// in b whose text is a decimal integer, e.g. <Slides>12</Slides>.
func xmlElementInt(b []byte, name string) (int, bool) {
	for {
		i := bytes.Index(b, []byte(name+">"))
		if i < 0 {
			return 0, false
		}
		// The name must be the element's: after '<' or after '<prefix:'.
		j := i - 1
		for j >= 0 && b[j] != '<' && b[j] != '/' && b[j] != '>' && b[j] != ' ' {
			j--
		}
		open := j >= 0 && b[j] == '<' && (j == i-1 || b[i-1] == ':')
		b = b[i+len(name)+1:]
		if !open {
			continue
		}
		n, k := 0, 0
		for k < len(b) && k < 10 && b[k] >= '0' && b[k] <= '9' {
			n = n*10 + int(b[k]-'0')
			k++
		}
		if k > 0 && k < len(b) && b[k] == '<' {
			return n, true
		}
	}
}
