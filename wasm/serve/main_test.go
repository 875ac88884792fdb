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
		write(t, root, name, body)
	}
	h := testHandler(t, root, nil)
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
	h := testHandler(t, root, nil)

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

// write creates root/name with body.
func write(t *testing.T, root, name, body string) string {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// testHandler serves root; unless root has js/package.json, it writes one publishing
// every file js/ holds now (as the package's "files" does).
func testHandler(t *testing.T, root string, br brotliFunc) *handler {
	t.Helper()
	if _, err := os.Stat(filepath.Join(root, "js", "package.json")); err != nil {
		ents, _ := os.ReadDir(filepath.Join(root, "js"))
		var files []string
		for _, e := range ents {
			if !e.IsDir() {
				files = append(files, `"`+e.Name()+`"`)
			}
		}
		write(t, root, "js/package.json", `{"name":"x","files":[`+strings.Join(files, ",")+`]}`)
	}
	allow, err := newAllowList(root, nil)
	if err != nil {
		t.Fatal(err)
	}
	return newHandler(root, allow, br)
}

// Only the demo and the files the package publishes are served: the Go sources, the
// scripts, the package's tests and manifest, the compressed copies and anything outside
// are 404 whether or not they exist, however the path is spelt.
func TestAllowList(t *testing.T) {
	root := t.TempDir()
	for _, name := range []string{
		"demo/index.html", "demo/demo.mjs", "demo/demo.css", "demo/notes.go", "demo/.secret.json",
		"js/postrules.mjs", "js/core.mjs", "js/core.mjs.br", "js/postrules-counter.wasm.gz", "js/test/api.test.mjs",
		"internal/bridge/bridge.go", "serve/main.go", "counter/main.go", "build.sh", "package.json",
		"browser-test/globals.html", "browser-test/harness.mjs", "bench/bench.html",
	} {
		write(t, root, name, "x")
	}
	write(t, root, "js/package.json", `{"files":["postrules.mjs","core.mjs"]}`)
	allow, err := newAllowList(root, nil)
	if err != nil {
		t.Fatal(err)
	}
	h := newHandler(root, allow, nil)
	for _, ok := range []string{"/demo/", "/demo/index.html", "/demo/demo.mjs", "/demo/demo.css", "/js/postrules.mjs", "/js/core.mjs"} {
		if rec := get(h, ok); rec.Code != http.StatusOK {
			t.Errorf("%s: %d, want 200", ok, rec.Code)
		}
	}
	for _, no := range []string{
		"/internal/bridge/bridge.go", "/internal/", "/serve/main.go", "/counter/main.go", "/main.go", "/build.sh",
		"/package.json", "/js/package.json", "/js/test/api.test.mjs", "/js/core.mjs.br", "/js/postrules-counter.wasm.gz",
		"/demo/notes.go", "/demo/.secret.json", "/demo/../serve/main.go", "/demo/%2e%2e/serve/main.go", "//serve/main.go",
		"/browser-test/globals.html", "/bench/bench.html", "/../../etc/passwd",
	} {
		if rec := get(h, no); rec.Code != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", no, rec.Code)
		}
	}
	// -pages browser-test serves that folder's pages and modules, never its Go or shell.
	allow, err = newAllowList(root, []string{"browser-test"})
	if err != nil {
		t.Fatal(err)
	}
	h = newHandler(root, allow, nil)
	if get(h, "/browser-test/globals.html").Code != http.StatusOK || get(h, "/browser-test/harness.mjs").Code != http.StatusOK {
		t.Error("-pages browser-test: its files are 404")
	}
	if get(h, "/bench/bench.html").Code != http.StatusNotFound || get(h, "/serve/main.go").Code != http.StatusNotFound {
		t.Error("-pages browser-test serves more than that folder")
	}
	for _, bad := range []string{"js", "../internal", "a/b", ""} {
		if _, err := newAllowList(root, []string{bad}); err == nil {
			t.Errorf("-pages %q accepted", bad)
		}
	}
	// The files served are the ones listed, for warming.
	got := allow.files(root)
	want := []string{"/js/postrules.mjs", "/js/core.mjs", "/demo/demo.css", "/demo/demo.mjs", "/demo/index.html", "/browser-test/globals.html", "/browser-test/harness.mjs"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("files = %q, want %q", got, want)
	}
}

