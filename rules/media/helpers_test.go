package media

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/postrules/postrules/rules/apierror"
)

// seed reads a file of testdata.
func seed(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// seeds returns the testdata files whose names end in one of exts.
func seeds(t testing.TB, exts ...string) [][]byte {
	t.Helper()
	names, err := filepath.Glob(filepath.Join("testdata", "*"))
	if err != nil {
		t.Fatal(err)
	}
	var out [][]byte
	for _, n := range names {
		for _, e := range exts {
			if strings.HasSuffix(n, e) {
				out = append(out, seed(t, filepath.Base(n)))
			}
		}
	}
	if len(out) == 0 {
		t.Fatalf("no seeds ending in %v", exts)
	}
	return out
}

// strictReaderAt is an io.ReaderAt over b that fails the test on a read outside [0, len)
// and counts what it serves.
type strictReaderAt struct {
	t     testing.TB
	b     []byte
	read  int64
	reads int
}

func (s *strictReaderAt) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 || off+int64(len(p)) > int64(len(s.b)) {
		s.t.Errorf("read of %d bytes at %d outside a file of %d bytes", len(p), off, len(s.b))
		return 0, io.EOF
	}
	s.read += int64(len(p))
	s.reads++
	return copy(p, s.b[off:]), nil
}

// probeBytes probes b, checking the contract every call keeps: no read outside the file,
// facts or a *apierror.Error of a media code located inside the file. It returns the facts,
// the error and the bytes read.
func probeBytes(t testing.TB, b []byte) (Facts, *apierror.Error, int64) {
	t.Helper()
	r := &strictReaderAt{t: t, b: b}
	f, err := Probe(r, int64(len(b)))
	if err == nil {
		if f.Bytes != int64(len(b)) || f.Kind == "" || f.Format == "" || f.MIME == "" {
			t.Errorf("facts without kind, format, mime or bytes: %+v", f)
		}
		if f.Width < 0 || f.Height < 0 || f.Duration < 0 || f.FrameRate < 0 || f.Frames < 0 || f.Pages < 0 {
			t.Errorf("negative facts: %+v", f)
		}
		if f.Kind != KindDocument && (f.Width == 0 || f.Height == 0) {
			t.Errorf("an image or video without a size: %+v", f)
		}
		return f, nil, r.read
	}
	var e *apierror.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %T is no *apierror.Error: %v", err, err)
	}
	switch e.Code {
	case CodeEmpty, CodeUnrecognized, CodeTruncated, CodeCorrupt:
	default:
		t.Errorf("error code %s is no media code: %v", e.Code, e)
	}
	if e.Offset < 0 || int64(e.Offset) > int64(len(b)) || e.HTTPStatus != 400 || e.Message == "" {
		t.Errorf("error outside the file [0,%d] or without status or message: %+v", len(b), e)
	}
	if !reflect.DeepEqual(f, Facts{}) {
		t.Errorf("facts %+v beside an error", f)
	}
	return f, e, r.read
}

// withEXIF returns the JPEG jpg with an APP1 Exif segment holding orientation o, right
// after its SOI marker (CIPA DC-008: "Exif\0\0", a big-endian TIFF header, IFD0 of one
// SHORT entry 0x0112).
func withEXIF(jpg []byte, o uint16) []byte {
	tiff := []byte{'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, byte(o >> 8), byte(o), 0, 0, 0, 0, 0, 0}
	seg := append([]byte("Exif\x00\x00"), tiff...)
	l := len(seg) + 2
	out := append([]byte{}, jpg[:2]...)
	out = append(out, 0xFF, 0xE1, byte(l>>8), byte(l))
	out = append(out, seg...)
	return append(out, jpg[2:]...)
}

// withRotation returns the MP4 m with its first tkhd's matrix set to rotate the picture
// deg degrees clockwise (14496-12 §8.3.2 matrix a b u c d v x y w).
func withRotation(t testing.TB, m []byte, deg int) []byte {
	t.Helper()
	i := bytes.Index(m, []byte("tkhd"))
	if i < 0 {
		t.Fatal("no tkhd")
	}
	out := append([]byte{}, m...)
	body := i + 4
	off := body + 4 + 20 + 8 + 8 // version 0: flags, times, track, reserved, duration; reserved; layer...
	if out[body] == 1 {
		off = body + 4 + 32 + 8 + 8
	}
	const one, minus = 0x00010000, 0xFFFF0000
	var a, b, c, d uint32
	switch deg {
	case 0:
		a, d = one, one
	case 90:
		b, c = one, minus
	case 180:
		a, d = minus, minus
	case 270:
		b, c = minus, one
	}
	for k, v := range []uint32{a, b, c, d} {
		p := off + []int{0, 4, 12, 16}[k]
		out[p], out[p+1], out[p+2], out[p+3] = byte(v>>24), byte(v>>16), byte(v>>8), byte(v)
	}
	return out
}
