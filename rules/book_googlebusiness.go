package rules

import (
	"strconv"
	"strings"

	"github.com/postrules/postrules/internal/timestamp"
	"github.com/postrules/postrules/rules/apierror"
)

// Google Business Profile: the local post's summary (the target's text), its one image,
// its topic, call to action, and event or offer.

// GoogleBusinessOptions is platformSpecificData for googlebusiness.
type GoogleBusinessOptions struct {
	// TopicType is STANDARD, EVENT or OFFER.
	TopicType *string `json:"topicType,omitempty"`
	// CallToActionType is BOOK, ORDER, SHOP, LEARN_MORE, SIGN_UP, CALL or GET_OFFER.
	CallToActionType *string `json:"callToActionType,omitempty"`
	// CallToActionURL is required for every type but CALL (googlebusiness.cta).
	CallToActionURL *string `json:"callToActionUrl,omitempty" wire:"url"`
	// The event fields (googlebusiness.event): the title and dates are required for EVENT
	// and OFFER, the times for EVENT (optional for an OFFER); dates YYYY-MM-DD, times HH:MM.
	EventTitle           *string `json:"eventTitle,omitempty"`
	EventStartDate       *string `json:"eventStartDate,omitempty"`
	EventStartTime       *string `json:"eventStartTime,omitempty"`
	EventEndDate         *string `json:"eventEndDate,omitempty"`
	EventEndTime         *string `json:"eventEndTime,omitempty"`
	OfferCouponCode      *string `json:"offerCouponCode,omitempty"`
	OfferRedeemOnlineURL *string `json:"offerRedeemOnlineUrl,omitempty" wire:"url"`
	OfferTermsConditions *string `json:"offerTermsConditions,omitempty"`
}

// The values of topicType (googlebusiness.topic; ALERT cannot be created) and of
// callToActionType (googlebusiness.cta; GET_OFFER is deprecated: a warning).
var (
	gbpTopicTypes    = []string{"STANDARD", "EVENT", "OFFER"}
	gbpCallToActions = []string{"BOOK", "ORDER", "SHOP", "LEARN_MORE", "SIGN_UP", "CALL", "GET_OFFER"}
)

// Sources of googlebusiness's rules.
const (
	srcGBPLocalPost = "https://developers.google.com/my-business/reference/rest/v4/accounts.locations.localPosts"
	srcGBPZernio    = "https://docs.zernio.com/platforms/google-business"
)

// The ids of googlebusiness's rules, in the book's order. An id is stable: code
// outside the book names a rule by its string (Rule.ID; Limits.WithRule, Limits.Disable).
const (
	idGoogleBusinessSummaryMax    = "googlebusiness.summary.max"
	idGoogleBusinessMedia         = "googlebusiness.media"
	idGoogleBusinessTopic         = "googlebusiness.topic"
	idGoogleBusinessCTA           = "googlebusiness.cta"
	idGoogleBusinessCTADeprecated = "googlebusiness.cta.deprecated"
	idGoogleBusinessOfferCTA      = "googlebusiness.offer.cta"
	idGoogleBusinessEvent         = "googlebusiness.event"
)

// No media shape: the rule below is a warning (peers only), and a JSON Schema states
// errors alone.

