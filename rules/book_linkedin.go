package rules

import (
	"strings"

	"github.com/postrules/postrules/rules/apierror"
)

// LinkedIn: the commentary (the target's text), media, and the document and article
// options.

// LinkedInOptions is platformSpecificData for linkedin.
type LinkedInOptions struct {
	// Visibility is one of the values of its wire tag: LinkedIn's
	// MemberNetworkVisibility (srcLinkedInPost, "visibility").
	Visibility         *string `json:"visibility,omitempty" wire:"enum=PUBLIC|CONNECTIONS|LOGGED_IN|CONTAINER"`
	ArticleURL         *string `json:"articleUrl,omitempty" wire:"url"`
	ArticleTitle       *string `json:"articleTitle,omitempty"`
	ArticleDescription *string `json:"articleDescription,omitempty"`
	// DocumentTitle is required with a document (linkedin.document.title).
	DocumentTitle *string `json:"documentTitle,omitempty"`
}

// Sources of linkedin's rules.
const (
	srcLinkedInErr  = "https://github.com/n8n-io/n8n/issues/22899"
	srcLinkedInPost = "https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/posts-api"
)

// The ids of linkedin's rules, in the book's order. An id is stable: code
// outside the book names a rule by its string (Rule.ID; Limits.WithRule, Limits.Disable).
const (
	idLinkedInTextMax               = "linkedin.text.max"
	idLinkedInTextReserved          = "linkedin.text.reserved"
	idLinkedInMediaKinds            = "linkedin.media.kinds"
	idLinkedInDocumentTitle         = "linkedin.document.title"
	idLinkedInDocumentTitleMax      = "linkedin.document.title_max"
	idLinkedInArticleTitleMax       = "linkedin.article.title_max"
	idLinkedInArticleDescriptionMax = "linkedin.article.description_max"
)

// linkedinMedia is what linkedin's media rules (linkedin.media.kinds) allow of a post's media items.
var linkedinMedia = mediaShape{alone: [][]string{{"document"}, {"video"}}, maxRule: idLinkedInMediaKinds, maxOf: []string{"image", "gif"}}

