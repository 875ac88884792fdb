package media

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
)

// TestOfficeSeeds: real Office documents (testdata/README.md): PowerPoint and Word
// files from python-pptx's test suite, and LibreOffice 7.4's DOCX and DOC. PowerPoint
// and Word state the count in docProps/app.xml; LibreOffice does not, so it is 0.
func TestOfficeSeeds(t *testing.T) {
	const pptx = "application/vnd.openxmlformats-officedocument.presentationml.presentation"
	const docx = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
	tests := []struct {
		file string
		want Facts
	}{
		{"pptx-sld-slides.pptx", Facts{Kind: "document", Format: "pptx", MIME: pptx, Pages: 3}},
		{"word-embedded.docx", Facts{Kind: "document", Format: "docx", MIME: docx, Pages: 1}},
		{"libreoffice.docx", Facts{Kind: "document", Format: "docx", MIME: docx}},
		{"libreoffice.doc", Facts{Kind: "document", Format: "doc", MIME: "application/msword"}},
	}
	for _, tt := range tests {
		b := seed(t, tt.file)
		got, err, _ := probeBytes(t, b)
		tt.want.Bytes = int64(len(b))
		if err != nil || !equalFacts(got, tt.want) {
			t.Errorf("%s: %+v (%v), want %+v", tt.file, got, err, tt.want)
		}
		checkCost(t, b)
	}
}

func equalFacts(a, b Facts) bool {
	return a.Kind == b.Kind && a.Format == b.Format && a.MIME == b.MIME && a.Bytes == b.Bytes && a.Pages == b.Pages && len(a.Unread) == len(b.Unread)
}

// TestOOXMLAgainstArchiveZip reads each OOXML seed with Go's archive/zip, an independent
// ZIP reader, and checks the probe's kind and count against the package's own
// [Content_Types].xml and docProps/app.xml.
func TestOOXMLAgainstArchiveZip(t *testing.T) {
	for _, b := range seeds(t, ".pptx", ".docx") {
		z, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			t.Fatal(err)
		}
		part := func(name string) string {
			for _, f := range z.File {
				if f.Name == name {
					r, err := f.Open()
					if err != nil {
						t.Fatal(err)
					}
					s, _ := io.ReadAll(r)
					return string(s)
				}
			}
			return ""
		}
		types, app := part("[Content_Types].xml"), part("docProps/app.xml")
		wantFormat, elem := "docx", "Pages"
		if strings.Contains(types, "presentationml.presentation.main+xml") {
			wantFormat, elem = "pptx", "Slides"
		}
		want := 0
		if m := regexp.MustCompile(`<` + elem + `>(\d+)</`).FindStringSubmatch(app); m != nil {
			want, _ = strconv.Atoi(m[1])
		}
		f, perr, _ := probeBytes(t, b)
		if perr != nil || f.Format != wantFormat || f.Pages != want {
			t.Errorf("probe %s %d pages (%v); archive/zip: %s, %d", f.Format, f.Pages, perr, wantFormat, want)
		}
	}
}

