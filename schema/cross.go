package schema

import (
	"strconv"
	"strings"

	"github.com/postrules/postrules/rules"
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
	warnings []*rules.Error         // rules of severity warning (platformrules.go)
	limits   rules.Limits           // Env.Limits: the rule book as the caller applies it
	media    map[string]media.Facts // Env.Media: the facts of the media files by URL
}

// foundProblem is one problem of a document, with what it applies to when that is not just its
// path: the target it was found for (-1: the one its path names, if any) and, for a length
// problem, the post's measurement.
type foundProblem struct {
	err    *rules.Error
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
func (d *doc) add(es ...*rules.Error) {
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

func (d *doc) repeat(e *rules.Error) bool {
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
func (d *doc) problem(code rules.Code, path, msg string) *rules.Error {
	return rules.NewError(code, path, msg)
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
		d.add(d.problem(rules.CodePublishModeConflict, "/publishNow",
			"publishNow is true and scheduledFor is given: give one, publishNow true to publish now or scheduledFor to schedule"))
	case !publishNow && scheduledFor == nil && draftPublish:
		d.add(d.problem(rules.CodePublishModeConflict, "/publishNow",
			"publishNow is required when scheduledFor is omitted: give publishNow true to publish now, or scheduledFor to schedule"))
	case !publishNow && scheduledFor == nil:
		d.add(d.problem(rules.CodePublishModeConflict, "/publishNow",
			"neither publishNow true nor scheduledFor is given: give publishNow true to publish now, or scheduledFor to schedule"))
	}
}

// checkPost applies the cross-field rules of a create-post shaped document. The shared
// media go to every twitter target alike, so they are classified once per document and a
// violation is one problem at /mediaItems, however many twitter targets there are: the cost
// stays linear in the body, and one mistake is one problem.
func (d *doc) checkPost(p *CreatePost) {
	firstTwitter, twitters := -1, 0
	for i := range p.Platforms {
		t := &p.Platforms[i]
		base := "/platforms/" + strconv.Itoa(i)
		if d.brokenAt(base) {
			continue
		}
		d.checkContent(p, t, base)
		if t.Platform != rules.Twitter {
			d.checkPlatform(p, t, base) // platformrules.go
			continue
		}
		if firstTwitter < 0 {
			firstTwitter = i
		}
		twitters++
		if t.Twitter != nil {
			d.checkTwitter(p, t.Twitter, base+"/platformSpecificData", i)
		}
	}
	d.judgeMedia(p)
	if twitters == 0 || d.brokenNear("/mediaItems") {
		return
	}
	if why, rule := twitterMedia(p.MediaItems, d.limit("twitter.media.max")); why != "" {
		on := "twitter (target " + strconv.Itoa(firstTwitter) + ")"
		if twitters > 1 {
			on = "twitter (target " + strconv.Itoa(firstTwitter) + " and " + strconv.Itoa(twitters-1) + " other twitter target"
			if twitters > 2 {
				on += "s"
			}
			on += ")"
		}
		d.raise(rule, rules.CodeInvalidMedia, "/mediaItems", on+why)
	}
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
	d.add(d.problem(rules.CodeNoContent, base, msg))
}

// checkTwitter applies the rules of twitter's platformSpecificData at base, target i.
func (d *doc) checkTwitter(p *CreatePost, tw *TwitterOptions, base string, i int) {
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
			d.add(d.problem(rules.CodeNoContent, ip, "thread item "+strconv.Itoa(k)+" has nothing to post: give its content or media"))
		}
		if !d.brokenNear(ip + "/mediaItems") {
			if why, rule := twitterMedia(it.MediaItems, d.limit("twitter.media.max")); why != "" {
				d.raise(rule, rules.CodeInvalidMedia, ip+"/mediaItems", "twitter (target "+strconv.Itoa(i)+")"+why)
			}
		}
	}
	if tw.Poll == nil || d.brokenNear(base+"/poll") {
		return
	}
	d.pollOptions(tw.Poll, base+"/poll/options") // platformrules.go
	// X: media are "mutually exclusive from Quote Tweet Id, Poll, and Card URI" (an
	// error); the peer also refuses a poll with threadItems, which X allows (a warning).
	if len(p.MediaItems) > 0 && !d.brokenNear("/mediaItems") {
		d.raise("twitter.media.exclusive", rules.CodeInvalidPoll, base+"/poll", "a poll cannot be combined with media")
	}
	if len(tw.ThreadItems) > 0 && !d.brokenNear(base+"/threadItems") {
		d.raise("twitter.poll.thread", rules.CodeInvalidPoll, base+"/poll", "a poll on a post with threadItems: X takes it, but the peer API refuses it")
	}
}

// twitterMedia is the twitter media rule for the media of one post: at most 4 images
// (maxImages, rule twitter.media.max), or one video, or one gif, never mixed (rule
// twitter.media.kinds). X's POST /2/tweets takes "media.media_ids: up to 4" and
// its help center says "up to 4 photos, 1 GIF, or 1 video" per post
// (https://help.x.com/en/using-x/tweeting-gifs-and-pictures). X has no documents, so a
// document is refused too. Items whose type is not one of the four are left to the type rule.
// It returns "" when the media fit, else the rest of a message that starts by naming the
// twitter target(s), and the id of the rule broken.
func twitterMedia(items []MediaItem, maxImages int) (string, string) {
	var images, clips, docs int
	for _, m := range items {
		switch m.Type {
		case "image":
			images++
		case "video", "gif":
			clips++
		case "document":
			docs++
		}
	}
	const kinds = "twitter.media.kinds"
	switch {
	case docs > 0:
		return " cannot attach documents", kinds
	case clips > 0 && images > 0:
		return " takes images, or one video or gif alone, not both", kinds
	case clips > 1:
		return " takes one video or gif per post, not " + strconv.Itoa(clips), kinds
	case images > maxImages:
		return " takes at most " + strconv.Itoa(maxImages) + " images per post, not " + strconv.Itoa(images), "twitter.media.max"
	}
	return "", ""
}
