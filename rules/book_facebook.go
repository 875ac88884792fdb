package rules

// Facebook: the text, and photos or one video.

// FacebookOptions is platformSpecificData for facebook.
type FacebookOptions struct {
	Link *string `json:"link,omitempty"`
	// Published defaults to true on Facebook, hence a pointer.
	Published         *bool   `json:"published,omitempty"`
	VideoThumbnailURL *string `json:"videoThumbnailUrl,omitempty"`
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

// facebookMedia is what facebook's media rules (facebook.media.kinds) allow of a post's media items.
var facebookMedia = mediaShape{refused: []string{"document"}, alone: [][]string{{"video"}}, maxRule: idFacebookMediaKinds, maxOf: []string{"image", "gif"}}

var facebookRules = []Rule{
	{ID: idFacebookTextMax, Platform: Facebook, Severity: SeverityError, Limit: 63206, Unit: utf16Name, kind: kindLength,
		What: "the text is at most 63,206 characters, counted in UTF-16 code units", Source: srcFacebookPZ, Read: readLead,
		Note: "no Meta document states it; peers say 63,206, Mixpost's default 5,000. The weakest number of the book"},
	{ID: idFacebookMediaKinds, media: &facebookMedia, Platform: Facebook, Severity: SeverityError, Limit: 10, Unit: "items",
		What: "up to 10 photos, or one video; never mixed; no document", Source: srcFacebookMX, Read: readLead,
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
