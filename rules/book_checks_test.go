package rules

import (
	"strings"
	"testing"

	"github.com/postrules/postrules/rules/apierror"
)

// The table of the book's checks ([Limits.CheckPost]): for every rule with a check, a
// post that breaks it (the problem's path and a part of its message) and one that does
// not. A rule added with a check needs its row here (TestBookChecksCovered); the wire
// behaviour of each rule is also pinned by its fixture in schema/testdata/platforms.

type foundProblem struct {
	rule, path, msg string
	code            apierror.Code
	warning         bool
}

type recorder struct{ got []foundProblem }

func (r *recorder) Problem(e *apierror.Error) {
	r.got = append(r.got, foundProblem{e.Rule, e.Path, e.Message, e.Code, false})
}

func (r *recorder) Warning(e *apierror.Error) {
	r.got = append(r.got, foundProblem{e.Rule, e.Path, e.Message, e.Code, true})
}

func runChecks(l Limits, p *Post) []foundProblem {
	var r recorder
	l.CheckPost(p, &r)
	return r.got
}

// items is media of the given types ("image", "video", "gif", "document").
func items(types ...string) []Media {
	out := make([]Media, len(types))
	for i, t := range types {
		out[i] = Media{Type: t, URL: "https://example.com/" + t}
	}
	return out
}

// n is n media of one type.
func n(k int, typ string) []Media {
	types := make([]string, k)
	for i := range types {
		types[i] = typ
	}
	return items(types...)
}

func ptr(s string) *string { return &s }

// on is a post of one target of platform p with media m; set fills the target's options.
func on(p Platform, m []Media, set func(*PostTarget)) *Post {
	t := PostTarget{Platform: p}
	if set != nil {
		set(&t)
	}
	return &Post{Content: "hello", Media: m, Targets: []PostTarget{t}}
}

const opts = "/platforms/0/platformSpecificData"

