package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/postrules/postrules/internal/statuswriter"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/schema"
	"github.com/postrules/postrules/schema/httpapi"
	"github.com/postrules/postrules/schema/jsonschema"
)

const serveUsage = `usage: validate serve [flags]

Serves the API's answers over HTTP, as a sandbox: the same verdicts as validate post and
validate draft, with the API's statuses and bodies. Nothing is ever published.

  POST /api/v2/posts                     202 and the success body for an acceptable post,
                                         else the API's error body and status
  POST /api/v2/drafts/{draftId}/publish  200 and the success body for a stored draft
                                         (DIR/{draftId}.json), else the error body;
                                         a published draft is gone (404), one being
                                         published answers 409
  GET  /openapi.json                     the OpenAPI document (validate schema openapi)
  GET  /v1/rules                         the whole rule book, media rules included, a JSON
                                         array (what validate rules --format json prints)
  GET  /healthz                          {"ok":true,"version","book","bookVersion","goVersion"}
                                         (as validate version --format json)
  GET  /metrics                          Prometheus text format: requests by endpoint,
                                         status and rule of the first problem; latency;
                                         postrules_build_info; go_* and process_*

Every answer of the two endpoints carries "X-Postrules-Sandbox: nothing was published";
an accepted one's postId is "sandbox_" and the request id. The endpoints want
"Authorization: Bearer <key>" (any well-formed key: the sandbox has no users). A draft is
read when it is published: DIR/{draftId}.json is claimed by renaming it into DIR/claimed/,
then moved into DIR/published/ (or back, when the publish is refused), so several
processes sharing DIR publish each draft once. Logs are JSON lines on stderr, one per request with its id
(X-Request-Id, taken from the request when it has a sane one, else made up, and echoed).
An answer of 1 KiB or more of JSON or text is gzip-compressed for a client whose
Accept-Encoding takes gzip. SIGTERM or SIGINT stops it gracefully: requests in flight are finished first.

Flags:
  --addr HOST:PORT     where to listen (default 127.0.0.1:8080; port 0 picks a free one,
                       logged as "addr" in the "serving" line)
  --accounts FILE      the connected accounts, a JSON array of {"platform","accountId"};
                       without it, target resolution is skipped
  --drafts DIR         the stored drafts, DIR/{draftId}.json (create-post shape)
  --now TIME           a fixed clock for scheduledFor, e.g. 2026-01-02T15:04:05Z
                       (default: the current time of each request)
  --counter graphemes|x-weighted
                       how twitter posts are counted (as validate post)
` + fetchFlagsUsage + `  --format text|json   accepted like everywhere; no effect (logs are JSON)
  -h, --help           print this text

Exit status: 0 after a graceful stop, 2 on a usage error, an unreadable file, or an
address it cannot listen on.
`

// Production manners of validate serve. The read timeout leaves a 1 MiB body 30 s (about
// 280 kbit/s); a client trickling its headers is dropped after 5 s.
const (
	defaultAddr            = "127.0.0.1:8080"
	defaultReadHeader      = 5 * time.Second
	defaultRead            = 30 * time.Second
	defaultWrite           = 30 * time.Second
	defaultIdle            = 120 * time.Second
	defaultMaxHeaderBytes  = 64 << 10
	defaultShutdownTimeout = 25 * time.Second // within Kubernetes' default 30 s grace period
)

// serveConfig is everything a sandbox server depends on; tests set short timeouts.
type serveConfig struct {
	accounts []rules.Account   // nil: target resolution skipped
	drafts   map[string][]byte // in memory (tests); used when draftsDir is ""
	// draftsDir is --drafts DIR: drafts are read from it as they are published, and
	// claimed with a rename, so several processes may share it (see dirDrafts).
	draftsDir string
	now       func() time.Time
	limits    rules.Limits
	logger    *slog.Logger
	fetcher   httpapi.MediaFetcher // --fetch-media; nil: media URLs are not read

	readHeaderTimeout, readTimeout, writeTimeout, idleTimeout time.Duration
	maxHeaderBytes                                            int
}

func runServe(c *cmdIO, args []string) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	vf := addVerdictFlags(fs)
	addr := fs.String("addr", defaultAddr, "HOST:PORT to listen on")
	draftsDir := fs.String("drafts", "", "directory of stored drafts")
	operands, code, ok := parseFlags(c, fs, serveUsage, args)
	if !ok {
		return code
	}
	if len(operands) > 0 {
		return usageError(c, "serve takes no arguments; unexpected %q", operands[0])
	}
	accounts, ok := vf.loadAccounts(c, &inputs{c: c})
	if !ok {
		return exitUsage
	}
	drafts, err := loadDrafts(*draftsDir)
	if err == nil && *draftsDir != "" {
		_, err = newDirDrafts(*draftsDir)
	}
	if err != nil {
		c.errorf("--drafts: %v", err)
		return exitUsage
	}
	now := c.now
	if vf.now.set {
		fixed := vf.now.t
		now = func() time.Time { return fixed }
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return usageError(c, "--addr: %v", err)
	}
	cfg := serveConfig{accounts: accounts, drafts: drafts, draftsDir: *draftsDir, now: now, limits: vf.limits,
		logger:            slog.New(slog.NewJSONHandler(c.stderr, nil)),
		readHeaderTimeout: defaultReadHeader, readTimeout: defaultRead, writeTimeout: defaultWrite,
		idleTimeout: defaultIdle, maxHeaderBytes: defaultMaxHeaderBytes}
	if f := vf.fetch.fetcher(); f != nil {
		cfg.fetcher = f
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	if err := serve(ctx, ln, cfg, defaultShutdownTimeout); err != nil {
		c.errorf("%v", err)
		return exitUsage
	}
	return exitValid
}

