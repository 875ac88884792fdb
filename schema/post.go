package schema

import (
	"strconv"
	"strings"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
)

// The checks of a decoded create-post document, after its shape (shape.go) and before its
// texts are measured (check.go), in the order a request passes through them once: the
// publish mode, that every target has something to post (rule no_content), the rule
// book's view of the post (bookview.go), the wire format of each target's options
// (optionformats.go), and the media files whose facts the caller gave.
//
// Rules that relate several fields are plain Go rather than validator struct-level
// functions because each must know which fields the decoder already rejected: a request
// with "publishNow": "yes" has one problem (wrong_type), not a second one claiming that
// neither publishNow nor scheduledFor was given.

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
		d.checkOptionShapes(t, base)
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
