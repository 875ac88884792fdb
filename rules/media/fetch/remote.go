package fetch

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"

	"github.com/postrules/postrules/rules/apierror"
)

// remote is one media file over HTTP as an io.ReaderAt for media.Probe. The file is read
// in blocks of Options.BlockSize: a read fetches, in one Range request, the run of blocks
// it touches that are not held yet, so the probe's many small reads of box and chunk
// headers cost a request per region of the file, not per read. The first request asks for
// the first block and learns the size from Content-Range. A server that ignores Range
// (200) is read once from its start, up to the file's budget: reads past what it sent are
// media_too_large. It is used by one probe at a time.
type remote struct {
	f      *Fetcher
	ctx    context.Context // the file's, with its timeout
	parent context.Context // the caller's: canceled means the caller hung up
	raw    string          // the URL as given, for messages
	url    string          // the URL requested: after the first answer, the redirects' end
	budget *budget
	block  int64

	size         int64
	blocks       map[int64][]byte // block index -> bytes (BlockSize, the last block shorter)
	flat         []byte           // a server that ignores Range: its first bytes
	etag         string
	lastModified string
	notModified  bool

	fileLeft int64 // bytes this file may still read
	read     int64 // body bytes read
	requests int
	err      *apierror.Error // the first failure: every later read returns it
}

// open sends the first request: the first block, conditional on the cached validators.
func (r *remote) open(cached *entry) *apierror.Error {
	req, err := r.request(0, r.block)
	if err != nil {
		return r.fail(apierror.CodeMediaFetchRefused, "the URL cannot be requested: "+err.Error())
	}
	if cached != nil {
		if cached.etag != "" {
			req.Header.Set("If-None-Match", cached.etag)
		}
		if cached.lastModified != "" {
			req.Header.Set("If-Modified-Since", cached.lastModified)
		}
	}
	resp, e := r.do(req)
	if e != nil {
		return e
	}
	defer r.close(resp)
	r.url = resp.Request.URL.String()
	r.etag, r.lastModified = resp.Header.Get("ETag"), resp.Header.Get("Last-Modified")
	if e := r.encoded(resp); e != nil {
		return e
	}
	switch resp.StatusCode {
	case http.StatusNotModified:
		if cached == nil {
			return r.fail(apierror.CodeMediaUnreachable, "the server answered 304 Not Modified to a request that was not conditional")
		}
		r.notModified = true
		return nil
	case http.StatusPartialContent:
		cr, ok := parseContentRange(resp.Header.Get("Content-Range"))
		if !ok || cr.first != 0 || cr.complete < 0 || cr.last >= r.block || (cr.last != r.block-1 && cr.last != cr.complete-1) {
			return r.fail(apierror.CodeMediaUnreachable, "the server answered bytes "+quote(resp.Header.Get("Content-Range"))+" to a request for bytes 0-"+itoa(r.block-1))
		}
		r.size = cr.complete
		r.blocks = map[int64][]byte{}
		return r.body(resp, 0, cr.last+1)
	case http.StatusOK:
		return r.whole(resp)
	case http.StatusRequestedRangeNotSatisfiable:
		if cr, ok := parseContentRange(resp.Header.Get("Content-Range")); ok && cr.first < 0 && cr.complete == 0 {
			r.size, r.blocks = 0, map[int64][]byte{}
			return nil // an empty file: the probe says media_empty
		}
	}
	return r.status(resp)
}

// whole reads the answer of a server that ignores Range (200) from its start, up to the
// file's budget; a Content-Length larger than what it sends is a lie.
func (r *remote) whole(resp *http.Response) *apierror.Error {
	n := r.fileLeft
	if resp.ContentLength >= 0 && resp.ContentLength < n {
		n = resp.ContentLength
	}
	if !r.budget.take(n) {
		return r.fail(apierror.CodeMediaTooLarge, "the server ignores Range requests and the request's byte budget is spent")
	}
	buf := make([]byte, 0, min(n, 1<<20))
	got, err := readUpTo(resp.Body, &buf, n)
	r.settle(n, got)
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return r.fail(apierror.CodeMediaUnreachable, "the answer ended after "+itoa(got)+" of the "+itoa(resp.ContentLength)+" bytes its Content-Length declares")
	}
	if err != nil {
		return r.netFail(err, "reading the answer")
	}
	switch {
	case resp.ContentLength >= 0 && got < resp.ContentLength && got < n:
		return r.fail(apierror.CodeMediaUnreachable, "the answer ended after "+itoa(got)+" of the "+itoa(resp.ContentLength)+" bytes its Content-Length declares")
	case resp.ContentLength >= 0:
		r.size = resp.ContentLength
	case got < n:
		r.size = got // the body ended within the budget: that is the file
	default:
		return r.fail(apierror.CodeMediaTooLarge, "the server ignores Range requests and streams more than the "+itoa(r.f.o.FileBytes)+" bytes a file may cost, without a Content-Length")
	}
	r.flat = buf
	return nil
}

