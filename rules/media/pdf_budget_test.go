package media

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"testing"
)

// pdfSparseXref writes a PDF whose cross-reference stream (ISO 32000-1 §7.5.8, /W [1 4 1],
// no predictor) has rows rows, all free but the last two: the page tree (7 pages) and
// the catalog. Finding each inflates every row before it; zeros compress about a
// thousand times, so the file stays small while the rows grow. A 16 KB comment after the
// header lets the probe's other budget, reads outside the last 4 KB up to the file's
// size, read the compressed stream once per lookup, so that inflating is what stops it.
func pdfSparseXref(rows int) []byte {
	pagesNum, catalogNum := rows-2, rows-1
	out := []byte("%PDF-1.5\n%")
	out = append(out, bytes.Repeat([]byte("padding "), 2<<10)...)
	out = append(out, '\n')
	offPages := len(out)
	out = fmt.Appendf(out, "%d 0 obj\n<< /Type /Pages /Kids [] /Count 7 >>\nendobj\n", pagesNum)
	offCatalog := len(out)
	out = fmt.Appendf(out, "%d 0 obj\n<< /Type /Catalog /Pages %d 0 R >>\nendobj\n", catalogNum, pagesNum)
	table := make([]byte, rows*6)
	for _, r := range []struct{ num, off int }{{pagesNum, offPages}, {catalogNum, offCatalog}} {
		table[r.num*6] = 1
		binary.BigEndian.PutUint32(table[r.num*6+1:], uint32(r.off))
	}
	var z bytes.Buffer
	w, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	w.Write(table)
	w.Close()
	offXref := len(out)
	out = fmt.Appendf(out, "%d 0 obj\n<< /Type /XRef /W [1 4 1] /Size %d /Root %d 0 R /Filter /FlateDecode /Length %d >>\nstream\n",
		rows, rows, catalogNum, z.Len())
	out = append(out, z.Bytes()...)
	return fmt.Appendf(out, "\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n", offXref)
}

// The inflate budget grows with the file: a small PDF whose tables would inflate
// megabytes gets its pages unknown, not tens of milliseconds of inflating, while the same
// structure within the budget is read to its page count.
func TestPDFInflateBudgetFollowsFileSize(t *testing.T) {
	for _, c := range []struct {
		rows      int
		wantPages int
		why       string
	}{
		{1000, 7, "twice 6 KB of rows in a file of 17 KB: within the floor"},
		{20_000, 7, "twice 120 KB of rows (the catalog, then the page tree): within the floor of 256 KiB"},
		{1 << 20, 0, "twice 6 MiB of rows in a file of 23 KB: over 256 KiB + 64 per byte, so unknown (16 MiB, the old cap, inflated it all)"},
	} {
		b := pdfSparseXref(c.rows)
		need := int64(2 * c.rows * 6) // each lookup inflates the rows from the first: the catalog's, then the page tree's
		if budget := pdfInflateBudget(int64(len(b))); (need <= budget) != (c.wantPages != 0) {
			t.Fatalf("%d rows: %d bytes to inflate against a budget of %d for %d bytes of file: the case no longer tests what it says (%s)", c.rows, need, budget, len(b), c.why)
		}
		f, err, _ := probeBytes(t, b)
		if err != nil || f.Pages != c.wantPages {
			t.Errorf("%d rows (%d bytes): pages %d, error %v; want pages %d (%s)", c.rows, len(b), f.Pages, err, c.wantPages, c.why)
		}
	}
	for _, c := range []struct{ size, want int64 }{
		{0, 256 << 10},
		{16 << 10, 256<<10 + 1<<20},
		{240 << 10, 256<<10 + 15<<20},
		{1 << 20, 16 << 20},
		{1 << 40, 16 << 20},
	} {
		if got := pdfInflateBudget(c.size); got != c.want {
			t.Errorf("pdfInflateBudget(%d) = %d, want %d", c.size, got, c.want)
		}
	}
}

// BenchmarkProbePDFSparseXref is the worst small PDF for the inflate budget next to the
// same structure that fits it: the time per file stays near the floor's.
func BenchmarkProbePDFSparseXref(b *testing.B) {
	for _, rows := range []int{20_000, 1 << 20} {
		file := pdfSparseXref(rows)
		b.Run(fmt.Sprintf("rows=%d/bytes=%d", rows, len(file)), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := Probe(bytes.NewReader(file), int64(len(file))); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
