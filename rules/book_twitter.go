package rules

import (
	"strconv"

	"github.com/postrules/postrules/rules/apierror"
)

// Twitter (X): the text rules, then the media and poll rules of each post of a thread.

// TwitterView is a twitter target's platformSpecificData as the checks see it.
type TwitterView struct {
	// ThreadItems are the posts after the first one of a thread.
	ThreadItems []ThreadItemView
	// Poll is the post's poll; nil: none.
	Poll *PollView
}

// ThreadItemView is one post of a twitter thread after the first.
type ThreadItemView struct {
	Content string
	Media   []Media
}

// PollView is a twitter poll's options.
type PollView struct {
	Options []string
}

// Sources of twitter's rules.
const (
	srcXCount     = "https://docs.x.com/fundamentals/counting-characters"
	srcXCreate    = "https://docs.x.com/x-api/posts/create-post"
	srcXHelpMedia = "https://help.x.com/en/using-x/tweeting-gifs-and-pictures"
)

// The ids of twitter's rules, in the book's order. An id is stable: code
// outside the book names a rule by its string (Rule.ID; Limits.WithRule, Limits.Disable).
const (
	idTwitterTextMax        = "twitter.text.max"
	idTwitterTextXWeighted  = "twitter.text.x_weighted"
	idTwitterCashtagMax     = "twitter.cashtag.max"
	idTwitterPoll           = "twitter.poll"
	idTwitterMediaMax       = "twitter.media.max"
	idTwitterMediaKinds     = "twitter.media.kinds"
	idTwitterMediaExclusive = "twitter.media.exclusive"
	idTwitterPollThread     = "twitter.poll.thread"
)

