package schema

import (
	"maps"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
)

// MediaURLs lists the distinct media URLs of a create-post shaped document (a request
// body or a stored draft), in the order they first appear: the post's
// mediaItems[].url, then each twitter target's threadItems[].mediaItems[].url. A URL the
// shape check refuses (not an absolute http or https URL) is left out, and so is every
// URL of a body that does not decode (maxBodyBytes as Env.MaxBodyBytes). It is what a
// server hands to a media fetcher (rules/media/fetch) before the check, which then reads
// the facts from Env.Media and the failures from Env.MediaErrors: the check itself never
// fetches. The cost is one decode of the body.
func MediaURLs(body []byte, maxBodyBytes int) []string {
	post, dec := decodeCreatePostLimited(body, maxBodyBytes, -1, originBody)
	if dec.fatal != nil || post == nil {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	add := func(items []MediaItem) {
		for _, it := range items {
			if !seen[it.URL] && validMediaURL(it.URL) {
				seen[it.URL] = true
				out = append(out, it.URL)
			}
		}
	}
	add(post.MediaItems)
	for _, t := range post.Platforms {
		if t.Platform == rules.Twitter && t.Twitter != nil {
			for _, it := range t.Twitter.ThreadItems {
				add(it.MediaItems)
			}
		}
	}
	return out
}

// WithFetchedMedia returns env with what fetch gives for the media URLs of doc (see
// MediaURLs) that env.Media does not hold yet: their facts added to Media and their
// failures to MediaErrors, in new maps (env's own maps are not changed). fetch is not
// called when there is no such URL. It is how a server fills Env from a media fetcher
// (rules/media/fetch's Fetcher.Media) before the check, which stays pure; schema/httpapi
// and `validate --fetch-media` use it.
func (env Env) WithFetchedMedia(doc []byte, fetch func(urls []string) (map[string]media.Facts, map[string]*apierror.Error)) Env {
	var urls []string
	for _, u := range MediaURLs(doc, env.MaxBodyBytes) {
		if _, known := env.Media[u]; !known {
			urls = append(urls, u)
		}
	}
	if len(urls) == 0 {
		return env
	}
	facts, errs := fetch(urls)
	if len(facts) > 0 {
		env.Media = merged(env.Media, facts)
	}
	if len(errs) > 0 {
		env.MediaErrors = merged(env.MediaErrors, errs)
	}
	return env
}

// merged is a new map holding a's entries, then b's.
func merged[V any](a, b map[string]V) map[string]V {
	m := make(map[string]V, len(a)+len(b))
	maps.Copy(m, a)
	maps.Copy(m, b)
	return m
}
