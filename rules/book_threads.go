package rules

import (
	"strconv"
	"strings"

	"github.com/postrules/postrules/rules/apierror"
)

// Threads: the text in bytes and its links, media, reply control, alt text, and the
// attachments of a text-only post (a poll, a topic tag, a text attachment).

// ThreadsOptions is platformSpecificData for threads.
type ThreadsOptions struct {
	// ReplyControl is everyone, accounts_you_follow, mentioned_only,
	// parent_post_author_only or followers_only (threads.reply_control).
	ReplyControl *string `json:"replyControl,omitempty"`
	// AltText is one entry per media item, in order; no more entries than media, each
	// at most 1,000 characters (threads.alt.max).
	AltText []string `json:"altText,omitempty"`
	// PollOptions attach a poll: 2 to 4 options (threads.poll.options) of 1 to 25
	// characters (threads.poll.option.max), on a post without media
	// (threads.poll.text_only).
	PollOptions []string `json:"pollOptions,omitempty"`
	// TopicTag is the post's topic: 1 to 50 characters, no "." or "&" (threads.topic_tag).
	TopicTag *string `json:"topicTag,omitempty"`
	// TextAttachment is long-form text shown under the post, at most 10,000 characters
	// (threads.text_attachment.max), on a post without media or a poll
	// (threads.text_attachment.text_only).
	TextAttachment *string `json:"textAttachment,omitempty"`
}

// threadsReplyControls are the values of replyControl (threads.reply_control).
var threadsReplyControls = []string{"everyone", "accounts_you_follow", "mentioned_only", "parent_post_author_only", "followers_only"}

// Sources of threads's rules.
const (
	srcThreadsReply = "https://developers.facebook.com/docs/threads/reply-management"
	srcThreadsPosts = "https://developers.facebook.com/documentation/threads/posts"
	srcThreadsLinks = "https://developers.facebook.com/documentation/threads/create-posts/text-attachments"
	srcThreadsPolls = "https://developers.facebook.com/documentation/threads/create-posts/polls"
	srcThreadsPub   = "https://developers.facebook.com/docs/threads/reference/publishing"
)

// The ids of threads's rules, in the book's order. An id is stable: code
// outside the book names a rule by its string (Rule.ID; Limits.WithRule, Limits.Disable).
const (
	idThreadsTextMax                = "threads.text.max"
	idThreadsLinksMax               = "threads.links.max"
	idThreadsLinksRecommended       = "threads.links.recommended"
	idThreadsMediaKinds             = "threads.media.kinds"
	idThreadsCarousel               = "threads.carousel"
	idThreadsReplyControl           = "threads.reply_control"
	idThreadsAltCount               = "threads.alt.count"
	idThreadsAltMissing             = "threads.alt.missing"
	idThreadsAltMax                 = "threads.alt.max"
	idThreadsPollOptions            = "threads.poll.options"
	idThreadsPollOptionMax          = "threads.poll.option.max"
	idThreadsPollTextOnly           = "threads.poll.text_only"
	idThreadsTopicTag               = "threads.topic_tag"
	idThreadsTextAttachmentMax      = "threads.text_attachment.max"
	idThreadsTextAttachmentTextOnly = "threads.text_attachment.text_only"
)

// threadsMedia is what threads's media rules (threads.media.kinds, threads.carousel) allow of a post's media items.
var threadsMedia = mediaShape{refused: []string{"gif", "document"}, maxRule: idThreadsCarousel}

