package schema

import (
	"encoding/json"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules"
)

// platformSpecificData of the nine platforms besides twitter. Shapes follow the peer
// (conformance/postpeer/openapi.json, <Platform>Configurations, every one with
// additionalProperties false), checked against each platform's API; the strict decoder
// rejects unknown names and wrong types as for twitter. Optional values are pointers
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
}

// ThreadsOptions is platformSpecificData for threads.
type ThreadsOptions struct {
	// ReplyControl is everyone, accounts_you_follow or mentioned_only.
	ReplyControl *string `json:"replyControl,omitempty"`
	// AltText is one entry per media item, in order; no more entries than media.
	AltText []string `json:"altText,omitempty"`
}

// GoogleBusinessOptions is platformSpecificData for googlebusiness.
type GoogleBusinessOptions struct {
	// TopicType is STANDARD, EVENT or OFFER.
	TopicType *string `json:"topicType,omitempty"`
	// CallToActionType is BOOK, ORDER, SHOP, LEARN_MORE, SIGN_UP, CALL or GET_OFFER.
	CallToActionType *string `json:"callToActionType,omitempty"`
	// CallToActionURL is required for every type but CALL (googlebusiness.cta).
	CallToActionURL *string `json:"callToActionUrl,omitempty"`
	// The event fields are required for EVENT (googlebusiness.event): dates
	// YYYY-MM-DD, times HH:MM.
	EventTitle           *string `json:"eventTitle,omitempty"`
	EventStartDate       *string `json:"eventStartDate,omitempty"`
	EventStartTime       *string `json:"eventStartTime,omitempty"`
	EventEndDate         *string `json:"eventEndDate,omitempty"`
	EventEndTime         *string `json:"eventEndTime,omitempty"`
	OfferCouponCode      *string `json:"offerCouponCode,omitempty"`
	OfferRedeemOnlineURL *string `json:"offerRedeemOnlineUrl,omitempty"`
	OfferTermsConditions *string `json:"offerTermsConditions,omitempty"`
}

// Member tables of the nine option objects, in the order their decoders switch on.
var (
	youtubeMembers   = fields{names: []string{"title", "tags", "visibility", "madeForKids", "containsSyntheticMedia", "categoryId", "firstComment"}}
	tiktokMembers    = fields{names: []string{"privacyLevel", "disableComment", "disableDuet", "disableStitch", "brandContentToggle", "brandOrganicToggle", "isAigc", "videoCoverTimestampMs", "autoAddMusic", "photoCoverIndex", "description", "draft"}}
	pinterestMembers = fields{names: []string{"boardId", "title", "link", "altText", "dominantColor", "coverImageUrl"}}
	linkedinMembers  = fields{names: []string{"visibility", "articleUrl", "articleTitle", "articleDescription", "documentTitle"}}
	blueskyMembers   = fields{names: []string{"langs", "altText"}}
	facebookMembers  = fields{names: []string{"link", "published", "videoThumbnailUrl"}}
	instagramMembers = fields{names: []string{"shareToFeed", "coverUrl", "thumbOffset"}}
	threadsMembers   = fields{names: []string{"replyControl", "altText"}}
	gbpMembers       = fields{names: []string{"topicType", "callToActionType", "callToActionUrl", "eventTitle", "eventStartDate", "eventStartTime", "eventEndDate", "eventEndTime", "offerCouponCode", "offerRedeemOnlineUrl", "offerTermsConditions"}}
)

// platformOptions decodes platformSpecificData of a platform other than twitter into its
// typed field of t. It returns false for a target whose platform is not one of the ten
// (missing or unknown): its options stay raw, since there is no shape to hold them to.
func (d *decoder) platformOptions(t *PlatformTarget) bool {
	switch t.Platform {
	case rules.YouTube:
		t.YouTube = new(YouTubeOptions)
		d.youtube(t.YouTube)
	case rules.TikTok:
		t.TikTok = new(TikTokOptions)
		d.tiktok(t.TikTok)
	case rules.Pinterest:
		o := new(PinterestOptions)
		t.Pinterest = o
		d.stringMembers(&pinterestMembers, []**string{&o.BoardID, &o.Title, &o.Link, &o.AltText, &o.DominantColor, &o.CoverImageURL})
	case rules.LinkedIn:
		o := new(LinkedInOptions)
		t.LinkedIn = o
		d.stringMembers(&linkedinMembers, []**string{&o.Visibility, &o.ArticleURL, &o.ArticleTitle, &o.ArticleDescription, &o.DocumentTitle})
	case rules.Bluesky:
		t.Bluesky = new(BlueskyOptions)
		d.bluesky(t.Bluesky)
	case rules.Facebook:
		t.Facebook = new(FacebookOptions)
		d.facebook(t.Facebook)
	case rules.Instagram:
		t.Instagram = new(InstagramOptions)
		d.instagram(t.Instagram)
	case rules.Threads:
		t.Threads = new(ThreadsOptions)
		d.threads(t.Threads)
	case rules.GoogleBusiness:
		o := new(GoogleBusinessOptions)
		t.GoogleBusiness = o
		d.stringMembers(&gbpMembers, []**string{&o.TopicType, &o.CallToActionType, &o.CallToActionURL, &o.EventTitle,
			&o.EventStartDate, &o.EventStartTime, &o.EventEndDate, &o.EventEndTime, &o.OfferCouponCode,
			&o.OfferRedeemOnlineURL, &o.OfferTermsConditions})
	default:
		return false
	}
	return true
}

