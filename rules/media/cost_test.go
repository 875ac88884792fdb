package media

import (
	"encoding/binary"
	"io"
	"testing"
)

// virtualFile is an io.ReaderAt of parts laid end to end, where a part is either bytes
// or a run of zeros that is never stored: a 1 GB MP4 costs its header bytes in memory.
type virtualFile struct {
	parts []vpart
	read  int64
	reads int
}

type vpart struct {
	b     []byte
	zeros int64
}

func (p vpart) len() int64 {
	if p.b != nil {
		return int64(len(p.b))
	}
	return p.zeros
}

func (v *virtualFile) size() int64 {
	var n int64
	for _, p := range v.parts {
		n += p.len()
	}
	return n
}

func (v *virtualFile) ReadAt(b []byte, off int64) (int, error) {
	v.read += int64(len(b))
	v.reads++
	n := 0
	var start int64
	for _, p := range v.parts {
		end := start + p.len()
		for n < len(b) && off+int64(n) >= start && off+int64(n) < end {
			i := off + int64(n) - start
			var k int
			if p.b != nil {
				k = copy(b[n:], p.b[i:])
			} else {
				k = int(min(int64(len(b)-n), end-off-int64(n)))
				clear(b[n : n+k])
			}
			n += k
		}
		start = end
	}
	if n < len(b) {
		return n, io.EOF
	}
	return n, nil
}

// topBoxes splits an ISO file into its top-level boxes.
func topBoxes(t testing.TB, m []byte) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for off := 0; off+8 <= len(m); {
		size := int(binary.BigEndian.Uint32(m[off:]))
		if size < 8 || off+size > len(m) {
			t.Fatalf("box at %d of size %d", off, size)
		}
		out[string(m[off+4:off+8])] = m[off : off+size]
		off += size
	}
	return out
}

// hugeMP4 is a virtual MP4 of about size bytes: the seed's ftyp, an mdat of zeros with a
// 64-bit size, and the seed's moov at the end (the player would have to seek there).
func hugeMP4(t testing.TB, size int64) (*virtualFile, int64) {
	boxes := topBoxes(t, seed(t, "moov-at-end.mp4"))
	ftyp, moov := boxes["ftyp"], boxes["moov"]
	payload := size - int64(len(ftyp)) - 16 - int64(len(moov))
	mdat := make([]byte, 16)
	binary.BigEndian.PutUint32(mdat, 1)
	copy(mdat[4:], "mdat")
	binary.BigEndian.PutUint64(mdat[8:], uint64(16+payload))
	return &virtualFile{parts: []vpart{{b: ftyp}, {b: mdat}, {zeros: payload}, {b: moov}}}, int64(len(ftyp) + len(moov))
}

// TestProbeHugeMP4ReadsHeadAndMoov: a 1 GB MP4 with its moov at the end is read at its
// head and its moov, a box header apiece, nothing of its mdat.
func TestProbeHugeMP4ReadsHeadAndMoov(t *testing.T) {
	v, headers := hugeMP4(t, 1<<30)
	f, err := Probe(v, v.size())
	if err != nil {
		t.Fatal(err)
	}
	if f.Bytes != 1<<30 || f.Width != 32 || f.FrameRate != 10 || f.Faststart {
		t.Errorf("facts %+v", f)
	}
	// sniff (64) + three 16-byte box headers + ftyp + moov bodies
	if limit := headers + sniffLen + 3*16; v.read > limit {
		t.Errorf("read %d bytes in %d reads of a 1 GB file whose headers are %d bytes (limit %d)", v.read, v.reads, headers, limit)
	}
	if v.reads > 8 {
		t.Errorf("%d reads", v.reads)
	}
	allocs := testing.AllocsPerRun(20, func() { _, _ = Probe(v, v.size()) })
	if allocs > 100 { // a few per box on the moov's path, none per byte
		t.Errorf("%.0f allocations per probe", allocs)
	}
}

// TestProbeClaimsAllocateNothing: boxes, chunks and segments that declare gigabytes in a
// small file are refused before anything of that size is allocated.
func TestProbeClaimsAllocateNothing(t *testing.T) {
	huge := []byte{0, 0, 0, 24, 'f', 't', 'y', 'p', 'i', 's', 'o', 'm', 0, 0, 0, 0, 'i', 's', 'o', 'm', 'm', 'p', '4', '1',
		0, 0, 0, 1, 'm', 'o', 'o', 'v', 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}
	for _, b := range [][]byte{huge, append([]byte("\x89PNG\r\n\x1a\n\xff\xff\xff\xffIHDR"), make([]byte, 20)...)} {
		checkCost(t, b)
		_, err, _ := probeBytes(t, b)
		if err == nil || err.Code != CodeTruncated && err.Code != CodeCorrupt {
			t.Errorf("%q: %v", b[:12], err)
		}
	}
}
