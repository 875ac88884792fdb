package rules

import (
	"strconv"
	"strings"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules/apierror"
)

// Pinterest: the pin's description (the target's text), its board, title, alt text and
// link, and its media (a pin needs an image or a video).

// PinterestOptions is platformSpecificData for pinterest. The target's text is the pin
// description. BoardID is required (pinterest.board.required).
type PinterestOptions struct {
	BoardID       *string `json:"boardId,omitempty"`
	Title         *string `json:"title,omitempty"`
	Link          *string `json:"link,omitempty" wire:"url"`
	AltText       *string `json:"altText,omitempty"`
	DominantColor *string `json:"dominantColor,omitempty"`
	CoverImageURL *string `json:"coverImageUrl,omitempty" wire:"url"`
}

// Sources of pinterest's rules.
const (
	srcPinterest = "https://github.com/pinterest/api-description/blob/main/v5/openapi.json"
)

// The ids of pinterest's rules, in the book's order. An id is stable: code
// outside the book names a rule by its string (Rule.ID; Limits.WithRule, Limits.Disable).
const (
	idPinterestDescriptionMax         = "pinterest.description.max"
	idPinterestDescriptionRecommended = "pinterest.description.recommended"
	idPinterestBoardRequired          = "pinterest.board.required"
	idPinterestBoardID                = "pinterest.board.id"
	idPinterestTitleMax               = "pinterest.title.max"
	idPinterestAltTextMax             = "pinterest.alt_text.max"
	idPinterestLinkMax                = "pinterest.link.max"
	idPinterestMediaRequired          = "pinterest.media.required"
	idPinterestMediaKinds             = "pinterest.media.kinds"
	idPinterestCarousel               = "pinterest.carousel"
	idPinterestVideo                  = "pinterest.video"
)

// pinterestMedia is what pinterest's media rules (pinterest.media.required, pinterest.media.kinds, pinterest.carousel) allow of a post's media items.
var pinterestMedia = mediaShape{required: true, refused: []string{"document"}, alone: [][]string{{"video"}}, maxRule: idPinterestCarousel, maxOf: []string{"image", "gif"}}

var pinterestRules = []Rule{
	{ID: idPinterestDescriptionMax, remedy: RemedyShorten, Platform: Pinterest, Severity: SeverityError, Limit: 800, Unit: utf16Name, kind: kindLength,
		Sources: []Source{
			refuses(srcPinterest, "PinCreate.description maxLength 800", ""),
			recommends("https://business.pinterest.com/en/pinterest-product-specs/", "500 characters (product specs, undated)", "Description: Up to 500 characters."),
		},
		What: "the pin description (the target's text) is at most 800 characters",
		Note: "the API (PinCreate.description maxLength 800) wins over the 500 of Postiz, Ayrshare and upload-post, which is the warning pinterest.description.recommended"},
	{ID: idPinterestDescriptionRecommended, Platform: Pinterest, Severity: SeverityWarning, Limit: 500, Unit: utf16Name, kind: kindLength,
		Sources: []Source{
			recommends("https://business.pinterest.com/en/pinterest-product-specs/", "500 characters (product specs, undated)", "Description: Up to 500 characters."),
			recommends("https://docs.upload-post.com/resources/character-limits/", "500 characters", ""),
			refuses(srcPinterest, "PinCreate.description maxLength 800 (the error)", ""),
		},
		What: "a pin description over 500 characters: the limit peers and older Pinterest UIs use",
		Note: "stricter reading than the API's 800; a warning"},
	{ID: idPinterestBoardRequired, Platform: Pinterest, Severity: SeverityWarning,
		Sources: []Source{
			recommends(srcPeer, "boardId required (the peer API)", ""),
			recommends(srcPinterest, "PinCreate.board_id: not in a required list", "The board to which this Pin belongs."),
		},
		What:  "a pin without platformSpecificData.boardId (or a blank one): every pin belongs to a board, though Pinterest's schema does not mark board_id required",
		Note:  "Pinterest's OpenAPI PinCreate has no required list; only the peer requires boardId. A warning since 2026-11-28 (severity follows evidence), an error before",
		check: pinterestBoardRequired{}},
	{ID: idPinterestBoardID, Platform: Pinterest, Severity: SeverityError,
		Sources: []Source{
			refuses(srcPinterest, "PinCreate.board_id pattern ^\\d+$", ""),
		},
		What:  "platformSpecificData.boardId is a Pinterest board id: digits only",
		Note:  "Pinterest's OpenAPI document: PinCreate board_id pattern ^\\d+$",
		check: pinterestBoardID{}},
	{ID: idPinterestTitleMax, remedy: RemedyShorten, option: "title", Platform: Pinterest, Severity: SeverityError, Limit: 100, Unit: utf16Name,
		Sources: []Source{
			refuses(srcPinterest, "PinCreate.title maxLength 100", ""),
		},
		What:  "platformSpecificData.title is at most 100 characters",
		check: &pinterestOption{"title", func(p *PinterestOptions) *string { return p.Title }}},
	{ID: idPinterestAltTextMax, remedy: RemedyShorten, option: "altText", Platform: Pinterest, Severity: SeverityError, Limit: 500, Unit: utf16Name,
		Sources: []Source{
			refuses(srcPinterest, "PinCreate.alt_text maxLength 500", ""),
		},
		What:  "platformSpecificData.altText is at most 500 characters",
		check: &pinterestOption{"altText", func(p *PinterestOptions) *string { return p.AltText }}},
	{ID: idPinterestLinkMax, option: "link", Platform: Pinterest, Severity: SeverityError, Limit: 2048, Unit: utf16Name,
		Sources: []Source{
			refuses(srcPinterest, "PinCreate.link maxLength 2048", ""),
		},
		What:  "platformSpecificData.link is at most 2,048 characters",
		check: &pinterestOption{"link", func(p *PinterestOptions) *string { return p.Link }}},
	{ID: idPinterestMediaRequired, media: &pinterestMedia, Platform: Pinterest, Severity: SeverityError, Limit: 1, Unit: "items",
		Sources: []Source{
			refuses(srcPinterest, "PinCreate.media_source: an image, images or a video (oneOf)", ""),
		},
		What:  "a pin needs an image or a video",
		check: pinterestMediaRequired{}},
	{ID: idPinterestMediaKinds, media: &pinterestMedia, Platform: Pinterest, Severity: SeverityError,
		Sources: []Source{
			refuses(srcPinterest, "PinMediaSource oneOf image_url, multiple_image_urls, video_id", ""),
		},
		What:  "images (a GIF is an image) or one video; never mixed; no document",
		check: pinterestMediaKinds{}},
	{ID: idPinterestCarousel, media: &pinterestMedia, Platform: Pinterest, Severity: SeverityError, Limit: 5, Unit: "items",
		Sources: []Source{
			refuses(srcPinterest, "PinMediaSourceImagesURL.items minItems 2, maxItems 5", ""),
		},
		What:  "a carousel pin has at most 5 images",
		Note:  "multiple_image_urls items 2-5",
		check: pinterestCarousel{}},
	{ID: idPinterestVideo, Platform: Pinterest, Severity: SeverityWarning,
		Sources: []Source{
			recommends(srcPinterest, "PinMediaSourceVideoID: cover optional (required: media_id, source_type)", ""),
			recommends(srcPeer, "peers (Postiz, Ayrshare) require a cover", ""),
		},
		What:  "a video pin without coverImageUrl or a media thumbnail: Postiz and Ayrshare require a cover",
		Note:  "the API schema makes the cover optional (so no error); peers require it, hence the warning",
		check: pinterestVideo{}},
}