// stringMembers decodes an object whose members are all optional strings, dst[i] being
// the destination of f.names[i].
func (d *decoder) stringMembers(f *fields, dst []**string) {
	var o object
	if !d.open(&o, f) {
		return
	}
	for d.next(&o) {
		d.optStr(dst[o.field])
	}
}

// optBool decodes a boolean into a new *bool.
func (d *decoder) optBool(dst **bool) {
	var b bool
	if k := d.sc.Peek(); k != strictjson.Bool {
		d.wrongType("a boolean (true or false)", k)
		return
	}
	d.boolean(&b)
	*dst = &b
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

func (d *decoder) youtube(y *YouTubeOptions) {
	var o object
	if !d.open(&o, &youtubeMembers) {
		return
	}
	for d.next(&o) {
		switch o.field {
		case 0:
			d.optStr(&y.Title)
		case 1:
			y.Tags = d.stringArray()
		case 2:
			d.optStr(&y.Visibility)
		case 3:
			d.boolean(&y.MadeForKids)
		case 4:
			d.boolean(&y.ContainsSyntheticMedia)
		case 5:
			d.optStr(&y.CategoryID)
		case 6:
			d.optStr(&y.FirstComment)
		}
	}
}

func (d *decoder) tiktok(t *TikTokOptions) {
	var o object
	if !d.open(&o, &tiktokMembers) {
		return
	}
	flags := []*bool{1: &t.DisableComment, 2: &t.DisableDuet, 3: &t.DisableStitch, 4: &t.BrandContentToggle,
		5: &t.BrandOrganicToggle, 6: &t.IsAigc, 11: &t.Draft}
	for d.next(&o) {
		switch o.field {
		case 0:
			d.optStr(&t.PrivacyLevel)
		case 7:
			d.optWhole(&t.VideoCoverTimestampMs)
		case 8:
			d.optBool(&t.AutoAddMusic)
		case 9:
			d.optWhole(&t.PhotoCoverIndex)
		case 10:
			d.optStr(&t.Description)
		default:
			d.boolean(flags[o.field])
		}
	}
}

func (d *decoder) bluesky(b *BlueskyOptions) {
	var o object
	if !d.open(&o, &blueskyMembers) {
		return
	}
	for d.next(&o) {
		switch o.field {
		case 0:
			b.Langs = d.stringArray()
		case 1:
			b.AltText = d.stringArray()
		}
	}
}

func (d *decoder) facebook(f *FacebookOptions) {
	var o object
	if !d.open(&o, &facebookMembers) {
		return
	}
	for d.next(&o) {
		switch o.field {
		case 0:
			d.optStr(&f.Link)
		case 1:
			d.optBool(&f.Published)
		case 2:
			d.optStr(&f.VideoThumbnailURL)
		}
	}
}

func (d *decoder) instagram(in *InstagramOptions) {
	var o object
	if !d.open(&o, &instagramMembers) {
		return
	}
	for d.next(&o) {
		switch o.field {
		case 0:
			d.optBool(&in.ShareToFeed)
		case 1:
			d.optStr(&in.CoverURL)
		case 2:
			d.optWhole(&in.ThumbOffset)
		}
	}
}

func (d *decoder) threads(t *ThreadsOptions) {
	var o object
	if !d.open(&o, &threadsMembers) {
		return
	}
	for d.next(&o) {
		switch o.field {
		case 0:
			d.optStr(&t.ReplyControl)
		case 1:
			t.AltText = d.stringArray()
		}
	}
}

// typedOptions is t's typed platformSpecificData of a platform other than twitter, or
// nil when it has none.
func (t *PlatformTarget) typedOptions() any {
	switch {
	case t.YouTube != nil:
		return t.YouTube
	case t.TikTok != nil:
		return t.TikTok
	case t.Pinterest != nil:
		return t.Pinterest
	case t.LinkedIn != nil:
		return t.LinkedIn
	case t.Bluesky != nil:
		return t.Bluesky
	case t.Facebook != nil:
		return t.Facebook
	case t.Instagram != nil:
		return t.Instagram
	case t.Threads != nil:
		return t.Threads
	case t.GoogleBusiness != nil:
		return t.GoogleBusiness
	}
	return nil
}

// unmarshalOptions fills t's typed platformSpecificData from t.Options with
// encoding/json's leniency (PlatformTarget.UnmarshalJSON; the strict decoder is the one
// the checks use).
func (t *PlatformTarget) unmarshalOptions() error {
	var dst any
	switch t.Platform {
	case rules.YouTube:
		t.YouTube = new(YouTubeOptions)
		dst = t.YouTube
	case rules.TikTok:
		t.TikTok = new(TikTokOptions)
		dst = t.TikTok
	case rules.Pinterest:
		t.Pinterest = new(PinterestOptions)
		dst = t.Pinterest
	case rules.LinkedIn:
		t.LinkedIn = new(LinkedInOptions)
		dst = t.LinkedIn
	case rules.Bluesky:
		t.Bluesky = new(BlueskyOptions)
		dst = t.Bluesky
	case rules.Facebook:
		t.Facebook = new(FacebookOptions)
		dst = t.Facebook
	case rules.Instagram:
		t.Instagram = new(InstagramOptions)
		dst = t.Instagram
	case rules.Threads:
		t.Threads = new(ThreadsOptions)
		dst = t.Threads
	case rules.GoogleBusiness:
		t.GoogleBusiness = new(GoogleBusinessOptions)
		dst = t.GoogleBusiness
	default:
		return nil
	}
	return json.Unmarshal(t.Options, dst)
}
