package fetch

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/postrules/postrules/rules/apierror"
)

// FuzzContentRange: the parser never panics, and what it accepts is consistent and
// prints back to the same header (modulo the unit's case).
func FuzzContentRange(f *testing.F) {
	for _, s := range []string{"bytes 0-99/1000", "bytes */0", "bytes 0-0/*", "BYTES 5-9/10", "bytes 9-5/10",
		"bytes 0-10/10", "bytes 1-2/999999999999999999", "bytes 1-2/9999999999999999999", "bytes -1-2/3", "bytes 0-99/", "items 0-1/2", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cr, ok := parseContentRange(s)
		if !ok {
			return
		}
		var back string
		switch {
		case cr.first < 0:
			if cr.last != -1 || cr.complete < 0 {
				t.Fatalf("%q: %+v", s, cr)
			}
			back = "bytes */" + itoa(cr.complete)
		case cr.complete < 0:
			back = "bytes " + itoa(cr.first) + "-" + itoa(cr.last) + "/*"
		default:
			if !(0 <= cr.first && cr.first <= cr.last && cr.last < cr.complete) {
				t.Fatalf("%q: %+v", s, cr)
			}
			back = "bytes " + itoa(cr.first) + "-" + itoa(cr.last) + "/" + itoa(cr.complete)
		}
		if strings.ToLower(s[:6]) != "bytes " || !sameNumbers(s[6:], back[6:]) {
			t.Fatalf("%q reads as %q", s, back)
		}
	})
}

// sameNumbers compares two range texts, ignoring leading zeros of their numbers.
func sameNumbers(a, b string) bool {
	norm := func(s string) string {
		return strings.Map(func(r rune) rune { return r }, strings.TrimLeft(s, "0"))
	}
	fa := strings.FieldsFunc(a, func(r rune) bool { return r == '-' || r == '/' })
	fb := strings.FieldsFunc(b, func(r rune) bool { return r == '-' || r == '/' })
	if len(fa) != len(fb) {
		return false
	}
	for i := range fa {
		x, y := norm(fa[i]), norm(fb[i])
		if x == "" {
			x = "0"
		}
		if y == "" {
			y = "0"
		}
		if x != y {
			return false
		}
	}
	return true
}

// answerTransport answers every request with one fuzzed answer: status, headers and body.
type answerTransport struct {
	status int
	header http.Header
	body   []byte
}

func (a *answerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	return &http.Response{StatusCode: a.status, Header: a.header.Clone(), Body: io.NopCloser(bytes.NewReader(a.body)),
		ContentLength: -1, Request: req, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1}, nil
}

// knownCodes are the codes a fetch may fail with.
var knownCodes = map[apierror.Code]bool{
	apierror.CodeMediaFetchRefused: true, apierror.CodeMediaUnreachable: true, apierror.CodeMediaTimeout: true,
	apierror.CodeMediaNotFound: true, apierror.CodeMediaTooLarge: true, apierror.CodeMediaEmpty: true,
	apierror.CodeMediaUnrecognized: true, apierror.CodeMediaTruncated: true, apierror.CodeMediaCorrupt: true,
}

// FuzzAnswer: whatever a server answers (status, Content-Range, Content-Encoding,
// Content-Length, ETag, Location, body), a fetch never panics, ends with facts or an
// error of a known code whose message starts with the URL, and reads within its budget.
func FuzzAnswer(f *testing.F) {
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x20\x00\x00\x00\x12\x08\x02\x00\x00\x00")
	f.Add(206, "bytes 0-28/29", "", "", png)
	f.Add(200, "", "", "29", png)
	f.Add(206, "bytes 0-28/1000000", "", "", png)
	f.Add(206, "bytes 5-28/29", "", "", png)
	f.Add(206, "bytes 0-28/29", "gzip", "", png)
	f.Add(416, "bytes */0", "", "", []byte{})
	f.Add(302, "", "", "", []byte{})
	f.Add(404, "", "", "", []byte("nope"))
	f.Add(200, "", "", "100000", png)
	f.Fuzz(func(t *testing.T, status int, contentRange, encoding, length string, body []byte) {
		if status < 100 || status > 999 {
			status = 200
		}
		h := http.Header{}
		if contentRange != "" {
			h.Set("Content-Range", contentRange)
		}
		if encoding != "" {
			h.Set("Content-Encoding", encoding)
		}
		if length != "" {
			h.Set("Content-Length", length)
		}
		h.Set("Location", "/again")
		h.Set("ETag", `"x"`)
		o := testOptions()
		o.FileBytes, o.BlockSize = 1<<10, 64
		fe := New(o)
		fe.client.Transport = &answerTransport{status: status, header: h, body: body}
		const u = "http://127.0.0.1/a"
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		r := fe.Probe(ctx, u)
		if r.Err != nil {
			if !knownCodes[r.Err.Code] || !strings.HasPrefix(r.Err.Message, u+": ") {
				t.Fatalf("error %v", r.Err)
			}
		}
		if r.Bytes > o.FileBytes {
			t.Fatalf("read %d bytes, budget %d", r.Bytes, o.FileBytes)
		}
	})
}