// fakeBrotli stands for node's brotli: "BR(" + data + ")", counting its calls.
func fakeBrotli(calls *int) brotliFunc {
	return func(in [][]byte) ([][]byte, error) {
		*calls++
		out := make([][]byte, len(in))
		for i, b := range in {
			out[i] = append(append([]byte("BR("), b...), ')')
		}
		return out, nil
	}
}

// With a brotli encoder, every text asset (HTML, CSS, JavaScript, JSON, the modules) is
// sent as brotli to a client that takes it and as gzip to one that takes only gzip;
// warming compresses them all in one call before the first request, and a file edited
// since is compressed again.
func TestBrotliForEveryTextAsset(t *testing.T) {
	root := t.TempDir()
	text := strings.Repeat("the same words again and again ", 200)
	for _, name := range []string{"demo/index.html", "demo/demo.css", "demo/demo.mjs", "demo/data.json", "js/core.mjs", "js/m.wasm", "js/README.md"} {
		write(t, root, name, text)
	}
	write(t, root, "demo/pic.png", text)
	calls := 0
	h := testHandler(t, root, fakeBrotli(&calls))
	n, err := h.cache.warm(h.allow.files(root))
	if err != nil || calls != 1 || n != 7 { // not the image
		t.Fatalf("warm: %d files in %d calls, %v", n, calls, err)
	}
	for _, name := range []string{"/demo/", "/demo/demo.css", "/demo/demo.mjs", "/demo/data.json", "/js/core.mjs", "/js/m.wasm", "/js/README.md"} {
		br := get(h, name, "Accept-Encoding", "gzip, deflate, br")
		if br.Header().Get("Content-Encoding") != "br" || br.Body.String() != "BR("+text+")" {
			t.Errorf("%s with br: %q, %d bytes", name, br.Header().Get("Content-Encoding"), br.Body.Len())
		}
		gz := get(h, name, "Accept-Encoding", "gzip")
		zr, err := gzip.NewReader(gz.Body)
		if err != nil || gz.Header().Get("Content-Encoding") != "gzip" {
			t.Errorf("%s with gzip: %q, %v", name, gz.Header().Get("Content-Encoding"), err)
			continue
		}
		if got, _ := io.ReadAll(zr); string(got) != text {
			t.Errorf("%s: the gzip body is not the file", name)
		}
		if id := get(h, name); id.Header().Get("Content-Encoding") != "" || id.Body.String() != text {
			t.Errorf("%s without Accept-Encoding: %q", name, id.Header().Get("Content-Encoding"))
		}
	}
	if calls != 1 {
		t.Errorf("served from the warmed cache: %d brotli calls, want 1", calls)
	}
	if enc := get(h, "/demo/pic.png", "Accept-Encoding", "br").Header().Get("Content-Encoding"); enc != "" {
		t.Errorf("an image is not compressed again: %q", enc)
	}
	p := write(t, root, "demo/demo.css", text+"/* edited */")
	later := time.Now().Add(time.Hour)
	os.Chtimes(p, later, later)
	if b := get(h, "/demo/demo.css", "Accept-Encoding", "br"); b.Body.String() != "BR("+text+"/* edited */)" || calls != 2 {
		t.Errorf("after an edit: %q, %d calls", b.Body.String(), calls)
	}
	// A failing encoder costs the client nothing but brotli: it gets gzip.
	h.cache.brotli = func([][]byte) ([][]byte, error) { return nil, io.ErrUnexpectedEOF }
	os.Chtimes(p, later.Add(time.Hour), later.Add(time.Hour))
	if enc := get(h, "/demo/demo.css", "Accept-Encoding", "br, gzip").Header().Get("Content-Encoding"); enc != "gzip" {
		t.Errorf("a failing brotli: %q, want gzip", enc)
	}
}
