package schema

import (
	"strconv"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
)

// The media checks of a document: the files whose facts could not be had
// (Env.MediaErrors), then the platforms' media rules on the facts the caller gave
// (Env.Media). Neither fetches anything.

// mediaGroup is media items judged together: those of the post, or of one thread item,
// for one platform, as target's problems, each at prefix and its index.
type mediaGroup struct {
	platform rules.Platform
	target   int
	items    []MediaItem
	prefix   string
}

// judgeMedia appends to f the failures of Env.MediaErrors (mediaFailures), then applies
// the platforms' media rules (media.Judge) to the media files whose facts the caller gave
// (facts): the post's media for every platform it targets, and a twitter thread item's
// media for twitter. A platform is judged once per file however many of its targets post
// it (the problem names the first), so the cost is linear in the media and at most ten
// platforms. Every problem is at its item's pointer; at is where each target is
// (targetsAt).
func judgeMedia(f *findings, broken *brokenSet, p *CreatePost, at []targetAt, facts map[string]media.Facts, failed map[string]*apierror.Error) {
	mediaFailures(f, broken, p, failed)
	if len(facts) == 0 {
		return
	}
	var groups []mediaGroup
	judged := map[rules.Platform]bool{}
	for i := range p.Platforms {
		t := &p.Platforms[i]
		if judged[t.Platform] || !t.Platform.Valid() || !at[i].read {
			continue
		}
		judged[t.Platform] = true
		if !broken.near("/mediaItems") {
			groups = append(groups, mediaGroup{t.Platform, i, p.MediaItems, "/mediaItems/"})
		}
		if t.Platform == rules.Twitter && t.Twitter != nil {
			base := at[i].base + "/platformSpecificData/threadItems/"
			for k, it := range t.Twitter.ThreadItems {
				if path := base + strconv.Itoa(k) + "/mediaItems"; !broken.near(path) {
					groups = append(groups, mediaGroup{rules.Twitter, i, it.MediaItems, path + "/"})
				}
			}
		}
	}
	for _, g := range groups {
		for k, it := range g.items {
			fs, ok := facts[it.URL]
			if _, bad := failed[it.URL]; !ok || bad {
				continue
			}
			problems, warnings := media.Judge(g.platform, fs)
			path := g.prefix + strconv.Itoa(k)
			for _, pr := range problems {
				e := apierror.New(pr.Code, path, pr.Message)
				e.Rule = pr.Rule
				f.problems = append(f.problems, foundProblem{err: e, target: g.target})
			}
			for _, w := range warnings {
				e := apierror.New(w.Code, path, "warning: "+w.Message)
				e.Rule = w.Rule
				f.warnings = append(f.warnings, e)
			}
		}
	}
}

// mediaFailures appends to f the errors of Env.MediaErrors (failed): every media item (of
// the post, and of each twitter target's thread items) whose URL has one gets it as a
// problem at the item's /url pointer, with the error's code and message. The post's items
// are not a target's (the file failed for every platform); a thread item's belong to its
// target.
func mediaFailures(f *findings, broken *brokenSet, p *CreatePost, failed map[string]*apierror.Error) {
	if len(failed) == 0 {
		return
	}
	place := func(items []MediaItem, prefix string, target int) {
		for k, it := range items {
			e, ok := failed[it.URL]
			if !ok || e == nil {
				continue
			}
			path := prefix + strconv.Itoa(k) + "/url"
			if broken.near(path) {
				continue
			}
			f.problems = append(f.problems, foundProblem{err: apierror.New(e.Code, path, e.Message), target: target})
		}
	}
	if !broken.near("/mediaItems") {
		place(p.MediaItems, "/mediaItems/", -1)
	}
	for i := range p.Platforms {
		t := &p.Platforms[i]
		if t.Platform != rules.Twitter || t.Twitter == nil {
			continue
		}
		base := "/platforms/" + strconv.Itoa(i) + "/platformSpecificData/threadItems/"
		for k, it := range t.Twitter.ThreadItems {
			if path := base + strconv.Itoa(k) + "/mediaItems"; !broken.near(path) {
				place(it.MediaItems, path+"/", i)
			}
		}
	}
}
