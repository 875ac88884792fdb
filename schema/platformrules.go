package schema

import (
	"slices"
	"strconv"
	"strings"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/media"
)

// The rule book's media and options rules (rules.Book), per platform. Each problem
// carries its rule id; a rule the caller turned off (rules.Limits.Disable, through
// Env.Limits) raises nothing, and a changed limit (rules.Limits.WithRule) is used.
// Media are URLs here: sizes, durations and dimensions are unknown, so what is checked is
// what the request says (how many, of which kinds, with which options). The shared
// mediaItems go to every target; a violation is one problem at /mediaItems per platform
// (its message names the platform, so two targets of one platform give one problem), and
// "needs media" is at the target, /platforms/i.

// rule returns the rule with id as d's limits apply it, and whether it is on.
func (d *doc) rule(id string) (rules.Rule, bool) {
	r, on, ok := d.limits.Rule(id)
	return r, on && ok
}

// ruleProblem builds the problem of rule id at path, or nil when the rule is off (add
// and warn ignore nil). A warning rule's problem goes to the warnings by the caller.
func (d *doc) ruleProblem(id string, code rules.Code, path, msg string) *rules.Error {
	if _, on := d.rule(id); !on {
		return nil
	}
	e := d.problem(code, path, msg)
	e.Rule = id
	return e
}

// raise records the problem of rule id: an error, or a warning for a warning rule.
func (d *doc) raise(id string, code rules.Code, path, msg string) {
	e := d.ruleProblem(id, code, path, msg)
	if e == nil {
		return
	}
	if r, _ := rules.RuleByID(id); r.Severity == rules.SeverityWarning {
		e.Message = "warning: " + e.Message
		d.warn(e)
		return
	}
	d.add(e)
}

// limit is rule id's limit as d's limits apply it.
func (d *doc) limit(id string) int {
	r, _ := d.rule(id)
	return r.Limit
}

// mediaCount counts a post's media by kind. Items of a type outside the four are left to
// the type rule.
type mediaCount struct {
	images, videos, gifs, docs, all int
}