// fetch reads the blocks lo to hi (inclusive) in one Range request.
func (r *remote) fetch(lo, hi int64) *apierror.Error {
	off := lo * r.block
	end := min((hi+1)*r.block, r.size)
	req, err := r.request(off, end-off)
	if err != nil {
		return r.fail(apierror.CodeMediaUnreachable, err.Error())
	}
	resp, e := r.do(req)
	if e != nil {
		return e
	}
	defer r.close(resp)
	if e := r.encoded(resp); e != nil {
		return e
	}
	if resp.StatusCode != http.StatusPartialContent {
		if resp.StatusCode == http.StatusOK {
			return r.fail(apierror.CodeMediaUnreachable, "the server answered the whole file to a request for bytes "+itoa(off)+"-"+itoa(end-1)+", after answering a range before")
		}
		return r.status(resp)
	}
	if tag := resp.Header.Get("ETag"); r.etag != "" && tag != "" && tag != r.etag {
		return r.fail(apierror.CodeMediaUnreachable, "the file changed while it was read (ETag "+quote(r.etag)+", then "+quote(tag)+")")
	}
	cr, ok := parseContentRange(resp.Header.Get("Content-Range"))
	if !ok || cr.first != off || cr.last != end-1 || (cr.complete >= 0 && cr.complete != r.size) {
		return r.fail(apierror.CodeMediaUnreachable, "the server answered bytes "+quote(resp.Header.Get("Content-Range"))+" to a request for bytes "+itoa(off)+"-"+itoa(end-1)+"/"+itoa(r.size))
	}
	return r.body(resp, off, end-off)
}

// body reads exactly n bytes of a 206 answer at file offset off (block aligned) into
// blocks, within the budgets.
func (r *remote) body(resp *http.Response, off, n int64) *apierror.Error {
	if n > r.fileLeft || !r.budget.take(n) {
		return r.tooLarge(n)
	}
	buf := make([]byte, 0, n)
	got, err := readUpTo(resp.Body, &buf, n)
	r.settle(n, got)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return r.netFail(err, "reading bytes "+itoa(off)+"-"+itoa(off+n-1))
	}
	if got < n {
		return r.fail(apierror.CodeMediaUnreachable, "the answer for bytes "+itoa(off)+"-"+itoa(off+n-1)+" ended after "+itoa(got)+" of its "+itoa(n)+" bytes")
	}
	for i := int64(0); i < n; i += r.block {
		r.blocks[(off+i)/r.block] = buf[i:min(i+r.block, n):min(i+r.block, n)]
	}
	return nil
}

// close ends an answer. A body read to its end lets the transport reuse the connection
// for the next Range request; so at most drainBytes more are read to see that end (a
// body with a Content-Encoding is not read at all), within the file's budget.
func (r *remote) close(resp *http.Response) {
	if ce := resp.Header.Get("Content-Encoding"); ce == "" || equalFoldASCII(ce, "identity") {
		n, _ := io.CopyN(io.Discard, resp.Body, min(drainBytes, r.fileLeft))
		r.read += n
		r.fileLeft -= n
	}
	resp.Body.Close()
}

// drainBytes is the most close reads past what an answer was read for.
const drainBytes = 512

// settle charges got of the n bytes reserved and gives the rest back.
func (r *remote) settle(n, got int64) {
	r.read += got
	r.fileLeft -= got
	r.budget.give(n - got)
}

// tooLarge is the failure of a read of n bytes past a budget.
func (r *remote) tooLarge(n int64) *apierror.Error {
	if n > r.fileLeft {
		return r.fail(apierror.CodeMediaTooLarge, "its headers need more than the "+itoa(r.f.o.FileBytes)+" bytes a file may cost")
	}
	return r.fail(apierror.CodeMediaTooLarge, "the request's media need more than the "+itoa(r.f.o.CallBytes)+" bytes a request may cost")
}