var twitterRules = []Rule{
	{ID: idTwitterTextMax, remedy: RemedyThread, Platform: Twitter, Severity: SeverityError, Limit: 280, Unit: graphemesName, kind: kindLength,
		Sources: []Source{
			refuses(srcDesign, "280 graphemes per post (this API's design, the seed: rule 2; rule T1 for threads)", "twitter cap is 280 by default"),
			refuses(srcXCount, "280 weighted (CJK and emoji 2, a URL 23)", "Posts on X can contain up to 280 characters. However, not all characters count equally"),
			refuses("https://github.com/twitter/twitter-text/blob/master/config/v3.json", "maxWeightedTweetLength 280, transformedURLLength 23", ""),
		},
		What: "each post of the target (every post of a thread, rule T1) is at most 280 graphemes; X's own weighted count on request (rules/xweight)",
		Note: "X counts a weighted length (twitter-text v3: most code points 2, Latin 1, URLs 23); this API's rule (rule 2 of docs/design.md) counts graphemes by default and X's unit when the caller plugs in the x-weighted counter. Was twitter.text.max_weighted until 2026-11-26: the id said weighted where the count is in graphemes. Where graphemes fit and X's count does not, the warning twitter.text.x_weighted speaks"},
	{ID: idTwitterTextXWeighted, Platform: Twitter, Severity: SeverityWarning, Limit: 280, Unit: xWeightedName, kind: kindLength,
		Sources: []Source{
			refuses(srcXCount, "280 weighted", "Posts on X can contain up to 280 characters. However, not all characters count equally"),
			refuses("https://github.com/twitter/twitter-text/blob/master/config/v3.json", "maxWeightedTweetLength 280, defaultWeight 200", ""),
			refuses(srcDesign, "280 graphemes: the seed wins, X's count is its warning", "a platform's stricter reality is a warning that names its numbers"),
		},
		What: "X would refuse the post, though it fits this API's grapheme cap: X's own count (its weighted length: CJK and most emoji 2, a link 23) is over 280, or the post holds U+FFFE, U+FEFF or U+FFFF",
		Note: "X's stricter reality beside the seed's grapheme count (rule 2 wins; this is its warning). Measured only where the caller's Limits carry X's counter (rules/xweight, Limits.WithCounter; package schema and the WASM module always do) and twitter's own cap is not already counted in it"},
	{ID: idTwitterCashtagMax, remedy: RemedyDropCounted, Platform: Twitter, Severity: SeverityError, Limit: 1, Unit: "cashtags", kind: kindCashtags,
		Sources: []Source{
			refuses("https://github.com/gitroomhq/postiz-app/blob/main/libraries/nestjs-libraries/src/integrations/social/x.provider.ts", "one cashtag per post (X API 403, as the client handles it)", "maximum of one cashtag"),
			refuses("https://github.com/twitter/twitter-text/blob/master/js/src/regexp/validCashtag.js", "what a cashtag is: $ and 1-6 letters, optionally . or _ and 1-2 letters", ""),
		},
		What: "at most one $cashtag per post (X answers 403 \"Posts are limited to a maximum of one cashtag\"); a cashtag is what twitter-text extracts: $ and 1-6 letters, optionally . or _ and 1-2 letters, after white space",
		Note: "what a cashtag is follows twitter-text 3.1.0 (validCashtag.js, cashtag.js); the limit of one is in no X document, only in X's own API error (403 \"Posts are limited to a maximum of one cashtag\", quoted by Postiz's x.provider.ts and other public clients): a platform's error message refuses, so an error"},
	{ID: idTwitterPoll, remedy: RemedyShorten, option: "poll.options", each: true, Platform: Twitter, Severity: SeverityError, Limit: 25, Unit: utf16Name,
		Sources: []Source{
			refuses(srcXCreate, "options 2-4, 1-25 characters each", "Poll options (2-4 choices, 1-25 characters each)."),
		},
		What:  "each poll option is at most 25 characters",
		Note:  "X's PollOption label maxLength 25; the unit is not documented, so UTF-16 code units (never over-permits)",
		check: twitterPoll{}},
	{ID: idTwitterMediaMax, Platform: Twitter, Severity: SeverityError, Limit: 4, Unit: "items",
		Sources: []Source{
			refuses(srcXCreate, "media_ids minItems 1, maxItems 4", ""),
		},
		What:  "at most 4 images per post",
		Note:  "X OpenAPI media.media_ids maxItems 4 (lead, not re-read)",
		check: twitterMediaCheck{}},
	{ID: idTwitterMediaKinds, Platform: Twitter, Severity: SeverityError,
		Sources: []Source{
			refuses("https://docs.x.com/x-api/media/quickstart/best-practices", "4 photos, 1 animated GIF or 1 video", "You may attach up to 4 photos, 1 animated GIF or 1 video in a Post."),
		},
		What:  "per post: images, or one video, or one GIF, never mixed; no documents",
		check: twitterMediaCheck{}},
	{ID: idTwitterMediaExclusive, Platform: Twitter, Severity: SeverityError,
		Sources: []Source{
			refuses(srcXCreate, "media mutually exclusive with poll (X OpenAPI before 2026-08-07)", "This is mutually exclusive from Quote Tweet Id, Poll, and Card URI."),
		},
		What:  "a poll cannot be combined with media",
		Note:  "X: media are \"mutually exclusive from Quote Tweet Id, Poll, and Card URI\"; the peer says the same",
		check: twitterPollMedia{}},
	{ID: idTwitterPollThread, Platform: Twitter, Severity: SeverityWarning,
		Sources: []Source{
			recommends(srcPeer, "the peer refuses a poll with threadItems", ""),
			recommends(srcXCreate, "poll and reply are independent properties; no thread restriction", ""),
		},
		What:  "a poll on a post with threadItems: the peer API refuses it, X does not",
		Note:  "X's create-post reference makes poll exclusive with media and quote_tweet_id only; the thread rule is only the peer API's convention, so a warning",
		check: twitterPollThread{}},
}

// twitterPoll: each poll option is at most the limit.
type twitterPoll struct{}

func (twitterPoll) target(c *check) {
	tw := c.Target.Twitter
	poll := c.opts() + "/poll"
	if tw == nil || tw.Poll == nil || c.broken(poll) {
		return
	}
	for k, o := range tw.Poll.Options {
		at := poll + "/options/" + strconv.Itoa(k)
		m, _, err := c.limits.measureRule(Twitter, c.bi, o)
		if err == nil && !m.Fits() && !c.broken(at) {
			c.report(apierror.CodeInvalidPoll, at, "poll option "+strconv.Itoa(k)+" is "+strconv.Itoa(m.Length)+" "+
				UnitName(m.Counter)+"; X takes at most "+strconv.Itoa(m.Cap))
		}
	}
}