func countMedia(items []MediaItem) mediaCount {
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

// checkPlatform applies the rules of t's platform (other than twitter, whose rules are in
// cross.go) to target i at base.
func (d *doc) checkPlatform(p *CreatePost, t *PlatformTarget, base string) {
	opts := base + "/platformSpecificData"
	mediaOK := !d.brokenNear("/mediaItems")
	optsOK := !d.brokenNear(opts)
	c := countMedia(p.MediaItems)
	switch t.Platform {
	case rules.Instagram:
		if mediaOK {
			d.needMedia("instagram.media.required", c, base, "instagram has no text-only posts: give an image or a video")
			if c.docs+c.gifs > 0 {
				d.raise("instagram.media.kinds", rules.CodeInvalidMedia, "/mediaItems", "instagram takes images and videos only, not GIFs or documents")
			}
			d.atMost("instagram.carousel", c.all, "/mediaItems", "an instagram carousel takes at most %d images and videos, not %d")
		}
		var alt []string
		if in := t.Instagram; in != nil && optsOK {
			d.url(in.CoverURL, opts+"/coverUrl")
			d.nonNegative(in.ThumbOffset, opts+"/thumbOffset")
			alt = in.AltText
			d.eachMeasured("instagram.alt.max", alt, opts+"/altText", "alt text")
			if n := len(in.Collaborators); n > d.limit("instagram.collaborators.max") && !d.brokenNear(opts+"/collaborators") {
				d.raise("instagram.collaborators.max", rules.CodeInvalidValue, opts+"/collaborators", "instagram takes at most "+
					strconv.Itoa(d.limit("instagram.collaborators.max"))+" collaborators, not "+strconv.Itoa(n))
			}
		}
		if mediaOK && optsOK {
			d.altText("instagram", p.MediaItems, alt, opts)
		}
	case rules.YouTube:
		if mediaOK && (c.videos != 1 || c.all != 1) {
			path, msg := "/mediaItems", "youtube takes exactly one video and nothing else; the post has "+mediaList(c)
			if c.all == 0 {
				path, msg = base, "youtube needs exactly one video; the post has no media"
			}
			d.raise("youtube.media.exactly_one_video", rules.CodeInvalidMedia, path, msg)
		}
		if y := t.YouTube; y != nil && optsOK {
			if y.Title != nil {
				d.measured("youtube.title.max", *y.Title, opts+"/title", "the title")
				d.measured("youtube.title.chars", *y.Title, opts+"/title", "the title")
			}
			if y.FirstComment != nil {
				d.measured("youtube.first_comment.max", *y.FirstComment, opts+"/firstComment", "the first comment")
			}
			if n := youtubeTagsLength(y.Tags); n > d.limit("youtube.tags.max") && !d.brokenNear(opts+"/tags") {
				d.raise("youtube.tags.max", rules.CodeInvalidValue, opts+"/tags", "the tags are "+strconv.Itoa(n)+
					" characters counted as YouTube does (each tag, 2 quotes around a tag with a space, a comma between tags); youtube allows "+strconv.Itoa(d.limit("youtube.tags.max")))
			}
			d.enum(y.Visibility, opts+"/visibility", "public", "private", "unlisted")
			if y.CategoryID != nil && !digits(*y.CategoryID) {
				d.add(d.problem(rules.CodeInvalidValue, opts+"/categoryId", "categoryId is a YouTube category id, digits such as \"22\", not "+strconv.Quote(*y.CategoryID)))
			}
		}
	case rules.TikTok:
		if mediaOK {
			d.needMedia("tiktok.media.required", c, base, "tiktok has no text-only posts: give one video or photos")
			d.videoAlone("tiktok.media.kinds", c, c.docs+c.gifs > 0, "tiktok takes one video or photos, not GIFs or documents", "tiktok", "photos")
			d.atMost("tiktok.media.kinds", c.images, "/mediaItems", "tiktok takes at most %d photos, not %d")
			if c.images > 0 && c.videos == 0 {
				// A photo post's text is its title (tiktok.photo.title.max).
				text, path := p.Content, "/content"
				if t.Content != nil {
					text, path = *t.Content, base+"/content"
				}
				d.measured("tiktok.photo.title.max", text, path, "the title (a photo post's text)")
			}
		}
		if tk := t.TikTok; tk != nil && optsOK {
			if tk.Description != nil {
				d.measured("tiktok.photo.description.max", *tk.Description, opts+"/description", "the description")
			}
			d.enumRule("", tk.PrivacyLevel, opts+"/privacyLevel", tiktokPrivacyLevels)
			d.nonNegative(tk.VideoCoverTimestampMs, opts+"/videoCoverTimestampMs")
			d.nonNegative(tk.PhotoCoverIndex, opts+"/photoCoverIndex")
		}
	case rules.Pinterest:
		pin := t.Pinterest
		if optsOK && (pin == nil || pin.BoardID == nil || strings.TrimSpace(*pin.BoardID) == "") {
			d.raise("pinterest.board.required", rules.CodeMissingField, opts+"/boardId", "a pin needs platformSpecificData.boardId, the board to pin to")
		} else if optsOK && !digits(*pin.BoardID) && !d.brokenNear(opts+"/boardId") {
			d.raise("pinterest.board.id", rules.CodeInvalidValue, opts+"/boardId", "boardId is a Pinterest board id, digits only, not "+strconv.Quote(*pin.BoardID))
		}
		if mediaOK {
			d.needMedia("pinterest.media.required", c, base, "a pin needs an image or a video")
			d.videoAlone("pinterest.media.kinds", c, c.docs > 0, "pinterest takes images or one video, not documents", "pinterest", "images")
			d.atMost("pinterest.carousel", c.images+c.gifs, "/mediaItems", "a pinterest carousel takes at most %d images, not %d")
			if c.videos == 1 && (pin == nil || pin.CoverImageURL == nil) && !hasThumbnail(p.MediaItems) {
				d.raise("pinterest.video", rules.CodeMissingField, base, "the video pin has no cover: give platformSpecificData.coverImageUrl or the video's thumbnail")
			}
		}
		if pin != nil && optsOK {
			for _, f := range []struct {
				v          *string
				id, member string
			}{{pin.Title, "pinterest.title.max", "title"}, {pin.AltText, "pinterest.alt_text.max", "altText"}, {pin.Link, "pinterest.link.max", "link"}} {
				if f.v != nil {
					d.measured(f.id, *f.v, opts+"/"+f.member, "the "+f.member)
				}
			}
			d.url(pin.Link, opts+"/link")
			d.url(pin.CoverImageURL, opts+"/coverImageUrl")
		}
	case rules.LinkedIn:
		li := t.LinkedIn
		if mediaOK {
			docWith, msg := c.docs > 0 && c.all > 1, ""
			if docWith {
				msg = "linkedin takes one document alone; the post has " + mediaList(c)
			}
			d.videoAlone("linkedin.media.kinds", c, docWith, msg, "linkedin", "images")
			d.atMost("linkedin.media.kinds", c.images+c.gifs, "/mediaItems", "linkedin takes at most %d images, not %d")
			if c.docs > 0 && optsOK && (li == nil || li.DocumentTitle == nil || strings.TrimSpace(*li.DocumentTitle) == "") {
				d.raise("linkedin.document.title", rules.CodeMissingField, opts+"/documentTitle", "a linkedin post with a document needs platformSpecificData.documentTitle")
			}
		}
		if li != nil && optsOK {
			if li.DocumentTitle != nil {
				d.measured("linkedin.document.title_max", *li.DocumentTitle, opts+"/documentTitle", "the document title")
			}
			if li.ArticleTitle != nil {
				d.measured("linkedin.article.title_max", *li.ArticleTitle, opts+"/articleTitle", "the article title")
			}
			if li.ArticleDescription != nil {
				d.measured("linkedin.article.description_max", *li.ArticleDescription, opts+"/articleDescription", "the article description")
			}
			d.enum(li.Visibility, opts+"/visibility", "PUBLIC", "CONNECTIONS")
			d.url(li.ArticleURL, opts+"/articleUrl")
		}
	case rules.Bluesky:
		if mediaOK {
			clips := c.videos + c.gifs
			switch {
			case c.docs > 0:
				d.raise("bluesky.embed.single", rules.CodeInvalidMedia, "/mediaItems", "bluesky takes images or one video, not documents")
			case clips > 0 && c.all > 1:
				d.raise("bluesky.embed.single", rules.CodeInvalidMedia, "/mediaItems", "bluesky takes one video (a GIF is a video) alone, or images; the post has "+mediaList(c))
			}
			d.atMost("bluesky.media.max_images", c.images, "/mediaItems", "bluesky takes at most %d images, not %d")
			if c.images <= d.limit("bluesky.media.max_images") {
				d.atMost("bluesky.media.gallery", c.images, "/mediaItems", "more than %d images (%d) post as a gallery, which older Bluesky clients do not show")
			}
		}
		var alt, langs []string
		if t.Bluesky != nil && optsOK {
			alt, langs = t.Bluesky.AltText, t.Bluesky.Langs
			if len(langs) > d.limit("bluesky.langs.max") && !d.brokenNear(opts+"/langs") {
				d.raise("bluesky.langs.max", rules.CodeInvalidValue, opts+"/langs", "bluesky takes at most "+strconv.Itoa(d.limit("bluesky.langs.max"))+" languages, not "+strconv.Itoa(len(langs)))
			}
			d.eachMeasured("bluesky.alt.max", alt, opts+"/altText", "alt text")
		}
		if mediaOK && optsOK {
			d.altText("bluesky", p.MediaItems, alt, opts)
		}
	case rules.Facebook:
		if mediaOK {
			d.videoAlone("facebook.media.kinds", c, c.docs > 0, "facebook takes photos or one video, not documents", "facebook", "photos")
			d.atMost("facebook.media.kinds", c.images+c.gifs, "/mediaItems", "facebook takes at most %d photos, not %d")
		}
		if f := t.Facebook; f != nil && optsOK {
			d.url(f.Link, opts+"/link")
			d.url(f.VideoThumbnailURL, opts+"/videoThumbnailUrl")
		}
	case rules.Threads:
		if mediaOK {
			if c.docs+c.gifs > 0 {
				d.raise("threads.media.kinds", rules.CodeInvalidMedia, "/mediaItems", "threads takes images and videos, not GIFs or documents")
			}
			d.atMost("threads.carousel", c.all, "/mediaItems", "a threads carousel takes at most %d images and videos, not %d")
		}
		var alt []string
		if th := t.Threads; th != nil && optsOK {
			alt = th.AltText
			d.enumRule("threads.reply_control", th.ReplyControl, opts+"/replyControl", threadsReplyControls)
			d.eachMeasured("threads.alt.max", alt, opts+"/altText", "alt text")
			d.threadsAttachments(th, c, mediaOK, opts)
		}
		if mediaOK && optsOK {
			d.altText("threads", p.MediaItems, alt, opts)
		}
	case rules.GoogleBusiness:
		if mediaOK {
			if c.videos+c.gifs+c.docs > 0 {
				d.raise("googlebusiness.media", rules.CodeInvalidMedia, "/mediaItems", "a google business post takes one image, not videos, GIFs or documents")
			}
			d.atMost("googlebusiness.media", c.all, "/mediaItems", "a google business post takes at most %d image, not %d")
		}
		if g := t.GoogleBusiness; g != nil && optsOK {
			d.googleBusiness(g, opts)
		}
	}
}

// videoAlone applies a media-kinds rule id of a platform that takes a video alone or
// several of something else (others: "images", "photos"): refused, when true, raises
// refusedMsg first (media of a kind the platform does not take), else a video with other
// media raises the video rule. One problem at most, at /mediaItems.
func (d *doc) videoAlone(id string, c mediaCount, refused bool, refusedMsg, platform, others string) {
	switch {
	case refused:
		d.raise(id, rules.CodeInvalidMedia, "/mediaItems", refusedMsg)
	case c.videos > 0 && c.all > 1:
		d.raise(id, rules.CodeInvalidMedia, "/mediaItems", platform+" takes one video alone, or "+others+"; the post has "+mediaList(c))
	}
}

// needMedia raises rule id at base when the post has no media.
func (d *doc) needMedia(id string, c mediaCount, base, msg string) {
	if c.all == 0 {
		d.raise(id, rules.CodeInvalidMedia, base, msg)
	}
}

// atMost raises rule id at path when n is over its limit; format has the limit and n.
func (d *doc) atMost(id string, n int, path, format string) {
	if limit := d.limit(id); n > limit {
		msg := strings.Replace(format, "%d", strconv.Itoa(limit), 1)
		d.raise(id, rules.CodeInvalidMedia, path, strings.Replace(msg, "%d", strconv.Itoa(n), 1))
	}
}

// measured applies a string rule of the book (a length in its unit, or forbidden
// characters) to an option's value at path.
func (d *doc) measured(id, value, path, what string) {
	if d.brokenNear(path) {
		return
	}
	m, on, _, err := d.limits.MeasureRule(id, value)
	if !on {
		return
	}
	if err != nil {
		if e := rules.AsError(err); e != nil {
			c := *e
			c.Path, c.Message, c.Rule = path, what+": "+e.Message, id
			d.add(&c)
		}
		return
	}
	if m.Fits() {
		return
	}
	if m.Counter == "forbidden" {
		d.raise(id, rules.CodeInvalidCharacter, path, what+" contains "+strconv.Quote(value[m.OverflowAt:m.OverflowAt+1])+
			" at byte "+strconv.Itoa(m.OverflowAt)+"; youtube refuses < and >")
		return
	}
	more := ""
	if !m.Exact {
		more = "more than "
	}
	d.raise(id, rules.CodeInvalidValue, path, what+" is "+more+strconv.Itoa(m.Length)+" "+rules.UnitName(m.Counter)+
		"; the limit is "+strconv.Itoa(m.Cap))
}

// creatorPrivacy applies tiktok.privacy.allowed to target i once it is resolved to an
// account whose creator_info privacy levels the caller gave (allowed; nil: not known).
func (d *doc) creatorPrivacy(t *PlatformTarget, i int, allowed []string) {
	path := "/platforms/" + strconv.Itoa(i) + "/platformSpecificData/privacyLevel"
	if t.Platform != rules.TikTok || t.TikTok == nil || t.TikTok.PrivacyLevel == nil || allowed == nil || d.brokenNear(path) {
		return
	}
	level := *t.TikTok.PrivacyLevel
	if !slices.Contains(tiktokPrivacyLevels, level) || slices.Contains(allowed, level) {
		return // an unknown value is the enum's problem
	}
	d.raise("tiktok.privacy.allowed", rules.CodeInvalidValue, path, "this TikTok creator can post as "+strings.Join(allowed, ", ")+
		", not "+strconv.Quote(level)+" (TikTok's creator_info)")
}

// eachMeasured applies a string rule to every entry of an array option at path.
func (d *doc) eachMeasured(id string, values []string, path, what string) {
	for k, v := range values {
		d.measured(id, v, path+"/"+strconv.Itoa(k), what+" "+strconv.Itoa(k))
	}
}

// threadsAttachments applies the rules of a threads post's poll, topic tag and text
// attachment: a poll and a text attachment each go on a text-only post, and not together.
func (d *doc) threadsAttachments(th *ThreadsOptions, c mediaCount, mediaOK bool, opts string) {
	if poll := opts + "/pollOptions"; th.PollOptions != nil && !d.brokenNear(poll) {
		if n := len(th.PollOptions); n < 2 || n > d.limit("threads.poll.options") {
			d.raise("threads.poll.options", rules.CodeInvalidPoll, poll, "a threads poll has 2 to "+
				strconv.Itoa(d.limit("threads.poll.options"))+" options, not "+strconv.Itoa(n))
		}
		for k, o := range th.PollOptions {
			if strings.TrimSpace(o) == "" {
				d.raise("threads.poll.option.max", rules.CodeInvalidPoll, poll+"/"+strconv.Itoa(k), "poll option "+strconv.Itoa(k)+" is blank; each is 1 to "+
					strconv.Itoa(d.limit("threads.poll.option.max"))+" characters")
				continue
			}
			d.measured("threads.poll.option.max", o, poll+"/"+strconv.Itoa(k), "poll option "+strconv.Itoa(k))
		}
		if mediaOK && c.all > 0 {
			d.raise("threads.poll.text_only", rules.CodeInvalidPoll, poll, "threads takes a poll on a text-only post; this one has "+mediaList(c))
		}
	}
	if tag := th.TopicTag; tag != nil && !d.brokenNear(opts+"/topicTag") {
		if i := strings.IndexAny(*tag, ".&"); i >= 0 || strings.TrimSpace(*tag) == "" {
			msg := "the topic tag is blank; threads takes 1 to " + strconv.Itoa(d.limit("threads.topic_tag")) + " characters"
			if i >= 0 {
				msg = "the topic tag contains " + strconv.Quote((*tag)[i:i+1]) + " at byte " + strconv.Itoa(i) + "; threads takes no \".\" or \"&\" in a topic tag"
			}
			d.raise("threads.topic_tag", rules.CodeInvalidValue, opts+"/topicTag", msg)
		} else {
			d.measured("threads.topic_tag", *tag, opts+"/topicTag", "the topic tag")
		}
	}
	if at := opts + "/textAttachment"; th.TextAttachment != nil && !d.brokenNear(at) {
		d.measured("threads.text_attachment.max", *th.TextAttachment, at, "the text attachment")
		switch {
		case mediaOK && c.all > 0:
			d.raise("threads.text_attachment.text_only", rules.CodeInvalidValue, at, "threads takes a text attachment on a text-only post; this one has "+mediaList(c))
		case th.PollOptions != nil:
			d.raise("threads.text_attachment.text_only", rules.CodeInvalidValue, at, "threads takes a text attachment or a poll, not both")
		}
	}
}

// altText applies the alt text rules of bluesky, threads and instagram: no more entries than media
// (error), and every image described (warning).
func (d *doc) altText(platform string, items []MediaItem, alt []string, opts string) {
	if d.brokenNear(opts + "/altText") {
		return
	}
	if len(alt) > len(items) {
		d.raise(platform+".alt.count", rules.CodeInvalidValue, opts+"/altText", platform+" takes one alt text per media item: "+
			plural(len(alt), "alt text")+" for "+plural(len(items), "media item"))
	}
	missing := 0
	for k, m := range items {
		if m.Type == "image" && (k >= len(alt) || strings.TrimSpace(alt[k]) == "") {
			missing++
		}
	}
	if missing > 0 {
		d.raise(platform+".alt.missing", rules.CodeMissingField, opts+"/altText", plural(missing, "image")+" without alt text on "+platform)
	}
}

// googleBusiness applies the call-to-action and event rules.
func (d *doc) googleBusiness(g *GoogleBusinessOptions, opts string) {
	if g.TopicType != nil && *g.TopicType == "ALERT" && !d.brokenNear(opts+"/topicType") {
		d.raise("googlebusiness.topic", rules.CodeInvalidValue, opts+"/topicType", "ALERT posts cannot be created through Google's API; use STANDARD, EVENT or OFFER")
	} else {
		d.enumRule("googlebusiness.topic", g.TopicType, opts+"/topicType", googleTopicTypes)
	}
	d.enumRule("googlebusiness.cta", g.CallToActionType, opts+"/callToActionType", googleCallToActions)
	offer := g.TopicType != nil && *g.TopicType == "OFFER"
	if g.CallToActionType != nil && !d.brokenNear(opts+"/callToActionType") {
		switch {
		case offer:
			d.raise("googlebusiness.offer.cta", rules.CodeInvalidValue, opts+"/callToActionType", "Google ignores a call to action on an OFFER post; its offer takes the place of one")
		case *g.CallToActionType == "GET_OFFER":
			d.raise("googlebusiness.cta.deprecated", rules.CodeInvalidValue, opts+"/callToActionType", "GET_OFFER is deprecated by Google; post an OFFER instead")
		}
	}
	d.url(g.CallToActionURL, opts+"/callToActionUrl")
	d.url(g.OfferRedeemOnlineURL, opts+"/offerRedeemOnlineUrl")
	if !d.brokenNear(opts+"/callToActionType") && !d.brokenNear(opts+"/callToActionUrl") {
		switch {
		case g.CallToActionType != nil && *g.CallToActionType != "CALL" && g.CallToActionURL == nil:
			d.raise("googlebusiness.cta", rules.CodeMissingField, opts+"/callToActionUrl", "a "+*g.CallToActionType+" call to action needs callToActionUrl (only CALL has none)")
		case g.CallToActionType == nil && g.CallToActionURL != nil:
			d.raise("googlebusiness.cta", rules.CodeMissingField, opts+"/callToActionType", "callToActionUrl is given without callToActionType")
		}
	}
	event := g.TopicType != nil && *g.TopicType == "EVENT"
	if !event && !offer {
		return
	}
	// Google's LocalPost needs the event (title and schedule) for EVENT and OFFER; the
	// times are required for an EVENT (the peer's rule) and optional for an OFFER.
	fields := []struct {
		v        *string
		name     string
		kind     byte // 'd' date, 't' time, 's' text
		required bool
	}{{g.EventTitle, "eventTitle", 's', true}, {g.EventStartDate, "eventStartDate", 'd', true}, {g.EventStartTime, "eventStartTime", 't', event},
		{g.EventEndDate, "eventEndDate", 'd', true}, {g.EventEndTime, "eventEndTime", 't', event}}
	wellFormed := true
	for _, f := range fields {
		path := opts + "/" + f.name
		switch {
		case d.brokenNear(path):
			wellFormed = false
		case f.v == nil && !f.required:
		case f.v == nil || strings.TrimSpace(*f.v) == "":
			wellFormed = false
			d.raise("googlebusiness.event", rules.CodeMissingField, path, "an "+*g.TopicType+" post needs "+f.name)
		case f.kind == 'd' && !validDate(*f.v), f.kind == 't' && !validClock(*f.v):
			wellFormed = false
			want := "YYYY-MM-DD, a real date"
			if f.kind == 't' {
				want = "HH:MM, 24-hour"
			}
			d.raise("googlebusiness.event", rules.CodeInvalidValue, path, f.name+" is "+strconv.Quote(*f.v)+"; want "+want)
		}
	}
	if !wellFormed {
		return
	}
	// Fixed-width YYYY-MM-DD and HH:MM order as strings do. An offer without times runs
	// from the start of its first day to the end of its last: one day is enough.
	start, end := *g.EventStartDate, *g.EventEndDate
	if g.EventStartTime != nil && g.EventEndTime != nil {
		start, end = start+" "+*g.EventStartTime, end+" "+*g.EventEndTime
	} else if !event {
		start, end = start+" 00:00", end+" 24:00"
	}
	if end <= start {
		d.raise("googlebusiness.event", rules.CodeInvalidValue, opts+"/eventEndDate", "the "+strings.ToLower(*g.TopicType)+" ends ("+end+") before or when it starts ("+start+")")
	}
}

// validDate reports whether s is YYYY-MM-DD and a real date (the scheduledFor grammar's
// date part, so leap years agree with it).
func validDate(s string) bool {
	if len(s) != 10 {
		return false
	}
	_, err := rules.ParseScheduledFor(s + "T00:00Z")
	return err == nil
}

// validClock reports whether s is HH:MM, 00:00 to 23:59.
func validClock(s string) bool {
	if len(s) != 5 {
		return false
	}
	_, err := rules.ParseScheduledFor("2000-01-01T" + s + "Z")
	return err == nil
}

// youtubeTagsLength is the length YouTube counts for its 500-character tag limit: every
// tag, plus 2 for the quotes around a tag that contains a space, plus a comma between
// tags ("the property value ... commas between items count toward the limit",
// https://developers.google.com/youtube/v3/docs/videos, snippet.tags[]), in UTF-16 code
// units (the unit is not documented; see youtube.title.max).
func youtubeTagsLength(tags []string) int {
	n := 0
	for k, t := range tags {
		n += strictjson.UTF16Offset(t, len(t)) // invalid bytes count one unit each, as U+FFFD
		if strings.ContainsAny(t, " \t\n\r") {
			n += 2
		}
		if k > 0 {
			n++
		}
	}
	return n
}

// enum reports a value outside its allowed set (a shape check: no rule).
func (d *doc) enum(v *string, path string, allowed ...string) {
	d.enumRule("", v, path, allowed)
}

// enumRule is enum for an option whose values are a rule of the book ("" for a shape
// check of no rule): the problem names the rule.
func (d *doc) enumRule(id string, v *string, path string, allowed []string) {
	if v == nil || d.brokenNear(path) || slices.Contains(allowed, *v) {
		return
	}
	msg := strconv.Quote(*v) + " is not one of " + strings.Join(allowed, ", ")
	if id == "" {
		d.add(d.problem(rules.CodeInvalidValue, path, msg))
		return
	}
	d.raise(id, rules.CodeInvalidValue, path, msg)
}

// url reports an option that is not an absolute http or https URL (a shape check).
func (d *doc) url(v *string, path string) {
	if v == nil || d.brokenNear(path) {
		return
	}
	if why := mediaURLProblem(*v); why != "" {
		d.add(d.problem(rules.CodeInvalidValue, path, strconv.Quote(*v)+why))
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
		d.add(d.problem(rules.CodeInvalidValue, path, "must be 0 or more, not "+strconv.Itoa(*v)))
	case *v >= wholeClamp:
		d.add(d.problem(rules.CodeInvalidValue, path, "must be less than "+strconv.Itoa(wholeClamp)))
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

func hasThumbnail(items []MediaItem) bool {
	for _, m := range items {
		if m.Type == "video" && m.Thumbnail != nil {
			return true
		}
	}
	return false
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

// pollOptions applies twitter.poll: each option at most 25 characters.
func (d *doc) pollOptions(p *Poll, path string) {
	for k, o := range p.Options {
		at := path + "/" + strconv.Itoa(k)
		m, on, _, err := d.limits.MeasureRule("twitter.poll", o)
		if on && err == nil && !m.Fits() && !d.brokenNear(at) {
			d.raise("twitter.poll", rules.CodeInvalidPoll, at, "poll option "+strconv.Itoa(k)+" is "+strconv.Itoa(m.Length)+" "+
				rules.UnitName(m.Counter)+"; X takes at most "+strconv.Itoa(m.Cap))
		}
	}
}

// judgeMedia applies the platforms' media rules (media.Judge) to the media files whose
// facts the caller gave (Env.Media): the post's media for every platform it targets, and
// a twitter thread item's media for twitter. A platform is judged once per file however
// many of its targets post it (the problem names the first), so the cost is linear in
// the media and at most ten platforms. Every problem is at its item's pointer.
func (d *doc) judgeMedia(p *CreatePost) {
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
		if !ok {
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