// ReadAt serves the probe: from the blocks held, fetching the missing ones it touches.
func (r *remote) ReadAt(p []byte, off int64) (int, error) {
	if r.err != nil {
		return 0, r.err
	}
	if off < 0 {
		return 0, errors.New("negative offset")
	}
	if off >= r.size {
		return 0, io.EOF
	}
	end := min(off+int64(len(p)), r.size)
	if r.flat != nil {
		if end > int64(len(r.flat)) {
			r.err = r.fail(apierror.CodeMediaTooLarge, "the server ignores Range requests and the headers lie past the first "+itoa(int64(len(r.flat)))+" bytes a file may cost")
			return 0, r.err
		}
		n := copy(p, r.flat[off:end])
		if n < len(p) {
			return n, io.EOF
		}
		return n, nil
	}
	lo, hi := int64(-1), int64(-1)
	for b := off / r.block; b <= (end-1)/r.block; b++ {
		if _, ok := r.blocks[b]; !ok {
			if lo < 0 {
				lo = b
			}
			hi = b
		}
	}
	if lo >= 0 {
		if e := r.fetch(lo, hi); e != nil {
			r.err = e
			return 0, e
		}
	}
	n := 0
	for pos := off; pos < end; {
		b := pos / r.block
		k := copy(p[n:end-off], r.blocks[b][pos-b*r.block:])
		if k == 0 { // a block shorter than it should be: fetch checked lengths, so never
			return n, io.ErrUnexpectedEOF
		}
		n += k
		pos += int64(k)
	}
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// request is a GET of n bytes at off, asking for the bytes as stored (identity).
func (r *remote) request(off, n int64) (*http.Request, error) {
	req, err := http.NewRequestWithContext(r.ctx, http.MethodGet, r.url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Range", "bytes="+itoa(off)+"-"+itoa(off+n-1))
	req.Header.Set("Accept-Encoding", "identity")
	req.Header.Set("User-Agent", "postrules-media-fetch")
	return req, nil
}

// do sends req, counting it, and turns a failure into the fetch's error.
func (r *remote) do(req *http.Request) (*http.Response, *apierror.Error) {
	r.requests++
	resp, err := r.f.client.Do(req)
	if err != nil {
		return nil, r.netFail(err, "")
	}
	return resp, nil
}

// encoded refuses an answer whose bytes are encoded (gzip, br, ...): the probe reads a
// file at its offsets, and inflating a body is work the budget did not count.
func (r *remote) encoded(resp *http.Response) *apierror.Error {
	ce := resp.Header.Get("Content-Encoding")
	if ce == "" || equalFoldASCII(ce, "identity") {
		return nil
	}
	return r.fail(apierror.CodeMediaUnreachable, "the server sent the file with Content-Encoding "+quote(ce)+" though identity was asked; encoded bytes are not decoded")
}

// status is the failure of an answer with an unexpected status.
func (r *remote) status(resp *http.Response) *apierror.Error {
	s := resp.Status
	if s == "" {
		s = itoa(int64(resp.StatusCode))
	}
	if resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone {
		return r.fail(apierror.CodeMediaNotFound, "the server answered "+s)
	}
	return r.fail(apierror.CodeMediaUnreachable, "the server answered "+s)
}

// netFail classifies a transport error: refused by the policy, a redirect chain too long,
// a time bound (or the caller hanging up), or no connection.
func (r *remote) netFail(err error, doing string) *apierror.Error {
	var re *refusedError
	var rd *redirectError
	var ne net.Error
	prefix := ""
	if doing != "" {
		prefix = doing + ": "
	}
	switch {
	case errors.As(err, &re):
		return r.fail(apierror.CodeMediaFetchRefused, re.why)
	case errors.As(err, &rd):
		return r.fail(apierror.CodeMediaUnreachable, rd.why)
	case r.parent.Err() != nil:
		return r.fail(apierror.CodeMediaTimeout, prefix+"the request was canceled before the file was read")
	case r.ctx.Err() != nil || errors.Is(err, context.DeadlineExceeded):
		return r.fail(apierror.CodeMediaTimeout, prefix+"the file was not read within "+r.f.o.FileTimeout.String())
	case errors.As(err, &ne) && ne.Timeout():
		return r.fail(apierror.CodeMediaTimeout, prefix+"no answer in time: "+innermost(err))
	}
	return r.fail(apierror.CodeMediaUnreachable, prefix+innermost(err))
}

// innermost is the text of a transport error without net/http's *url.Error wrapping,
// which repeats the method and URL that the message already starts with.
func innermost(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) && ue.Err != nil {
		return ue.Err.Error()
	}
	return err.Error()
}

// fail records the first failure of the file and returns it.
func (r *remote) fail(code apierror.Code, reason string) *apierror.Error {
	if r.err == nil {
		r.err = failure(code, r.raw, reason)
	}
	return r.err
}

// readUpTo appends at most n bytes of rd to *buf and returns how many; io.EOF is not an
// error.
func readUpTo(rd io.Reader, buf *[]byte, n int64) (int64, error) {
	var got int64
	for got < n {
		b := *buf
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		room := min(int64(cap(b)-len(b)), n-got)
		m, err := rd.Read(b[len(b) : len(b)+int(room)])
		*buf = b[:len(b)+m]
		got += int64(m)
		if err == io.EOF {
			return got, nil
		}
		if err != nil {
			return got, err
		}
	}
	return got, nil
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// quote quotes a header value for a message, cut at 100 bytes.
func quote(s string) string {
	if len(s) > 100 {
		s = s[:100] + "..."
	}
	return strconv.Quote(s)
}

func equalFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}
