package schema

import (
	"encoding/json"

	"github.com/postrules/postrules/rules"
)

// platformSpecificData of the nine platforms besides twitter. Shapes follow the peer
// (PostPeer's public OpenAPI document, named in PostPeer-API/postpeer-node's .stats.yml:
// <Platform>Configurations, every one with additionalProperties false), checked against
// each platform's API; the strict decoder rejects unknown names and wrong types as for
// twitter. The types are declared in package rules beside the rules that read them
// (rules/book_<platform>.go): a rule and the options it checks live in one file. The
// checks themselves run in rules.Limits.CheckPost (schema/post.go builds its view).
type (
	// YouTubeOptions is platformSpecificData for youtube (rules.YouTubeOptions).
	YouTubeOptions = rules.YouTubeOptions
	// TikTokOptions is platformSpecificData for tiktok (rules.TikTokOptions).
	TikTokOptions = rules.TikTokOptions
	// PinterestOptions is platformSpecificData for pinterest (rules.PinterestOptions).
	PinterestOptions = rules.PinterestOptions
	// LinkedInOptions is platformSpecificData for linkedin (rules.LinkedInOptions).
	LinkedInOptions = rules.LinkedInOptions
	// BlueskyOptions is platformSpecificData for bluesky (rules.BlueskyOptions).
	BlueskyOptions = rules.BlueskyOptions
	// FacebookOptions is platformSpecificData for facebook (rules.FacebookOptions).
	FacebookOptions = rules.FacebookOptions
	// InstagramOptions is platformSpecificData for instagram (rules.InstagramOptions).
	InstagramOptions = rules.InstagramOptions
	// ThreadsOptions is platformSpecificData for threads (rules.ThreadsOptions).
	ThreadsOptions = rules.ThreadsOptions
	// GoogleBusinessOptions is platformSpecificData for googlebusiness
	// (rules.GoogleBusinessOptions).
	GoogleBusinessOptions = rules.GoogleBusinessOptions
)

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
		wireMember[TikTokOptions]{name: "title", decode: func(d *decoder, t *TikTokOptions) { d.optStr(&t.Title) }},
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