var checkCases = []struct {
	rule      string
	bad       *Post
	path, msg string
	good      *Post
}{
	// twitter
	{idTwitterPoll, on(Twitter, nil, func(t *PostTarget) {
		t.Twitter = &TwitterView{Poll: &PollView{Options: []string{"a", strings.Repeat("x", 26)}}}
	}),
		opts + "/poll/options/1", "poll option 1 is 26 UTF-16 code units; X takes at most 25",
		on(Twitter, nil, func(t *PostTarget) { t.Twitter = &TwitterView{Poll: &PollView{Options: []string{"a", "b"}}} })},
	{idTwitterMediaMax, on(Twitter, n(5, "image"), nil), "/mediaItems", "twitter (target 0) takes at most 4 images per post, not 5",
		on(Twitter, n(4, "image"), nil)},
	{idTwitterMediaMax, on(Twitter, nil, func(t *PostTarget) { t.Twitter = &TwitterView{ThreadItems: []ThreadItemView{{Media: n(5, "image")}}} }),
		opts + "/threadItems/0/mediaItems", "twitter (target 0) takes at most 4 images",
		on(Twitter, nil, func(t *PostTarget) { t.Twitter = &TwitterView{ThreadItems: []ThreadItemView{{Media: n(4, "image")}}} })},
	{idTwitterMediaKinds, on(Twitter, items("image", "video"), nil), "/mediaItems", "takes images, or one video or gif alone, not both",
		on(Twitter, items("video"), nil)},
	{idTwitterMediaExclusive, on(Twitter, items("image"), func(t *PostTarget) { t.Twitter = &TwitterView{Poll: &PollView{Options: []string{"a", "b"}}} }),
		opts + "/poll", "a poll cannot be combined with media",
		on(Twitter, nil, func(t *PostTarget) { t.Twitter = &TwitterView{Poll: &PollView{Options: []string{"a", "b"}}} })},
	{idTwitterPollThread, on(Twitter, nil, func(t *PostTarget) {
		t.Twitter = &TwitterView{Poll: &PollView{Options: []string{"a", "b"}}, ThreadItems: []ThreadItemView{{Content: "two"}}}
	}), opts + "/poll", "warning: a poll on a post with threadItems",
		on(Twitter, nil, func(t *PostTarget) { t.Twitter = &TwitterView{Poll: &PollView{Options: []string{"a", "b"}}} })},

	// instagram
	{idInstagramMediaRequired, on(Instagram, nil, nil), "/platforms/0", "instagram has no text-only posts", on(Instagram, items("image"), nil)},
	{idInstagramMediaKinds, on(Instagram, items("gif"), nil), "/mediaItems", "not GIFs or documents", on(Instagram, items("image", "video"), nil)},
	{idInstagramCarousel, on(Instagram, n(11, "image"), nil), "/mediaItems", "at most 10 images and videos, not 11", on(Instagram, n(10, "image"), nil)},
	{idInstagramAltMax, on(Instagram, items("image"), func(t *PostTarget) { t.Instagram = &InstagramOptions{AltText: []string{strings.Repeat("a", 1001)}} }),
		opts + "/altText/0", "alt text 0 is 1001 UTF-16 code units; the limit is 1000",
		on(Instagram, items("image"), func(t *PostTarget) { t.Instagram = &InstagramOptions{AltText: []string{"a cat"}} })},
	// Alt text is for images: an entry for a video is not sent (a warning); an empty
	// entry for a video, or one for an image, says nothing.
	{idInstagramAltVideo, on(Instagram, items("image", "video"), func(t *PostTarget) { t.Instagram = &InstagramOptions{AltText: []string{"a cat", "a dog running"}} }),
		opts + "/altText/1", "media item 1 is a video: Instagram takes alt text on images only",
		on(Instagram, items("image", "video"), func(t *PostTarget) { t.Instagram = &InstagramOptions{AltText: []string{"a cat", ""}} })},
	{idInstagramAltCount, on(Instagram, items("image"), func(t *PostTarget) { t.Instagram = &InstagramOptions{AltText: []string{"a", "b"}} }),
		opts + "/altText", "2 alt texts for 1 media item",
		on(Instagram, items("image"), func(t *PostTarget) { t.Instagram = &InstagramOptions{AltText: []string{"a"}} })},
	{idInstagramCollaboratorsMax, on(Instagram, items("image"), func(t *PostTarget) { t.Instagram = &InstagramOptions{Collaborators: []string{"a", "b", "c", "d"}} }),
		opts + "/collaborators", "at most 3 collaborators, not 4",
		on(Instagram, items("image"), func(t *PostTarget) { t.Instagram = &InstagramOptions{Collaborators: []string{"a", "b", "c"}} })},

	// youtube
	{idYouTubeMediaExactlyOneVideo, on(YouTube, items("image"), nil), "/mediaItems", "exactly one video and nothing else; the post has 1 image",
		on(YouTube, items("video"), nil)},
	{idYouTubeTitleMax, on(YouTube, items("video"), func(t *PostTarget) { t.YouTube = &YouTubeOptions{Title: ptr(strings.Repeat("t", 101))} }),
		opts + "/title", "the title is 101 UTF-16 code units; the limit is 100",
		on(YouTube, items("video"), func(t *PostTarget) { t.YouTube = &YouTubeOptions{Title: ptr("t")} })},
	{idYouTubeTitleChars, on(YouTube, items("video"), func(t *PostTarget) { t.YouTube = &YouTubeOptions{Title: ptr("a<b")} }),
		opts + "/title", "the title contains \"<\" at byte 1; youtube refuses < and >",
		on(YouTube, items("video"), func(t *PostTarget) { t.YouTube = &YouTubeOptions{Title: ptr("a b")} })},
	{idYouTubeTagsMax, on(YouTube, items("video"), func(t *PostTarget) {
		t.YouTube = &YouTubeOptions{Tags: []string{strings.Repeat("t", 250), strings.Repeat("t", 250)}}
	}),
		opts + "/tags", "the tags are 501 characters",
		on(YouTube, items("video"), func(t *PostTarget) {
			t.YouTube = &YouTubeOptions{Tags: []string{strings.Repeat("t", 250), strings.Repeat("t", 249)}}
		})},
	{idYouTubeFirstCommentMax, on(YouTube, items("video"), func(t *PostTarget) { t.YouTube = &YouTubeOptions{FirstComment: ptr(strings.Repeat("c", 10001))} }),
		opts + "/firstComment", "the first comment is 10001",
		on(YouTube, items("video"), func(t *PostTarget) { t.YouTube = &YouTubeOptions{FirstComment: ptr("c")} })},

	// tiktok
	// The title is an option of its own; a photo post's text is its description (4,000),
	// so a 91-unit text is no title problem.
	{idTikTokPhotoTitleMax, on(TikTok, items("image"), func(t *PostTarget) { t.TikTok = &TikTokOptions{Title: ptr(strings.Repeat("p", 91))} }),
		opts + "/title", "the title is 91 UTF-16 code units; the limit is 90",
		on(TikTok, items("image"), func(t *PostTarget) {
			t.Content = ptr(strings.Repeat("p", 91))
			t.TikTok = &TikTokOptions{Title: ptr(strings.Repeat("p", 90))}
		})},
	{idTikTokPhotoDescriptionMax, on(TikTok, items("image"), func(t *PostTarget) { t.TikTok = &TikTokOptions{Description: ptr(strings.Repeat("d", 4001))} }),
		opts + "/description", "the description is 4001",
		on(TikTok, items("image"), func(t *PostTarget) { t.TikTok = &TikTokOptions{Description: ptr("d")} })},
	{idTikTokPrivacyAllowed, on(TikTok, items("video"), func(t *PostTarget) {
		t.TikTok = &TikTokOptions{PrivacyLevel: ptr("PUBLIC_TO_EVERYONE")}
		t.PrivacyLevels = []string{"SELF_ONLY"}
	}), opts + "/privacyLevel", "this TikTok creator can post as SELF_ONLY, not \"PUBLIC_TO_EVERYONE\"",
		on(TikTok, items("video"), func(t *PostTarget) { t.TikTok = &TikTokOptions{PrivacyLevel: ptr("PUBLIC_TO_EVERYONE")} })},
	{idTikTokMediaRequired, on(TikTok, nil, nil), "/platforms/0", "tiktok has no text-only posts", on(TikTok, items("video"), nil)},
	{idTikTokMediaKinds, on(TikTok, n(36, "image"), nil), "/mediaItems", "at most 35 photos, not 36", on(TikTok, n(35, "image"), nil)},

	// pinterest
	{idPinterestBoardRequired, on(Pinterest, items("image"), nil), opts + "/boardId", "a pin needs platformSpecificData.boardId",
		on(Pinterest, items("image"), func(t *PostTarget) { t.Pinterest = &PinterestOptions{BoardID: ptr("123")} })},
	{idPinterestBoardID, on(Pinterest, items("image"), func(t *PostTarget) { t.Pinterest = &PinterestOptions{BoardID: ptr("my-board")} }),
		opts + "/boardId", "digits only, not \"my-board\"",
		on(Pinterest, items("image"), func(t *PostTarget) { t.Pinterest = &PinterestOptions{BoardID: ptr("123")} })},
	{idPinterestTitleMax, on(Pinterest, items("image"), func(t *PostTarget) { t.Pinterest = &PinterestOptions{Title: ptr(strings.Repeat("t", 101))} }),
		opts + "/title", "the title is 101", on(Pinterest, items("image"), func(t *PostTarget) { t.Pinterest = &PinterestOptions{Title: ptr("t")} })},
	{idPinterestAltTextMax, on(Pinterest, items("image"), func(t *PostTarget) { t.Pinterest = &PinterestOptions{AltText: ptr(strings.Repeat("a", 501))} }),
		opts + "/altText", "the altText is 501", on(Pinterest, items("image"), func(t *PostTarget) { t.Pinterest = &PinterestOptions{AltText: ptr("a")} })},
	{idPinterestLinkMax, on(Pinterest, items("image"), func(t *PostTarget) { t.Pinterest = &PinterestOptions{Link: ptr(strings.Repeat("l", 2049))} }),
		opts + "/link", "the link is 2049", on(Pinterest, items("image"), func(t *PostTarget) { t.Pinterest = &PinterestOptions{Link: ptr("l")} })},
	{idPinterestMediaRequired, on(Pinterest, nil, nil), "/platforms/0", "a pin needs an image or a video", on(Pinterest, items("image"), nil)},
	{idPinterestMediaKinds, on(Pinterest, items("document"), nil), "/mediaItems", "not documents", on(Pinterest, items("image", "gif"), nil)},
	{idPinterestCarousel, on(Pinterest, n(6, "image"), nil), "/mediaItems", "at most 5 images, not 6", on(Pinterest, n(5, "image"), nil)},
	{idPinterestVideo, on(Pinterest, items("video"), nil), "/platforms/0", "warning: the video pin has no cover",
		&Post{Media: []Media{{Type: "video", Thumbnail: true}}, Targets: []PostTarget{{Platform: Pinterest}}}},

	// linkedin
	{idLinkedInMediaKinds, on(LinkedIn, items("video", "image"), nil), "/mediaItems", "linkedin takes one video alone, or images; the post has 1 image and 1 video",
		on(LinkedIn, n(20, "image"), nil)},
	{idLinkedInDocumentTitle, on(LinkedIn, items("document"), nil), opts + "/documentTitle", "needs platformSpecificData.documentTitle",
		on(LinkedIn, items("document"), func(t *PostTarget) { t.LinkedIn = &LinkedInOptions{DocumentTitle: ptr("Deck")} })},
	{idLinkedInDocumentTitleMax, on(LinkedIn, nil, func(t *PostTarget) { t.LinkedIn = &LinkedInOptions{DocumentTitle: ptr(strings.Repeat("d", 201))} }),
		opts + "/documentTitle", "the document title is 201", on(LinkedIn, nil, func(t *PostTarget) { t.LinkedIn = &LinkedInOptions{DocumentTitle: ptr("d")} })},
	{idLinkedInArticleTitleMax, on(LinkedIn, nil, func(t *PostTarget) { t.LinkedIn = &LinkedInOptions{ArticleTitle: ptr(strings.Repeat("a", 401))} }),
		opts + "/articleTitle", "the article title is 401", on(LinkedIn, nil, func(t *PostTarget) { t.LinkedIn = &LinkedInOptions{ArticleTitle: ptr("a")} })},
	{idLinkedInArticleDescriptionMax, on(LinkedIn, nil, func(t *PostTarget) { t.LinkedIn = &LinkedInOptions{ArticleDescription: ptr(strings.Repeat("a", 401))} }),
		opts + "/articleDescription", "the article description is 401", on(LinkedIn, nil, func(t *PostTarget) { t.LinkedIn = &LinkedInOptions{ArticleDescription: ptr("a")} })},

	// bluesky
	{idBlueskyEmbedSingle, on(Bluesky, items("gif", "image"), nil), "/mediaItems", "bluesky takes one video (a GIF is a video) alone, or images",
		on(Bluesky, items("gif"), nil)},
	{idBlueskyMediaMaxImages, on(Bluesky, n(11, "image"), nil), "/mediaItems", "at most 10 images, not 11", on(Bluesky, n(10, "image"), nil)},
	{idBlueskyMediaGallery, on(Bluesky, n(5, "image"), nil), "/mediaItems", "warning: more than 4 images (5) post as a gallery", on(Bluesky, n(4, "image"), nil)},
	{idBlueskyAltCount, on(Bluesky, items("image"), func(t *PostTarget) { t.Bluesky = &BlueskyOptions{AltText: []string{"a", "b"}} }),
		opts + "/altText", "bluesky takes one alt text per media item: 2 alt texts for 1 media item",
		on(Bluesky, items("image"), func(t *PostTarget) { t.Bluesky = &BlueskyOptions{AltText: []string{"a"}} })},
	{idBlueskyAltMax, on(Bluesky, items("image"), func(t *PostTarget) { t.Bluesky = &BlueskyOptions{AltText: []string{strings.Repeat("a", 2001)}} }),
		opts + "/altText/0", "warning: alt text 0 is 2001 graphemes; the limit is 2000",
		on(Bluesky, items("image"), func(t *PostTarget) { t.Bluesky = &BlueskyOptions{AltText: []string{"a"}} })},
	{idBlueskyAltMissing, on(Bluesky, items("image", "image"), func(t *PostTarget) { t.Bluesky = &BlueskyOptions{AltText: []string{"a"}} }),
		opts + "/altText", "warning: 1 image without alt text on bluesky",
		on(Bluesky, items("image", "video"), func(t *PostTarget) { t.Bluesky = &BlueskyOptions{AltText: []string{"a"}} })},
	{idBlueskyLangsMax, on(Bluesky, nil, func(t *PostTarget) { t.Bluesky = &BlueskyOptions{Langs: []string{"en", "de", "fr", "ja"}} }),
		opts + "/langs", "at most 3 languages, not 4", on(Bluesky, nil, func(t *PostTarget) { t.Bluesky = &BlueskyOptions{Langs: []string{"en", "de", "fr"}} })},

	// facebook
	{idFacebookMediaKinds, on(Facebook, items("document"), nil), "/mediaItems", "facebook takes photos or one video, not documents", on(Facebook, n(10, "image"), nil)},

	// threads
	{idThreadsMediaKinds, on(Threads, items("gif"), nil), "/mediaItems", "not GIFs or documents", on(Threads, items("image", "video"), nil)},
	{idThreadsCarousel, on(Threads, n(21, "image"), nil), "/mediaItems", "at most 20 images and videos, not 21", on(Threads, n(20, "image"), nil)},
	{idThreadsReplyControl, on(Threads, nil, func(t *PostTarget) { t.Threads = &ThreadsOptions{ReplyControl: ptr("nobody")} }),
		opts + "/replyControl", "\"nobody\" is not one of everyone, accounts_you_follow",
		on(Threads, nil, func(t *PostTarget) { t.Threads = &ThreadsOptions{ReplyControl: ptr("followers_only")} })},
	{idThreadsAltCount, on(Threads, nil, func(t *PostTarget) { t.Threads = &ThreadsOptions{AltText: []string{"a"}} }),
		opts + "/altText", "1 alt text for 0 media items", on(Threads, items("image"), func(t *PostTarget) { t.Threads = &ThreadsOptions{AltText: []string{"a"}} })},
	{idThreadsAltMissing, on(Threads, items("image"), nil), opts + "/altText", "warning: 1 image without alt text on threads",
		on(Threads, items("image"), func(t *PostTarget) { t.Threads = &ThreadsOptions{AltText: []string{"a"}} })},
	{idThreadsAltMax, on(Threads, items("image"), func(t *PostTarget) { t.Threads = &ThreadsOptions{AltText: []string{strings.Repeat("a", 1001)}} }),
		opts + "/altText/0", "alt text 0 is 1001", on(Threads, items("image"), func(t *PostTarget) { t.Threads = &ThreadsOptions{AltText: []string{"a"}} })},
	{idThreadsPollOptions, on(Threads, nil, func(t *PostTarget) { t.Threads = &ThreadsOptions{PollOptions: []string{"a"}} }),
		opts + "/pollOptions", "a threads poll has 2 to 4 options, not 1",
		on(Threads, nil, func(t *PostTarget) { t.Threads = &ThreadsOptions{PollOptions: []string{"a", "b", "c", "d"}} })},
	{idThreadsPollOptionMax, on(Threads, nil, func(t *PostTarget) { t.Threads = &ThreadsOptions{PollOptions: []string{"a", " "}} }),
		opts + "/pollOptions/1", "poll option 1 is blank; each is 1 to 25 characters",
		on(Threads, nil, func(t *PostTarget) { t.Threads = &ThreadsOptions{PollOptions: []string{"a", strings.Repeat("b", 25)}} })},
	{idThreadsPollOptionMax, on(Threads, nil, func(t *PostTarget) { t.Threads = &ThreadsOptions{PollOptions: []string{"a", strings.Repeat("b", 26)}} }),
		opts + "/pollOptions/1", "poll option 1 is 26 UTF-16 code units; the limit is 25", nil},
	{idThreadsPollTextOnly, on(Threads, items("image"), func(t *PostTarget) { t.Threads = &ThreadsOptions{PollOptions: []string{"a", "b"}} }),
		opts + "/pollOptions", "threads takes a poll on a text-only post; this one has 1 image",
		on(Threads, nil, func(t *PostTarget) { t.Threads = &ThreadsOptions{PollOptions: []string{"a", "b"}} })},
	{idThreadsTopicTag, on(Threads, nil, func(t *PostTarget) { t.Threads = &ThreadsOptions{TopicTag: ptr("a&b")} }),
		opts + "/topicTag", "the topic tag contains \"&\" at byte 1", on(Threads, nil, func(t *PostTarget) { t.Threads = &ThreadsOptions{TopicTag: ptr("golang")} })},
	{idThreadsTextAttachmentMax, on(Threads, nil, func(t *PostTarget) { t.Threads = &ThreadsOptions{TextAttachment: ptr(strings.Repeat("x", 10001))} }),
		opts + "/textAttachment", "the text attachment is 10001", on(Threads, nil, func(t *PostTarget) { t.Threads = &ThreadsOptions{TextAttachment: ptr("x")} })},
	{idThreadsTextAttachmentTextOnly, on(Threads, nil, func(t *PostTarget) {
		t.Threads = &ThreadsOptions{TextAttachment: ptr("x"), PollOptions: []string{"a", "b"}}
	}), opts + "/textAttachment", "threads takes a text attachment or a poll, not both",
		on(Threads, nil, func(t *PostTarget) { t.Threads = &ThreadsOptions{TextAttachment: ptr("x")} })},

	// googlebusiness
	{idGoogleBusinessMedia, on(GoogleBusiness, items("video"), nil), "/mediaItems", "takes one image, not videos", on(GoogleBusiness, items("image"), nil)},
	{idGoogleBusinessTopic, on(GoogleBusiness, nil, func(t *PostTarget) { t.GoogleBusiness = &GoogleBusinessOptions{TopicType: ptr("ALERT")} }),
		opts + "/topicType", "ALERT posts cannot be created", on(GoogleBusiness, nil, func(t *PostTarget) { t.GoogleBusiness = &GoogleBusinessOptions{TopicType: ptr("STANDARD")} })},
	{idGoogleBusinessCTA, on(GoogleBusiness, nil, func(t *PostTarget) { t.GoogleBusiness = &GoogleBusinessOptions{CallToActionType: ptr("BOOK")} }),
		opts + "/callToActionUrl", "a BOOK call to action needs callToActionUrl",
		on(GoogleBusiness, nil, func(t *PostTarget) { t.GoogleBusiness = &GoogleBusinessOptions{CallToActionType: ptr("CALL")} })},
	{idGoogleBusinessCTADeprecated, on(GoogleBusiness, nil, func(t *PostTarget) {
		t.GoogleBusiness = &GoogleBusinessOptions{CallToActionType: ptr("GET_OFFER"), CallToActionURL: ptr("https://example.com")}
	}), opts + "/callToActionType", "warning: GET_OFFER is deprecated",
		on(GoogleBusiness, nil, func(t *PostTarget) {
			t.GoogleBusiness = &GoogleBusinessOptions{CallToActionType: ptr("SHOP"), CallToActionURL: ptr("https://example.com")}
		})},
	{idGoogleBusinessOfferCTA, on(GoogleBusiness, nil, func(t *PostTarget) {
		t.GoogleBusiness = &GoogleBusinessOptions{TopicType: ptr("OFFER"), CallToActionType: ptr("CALL")}
	}), opts + "/callToActionType", "warning: Google ignores a call to action on an OFFER post",
		on(GoogleBusiness, nil, func(t *PostTarget) { t.GoogleBusiness = &GoogleBusinessOptions{TopicType: ptr("OFFER")} })},
	{idGoogleBusinessEvent, on(GoogleBusiness, nil, func(t *PostTarget) { t.GoogleBusiness = &GoogleBusinessOptions{TopicType: ptr("EVENT")} }),
		opts + "/eventTitle", "an EVENT post needs eventTitle",
		on(GoogleBusiness, nil, func(t *PostTarget) {
			t.GoogleBusiness = &GoogleBusinessOptions{TopicType: ptr("OFFER"), EventTitle: ptr("Sale"),
				EventStartDate: ptr("2027-01-01"), EventEndDate: ptr("2027-01-01")}
		})},
	{idGoogleBusinessEvent, on(GoogleBusiness, nil, func(t *PostTarget) {
		t.GoogleBusiness = &GoogleBusinessOptions{TopicType: ptr("OFFER"), EventTitle: ptr("Sale"),
			EventStartDate: ptr("2027-01-02"), EventEndDate: ptr("2027-01-01")}
	}), opts + "/eventEndDate", "the offer ends (2027-01-01 24:00) before or when it starts (2027-01-02 00:00)", nil},
}

