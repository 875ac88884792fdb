package rules

import (
	"strconv"
	"strings"

	"github.com/postrules/postrules/rules/apierror"
)

// TikTok: the caption, a photo post's title and description, the creator's privacy
// levels, and media (TikTok has no text-only posts).

// TikTokOptions is platformSpecificData for tiktok. The target's text is a video's
// caption (2,200 UTF-16 code units) and a photo post's description (4,000).
type TikTokOptions struct {
	// PrivacyLevel is PUBLIC_TO_EVERYONE, MUTUAL_FOLLOW_FRIENDS, FOLLOWER_OF_CREATOR or
	// SELF_ONLY (which of them a creator may use is TikTok's to say at publish time).
	PrivacyLevel          *string `json:"privacyLevel,omitempty" wire:"enum"`
	DisableComment        bool    `json:"disableComment,omitempty"`
	DisableDuet           bool    `json:"disableDuet,omitempty"`
	DisableStitch         bool    `json:"disableStitch,omitempty"`
	BrandContentToggle    bool    `json:"brandContentToggle,omitempty"`
	BrandOrganicToggle    bool    `json:"brandOrganicToggle,omitempty"`
	IsAigc                bool    `json:"isAigc,omitempty"`
	VideoCoverTimestampMs *int    `json:"videoCoverTimestampMs,omitempty" wire:"whole"`
	// AutoAddMusic defaults to true on TikTok, hence a pointer.
	AutoAddMusic    *bool `json:"autoAddMusic,omitempty"`
	PhotoCoverIndex *int  `json:"photoCoverIndex,omitempty" wire:"whole"`
	// Title is a photo post's title (tiktok.photo.title.max, 90 UTF-16 code units);
	// nil: the post has none.
	Title *string `json:"title,omitempty"`
	// Description is a photo post's description when it should differ from the target's
	// text, which it then replaces (tiktok.photo.description.max).
	Description *string `json:"description,omitempty"`
	Draft       bool    `json:"draft,omitempty"`
}

