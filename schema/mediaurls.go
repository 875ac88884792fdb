package schema

import (
	"github.com/postrules/postrules/rules"
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