var threadsRules = []Rule{
	{ID: idThreadsTextMax, remedy: RemedyShorten, Platform: Threads, Severity: SeverityError, Limit: 500, Unit: bytesName, kind: kindLength,
		Sources: []Source{
			refuses(srcThreadsPosts, "500 characters; emojis count as their UTF-8 bytes", "Text posts are limited to 500 characters."),
			refuses("https://github.com/gitroomhq/postiz-app/pull/1946", "curly quotes refused at 504 bytes (Threads API error, as the PR shows)", ""),
		},
		What: "the text is at most 500 UTF-8 bytes",
		Note: "Meta: \"limited to 500 characters. Emojis are counted as the number of UTF-8 bytes\"; Postiz counted UTF-16 and had 175 publishes fail (postiz PR #1946)"},
	{ID: idThreadsLinksMax, remedy: RemedyShorten, Platform: Threads, Severity: SeverityError, Limit: 5, Unit: "links", kind: kindLinks,
		Sources: []Source{
			refuses(srcThreadsLinks, "more than 5 unique links fail (THREADS_API__LINK_LIMIT_EXCEEDED)", ""),
		},
		What: "at most 5 unique links in the text (THREADS_API__LINK_LIMIT_EXCEEDED)",
		Note: "Meta says 5; posts with 4 or more URLs were seen failing (postiz #1203), which is the warning threads.links.recommended"},
	{ID: idThreadsLinksRecommended, Platform: Threads, Severity: SeverityWarning, Limit: 3, Unit: "links", kind: kindLinks,
		Sources: []Source{
			recommends("https://github.com/gitroomhq/postiz-app/issues/1203", "posts with 4 or more links seen failing (an observation, no Meta document)", ""),
		},
		What: "more than 3 unique links: posts with 4 or more were seen failing",
		Note: "stricter reading than Meta's 5; a warning"},
	{ID: idThreadsMediaKinds, media: &threadsMedia, Platform: Threads, Severity: SeverityError,
		Sources: []Source{
			refuses(srcThreadsPosts, "media_type TEXT, IMAGE, VIDEO, CAROUSEL", ""),
		},
		What:  "images and videos (mixed in a carousel); no GIF or document",
		check: threadsMediaKinds{}},
	{ID: idThreadsCarousel, media: &threadsMedia, Platform: Threads, Severity: SeverityError, Limit: 20, Unit: "items",
		Sources: []Source{
			refuses("https://developers.facebook.com/docs/threads/overview", "2 to 20 children", "Carousel posts must have a maximum of 20 children and a minimum of 2 children."),
		},
		What:  "a carousel has at most 20 images and videos",
		Note:  "Meta changelog 2024-10-01 raised 10 to 20; Zernio still says 10",
		check: threadsCarousel{}},
	{ID: idThreadsReplyControl, option: "replyControl", values: &threadsReplyControls, Platform: Threads, Severity: SeverityError,
		Sources: []Source{
			refuses(srcThreadsReply, "everyone, accounts_you_follow, mentioned_only, parent_post_author_only, followers_only", ""),
			refuses("https://developers.facebook.com/docs/threads/changelog", "parent_post_author_only and followers_only added 2025-07-07", "Two new reply audience options, parent_post_author_only and followers_only, have been added"),
		},
		What:  "platformSpecificData.replyControl is everyone, accounts_you_follow, mentioned_only, parent_post_author_only or followers_only",
		Note:  "the Threads changelog of 2025-07-07 added parent_post_author_only and followers_only to the first three",
		check: threadsReplyControl{}},
	{ID: idThreadsAltCount, Platform: Threads, Severity: SeverityError,
		Sources: []Source{
			refuses(srcAPIShape, "altText: one entry per media item, in order (this API's request shape)", ""),
		},
		What:  "platformSpecificData.altText has no more entries than the post has media",
		check: threadsAltCount{}},
	{ID: idThreadsAltMissing, Platform: Threads, Severity: SeverityWarning,
		Sources: []Source{
			recommends(srcPeer, "alt text on every image (accessibility advice)", ""),
		},
		What:  "an image without alt text",
		check: threadsAltMissing{}},
	{ID: idThreadsAltMax, remedy: RemedyShorten, option: "altText", each: true, Platform: Threads, Severity: SeverityError, Limit: 1000, Unit: utf16Name,
		Sources: []Source{
			refuses(srcThreadsPub, "alt_text 1000 characters", "The maximum length of alt_text is 1,000 characters."),
		},
		What:  "each entry of platformSpecificData.altText is at most 1,000 characters",
		Note:  "alt_text: \"The maximum length of alt_text is 1,000 characters\"; the unit is not documented, so UTF-16 code units (never over-permits)",
		check: threadsAltMax{}},
	{ID: idThreadsPollOptions, Platform: Threads, Severity: SeverityError, Limit: 4, Unit: "items",
		Sources: []Source{
			refuses(srcThreadsPolls, "option_a and option_b, optionally option_c and option_d", ""),
		},
		What:  "platformSpecificData.pollOptions has 2 to 4 options",
		Note:  "poll_attachment: option_a and option_b, optionally option_c and option_d",
		check: threadsPollOptions{}},
	{ID: idThreadsPollOptionMax, remedy: RemedyShorten, option: "pollOptions", each: true, Platform: Threads, Severity: SeverityError, Limit: 25, Unit: utf16Name,
		Sources: []Source{
			refuses(srcThreadsPolls, "1 to 25 characters per option", "at least 1 character long and at most 25 characters long"),
		},
		What:  "each poll option is 1 to 25 characters",
		Note:  "\"at least 1 character long and at most 25 characters long\"; the unit is not documented, so UTF-16 code units (never over-permits)",
		check: threadsPollOption{}},
	{ID: idThreadsPollTextOnly, Platform: Threads, Severity: SeverityError,
		Sources: []Source{
			refuses(srcThreadsPolls, "polls on text-only posts", "Polls can only be attached to text-only posts"),
		},
		What:  "a poll goes on a text-only post: no media",
		Note:  "Meta: \"Polls can only be attached to text-only posts\"",
		check: threadsPollTextOnly{}},
	{ID: idThreadsTopicTag, option: "topicTag", Platform: Threads, Severity: SeverityError, Limit: 50, Unit: utf16Name,
		Sources: []Source{
			refuses(srcThreadsPosts, "1 to 50 characters, no periods or ampersands", ""),
		},
		What:  "platformSpecificData.topicTag is 1 to 50 characters without a period or an ampersand",
		check: threadsTopicTag{}},
	{ID: idThreadsTextAttachmentMax, remedy: RemedyShorten, option: "textAttachment", Platform: Threads, Severity: SeverityError, Limit: 10000, Unit: utf16Name,
		Sources: []Source{
			refuses(srcThreadsLinks, "plaintext at most 10K characters", "a maximum of 10K characters"),
		},
		What:  "platformSpecificData.textAttachment (long-form text under the post) is at most 10,000 characters",
		Note:  "text_attachment.plaintext: \"a maximum of 10K characters\" (unit undocumented: UTF-16 code units)",
		check: threadsTextAttachmentMax{}},
	{ID: idThreadsTextAttachmentTextOnly, Platform: Threads, Severity: SeverityError,
		Sources: []Source{
			refuses(srcThreadsLinks, "text-only posts without a poll", "Text attachments can only be attached to text-only posts"),
		},
		What:  "a text attachment goes on a text-only post without a poll",
		Note:  "Meta: \"Text attachments can only be attached to text-only posts\" and \"cannot be attached to a post that has a poll\"",
		check: threadsTextAttachmentTextOnly{}},
}