var googleBusinessRules = []Rule{
	{ID: idGoogleBusinessSummaryMax, remedy: RemedyShorten, Platform: GoogleBusiness, Severity: SeverityError, Limit: 1500, Unit: utf16Name, kind: kindLength,
		Sources: []Source{
			refuses("https://www.searchenginejournal.com/google-my-business-changes-post-limit-to-1500-characters/272013/", "1,500 characters (Google's posts guideline, as reported)", "Google has changed the length of posts published via Google My Business to 1,500 characters."),
			recommends(srcGBPZernio, "1500 characters (a peer)", ""),
		},
		What: "the post summary is at most 1,500 characters, counted in UTF-16 code units",
		Note: "from peers (Postiz, Zernio); Google's LocalPost reference states no number"},
	{ID: idGoogleBusinessMedia, Platform: GoogleBusiness, Severity: SeverityWarning, Limit: 1, Unit: "items",
		Sources: []Source{
			recommends(srcGBPZernio, "one image; no video (peers; the LocalPost reference states no count)", ""),
		},
		What:  "more than one image, or a video, GIF or document: what peers refuse (Google's LocalPost reference states no count)",
		Note:  "Postiz maps a VIDEO media format in its code but refuses video in checkValidity; peers agree local posts take no video. A warning since 2026-11-28 (severity follows evidence), an error before",
		check: gbpMedia{}},
	{ID: idGoogleBusinessTopic, option: "topicType", values: &gbpTopicTypes, Platform: GoogleBusiness, Severity: SeverityError,
		Sources: []Source{
			refuses(srcGBPLocalPost, "topicType STANDARD, EVENT, OFFER (ALERT not creatable)", ""),
		},
		What:  "platformSpecificData.topicType is STANDARD, EVENT or OFFER (ALERT posts cannot be created through the API)",
		check: gbpTopic{}},
	{ID: idGoogleBusinessCTA, option: "callToActionType", values: &gbpCallToActions, Platform: GoogleBusiness, Severity: SeverityError,
		Sources: []Source{
			refuses("https://developers.google.com/my-business/content/posts-data", "actionType BOOK, ORDER, SHOP, LEARN_MORE, SIGN_UP, CALL", "The following are the supported call to action types"),
			refuses(srcGBPLocalPost, "callToAction.url unless CALL", ""),
		},
		What:  "a call to action has a callToActionType (BOOK, ORDER, SHOP, LEARN_MORE, SIGN_UP, CALL or GET_OFFER), and a callToActionUrl unless it is CALL",
		check: gbpCallToAction{}},
	{ID: idGoogleBusinessCTADeprecated, Platform: GoogleBusiness, Severity: SeverityWarning,
		Sources: []Source{
			recommends(srcGBPLocalPost, "GET_OFFER deprecated", ""),
		},
		What:  "callToActionType GET_OFFER: deprecated by Google (an OFFER post carries its offer)",
		Note:  "the LocalPost reference still lists GET_OFFER but marks it deprecated; accepted, with a warning",
		check: gbpDeprecated{}},
	{ID: idGoogleBusinessOfferCTA, Platform: GoogleBusiness, Severity: SeverityWarning,
		Sources: []Source{
			recommends(srcGBPLocalPost, "callToAction ignored for OFFER", "Ignored for topic type OFFER."),
		},
		What:  "a call to action on an OFFER post: Google ignores it",
		Note:  "LocalPost reference (read 2026-11-26): the call to action is ignored for OFFER posts, whose offer (couponCode, redeemOnlineUrl, terms) takes its place",
		check: gbpOfferCallToAction{}},
	{ID: idGoogleBusinessEvent, Platform: GoogleBusiness, Severity: SeverityError, schema: schemaPartial,
		Sources: []Source{
			refuses(srcGBPLocalPost, "event required for EVENT and OFFER", "Event information. Required for topic types EVENT and OFFER."),
		},
		What:  "topicType EVENT and OFFER require eventTitle, eventStartDate and eventEndDate (YYYY-MM-DD, real dates); EVENT also eventStartTime and eventEndTime (HH:MM); the event or offer ends after it starts",
		Note:  "LocalPost: event is \"Required for topic types EVENT and OFFER\"; the times are the peer's requirement for EVENT, optional for an OFFER (when given, HH:MM)",
		check: gbpEvent{}},
}

// gbpOptions is the target's options, nil when it has none or they could not be read.
func gbpOptions(c *check) *GoogleBusinessOptions {
	if c.optsOK() {
		return c.Target.GoogleBusiness
	}
	return nil
}

type gbpMedia struct{}

func (gbpMedia) target(c *check) {
	if !c.mediaOK() {
		return
	}
	m := countMedia(c.Post.Media)
	if m.videos+m.gifs+m.docs > 0 {
		c.report(apierror.CodeInvalidMedia, "/mediaItems", "a google business post takes one image, not videos, GIFs or documents")
	}
	c.atMost(m.all, "/mediaItems", "a google business post takes at most %d image, not %d")
}

type gbpTopic struct{}

func (gbpTopic) target(c *check) {
	g := gbpOptions(c)
	if g == nil {
		return
	}
	path := c.opts() + "/topicType"
	if g.TopicType != nil && *g.TopicType == "ALERT" && !c.broken(path) {
		c.report(apierror.CodeInvalidValue, path, "ALERT posts cannot be created through Google's API; use STANDARD, EVENT or OFFER")
		return
	}
	c.enum(g.TopicType, path, gbpTopicTypes)
}

type gbpCallToAction struct{}