var linkedinRules = []Rule{
	{ID: idLinkedInTextMax, remedy: RemedyShorten, Platform: LinkedIn, Severity: SeverityError, Limit: 3000, Unit: utf16Name, kind: kindLength,
		Sources: []Source{
			refuses(srcLinkedInErr, "3000 characters (LinkedIn's API error, quoted in the issue)", "exceeded the maximum allowed (3000 characters)"),
		},
		What: "the commentary is at most 3,000 characters, counted in UTF-16 code units",
		Note: "only a live API error states the number (\"exceeded the maximum allowed (3000 characters)\"); the unit is not documented"},
	{ID: idLinkedInTextReserved, remedy: RemedyEscape, Platform: LinkedIn, Severity: SeverityWarning, Unit: charsName, kind: kindLittleText,
		Sources: []Source{
			refuses("https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/little-text-format", "reserved characters must be escaped in little text", ""),
		},
		What: "the commentary holds a character of LinkedIn's little text format unescaped (\\ | { } @ [ ] ( ) < > # * _ ~): LinkedIn may cut the post there or read it as markup; escape it with a backslash (rules.EscapeLittleText)",
		Note: "LinkedIn requires these characters escaped in commentary; a warning, since a server may escape them itself before sending"},
	{ID: idLinkedInMediaKinds, media: &linkedinMedia, Platform: LinkedIn, Severity: SeverityError, Limit: 20, Unit: "items",
		Sources: []Source{
			refuses("https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/multiimage-post-api", "multiImage 2-20 images; one video or one document per post", ""),
			refuses(srcLinkedInPost, "content: media (one image, video or document) or multiImage", ""),
		},
		What:  "up to 20 images, or one video, or one document; never mixed",
		check: linkedinMediaKinds{}},
	{ID: idLinkedInDocumentTitle, Platform: LinkedIn, Severity: SeverityWarning,
		Sources: []Source{
			recommends(srcPeer, "documentTitle required with a document (the peer API)", ""),
		},
		What:  "a post with a document and no platformSpecificData.documentTitle: the peer API requires one (LinkedIn's documents do not say)",
		Note:  "only the peer API requires it; a warning since 2026-11-28 (severity follows evidence), an error before",
		check: linkedinDocumentTitle{}},
	{ID: idLinkedInDocumentTitleMax, remedy: RemedyShorten, option: "documentTitle", Platform: LinkedIn, Severity: SeverityWarning, Limit: 200, Unit: utf16Name,
		Sources: []Source{
			recommends(srcPeer, "documentTitle maxLength 200 (the peer API)", ""),
		},
		What:  "platformSpecificData.documentTitle over 200 characters: the peer API's cap (LinkedIn states none)",
		Note:  "only the peer API states 200; a warning since 2026-11-28, an error before",
		check: &linkedinOption{"documentTitle", "the document title", func(l *LinkedInOptions) *string { return l.DocumentTitle }}},
	{ID: idLinkedInArticleTitleMax, remedy: RemedyShorten, option: "articleTitle", Platform: LinkedIn, Severity: SeverityWarning, Limit: 400, Unit: utf16Name,
		Sources: []Source{
			recommends(srcPeer, "articleTitle maxLength 400 (the peer API)", ""),
		},
		What:  "platformSpecificData.articleTitle over 400 characters: the peer API's cap (LinkedIn states none)",
		Note:  "only the peer API states 400; a warning since 2026-11-28, an error before",
		check: &linkedinOption{"articleTitle", "the article title", func(l *LinkedInOptions) *string { return l.ArticleTitle }}},
	{ID: idLinkedInArticleDescriptionMax, remedy: RemedyShorten, option: "articleDescription", Platform: LinkedIn, Severity: SeverityWarning, Limit: 400, Unit: utf16Name,
		Sources: []Source{
			recommends(srcPeer, "articleDescription maxLength 400 (the peer API)", ""),
		},
		What:  "platformSpecificData.articleDescription over 400 characters: the peer API's cap (LinkedIn states none)",
		Note:  "only the peer API states 400; a warning since 2026-11-28, an error before",
		check: &linkedinOption{"articleDescription", "the article description", func(l *LinkedInOptions) *string { return l.ArticleDescription }}},
}

type linkedinMediaKinds struct{}

func (linkedinMediaKinds) target(c *check) {
	if !c.mediaOK() {
		return
	}
	m := countMedia(c.Post.Media)
	docWith, msg := m.docs > 0 && m.all > 1, ""
	if docWith {
		msg = "linkedin takes one document alone; the post has " + mediaList(m)
	}
	c.videoAlone(m, docWith, msg, "images")
	c.atMost(m.images+m.gifs, "/mediaItems", "linkedin takes at most %d images, not %d")
}

type linkedinDocumentTitle struct{}

func (linkedinDocumentTitle) target(c *check) {
	li := c.Target.LinkedIn
	if m := countMedia(c.Post.Media); c.mediaOK() && m.docs > 0 && c.optsOK() &&
		(li == nil || li.DocumentTitle == nil || strings.TrimSpace(*li.DocumentTitle) == "") {
		c.report(apierror.CodeMissingField, c.opts()+"/documentTitle", "a linkedin post with a document needs platformSpecificData.documentTitle")
	}
}

// linkedinOption applies the running length rule to the option member of its field;
// what names it in the message.
type linkedinOption struct {
	member, what string
	field        func(*LinkedInOptions) *string
}

func (o *linkedinOption) target(c *check) {
	if li := c.Target.LinkedIn; li != nil && c.optsOK() {
		if v := o.field(li); v != nil {
			c.measure(*v, c.opts()+"/"+o.member, o.what)
		}
	}
}
