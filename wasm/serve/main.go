// Command serve serves the postrules composer demo on localhost: the wasm/ folder, that is
// the demo page (demo/), the JavaScript package (js/) and the built modules (dist/, made by
// wasm/build.sh).
//
//	bash wasm/build.sh && go run ./wasm/serve          # then open http://127.0.0.1:8080/
//
// Flags: -addr (default 127.0.0.1:8080; port 0 picks a free port) and -dir (the wasm/
// folder; by default ./wasm or ., whichever holds demo/index.html). It prints the demo's
// URL on its first line of output, so that a test can start it on port 0 and read it.
// It only ever listens where -addr says, loopback by default.
package main

import (
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
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
	if _, err := os.Stat(filepath.Join(root, "dist", "postrules-counter.wasm")); err != nil {
		fmt.Fprintln(os.Stderr, "serve: warning: dist/postrules-counter.wasm is missing; run bash wasm/build.sh first")
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

// handler serves root's files with the types browsers insist on for modules and
// WebAssembly (instantiateStreaming needs application/wasm), and without caching, so a
// rebuilt module is picked up on reload.
func handler(root string) http.Handler {
	files := http.FileServer(http.Dir(root))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/" {
			http.Redirect(w, r, "/demo/", http.StatusFound)
			return
		}
		switch filepath.Ext(r.URL.Path) {
		case ".wasm":
			w.Header().Set("Content-Type", "application/wasm")
		case ".mjs", ".js":
			w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		}
		w.Header().Set("Cache-Control", "no-store")
		files.ServeHTTP(w, r)
	})
}
