package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The demo's files as the browser needs them: modules as JavaScript, the module as
// application/wasm (compileStreaming refuses anything else), revalidated with an ETag
// rather than refetched, and the root sent to the demo.
func TestHandler(t *testing.T) {
	root := t.TempDir()
	for name, body := range map[string]string{
		"demo/index.html": "<!doctype html>", "js/postrules.mjs": "export {}",
		"js/postrules-counter.wasm": "\x00asm", "js/wasm_exec.mjs": "x", "js/pic.png": "png",
	} {
		p := filepath.Join(root, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(body), 0o644)
	}
	h := handler(root)
	for _, tc := range []struct{ path, ctype string }{
		{"/js/postrules-counter.wasm", "application/wasm"},
		{"/js/postrules.mjs", "text/javascript; charset=utf-8"},
		{"/js/wasm_exec.mjs", "text/javascript; charset=utf-8"},
		{"/demo/", "text/html; charset=utf-8"},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", tc.path, nil))
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != tc.ctype || rec.Header().Get("Cache-Control") != "no-cache" ||
			rec.Header().Get("ETag") == "" || rec.Header().Get("Content-Encoding") != "" {
			t.Errorf("%s: %d %v", tc.path, rec.Code, rec.Header())
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if rec.Code != http.StatusFound || rec.Header().Get("Location") != "/demo/" {
		t.Errorf("/: %d %q", rec.Code, rec.Header().Get("Location"))
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/../../etc/passwd", nil))
	if rec.Code == http.StatusOK && strings.Contains(rec.Body.String(), "root:") {
		t.Errorf("served a file outside the root")
	}
}

// get fetches path with the given request headers.
func get(h http.Handler, path string, headers ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest("GET", path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		r.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec
}

// Compression by Accept-Encoding: brotli from a fresh .br copy, gzip made on the fly
// (and decompressing to the file), identity when neither is accepted or for an image;
// and a reload with the ETag costs a 304 and no body.
func TestCompressionAndCaching(t *testing.T) {
	root := t.TempDir()
	wasm := bytes.Repeat([]byte("\x00asm module bytes "), 1000)
	file := filepath.Join(root, "js", "m.wasm")
	os.MkdirAll(filepath.Dir(file), 0o755)
	os.WriteFile(file, wasm, 0o644)
	os.WriteFile(filepath.Join(root, "js", "pic.png"), wasm, 0o644)
	h := handler(root)

	plain := get(h, "/js/m.wasm")
	if !bytes.Equal(plain.Body.Bytes(), wasm) || plain.Header().Get("Content-Encoding") != "" {
		t.Fatalf("no Accept-Encoding: got %d bytes, %q", plain.Body.Len(), plain.Header().Get("Content-Encoding"))
	}
	gz := get(h, "/js/m.wasm", "Accept-Encoding", "gzip, deflate")
	if gz.Header().Get("Content-Encoding") != "gzip" || gz.Header().Get("Vary") != "Accept-Encoding" || gz.Body.Len() >= len(wasm)/4 {
		t.Fatalf("gzip: %v, %d bytes", gz.Header(), gz.Body.Len())
	}
	zr, err := gzip.NewReader(gz.Body)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := io.ReadAll(zr); !bytes.Equal(got, wasm) {
		t.Fatal("the gzip body is not the file")
	}
	if gz.Header().Get("ETag") == plain.Header().Get("ETag") {
		t.Error("one ETag for two different bodies")
	}
	// Without a .br copy, a brotli client gets gzip; with a fresh one, brotli.
	if enc := get(h, "/js/m.wasm", "Accept-Encoding", "br, gzip").Header().Get("Content-Encoding"); enc != "gzip" {
		t.Errorf("no .br copy: %q", enc)
	}
	os.WriteFile(file+".br", []byte("brotli bytes"), 0o644)
	future := time.Now().Add(time.Hour)
	os.Chtimes(file+".br", future, future)
	br := get(h, "/js/m.wasm", "Accept-Encoding", "gzip, br")
	if br.Header().Get("Content-Encoding") != "br" || br.Body.String() != "brotli bytes" {
		t.Errorf("br: %v %q", br.Header(), br.Body.String())
	}
	if enc := get(h, "/js/m.wasm", "Accept-Encoding", "br;q=0, gzip").Header().Get("Content-Encoding"); enc != "gzip" {
		t.Errorf("br;q=0 refused brotli, got %q", enc)
	}
	if enc := get(h, "/js/pic.png", "Accept-Encoding", "gzip").Header().Get("Content-Encoding"); enc != "" {
		t.Errorf("an image is not compressed again: %q", enc)
	}
	// Revalidation.
	again := get(h, "/js/m.wasm", "Accept-Encoding", "gzip", "If-None-Match", gz.Header().Get("ETag"))
	if again.Code != http.StatusNotModified || again.Body.Len() != 0 {
		t.Errorf("If-None-Match: %d, %d bytes", again.Code, again.Body.Len())
	}
	if get(h, "/js/m.wasm", "If-None-Match", `"other"`).Code != http.StatusOK {
		t.Error("a stale ETag got a 304")
	}
	// A rebuilt file gets a new ETag (and a stale .br copy is not used).
	os.WriteFile(file, append(wasm, 'x'), 0o644)
	later := future.Add(time.Hour)
	os.Chtimes(file, later, later)
	after := get(h, "/js/m.wasm", "Accept-Encoding", "br")
	if after.Header().Get("ETag") == gz.Header().Get("ETag") || after.Header().Get("Content-Encoding") != "gzip" {
		t.Errorf("after a rebuild: %v", after.Header())
	}
}

func TestFindRoot(t *testing.T) {
	dir := t.TempDir()
	if _, err := findRoot(dir); err == nil {
		t.Errorf("a folder without demo/index.html was accepted")
	}
	os.MkdirAll(filepath.Join(dir, "demo"), 0o755)
	os.WriteFile(filepath.Join(dir, "demo", "index.html"), nil, 0o644)
	got, err := findRoot(dir)
	if err != nil || got != dir {
		t.Errorf("findRoot(%q) = %q, %v", dir, got, err)
	}
	// From the repository root, the default finds ./wasm.
	wd, _ := os.Getwd()
	defer os.Chdir(wd)
	os.Chdir(filepath.Join(wd, "..", ".."))
	got, err = findRoot("")
	if err != nil || filepath.Base(got) != "wasm" {
		t.Errorf("findRoot(\"\") from the repository root = %q, %v", got, err)
	}
}
