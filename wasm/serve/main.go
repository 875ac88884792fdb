// Command serve serves the postrules composer demo on localhost: the demo page (demo/)
// and the JavaScript package (js/: the files its package.json publishes, with the
// modules wasm/build.sh builds into it), compressed and cacheable as a real site would
// serve them. Nothing else of the wasm/ folder (Go sources, scripts, tests) is served.
//
//	bash wasm/build.sh && go run ./wasm/serve          # then open http://127.0.0.1:8080/
//
// Flags: -addr (default 127.0.0.1:8080; port 0 picks a free port), -dir (the wasm/
// folder; by default ./wasm or ., whichever holds demo/index.html) and -pages (more
// folders of -dir whose web pages and modules are served too, e.g. browser-test,bench for
// the browser suite and the Chromium benchmark). It prints the demo's URL on its first
// line of output, so that a test can start it on port 0 and read it. It only ever listens
// where -addr says, loopback by default.
package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	dir := flag.String("dir", "", "the wasm/ folder to serve (default: ./wasm or .)")
	pages := flag.String("pages", "", "comma-separated folders of -dir whose pages are served too (e.g. browser-test,bench)")
	flag.Parse()
	if err := run(*addr, *dir, *pages); err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
}

func run(addr, dir, pages string) error {
	root, err := findRoot(dir)
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(root, "js", "postrules-counter.wasm")); err != nil {
		fmt.Fprintln(os.Stderr, "serve: warning: js/postrules-counter.wasm is missing; run bash wasm/build.sh first")
	}
	var extra []string
	if pages != "" {
		extra = strings.Split(pages, ",")
	}
	allow, err := newAllowList(root, extra)
	if err != nil {
		return err
	}
	br := nodeBrotli()
	if br == nil {
		fmt.Fprintln(os.Stderr, "serve: warning: node not found; brotli is sent only where build.sh left a .br copy, gzip otherwise")
	}
	h := newHandler(root, allow, br)
	t0 := time.Now()
	n, err := h.cache.warm(allow.files(root))
	if err != nil {
		fmt.Fprintln(os.Stderr, "serve: warning: brotli:", err)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Printf("serving %s on http://%s/demo/\n", root, ln.Addr())
	fmt.Printf("compressed %d files with brotli in %d ms\n", n, time.Since(t0).Milliseconds())
	return http.Serve(ln, h)
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

// webTypes are the extensions a page folder may serve: pages, styles, modules, data and
// images. Go sources, shell scripts, TypeScript and the .br/.gz copies are not among them.
var webTypes = map[string]bool{
	".html": true, ".css": true, ".mjs": true, ".js": true, ".json": true,
	".svg": true, ".png": true, ".jpg": true, ".webp": true, ".ico": true,
}

// allowList says which paths are served: every web file of the page folders (demo/ and
// the -pages ones, at any depth, no dot files), and in js/ exactly the files the
// package's package.json publishes ("files").
type allowList struct {
	pages   []string        // folder names, e.g. "demo"
	pkg     map[string]bool // file names in js/
	pkgList []string
}

func newAllowList(root string, extra []string) (*allowList, error) {
	a := &allowList{pages: []string{"demo"}, pkg: map[string]bool{}}
	for _, p := range extra {
		p = strings.TrimSpace(p)
		if p == "" || p == "js" || strings.HasPrefix(p, ".") || strings.ContainsAny(p, "/\\") {
			return nil, fmt.Errorf("-pages: %q is not a folder of the wasm/ folder", p)
		}
		a.pages = append(a.pages, p)
	}
	raw, err := os.ReadFile(filepath.Join(root, "js", "package.json"))
	if err != nil {
		return nil, fmt.Errorf("the package's files: %w", err)
	}
	var pj struct {
		Files []string `json:"files"`
	}
	if err := json.Unmarshal(raw, &pj); err != nil {
		return nil, fmt.Errorf("js/package.json: %w", err)
	}
	for _, f := range pj.Files {
		if f == "" || strings.ContainsAny(f, "/*\\") {
			return nil, fmt.Errorf("js/package.json: files entry %q is not a plain file name", f)
		}
		a.pkg[f] = true
		a.pkgList = append(a.pkgList, f)
	}
	return a, nil
}

// allows reports whether the cleaned, rooted path name may be served.
func (a *allowList) allows(name string) bool {
	parts := strings.Split(strings.TrimPrefix(name, "/"), "/")
	for _, p := range parts {
		if p == "" || strings.HasPrefix(p, ".") || p == "node_modules" {
			return false
		}
	}
	if len(parts) == 2 && parts[0] == "js" {
		return a.pkg[parts[1]]
	}
	return len(parts) >= 2 && slices.Contains(a.pages, parts[0]) && webTypes[path.Ext(name)]
}

// files lists the served files that exist under root, as rooted paths.
func (a *allowList) files(root string) []string {
	var out []string
	for _, f := range a.pkgList {
		if st, err := os.Stat(filepath.Join(root, "js", f)); err == nil && st.Mode().IsRegular() {
			out = append(out, "/js/"+f)
		}
	}
	for _, p := range a.pages {
		filepath.WalkDir(filepath.Join(root, p), func(file string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			rel, _ := filepath.Rel(root, file)
			name := "/" + filepath.ToSlash(rel)
			if d.IsDir() && d.Name() != p && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			if d.Type().IsRegular() && a.allows(name) {
				out = append(out, name)
			}
			return nil
		})
	}
	return out
}

// handler serves the allowed files of root as a real site would: the types browsers
// insist on for modules and WebAssembly (compileStreaming needs application/wasm);
// compressed by the request's Accept-Encoding (brotli for every text asset and module,
// from the .br copy build.sh writes beside a file or made here with node's zlib; gzip
// from a .gz copy or made here; both kept until the file changes); and cacheable: every
// answer has an ETag (a hash of the bytes sent), "Cache-Control: no-cache" (use the
// cached copy after a cheap revalidation, so a rebuilt module is picked up on reload) and
// 304 for a matching If-None-Match, so a reload of the demo transfers nothing. Anything
// not on the allow list is 404, whether or not it exists.
type handler struct {
	allow *allowList
	cache *cache
}

// newHandler serves root's allowed files; br compresses with brotli (nil: none here).
func newHandler(root string, allow *allowList, br brotliFunc) *handler {
	return &handler{allow: allow, cache: &cache{root: root, files: map[string]*entry{}, brotli: br}}
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
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
	if !h.allow.allows(name) {
		http.NotFound(w, r)
		return
	}
	body, err := h.cache.get(name, encoding(r.Header.Get("Accept-Encoding")))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", contentType(name))
	hd.Set("Cache-Control", "no-cache")
	hd.Set("Vary", "Accept-Encoding")
	hd.Set("ETag", body.etag)
	if body.encoding != "" {
		hd.Set("Content-Encoding", body.encoding)
	}
	if match(r.Header.Get("If-None-Match"), body.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	hd.Set("Content-Length", strconv.Itoa(len(body.data)))
	if r.Method == http.MethodHead {
		return
	}
	w.Write(body.data)
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
	case ".ts":
		return "text/plain; charset=utf-8"
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

// compressible lists the types worth compressing: every text asset and the modules (not
// images, which are compressed already).
var compressible = map[string]bool{
	".wasm": true, ".mjs": true, ".js": true, ".html": true, ".css": true, ".json": true,
	".ts": true, ".svg": true, ".md": true, "": true, // README.md, LICENSE-go
}

func isCompressible(name string) bool {
	ext := path.Ext(name)
	if strings.HasPrefix(path.Base(name), "LICENSE") {
		ext = ""
	}
	return compressible[ext]
}

// brotliFunc compresses each input with brotli, in one go.
type brotliFunc func(inputs [][]byte) ([][]byte, error)

// nodeBrotliScript reads length-prefixed inputs on stdin and writes each one's brotli
// compression, length-prefixed, on stdout (quality 11 up to 1 MiB, 5 above: a 10 MB
// module at 11 takes half a minute; build.sh leaves quality-11 copies of the modules).
const nodeBrotliScript = `const z = require('node:zlib'); const chunks = [];
process.stdin.on('data', (d) => chunks.push(d)).on('end', () => {
  const b = Buffer.concat(chunks); const out = [];
  for (let i = 0; i < b.length;) {
    const n = b.readUInt32BE(i); const x = b.subarray(i + 4, i + 4 + n); i += 4 + n;
    const y = z.brotliCompressSync(x, { params: { [z.constants.BROTLI_PARAM_QUALITY]: n > 1 << 20 ? 5 : 11, [z.constants.BROTLI_PARAM_SIZE_HINT]: n } });
    const h = Buffer.alloc(4); h.writeUInt32BE(y.length); out.push(h, y);
  }
  process.stdout.write(Buffer.concat(out));
});`

// nodeBrotli is brotli by node's zlib (Go's standard library has no brotli encoder, and
// this dev server takes no dependency for one), or nil when node is not on PATH.
func nodeBrotli() brotliFunc {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil
	}
	return func(inputs [][]byte) ([][]byte, error) {
		var in bytes.Buffer
		for _, b := range inputs {
			in.Write(binary.BigEndian.AppendUint32(nil, uint32(len(b))))
			in.Write(b)
		}
		cmd := exec.Command(node, "-e", nodeBrotliScript)
		cmd.Stdin = &in
		var out, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &stderr
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("node: %v: %s", err, stderr.Bytes())
		}
		res := make([][]byte, 0, len(inputs))
		for range inputs {
			var n uint32
			if err := binary.Read(&out, binary.BigEndian, &n); err != nil {
				return nil, fmt.Errorf("node: short answer: %v", err)
			}
			b := make([]byte, n)
			if _, err := io.ReadFull(&out, b); err != nil {
				return nil, fmt.Errorf("node: short answer: %v", err)
			}
			res = append(res, b)
		}
		return res, nil
	}
}

// cache keeps each file's bytes, per coding, until the file changes (size or time).
type cache struct {
	root   string
	brotli brotliFunc
	mu     sync.Mutex
	files  map[string]*entry
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

func newBody(data []byte, enc string) *body {
	sum := sha256.Sum256(data)
	return &body{data: data, encoding: enc, etag: `"` + hex.EncodeToString(sum[:12]) + `"`}
}

// entryFor returns name's entry, a fresh one when the file changed; c.mu is held.
func (c *cache) entryFor(name string, info os.FileInfo) *entry {
	e := c.files[name]
	if e == nil || e.size != info.Size() || !e.modTime.Equal(info.ModTime()) {
		e = &entry{size: info.Size(), modTime: info.ModTime(), bodies: map[string]*body{}}
		c.files[name] = e
	}
	return e
}

func (c *cache) get(name, enc string) (*body, error) {
	file := filepath.Join(c.root, filepath.FromSlash(name))
	info, err := os.Stat(file)
	if err != nil || !info.Mode().IsRegular() {
		return nil, os.ErrNotExist
	}
	if !isCompressible(name) {
		enc = ""
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.entryFor(name, info)
	if b := e.bodies[enc]; b != nil && (b.encoding == enc || enc != "br" || !freshCopy(file+".br", info)) {
		return b, nil // (a .br copy that appeared since, as build.sh writes it last, is taken up)
	}
	data, used, err := c.load(file, info, enc)
	if err != nil {
		return nil, err
	}
	b := newBody(data, used)
	e.bodies[enc] = b
	return b, nil
}

// warm compresses the compressible ones of names with brotli now, in one call, so that
// the first page load does not wait for it; it returns how many it compressed.
func (c *cache) warm(names []string) (int, error) {
	if c.brotli == nil {
		return 0, nil
	}
	type job struct {
		name string
		info os.FileInfo
	}
	var jobs []job
	var inputs [][]byte
	for _, name := range names {
		file := filepath.Join(c.root, filepath.FromSlash(name))
		info, err := os.Stat(file)
		if err != nil || !isCompressible(name) || freshCopy(file+".br", info) {
			continue
		}
		data, err := os.ReadFile(file)
		if err != nil {
			continue
		}
		jobs = append(jobs, job{name, info})
		inputs = append(inputs, data)
	}
	if len(jobs) == 0 {
		return 0, nil
	}
	out, err := c.brotli(inputs)
	if err != nil {
		return 0, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, j := range jobs {
		c.entryFor(j.name, j.info).bodies["br"] = newBody(out[i], "br")
	}
	return len(jobs), nil
}

// freshCopy reports whether the precompressed copy exists and is at least as new as
// the file it copies.
func freshCopy(copyName string, info os.FileInfo) bool {
	ci, err := os.Stat(copyName)
	return err == nil && !ci.ModTime().Before(info.ModTime())
}

// load reads file in the coding enc: a precompressed copy beside it (file.br, file.gz)
// when that is at least as new as the file, else compressed here (brotli through
// c.brotli, gzip with compress/gzip); without brotli here, a brotli client gets gzip. It
// returns the bytes and the coding they are in.
func (c *cache) load(file string, info os.FileInfo, enc string) ([]byte, string, error) {
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
	}
	if enc == "gzip" || (enc == "br" && c.brotli == nil) {
		if b := fresh(".gz"); b != nil {
			return b, "gzip", nil
		}
		enc = "gzip"
	}
	data, err := os.ReadFile(file)
	if err != nil || enc == "" {
		return data, "", err
	}
	if enc == "br" {
		out, err := c.brotli([][]byte{data})
		if err == nil {
			return out[0], "br", nil
		}
		fmt.Fprintln(os.Stderr, "serve: brotli:", err, "(sending gzip)")
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(data)
	if err := zw.Close(); err != nil {
		return nil, "", err
	}
	return buf.Bytes(), "gzip", nil
}
