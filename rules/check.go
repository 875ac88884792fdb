package rules

import (
	"strconv"
	"strings"

	"github.com/postrules/postrules/rules/apierror"
)

// The views the book's checks read. Package schema decodes a request into its wire types
// and builds these views from them once per document; [Limits.CheckPost] then runs every
// rule's check over them in one pass. A rule's check reads only the view: it never sees
// JSON, and its messages, paths and codes are written beside its declaration (the
// book_<platform>.go files).

// Post is a create-post document as the book's checks see it.
type Post struct {
	// Content is the shared text.
	Content string
	// Media are the shared media items, posted by every target.
	Media []Media
	// Targets are the targets that could be read, in order (PostTarget.Index is the position
	// in the request's "platforms").
	Targets []PostTarget
	// Broken reports whether the value at the JSON pointer path could not be read: the
	// decoder rejected it, a value containing it or a value inside it. A check does not
	// judge such a value (its problem is already reported). nil: everything was read.
	Broken func(path string) bool
}

// Media is one media item: its type (image, video, gif or document; another value is the
// wire format's problem and is not counted) and whether a video's thumbnail is given.
type Media struct {
	Type      string
	URL       string
	Thumbnail bool
}

// PostTarget is one target of a Post: its platform, its own content and its
// platformSpecificData, typed for its platform (at most one of the option fields is set).
type PostTarget struct {
	// Index is the target's position in "platforms".
	Index    int
	Platform Platform
	// Content is the target's content override; nil: it posts Post.Content.
	Content *string

	Twitter        *TwitterView
	YouTube        *YouTubeOptions
	TikTok         *TikTokOptions
	Pinterest      *PinterestOptions
	LinkedIn       *LinkedInOptions
	Bluesky        *BlueskyOptions
	Facebook       *FacebookOptions
	Instagram      *InstagramOptions
	Threads        *ThreadsOptions
	GoogleBusiness *GoogleBusinessOptions

	// PrivacyLevels are the privacy levels TikTok's creator_info gives for the account
	// the target resolved to; nil: not known (tiktok.privacy.allowed is not judged).
	PrivacyLevels []string
}

// Reporter receives the problems of the book's checks. Each has its rule's id (Error.Rule)
// and its path in the request; a warning's message starts with "warning: ".
type Reporter interface {
	Problem(e *apierror.Error)
	Warning(e *apierror.Error)
}

// check is what a rule's check is given: the post, the target it checks (nil in a check
// of the whole post), the rule as the caller's Limits apply it, and where
// to report.
type check struct {
	Post   *Post
	Target *PostTarget
	limits Limits
	bi     int // the running rule's position in book
	rule   Rule
	rep    Reporter
}

// CheckPost runs the book over p in one pass: for each target, the text rules of its
// platform over every post it publishes (rule T1), then the rules of its media and
// options in the book's order; then the checks of the whole post, in the book's order. A
// rule l turns off is not run; a changed limit is used.
//
// The text verdict of each target comes back: checks[i] is p.Targets[i]'s, its posts
// measured with the problems of its text rules (see [TargetCheck]); every other problem
// goes to r (nil: they are dropped). A nil p has no targets.
//
// A target's posts are its content override (Path /platforms/{Index}/content), or the
// shared content (Path /content) when there is none, followed by each thread item k of a
// twitter target (Path /platforms/{Index}/platformSpecificData/threadItems/{k}/content).
// Every post is checked against every text rule of the platform that is on: its length
// rules, each in its unit, and the rules about what the text holds. All posts are
// checked, so every violation is reported, one error per broken error rule per post,
// each naming its rule (Error.Rule):
//   - a post over a length cap: 400 post_too_long, Path the post's pointer, Offset the
//     byte offset where the overflow begins, and a message such as "post 3 of the thread
//     is 312 graphemes; the cap for twitter is 280 (overflow begins at byte 840)" ("more
//     than N" when the counter stopped early);
//   - a post with a character the platform refuses (youtube: < or >): 400
//     invalid_character at the first one;
//   - a post with more links, hashtags or mentions than allowed: 400 invalid_value at the
//     first one past the limit;
//   - a post that is not valid UTF-8 where a counter reads it: 400 invalid_utf8, Path the
//     post's pointer, Offset the first bad byte; its PostCheck is the counter's partial
//     measurement, which never Fits.
//
// A broken warning rule gives one warning per post, with the code an error of that kind
// would have and a message that says it is a warning. A Platform outside the ten is a
// single 400 unknown_platform error at /platforms/{Index}/platform, and no posts.
//
// Cost: the shared content is measured at most once per platform, not once per target,
// so a request of 20,000 targets that post one 512 KB content costs one measurement per
// platform plus O(1) per target, and the whole check stays linear in the request.
func (l Limits) CheckPost(p *Post, r Reporter) []TargetCheck {
	if p == nil {
		return nil
	}
	if r == nil {
		r = dropReporter{}
	}
	c := check{Post: p, limits: l, rep: r}
	memo := sharedMemo{text: p.Content}
	checks := make([]TargetCheck, len(p.Targets))
	m := countMedia(p.Media)
	photo := m.images > 0 && m.videos == 0 && (p.Broken == nil || !p.Broken("/mediaItems"))
	for i := range p.Targets {
		t := &p.Targets[i]
		tt := t.text(p.Content)
		tt.Photo = photo && hasPhotoText[t.Platform.index()+1]
		checks[i] = l.checkTarget(tt, &memo)
		pi := t.Platform.index()
		if pi < 0 {
			continue
		}
		c.Target = t
		for _, bi := range checkRules[pi] {
			if c.on(bi) {
				book[bi].check.target(&c)
			}
		}
	}
	c.Target = nil
	for bi := range book {
		if pc, ok := book[bi].check.(postCheck); ok && c.on(bi) {
			pc.post(&c)
		}
	}
	return checks
}

