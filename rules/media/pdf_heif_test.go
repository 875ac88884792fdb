package media

import (
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// pdfDoc writes a PDF of n pages with a classic cross-reference table (ISO 32000-1
// §7.5.4); with update, an incremental update appends a revision whose page tree counts
// n+1 and whose trailer links the first table by /Prev.
func pdfDoc(n int, update bool) []byte {
	out := []byte("%PDF-1.7\n")
	var offs []int
	obj := func(body string) {
		offs = append(offs, len(out))
		out = fmt.Appendf(out, "%d 0 obj\n%s\nendobj\n", len(offs), body)
	}
	obj("<< /Type /Catalog /Pages 2 0 R >>")
	obj(fmt.Sprintf("<< /Type /Pages /Kids [] /Count %d >>", n))
	xref := len(out)
	out = fmt.Appendf(out, "xref\n0 %d\n0000000000 65535 f \n", len(offs)+1)
	for _, o := range offs {
		out = fmt.Appendf(out, "%010d 00000 n \n", o)
	}
	out = fmt.Appendf(out, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offs)+1, xref)
	if update {
		pages := len(out)
		out = fmt.Appendf(out, "2 0 obj\n<< /Type /Pages /Kids [] /Count %d >>\nendobj\n", n+1)
		x2 := len(out)
		out = fmt.Appendf(out, "xref\n0 1\n0000000000 65535 f \n2 1\n%010d 00000 n \ntrailer\n<< /Size 3 /Root 1 0 R /Prev %d >>\nstartxref\n%d\n%%%%EOF\n", pages, xref, x2)
	}
	return out
}

func TestPropPDFPages(t *testing.T) {
	p := properties(t, 300)
	p.Property("the page count is the page tree's /Count, of the newest revision", prop.ForAll(
		func(n int, update bool) bool {
			f, err, _ := probeBytes(t, pdfDoc(n, update))
			want := n
			if update {
				want++
			}
			return err == nil && f.Pages == want && f.Kind == KindDocument
		},
		gen.IntRange(0, 100000), gen.Bool(),
	))
	p.TestingRun(t)
}

// heif writes a minimal HEIF (ISO/IEC 23008-12): ftyp heic, and a meta box whose
// primary item 1 has an ispe of w x h and an irot of rot quarter turns anti-clockwise.
func heif(w, h uint32, rot byte) []byte {
	box := func(typ string, parts ...[]byte) []byte {
		n := 8
		for _, p := range parts {
			n += len(p)
		}
		b := binary.BigEndian.AppendUint32(nil, uint32(n))
		b = append(b, typ...)
		for _, p := range parts {
			b = append(b, p...)
		}
		return b
	}
	u32 := func(v uint32) []byte { return binary.BigEndian.AppendUint32(nil, v) }
	ispe := box("ispe", u32(0), u32(w), u32(h))
	irot := box("irot", []byte{rot})
	ipco := box("ipco", ispe, irot)
	ipma := box("ipma", u32(0), u32(1), []byte{0, 1, 2, 0x81, 0x02}) // item 1: properties 1 and 2 (essential)
	meta := box("meta", u32(0), box("hdlr", u32(0), u32(0), []byte("pict"), make([]byte, 13)), box("pitm", u32(0), []byte{0, 1}), box("iprp", ipco, ipma))
	return append(box("ftyp", []byte("heic"), u32(0), []byte("mif1heic")), meta...)
}

func TestProbeHEIF(t *testing.T) {
	for rot, want := range map[byte][3]int{0: {400, 300, 0}, 1: {300, 400, 270}, 2: {400, 300, 180}, 3: {300, 400, 90}} {
		f, err, _ := probeBytes(t, heif(400, 300, rot))
		if err != nil {
			t.Fatalf("irot %d: %v", rot, err)
		}
		if f.Format != "heic" || f.MIME != "image/heic" || [3]int{f.Width, f.Height, f.Rotation} != want {
			t.Errorf("irot %d: %+v, want %v", rot, f, want)
		}
	}
}
