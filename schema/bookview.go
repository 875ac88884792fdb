package schema

import (
	"strconv"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

// The rule book (package rules) holds every platform rule: its id, limit, sources, check
// and messages. This file builds what the checks read (rules.Post) from the decoded wire
// types, once per document, and hands the problems they report to the document. No rule
// lives here.

// runBook runs the book over post p in one pass (rules.Limits.CheckPost): the problems of
// media and options go to the document now, the text verdicts to d.texts for the
// verdict's targets (check.targets). privacy gives, by target index, the privacy levels TikTok's
// creator_info gives for the account the target resolved to (nil: not known).
func (d *doc) runBook(p *CreatePost, privacy [][]string) {
	clean := d.clean()
	view := rules.Post{Content: p.Content, Media: mediaView(p.MediaItems), Targets: make([]rules.PostTarget, 0, len(p.Platforms))}
	if !clean {
		view.Broken = d.brokenNear
	}
	for i := range p.Platforms {
		t := &p.Platforms[i]
		if !clean && d.brokenAt("/platforms/"+strconv.Itoa(i)) {
			continue
		}
		pt := rules.PostTarget{Index: i, Platform: t.Platform, Content: t.Content,
			YouTube: t.YouTube, TikTok: t.TikTok, Pinterest: t.Pinterest, LinkedIn: t.LinkedIn, Bluesky: t.Bluesky,
			Facebook: t.Facebook, Instagram: t.Instagram, Threads: t.Threads, GoogleBusiness: t.GoogleBusiness}
		if i < len(privacy) {
			pt.PrivacyLevels = privacy[i]
		}
		if tw := t.Twitter; tw != nil && t.Platform == rules.Twitter {
			pt.Twitter = &rules.TwitterView{}
			if len(tw.ThreadItems) > 0 {
				pt.Twitter.ThreadItems = make([]rules.ThreadItemView, len(tw.ThreadItems))
				for k, it := range tw.ThreadItems {
					pt.Twitter.ThreadItems[k] = rules.ThreadItemView{Content: it.Content, Media: mediaView(it.MediaItems)}
				}
			}
			if tw.Poll != nil {
				pt.Twitter.Poll = &rules.PollView{Options: tw.Poll.Options}
			}
		}
		view.Targets = append(view.Targets, pt)
	}
	checks := d.limits.CheckPost(&view, bookReporter{d})
	d.texts = make([]*rules.TargetCheck, len(p.Platforms))
	for k, pt := range view.Targets {
		if pt.Platform.Valid() {
			d.texts[pt.Index] = &checks[k]
		}
	}
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

// bookReporter records the book's problems in a document: errors with add, warnings
// with warn (both drop what is about a value the decoder rejected, and exact repeats).
type bookReporter struct{ d *doc }

func (r bookReporter) Problem(e *apierror.Error) { r.d.add(e) }

func (r bookReporter) Warning(e *apierror.Error) { r.d.warn(e) }