// threadsOptions is the target's options, nil when it has none or they could not be read.
func threadsOptions(c *check) *ThreadsOptions {
	if c.optsOK() {
		return c.Target.Threads
	}
	return nil
}

type threadsMediaKinds struct{}

func (threadsMediaKinds) target(c *check) {
	if m := countMedia(c.Post.Media); c.mediaOK() && m.docs+m.gifs > 0 {
		c.report(apierror.CodeInvalidMedia, "/mediaItems", "threads takes images and videos, not GIFs or documents")
	}
}

type threadsCarousel struct{}

func (threadsCarousel) target(c *check) {
	if c.mediaOK() {
		c.atMost(countMedia(c.Post.Media).all, "/mediaItems", "a threads carousel takes at most %d images and videos, not %d")
	}
}

type threadsReplyControl struct{}

func (threadsReplyControl) target(c *check) {
	if th := threadsOptions(c); th != nil {
		c.enum(th.ReplyControl, c.opts()+"/replyControl", threadsReplyControls)
	}
}

func threadsAlt(c *check) []string {
	if th := threadsOptions(c); th != nil {
		return th.AltText
	}
	return nil
}

type (
	threadsAltCount   struct{}
	threadsAltMissing struct{}
	threadsAltMax     struct{}
)

func (threadsAltCount) target(c *check)   { c.altCount(threadsAlt(c)) }
func (threadsAltMissing) target(c *check) { c.altMissing(threadsAlt(c)) }
func (threadsAltMax) target(c *check)     { c.measureEach(threadsAlt(c), c.opts()+"/altText", "alt text") }

