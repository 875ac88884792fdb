package rules

// Severity says what a rule's violation does to a request: an error blocks it (the
// verdict is invalid), a warning informs and never makes a verdict invalid.
type Severity string

// The two severities.
const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
)

// Rule is one entry of the rule book: a platform's constraint with its stable id, its
// limit and unit, and where it comes from. Ids are "<platform>.<field>.<check>", the
// platform's wire value first ("bluesky.text.max_bytes"); they never change meaning, so
// callers may store them (to override or turn off a rule, see [Limits.WithRule]).
type Rule struct {
	// ID is the stable id.
	ID string `json:"id"`
	// Platform is the platform the rule belongs to.
	Platform Platform `json:"platform"`
	// What says what the rule checks, for people.
	What string `json:"what"`
	// Severity is error or warning.
	Severity Severity `json:"severity"`
	// Limit is the rule's number (a cap or a count), 0 when it has none.
	Limit int `json:"limit,omitempty"`
	// Unit is what Limit counts: a counter's wire name ("graphemes", "bytes", "utf16"),
	// "items", "links", "hashtags", "mentions", "characters"; "" when there is no Limit.
	Unit string `json:"unit,omitempty"`
	// Source is the URL of the source the rule follows.
	Source string `json:"source"`
	// Read is the date (YYYY-MM-DD) the source was read for this book.
	Read string `json:"read"`
	// Note says where sources disagree and which reading the rule follows; "" when they
	// agree.
	Note string `json:"note,omitempty"`

	// kind says how package rules applies the rule to a target's text; kindOther rules
	// are applied by package schema (media, options).
	kind ruleKind
	// forbid is the set of ASCII characters a kindForbid rule refuses.
	forbid string
	// schema overrides what Rule.Schema derives from the unit and kind, for a rule whose
	// unit says too little (a length over all of an array's strings, a rule with a part
	// no schema states); "" derives it.
	schema SchemaForm
}

type ruleKind uint8

const (
	kindOther      ruleKind = iota // applied outside the text (schema: media, options)
	kindLength                     // the text's length in Unit (a counter) is at most Limit
	kindForbid                     // the text holds none of forbid
	kindLinks                      // the text holds at most Limit unique links
	kindHashtags                   // the text holds at most Limit hashtags
	kindMentions                   // the text holds at most Limit @mentions
	kindCashtags                   // the text holds at most Limit $cashtags
	kindLittleText                 // the text holds no unescaped character of LinkedIn's little text
)

// Dates the sources were read. Rules whose primary source was read again for this book
// carry readToday; the others carry the date their lead was compiled (research notes of
// 2026-11, sources named in the rule) and say so in their Note.
const (
	readToday = "2026-11-24"
	readLead  = "2026-11-01"
	// readAudit: the audit of every rule against the platform's own pages (the rules it
	// found wrong, outdated or missing were re-read at their sources that day).
	readAudit = "2026-11-26"
)

// Source URLs.
const (
	srcXCount        = "https://docs.x.com/fundamentals/counting-characters"
	srcXCreate       = "https://docs.x.com/x-api/posts/create-post"
	srcXHelpMedia    = "https://help.x.com/en/using-x/tweeting-gifs-and-pictures"
	srcBskyPost      = "https://github.com/bluesky-social/atproto/blob/main/lexicons/app/bsky/feed/post.json"
	srcBskyImages    = "https://github.com/bluesky-social/atproto/blob/main/lexicons/app/bsky/embed/images.json"
	srcBskyGallery   = "https://github.com/bluesky-social/atproto/blob/main/lexicons/app/bsky/embed/gallery.json"
	srcThreadsReply  = "https://developers.facebook.com/docs/threads/reply-management"
	srcBskyApp       = "https://github.com/bluesky-social/social-app/blob/main/src/lib/constants.ts"
	srcThreadsPosts  = "https://developers.facebook.com/documentation/threads/posts"
	srcThreadsLinks  = "https://developers.facebook.com/documentation/threads/create-posts/text-attachments"
	srcThreadsPolls  = "https://developers.facebook.com/documentation/threads/create-posts/polls"
	srcThreadsPub    = "https://developers.facebook.com/docs/threads/reference/publishing"
	srcIGMedia       = "https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media"
	srcIGPublish     = "https://developers.facebook.com/docs/instagram-platform/content-publishing"
	srcYTVideos      = "https://developers.google.com/youtube/v3/docs/videos"
	srcTikTokVideo   = "https://developers.tiktok.com/doc/content-posting-api-reference-direct-post"
	srcTikTokPhoto   = "https://developers.tiktok.com/doc/content-posting-api-reference-photo-post"
	srcTikTokCreator = "https://developers.tiktok.com/doc/content-posting-api-reference-query-creator-info"
	srcPinterest     = "https://github.com/pinterest/api-description/blob/main/v5/openapi.json"
	srcLinkedInErr   = "https://github.com/n8n-io/n8n/issues/22899"
	srcLinkedInPost  = "https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/posts-api"
	srcFacebookMX    = "https://github.com/inovector/mixpost/blob/main/config/mixpost.php"
	srcFacebookPZ    = "https://github.com/gitroomhq/postiz-app/blob/main/libraries/nestjs-libraries/src/integrations/social/facebook.provider.ts"
	srcGBPLocalPost  = "https://developers.google.com/my-business/reference/rest/v4/accounts.locations.localPosts"
	srcGBPZernio     = "https://docs.zernio.com/platforms/google-business"
	srcPeer          = "https://api.postpeer.dev (PostPeer API OpenAPI document, <Platform>Configurations)"
)

