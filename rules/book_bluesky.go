package rules

import (
	"strconv"

	"github.com/postrules/postrules/rules/apierror"
)

// Bluesky: the text in graphemes and bytes, the one embed (images or a video), alt text
// and languages.

// BlueskyOptions is platformSpecificData for bluesky.
type BlueskyOptions struct {
	// Langs are BCP-47 tags, at most 3 (bluesky.langs.max).
	Langs []string `json:"langs,omitempty"`
	// AltText is one entry per media item, in order; no more entries than media.
	AltText []string `json:"altText,omitempty"`
}

// Sources of bluesky's rules.
const (
	srcBskyPost    = "https://github.com/bluesky-social/atproto/blob/main/lexicons/app/bsky/feed/post.json"
	srcBskyImages  = "https://github.com/bluesky-social/atproto/blob/main/lexicons/app/bsky/embed/images.json"
	srcBskyGallery = "https://github.com/bluesky-social/atproto/blob/main/lexicons/app/bsky/embed/gallery.json"
	srcBskyApp     = "https://github.com/bluesky-social/social-app/blob/main/src/lib/constants.ts"
)

// The ids of bluesky's rules, in the book's order. An id is stable: code
// outside the book names a rule by its string (Rule.ID; Limits.WithRule, Limits.Disable).
const (
	idBlueskyTextMaxGraphemes = "bluesky.text.max_graphemes"
	idBlueskyTextMaxBytes     = "bluesky.text.max_bytes"
	idBlueskyEmbedSingle      = "bluesky.embed.single"
	idBlueskyMediaMaxImages   = "bluesky.media.max_images"
	idBlueskyMediaGallery     = "bluesky.media.gallery"
	idBlueskyAltCount         = "bluesky.alt.count"
	idBlueskyAltMax           = "bluesky.alt.max"
	idBlueskyAltMissing       = "bluesky.alt.missing"
	idBlueskyLangsMax         = "bluesky.langs.max"
)

// blueskyMedia is what bluesky's media rules (bluesky.embed.single, bluesky.media.max_images) allow of a post's media items.
var blueskyMedia = mediaShape{refused: []string{"document"}, alone: [][]string{{"video", "gif"}}, maxRule: idBlueskyMediaMaxImages, maxOf: []string{"image"}}

var blueskyRules = []Rule{
	{ID: idBlueskyTextMaxGraphemes, remedy: RemedyShorten, Platform: Bluesky, Severity: SeverityError, Limit: 300, Unit: graphemesName, kind: kindLength,
		Sources: []Source{
			refuses(srcBskyPost, "text maxGraphemes 300", ""),
		},
		What: "the text is at most 300 grapheme clusters (lexicon maxGraphemes)"},
	{ID: idBlueskyTextMaxBytes, remedy: RemedyShorten, Platform: Bluesky, Severity: SeverityError, Limit: 3000, Unit: bytesName, kind: kindLength,
		Sources: []Source{
			refuses(srcBskyPost, "text maxLength 3000 (bytes)", ""),
		},
		What: "the text is at most 3,000 UTF-8 bytes (lexicon maxLength)",
		Note: "letmepost says the limit is \"not bytes\" and misses maxLength; the lexicon validator counts maxLength in UTF-8 bytes"},
	{ID: idBlueskyEmbedSingle, media: &blueskyMedia, Platform: Bluesky, Severity: SeverityError,
		Sources: []Source{
			refuses(srcBskyPost, "embed: one of images, video, gallery, external, record, recordWithMedia", ""),
		},
		What:  "images, or one video (a GIF is posted as a video); never mixed; no document",
		Note:  "one embed per post: images or video, not both",
		check: blueskyEmbed{}},
	{ID: idBlueskyMediaMaxImages, media: &blueskyMedia, Platform: Bluesky, Severity: SeverityError, Limit: 10, Unit: "items",
		Sources: []Source{
			refuses(srcBskyGallery, "gallery items maxLength 20; clients enforce a soft limit of 10", "Clients should currently enforce a soft limit of 10 items in authoring UIs."),
		},
		What:  "at most 10 images (embed.gallery; embed.images holds 4)",
		Note:  "app.bsky.embed.gallery items maxLength 20, with a soft limit of 10 that clients should enforce in authoring UIs (the official app's); the book errs at 10 (until 2026-11-28 this note said the lexicon's maxLength was 10). More than 4 images is the warning bluesky.media.gallery",
		check: blueskyMaxImages{}},
	{ID: idBlueskyMediaGallery, Platform: Bluesky, Severity: SeverityWarning, Limit: 4, Unit: "items",
		Sources: []Source{
			recommends(srcBskyImages, "embed.images maxLength 4; more goes in embed.gallery", ""),
		},
		What:  "more than 4 images: posted as a gallery (embed.gallery), which clients that predate it do not show",
		Note:  "app.bsky.embed.images holds at most 4 images; 5 to 10 need app.bsky.embed.gallery",
		check: blueskyGallery{}},
	{ID: idBlueskyAltCount, Platform: Bluesky, Severity: SeverityError,
		Sources: []Source{
			refuses(srcAPIShape, "altText: one entry per media item, in order (this API's request shape)", ""),
		},
		What:  "platformSpecificData.altText has no more entries than the post has media",
		check: blueskyAltCount{}},
	{ID: idBlueskyAltMax, remedy: RemedyShorten, option: "altText", each: true, Platform: Bluesky, Severity: SeverityWarning, Limit: 2000, Unit: graphemesName,
		Sources: []Source{
			recommends(srcBskyApp, "MAX_ALT_TEXT 2000 (the official app; the lexicon has no cap)", "export const MAX_ALT_TEXT = 2000"),
		},
		What:  "an alt text over 2,000 graphemes: the official app's cap (the lexicon has none)",
		Note:  "letmepost calls 2000 a schema limit; it is only the app's (MAX_ALT_TEXT), so a warning",
		check: blueskyAltMax{}},
	{ID: idBlueskyAltMissing, Platform: Bluesky, Severity: SeverityWarning,
		Sources: []Source{
			recommends(srcBskyImages, "image required: [image, alt] (alt may be empty)", ""),
		},
		What:  "an image without alt text",
		check: blueskyAltMissing{}},
	{ID: idBlueskyLangsMax, remedy: RemedyKeepFirst, option: "langs", Platform: Bluesky, Severity: SeverityError, Limit: 3, Unit: "items",
		Sources: []Source{
			refuses(srcBskyPost, "langs maxLength 3", ""),
		},
		What:  "platformSpecificData.langs has at most 3 entries (lexicon langs maxLength 3)",
		check: blueskyLangs{}},
}