// threadsPoll is the target's poll options and their pointer; ok is false when it has
// none or they could not be read.
func threadsPoll(c *check) (opts []string, path string, ok bool) {
	th := threadsOptions(c)
	path = c.opts() + "/pollOptions"
	if th == nil || th.PollOptions == nil || c.broken(path) {
		return nil, path, false
	}
	return th.PollOptions, path, true
}

type threadsPollOptions struct{}

func (threadsPollOptions) target(c *check) {
	if opts, path, ok := threadsPoll(c); ok {
		if n := len(opts); n < 2 || n > c.limit() {
			c.report(apierror.CodeInvalidPoll, path, "a threads poll has 2 to "+strconv.Itoa(c.limit())+" options, not "+strconv.Itoa(n))
		}
	}
}

type threadsPollOption struct{}

func (threadsPollOption) target(c *check) {
	opts, path, ok := threadsPoll(c)
	if !ok {
		return
	}
	for k, o := range opts {
		at := path + "/" + strconv.Itoa(k)
		if strings.TrimSpace(o) == "" {
			c.report(apierror.CodeInvalidPoll, at, "poll option "+strconv.Itoa(k)+" is blank; each is 1 to "+strconv.Itoa(c.limit())+" characters")
			continue
		}
		c.measure(o, at, "poll option "+strconv.Itoa(k))
	}
}

type threadsPollTextOnly struct{}

func (threadsPollTextOnly) target(c *check) {
	if _, path, ok := threadsPoll(c); ok && c.mediaOK() && len(c.Post.Media) > 0 {
		if m := countMedia(c.Post.Media); m.all > 0 {
			c.report(apierror.CodeInvalidPoll, path, "threads takes a poll on a text-only post; this one has "+mediaList(m))
		}
	}
}

type threadsTopicTag struct{}

func (threadsTopicTag) target(c *check) {
	th := threadsOptions(c)
	path := c.opts() + "/topicTag"
	if th == nil || th.TopicTag == nil || c.broken(path) {
		return
	}
	tag := *th.TopicTag
	if i := strings.IndexAny(tag, ".&"); i >= 0 || strings.TrimSpace(tag) == "" {
		msg := "the topic tag is blank; threads takes 1 to " + strconv.Itoa(c.limit()) + " characters"
		if i >= 0 {
			msg = "the topic tag contains " + strconv.Quote(tag[i:i+1]) + " at byte " + strconv.Itoa(i) + "; threads takes no \".\" or \"&\" in a topic tag"
		}
		c.report(apierror.CodeInvalidValue, path, msg)
		return
	}
	c.measure(tag, path, "the topic tag")
}

// threadsTextAttachment is the target's text attachment and its pointer; ok is false
// when it has none or it could not be read.
func threadsTextAttachment(c *check) (text, path string, ok bool) {
	th := threadsOptions(c)
	path = c.opts() + "/textAttachment"
	if th == nil || th.TextAttachment == nil || c.broken(path) {
		return "", path, false
	}
	return *th.TextAttachment, path, true
}

type threadsTextAttachmentMax struct{}

func (threadsTextAttachmentMax) target(c *check) {
	if text, path, ok := threadsTextAttachment(c); ok {
		c.measure(text, path, "the text attachment")
	}
}

type threadsTextAttachmentTextOnly struct{}

func (threadsTextAttachmentTextOnly) target(c *check) {
	_, path, ok := threadsTextAttachment(c)
	if !ok {
		return
	}
	switch m := countMedia(c.Post.Media); {
	case c.mediaOK() && m.all > 0:
		c.report(apierror.CodeInvalidValue, path, "threads takes a text attachment on a text-only post; this one has "+mediaList(m))
	case c.Target.Threads.PollOptions != nil:
		c.report(apierror.CodeInvalidValue, path, "threads takes a text attachment or a poll, not both")
	}
}
