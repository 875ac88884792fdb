// PDF syntax (§7.3): the integers, references, arrays and dictionary values the
// probe reads from an object's bytes, without building objects.

package media

import (
	"bytes"
	"errors"
	"io"
	"strconv"
)

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
