package schema

import (
	"encoding/json"

	"github.com/postrules/postrules/rules"
)

// The values of the options that are enums of the book's rules, stated once for the checks
// (platformrules.go) and the JSON Schema (jsonschema_platforms.go).
var (
	// threadsReplyControls: rule threads.reply_control.
	threadsReplyControls = []string{"everyone", "accounts_you_follow", "mentioned_only", "parent_post_author_only", "followers_only"}
	// googleTopicTypes: rule googlebusiness.topic (ALERT cannot be created).
	googleTopicTypes = []string{"STANDARD", "EVENT", "OFFER"}
	// tiktokPrivacyLevels: TikTok's privacy_level values (tiktok.privacy.allowed narrows
	// them to the creator's own, Env.TikTokPrivacyLevels).
	tiktokPrivacyLevels = []string{"PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "FOLLOWER_OF_CREATOR", "SELF_ONLY"}
	// googleCallToActions: rule googlebusiness.cta (GET_OFFER is deprecated: a warning).
	googleCallToActions = []string{"BOOK", "ORDER", "SHOP", "LEARN_MORE", "SIGN_UP", "CALL", "GET_OFFER"}
)

// platformSpecificData of the nine platforms besides twitter. Shapes follow the peer
// (PostPeer's public OpenAPI document, named in PostPeer-API/postpeer-node's .stats.yml:
// <Platform>Configurations, every one with additionalProperties false), checked against
// each platform's API; the strict decoder rejects unknown names and wrong types as for
// twitter. Optional values are pointers
// where "given" differs from the zero value (a flag whose default is true, a string that
// may be given empty). The rules that relate them to the media and the text are in
// platformrules.go and carry the rule book's ids (rules.Book).

// YouTubeOptions is platformSpecificData for youtube. The target's text is the video
// description.
type YouTubeOptions struct {
	// Title is the video title: at most 100 characters, no < or > (youtube.title.*).
	Title *string `json:"title,omitempty"`
	// Tags are the video's tags: in all at most 500 characters counted as YouTube does
	// (youtube.tags.max).
	Tags []string `json:"tags,omitempty"`
	// Visibility is public, private or unlisted.
	Visibility *string `json:"visibility,omitempty"`
	// MadeForKids is the COPPA flag.
	MadeForKids bool `json:"madeForKids,omitempty"`
	// ContainsSyntheticMedia discloses AI-generated content.
	ContainsSyntheticMedia bool `json:"containsSyntheticMedia,omitempty"`
	// CategoryID is YouTube's category id, digits ("22").
	CategoryID *string `json:"categoryId,omitempty"`
	// FirstComment is posted as a comment once the video is live (youtube.first_comment.max).
	FirstComment *string `json:"firstComment,omitempty"`
}

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

// LinkedInOptions is platformSpecificData for linkedin.
type LinkedInOptions struct {
	// Visibility is PUBLIC or CONNECTIONS.
	Visibility         *string `json:"visibility,omitempty"`
	ArticleURL         *string `json:"articleUrl,omitempty"`
	ArticleTitle       *string `json:"articleTitle,omitempty"`
	ArticleDescription *string `json:"articleDescription,omitempty"`
	// DocumentTitle is required with a document (linkedin.document.title).
	DocumentTitle *string `json:"documentTitle,omitempty"`
}

// BlueskyOptions is platformSpecificData for bluesky.
type BlueskyOptions struct {
	// Langs are BCP-47 tags, at most 3 (bluesky.langs.max).
	Langs []string `json:"langs,omitempty"`
	// AltText is one entry per media item, in order; no more entries than media.
	AltText []string `json:"altText,omitempty"`
}

// FacebookOptions is platformSpecificData for facebook.
type FacebookOptions struct {
	Link *string `json:"link,omitempty"`
	// Published defaults to true on Facebook, hence a pointer.
	Published         *bool   `json:"published,omitempty"`
	VideoThumbnailURL *string `json:"videoThumbnailUrl,omitempty"`
}

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

// GoogleBusinessOptions is platformSpecificData for googlebusiness.
type GoogleBusinessOptions struct {
	// TopicType is STANDARD, EVENT or OFFER.
	TopicType *string `json:"topicType,omitempty"`
	// CallToActionType is BOOK, ORDER, SHOP, LEARN_MORE, SIGN_UP, CALL or GET_OFFER.
	CallToActionType *string `json:"callToActionType,omitempty"`
	// CallToActionURL is required for every type but CALL (googlebusiness.cta).
	CallToActionURL *string `json:"callToActionUrl,omitempty"`
	// The event fields (googlebusiness.event): the title and dates are required for EVENT
	// and OFFER, the times for EVENT (optional for an OFFER); dates YYYY-MM-DD, times HH:MM.
	EventTitle           *string `json:"eventTitle,omitempty"`
	EventStartDate       *string `json:"eventStartDate,omitempty"`
	EventStartTime       *string `json:"eventStartTime,omitempty"`
	EventEndDate         *string `json:"eventEndDate,omitempty"`
	EventEndTime         *string `json:"eventEndTime,omitempty"`
	OfferCouponCode      *string `json:"offerCouponCode,omitempty"`
	OfferRedeemOnlineURL *string `json:"offerRedeemOnlineUrl,omitempty"`
	OfferTermsConditions *string `json:"offerTermsConditions,omitempty"`
}

// The member tables of the nine option objects, in the order the types list them: each
// platform's decoder is its table (decodeObject reads it).
var (
	youtubeTable = newTable(
		wireMember[YouTubeOptions]{name: "title", decode: func(d *decoder, y *YouTubeOptions) { d.optStr(&y.Title) }},
		wireMember[YouTubeOptions]{name: "tags", decode: func(d *decoder, y *YouTubeOptions) { y.Tags = d.stringArray() }},
		wireMember[YouTubeOptions]{name: "visibility", decode: func(d *decoder, y *YouTubeOptions) { d.optStr(&y.Visibility) }},
		wireMember[YouTubeOptions]{name: "madeForKids", decode: func(d *decoder, y *YouTubeOptions) { d.boolean(&y.MadeForKids) }},
		wireMember[YouTubeOptions]{name: "containsSyntheticMedia", decode: func(d *decoder, y *YouTubeOptions) { d.boolean(&y.ContainsSyntheticMedia) }},
		wireMember[YouTubeOptions]{name: "categoryId", decode: func(d *decoder, y *YouTubeOptions) { d.optStr(&y.CategoryID) }},
		wireMember[YouTubeOptions]{name: "firstComment", decode: func(d *decoder, y *YouTubeOptions) { d.optStr(&y.FirstComment) }},
	)
	tiktokTable = newTable(
		wireMember[TikTokOptions]{name: "privacyLevel", decode: func(d *decoder, t *TikTokOptions) { d.optStr(&t.PrivacyLevel) }},
		wireMember[TikTokOptions]{name: "disableComment", decode: func(d *decoder, t *TikTokOptions) { d.boolean(&t.DisableComment) }},
		wireMember[TikTokOptions]{name: "disableDuet", decode: func(d *decoder, t *TikTokOptions) { d.boolean(&t.DisableDuet) }},
		wireMember[TikTokOptions]{name: "disableStitch", decode: func(d *decoder, t *TikTokOptions) { d.boolean(&t.DisableStitch) }},
		wireMember[TikTokOptions]{name: "brandContentToggle", decode: func(d *decoder, t *TikTokOptions) { d.boolean(&t.BrandContentToggle) }},
		wireMember[TikTokOptions]{name: "brandOrganicToggle", decode: func(d *decoder, t *TikTokOptions) { d.boolean(&t.BrandOrganicToggle) }},
		wireMember[TikTokOptions]{name: "isAigc", decode: func(d *decoder, t *TikTokOptions) { d.boolean(&t.IsAigc) }},
		wireMember[TikTokOptions]{name: "videoCoverTimestampMs", decode: func(d *decoder, t *TikTokOptions) { d.optWhole(&t.VideoCoverTimestampMs) }},
		wireMember[TikTokOptions]{name: "autoAddMusic", decode: func(d *decoder, t *TikTokOptions) { d.optBool(&t.AutoAddMusic) }},
		wireMember[TikTokOptions]{name: "photoCoverIndex", decode: func(d *decoder, t *TikTokOptions) { d.optWhole(&t.PhotoCoverIndex) }},
		wireMember[TikTokOptions]{name: "description", decode: func(d *decoder, t *TikTokOptions) { d.optStr(&t.Description) }},
		wireMember[TikTokOptions]{name: "draft", decode: func(d *decoder, t *TikTokOptions) { d.boolean(&t.Draft) }},
	)
	pinterestTable = newTable(
		wireMember[PinterestOptions]{name: "boardId", decode: func(d *decoder, p *PinterestOptions) { d.optStr(&p.BoardID) }},
		wireMember[PinterestOptions]{name: "title", decode: func(d *decoder, p *PinterestOptions) { d.optStr(&p.Title) }},
		wireMember[PinterestOptions]{name: "link", decode: func(d *decoder, p *PinterestOptions) { d.optStr(&p.Link) }},
		wireMember[PinterestOptions]{name: "altText", decode: func(d *decoder, p *PinterestOptions) { d.optStr(&p.AltText) }},
		wireMember[PinterestOptions]{name: "dominantColor", decode: func(d *decoder, p *PinterestOptions) { d.optStr(&p.DominantColor) }},
		wireMember[PinterestOptions]{name: "coverImageUrl", decode: func(d *decoder, p *PinterestOptions) { d.optStr(&p.CoverImageURL) }},
	)
	linkedinTable = newTable(
		wireMember[LinkedInOptions]{name: "visibility", decode: func(d *decoder, l *LinkedInOptions) { d.optStr(&l.Visibility) }},
		wireMember[LinkedInOptions]{name: "articleUrl", decode: func(d *decoder, l *LinkedInOptions) { d.optStr(&l.ArticleURL) }},
		wireMember[LinkedInOptions]{name: "articleTitle", decode: func(d *decoder, l *LinkedInOptions) { d.optStr(&l.ArticleTitle) }},
		wireMember[LinkedInOptions]{name: "articleDescription", decode: func(d *decoder, l *LinkedInOptions) { d.optStr(&l.ArticleDescription) }},
		wireMember[LinkedInOptions]{name: "documentTitle", decode: func(d *decoder, l *LinkedInOptions) { d.optStr(&l.DocumentTitle) }},
	)
	blueskyTable = newTable(
		wireMember[BlueskyOptions]{name: "langs", decode: func(d *decoder, b *BlueskyOptions) { b.Langs = d.stringArray() }},
		wireMember[BlueskyOptions]{name: "altText", decode: func(d *decoder, b *BlueskyOptions) { b.AltText = d.stringArray() }},
	)
	facebookTable = newTable(
		wireMember[FacebookOptions]{name: "link", decode: func(d *decoder, f *FacebookOptions) { d.optStr(&f.Link) }},
		wireMember[FacebookOptions]{name: "published", decode: func(d *decoder, f *FacebookOptions) { d.optBool(&f.Published) }},
		wireMember[FacebookOptions]{name: "videoThumbnailUrl", decode: func(d *decoder, f *FacebookOptions) { d.optStr(&f.VideoThumbnailURL) }},
	)
	instagramTable = newTable(
		wireMember[InstagramOptions]{name: "shareToFeed", decode: func(d *decoder, in *InstagramOptions) { d.optBool(&in.ShareToFeed) }},
		wireMember[InstagramOptions]{name: "coverUrl", decode: func(d *decoder, in *InstagramOptions) { d.optStr(&in.CoverURL) }},
		wireMember[InstagramOptions]{name: "thumbOffset", decode: func(d *decoder, in *InstagramOptions) { d.optWhole(&in.ThumbOffset) }},
		wireMember[InstagramOptions]{name: "altText", decode: func(d *decoder, in *InstagramOptions) { in.AltText = d.stringArray() }},
		wireMember[InstagramOptions]{name: "collaborators", decode: func(d *decoder, in *InstagramOptions) { in.Collaborators = d.stringArray() }},
	)
	threadsTable = newTable(
		wireMember[ThreadsOptions]{name: "replyControl", decode: func(d *decoder, t *ThreadsOptions) { d.optStr(&t.ReplyControl) }},
		wireMember[ThreadsOptions]{name: "altText", decode: func(d *decoder, t *ThreadsOptions) { t.AltText = d.stringArray() }},
		wireMember[ThreadsOptions]{name: "pollOptions", decode: func(d *decoder, t *ThreadsOptions) { t.PollOptions = d.stringArray() }},
		wireMember[ThreadsOptions]{name: "topicTag", decode: func(d *decoder, t *ThreadsOptions) { d.optStr(&t.TopicTag) }},
		wireMember[ThreadsOptions]{name: "textAttachment", decode: func(d *decoder, t *ThreadsOptions) { d.optStr(&t.TextAttachment) }},
	)
	gbpTable = newTable(
		wireMember[GoogleBusinessOptions]{name: "topicType", decode: func(d *decoder, g *GoogleBusinessOptions) { d.optStr(&g.TopicType) }},
		wireMember[GoogleBusinessOptions]{name: "callToActionType", decode: func(d *decoder, g *GoogleBusinessOptions) { d.optStr(&g.CallToActionType) }},
		wireMember[GoogleBusinessOptions]{name: "callToActionUrl", decode: func(d *decoder, g *GoogleBusinessOptions) { d.optStr(&g.CallToActionURL) }},
		wireMember[GoogleBusinessOptions]{name: "eventTitle", decode: func(d *decoder, g *GoogleBusinessOptions) { d.optStr(&g.EventTitle) }},
		wireMember[GoogleBusinessOptions]{name: "eventStartDate", decode: func(d *decoder, g *GoogleBusinessOptions) { d.optStr(&g.EventStartDate) }},
		wireMember[GoogleBusinessOptions]{name: "eventStartTime", decode: func(d *decoder, g *GoogleBusinessOptions) { d.optStr(&g.EventStartTime) }},
		wireMember[GoogleBusinessOptions]{name: "eventEndDate", decode: func(d *decoder, g *GoogleBusinessOptions) { d.optStr(&g.EventEndDate) }},
		wireMember[GoogleBusinessOptions]{name: "eventEndTime", decode: func(d *decoder, g *GoogleBusinessOptions) { d.optStr(&g.EventEndTime) }},
		wireMember[GoogleBusinessOptions]{name: "offerCouponCode", decode: func(d *decoder, g *GoogleBusinessOptions) { d.optStr(&g.OfferCouponCode) }},
		wireMember[GoogleBusinessOptions]{name: "offerRedeemOnlineUrl", decode: func(d *decoder, g *GoogleBusinessOptions) { d.optStr(&g.OfferRedeemOnlineURL) }},
		wireMember[GoogleBusinessOptions]{name: "offerTermsConditions", decode: func(d *decoder, g *GoogleBusinessOptions) { d.optStr(&g.OfferTermsConditions) }},
	)
)

// typedPlatform is one platform's typed platformSpecificData: where a PlatformTarget
// holds it and its member table.
type typedPlatform interface {
	// decode sets the target's typed field and decodes the current object into it.
	decode(d *decoder, t *PlatformTarget)
	// unmarshal sets the target's typed field from t.Options with encoding/json.
	unmarshal(t *PlatformTarget) error
	// typed is the target's typed field, or nil when it is not set.
	typed(t *PlatformTarget) any
	platform() rules.Platform
	// fields is the member table's names (for tests).
	fields() *fields
}

// optionsOf is the typedPlatform of options type T: field is T's field of PlatformTarget.
type optionsOf[T any] struct {
	p       rules.Platform
	field   func(t *PlatformTarget) **T
	members *table[T]
}

func (o optionsOf[T]) platform() rules.Platform { return o.p }

func (o optionsOf[T]) fields() *fields { return &o.members.f }

func (o optionsOf[T]) decode(d *decoder, t *PlatformTarget) {
	v := new(T)
	*o.field(t) = v
	decodeObject(d, o.members, v)
}

func (o optionsOf[T]) unmarshal(t *PlatformTarget) error {
	v := new(T)
	*o.field(t) = v
	return json.Unmarshal(t.Options, v)
}

func (o optionsOf[T]) typed(t *PlatformTarget) any {
	if v := *o.field(t); v != nil {
		return v
	}
	return nil
}

// typedPlatforms are the nine platforms whose platformSpecificData is typed besides
// twitter's (which has a field of its own in the JSON of a target).
var typedPlatforms = []typedPlatform{
	optionsOf[YouTubeOptions]{rules.YouTube, func(t *PlatformTarget) **YouTubeOptions { return &t.YouTube }, youtubeTable},
	optionsOf[TikTokOptions]{rules.TikTok, func(t *PlatformTarget) **TikTokOptions { return &t.TikTok }, tiktokTable},
	optionsOf[PinterestOptions]{rules.Pinterest, func(t *PlatformTarget) **PinterestOptions { return &t.Pinterest }, pinterestTable},
	optionsOf[LinkedInOptions]{rules.LinkedIn, func(t *PlatformTarget) **LinkedInOptions { return &t.LinkedIn }, linkedinTable},
	optionsOf[BlueskyOptions]{rules.Bluesky, func(t *PlatformTarget) **BlueskyOptions { return &t.Bluesky }, blueskyTable},
	optionsOf[FacebookOptions]{rules.Facebook, func(t *PlatformTarget) **FacebookOptions { return &t.Facebook }, facebookTable},
	optionsOf[InstagramOptions]{rules.Instagram, func(t *PlatformTarget) **InstagramOptions { return &t.Instagram }, instagramTable},
	optionsOf[ThreadsOptions]{rules.Threads, func(t *PlatformTarget) **ThreadsOptions { return &t.Threads }, threadsTable},
	optionsOf[GoogleBusinessOptions]{rules.GoogleBusiness, func(t *PlatformTarget) **GoogleBusinessOptions { return &t.GoogleBusiness }, gbpTable},
}

// typedPlatformOf is the typedPlatform of p, or nil for twitter and for a platform that
// is not one of the ten.
func typedPlatformOf(p rules.Platform) typedPlatform {
	for _, tp := range typedPlatforms {
		if tp.platform() == p {
			return tp
		}
	}
	return nil
}

// platformOptions decodes platformSpecificData of a platform other than twitter into its
// typed field of t. It returns false for a target whose platform is not one of the ten
// (missing or unknown): its options stay raw, since there is no shape to hold them to.
func (d *decoder) platformOptions(t *PlatformTarget) bool {
	tp := typedPlatformOf(t.Platform)
	if tp == nil {
		return false
	}
	tp.decode(d, t)
	return true
}

// optBool decodes a boolean into a new *bool.
func (d *decoder) optBool(dst **bool) {
	var b bool
	if d.boolean(&b) {
		*dst = &b
	}
}

// optWhole decodes a whole number (any JSON notation, see Minutes) into a new *int.
func (d *decoder) optWhole(dst **int) {
	var n int
	if d.integer(&n) {
		*dst = &n
	}
}

// stringArray decodes an array of strings; an empty array is an empty, non-nil slice.
func (d *decoder) stringArray() []string {
	if !d.openArray() {
		return nil
	}
	out := []string{}
	var a array
	for d.nextElem(&a) {
		var s string
		d.str(&s)
		out = append(out, s)
	}
	return out
}

// typedOptions is t's typed platformSpecificData of a platform other than twitter, or
// nil when it has none.
func (t *PlatformTarget) typedOptions() any {
	for _, tp := range typedPlatforms {
		if o := tp.typed(t); o != nil {
			return o
		}
	}
	return nil
}

// unmarshalOptions fills t's typed platformSpecificData from t.Options with
// encoding/json's leniency (PlatformTarget.UnmarshalJSON; the strict decoder is the one
// the checks use).
func (t *PlatformTarget) unmarshalOptions() error {
	if tp := typedPlatformOf(t.Platform); tp != nil {
		return tp.unmarshal(t)
	}
	return nil
}
