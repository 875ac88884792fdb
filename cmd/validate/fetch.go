package main

import (
	"context"
	"flag"
	"strings"
	"time"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
	"github.com/postrules/postrules/rules/media/fetch"
	"github.com/postrules/postrules/schema"
)

// fetchFlagsUsage documents --fetch-media and --fetch-allow (post, draft, serve).
const fetchFlagsUsage = `  --fetch-media        read each mediaItems[].url with bounded HTTP Range requests and
                       judge its file as --media does; a URL that cannot be read is a
                       problem at its item's /url (media_fetch_refused, media_unreachable,
                       media_timeout, media_not_found, media_too_large). https only;
                       loopback, private and link-local addresses are refused
  --fetch-allow HOST[,HOST...]
                       hosts (names or IP addresses) fetched whatever their address, and
                       over plain http too, e.g. 127.0.0.1 for a local test server
`

// fetchFlags are --fetch-media and --fetch-allow.
type fetchFlags struct {
	on    bool
	allow []string
}

func addFetchFlags(fs *flag.FlagSet) *fetchFlags {
	ff := addFetchAllow(fs)
	fs.BoolVar(&ff.on, "fetch-media", false, "read the media URLs of the request and judge their files")
	return ff
}

// addFetchAllow is --fetch-allow alone (validate media, which reads a URL when given one).
func addFetchAllow(fs *flag.FlagSet) *fetchFlags {
	ff := &fetchFlags{}
	fs.Func("fetch-allow", "HOST[,HOST...]: hosts fetched whatever their address, over http too", func(s string) error {
		for _, h := range strings.Split(s, ",") {
			if h = strings.TrimSpace(h); h == "" {
				return errorString("an empty host in " + s)
			}
			ff.allow = append(ff.allow, h)
		}
		return nil
	})
	return ff
}

// fetcher is the Fetcher of the flags, or nil when --fetch-media is off.
func (ff *fetchFlags) fetcher() *fetch.Fetcher {
	if ff == nil || !ff.on {
		return nil
	}
	return newFetcher(ff.allow)
}

// newFetcher is the CLI's fetcher: the package's defaults, the allowed hosts.
func newFetcher(allow []string) *fetch.Fetcher {
	return fetch.New(fetch.Options{Allow: allow})
}

// withFetchedMedia reads the media URLs of doc (a body, or a stored draft) into env when
// --fetch-media is on. URLs given with --media keep their file's facts.
func withFetchedMedia(f *fetch.Fetcher, doc []byte, env schema.Env) schema.Env {
	if f == nil {
		return env
	}
	return env.WithFetchedMedia(doc, func(urls []string) (map[string]media.Facts, map[string]*apierror.Error) {
		return f.Media(context.Background(), urls)
	})
}

// isURL reports whether a media operand is a URL to fetch rather than a file.
func isURL(name string) bool {
	return strings.HasPrefix(name, "https://") || strings.HasPrefix(name, "http://")
}

// probeURL fetches and probes a URL for validate media: the report is the one a file
// gives, with the fetch's error (offset -1) when it could not be read, its message
// without the URL that the report's file already names.
func probeURL(f *fetch.Fetcher, u string, platforms []rules.Platform) media.Report {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	r := f.Probe(ctx, u)
	if r.Err != nil {
		// The report names the URL as its file; the message need not repeat it.
		e := *r.Err
		e.Message = strings.TrimPrefix(e.Message, u+": ")
		return media.NewReport(u, media.Facts{}, &e, platforms)
	}
	return media.NewReport(u, r.Facts, nil, platforms)
}