// book is the rule book, in platform order and, within a platform, text rules first.
// Text rules (kind != kindOther) are applied to a target's text by [Limits]; a
// platform's first kindLength rule is its primary limit ([Limits.For]).
var book = []Rule{
	// twitter
	{ID: "twitter.text.max", Platform: Twitter, Severity: SeverityError, Limit: 280, Unit: graphemesName, kind: kindLength,
		What:   "each post of the target (every post of a thread, rule T1) is at most 280 graphemes; X's own weighted count on request (rules/xweight)",
		Source: srcXCount, Read: readToday,
		Note: "X counts a weighted length (twitter-text v3: most code points 2, Latin 1, URLs 23); this API's rule (rule 2 of docs/design.md) counts graphemes by default and X's unit when the caller plugs in the x-weighted counter. Was twitter.text.max_weighted until 2026-11-26: the id said weighted where the count is in graphemes. Where graphemes fit and X's count does not, the warning twitter.text.x_weighted speaks"},
	{ID: "twitter.text.x_weighted", Platform: Twitter, Severity: SeverityWarning, Limit: 280, Unit: xWeightedName, kind: kindLength,
		What:   "X would refuse the post, though it fits this API's grapheme cap: X's own count (its weighted length: CJK and most emoji 2, a link 23) is over 280, or the post holds U+FFFE, U+FEFF or U+FFFF",
		Source: srcXCount, Read: readAudit,
		Note: "X's stricter reality beside the seed's grapheme count (rule 2 wins; this is its warning). Measured only where the caller's Limits carry X's counter (rules/xweight, Limits.WithCounter; package schema and the WASM module always do) and twitter's own cap is not already counted in it"},
	{ID: "twitter.cashtag.max", Platform: Twitter, Severity: SeverityError, Limit: 1, Unit: "cashtags", kind: kindCashtags,
		What:   "at most one $cashtag per post (X answers \"You can only include a maximum of one cashtag\"); a cashtag is what twitter-text extracts: $ and 1-6 letters, optionally . or _ and 1-2 letters, after white space",
		Source: "https://github.com/twitter/twitter-text/blob/master/js/src/regexp/validCashtag.js", Read: readAudit,
		Note: "what a cashtag is follows twitter-text 3.1.0 (validCashtag.js, cashtag.js); the limit of one is in no X document, only in X's API error as handled by Postiz (gitroomhq/postiz-app, x.provider.ts)"},
	{ID: "twitter.poll", Platform: Twitter, Severity: SeverityError, Limit: 25, Unit: utf16Name,
		What: "each poll option is at most 25 characters", Source: srcXCreate, Read: readLead,
		Note: "X's PollOption label maxLength 25; the unit is not documented, so UTF-16 code units (never over-permits)"},
	{ID: "twitter.media.max", Platform: Twitter, Severity: SeverityError, Limit: 4, Unit: "items",
		What: "at most 4 images per post", Source: srcXCreate, Read: readLead,
		Note: "X OpenAPI media.media_ids maxItems 4 (lead, not re-read)"},
	{ID: "twitter.media.kinds", Platform: Twitter, Severity: SeverityError,
		What: "per post: images, or one video, or one GIF, never mixed; no documents", Source: srcXHelpMedia, Read: readLead},
	{ID: "twitter.media.exclusive", Platform: Twitter, Severity: SeverityError,
		What: "a poll cannot be combined with media", Source: srcXCreate, Read: readLead,
		Note: "X: media are \"mutually exclusive from Quote Tweet Id, Poll, and Card URI\"; the peer says the same"},
	{ID: "twitter.poll.thread", Platform: Twitter, Severity: SeverityWarning,
		What: "a poll on a post with threadItems: the peer API refuses it, X does not", Source: srcXCreate, Read: readAudit,
		Note: "X's create-post reference makes poll exclusive with media and quote_tweet_id only; the thread rule is only the peer API's convention, so a warning"},

	// instagram
	{ID: "instagram.caption.max", Platform: Instagram, Severity: SeverityError, Limit: 2200, Unit: utf16Name, kind: kindLength,
		What: "the caption is at most 2,200 characters, counted in UTF-16 code units", Source: srcIGMedia, Read: readToday,
		Note: "Meta: \"Maximum 2200 characters\" without a unit; UTF-16 code units (what peers count, JavaScript .length) never let through what a smaller count would reject"},
	{ID: "instagram.hashtags.max", Platform: Instagram, Severity: SeverityError, Limit: 30, Unit: "hashtags", kind: kindHashtags,
		What: "at most 30 hashtags in the caption", Source: srcIGMedia, Read: readToday,
		Note: "the API reference says 30; Instagram's 5-hashtag product limit (2025-12) is the warning instagram.hashtags.recommended"},
	{ID: "instagram.hashtags.recommended", Platform: Instagram, Severity: SeverityWarning, Limit: 5, Unit: "hashtags", kind: kindHashtags,
		What: "more than 5 hashtags: Instagram's product limit since 2025-12 (the API reference still says 30)", Source: "https://www.ayrshare.com/docs/apis/post/social-networks/instagram", Read: readToday,
		Note: "stricter reading than the API reference (30); a warning, not an error"},
	{ID: "instagram.mentions.max", Platform: Instagram, Severity: SeverityError, Limit: 20, Unit: "mentions", kind: kindMentions,
		What: "at most 20 @mentions in the caption", Source: srcIGMedia, Read: readToday,
		Note: "Ayrshare says 3 mentions, an outlier against Meta's 20"},
	{ID: "instagram.media.required", Platform: Instagram, Severity: SeverityError, Limit: 1, Unit: "items",
		What: "at least one image or video: Instagram has no text-only posts", Source: srcIGPublish, Read: readLead},
	{ID: "instagram.carousel", Platform: Instagram, Severity: SeverityError, Limit: 10, Unit: "items",
		What: "a carousel has at most 10 images and videos", Source: srcIGPublish, Read: readLead},
	{ID: "instagram.media.kinds", Platform: Instagram, Severity: SeverityError,
		What: "images and videos only (no GIF, no document)", Source: srcIGMedia, Read: readLead,
		Note: "the Graph API takes JPEG images and MP4/MOV videos; a GIF is refused"},
	{ID: "instagram.alt.max", Platform: Instagram, Severity: SeverityError, Limit: 1000, Unit: utf16Name,
		What: "each entry of platformSpecificData.altText is at most 1,000 characters", Source: srcIGPublish, Read: readAudit,
		Note: "alt_text on image containers since 2025-03-24, \"up to 1,000 characters\"; the unit is not documented, so UTF-16 code units (never over-permits)"},
	{ID: "instagram.alt.count", Platform: Instagram, Severity: SeverityError,
		What: "platformSpecificData.altText has no more entries than the post has media (one per item, in order)", Source: srcIGPublish, Read: readAudit,
		Note: "alt text is a property of each image container; this API takes one entry per media item, as for bluesky and threads"},
	{ID: "instagram.collaborators.max", Platform: Instagram, Severity: SeverityError, Limit: 3, Unit: "accounts",
		What: "platformSpecificData.collaborators names at most 3 accounts", Source: srcIGMedia, Read: readAudit},

	// youtube
	{ID: "youtube.description.max", Platform: YouTube, Severity: SeverityError, Limit: 5000, Unit: bytesName, kind: kindLength,
		What: "the video description (the target's text) is at most 5,000 UTF-8 bytes", Source: srcYTVideos, Read: readLead,
		Note: "YouTube: \"maximum length of 5000 bytes\"; peers that count characters let through multi-byte text that YouTube refuses"},
	{ID: "youtube.description.chars", Platform: YouTube, Severity: SeverityError, Unit: charsName, kind: kindForbid, forbid: "<>",
		What: "the video description contains no < or >", Source: srcYTVideos, Read: readLead},
	{ID: "youtube.title.max", Platform: YouTube, Severity: SeverityError, Limit: 100, Unit: utf16Name,
		What: "platformSpecificData.title is at most 100 characters, counted in UTF-16 code units", Source: srcYTVideos, Read: readLead,
		Note: "YouTube does not name the unit; UTF-16 code units never over-permit. Postiz's minimum of 2 is its own rule, not YouTube's"},
	{ID: "youtube.title.chars", Platform: YouTube, Severity: SeverityError, Unit: charsName, forbid: "<>",
		What: "platformSpecificData.title contains no < or >", Source: srcYTVideos, Read: readLead},
	{ID: "youtube.tags.max", Platform: YouTube, Severity: SeverityError, Limit: 500, Unit: utf16Name, schema: SchemaNone,
		What: "tags total at most 500 characters: every tag, plus 2 quotes for a tag with a space, plus a comma between tags", Source: srcYTVideos, Read: readLead,
		Note: "Postiz leaves the commas out and under-counts by n-1"},
	{ID: "youtube.first_comment.max", Platform: YouTube, Severity: SeverityError, Limit: 10000, Unit: utf16Name,
		What: "platformSpecificData.firstComment is at most 10,000 characters", Source: srcPeer, Read: readToday},
	{ID: "youtube.media.exactly_one_video", Platform: YouTube, Severity: SeverityError, Limit: 1, Unit: "items",
		What: "exactly one video and nothing else", Source: srcYTVideos, Read: readLead},

	// tiktok
	{ID: "tiktok.video.caption.max", Platform: TikTok, Severity: SeverityError, Limit: 2200, Unit: utf16Name, kind: kindLength,
		What: "the caption (the target's text) is at most 2,200 UTF-16 code units", Source: srcTikTokVideo, Read: readToday,
		Note: "TikTok says \"UTF-16 runes\" (code units or code points?); code units never over-permit. Postiz's legacy provider uses 2000. Applied to photo posts too, whose text TikTok caps at 4000 as description (the stricter reading)"},
	{ID: "tiktok.photo.title.max", Platform: TikTok, Severity: SeverityError, Limit: 90, Unit: utf16Name, schema: SchemaNone,
		What: "on a photo post the target's text is the post's title: at most 90 UTF-16 code units (its longer text goes in platformSpecificData.description)", Source: srcTikTokPhoto, Read: readAudit,
		Note: "TikTok's photo post has a title (max 90 UTF-16 runes) and a description (max 4,000); this API sends the target's text as the title and the description option as the description, as the peer's options (description, for photo posts) imply"},
	{ID: "tiktok.photo.description.max", Platform: TikTok, Severity: SeverityError, Limit: 4000, Unit: utf16Name,
		What: "platformSpecificData.description (photo posts) is at most 4,000 UTF-16 code units", Source: srcTikTokPhoto, Read: readToday},
	{ID: "tiktok.privacy.allowed", Platform: TikTok, Severity: SeverityError, schema: SchemaNone,
		What: "platformSpecificData.privacyLevel is one the creator's account allows (the server gives TikTok's creator_info privacy_level_options per account: schema.Env.TikTokPrivacyLevels)", Source: srcTikTokCreator, Read: readAudit,
		Note: "TikTok: privacy_level must be one of the privacy_level_options the creator_info query returns, and the app must not preselect one; a fact of the account, not of the request"},
	{ID: "tiktok.media.required", Platform: TikTok, Severity: SeverityError, Limit: 1, Unit: "items",
		What: "at least one video or photo: TikTok has no text-only posts", Source: srcTikTokVideo, Read: readToday},
	{ID: "tiktok.media.kinds", Platform: TikTok, Severity: SeverityError, Limit: 35, Unit: "items",
		What: "one video, or 1 to 35 photos; never mixed; no GIF or document", Source: srcTikTokPhoto, Read: readToday},

	// pinterest
	{ID: "pinterest.description.max", Platform: Pinterest, Severity: SeverityError, Limit: 800, Unit: utf16Name, kind: kindLength,
		What: "the pin description (the target's text) is at most 800 characters", Source: srcPinterest, Read: readLead,
		Note: "the API (PinCreate.description maxLength 800) wins over the 500 of Postiz, Ayrshare and upload-post, which is the warning pinterest.description.recommended"},
	{ID: "pinterest.description.recommended", Platform: Pinterest, Severity: SeverityWarning, Limit: 500, Unit: utf16Name, kind: kindLength,
		What: "a pin description over 500 characters: the limit peers and older Pinterest UIs use", Source: "https://docs.upload-post.com/resources/character-limits/", Read: readLead,
		Note: "stricter reading than the API's 800; a warning"},
	{ID: "pinterest.board.required", Platform: Pinterest, Severity: SeverityError,
		What: "platformSpecificData.boardId is required and not blank", Source: srcPeer, Read: readToday,
		Note: "the Pinterest schema does not mark board_id required, but the API rejects a pin without it; the peer requires it"},
	{ID: "pinterest.board.id", Platform: Pinterest, Severity: SeverityError,
		What: "platformSpecificData.boardId is a Pinterest board id: digits only", Source: srcPinterest, Read: readAudit,
		Note: "Pinterest's OpenAPI document: PinCreate board_id pattern ^\\d+$"},
	{ID: "pinterest.title.max", Platform: Pinterest, Severity: SeverityError, Limit: 100, Unit: utf16Name,
		What: "platformSpecificData.title is at most 100 characters", Source: srcPinterest, Read: readLead},
	{ID: "pinterest.alt_text.max", Platform: Pinterest, Severity: SeverityError, Limit: 500, Unit: utf16Name,
		What: "platformSpecificData.altText is at most 500 characters", Source: srcPinterest, Read: readLead},
	{ID: "pinterest.link.max", Platform: Pinterest, Severity: SeverityError, Limit: 2048, Unit: utf16Name,
		What: "platformSpecificData.link is at most 2,048 characters", Source: srcPinterest, Read: readLead},
	{ID: "pinterest.media.required", Platform: Pinterest, Severity: SeverityError, Limit: 1, Unit: "items",
		What: "a pin needs an image or a video", Source: srcPinterest, Read: readLead},
	{ID: "pinterest.media.kinds", Platform: Pinterest, Severity: SeverityError,
		What: "images (a GIF is an image) or one video; never mixed; no document", Source: srcPinterest, Read: readLead},
	{ID: "pinterest.carousel", Platform: Pinterest, Severity: SeverityError, Limit: 5, Unit: "items",
		What: "a carousel pin has at most 5 images", Source: srcPinterest, Read: readLead,
		Note: "multiple_image_urls items 2-5"},
	{ID: "pinterest.video", Platform: Pinterest, Severity: SeverityWarning,
		What: "a video pin without coverImageUrl or a media thumbnail: Postiz and Ayrshare require a cover", Source: srcPinterest, Read: readLead,
		Note: "the API schema makes the cover optional (so no error); peers require it, hence the warning"},

	// linkedin
	{ID: "linkedin.text.max", Platform: LinkedIn, Severity: SeverityError, Limit: 3000, Unit: utf16Name, kind: kindLength,
		What: "the commentary is at most 3,000 characters, counted in UTF-16 code units", Source: srcLinkedInErr, Read: readLead,
		Note: "only a live API error states the number (\"exceeded the maximum allowed (3000 characters)\"); the unit is not documented"},
	{ID: "linkedin.text.reserved", Platform: LinkedIn, Severity: SeverityWarning, Unit: charsName, kind: kindLittleText,
		What:   "the commentary holds a character of LinkedIn's little text format unescaped (\\ | { } @ [ ] ( ) < > # * _ ~): LinkedIn may cut the post there or read it as markup; escape it with a backslash (rules.EscapeLittleText)",
		Source: "https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/little-text-format", Read: readAudit,
		Note: "LinkedIn requires these characters escaped in commentary; a warning, since a server may escape them itself before sending"},
	{ID: "linkedin.media.kinds", Platform: LinkedIn, Severity: SeverityError, Limit: 20, Unit: "items",
		What: "up to 20 images, or one video, or one document; never mixed", Source: srcLinkedInPost, Read: readLead},
	{ID: "linkedin.document.title", Platform: LinkedIn, Severity: SeverityError,
		What: "a post with a document needs platformSpecificData.documentTitle", Source: srcPeer, Read: readToday},
	{ID: "linkedin.document.title_max", Platform: LinkedIn, Severity: SeverityError, Limit: 200, Unit: utf16Name,
		What: "platformSpecificData.documentTitle is at most 200 characters", Source: srcPeer, Read: readToday},
	{ID: "linkedin.article.title_max", Platform: LinkedIn, Severity: SeverityError, Limit: 400, Unit: utf16Name,
		What: "platformSpecificData.articleTitle is at most 400 characters", Source: srcPeer, Read: readToday},
	{ID: "linkedin.article.description_max", Platform: LinkedIn, Severity: SeverityError, Limit: 400, Unit: utf16Name,
		What: "platformSpecificData.articleDescription is at most 400 characters", Source: srcPeer, Read: readToday},

	// bluesky
	{ID: "bluesky.text.max_graphemes", Platform: Bluesky, Severity: SeverityError, Limit: 300, Unit: graphemesName, kind: kindLength,
		What: "the text is at most 300 grapheme clusters (lexicon maxGraphemes)", Source: srcBskyPost, Read: readToday},
	{ID: "bluesky.text.max_bytes", Platform: Bluesky, Severity: SeverityError, Limit: 3000, Unit: bytesName, kind: kindLength,
		What: "the text is at most 3,000 UTF-8 bytes (lexicon maxLength)", Source: srcBskyPost, Read: readToday,
		Note: "letmepost says the limit is \"not bytes\" and misses maxLength; the lexicon validator counts maxLength in UTF-8 bytes"},
	{ID: "bluesky.media.max_images", Platform: Bluesky, Severity: SeverityError, Limit: 10, Unit: "items",
		What: "at most 10 images (embed.gallery; embed.images holds 4)", Source: srcBskyGallery, Read: readAudit,
		Note: "app.bsky.embed.gallery media maxLength 10, each image blob at most 2,000,000 bytes; its description says the maximum may change. More than 4 images is the warning bluesky.media.gallery"},
	{ID: "bluesky.media.gallery", Platform: Bluesky, Severity: SeverityWarning, Limit: 4, Unit: "items",
		What: "more than 4 images: posted as a gallery (embed.gallery), which clients that predate it do not show", Source: srcBskyImages, Read: readAudit,
		Note: "app.bsky.embed.images holds at most 4 images; 5 to 10 need app.bsky.embed.gallery"},
	{ID: "bluesky.embed.single", Platform: Bluesky, Severity: SeverityError,
		What: "images, or one video (a GIF is posted as a video); never mixed; no document", Source: srcBskyPost, Read: readLead,
		Note: "one embed per post: images or video, not both"},
	{ID: "bluesky.alt.count", Platform: Bluesky, Severity: SeverityError,
		What: "platformSpecificData.altText has no more entries than the post has media", Source: srcPeer, Read: readToday},
	{ID: "bluesky.alt.max", Platform: Bluesky, Severity: SeverityWarning, Limit: 2000, Unit: graphemesName,
		What: "an alt text over 2,000 graphemes: the official app's cap (the lexicon has none)", Source: srcBskyApp, Read: readLead,
		Note: "letmepost calls 2000 a schema limit; it is only the app's (MAX_ALT_TEXT), so a warning"},
	{ID: "bluesky.alt.missing", Platform: Bluesky, Severity: SeverityWarning,
		What: "an image without alt text", Source: srcBskyImages, Read: readLead},
	{ID: "bluesky.langs.max", Platform: Bluesky, Severity: SeverityError, Limit: 3, Unit: "items",
		What: "platformSpecificData.langs has at most 3 entries (lexicon langs maxLength 3)", Source: srcBskyPost, Read: readToday},

	// facebook
	{ID: "facebook.text.max", Platform: Facebook, Severity: SeverityError, Limit: 63206, Unit: utf16Name, kind: kindLength,
		What: "the text is at most 63,206 characters, counted in UTF-16 code units", Source: srcFacebookPZ, Read: readLead,
		Note: "no Meta document states it; peers say 63,206, Mixpost's default 5,000. The weakest number of the book"},
	{ID: "facebook.media.kinds", Platform: Facebook, Severity: SeverityError, Limit: 10, Unit: "items",
		What: "up to 10 photos, or one video; never mixed; no document", Source: srcFacebookMX, Read: readLead},

	// threads
	{ID: "threads.text.max", Platform: Threads, Severity: SeverityError, Limit: 500, Unit: bytesName, kind: kindLength,
		What: "the text is at most 500 UTF-8 bytes", Source: srcThreadsPosts, Read: readToday,
		Note: "Meta: \"limited to 500 characters. Emojis are counted as the number of UTF-8 bytes\"; Postiz counted UTF-16 and had 175 publishes fail (postiz PR #1946)"},
	{ID: "threads.links.max", Platform: Threads, Severity: SeverityError, Limit: 5, Unit: "links", kind: kindLinks,
		What: "at most 5 unique links in the text (THREADS_API__LINK_LIMIT_EXCEEDED)", Source: srcThreadsLinks, Read: readToday,
		Note: "Meta says 5; posts with 4 or more URLs were seen failing (postiz #1203), which is the warning threads.links.recommended"},
	{ID: "threads.links.recommended", Platform: Threads, Severity: SeverityWarning, Limit: 3, Unit: "links", kind: kindLinks,
		What: "more than 3 unique links: posts with 4 or more were seen failing", Source: "https://github.com/gitroomhq/postiz-app/issues/1203", Read: readLead,
		Note: "stricter reading than Meta's 5; a warning"},
	{ID: "threads.carousel", Platform: Threads, Severity: SeverityError, Limit: 20, Unit: "items",
		What: "a carousel has at most 20 images and videos", Source: srcThreadsPosts, Read: readLead,
		Note: "Meta changelog 2024-10-01 raised 10 to 20; Zernio still says 10"},
	{ID: "threads.media.kinds", Platform: Threads, Severity: SeverityError,
		What: "images and videos (mixed in a carousel); no GIF or document", Source: srcThreadsPosts, Read: readToday},
	{ID: "threads.reply_control", Platform: Threads, Severity: SeverityError,
		What: "platformSpecificData.replyControl is everyone, accounts_you_follow, mentioned_only, parent_post_author_only or followers_only", Source: srcThreadsReply, Read: readAudit,
		Note: "the Threads changelog of 2025-07-07 added parent_post_author_only and followers_only to the first three"},
	{ID: "threads.alt.count", Platform: Threads, Severity: SeverityError,
		What: "platformSpecificData.altText has no more entries than the post has media", Source: srcPeer, Read: readToday},
	{ID: "threads.alt.missing", Platform: Threads, Severity: SeverityWarning,
		What: "an image without alt text", Source: srcPeer, Read: readToday},
	{ID: "threads.alt.max", Platform: Threads, Severity: SeverityError, Limit: 1000, Unit: utf16Name,
		What: "each entry of platformSpecificData.altText is at most 1,000 characters", Source: srcThreadsPub, Read: readAudit,
		Note: "alt_text: \"The maximum length of alt_text is 1,000 characters\"; the unit is not documented, so UTF-16 code units (never over-permits)"},
	{ID: "threads.poll.options", Platform: Threads, Severity: SeverityError, Limit: 4, Unit: "items",
		What: "platformSpecificData.pollOptions has 2 to 4 options", Source: srcThreadsPolls, Read: readAudit,
		Note: "poll_attachment: option_a and option_b, optionally option_c and option_d"},
	{ID: "threads.poll.option.max", Platform: Threads, Severity: SeverityError, Limit: 25, Unit: utf16Name,
		What: "each poll option is 1 to 25 characters", Source: srcThreadsPolls, Read: readAudit,
		Note: "\"at least 1 character long and at most 25 characters long\"; the unit is not documented, so UTF-16 code units (never over-permits)"},
	{ID: "threads.poll.text_only", Platform: Threads, Severity: SeverityError,
		What: "a poll goes on a text-only post: no media", Source: srcThreadsPolls, Read: readAudit,
		Note: "Meta: \"Polls can only be attached to text-only posts\""},
	{ID: "threads.topic_tag", Platform: Threads, Severity: SeverityError, Limit: 50, Unit: utf16Name,
		What: "platformSpecificData.topicTag is 1 to 50 characters without a period or an ampersand", Source: srcThreadsPosts, Read: readAudit},
	{ID: "threads.text_attachment.max", Platform: Threads, Severity: SeverityError, Limit: 10000, Unit: utf16Name,
		What: "platformSpecificData.textAttachment (long-form text under the post) is at most 10,000 characters", Source: srcThreadsLinks, Read: readAudit,
		Note: "text_attachment.plaintext: \"a maximum of 10K characters\" (unit undocumented: UTF-16 code units)"},
	{ID: "threads.text_attachment.text_only", Platform: Threads, Severity: SeverityError,
		What: "a text attachment goes on a text-only post without a poll", Source: srcThreadsLinks, Read: readAudit,
		Note: "Meta: \"Text attachments can only be attached to text-only posts\" and \"cannot be attached to a post that has a poll\""},

	// googlebusiness
	{ID: "googlebusiness.summary.max", Platform: GoogleBusiness, Severity: SeverityError, Limit: 1500, Unit: utf16Name, kind: kindLength,
		What: "the post summary is at most 1,500 characters, counted in UTF-16 code units", Source: srcGBPZernio, Read: readLead,
		Note: "from peers (Postiz, Zernio); Google's LocalPost reference states no number"},
	{ID: "googlebusiness.media", Platform: GoogleBusiness, Severity: SeverityError, Limit: 1, Unit: "items",
		What: "at most one image; local posts take no video, GIF or document", Source: srcGBPZernio, Read: readLead,
		Note: "Postiz maps a VIDEO media format in its code but refuses video in checkValidity; peers agree local posts take no video"},
	{ID: "googlebusiness.topic", Platform: GoogleBusiness, Severity: SeverityError,
		What: "platformSpecificData.topicType is STANDARD, EVENT or OFFER (ALERT posts cannot be created through the API)", Source: srcGBPLocalPost, Read: readAudit},
	{ID: "googlebusiness.cta", Platform: GoogleBusiness, Severity: SeverityError,
		What: "a call to action has a callToActionType (BOOK, ORDER, SHOP, LEARN_MORE, SIGN_UP, CALL or GET_OFFER), and a callToActionUrl unless it is CALL", Source: srcGBPLocalPost, Read: readAudit},
	{ID: "googlebusiness.cta.deprecated", Platform: GoogleBusiness, Severity: SeverityWarning,
		What: "callToActionType GET_OFFER: deprecated by Google (an OFFER post carries its offer)", Source: srcGBPLocalPost, Read: readAudit,
		Note: "the LocalPost reference still lists GET_OFFER but marks it deprecated; accepted, with a warning"},
	{ID: "googlebusiness.offer.cta", Platform: GoogleBusiness, Severity: SeverityWarning,
		What: "a call to action on an OFFER post: Google ignores it", Source: srcGBPLocalPost, Read: readAudit,
		Note: "LocalPost reference (read 2026-11-26): the call to action is ignored for OFFER posts, whose offer (couponCode, redeemOnlineUrl, terms) takes its place"},
	{ID: "googlebusiness.event", Platform: GoogleBusiness, Severity: SeverityError, schema: SchemaPartial,
		What: "topicType EVENT and OFFER require eventTitle, eventStartDate and eventEndDate (YYYY-MM-DD, real dates); EVENT also eventStartTime and eventEndTime (HH:MM); the event or offer ends after it starts", Source: srcGBPLocalPost, Read: readAudit,
		Note: "LocalPost: event is \"Required for topic types EVENT and OFFER\"; the times are the peer's requirement for EVENT, optional for an OFFER (when given, HH:MM)"},
}

// bookIndex maps a rule id to its position in book; built once at init, read-only after.
var bookIndex = func() map[string]int {
	m := make(map[string]int, len(book))
	for i, r := range book {
		m[r.ID] = i
	}
	return m
}()

// textRules lists, per platform (Platform.index()), the positions in book of the rules
// applied to a target's text, primary length rule first.
var textRules = func() (t [numPlatforms][]int) {
	for i, r := range book {
		if r.kind != kindOther {
			p := r.Platform.index()
			t[p] = append(t[p], i)
		}
	}
	return t
}()

// Book returns the whole rule book, in platform order: every rule of every platform
// with its id, severity, limit, unit, source and the date the source was read. The
// slice is new on each call; changing it changes nothing here.
func Book() []Rule {
	return append([]Rule(nil), book...)
}

// RuleByID returns the book's rule with id id, or false.
func RuleByID(id string) (Rule, bool) {
	i, ok := bookIndex[id]
	if !ok {
		return Rule{}, false
	}
	return book[i], true
}