// text is what t publishes: its posts of rule T1.
func (t *PostTarget) text(shared string) targetText {
	tt := targetText{Index: t.Index, Platform: t.Platform, Shared: shared, Override: t.Content}
	if t.Platform == Twitter && t.Twitter != nil && len(t.Twitter.ThreadItems) > 0 {
		tt.ThreadItems = make([]string, len(t.Twitter.ThreadItems))
		for k, it := range t.Twitter.ThreadItems {
			tt.ThreadItems[k] = it.Content
		}
	}
	return tt
}

// dropReporter drops what it is given: CheckPost's reporter when the caller wants only
// the text verdicts.
type dropReporter struct{}

func (dropReporter) Problem(*apierror.Error) {}
func (dropReporter) Warning(*apierror.Error) {}

// on makes book rule bi the running rule, as the caller's Limits apply it, and reports
// whether those Limits leave it on (its check runs only then).
func (c *check) on(bi int) bool {
	ar, _ := c.limits.Rule(book[bi].ID)
	if ar.On {
		c.bi, c.rule = bi, ar.Rule
	}
	return ar.On
}

// limit is the running rule's limit as the caller's Limits apply it.
func (c *check) limit() int { return c.rule.Limit }

// limitOf is the limit of the book's rule id as the caller's Limits apply it, on or off.
func (c *check) limitOf(id string) int {
	ar, _ := c.limits.Rule(id)
	return ar.Limit
}

// broken reports whether the value at path could not be read (Post.Broken).
func (c *check) broken(path string) bool {
	return c.Post.Broken != nil && c.Post.Broken(path)
}

// base is the pointer of the target being checked, "/platforms/i".
func (c *check) base() string { return "/platforms/" + strconv.Itoa(c.Target.Index) }

// opts is the pointer of the target's platformSpecificData.
func (c *check) opts() string { return c.base() + "/platformSpecificData" }

// mediaOK reports whether the shared media could be read.
func (c *check) mediaOK() bool { return !c.broken("/mediaItems") }

// optsOK reports whether the target's platformSpecificData could be read.
func (c *check) optsOK() bool { return !c.broken(c.opts()) }

// report reports a problem of the running rule: an error, or a warning for a warning rule.
func (c *check) report(code apierror.Code, path, msg string) {
	e := apierror.New(code, path, msg)
	e.Rule = c.rule.ID
	if c.rule.Severity == SeverityWarning {
		e.Message = "warning: " + e.Message
		c.rep.Warning(e)
		return
	}
	c.rep.Problem(e)
}

// atMost reports n over the running rule's limit at path; format has the limit and n
// (as two %d, in that order).
func (c *check) atMost(n int, path, format string) {
	if limit := c.limit(); n > limit {
		msg := strings.Replace(format, "%d", strconv.Itoa(limit), 1)
		c.report(apierror.CodeInvalidMedia, path, strings.Replace(msg, "%d", strconv.Itoa(n), 1))
	}
}

// needMedia reports msg at the target when the post has no media.
func (c *check) needMedia(msg string) {
	if c.mediaOK() && countMedia(c.Post.Media).all == 0 {
		c.report(apierror.CodeInvalidMedia, c.base(), msg)
	}
}