type blueskyEmbed struct{}

func (blueskyEmbed) target(c *check) {
	if !c.mediaOK() {
		return
	}
	switch m := countMedia(c.Post.Media); {
	case m.docs > 0:
		c.report(apierror.CodeInvalidMedia, "/mediaItems", "bluesky takes images or one video, not documents")
	case m.videos+m.gifs > 0 && m.all > 1:
		c.report(apierror.CodeInvalidMedia, "/mediaItems", "bluesky takes one video (a GIF is a video) alone, or images; the post has "+mediaList(m))
	}
}

type blueskyMaxImages struct{}

func (blueskyMaxImages) target(c *check) {
	if c.mediaOK() {
		c.atMost(countMedia(c.Post.Media).images, "/mediaItems", "bluesky takes at most %d images, not %d")
	}
}

// blueskyGallery speaks only where bluesky.media.max_images does not.
type blueskyGallery struct{}

func (blueskyGallery) target(c *check) {
	if images := countMedia(c.Post.Media).images; c.mediaOK() && images <= c.limitOf(idBlueskyMediaMaxImages) {
		c.atMost(images, "/mediaItems", "more than %d images (%d) post as a gallery, which older Bluesky clients do not show")
	}
}

// blueskyAlt is the target's alt text, nil when it has none or its options could not be
// read.
func blueskyAlt(c *check) []string {
	if b := c.Target.Bluesky; b != nil && c.optsOK() {
		return b.AltText
	}
	return nil
}

type (
	blueskyAltCount   struct{}
	blueskyAltMissing struct{}
	blueskyAltMax     struct{}
)

func (blueskyAltCount) target(c *check)   { c.altCount(blueskyAlt(c)) }
func (blueskyAltMissing) target(c *check) { c.altMissing(blueskyAlt(c)) }
func (blueskyAltMax) target(c *check)     { c.measureEach(blueskyAlt(c), c.opts()+"/altText", "alt text") }

type blueskyLangs struct{}

func (blueskyLangs) target(c *check) {
	b := c.Target.Bluesky
	path := c.opts() + "/langs"
	if b == nil || !c.optsOK() || c.broken(path) {
		return
	}
	if n := len(b.Langs); n > c.limit() {
		c.report(apierror.CodeInvalidValue, path, "bluesky takes at most "+strconv.Itoa(c.limit())+" languages, not "+strconv.Itoa(n))
	}
}
