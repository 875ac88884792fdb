// Command serve serves the postrules composer demo on localhost: the wasm/ folder, that is
// the demo page (demo/) and the JavaScript package (js/, with the modules wasm/build.sh
// builds into it), compressed and cacheable as a real site would serve them.
//
//	bash wasm/build.sh && go run ./wasm/serve          # then open http://127.0.0.1:8080/
//
// Flags: -addr (default 127.0.0.1:8080; port 0 picks a free port) and -dir (the wasm/
// folder; by default ./wasm or ., whichever holds demo/index.html). It prints the demo's
// URL on its first line of output, so that a test can start it on port 0 and read it.
// It only ever listens where -addr says, loopback by default.
package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	dir := flag.String("dir", "", "the wasm/ folder to serve (default: ./wasm or .)")
	flag.Parse()
	if err := run(*addr, *dir); err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
}

func run(addr, dir string) error {
	root, err := findRoot(dir)
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(root, "js", "postrules-counter.wasm")); err != nil {
		fmt.Fprintln(os.Stderr, "serve: warning: js/postrules-counter.wasm is missing; run bash wasm/build.sh first")
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Printf("serving %s on http://%s/demo/\n", root, ln.Addr())
	return http.Serve(ln, handler(root))
}

// findRoot returns the folder to serve.
func findRoot(dir string) (string, error) {
	candidates := []string{dir}
	if dir == "" {
		candidates = []string{"wasm", "."}
	}
	for _, c := range candidates {
		if _, err := os.Stat(filepath.Join(c, "demo", "index.html")); err == nil {
			return filepath.Abs(c)
		}
	}
	return "", errors.New("no demo/index.html under " + strings.Join(candidates, " or ") + "; run from the repository root or pass -dir")
}

// handler serves root's files as a real site would: the types browsers insist on for
// modules and WebAssembly (compileStreaming needs application/wasm); compressed by the
// request's Accept-Encoding (brotli from the .br copy build.sh writes beside a file, gzip
// from its .gz copy or made once and kept); and cacheable: every answer has an ETag (a
// hash of the bytes sent), "Cache-Control: no-cache" (use the cached copy after a cheap
// revalidation, so a rebuilt module is picked up on reload) and 304 for a matching
// If-None-Match, so a reload of the demo transfers nothing.
func handler(root string) http.Handler {
	c := &cache{root: root, files: map[string]*entry{}}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/" {
			http.Redirect(w, r, "/demo/", http.StatusFound)
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := path.Clean("/" + r.URL.Path) // no ".." survives a rooted Clean
		if strings.HasSuffix(r.URL.Path, "/") {
			name = path.Join(name, "index.html")
		}
		body, err := c.get(name, encoding(r.Header.Get("Accept-Encoding")))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		h.Set("Content-Type", contentType(name))
		h.Set("Cache-Control", "no-cache")
		h.Set("Vary", "Accept-Encoding")
		h.Set("ETag", body.etag)
		if body.encoding != "" {
			h.Set("Content-Encoding", body.encoding)
		}
		if match(r.Header.Get("If-None-Match"), body.etag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		h.Set("Content-Length", strconv.Itoa(len(body.data)))
		if r.Method == http.MethodHead {
			return
		}
		w.Write(body.data)
	})
}

// contentType is the type of a file by its name.
func contentType(name string) string {
	switch path.Ext(name) {
	case ".wasm":
		return "application/wasm"
	case ".mjs", ".js":
		return "text/javascript; charset=utf-8"
	case ".html":
		return "text/html; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".json":
		return "application/json"
	}
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return "application/octet-stream"
}

// encoding picks the best coding the client accepts: "br", "gzip" or "" (identity). A
// coding with q=0 is refused.
func encoding(accept string) string {
	ok := map[string]bool{}
	for _, part := range strings.Split(accept, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		ok[strings.ToLower(strings.TrimSpace(name))] = q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	switch {
	case ok["br"]:
		return "br"
	case ok["gzip"]:
		return "gzip"
	}
	return ""
}

// match reports whether an If-None-Match header names etag.
func match(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}

// compressible lists the types worth compressing (not images, which are already).
var compressible = map[string]bool{".wasm": true, ".mjs": true, ".js": true, ".html": true, ".css": true, ".json": true, ".ts": true}

// cache keeps each file's bytes, per coding, until the file changes (size or time).
type cache struct {
	root  string
	mu    sync.Mutex
	files map[string]*entry
}

type entry struct {
	size    int64
	modTime time.Time
	bodies  map[string]*body
}

type body struct {
	data     []byte
	etag     string
	encoding string
}

func (c *cache) get(name, enc string) (*body, error) {
	file := filepath.Join(c.root, filepath.FromSlash(name))
	info, err := os.Stat(file)
	if err != nil || !info.Mode().IsRegular() {
		return nil, os.ErrNotExist
	}
	if !compressible[path.Ext(name)] {
		enc = ""
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.files[name]
	if e == nil || e.size != info.Size() || !e.modTime.Equal(info.ModTime()) {
		e = &entry{size: info.Size(), modTime: info.ModTime(), bodies: map[string]*body{}}
		c.files[name] = e
	}
	if b := e.bodies[enc]; b != nil && (b.encoding == enc || enc != "br" || !freshCopy(file+".br", info)) {
		return b, nil // (a .br copy that appeared since, as build.sh writes it last, is taken up)
	}
	data, used, err := load(file, info, enc)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(data)
	b := &body{data: data, encoding: used, etag: `"` + hex.EncodeToString(sum[:12]) + `"`}
	e.bodies[enc] = b
	return b, nil
}

// freshCopy reports whether the precompressed copy exists and is at least as new as
// the file it copies.
func freshCopy(copyName string, info os.FileInfo) bool {
	ci, err := os.Stat(copyName)
	return err == nil && !ci.ModTime().Before(info.ModTime())
}

// load reads file in the coding enc: a precompressed copy beside it (file.br, file.gz)
// when that is at least as new as the file, else gzip made here; brotli has no encoder
// in Go's standard library, so without a fresh .br copy the answer is gzip. It returns
// the bytes and the coding they are in.
func load(file string, info os.FileInfo, enc string) ([]byte, string, error) {
	fresh := func(suffix string) []byte {
		if !freshCopy(file+suffix, info) {
			return nil
		}
		b, err := os.ReadFile(file + suffix)
		if err != nil {
			return nil
		}
		return b
	}
	if enc == "br" {
		if b := fresh(".br"); b != nil {
			return b, "br", nil
		}
		enc = "gzip"
	}
	if enc == "gzip" {
		if b := fresh(".gz"); b != nil {
			return b, "gzip", nil
		}
	}
	data, err := os.ReadFile(file)
	if err != nil || enc != "gzip" {
		return data, "", err
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(data)
	if err := zw.Close(); err != nil {
		return nil, "", err
	}
	return buf.Bytes(), "gzip", nil
}
