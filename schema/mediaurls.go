package schema

import (
	"strconv"

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

// mediaFailures places the errors of Env.MediaErrors: every media item (of the post, and
// of each twitter target's thread items) whose URL has one gets it as a problem at the
// item's /url pointer, with the error's code and message. The post's items are not a
// target's (the file failed for every platform); a thread item's belong to its target.
func (d *doc) mediaFailures(p *CreatePost) {
	if len(d.mediaErrors) == 0 {
		return
	}
	place := func(items []MediaItem, prefix string, target int) {
		for k, it := range items {
			e, ok := d.mediaErrors[it.URL]
			if !ok || e == nil {
				continue
			}
			path := prefix + strconv.Itoa(k) + "/url"
			if d.brokenNear(path) {
				continue
			}
			d.addFound(foundProblem{err: d.problem(e.Code, path, e.Message), target: target})
		}
	}
	if !d.brokenNear("/mediaItems") {
		place(p.MediaItems, "/mediaItems/", -1)
	}
	for i := range p.Platforms {
		t := &p.Platforms[i]
		if t.Platform != rules.Twitter || t.Twitter == nil {
			continue
		}
		base := "/platforms/" + strconv.Itoa(i) + "/platformSpecificData/threadItems/"
		for k, it := range t.Twitter.ThreadItems {
			if path := base + strconv.Itoa(k) + "/mediaItems"; !d.brokenNear(path) {
				place(it.MediaItems, path+"/", i)
			}
		}
	}
}