func TestBookChecks(t *testing.T) {
	for _, tc := range checkCases {
		r, _ := RuleByID(tc.rule)
		got := runChecks(DefaultLimits(), tc.bad)
		hit := false
		for _, f := range got {
			if f.rule == tc.rule && f.path == tc.path && strings.Contains(f.msg, tc.msg) {
				hit = true
				if f.warning != (r.Severity == SeverityWarning) {
					t.Errorf("%s: warning %v for a rule of severity %s", tc.rule, f.warning, r.Severity)
				}
			}
		}
		if !hit {
			t.Errorf("%s: want a problem at %s saying %q; got %+v", tc.rule, tc.path, tc.msg, got)
		}
		for _, f := range runChecks(DefaultLimits().Disable(tc.rule), tc.bad) {
			if f.rule == tc.rule {
				t.Errorf("%s: turned off, it still says %+v", tc.rule, f)
			}
		}
		if tc.good == nil {
			continue
		}
		for _, f := range runChecks(DefaultLimits(), tc.good) {
			if f.rule == tc.rule {
				t.Errorf("%s: the good post breaks it: %+v", tc.rule, f)
			}
		}
	}
}

// TestBookChecksCovered: every rule with a check has a row in checkCases.
func TestBookChecksCovered(t *testing.T) {
	rows := map[string]bool{}
	for _, tc := range checkCases {
		rows[tc.rule] = true
	}
	for _, r := range TextRules() {
		if r.check != nil && !rows[r.ID] {
			t.Errorf("%s has a check and no row in checkCases (book_checks_test.go)", r.ID)
		}
	}
}