func (gbpCallToAction) target(c *check) {
	g := gbpOptions(c)
	if g == nil {
		return
	}
	typ, url := c.opts()+"/callToActionType", c.opts()+"/callToActionUrl"
	c.enum(g.CallToActionType, typ, gbpCallToActions)
	if c.broken(typ) || c.broken(url) {
		return
	}
	switch {
	case g.CallToActionType != nil && *g.CallToActionType != "CALL" && g.CallToActionURL == nil:
		c.report(apierror.CodeMissingField, url, "a "+*g.CallToActionType+" call to action needs callToActionUrl (only CALL has none)")
	case g.CallToActionType == nil && g.CallToActionURL != nil:
		c.report(apierror.CodeMissingField, typ, "callToActionUrl is given without callToActionType")
	}
}

// gbpCallToActionType is the call to action's type and pointer; ok is false when none
// was given or it could not be read.
func gbpCallToActionType(c *check) (g *GoogleBusinessOptions, path string, ok bool) {
	g = gbpOptions(c)
	path = c.opts() + "/callToActionType"
	return g, path, g != nil && g.CallToActionType != nil && !c.broken(path)
}

func gbpOffer(g *GoogleBusinessOptions) bool { return g.TopicType != nil && *g.TopicType == "OFFER" }

type gbpDeprecated struct{}

func (gbpDeprecated) target(c *check) {
	if g, path, ok := gbpCallToActionType(c); ok && !gbpOffer(g) && *g.CallToActionType == "GET_OFFER" {
		c.report(apierror.CodeInvalidValue, path, "GET_OFFER is deprecated by Google; post an OFFER instead")
	}
}

type gbpOfferCallToAction struct{}

func (gbpOfferCallToAction) target(c *check) {
	if g, path, ok := gbpCallToActionType(c); ok && gbpOffer(g) {
		c.report(apierror.CodeInvalidValue, path, "Google ignores a call to action on an OFFER post; its offer takes the place of one")
	}
}

// gbpEvent: Google's LocalPost needs the event (title and schedule) for EVENT and OFFER;
// the times are required for an EVENT (the peer's rule) and optional for an OFFER.
type gbpEvent struct{}

func (gbpEvent) target(c *check) {
	g := gbpOptions(c)
	if g == nil {
		return
	}
	event := g.TopicType != nil && *g.TopicType == "EVENT"
	if !event && !gbpOffer(g) {
		return
	}
	fields := []struct {
		v        *string
		name     string
		kind     byte // 'd' date, 't' time, 's' text
		required bool
	}{{g.EventTitle, "eventTitle", 's', true}, {g.EventStartDate, "eventStartDate", 'd', true}, {g.EventStartTime, "eventStartTime", 't', event},
		{g.EventEndDate, "eventEndDate", 'd', true}, {g.EventEndTime, "eventEndTime", 't', event}}
	wellFormed := true
	for _, f := range fields {
		path := c.opts() + "/" + f.name
		switch {
		case c.broken(path):
			wellFormed = false
		case f.v == nil && !f.required:
		case f.v == nil || strings.TrimSpace(*f.v) == "":
			wellFormed = false
			c.report(apierror.CodeMissingField, path, "an "+*g.TopicType+" post needs "+f.name)
		case f.kind == 'd' && !validDate(*f.v), f.kind == 't' && !validClock(*f.v):
			wellFormed = false
			want := "YYYY-MM-DD, a real date"
			if f.kind == 't' {
				want = "HH:MM, 24-hour"
			}
			c.report(apierror.CodeInvalidValue, path, f.name+" is "+strconv.Quote(*f.v)+"; want "+want)
		}
	}
	if !wellFormed {
		return
	}
	// Fixed-width YYYY-MM-DD and HH:MM order as strings do. An offer without times runs
	// from the start of its first day to the end of its last: one day is enough.
	start, end := *g.EventStartDate, *g.EventEndDate
	if g.EventStartTime != nil && g.EventEndTime != nil {
		start, end = start+" "+*g.EventStartTime, end+" "+*g.EventEndTime
	} else if !event {
		start, end = start+" 00:00", end+" 24:00"
	}
	if end <= start {
		c.report(apierror.CodeInvalidValue, c.opts()+"/eventEndDate", "the "+strings.ToLower(*g.TopicType)+" ends ("+end+") before or when it starts ("+start+")")
	}
}

// validDate reports whether s is YYYY-MM-DD and a real date (the scheduledFor grammar's
// date part, so leap years agree with it).
func validDate(s string) bool {
	if len(s) != 10 {
		return false
	}
	_, f := timestamp.Scan(s + "T00:00Z")
	return f.OK()
}

// validClock reports whether s is HH:MM, 00:00 to 23:59.
func validClock(s string) bool {
	if len(s) != 5 {
		return false
	}
	_, f := timestamp.Scan("2000-01-01T" + s + "Z")
	return f.OK()
}