// pinterestBoard is the board id given and not blank.
func pinterestBoard(c *check) (string, bool) {
	pin := c.Target.Pinterest
	if pin == nil || pin.BoardID == nil || strings.TrimSpace(*pin.BoardID) == "" {
		return "", false
	}
	return *pin.BoardID, true
}

type pinterestBoardRequired struct{}

func (pinterestBoardRequired) target(c *check) {
	if _, ok := pinterestBoard(c); c.optsOK() && !ok {
		c.report(apierror.CodeMissingField, c.opts()+"/boardId", "a pin needs platformSpecificData.boardId, the board to pin to")
	}
}

type pinterestBoardID struct{}

// target refuses a given boardId that is not digits, a blank one included: Pinterest's
// PinCreate.board_id pattern ^\d+$ refuses it (a missing one is pinterest.board.required's).
func (pinterestBoardID) target(c *check) {
	pin := c.Target.Pinterest
	if pin == nil || pin.BoardID == nil || !c.optsOK() || c.broken(c.opts()+"/boardId") {
		return
	}
	if id := *pin.BoardID; !strictjson.Digits(id) {
		c.report(apierror.CodeInvalidValue, c.opts()+"/boardId", "boardId is a Pinterest board id, digits only, not "+strconv.Quote(id))
	}
}

// pinterestOption applies the running length rule to the option member of its field.
type pinterestOption struct {
	member string
	field  func(*PinterestOptions) *string
}

func (o *pinterestOption) target(c *check) {
	if pin := c.Target.Pinterest; pin != nil && c.optsOK() {
		if v := o.field(pin); v != nil {
			c.measure(*v, c.opts()+"/"+o.member, "the "+o.member)
		}
	}
}

type pinterestMediaRequired struct{}

func (pinterestMediaRequired) target(c *check) {
	c.needMedia("a pin needs an image or a video")
}

type pinterestMediaKinds struct{}

func (pinterestMediaKinds) target(c *check) {
	if m := countMedia(c.Post.Media); c.mediaOK() {
		c.videoAlone(m, m.docs > 0, "pinterest takes images or one video, not documents", "images")
	}
}

type pinterestCarousel struct{}

func (pinterestCarousel) target(c *check) {
	if m := countMedia(c.Post.Media); c.mediaOK() {
		c.atMost(m.images+m.gifs, "/mediaItems", "a pinterest carousel takes at most %d images, not %d")
	}
}

type pinterestVideo struct{}

func (pinterestVideo) target(c *check) {
	pin := c.Target.Pinterest
	if m := countMedia(c.Post.Media); c.mediaOK() && m.videos == 1 && (pin == nil || pin.CoverImageURL == nil) && !videoThumbnail(c.Post.Media) {
		c.report(apierror.CodeMissingField, c.base(), "the video pin has no cover: give platformSpecificData.coverImageUrl or the video's thumbnail")
	}
}

// videoThumbnail reports whether a video of items has a thumbnail.
func videoThumbnail(items []Media) bool {
	for _, m := range items {
		if m.Type == "video" && m.Thumbnail {
			return true
		}
	}
	return false
}