// ooxml writes a ZIP package with the given parts (name, text), deflated unless stored,
// with a ZIP comment when comment is not empty.
func ooxml(t testing.TB, stored bool, comment string, parts ...string) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for i := 0; i+1 < len(parts); i += 2 {
		h := &zip.FileHeader{Name: parts[i], Method: zip.Deflate}
		if stored {
			h.Method = zip.Store
		}
		fw, err := w.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(fw, parts[i+1])
	}
	if comment != "" {
		w.SetComment(comment)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// contentTypes is a [Content_Types].xml whose main part has content type ct.
func contentTypes(ct string) string {
	return `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
		`<Default Extension="xml" ContentType="application/xml"/><Override PartName="/main.xml" ContentType="` + ct + `"/></Types>`
}

// TestOOXMLShapes: packages made here with archive/zip, one shape each.
func TestOOXMLShapes(t *testing.T) {
	pres := contentTypes("application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml")
	word := contentTypes("application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml")
	app := func(body string) string {
		return `<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">` + body + `</Properties>`
	}
	// A large app.xml: the count after 100 KB of other properties, scanned across windows.
	long := app(`<Company>` + strings.Repeat("x", 100_000) + `</Company><HiddenSlides>4</HiddenSlides><Slides>42</Slides>`)
	tests := []struct {
		why    string
		b      []byte
		format string
		pages  int
		code   string // the error code, for a package that is refused
		words  string // in the error or the unread note
	}{
		{"a presentation, stored parts", ooxml(t, true, "", "[Content_Types].xml", pres, "docProps/app.xml", app("<Slides>7</Slides>")), "pptx", 7, "", ""},
		{"a Word document, a namespace prefix on the count", ooxml(t, false, "", "[Content_Types].xml", word, "docProps/app.xml", `<ep:Properties xmlns:ep="x"><ep:Pages>12</ep:Pages></ep:Properties>`), "docx", 12, "", ""},
		{"<HiddenSlides> is not <Slides>, and the count may come late", ooxml(t, false, "", "[Content_Types].xml", pres, "docProps/app.xml", long), "pptx", 42, "", ""},
		{"no app.xml: the count is unknown", ooxml(t, false, "", "[Content_Types].xml", word), "docx", 0, "", ""},
		{"a ZIP comment before the end record is searched past", ooxml(t, false, strings.Repeat("c", 5000), "[Content_Types].xml", word), "docx", 0, "", ""},
		{"an app.xml that inflates past the budget: the count is left out, said so",
			ooxml(t, false, "", "[Content_Types].xml", pres, "docProps/app.xml", app(strings.Repeat(" ", 2<<20)+"<Slides>3</Slides>")), "pptx", 0, "", "docProps/app.xml inflates to more than"},
		{"a plain ZIP is no Office document", ooxml(t, false, "", "hello.txt", "hi"), "", 0, "media_unrecognized", "without [Content_Types].xml"},
		{"an Excel workbook is named", ooxml(t, false, "", "[Content_Types].xml", contentTypes("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml")), "", 0, "media_unrecognized", "an Excel workbook (XLSX)"},
		{"a macro-enabled presentation is named", ooxml(t, false, "", "[Content_Types].xml", contentTypes("application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml")), "", 0, "media_unrecognized", "PPTM"},
		{"an OPC package of another kind", ooxml(t, false, "", "[Content_Types].xml", contentTypes("application/xml")), "", 0, "media_unrecognized", "names no PowerPoint presentation or Word document"},
	}
	for _, tt := range tests {
		f, err, _ := probeBytes(t, tt.b)
		switch {
		case tt.code != "":
			if err == nil || string(err.Code) != tt.code || !strings.Contains(err.Message, tt.words) {
				t.Errorf("%s: %+v %v, want %s with %q", tt.why, f, err, tt.code, tt.words)
			}
		case err != nil:
			t.Errorf("%s: %v", tt.why, err)
		case f.Format != tt.format || f.Pages != tt.pages || f.Kind != KindDocument:
			t.Errorf("%s: %s %s %d pages, want %s %d", tt.why, f.Kind, f.Format, f.Pages, tt.format, tt.pages)
		case !strings.Contains(strings.Join(f.Unread, "; "), tt.words) || (tt.words == "") != (len(f.Unread) == 0):
			t.Errorf("%s: unread %q, want %q", tt.why, f.Unread, tt.words)
		}
		checkCost(t, tt.b)
	}
	// A package cut short, and central directories that lie.
	docx := seed(t, "libreoffice.docx")
	eocd := bytes.LastIndex(docx, []byte("PK\x05\x06"))
	lie := func(field int, v uint32) []byte {
		b := append([]byte{}, docx...)
		binary.LittleEndian.PutUint32(b[eocd+field:], v)
		return b
	}
	for _, tt := range []struct {
		why, code, words string
		b                []byte
	}{
		{"cut before its end record", "media_truncated", "without its end of central directory record", docx[:eocd]},
		{"a directory that starts past the end", "media_truncated", "is not inside the file", lie(16, 1<<30)},
		{"a directory that starts in the middle of a part", "media_corrupt", "central directory entry 1 of", lie(16, 100)},
	} {
		_, err, _ := probeBytes(t, tt.b)
		if err == nil || string(err.Code) != tt.code || !strings.Contains(err.Message, tt.words) {
			t.Errorf("%s: %v, want %s with %q", tt.why, err, tt.code, tt.words)
		}
	}
}