// videoAlone is a media-kinds rule of a platform that takes a video alone or several of
// something else (others: "images", "photos"): refused, when true, reports refusedMsg
// (media of a kind the platform does not take), else a video with other media is
// reported. One problem at most, at /mediaItems.
func (c *check) videoAlone(m mediaCount, refused bool, refusedMsg, others string) {
	switch {
	case refused:
		c.report(apierror.CodeInvalidMedia, "/mediaItems", refusedMsg)
	case m.videos > 0 && m.all > 1:
		c.report(apierror.CodeInvalidMedia, "/mediaItems", string(c.rule.Platform)+" takes one video alone, or "+others+"; the post has "+mediaList(m))
	}
}

// measure applies the running rule, a string rule (a length in its unit, or forbidden
// characters), to an option's value at path; what names the value in the message.
func (c *check) measure(value, path, what string) {
	if c.broken(path) {
		return
	}
	m, _, err := c.limits.measureRule(c.rule.Platform, c.bi, value)
	if err != nil {
		if e := apierror.As(err); e != nil {
			cp := *e
			cp.Path, cp.Message, cp.Rule = path, what+": "+e.Message, c.rule.ID
			c.rep.Problem(&cp)
		}
		return
	}
	if m.Fits() {
		return
	}
	if m.Counter == charsName {
		refused := strings.Join(strings.Split(book[c.bi].forbid, ""), " and ")
		c.report(apierror.CodeInvalidCharacter, path, what+" contains "+strconv.Quote(value[m.OverflowAt:m.OverflowAt+1])+
			" at byte "+strconv.Itoa(m.OverflowAt)+"; "+string(c.rule.Platform)+" refuses "+refused)
		return
	}
	c.report(apierror.CodeInvalidValue, path, what+" is "+lengthText(m)+" "+UnitName(m.Counter)+"; the limit is "+strconv.Itoa(m.Cap))
}

// measureEach applies measure to every entry of an array option at path.
func (c *check) measureEach(values []string, path, what string) {
	for k, v := range values {
		c.measure(v, path+"/"+strconv.Itoa(k), what+" "+strconv.Itoa(k))
	}
}

// enum reports an option value outside allowed.
func (c *check) enum(v *string, path string, allowed []string) {
	if v == nil || c.broken(path) || contains(allowed, *v) {
		return
	}
	c.report(apierror.CodeInvalidValue, path, strconv.Quote(*v)+" is not one of "+strings.Join(allowed, ", "))
}

// altCount and altMissing are the alt text rules of bluesky, threads and instagram: no
// more entries than media (error), and every image described (warning).
func (c *check) altCount(alt []string) {
	if !c.mediaOK() || !c.optsOK() || c.broken(c.opts()+"/altText") {
		return
	}
	if items := c.Post.Media; len(alt) > len(items) {
		p := string(c.rule.Platform)
		c.report(apierror.CodeInvalidValue, c.opts()+"/altText", p+" takes one alt text per media item: "+
			plural(len(alt), "alt text")+" for "+plural(len(items), "media item"))
	}
}

func (c *check) altMissing(alt []string) {
	if !c.mediaOK() || !c.optsOK() || c.broken(c.opts()+"/altText") {
		return
	}
	missing := 0
	for k, m := range c.Post.Media {
		if m.Type == "image" && (k >= len(alt) || strings.TrimSpace(alt[k]) == "") {
			missing++
		}
	}
	if missing > 0 {
		c.report(apierror.CodeMissingField, c.opts()+"/altText", plural(missing, "image")+" without alt text on "+string(c.rule.Platform))
	}
}

// mediaCount counts a post's media by kind. Items of a type outside the four are left to
// the wire format's check.
type mediaCount struct {
	images, videos, gifs, docs, all int
}

func countMedia(items []Media) mediaCount {
	var c mediaCount
	for _, m := range items {
		switch m.Type {
		case "image":
			c.images++
		case "video":
			c.videos++
		case "gif":
			c.gifs++
		case "document":
			c.docs++
		default:
			continue
		}
		c.all++
	}
	return c
}

// plural is "1 image", "3 images".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// mediaList describes a post's media for a message: "2 images and 1 video".
func mediaList(c mediaCount) string {
	var parts []string
	for _, k := range []struct {
		n    int
		what string
	}{{c.images, "image"}, {c.videos, "video"}, {c.gifs, "GIF"}, {c.docs, "document"}} {
		if k.n > 0 {
			parts = append(parts, plural(k.n, k.what))
		}
	}
	if len(parts) == 0 {
		return "no media"
	}
	return strings.Join(parts, " and ")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
