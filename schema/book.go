package schema

import (
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

// The rule book (package rules) holds every platform rule: its id, limit, sources, check
// and messages. runBook builds what its checks read (rules.Post) from the decoded wire
// types, once per document, and returns the problems they report. No rule lives here.

// runBook runs the book over post p in one pass (rules.Limits.CheckPost) and returns the
// text verdicts by target index, for the verdict's targets (targets.go): nil for a target
// the book did not read (its platform unknown, or its value broken). The problems and
// warnings of media and options are appended to f. privacy gives, by target index, the
// privacy levels TikTok's creator_info gives for the account the target resolved to (nil:
// not known); at is where each target is (targetsAt).
func runBook(f *findings, broken *brokenSet, p *CreatePost, at []targetAt, limits rules.Limits, privacy [][]string) []*rules.TargetCheck {
	view := rules.Post{Content: p.Content, Media: mediaView(p.MediaItems), Targets: make([]rules.PostTarget, 0, len(p.Platforms))}
	if !broken.clean() {
		view.Broken = broken.near
	}
	for i := range p.Platforms {
		t := &p.Platforms[i]
		if !at[i].read {
			continue
		}
		pt := rules.PostTarget{Index: i, Platform: t.Platform, Content: t.Content,
			YouTube: t.YouTube, TikTok: t.TikTok, Pinterest: t.Pinterest, LinkedIn: t.LinkedIn, Bluesky: t.Bluesky,
			Facebook: t.Facebook, Instagram: t.Instagram, Threads: t.Threads, GoogleBusiness: t.GoogleBusiness}
		if i < len(privacy) {
			pt.PrivacyLevels = privacy[i]
		}
		if tw := t.Twitter; tw != nil && t.Platform == rules.Twitter {
			pt.Twitter = twitterView(tw)
		}
		view.Targets = append(view.Targets, pt)
	}
	checks := limits.CheckPost(&view, bookFindings{f})
	texts := make([]*rules.TargetCheck, len(p.Platforms))
	for k, pt := range view.Targets {
		if pt.Platform.Valid() {
			texts[pt.Index] = &checks[k]
		}
	}
	return texts
}

// twitterView is twitter's options as the book's checks see them: the thread and the poll.
func twitterView(tw *TwitterOptions) *rules.TwitterView {
	v := &rules.TwitterView{}
	if len(tw.ThreadItems) > 0 {
		v.ThreadItems = make([]rules.ThreadItemView, len(tw.ThreadItems))
		for k, it := range tw.ThreadItems {
			v.ThreadItems[k] = rules.ThreadItemView{Content: it.Content, Media: mediaView(it.MediaItems)}
		}
	}
	if tw.Poll != nil {
		v.Poll = &rules.PollView{Options: tw.Poll.Options}
	}
	return v
}

// mediaView is items as the book's checks see them; nil for none.
func mediaView(items []MediaItem) []rules.Media {
	if len(items) == 0 {
		return nil
	}
	out := make([]rules.Media, len(items))
	for k, m := range items {
		out[k] = rules.Media{Type: m.Type, URL: m.URL, Thumbnail: m.Thumbnail != nil}
	}
	return out
}

// bookFindings takes the book's reports as findings, in the order the book reports them.
type bookFindings struct{ f *findings }

func (r bookFindings) Problem(e *apierror.Error) {
	r.f.problems = append(r.f.problems, foundProblem{err: e, target: -1})
}

func (r bookFindings) Warning(e *apierror.Error) { r.f.warnings = append(r.f.warnings, e) }