// ole2 writes a compound file (MS-CFB version 3, 512-byte sectors): the header, one FAT
// sector, one directory sector holding the root storage and empty streams of the given
// names, chained as right siblings of the root's child. loopFAT makes the directory's
// chain point back at itself; loopTree makes the last stream's right sibling the first.
func ole2(names []string, loopFAT, loopTree bool) []byte {
	const free, end, fatSect, none = 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFD, 0xFFFFFFFF
	b := make([]byte, 512*3)
	le := binary.LittleEndian
	copy(b, "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")
	le.PutUint16(b[24:], 0x3E)
	le.PutUint16(b[26:], 3)
	le.PutUint16(b[28:], 0xFFFE)
	le.PutUint16(b[30:], 9)
	le.PutUint16(b[32:], 6)
	le.PutUint32(b[44:], 1)    // FAT sectors
	le.PutUint32(b[48:], 1)    // first directory sector
	le.PutUint32(b[56:], 4096) // mini stream cutoff
	le.PutUint32(b[60:], end)
	le.PutUint32(b[68:], end)
	for i := range 109 {
		le.PutUint32(b[76+4*i:], free)
	}
	le.PutUint32(b[76:], 0) // the FAT is sector 0
	fat := b[512:1024]
	for i := range 128 {
		le.PutUint32(fat[4*i:], free)
	}
	le.PutUint32(fat[0:], fatSect)
	le.PutUint32(fat[4:], end)
	if loopFAT {
		le.PutUint32(fat[4:], 1)
	}
	dir := b[1024:]
	entry := func(i int, name string, typ byte, left, right, child uint32) {
		e := dir[128*i:]
		u := utf16.Encode([]rune(name))
		for k, c := range u {
			le.PutUint16(e[2*k:], c)
		}
		le.PutUint16(e[64:], uint16(2*len(u)+2))
		e[66] = typ
		le.PutUint32(e[68:], left)
		le.PutUint32(e[72:], right)
		le.PutUint32(e[76:], child)
		le.PutUint32(e[116:], end) // start sector: none
	}
	child := uint32(none)
	if len(names) > 0 {
		child = 1
	}
	entry(0, "Root Entry", 5, none, none, child)
	for i, n := range names {
		right := uint32(i + 2)
		if i == len(names)-1 {
			right = none
			if loopTree {
				right = 1
			}
		}
		entry(i+1, n, 2, none, right, none)
	}
	for i := len(names) + 1; i < 4; i++ {
		entry(i, "", 0, none, none, none)
	}
	return b
}

// TestOLE2Shapes: compound files made by ole2, one shape each; the kind is the stream at
// the root, never a stream of an embedded storage.
func TestOLE2Shapes(t *testing.T) {
	tests := []struct {
		why    string
		b      []byte
		format string
		code   string
		words  string
	}{
		{"PowerPoint 97-2003", ole2([]string{"Current User", "PowerPoint Document", "\x05SummaryInformation"}, false, false), "ppt", "", ""},
		{"Word 97-2003", ole2([]string{"1Table", "WordDocument"}, false, false), "doc", "", ""},
		{"a password-protected PPTX or DOCX", ole2([]string{"EncryptionInfo", "EncryptedPackage"}, false, false), "", "media_unrecognized", "password-protected"},
		{"an Excel 97-2003 workbook", ole2([]string{"Workbook"}, false, false), "", "media_unrecognized", "XLS"},
		{"another compound file", ole2([]string{"Contents"}, false, false), "", "media_unrecognized", "neither"},
		{"a directory chain that loops", ole2([]string{"WordDocument"}, true, false), "", "media_corrupt", "loops back to sector 1"},
		{"a directory tree that loops", ole2([]string{"A", "B"}, false, true), "", "media_corrupt", "refers to entry 1 twice"},
	}
	for _, tt := range tests {
		f, err, _ := probeBytes(t, tt.b)
		switch {
		case tt.code != "":
			if err == nil || string(err.Code) != tt.code || !strings.Contains(err.Message, tt.words) {
				t.Errorf("%s: %+v %v, want %s with %q", tt.why, f, err, tt.code, tt.words)
			}
		case err != nil:
			t.Errorf("%s: %v", tt.why, err)
		case f.Format != tt.format || f.Kind != KindDocument:
			t.Errorf("%s: %s %s, want %s", tt.why, f.Kind, f.Format, tt.format)
		}
		checkCost(t, tt.b)
	}
	// A 5 GB compound file: the header and one directory sector are read, nothing else.
	v := &virtualFile{parts: []vpart{{b: ole2([]string{"PowerPoint Document"}, false, false)}, {zeros: 5 << 30}}}
	f, err := Probe(v, v.size())
	if err != nil || f.Format != "ppt" || v.read > 2048 {
		t.Errorf("5 GB ppt: %+v %v, read %d bytes in %d reads", f, err, v.read, v.reads)
	}
}

// TestOfficePrefixes: a cut Office document is media_truncated or still read (a compound
// file whose directory precedes the cut), never corrupt, as for every other format.
func TestOfficePrefixes(t *testing.T) {
	files := append(seeds(t, ".pptx", ".docx", ".doc"), ole2([]string{"WordDocument"}, false, false))
	for _, b := range files {
		for k := 1; k < 64; k++ {
			n := 8 + k*(len(b)-8)/64
			if _, err, _ := probeBytes(t, b[:n]); err != nil && err.Code != CodeTruncated {
				t.Errorf("%q cut at %d of %d: %v", b[:4], n, len(b), err)
			}
		}
	}
}