// twitterMediaCheck is the check of twitter.media.max and twitter.media.kinds: each
// thread item's media per target, the shared media once for the post.
type twitterMediaCheck struct{}

// target applies the running media rule (twitter.media.max or .kinds) to the media of
// each thread item of the target.
func (twitterMediaCheck) target(c *check) {
	tw := c.Target.Twitter
	if tw == nil {
		return
	}
	for k := range tw.ThreadItems {
		it := &tw.ThreadItems[k]
		if len(it.Media) == 0 {
			continue
		}
		path := c.opts() + "/threadItems/" + strconv.Itoa(k) + "/mediaItems"
		if c.broken(path) {
			continue
		}
		if why, rule := twitterMedia(it.Media, c.limitOf(idTwitterMediaMax)); rule == c.rule.ID {
			c.report(apierror.CodeInvalidMedia, path, "twitter (target "+strconv.Itoa(c.Target.Index)+")"+why)
		}
	}
}

// post applies the running media rule to the shared media once for all the twitter
// targets: one problem at /mediaItems that names them.
func (twitterMediaCheck) post(c *check) {
	first, n := -1, 0
	for _, t := range c.Post.Targets {
		if t.Platform == Twitter {
			if first < 0 {
				first = t.Index
			}
			n++
		}
	}
	if n == 0 || c.broken("/mediaItems") {
		return
	}
	why, rule := twitterMedia(c.Post.Media, c.limitOf(idTwitterMediaMax))
	if rule != c.rule.ID {
		return
	}
	on := "twitter (target " + strconv.Itoa(first) + ")"
	if n > 1 {
		on = "twitter (target " + strconv.Itoa(first) + " and " + strconv.Itoa(n-1) + " other twitter target"
		if n > 2 {
			on += "s"
		}
		on += ")"
	}
	c.report(apierror.CodeInvalidMedia, "/mediaItems", on+why)
}

// twitterMedia is the twitter media rule for the media of one post: at most 4 images
// (maxImages, rule twitter.media.max), or one video, or one gif, never mixed (rule
// twitter.media.kinds). X's POST /2/tweets takes "media.media_ids: up to 4" and
// its help center says "up to 4 photos, 1 GIF, or 1 video" per post
// (https://help.x.com/en/using-x/tweeting-gifs-and-pictures). X has no documents, so a
// document is refused too. Items whose type is not one of the four are left to the type rule.
// It returns "" when the media fit, else the rest of a message that starts by naming the
// twitter target(s), and the id of the rule broken.
func twitterMedia(items []Media, maxImages int) (string, string) {
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
	const kinds = idTwitterMediaKinds
	switch {
	case docs > 0:
		return " cannot attach documents", kinds
	case clips > 0 && images > 0:
		return " takes images, or one video or gif alone, not both", kinds
	case clips > 1:
		return " takes one video or gif per post, not " + strconv.Itoa(clips), kinds
	case images > maxImages:
		return " takes at most " + strconv.Itoa(maxImages) + " images per post, not " + strconv.Itoa(images), idTwitterMediaMax
	}
	return "", ""
}

// twitterPollMedia: a poll cannot be combined with media (X: media are "mutually
// exclusive from Quote Tweet Id, Poll, and Card URI").
type twitterPollMedia struct{}

func (twitterPollMedia) target(c *check) {
	tw := c.Target.Twitter
	if tw == nil || tw.Poll == nil || c.broken(c.opts()+"/poll") {
		return
	}
	if len(c.Post.Media) > 0 && !c.broken("/mediaItems") {
		c.report(apierror.CodeInvalidPoll, c.opts()+"/poll", "a poll cannot be combined with media")
	}
}

// twitterPollThread: the peer refuses a poll with threadItems, which X allows (a warning).
type twitterPollThread struct{}

func (twitterPollThread) target(c *check) {
	tw := c.Target.Twitter
	if tw == nil || tw.Poll == nil || c.broken(c.opts()+"/poll") {
		return
	}
	if len(tw.ThreadItems) > 0 && !c.broken(c.opts()+"/threadItems") {
		c.report(apierror.CodeInvalidPoll, c.opts()+"/poll", "a poll on a post with threadItems: X takes it, but the peer API refuses it")
	}
}