// serve answers on ln until ctx is done, then shuts down gracefully: it stops accepting,
// lets requests in flight finish (for at most grace) and returns.
func serve(ctx context.Context, ln net.Listener, cfg serveConfig, grace time.Duration) error {
	s := newSandbox(cfg)
	srv := s.server()
	cfg.logger.Info("serving", "addr", ln.Addr().String(), "drafts", len(cfg.drafts),
		"accounts", len(cfg.accounts), "sandbox", "nothing is published")
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	cfg.logger.Info("shutting down", "grace", grace.String())
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		cfg.logger.Error("shutdown", "err", err.Error())
		return err
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	cfg.logger.Info("stopped")
	return nil
}

// loadDrafts reads DIR/*.json as drafts, keyed by the name without .json; "" is none.
func loadDrafts(dir string) (map[string][]byte, error) {
	drafts := map[string][]byte{}
	if dir == "" {
		return drafts, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".json") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		drafts[strings.TrimSuffix(name, ".json")] = b
	}
	return drafts, nil
}

// sandbox is validate serve's handler: the routes on package httpapi's handlers, wrapped in
// the production manners (request id, recovery, metrics, a log line per request).
type sandbox struct {
	cfg     serveConfig
	mux     *http.ServeMux
	metrics *metrics
}

// sandboxHeader marks every answer of the two endpoints.
const sandboxHeader = "X-Postrules-Sandbox"

func newSandbox(cfg serveConfig) *sandbox {
	if cfg.now == nil {
		cfg.now = time.Now
	}
	if cfg.logger == nil {
		cfg.logger = slog.New(slog.DiscardHandler)
	}
	s := &sandbox{cfg: cfg, mux: http.NewServeMux(), metrics: newMetrics()}
	o := httpapi.Options{
		Now:        cfg.now,
		Logger:     cfg.logger,
		FetchMedia: cfg.fetcher,
		Authorize: func(r *http.Request, key string) (schema.Env, error) {
			return schema.Env{Accounts: cfg.accounts, Limits: cfg.limits}, nil
		},
		OnVerdict: func(r *http.Request, v schema.Verdict) {
			if info := infoOf(r); info != nil && len(v.Problems) > 0 {
				info.code, info.rule = v.Problems[0].Code, v.Problems[0].Rule
			}
		},
	}
	accepted := func(w http.ResponseWriter, r *http.Request, req httpapi.Request) {
		httpapi.WriteAccepted(w, req.Verdict, "sandbox_"+w.Header().Get("X-Request-Id"))
	}
	var drafts httpapi.DraftStore = httpapi.NewMemoryDrafts(cfg.drafts)
	if cfg.draftsDir != "" { // runServe made its subdirectories (newDirDrafts)
		drafts = &dirDrafts{dir: cfg.draftsDir}
	}
	// The endpoints are mounted on paths, not "POST ..." patterns, so that another method
	// gets the API's 405 body from the handler rather than ServeMux's text.
	s.mux.Handle("/api/v2/posts", sandboxed(httpapi.CreatePost(o, accepted)))
	s.mux.Handle("/api/v2/drafts/{draftId}/publish", sandboxed(httpapi.PublishDraft(o, drafts, accepted)))
	openapi, err := jsonschema.Document(jsonschema.DocOpenAPI)
	if err != nil { // the documents are built from the wire types; a failure is a bug
		panic("validate serve: " + err.Error())
	}
	s.mux.Handle("/openapi.json", getOnly(func(w http.ResponseWriter, r *http.Request) { writeBytes(w, "application/json", openapi) }))
	book, err := marshalJSON(fullBook()) // the whole book, media rules included, as validate rules lists it
	if err != nil {
		panic("validate serve: " + err.Error())
	}
	s.mux.Handle("/v1/rules", getOnly(func(w http.ResponseWriter, r *http.Request) { writeBytes(w, "application/json", book) }))
	health, err := marshalJSON(struct {
		OK bool `json:"ok"`
		versionInfo
	}{true, currentVersion()})
	if err != nil {
		panic("validate serve: " + err.Error())
	}
	s.mux.Handle("/healthz", getOnly(func(w http.ResponseWriter, r *http.Request) { writeBytes(w, "application/json", health) }))
	s.mux.Handle("/metrics", getOnly(func(w http.ResponseWriter, r *http.Request) {
		// The Prometheus text exposition format, version 0.0.4
		// (https://prometheus.io/docs/instrumenting/exposition_formats/).
		writeBytes(w, "text/plain; version=0.0.4; charset=utf-8", s.metrics.text())
	}))
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		refuse(w, r, apierror.CodeNotFound, "no endpoint at "+r.URL.Path+"; see GET /openapi.json")
	})
	return s
}

