package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The demo's files as the browser needs them: modules as JavaScript, the module as
// application/wasm (instantiateStreaming refuses anything else), no caching, and the
// root sent to the demo.
func TestHandler(t *testing.T) {
	root := t.TempDir()
	for name, body := range map[string]string{
		"demo/index.html": "<!doctype html>", "js/postrules.mjs": "export {}",
		"dist/postrules-counter.wasm": "\x00asm", "dist/wasm_exec.js": "x",
	} {
		p := filepath.Join(root, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(body), 0o644)
	}
	h := handler(root)
	for _, tc := range []struct{ path, ctype string }{
		{"/dist/postrules-counter.wasm", "application/wasm"},
		{"/js/postrules.mjs", "text/javascript; charset=utf-8"},
		{"/dist/wasm_exec.js", "text/javascript; charset=utf-8"},
		{"/demo/", "text/html; charset=utf-8"},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", tc.path, nil))
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != tc.ctype || rec.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("%s: %d %q %q", tc.path, rec.Code, rec.Header().Get("Content-Type"), rec.Header().Get("Cache-Control"))
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
