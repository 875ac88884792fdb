package httpapi

import (
	"context"
	"net/http"

	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
	"github.com/postrules/postrules/schema"
)

// MediaFetcher reads media URLs into facts and failures, as rules/media/fetch's
// *Fetcher does with its Media method: set Options.FetchMedia to one to judge the media
// a request names. It is called with the request's context, so a client that hangs up
// cancels the fetches.
type MediaFetcher interface {
	Media(ctx context.Context, urls []string) (map[string]media.Facts, map[string]*apierror.Error)
}

// withMedia fills env.Media and env.MediaErrors from o.FetchMedia for the media URLs of
// doc (the request body, or the stored draft of a draft publish) before the check, which
// stays pure. URLs whose facts Authorize already gave are not fetched again.
func (o Options) withMedia(r *http.Request, doc []byte, env schema.Env) schema.Env {
	if o.FetchMedia == nil || doc == nil {
		return env
	}
	return env.WithFetchedMedia(doc, func(urls []string) (map[string]media.Facts, map[string]*apierror.Error) {
		return o.FetchMedia.Media(r.Context(), urls)
	})
}
