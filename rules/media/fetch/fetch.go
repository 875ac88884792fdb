// Package fetch reads the media files a request names by URL (mediaItems[].url) and gives
// each one's facts (media.Facts) or a clear problem, reading only what the media probe
// needs through HTTP Range requests: a 1 GB MP4 whose moov box sits at its end costs its
// head and its moov, a handful of requests.
//
// It is safe by default. Only https is fetched, except on the hosts the caller allows
// (Options.Allow), where plain http is taken too; a URL with credentials is refused. The
// address actually dialled, after every DNS answer and every redirect, must be a public
// unicast address: loopback, private (RFC 1918, fc00::/7), link-local (169.254.0.0/16,
// the cloud metadata address among them, fe80::/10), multicast, unspecified, shared
// (100.64.0.0/10) and the other special-purpose ranges are refused, in their IPv4-mapped
// IPv6 forms too, unless the host is allowed. Every fetch is bounded: connect, header and
// per-file timeouts, a redirect count, a byte budget per file and per call, and a number
// of files fetched at once. A server that ignores Range and streams is cut at the budget;
// a body with a Content-Encoding is never decoded (identity is asked for).
//
// The checks stay pure: a server calls [Fetcher.Media] with the URLs of the request
// (schema.MediaURLs) and passes the facts and the failures to the check in schema.Env's
// Media and MediaErrors. Every failure is a *apierror.Error whose Code is one of
// media_fetch_refused, media_unreachable, media_timeout, media_not_found,
// media_too_large, or the probe's own (media_empty, media_unrecognized, media_truncated,
// media_corrupt), and whose message starts with the URL.
package fetch

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"sync"
	"time"

	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
)

// Options bound a Fetcher. The zero value is safe: the defaults are in each field's
// comment.
type Options struct {
	// Allow are hosts, by name or IP address, that are fetched whatever their address
	// (loopback, private) and over plain http too: a test's 127.0.0.1, an intranet CDN.
	Allow []string
	// ConnectTimeout bounds a TCP connection and a TLS handshake; 0 is 5 s.
	ConnectTimeout time.Duration
	// HeaderTimeout bounds the wait for an answer's headers after the request is sent;
	// 0 is 10 s.
	HeaderTimeout time.Duration
	// FileTimeout bounds all the requests of one file together, bodies included (a server
	// that drips a byte a second is cut there); 0 is 30 s.
	FileTimeout time.Duration
	// MaxRedirects is how many redirects one request follows; 0 is 5, below 0 none.
	MaxRedirects int
	// FileBytes is the most read from one file, all its answers together; 0 is 16 MiB
	// (the moov of an hour of 60 fps video is a few MB).
	FileBytes int64
	// CallBytes is the most read by one call of Media, all its files together; 0 is
	// 64 MiB.
	CallBytes int64
	// MaxConcurrent is how many files one Fetcher reads at once, all calls together; 0 is
	// 4.
	MaxConcurrent int
	// BlockSize is the unit of a Range request: a read of the probe fetches the blocks
	// it touches, so that the many small reads of a header cost a few requests; 0 is
	// 64 KiB.
	BlockSize int
	// CacheEntries is how many files' facts are kept, by URL, with the validators their
	// server sent (ETag, Last-Modified): a URL seen again is asked with a conditional
	// request and a 304 answer reuses the facts. 0 is 256; below 0 no cache.
	CacheEntries int
}

func (o Options) withDefaults() Options {
	def := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&o.ConnectTimeout, 5*time.Second)
	def(&o.HeaderTimeout, 10*time.Second)
	def(&o.FileTimeout, 30*time.Second)
	if o.MaxRedirects == 0 {
		o.MaxRedirects = 5
	}
	if o.FileBytes <= 0 {
		o.FileBytes = 16 << 20
	}
	if o.CallBytes <= 0 {
		o.CallBytes = 64 << 20
	}
	if o.MaxConcurrent <= 0 {
		o.MaxConcurrent = 4
	}
	if o.BlockSize <= 0 {
		o.BlockSize = 64 << 10
	}
	if o.CacheEntries == 0 {
		o.CacheEntries = 256
	}
	return o
}

// Fetcher reads media URLs under its Options. It is safe for concurrent use; it holds
// its own HTTP client, cache and concurrency limit, nothing global.
type Fetcher struct {
	o      Options
	allow  allowList
	client *http.Client
	sem    chan struct{}
	cache  *cache

	// lookup resolves a host name; tests replace it to play DNS answers.
	lookup func(ctx context.Context, host string) ([]netip.Addr, error)
	// dialing, when set, sees every address just before it is dialled (tests).
	dialing func(netip.AddrPort)
}

// New returns a Fetcher bounded by o.
func New(o Options) *Fetcher {
	o = o.withDefaults()
	f := &Fetcher{o: o, allow: newAllowList(o.Allow), sem: make(chan struct{}, o.MaxConcurrent)}
	if o.CacheEntries > 0 {
		f.cache = newCache(o.CacheEntries)
	}
	f.lookup = func(ctx context.Context, host string) ([]netip.Addr, error) {
		return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
	}
	tr := &http.Transport{
		Proxy:                  nil, // a proxy would dial for us, past the address check
		DialContext:            f.dial,
		TLSHandshakeTimeout:    o.ConnectTimeout,
		ResponseHeaderTimeout:  o.HeaderTimeout,
		DisableCompression:     true,
		MaxIdleConns:           16,
		MaxIdleConnsPerHost:    4,
		IdleConnTimeout:        30 * time.Second,
		MaxResponseHeaderBytes: 64 << 10,
		ForceAttemptHTTP2:      true,
	}
	f.client = &http.Client{Transport: tr, CheckRedirect: f.checkRedirect}
	return f
}

