package rules

import (
	"strconv"
	"strings"

	"github.com/postrules/postrules/rules/apierror"
)

// TikTok: the caption, a photo post's title and description, the creator's privacy
// levels, and media (TikTok has no text-only posts).

// TikTokOptions is platformSpecificData for tiktok. The target's text is the caption.
type TikTokOptions struct {
	// PrivacyLevel is PUBLIC_TO_EVERYONE, MUTUAL_FOLLOW_FRIENDS, FOLLOWER_OF_CREATOR or
	// SELF_ONLY (which of them a creator may use is TikTok's to say at publish time).
	PrivacyLevel          *string `json:"privacyLevel,omitempty"`
	DisableComment        bool    `json:"disableComment,omitempty"`
	DisableDuet           bool    `json:"disableDuet,omitempty"`
	DisableStitch         bool    `json:"disableStitch,omitempty"`
	BrandContentToggle    bool    `json:"brandContentToggle,omitempty"`
	BrandOrganicToggle    bool    `json:"brandOrganicToggle,omitempty"`
	IsAigc                bool    `json:"isAigc,omitempty"`
	VideoCoverTimestampMs *int    `json:"videoCoverTimestampMs,omitempty"`
	// AutoAddMusic defaults to true on TikTok, hence a pointer.
	AutoAddMusic    *bool `json:"autoAddMusic,omitempty"`
	PhotoCoverIndex *int  `json:"photoCoverIndex,omitempty"`
	// Description is a photo post's description (tiktok.photo.description.max).
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
	idTikTokPhotoTitleMax       = "tiktok.photo.title.max"
	idTikTokPhotoDescriptionMax = "tiktok.photo.description.max"
	idTikTokPrivacyAllowed      = "tiktok.privacy.allowed"
	idTikTokMediaRequired       = "tiktok.media.required"
	idTikTokMediaKinds          = "tiktok.media.kinds"
)

// tiktokMedia is what tiktok's media rules (tiktok.media.required, tiktok.media.kinds) allow of a post's media items.
var tiktokMedia = mediaShape{required: true, refused: []string{"gif", "document"}, alone: [][]string{{"video"}}, maxRule: idTikTokMediaKinds, maxOf: []string{"image"}}

var tiktokRules = []Rule{
	{ID: idTikTokVideoCaptionMax, Platform: TikTok, Severity: SeverityError, Limit: 2200, Unit: utf16Name, kind: kindLength,
		What: "the caption (the target's text) is at most 2,200 UTF-16 code units", Source: srcTikTokVideo, Read: readToday,
		Note: "TikTok says \"UTF-16 runes\" (code units or code points?); code units never over-permit. Postiz's legacy provider uses 2000. Applied to photo posts too, whose text TikTok caps at 4000 as description (the stricter reading)"},
	{ID: idTikTokPhotoTitleMax, Platform: TikTok, Severity: SeverityError, Limit: 90, Unit: utf16Name, schema: SchemaNone,
		What: "on a photo post the target's text is the post's title: at most 90 UTF-16 code units (its longer text goes in platformSpecificData.description)", Source: srcTikTokPhoto, Read: readAudit,
		Note:  "TikTok's photo post has a title (max 90 UTF-16 runes) and a description (max 4,000); this API sends the target's text as the title and the description option as the description, as the peer's options (description, for photo posts) imply",
		check: tiktokPhotoTitle{}},
	{ID: idTikTokPhotoDescriptionMax, option: "description", Platform: TikTok, Severity: SeverityError, Limit: 4000, Unit: utf16Name,
		What: "platformSpecificData.description (photo posts) is at most 4,000 UTF-16 code units", Source: srcTikTokPhoto, Read: readToday,
		check: tiktokPhotoDescription{}},
	{ID: idTikTokPrivacyAllowed, option: "privacyLevel", values: &tiktokPrivacyLevels, Platform: TikTok, Severity: SeverityError, schema: SchemaNone,
		What: "platformSpecificData.privacyLevel is one the creator's account allows (the server gives TikTok's creator_info privacy_level_options per account: schema.Env.TikTokPrivacyLevels)", Source: srcTikTokCreator, Read: readAudit,
		Note:  "TikTok: privacy_level must be one of the privacy_level_options the creator_info query returns, and the app must not preselect one; a fact of the account, not of the request",
		check: tiktokPrivacyAllowed{}},
	{ID: idTikTokMediaRequired, media: &tiktokMedia, Platform: TikTok, Severity: SeverityError, Limit: 1, Unit: "items",
		What: "at least one video or photo: TikTok has no text-only posts", Source: srcTikTokVideo, Read: readToday,
		check: tiktokMediaRequired{}},
	{ID: idTikTokMediaKinds, media: &tiktokMedia, Platform: TikTok, Severity: SeverityError, Limit: 35, Unit: "items",
		What: "one video, or 1 to 35 photos; never mixed; no GIF or document", Source: srcTikTokPhoto, Read: readToday,
		check: tiktokMediaKinds{}},
}

// tiktokPhotoTitle: a photo post's text is its title.
type tiktokPhotoTitle struct{}

func (tiktokPhotoTitle) target(c *check) {
	if m := countMedia(c.Post.Media); c.mediaOK() && m.images > 0 && m.videos == 0 {
		text, path := c.text()
		c.measure(text, path, "the title (a photo post's text)")
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
