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
	CoverURL    *string `json:"coverUrl,omitempty" wire:"url"`
	ThumbOffset *int    `json:"thumbOffset,omitempty" wire:"whole"`
	// AltText is one entry per media item, in order (instagram.alt.count), each at most
	// 1,000 characters (instagram.alt.max); Instagram applies it to images only
	// (instagram.alt.video warns of an entry for a video).
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
	idInstagramAltVideo            = "instagram.alt.video"
	idInstagramAltCount            = "instagram.alt.count"
	idInstagramCollaboratorsMax    = "instagram.collaborators.max"
)

// instagramMedia is what instagram's media rules (instagram.media.required, instagram.media.kinds, instagram.carousel) allow of a post's media items.
var instagramMedia = mediaShape{required: true, refused: []string{"gif", "document"}, maxRule: idInstagramCarousel}

var instagramRules = []Rule{
	{ID: idInstagramCaptionMax, remedy: RemedyShorten, Platform: Instagram, Severity: SeverityError, Limit: 2200, Unit: utf16Name, kind: kindLength,
		Sources: []Source{
			refuses(srcIGMedia, "2200 characters (unit undocumented)", "Maximum 2200 characters, 30 hashtags, and 20 @ tags."),
		},
		What: "the caption is at most 2,200 characters, counted in UTF-16 code units",
		Note: "Meta: \"Maximum 2200 characters\" without a unit; UTF-16 code units (what peers count, JavaScript .length) never let through what a smaller count would reject"},
	{ID: idInstagramHashtagsMax, remedy: RemedyDropCounted, Platform: Instagram, Severity: SeverityError, Limit: 30, Unit: "hashtags", kind: kindHashtags,
		Sources: []Source{
			refuses(srcIGMedia, "30 hashtags (API reference)", "Maximum 2200 characters, 30 hashtags, and 20 @ tags."),
			refuses("https://www.businesstoday.in/technology/news/story/no-more-hashtag-stuffing-instagram-limits-hashtag-usage-to-just-5-per-reel-and-post-507444-2025-12-19", "5 hashtags per post and reel (Instagram @creators, 2025-12-19, as reported)", "reducing the maximum limit from 30 to just 5"),
		},
		What: "at most 30 hashtags in the caption (the API reference; Instagram's 2025-12 cap of 5 is the warning instagram.hashtags.recommended)",
		Note: "Instagram's own sources disagree: the API reference says 30, Instagram's @creators announcement (2025-12-19) 5; the error sits at the loosest (30), the warning instagram.hashtags.recommended at the strictest (5)"},
	{ID: idInstagramHashtagsRecommended, remedy: RemedyDropCounted, Platform: Instagram, Severity: SeverityWarning, Limit: 5, Unit: "hashtags", kind: kindHashtags,
		Sources: []Source{
			refuses("https://www.businesstoday.in/technology/news/story/no-more-hashtag-stuffing-instagram-limits-hashtag-usage-to-just-5-per-reel-and-post-507444-2025-12-19", "5 hashtags per post and reel (Instagram @creators, 2025-12-19, as reported)", "reducing the maximum limit from 30 to just 5"),
			refuses(srcIGMedia, "30 hashtags (API reference)", "Maximum 2200 characters, 30 hashtags, and 20 @ tags."),
			recommends("https://www.ayrshare.com/docs/apis/post/social-networks/instagram", "5 hashtags", ""),
		},
		What: "more than 5 hashtags: Instagram's cap since 2025-12-19 (@creators); the API reference still says 30, the error instagram.hashtags.max",
		Note: "Instagram's own sources disagree (30 in the API reference, 5 in its 2025-12 announcement); the strictest is the warning, the loosest the error. Was sourced to Ayrshare until 2026-11-28"},
	{ID: idInstagramMentionsMax, remedy: RemedyDropCounted, Platform: Instagram, Severity: SeverityError, Limit: 20, Unit: "mentions", kind: kindMentions,
		Sources: []Source{
			refuses(srcIGMedia, "20 @ tags", "Maximum 2200 characters, 30 hashtags, and 20 @ tags."),
		},
		What: "at most 20 @mentions in the caption",
		Note: "Ayrshare says 3 mentions, an outlier against Meta's 20"},
	{ID: idInstagramMediaRequired, media: &instagramMedia, Platform: Instagram, Severity: SeverityError, Limit: 1, Unit: "items",
		Sources: []Source{
			refuses(srcIGMedia, "containers are image, carousel, story or reel: none without media", "Create an image, carousel, story or reel IG Container"),
		},
		What:  "at least one image or video: Instagram has no text-only posts",
		check: instagramMediaRequired{}},
	{ID: idInstagramMediaKinds, media: &instagramMedia, Platform: Instagram, Severity: SeverityError,
		Sources: []Source{
			refuses(srcIGPublish, "JPEG images; videos", "JPEG is the only image format supported. Extended JPEG formats such as MPO and JPS are not supported."),
		},
		What:  "images and videos only (no GIF, no document)",
		Note:  "the Graph API takes JPEG images and MP4/MOV videos; a GIF is refused",
		check: instagramMediaKinds{}},
	{ID: idInstagramCarousel, media: &instagramMedia, Platform: Instagram, Severity: SeverityError, Limit: 10, Unit: "items",
		Sources: []Source{
			refuses(srcIGMedia, "up to 10 images and videos", "Carousels can have up to 10 total images, vidoes, or a mix of the two."),
		},
		What:  "a carousel has at most 10 images and videos",
		check: instagramCarousel{}},
	{ID: idInstagramAltMax, remedy: RemedyShorten, option: "altText", each: true, Platform: Instagram, Severity: SeverityError, Limit: 1000, Unit: utf16Name,
		Sources: []Source{
			refuses(srcIGMedia, "1000 characters, images only", "Alternative text, up to 1000 character, for an image"),
		},
		What:  "each entry of platformSpecificData.altText is at most 1,000 characters",
		Note:  "alt_text on image containers since 2025-03-24, \"up to 1,000 characters\"; the unit is not documented, so UTF-16 code units (never over-permits)",
		check: instagramAltMax{}},
	{ID: idInstagramAltVideo, Platform: Instagram, Severity: SeverityWarning,
		Sources: []Source{
			refuses(srcIGMedia, "alt text for images only; Reels and stories not supported", "Reels and stories are not supported."),
		},
		What:  "an altText entry for a video item: Instagram takes alt text on images only, so it is not sent",
		Note:  "Meta: alt text \"for an image\"; \"Reels and stories are not supported\". The entry is dropped, not refused by this API: a warning (FIGURES 2026-11-28)",
		check: instagramAltVideo{}},
	{ID: idInstagramAltCount, Platform: Instagram, Severity: SeverityError,
		Sources: []Source{
			refuses(srcAPIShape, "altText: one entry per media item, in order (this API's request shape)", ""),
		},
		What:  "platformSpecificData.altText has no more entries than the post has media (one per item, in order)",
		Note:  "alt text is a property of each image container; this API takes one entry per media item, as for bluesky and threads",
		check: instagramAltCount{}},
	{ID: idInstagramCollaboratorsMax, remedy: RemedyKeepFirst, option: "collaborators", Platform: Instagram, Severity: SeverityError, Limit: 3, Unit: "accounts",
		Sources: []Source{
			refuses(srcIGMedia, "up to 3 usernames", "A list of up to 3 instagram usernames as collaborators on an ig media."),
		},
		What:  "platformSpecificData.collaborators names at most 3 accounts",
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

// instagramAltVideo warns of each non-empty altText entry whose media item is a video.
type instagramAltVideo struct{}

func (instagramAltVideo) target(c *check) {
	in := c.Target.Instagram
	path := c.opts() + "/altText"
	if in == nil || !c.optsOK() || !c.mediaOK() || c.broken(path) {
		return
	}
	for k, alt := range in.AltText {
		if k < len(c.Post.Media) && c.Post.Media[k].Type == "video" && alt != "" {
			c.report(apierror.CodeInvalidValue, path+"/"+strconv.Itoa(k), "media item "+strconv.Itoa(k)+
				" is a video: Instagram takes alt text on images only (\"Reels and stories are not supported\"), so this entry is not sent")
		}
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
