package rules

import (
	"strconv"
	"strings"

	"github.com/postrules/postrules/rules/apierror"
)

// Pinterest: the pin's description (the target's text), its board, title, alt text and
// link, and its media (a pin needs an image or a video).

// PinterestOptions is platformSpecificData for pinterest. The target's text is the pin
// description. BoardID is required (pinterest.board.required).
type PinterestOptions struct {
	BoardID       *string `json:"boardId,omitempty"`
	Title         *string `json:"title,omitempty"`
	Link          *string `json:"link,omitempty"`
	AltText       *string `json:"altText,omitempty"`
	DominantColor *string `json:"dominantColor,omitempty"`
	CoverImageURL *string `json:"coverImageUrl,omitempty"`
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
	{ID: idPinterestDescriptionMax, Platform: Pinterest, Severity: SeverityError, Limit: 800, Unit: utf16Name, kind: kindLength,
		What: "the pin description (the target's text) is at most 800 characters", Source: srcPinterest, Read: readLead,
		Note: "the API (PinCreate.description maxLength 800) wins over the 500 of Postiz, Ayrshare and upload-post, which is the warning pinterest.description.recommended"},
	{ID: idPinterestDescriptionRecommended, Platform: Pinterest, Severity: SeverityWarning, Limit: 500, Unit: utf16Name, kind: kindLength,
		What: "a pin description over 500 characters: the limit peers and older Pinterest UIs use", Source: "https://docs.upload-post.com/resources/character-limits/", Read: readLead,
		Note: "stricter reading than the API's 800; a warning"},
	{ID: idPinterestBoardRequired, Platform: Pinterest, Severity: SeverityError,
		What: "platformSpecificData.boardId is required and not blank", Source: srcPeer, Read: readToday,
		Note:  "the Pinterest schema does not mark board_id required, but the API rejects a pin without it; the peer requires it",
		check: pinterestBoardRequired{}},
	{ID: idPinterestBoardID, Platform: Pinterest, Severity: SeverityError,
		What: "platformSpecificData.boardId is a Pinterest board id: digits only", Source: srcPinterest, Read: readAudit,
		Note:  "Pinterest's OpenAPI document: PinCreate board_id pattern ^\\d+$",
		check: pinterestBoardID{}},
	{ID: idPinterestTitleMax, option: "title", Platform: Pinterest, Severity: SeverityError, Limit: 100, Unit: utf16Name,
		What: "platformSpecificData.title is at most 100 characters", Source: srcPinterest, Read: readLead,
		check: &pinterestOption{"title", func(p *PinterestOptions) *string { return p.Title }}},
	{ID: idPinterestAltTextMax, option: "altText", Platform: Pinterest, Severity: SeverityError, Limit: 500, Unit: utf16Name,
		What: "platformSpecificData.altText is at most 500 characters", Source: srcPinterest, Read: readLead,
		check: &pinterestOption{"altText", func(p *PinterestOptions) *string { return p.AltText }}},
	{ID: idPinterestLinkMax, option: "link", Platform: Pinterest, Severity: SeverityError, Limit: 2048, Unit: utf16Name,
		What: "platformSpecificData.link is at most 2,048 characters", Source: srcPinterest, Read: readLead,
		check: &pinterestOption{"link", func(p *PinterestOptions) *string { return p.Link }}},
	{ID: idPinterestMediaRequired, media: &pinterestMedia, Platform: Pinterest, Severity: SeverityError, Limit: 1, Unit: "items",
		What: "a pin needs an image or a video", Source: srcPinterest, Read: readLead,
		check: pinterestMediaRequired{}},
	{ID: idPinterestMediaKinds, media: &pinterestMedia, Platform: Pinterest, Severity: SeverityError,
		What: "images (a GIF is an image) or one video; never mixed; no document", Source: srcPinterest, Read: readLead,
		check: pinterestMediaKinds{}},
	{ID: idPinterestCarousel, media: &pinterestMedia, Platform: Pinterest, Severity: SeverityError, Limit: 5, Unit: "items",
		What: "a carousel pin has at most 5 images", Source: srcPinterest, Read: readLead,
		Note:  "multiple_image_urls items 2-5",
		check: pinterestCarousel{}},
	{ID: idPinterestVideo, Platform: Pinterest, Severity: SeverityWarning,
		What: "a video pin without coverImageUrl or a media thumbnail: Postiz and Ayrshare require a cover", Source: srcPinterest, Read: readLead,
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

func (pinterestBoardID) target(c *check) {
	if id, ok := pinterestBoard(c); ok && c.optsOK() && !digits(id) && !c.broken(c.opts()+"/boardId") {
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