// rangeTransport serves file with Range over no network: what a well-behaved server
// answers.
type rangeTransport struct {
	file     []byte
	requests int
}

func (rt *rangeTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	rt.requests++
	var first, last int64
	spec := strings.TrimPrefix(req.Header.Get("Range"), "bytes=")
	a, b, _ := strings.Cut(spec, "-")
	first, _ = strconv.ParseInt(a, 10, 64)
	last, _ = strconv.ParseInt(b, 10, 64)
	size := int64(len(rt.file))
	if first >= size {
		return &http.Response{StatusCode: 416, Header: http.Header{"Content-Range": {"bytes */" + itoa(size)}},
			Body: http.NoBody, Request: req}, nil
	}
	last = min(last, size-1)
	h := http.Header{"Content-Range": {"bytes " + itoa(first) + "-" + itoa(last) + "/" + itoa(size)}}
	return &http.Response{StatusCode: 206, Header: h, Body: io.NopCloser(bytes.NewReader(rt.file[first : last+1])),
		ContentLength: last - first + 1, Request: req}, nil
}

// TestReaderAtProperty: over any file and block size, the remote reader gives the bytes a
// bytes.Reader gives for any sequence of reads, and never fetches a block twice.
func TestReaderAtProperty(t *testing.T) {
	params := gopter.DefaultTestParametersWithSeed(34)
	params.MinSuccessfulTests = 300
	props := gopter.NewProperties(params)
	props.Property("remote reads equal local reads", prop.ForAll(
		func(file []byte, block int, reads []uint32) bool {
			if len(file) == 0 {
				return true
			}
			o := testOptions()
			o.BlockSize, o.FileBytes = block, 1<<20
			fe := New(o)
			rt := &rangeTransport{file: file}
			fe.client.Transport = rt
			r := &remote{f: fe, ctx: context.Background(), parent: context.Background(), raw: "http://x/", url: "http://x/",
				budget: newBudget(1 << 20), fileLeft: 1 << 20, block: int64(block)}
			if e := r.open(nil); e != nil || r.size != int64(len(file)) {
				t.Logf("open: %v size %d", e, r.size)
				return false
			}
			local := bytes.NewReader(file)
			for _, x := range reads {
				off := int64(x>>8) % int64(len(file)+2)
				n := int(x & 0xff)
				p, q := make([]byte, n), make([]byte, n)
				m1, e1 := r.ReadAt(p, off)
				m2, e2 := local.ReadAt(q, off)
				if m1 != m2 || !bytes.Equal(p[:m1], q[:m2]) || (e1 == nil) != (e2 == nil) {
					t.Logf("ReadAt(%d, %d): %d %v, want %d %v", n, off, m1, e1, m2, e2)
					return false
				}
			}
			blocks := (int64(len(file)) + int64(block) - 1) / int64(block)
			return r.read <= int64(len(file)) && int64(rt.requests) <= blocks
		},
		gen.SliceOf(gen.UInt8()).Map(func(b []uint8) []byte { return b }),
		gen.IntRange(1, 64),
		gen.SliceOf(gen.UInt32()),
	))
	props.TestingRun(t)
}

// TestRefusedAddr: every special-purpose range is refused, in its IPv4-mapped form too;
// public addresses are not.
func TestRefusedAddr(t *testing.T) {
	refused := []string{"127.0.0.1", "127.255.255.254", "::1", "10.0.0.1", "172.16.0.1", "172.31.255.255", "192.168.1.1",
		"169.254.169.254", "fe80::1", "fd00::1", "fc00::1", "100.64.0.1", "100.127.255.255", "0.0.0.0", "::", "224.0.0.1",
		"ff02::1", "255.255.255.255", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::ffff:169.254.169.254", "64:ff9b::7f00:1",
		"2002:a9fe:a9fe::1", "192.0.0.170", "198.18.0.1", "240.0.0.1", "fec0::1", "2001:db8::1"}
	public := []string{"1.1.1.1", "8.8.8.8", "100.128.0.1", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"}
	for _, s := range refused {
		if refusedAddr(netip.MustParseAddr(s)) == "" {
			t.Errorf("%s is not refused", s)
		}
	}
	for _, s := range public {
		if why := refusedAddr(netip.MustParseAddr(s)); why != "" {
			t.Errorf("%s is refused: %s", s, why)
		}
	}
}
