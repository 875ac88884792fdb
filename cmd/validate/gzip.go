package main

import (
	"compress/gzip"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// gzipMin is the smallest answer validate serve compresses: below about a kilobyte gzip's
// header and trailer (18 bytes) and the CPU cost buy little; the OpenAPI document (170 KB)
// and a verdict with many problems are far above it.
const gzipMin = 1024

// gzipPool reuses gzip writers (each holds about 800 KB of compressor state).
var gzipPool = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(nil, gzip.DefaultCompression)
	return w
}}

// acceptsGzip reports whether an Accept-Encoding value (RFC 9110 section 12.5.3) accepts
// gzip: a "gzip" or "x-gzip" coding, or "*", whose weight is not zero. It reads each byte a
// bounded number of times.
func acceptsGzip(header string) bool {
	for len(header) > 0 {
		var part string
		part, header, _ = strings.Cut(header, ",")
		name, params, _ := strings.Cut(part, ";")
		name = strings.TrimSpace(name)
		if !strings.EqualFold(name, "gzip") && !strings.EqualFold(name, "x-gzip") && name != "*" {
			continue
		}
		return !zeroWeight(params)
	}
	return false
}

// zeroWeight reports whether parameters hold q=0 (or 0.0, 0.00, 0.000).
func zeroWeight(params string) bool {
	for len(params) > 0 {
		var p string
		p, params, _ = strings.Cut(params, ";")
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		v = strings.TrimSpace(v)
		if v == "" || v[0] != '0' {
			return false
		}
		return strings.Trim(v[1:], ".0") == "" && strings.Count(v, ".") <= 1
	}
	return false
}

// gzipWriter compresses an answer when it turns out to be at least gzipMin bytes of JSON
// or text: it holds the status and the first bytes until it knows, then either starts a
// gzip stream (Content-Encoding: gzip, no Content-Length) or writes them as they are.
type gzipWriter struct {
	http.ResponseWriter
	status  int
	buf     []byte
	gz      *gzip.Writer
	decided bool
}

func (g *gzipWriter) WriteHeader(status int) {
	if g.status == 0 {
		g.status = status
	}
}

func (g *gzipWriter) Write(p []byte) (int, error) {
	if g.status == 0 {
		g.status = http.StatusOK
	}
	if !g.decided {
		if len(g.buf)+len(p) < gzipMin {
			g.buf = append(g.buf, p...)
			return len(p), nil
		}
		g.decide(true)
	}
	if g.gz != nil {
		return g.gz.Write(p)
	}
	return g.ResponseWriter.Write(p)
}

// decide sends the header, compressed when big is true and the answer can be.
func (g *gzipWriter) decide(big bool) {
	g.decided = true
	if g.status == 0 {
		g.status = http.StatusOK
	}
	h := g.Header()
	ct := h.Get("Content-Type")
	compress := big && h.Get("Content-Encoding") == "" && g.status != http.StatusNoContent && g.status/100 != 1 &&
		(strings.HasPrefix(ct, "application/json") || strings.HasPrefix(ct, "text/"))
	if compress {
		h.Del("Content-Length")
		h.Set("Content-Encoding", "gzip")
		g.gz = gzipPool.Get().(*gzip.Writer)
		g.gz.Reset(g.ResponseWriter)
	} else if h.Get("Content-Length") == "" && len(g.buf) > 0 {
		h.Set("Content-Length", strconv.Itoa(len(g.buf)))
	}
	g.ResponseWriter.WriteHeader(g.status)
	if len(g.buf) > 0 {
		if g.gz != nil {
			g.gz.Write(g.buf)
		} else {
			g.ResponseWriter.Write(g.buf)
		}
	}
	g.buf = nil
}

// finish sends what is held and ends the gzip stream. A handler that wrote nothing at
// all leaves the answer to net/http (200, empty).
func (g *gzipWriter) finish() {
	if !g.decided {
		if g.status == 0 && len(g.buf) == 0 {
			return
		}
		g.decide(false)
	}
	if g.gz != nil {
		g.gz.Close()
		g.gz.Reset(nil)
		gzipPool.Put(g.gz)
		g.gz = nil
	}
}
