package schema

import (
	"strconv"
	"strings"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
)

// A decoded create-post document and the checks after its shape (shape.go) and before
// its texts are measured (check.go). A document's problems are what those checks found,
// minus what the decoder already rejected (a rule that reads a rejected value cannot be
// trusted), without repeats and bounded by maxProblems, with the rule book's warnings
// beside them. A request passes through the checks once, in this order: the
// publish mode, that every target has something to post (rule no_content), the rule
// book's one pass over its view of the post (runBook), the wire format of each target's
// options (optionformats.go), the media files that could not be fetched, and those whose
// facts the caller gave.
//
// Rules that relate several fields are plain Go rather than validator struct-level
// functions because each must know which fields the decoder already rejected: a request
// with "publishNow": "yes" has one problem (wrong_type), not a second one claiming that
// neither publishNow nor scheduledFor was given.

// doc collects the problems of one JSON document (the request body, or a stored draft).
type doc struct {
	dec      *decoder
	problems []foundProblem
	warnings []*apierror.Error      // rules of severity warning (the book's, run by runBook)
	limits   rules.Limits           // Env.Limits: the rule book as the caller applies it
	media    map[string]media.Facts // Env.Media: the facts of the media files by URL
	// mediaErrors is Env.MediaErrors: the media files whose facts could not be had.
	mediaErrors map[string]*apierror.Error
	// texts are the text verdicts of the book's one pass (runBook), by target index; nil
	// for a target the book did not read (its platform unknown, or its value broken).
	texts []*rules.TargetCheck
}

// foundProblem is one problem of a document, with what it applies to when that is not just its
// path: the target it was found for (-1: the one its path names, if any) and, for a length
// problem, the post's measurement.
type foundProblem struct {
	err    *apierror.Error
	target int
	length *MeasuredPost
}

func newDoc(d *decoder) *doc {
	all := d.all()
	fs := make([]foundProblem, len(all))
	for i, e := range all {
		fs[i] = foundProblem{err: e, target: -1}
	}
	return &doc{dec: d, problems: fs}
}

// add records problems found after decoding, minus those about a value the decoder already
// rejected (its path, or anything inside it) and exact repeats (same path, code and
// message; two targets over their different caps on the shared /content are two problems).
func (d *doc) add(es ...*apierror.Error) {
	for _, e := range es {
		d.addFound(foundProblem{err: e, target: -1})
	}
}

// addFound is add for one problem with what it applies to.
func (d *doc) addFound(f foundProblem) {
	e := f.err
	if e == nil || len(d.problems) >= maxProblems || d.repeat(e) || d.brokenAt(e.Path) {
		return
	}
	d.problems = append(d.problems, f)
}

func (d *doc) repeat(e *apierror.Error) bool {
	for _, f := range d.problems {
		if p := f.err; p.Path == e.Path && p.Code == e.Code && p.Message == e.Message {
			return true
		}
	}
	return false
}

// clean reports whether the decoder rejected nothing: then no brokenAt or brokenNear can be
// true, and a loop over many targets need not build the pointers it would ask about.
func (d *doc) clean() bool { return d.dec.broken.m == nil }

// brokenAt reports whether the decoder rejected the value at path or a value containing it.
func (d *doc) brokenAt(path string) bool { return d.dec.broken.has(path) }

// brokenNear reports whether the decoder rejected the value at path, a value containing it,
// or a value inside it: a rule that reads the value cannot be trusted then.
func (d *doc) brokenNear(path string) bool {
	return d.dec.broken.has(path) || d.dec.broken.under(path)
}

// problem builds a problem of this document (messages of a stored draft start "draft: ").
func (d *doc) problem(code apierror.Code, path, msg string) *apierror.Error {
	return apierror.New(code, path, msg)
}

// warn records a warning of the rule book (a rule of severity warning): it informs and
// never makes the verdict invalid. Like add, it says nothing about a value the decoder
// rejected, drops exact repeats and keeps at most maxProblems.
func (d *doc) warn(es ...*apierror.Error) {
	for _, e := range es {
		if e == nil || len(d.warnings) >= maxProblems || d.brokenAt(e.Path) {
			continue
		}
		dup := false
		for _, w := range d.warnings {
			dup = dup || w.Path == e.Path && w.Rule == e.Rule && w.Message == e.Message
		}
		if !dup {
			d.warnings = append(d.warnings, e)
		}
	}
}

// checkPublishMode is the publish-mode rule: exactly one of publishNow true or scheduledFor.
// Both, or neither, is 400 publish_mode_conflict at /publishNow. publishNow false with
// scheduledFor is a scheduled post; publishNow false alone is "neither". On draft publish
// the message uses the peer's words: publishNow is required when scheduledFor is omitted.
func (d *doc) checkPublishMode(publishNow bool, scheduledFor *string, draftPublish bool) {
	if d.brokenNear("/publishNow") || d.brokenNear("/scheduledFor") {
		return
	}
	switch {
	case publishNow && scheduledFor != nil:
		d.add(d.problem(apierror.CodePublishModeConflict, "/publishNow",
			"publishNow is true and scheduledFor is given: give one, publishNow true to publish now or scheduledFor to schedule"))
	case !publishNow && scheduledFor == nil && draftPublish:
		d.add(d.problem(apierror.CodePublishModeConflict, "/publishNow",
			"publishNow is required when scheduledFor is omitted: give publishNow true to publish now, or scheduledFor to schedule"))
	case !publishNow && scheduledFor == nil:
		d.add(d.problem(apierror.CodePublishModeConflict, "/publishNow",
			"neither publishNow true nor scheduledFor is given: give publishNow true to publish now, or scheduledFor to schedule"))
	}
}