// Result is what one URL gave.
type Result struct {
	// URL is the URL as given.
	URL string
	// Facts are the file's facts when Err is nil.
	Facts media.Facts
	// Err is why there are no facts: a *apierror.Error with an empty Path.
	Err *apierror.Error
	// Bytes is how many body bytes were read from the network for this URL, and
	// Requests how many requests were sent (redirects not counted).
	Bytes    int64
	Requests int
	// Cached is true when the facts came from the cache after a 304 answer.
	Cached bool
}

// Probe reads one URL and returns its result, under ctx (a caller that hangs up cancels
// the fetch) and the Fetcher's bounds; the call's byte budget is the URL's alone.
func (f *Fetcher) Probe(ctx context.Context, rawURL string) Result {
	return f.probe(ctx, rawURL, newBudget(f.o.CallBytes))
}

// Media reads every URL (each once, at most MaxConcurrent at a time) and returns the
// facts of those that could be read and the errors of the others, by URL: what
// schema.Env's Media and MediaErrors take. The maps are nil when empty. All the URLs
// share the call's byte budget (CallBytes).
func (f *Fetcher) Media(ctx context.Context, urls []string) (map[string]media.Facts, map[string]*apierror.Error) {
	var facts map[string]media.Facts
	var errs map[string]*apierror.Error
	for _, r := range f.ProbeAll(ctx, urls) {
		if r.Err != nil {
			if errs == nil {
				errs = map[string]*apierror.Error{}
			}
			errs[r.URL] = r.Err
			continue
		}
		if facts == nil {
			facts = map[string]media.Facts{}
		}
		facts[r.URL] = r.Facts
	}
	return facts, errs
}

// ProbeAll is Media with each URL's whole Result, in the order of urls with repeats
// left out.
func (f *Fetcher) ProbeAll(ctx context.Context, urls []string) []Result {
	b := newBudget(f.o.CallBytes)
	seen := make(map[string]bool, len(urls))
	out := make([]Result, 0, len(urls))
	for _, u := range urls {
		if !seen[u] {
			seen[u] = true
			out = append(out, Result{URL: u})
		}
	}
	var wg sync.WaitGroup
	for i := range out {
		wg.Add(1)
		go func(r *Result) {
			defer wg.Done()
			*r = f.probe(ctx, r.URL, b)
		}(&out[i])
	}
	wg.Wait()
	return out
}

// probe reads one URL under the shared budget b, waiting for a slot of the concurrency
// limit (the wait counts against the caller's context, not the file's timeout).
func (f *Fetcher) probe(ctx context.Context, rawURL string, b *budget) (res Result) {
	res.URL = rawURL
	u, err := url.Parse(rawURL)
	if err != nil {
		res.Err = failure(apierror.CodeMediaFetchRefused, rawURL, "the URL does not parse")
		return res
	}
	if why := f.allow.checkURL(u); why != "" {
		res.Err = failure(apierror.CodeMediaFetchRefused, rawURL, why)
		return res
	}
	select {
	case f.sem <- struct{}{}:
		defer func() { <-f.sem }()
	case <-ctx.Done():
		res.Err = failure(apierror.CodeMediaTimeout, rawURL, "the request was canceled before the file was read")
		return res
	}
	fctx, cancel := context.WithTimeout(ctx, f.o.FileTimeout)
	defer cancel()
	r := &remote{f: f, ctx: fctx, parent: ctx, raw: rawURL, url: u.String(), budget: b, fileLeft: f.o.FileBytes, block: int64(f.o.BlockSize)}
	defer func() { res.Bytes, res.Requests = r.read, r.requests }()

	var cached *entry
	if f.cache != nil {
		cached = f.cache.get(rawURL)
	}
	if err := r.open(cached); err != nil {
		res.Err = err
		return res
	}
	if r.notModified {
		res.Facts, res.Cached = cached.facts, true
		return res
	}
	facts, perr := media.Probe(r, r.size)
	switch {
	case r.err != nil:
		res.Err = r.err
	case perr != nil:
		e := apierror.As(perr)
		if e == nil {
			e = apierror.New(apierror.CodeInternal, "", perr.Error())
		}
		res.Err = failure(e.Code, rawURL, e.Message)
		res.Err.Offset = e.Offset
	default:
		res.Facts = facts
		if f.cache != nil && (r.etag != "" || r.lastModified != "") {
			f.cache.put(rawURL, &entry{facts: facts, etag: r.etag, lastModified: r.lastModified})
		}
	}
	return res
}

// failure is a fetch problem: code, and a message that starts with the URL.
func failure(code apierror.Code, rawURL, reason string) *apierror.Error {
	return apierror.New(code, "", rawURL+": "+reason)
}
