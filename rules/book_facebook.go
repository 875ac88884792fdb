package rules

// Facebook: the text, and photos or one video.

// FacebookOptions is platformSpecificData for facebook.
type FacebookOptions struct {
	Link *string `json:"link,omitempty" wire:"url"`
	// Published defaults to true on Facebook, hence a pointer.
	Published         *bool   `json:"published,omitempty"`
	VideoThumbnailURL *string `json:"videoThumbnailUrl,omitempty" wire:"url"`
}

// Sources of facebook's rules.
const (
	srcFacebookMX = "https://github.com/inovector/mixpost/blob/main/config/mixpost.php"
	srcFacebookPZ = "https://github.com/gitroomhq/postiz-app/blob/main/libraries/nestjs-libraries/src/integrations/social/facebook.provider.ts"
)

// The ids of facebook's rules, in the book's order. An id is stable: code
// outside the book names a rule by its string (Rule.ID; Limits.WithRule, Limits.Disable).
const (
	idFacebookTextMax    = "facebook.text.max"
	idFacebookMediaKinds = "facebook.media.kinds"
)

// No media shape: the rule below is a warning (peers only), and a JSON Schema states
// errors alone.

var facebookRules = []Rule{
	{ID: idFacebookTextMax, remedy: RemedyShorten, Platform: Facebook, Severity: SeverityError, Limit: 63206, Unit: utf16Name, kind: kindLength,
		Sources: []Source{
			recommends(srcFacebookPZ, "63206 characters (a peer; no Meta document states it)", ""),
		},
		What: "the text is at most 63,206 characters, counted in UTF-16 code units (the figure peers use; no Meta document states one)",
		Note: "no Meta document states it; peers say 63,206, Mixpost's default 5,000. The weakest number of the book. By the evidence it would be a warning, but every platform's primary text rule is an error length rule (Limits.For, validate length, the composer): kept an error, the one exception to \"no error without a refusing source\" (TestErrorRulesHaveRefusingSource), until Meta states a figure or the lead decides"},
	{ID: idFacebookMediaKinds, Platform: Facebook, Severity: SeverityWarning, Limit: 10, Unit: "items",
		Sources: []Source{
			recommends(srcFacebookMX, "up to 10 photos or one video (a peer; no Meta document found)", ""),
		},
		What:  "more than 10 photos, a video with other media, or a document: what peers refuse (no Meta document states it)",
		Note:  "from a peer's configuration (Mixpost); a warning since 2026-11-28 (severity follows evidence), an error before",
		check: facebookMediaKinds{}},
}

type facebookMediaKinds struct{}

func (facebookMediaKinds) target(c *check) {
	if !c.mediaOK() {
		return
	}
	m := countMedia(c.Post.Media)
	c.videoAlone(m, m.docs > 0, "facebook takes photos or one video, not documents", "photos")
	c.atMost(m.images+m.gifs, "/mediaItems", "facebook takes at most %d photos, not %d")
}