// checkPost applies the checks of a create-post shaped document: that every target has
// something to post (rule no_content), the rule book's checks of media and options
// (runBook: the shared media of all twitter targets are judged once, one problem at
// /mediaItems however many there are, so the cost stays linear in the body), the wire
// format of each target's options, and the media files whose facts the caller gave.
// privacy is as for runBook.
func (d *doc) checkPost(p *CreatePost, privacy [][]string) {
	for i := range p.Platforms {
		base := "/platforms/" + strconv.Itoa(i)
		if !d.brokenAt(base) {
			d.checkContent(p, &p.Platforms[i], base)
		}
	}
	d.runBook(p, privacy)
	for i := range p.Platforms {
		t := &p.Platforms[i]
		base := "/platforms/" + strconv.Itoa(i)
		if d.brokenAt(base) {
			continue
		}
		if t.Platform == rules.Twitter {
			if t.Twitter != nil {
				d.checkThreadItems(t.Twitter, base+"/platformSpecificData")
			}
			continue
		}
		if opts := base + "/platformSpecificData"; !d.brokenNear(opts) {
			d.add(formatProblems(t, opts)...)
		}
	}
	d.judgeMedia(p)
}

// checkContent is rule no_content: every target has something to post. Its text is its
// content override when given (even ""), else the shared content; blank text (only white
// space) is no text. Shared media count for every target. Violation: 400 no_content at
// /platforms/i.
func (d *doc) checkContent(p *CreatePost, t *PlatformTarget, base string) {
	if d.brokenNear("/content") || d.brokenNear(base+"/content") || d.brokenNear("/mediaItems") {
		return
	}
	text := p.Content
	if t.Content != nil {
		text = *t.Content
	}
	if strings.TrimSpace(text) != "" || len(p.MediaItems) > 0 {
		return
	}
	var msg string
	switch {
	case t.Content != nil:
		msg = "this target's content is empty and the post has no media: there is nothing to post"
	case p.Content != "":
		msg = "the shared content is blank and the post has no media: there is nothing to post"
	default:
		msg = "there is nothing to post: give the shared content, this target's own content, or media"
	}
	d.add(d.problem(apierror.CodeNoContent, base, msg))
}

// checkThreadItems is rule no_content for the thread items of twitter's
// platformSpecificData at base: each has its non-blank content or media.
func (d *doc) checkThreadItems(tw *TwitterOptions, base string) {
	clean := d.clean()
	for k := range tw.ThreadItems {
		it := &tw.ThreadItems[k]
		if clean && len(it.MediaItems) == 0 && strings.TrimSpace(it.Content) != "" {
			continue // nothing of it can be wrong: skip building its pointer
		}
		ip := base + "/threadItems/" + strconv.Itoa(k)
		if d.brokenAt(ip) {
			continue
		}
		if !d.brokenNear(ip+"/content") && !d.brokenNear(ip+"/mediaItems") &&
			strings.TrimSpace(it.Content) == "" && len(it.MediaItems) == 0 {
			d.add(d.problem(apierror.CodeNoContent, ip, "thread item "+strconv.Itoa(k)+" has nothing to post: give its content or media"))
		}
	}
}

// judgeMedia applies the platforms' media rules (media.Judge) to the media files whose
// facts the caller gave (Env.Media): the post's media for every platform it targets, and
// a twitter thread item's media for twitter. A platform is judged once per file however
// many of its targets post it (the problem names the first), so the cost is linear in
// the media and at most ten platforms. Every problem is at its item's pointer.
func (d *doc) judgeMedia(p *CreatePost) {
	d.mediaFailures(p)
	if len(d.media) == 0 {
		return
	}
	judged := map[rules.Platform]bool{}
	for i := range p.Platforms {
		t := &p.Platforms[i]
		if judged[t.Platform] || !t.Platform.Valid() || d.brokenAt("/platforms/"+strconv.Itoa(i)) {
			continue
		}
		judged[t.Platform] = true
		if !d.brokenNear("/mediaItems") {
			d.judgeItems(t.Platform, i, p.MediaItems, "/mediaItems/")
		}
		if t.Platform == rules.Twitter && t.Twitter != nil {
			base := "/platforms/" + strconv.Itoa(i) + "/platformSpecificData/threadItems/"
			for k, it := range t.Twitter.ThreadItems {
				if path := base + strconv.Itoa(k) + "/mediaItems"; !d.brokenNear(path) {
					d.judgeItems(rules.Twitter, i, it.MediaItems, path+"/")
				}
			}
		}
	}
}

// judgeItems judges the items with known facts for platform, as target i's problems.
func (d *doc) judgeItems(platform rules.Platform, i int, items []MediaItem, prefix string) {
	for k, it := range items {
		f, ok := d.media[it.URL]
		if _, failed := d.mediaErrors[it.URL]; !ok || failed {
			continue
		}
		problems, warnings := media.Judge(platform, f)
		path := prefix + strconv.Itoa(k)
		for _, pr := range problems {
			e := d.problem(pr.Code, path, pr.Message)
			e.Rule = pr.Rule
			d.addFound(foundProblem{err: e, target: i})
		}
		for _, w := range warnings {
			e := d.problem(w.Code, path, "warning: "+w.Message)
			e.Rule = w.Rule
			d.warn(e)
		}
	}
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

// The rule book (package rules) holds every platform rule: its id, limit, sources, check
// and messages. runBook builds what its checks read (rules.Post) from the decoded wire
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