// TestBookChecksWithRule: a changed limit is the one a check applies.
func TestBookChecksWithRule(t *testing.T) {
	p := on(Instagram, n(8, "image"), nil)
	got := runChecks(DefaultLimits().WithRule(idInstagramCarousel, 5), p)
	if len(got) != 1 || got[0].rule != idInstagramCarousel || !strings.Contains(got[0].msg, "at most 5 images and videos, not 8") {
		t.Errorf("got %+v", got)
	}
}

// TestBookChecksBroken: a value the decoder rejected (Post.Broken) is not judged.
func TestBookChecksBroken(t *testing.T) {
	p := on(Instagram, n(11, "gif"), nil)
	p.Broken = func(path string) bool { return path == "/mediaItems" }
	if got := runChecks(DefaultLimits(), p); len(got) != 0 {
		t.Errorf("got %+v", got)
	}
}

// TestTikTokPhotoText: a photo post's text is its description (4,000 UTF-16 code units,
// tiktok.photo.text.max), a video's its caption (2,200, tiktok.video.caption.max); the
// 2,200 cap never refuses a photo post's text (issue 30: every TikTok photo caption over 90
// was refused).
func TestTikTokPhotoText(t *testing.T) {
	text := func(n int) func(*PostTarget) { return func(t *PostTarget) { t.Content = ptr(strings.Repeat("a", n)) } }
	for _, tc := range []struct {
		name  string
		post  *Post
		rules []string // the rules the target's text breaks
		cap   int      // the cap of the post's deciding measurement
	}{
		{"a photo post of 4,000 units: fits its description", on(TikTok, items("image", "image"), text(4000)), nil, 4000},
		{"a photo post of 4,001 units", on(TikTok, items("image"), text(4001)), []string{idTikTokPhotoTextMax}, 4000},
		{"a video of 2,201 units", on(TikTok, items("video"), text(2201)), []string{idTikTokVideoCaptionMax}, 2200},
		{"a video of 2,200 units", on(TikTok, items("video"), text(2200)), nil, 2200},
		{"no media: measured as a caption", on(TikTok, nil, text(2201)), []string{idTikTokVideoCaptionMax}, 2200},
	} {
		checks := DefaultLimits().CheckPost(tc.post, nil)
		var got []string
		for _, e := range checks[0].Errors {
			got = append(got, e.Rule)
		}
		if strings.Join(got, ",") != strings.Join(tc.rules, ",") || checks[0].Posts[0].Cap != tc.cap {
			t.Errorf("%s: broke %v, cap %d; want %v, cap %d", tc.name, got, checks[0].Posts[0].Cap, tc.rules, tc.cap)
		}
	}
	// The shared content is measured once per reading: a photo target and a video target
	// of the same text each get their own rules.
	p := on(TikTok, items("image"), nil)
	p.Content = strings.Repeat("a", 3000)
	p.Targets = append(p.Targets, PostTarget{Index: 1, Platform: TikTok})
	checks := DefaultLimits().CheckPost(p, nil)
	if len(checks[0].Errors) != 0 || len(checks[1].Errors) != 0 {
		t.Errorf("a 3,000-unit photo post's text: %v %v", checks[0].Errors, checks[1].Errors)
	}
	p.Media = items("video")
	if checks := DefaultLimits().CheckPost(p, nil); len(checks[0].Errors) != 1 || len(checks[1].Errors) != 1 {
		t.Errorf("a 3,000-unit video caption: %v %v", checks[0].Errors, checks[1].Errors)
	}
}