// tiktokPrivacyLevels are TikTok's privacy_level values (tiktok.privacy.allowed narrows
// them to the creator's own).
var tiktokPrivacyLevels = []string{"PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "FOLLOWER_OF_CREATOR", "SELF_ONLY"}

// Sources of tiktok's rules.
const (
	srcTikTokVideo   = "https://developers.tiktok.com/doc/content-posting-api-reference-direct-post"
	srcTikTokPhoto   = "https://developers.tiktok.com/doc/content-posting-api-reference-photo-post"
	srcTikTokCreator = "https://developers.tiktok.com/doc/content-posting-api-reference-query-creator-info"
)

// The ids of tiktok's rules, in the book's order. An id is stable: code
// outside the book names a rule by its string (Rule.ID; Limits.WithRule, Limits.Disable).
const (
	idTikTokVideoCaptionMax     = "tiktok.video.caption.max"
	idTikTokPhotoTextMax        = "tiktok.photo.text.max"
	idTikTokPhotoTitleMax       = "tiktok.photo.title.max"
	idTikTokPhotoDescriptionMax = "tiktok.photo.description.max"
	idTikTokPrivacyAllowed      = "tiktok.privacy.allowed"
	idTikTokMediaRequired       = "tiktok.media.required"
	idTikTokMediaKinds          = "tiktok.media.kinds"
)

// tiktokMedia is what tiktok's media rules (tiktok.media.required, tiktok.media.kinds) allow of a post's media items.
var tiktokMedia = mediaShape{required: true, refused: []string{"gif", "document"}, alone: [][]string{{"video"}}, maxRule: idTikTokMediaKinds, maxOf: []string{"image"}}

var tiktokRules = []Rule{
	{ID: idTikTokVideoCaptionMax, remedy: RemedyShorten, Platform: TikTok, Severity: SeverityError, Limit: 2200, Unit: utf16Name, kind: kindLength, posts: postsNotPhoto,
		What: "the caption (the target's text, but a photo post's) is at most 2,200 UTF-16 code units",
		Sources: []Source{{URL: srcTikTokVideo, Read: readAudit2, Figure: "2200 UTF-16 runes", Says: Refuses,
			Quote: "The maximum length is 2200 in UTF-16 runes."}},
		Note: "TikTok says \"UTF-16 runes\" (code units or code points?); code units never over-permit. Postiz's legacy provider uses 2000. " +
			"Not applied to a photo post's text, which is its description (tiktok.photo.text.max, 4,000); a text measured without its media (validate length, the composer) is measured as a caption"},
	{ID: idTikTokPhotoTextMax, remedy: RemedyShorten, Platform: TikTok, Severity: SeverityError, Limit: 4000, Unit: utf16Name, kind: kindLength, posts: postsPhoto,
		What: "on a photo post the target's text is the post's description: at most 4,000 UTF-16 code units",
		Sources: []Source{{URL: srcTikTokPhoto, Read: readAudit2, Figure: "description 4000 UTF-16 runes", Says: Refuses,
			Quote: "The post description. The maximum length for photo posts is 4000 in UTF-16 runes."},
			{URL: srcPeer, Read: readAudit2, Figure: "description maxLength 4000; the post content is used when omitted", Says: Recommends,
				Quote: "Separate description for a TikTok photo or carousel post. Max 4,000 characters. When omitted, the post content is also used as the description."}},
		Note: "until 2026-11-28 a photo post's text was sent as its title and capped at 90 (tiktok.photo.title.max); TikTok takes 4,000 as the description, as peers send it. " +
			"platformSpecificData.description, when given, replaces the text as the description"},
	{ID: idTikTokPhotoTitleMax, remedy: RemedyShorten, option: "title", Platform: TikTok, Severity: SeverityError, Limit: 90, Unit: utf16Name,
		What: "platformSpecificData.title (a photo post's title), when given, is at most 90 UTF-16 code units",
		Sources: []Source{{URL: srcTikTokPhoto, Read: readAudit2, Figure: "title 90 UTF-16 runes", Says: Refuses,
			Quote: "The maximum length for photo posts is 90 in UTF-16 runes."}},
		Note:  "until 2026-11-28 the target's text was the title; now the title is an option of its own and the text is the description",
		check: tiktokPhotoTitle{}},
	{ID: idTikTokPhotoDescriptionMax, remedy: RemedyShorten, option: "description", Platform: TikTok, Severity: SeverityError, Limit: 4000, Unit: utf16Name,
		What: "platformSpecificData.description (photo posts; replaces the target's text as the description) is at most 4,000 UTF-16 code units",
		Sources: []Source{{URL: srcTikTokPhoto, Read: readAudit2, Figure: "description 4000 UTF-16 runes", Says: Refuses,
			Quote: "The post description. The maximum length for photo posts is 4000 in UTF-16 runes."}},
		check: tiktokPhotoDescription{}},
	{ID: idTikTokPrivacyAllowed, option: "privacyLevel", values: &tiktokPrivacyLevels, Platform: TikTok, Severity: SeverityError, schema: schemaNone,
		What: "platformSpecificData.privacyLevel is one the creator's account allows (the server gives TikTok's creator_info privacy_level_options per account: schema.Env.TikTokPrivacyLevels)",
		Sources: []Source{{URL: srcTikTokPhoto, Read: readAudit2, Figure: "one of creator_info privacy_level_options", Says: Refuses,
			Quote: "The provided value must match one of the privacy_level_options returned in the /creator_info/query/ API."},
			{URL: srcTikTokCreator, Read: readAudit2, Figure: "privacy_level_options per creator", Says: Refuses}},
		Note:  "TikTok: privacy_level must be one of the privacy_level_options the creator_info query returns, and the app must not preselect one; a fact of the account, not of the request",
		check: tiktokPrivacyAllowed{}},
	{ID: idTikTokMediaRequired, media: &tiktokMedia, Platform: TikTok, Severity: SeverityError, Limit: 1, Unit: "items",
		What:    "at least one video or photo: TikTok has no text-only posts",
		Sources: []Source{{URL: srcTikTokVideo, Read: readAudit2, Figure: "post_info and source_info: a video (the photo endpoint: photo_images); no text-only endpoint", Says: Refuses}},
		check:   tiktokMediaRequired{}},
	{ID: idTikTokMediaKinds, media: &tiktokMedia, Platform: TikTok, Severity: SeverityError, Limit: 35, Unit: "items",
		What: "one video, or 1 to 35 photos; never mixed; no GIF or document",
		Sources: []Source{{URL: srcTikTokPhoto, Read: readAudit2, Figure: "photo_images up to 35", Says: Refuses,
			Quote: "An array containing up to 35 photo content URLs."}},
		check: tiktokMediaKinds{}},
}

// tiktokPhotoTitle measures the title option, when given.
type tiktokPhotoTitle struct{}

func (tiktokPhotoTitle) target(c *check) {
	if tk := c.Target.TikTok; tk != nil && c.optsOK() && tk.Title != nil {
		c.measure(*tk.Title, c.opts()+"/title", "the title")
	}
}

type tiktokPhotoDescription struct{}

func (tiktokPhotoDescription) target(c *check) {
	if tk := c.Target.TikTok; tk != nil && c.optsOK() && tk.Description != nil {
		c.measure(*tk.Description, c.opts()+"/description", "the description")
	}
}

// tiktokPrivacyAllowed applies once the target is resolved to an account whose
// creator_info privacy levels the caller gave (PostTarget.PrivacyLevels).
type tiktokPrivacyAllowed struct{}

func (tiktokPrivacyAllowed) target(c *check) {
	t := c.Target
	path := c.opts() + "/privacyLevel"
	if t.TikTok == nil || t.TikTok.PrivacyLevel == nil || t.PrivacyLevels == nil || c.broken(path) {
		return
	}
	level := *t.TikTok.PrivacyLevel
	if !contains(tiktokPrivacyLevels, level) || contains(t.PrivacyLevels, level) {
		return // an unknown value is the wire format's problem
	}
	c.report(apierror.CodeInvalidValue, path, "this TikTok creator can post as "+strings.Join(t.PrivacyLevels, ", ")+
		", not "+strconv.Quote(level)+" (TikTok's creator_info)")
}

type tiktokMediaRequired struct{}

func (tiktokMediaRequired) target(c *check) {
	c.needMedia("tiktok has no text-only posts: give one video or photos")
}

type tiktokMediaKinds struct{}

func (tiktokMediaKinds) target(c *check) {
	if !c.mediaOK() {
		return
	}
	m := countMedia(c.Post.Media)
	c.videoAlone(m, m.docs+m.gifs > 0, "tiktok takes one video or photos, not GIFs or documents", "photos")
	c.atMost(m.images, "/mediaItems", "tiktok takes at most %d photos, not %d")
}
