package schema

import (
	"strconv"
	"strings"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
)

// Rules that relate several fields. They are plain Go rather than validator struct-level
// functions because each must know which fields the decoder already rejected: a request
// with "publishNow": "yes" has one problem (wrong_type), not a second one claiming that
// neither publishNow nor scheduledFor was given.

// doc collects the problems of one JSON document (the request body, or a stored draft).
type doc struct {
	dec      *decoder
	problems []foundProblem
	warnings []*apierror.Error      // rules of severity warning (the book's, run by book.go)
	limits   rules.Limits           // Env.Limits: the rule book as the caller applies it
	media    map[string]media.Facts // Env.Media: the facts of the media files by URL
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
		d.checkOptionShapes(t, base) // optionshape.go
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
