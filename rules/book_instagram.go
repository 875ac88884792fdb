package rules

import (
	"strconv"

	"github.com/postrules/postrules/rules/apierror"
)

// Instagram: the caption's rules, then media (Instagram has no text-only posts), alt text
// and collaborators.

// InstagramOptions is platformSpecificData for instagram.
type InstagramOptions struct {
	// ShareToFeed defaults to true, hence a pointer.
	ShareToFeed *bool   `json:"shareToFeed,omitempty"`
	CoverURL    *string `json:"coverUrl,omitempty"`
	ThumbOffset *int    `json:"thumbOffset,omitempty"`
	// AltText is one entry per media item, in order (instagram.alt.count), each at most
	// 1,000 characters (instagram.alt.max); Instagram applies it to images.
	AltText []string `json:"altText,omitempty"`
	// Collaborators are the usernames invited as collaborators, at most 3
	// (instagram.collaborators.max).
	Collaborators []string `json:"collaborators,omitempty"`
}

// Sources of instagram's rules.
const (
	srcIGMedia   = "https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media"
	srcIGPublish = "https://developers.facebook.com/docs/instagram-platform/content-publishing"
)

// The ids of instagram's rules, in the book's order. An id is stable: code
// outside the book names a rule by its string (Rule.ID; Limits.WithRule, Limits.Disable).
const (
	idInstagramCaptionMax          = "instagram.caption.max"
	idInstagramHashtagsMax         = "instagram.hashtags.max"
	idInstagramHashtagsRecommended = "instagram.hashtags.recommended"
	idInstagramMentionsMax         = "instagram.mentions.max"
	idInstagramMediaRequired       = "instagram.media.required"
	idInstagramMediaKinds          = "instagram.media.kinds"
	idInstagramCarousel            = "instagram.carousel"
	idInstagramAltMax              = "instagram.alt.max"
	idInstagramAltCount            = "instagram.alt.count"
	idInstagramCollaboratorsMax    = "instagram.collaborators.max"
)

// instagramMedia is what instagram's media rules (instagram.media.required, instagram.media.kinds, instagram.carousel) allow of a post's media items.
var instagramMedia = mediaShape{required: true, refused: []string{"gif", "document"}, maxRule: idInstagramCarousel}

var instagramRules = []Rule{
	{ID: idInstagramCaptionMax, Platform: Instagram, Severity: SeverityError, Limit: 2200, Unit: utf16Name, kind: kindLength,
		What: "the caption is at most 2,200 characters, counted in UTF-16 code units", Source: srcIGMedia, Read: readToday,
		Note: "Meta: \"Maximum 2200 characters\" without a unit; UTF-16 code units (what peers count, JavaScript .length) never let through what a smaller count would reject"},
	{ID: idInstagramHashtagsMax, Platform: Instagram, Severity: SeverityError, Limit: 30, Unit: "hashtags", kind: kindHashtags,
		What: "at most 30 hashtags in the caption", Source: srcIGMedia, Read: readToday,
		Note: "the API reference says 30; Instagram's 5-hashtag product limit (2025-12) is the warning instagram.hashtags.recommended"},
	{ID: idInstagramHashtagsRecommended, Platform: Instagram, Severity: SeverityWarning, Limit: 5, Unit: "hashtags", kind: kindHashtags,
		What: "more than 5 hashtags: Instagram's product limit since 2025-12 (the API reference still says 30)", Source: "https://www.ayrshare.com/docs/apis/post/social-networks/instagram", Read: readToday,
		Note: "stricter reading than the API reference (30); a warning, not an error"},
	{ID: idInstagramMentionsMax, Platform: Instagram, Severity: SeverityError, Limit: 20, Unit: "mentions", kind: kindMentions,
		What: "at most 20 @mentions in the caption", Source: srcIGMedia, Read: readToday,
		Note: "Ayrshare says 3 mentions, an outlier against Meta's 20"},
	{ID: idInstagramMediaRequired, media: &instagramMedia, Platform: Instagram, Severity: SeverityError, Limit: 1, Unit: "items",
		What: "at least one image or video: Instagram has no text-only posts", Source: srcIGPublish, Read: readLead,
		check: instagramMediaRequired{}},
	{ID: idInstagramMediaKinds, media: &instagramMedia, Platform: Instagram, Severity: SeverityError,
		What: "images and videos only (no GIF, no document)", Source: srcIGMedia, Read: readLead,
		Note:  "the Graph API takes JPEG images and MP4/MOV videos; a GIF is refused",
		check: instagramMediaKinds{}},
	{ID: idInstagramCarousel, media: &instagramMedia, Platform: Instagram, Severity: SeverityError, Limit: 10, Unit: "items",
		What: "a carousel has at most 10 images and videos", Source: srcIGPublish, Read: readLead,
		check: instagramCarousel{}},
	{ID: idInstagramAltMax, option: "altText", each: true, Platform: Instagram, Severity: SeverityError, Limit: 1000, Unit: utf16Name,
		What: "each entry of platformSpecificData.altText is at most 1,000 characters", Source: srcIGPublish, Read: readAudit,
		Note:  "alt_text on image containers since 2025-03-24, \"up to 1,000 characters\"; the unit is not documented, so UTF-16 code units (never over-permits)",
		check: instagramAltMax{}},
	{ID: idInstagramAltCount, Platform: Instagram, Severity: SeverityError,
		What: "platformSpecificData.altText has no more entries than the post has media (one per item, in order)", Source: srcIGPublish, Read: readAudit,
		Note:  "alt text is a property of each image container; this API takes one entry per media item, as for bluesky and threads",
		check: instagramAltCount{}},
	{ID: idInstagramCollaboratorsMax, option: "collaborators", Platform: Instagram, Severity: SeverityError, Limit: 3, Unit: "accounts",
		What: "platformSpecificData.collaborators names at most 3 accounts", Source: srcIGMedia, Read: readAudit,
		check: instagramCollaborators{}},
}

type instagramMediaRequired struct{}

func (instagramMediaRequired) target(c *check) {
	c.needMedia("instagram has no text-only posts: give an image or a video")
}

type instagramMediaKinds struct{}

func (instagramMediaKinds) target(c *check) {
	if m := countMedia(c.Post.Media); c.mediaOK() && m.docs+m.gifs > 0 {
		c.report(apierror.CodeInvalidMedia, "/mediaItems", "instagram takes images and videos only, not GIFs or documents")
	}
}

type instagramCarousel struct{}

func (instagramCarousel) target(c *check) {
	if c.mediaOK() {
		c.atMost(countMedia(c.Post.Media).all, "/mediaItems", "an instagram carousel takes at most %d images and videos, not %d")
	}
}

type instagramAltMax struct{}

func (instagramAltMax) target(c *check) {
	if in := c.Target.Instagram; in != nil && c.optsOK() {
		c.measureEach(in.AltText, c.opts()+"/altText", "alt text")
	}
}

type instagramAltCount struct{}

func (instagramAltCount) target(c *check) {
	var alt []string
	if in := c.Target.Instagram; in != nil {
		alt = in.AltText
	}
	c.altCount(alt)
}

type instagramCollaborators struct{}

func (instagramCollaborators) target(c *check) {
	in := c.Target.Instagram
	path := c.opts() + "/collaborators"
	if in == nil || !c.optsOK() || c.broken(path) {
		return
	}
	if n := len(in.Collaborators); n > c.limit() {
		c.report(apierror.CodeInvalidValue, path, "instagram takes at most "+strconv.Itoa(c.limit())+" collaborators, not "+strconv.Itoa(n))
	}
}
