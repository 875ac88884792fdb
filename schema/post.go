package schema

import (
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
	"github.com/postrules/postrules/schema/internal/optionspec"
)

// The checks of a decoded create-post document, after its shape (shape.go) and before its
// texts are measured (check.go): the document's problems (doc), the rules that relate
// several fields, the rule book's view of the post (runBook), the wire format of each
// target's options, and the media files whose facts the caller gave. A request passes
// through this file once, in that order.
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

// The checks of the options' wire format that are no rule of the book: the enums the peer
// states, URL shapes, whole-number bounds, YouTube's digit category ids (each problem
// without a rule id); and the judging of media files whose facts the caller gave
// (rules/media). The rule book's own checks of media and options run in
// rules.Limits.CheckPost (runBook builds what they read).

// checkOptionShapes applies the wire format's checks to the platformSpecificData of
// target t at base: each member's format as its declaration states it (the `wire` tags
// of rules/book_<platform>.go, package optionspec), in the order the members are declared.
func (d *doc) checkOptionShapes(t *PlatformTarget, base string) {
	opts := base + "/platformSpecificData"
	if d.brokenNear(opts) {
		return
	}
	tp := typedPlatformOf(t.Platform)
	if tp == nil {
		return
	}
	if v := tp.value(t); !v.IsNil() {
		d.checkFormats(tp, v.Elem(), opts)
	}
}

// checkFormats applies the format of each member of tp to its value in opts (a value of
// the options struct) at opts path base.
func (d *doc) checkFormats(tp *typedPlatform, v reflect.Value, base string) {
	for k := range tp.members {
		m := &tp.members[k]
		if m.Check == optionspec.None {
			continue
		}
		path := base + "/" + m.Name
		switch dst := v.Field(m.Field).Addr().Interface().(type) {
		case **string:
			d.optionString(m, *dst, path)
		case **int:
			d.nonNegative(*dst, path)
		}
	}
}

// optionString applies the format of member m (a url, digits or an enum) to its value v.
func (d *doc) optionString(m *optionspec.Member, v *string, path string) {
	switch m.Check {
	case optionspec.URL:
		d.url(v, path)
	case optionspec.Enum:
		d.enum(v, path, m.Enum...)
	case optionspec.Digits:
		if v != nil && !digits(*v) {
			d.add(d.problem(apierror.CodeInvalidValue, path, m.Name+" is "+m.What+", digits such as \"22\", not "+strconv.Quote(*v)))
		}
	}
}

// tiktokPrivacyLevels are TikTok's privacy levels as the book's enum rule on privacyLevel
// declares them: Env.TikTokPrivacyLevels holds no other.
var tiktokPrivacyLevels = optionValues(rules.TikTok, "privacyLevel")

// optionValues are the values the book's enum rule on option member of p allows.
func optionValues(p rules.Platform, member string) []string {
	for _, r := range rules.Book() {
		if m, _ := r.Option(); r.Platform == p && m == member {
			if vs := r.Values(); vs != nil {
				return vs
			}
		}
	}
	panic("schema: the rule book has no enum rule on " + string(p) + " " + member)
}

// enum reports a value outside its allowed set.
func (d *doc) enum(v *string, path string, allowed ...string) {
	if v == nil || d.brokenNear(path) || slices.Contains(allowed, *v) {
		return
	}
	d.add(d.problem(apierror.CodeInvalidValue, path, strconv.Quote(*v)+" is not one of "+strings.Join(allowed, ", ")))
}

// url reports an option that is not an absolute http or https URL (a shape check).
func (d *doc) url(v *string, path string) {
	if v == nil || d.brokenNear(path) {
		return
	}
	if why := mediaURLProblem(*v); why != "" {
		d.add(d.problem(apierror.CodeInvalidValue, path, strconv.Quote(*v)+why))
	}
}

// nonNegative reports a number outside 0 to wholeClamp-1 (a shape check). The decoder
// reads a magnitude of wholeClamp or more as wholeClamp, so such a value cannot be passed
// on as sent: it is refused rather than silently changed (and 1e400, which JavaScript reads
// as Infinity, is refused here as by a JSON Schema validator).
func (d *doc) nonNegative(v *int, path string) {
	if v == nil || d.brokenNear(path) {
		return
	}
	switch {
	case *v < 0:
		d.add(d.problem(apierror.CodeInvalidValue, path, "must be 0 or more, not "+strconv.Itoa(*v)))
	case *v >= wholeClamp:
		d.add(d.problem(apierror.CodeInvalidValue, path, "must be less than "+strconv.Itoa(wholeClamp)))
	}
}

func digits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
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
