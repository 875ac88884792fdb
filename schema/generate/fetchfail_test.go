package generate

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
	"github.com/postrules/postrules/rules/media/fetch"
)

// TestNotMediaIsWhatTheProbeSays: each file of notMedia is refused by the probe with the
// code it stands for, so a probe code's case carries the probe's own words for it; if the
// probe came to read one of them otherwise, its generator would promise a failure the
// fetcher never passes on.
func TestNotMediaIsWhatTheProbeSays(t *testing.T) {
	for _, code := range []apierror.Code{apierror.CodeMediaEmpty, apierror.CodeMediaUnrecognized, apierror.CodeMediaTruncated, apierror.CodeMediaCorrupt} {
		b, ok := notMedia[code]
		if !ok {
			t.Errorf("%s: no file in notMedia", code)
			continue
		}
		_, err := media.Probe(bytes.NewReader(b), int64(len(b)))
		e := apierror.As(err)
		if e == nil || e.Code != code {
			t.Errorf("%s: the probe answers %v for its file", code, err)
			continue
		}
		if w := probeFailures()[code]; w == "" || w != e.Message {
			t.Errorf("%s: the case's words %q are not the probe's %q", code, w, e.Message)
		}
	}
}

// TestEveryMediaFailureCodeHasAGenerator: the nine codes Env.MediaErrors carries (the
// fetcher's five and the probe's four, which the fetcher passes on) each have a
// generator, and none is listed as unreachable.
func TestEveryMediaFailureCodeHasAGenerator(t *testing.T) {
	for _, code := range []apierror.Code{apierror.CodeMediaFetchRefused, apierror.CodeMediaUnreachable, apierror.CodeMediaTimeout,
		apierror.CodeMediaNotFound, apierror.CodeMediaTooLarge, apierror.CodeMediaEmpty, apierror.CodeMediaUnrecognized,
		apierror.CodeMediaTruncated, apierror.CodeMediaCorrupt} {
		if _, ok := builders()[string(code)]; !ok {
			t.Errorf("%s has no generator", code)
		}
		if why, ok := Unreachable[code]; ok {
			t.Errorf("%s is listed as unreachable: %s", code, why)
		}
	}
}

// TestProbeCodesThroughTheFetcher: a probe code's case is what a real fetch gives. The
// fetcher reads, from a loopback server, the file of notMedia that stands for the code; its
// failure, put in place of the case's, keeps the case's promise (the same code at the same
// item's /url), so a test that serves such a file at that URL meets the line's answer.
func TestProbeCodesThroughTheFetcher(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b := notMedia[apierror.Code(strings.TrimPrefix(r.URL.Path, "/"))]
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(b))
	}))
	defer srv.Close()
	u, err := url.Parse(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	f := fetch.New(fetch.Options{Allow: []string{u.Hostname()}})
	for code := range notMedia {
		served := srv.URL + "/" + string(code)
		_, errs := f.Media(context.Background(), []string{served})
		got := errs[served]
		if got == nil || got.Code != code {
			t.Fatalf("%s: the fetcher gives %v for its file", code, got)
		}
		cs, err := Sample(string(code), Options{}, 3, 20)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			if len(c.MediaErrors) != 1 {
				t.Fatalf("%s: %d failing files, want 1", code, len(c.MediaErrors))
			}
			for at := range c.MediaErrors {
				c.MediaErrors[at] = got
			}
			if err := c.Keeps(c.Check()); err != nil {
				t.Fatalf("%s, with the fetcher's own failure: %v", code, err)
			}
		}
	}
}