// server is the http.Server of the sandbox, with its timeouts and header cap.
func (s *sandbox) server() *http.Server {
	return &http.Server{
		Handler:           s,
		ReadHeaderTimeout: s.cfg.readHeaderTimeout,
		ReadTimeout:       s.cfg.readTimeout,
		WriteTimeout:      s.cfg.writeTimeout,
		IdleTimeout:       s.cfg.idleTimeout,
		MaxHeaderBytes:    s.cfg.maxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(s.cfg.logger.Handler(), slog.LevelWarn),
	}
}

// requestInfo is what the handlers learn about a request for its log line and metrics.
type requestInfo struct {
	id   string
	code apierror.Code
	rule string
}

type infoKey struct{}

func infoOf(r *http.Request) *requestInfo {
	info, _ := r.Context().Value(infoKey{}).(*requestInfo)
	return info
}

// ServeHTTP gives the request an id, routes it, recovers a panic into the API's 500, and
// counts and logs it.
func (s *sandbox) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	info := &requestInfo{id: requestID(r.Header.Get("X-Request-Id"))}
	w.Header().Set("X-Request-Id", info.id)
	r = r.WithContext(context.WithValue(r.Context(), infoKey{}, info))
	// RFC 9110 section 12.5.5: an answer that depends on Accept-Encoding says so, for caches.
	w.Header().Add("Vary", "Accept-Encoding")
	if acceptsGzip(r.Header.Get("Accept-Encoding")) {
		gw := &gzipWriter{ResponseWriter: w}
		defer gw.finish() // runs after the deferred log below: it sends what is held
		w = gw
	}
	sw := &statuswriter.Writer{ResponseWriter: w}
	defer func() {
		abort := false
		if p := recover(); p != nil {
			if p == http.ErrAbortHandler {
				panic(p)
			}
			s.cfg.logger.Error("panic", "id", info.id, "panic", slog.AnyValue(p).String(), "stack", string(debug.Stack()))
			if sw.Status == 0 {
				refuse(sw, r, apierror.CodeInternal, "the server failed on this request; this is the server's fault, not the request's")
			} else {
				// Part of an answer is out: cut the connection, so the client sees a broken
				// answer rather than a short one that looks whole.
				abort = true
			}
		}
		endpoint := r.Pattern
		if endpoint == "" || endpoint == "/" {
			endpoint = "other"
		}
		status := sw.Status
		if status == 0 {
			status = http.StatusOK
		}
		d := time.Since(start)
		s.metrics.observe(endpoint, status, info.rule, d)
		s.cfg.logger.Info("request", "id", info.id, "method", r.Method, "path", r.URL.Path,
			"status", status, "code", string(info.code), "rule", info.rule,
			"ms", float64(d.Microseconds())/1000, "remote", r.RemoteAddr)
		if abort {
			panic(http.ErrAbortHandler)
		}
	}()
	s.mux.ServeHTTP(sw, r)
}

// requestID is the client's X-Request-Id when it is 1 to 128 visible ASCII characters (so
// it is safe in a header and a log), else a new random one.
func requestID(given string) string {
	if len(given) > 0 && len(given) <= 128 {
		ok := true
		for i := 0; i < len(given); i++ {
			if given[i] <= ' ' || given[i] > '~' {
				ok = false
				break
			}
		}
		if ok {
			return given
		}
	}
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// sandboxed marks every answer of h as the sandbox's.
func sandboxed(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set(sandboxHeader, "nothing was published")
		h.ServeHTTP(w, r)
	})
}

// getOnly answers GET and HEAD with h, any other method 405 with the API's error body.
func getOnly(h http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			// RFC 9110 section 15.5.6: a 405 lists the allowed methods in Allow.
			w.Header().Set("Allow", "GET, HEAD")
			refuse(w, r, apierror.CodeMethodNotAllowed, r.Method+" is not allowed here; use GET")
			return
		}
		h(w, r)
	})
}

// refuse answers one problem of the request line with the API's error body.
func refuse(w http.ResponseWriter, r *http.Request, code apierror.Code, message string) {
	if info := infoOf(r); info != nil {
		info.code, info.rule = code, ""
	}
	httpapi.WriteError(w, schema.Refuse([]schema.Problem{{Code: code, Message: message}}))
}

func writeBytes(w http.ResponseWriter, contentType string, b []byte) {
	w.Header().Set("Content-Type", contentType)
	w.Write(b)
}
