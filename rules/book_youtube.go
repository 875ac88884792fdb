package rules

import (
	"strconv"
	"strings"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules/apierror"
)

// YouTube: the description (the target's text), then the video's title, tags and first
// comment, and its one video.

// YouTubeOptions is platformSpecificData for youtube. The target's text is the video
// description.
type YouTubeOptions struct {
	// Title is the video title: at most 100 characters, no < or > (youtube.title.*).
	Title *string `json:"title,omitempty"`
	// Tags are the video's tags: in all at most 500 characters counted as YouTube does
	// (youtube.tags.max).
	Tags []string `json:"tags,omitempty"`
	// Visibility is one of the values of its wire tag: the video's
	// status.privacyStatus (srcYTVideos).
	Visibility *string `json:"visibility,omitempty" wire:"enum=public|private|unlisted"`
	// MadeForKids is the COPPA flag.
	MadeForKids bool `json:"madeForKids,omitempty"`
	// ContainsSyntheticMedia discloses AI-generated content.
	ContainsSyntheticMedia bool `json:"containsSyntheticMedia,omitempty"`
	// CategoryID is YouTube's category id, digits ("22").
	CategoryID *string `json:"categoryId,omitempty" wire:"digits=a YouTube category id"`
	// FirstComment is posted as a comment once the video is live (youtube.first_comment.max).
	FirstComment *string `json:"firstComment,omitempty"`
}

// Sources of youtube's rules.
const (
	srcYTVideos = "https://developers.google.com/youtube/v3/docs/videos"
)

// The ids of youtube's rules, in the book's order. An id is stable: code
// outside the book names a rule by its string (Rule.ID; Limits.WithRule, Limits.Disable).
const (
	idYouTubeDescriptionMax       = "youtube.description.max"
	idYouTubeDescriptionChars     = "youtube.description.chars"
	idYouTubeTitleMax             = "youtube.title.max"
	idYouTubeTitleChars           = "youtube.title.chars"
	idYouTubeTagsMax              = "youtube.tags.max"
	idYouTubeFirstCommentMax      = "youtube.first_comment.max"
	idYouTubeMediaExactlyOneVideo = "youtube.media.exactly_one_video"
)

// youtubeMedia is what youtube's media rules (youtube.media.exactly_one_video) allow of a post's media items.
var youtubeMedia = mediaShape{required: true, only: []string{"video"}, maxRule: idYouTubeMediaExactlyOneVideo}

var youtubeRules = []Rule{
	{ID: idYouTubeDescriptionMax, remedy: RemedyShorten, Platform: YouTube, Severity: SeverityError, Limit: 5000, Unit: bytesName, kind: kindLength,
		Sources: []Source{
			refuses(srcYTVideos, "5000 bytes", "The property value has a maximum length of 5000 bytes and may contain all valid UTF-8 characters except < and >."),
		},
		What: "the video description (the target's text) is at most 5,000 UTF-8 bytes",
		Note: "YouTube: \"maximum length of 5000 bytes\"; peers that count characters let through multi-byte text that YouTube refuses"},
	{ID: idYouTubeDescriptionChars, remedy: RemedyRemoveChars, Platform: YouTube, Severity: SeverityError, Unit: charsName, kind: kindForbid, forbid: "<>",
		Sources: []Source{
			refuses(srcYTVideos, "no < or >", "may contain all valid UTF-8 characters except < and >"),
		},
		What: "the video description contains no < or >"},
	{ID: idYouTubeTitleMax, remedy: RemedyShorten, option: "title", Platform: YouTube, Severity: SeverityError, Limit: 100, Unit: utf16Name,
		Sources: []Source{
			refuses(srcYTVideos, "100 characters (unit unnamed)", "The property value has a maximum length of 100 characters and may contain all valid UTF-8 characters except < and >."),
		},
		What:  "platformSpecificData.title is at most 100 characters, counted in UTF-16 code units",
		Note:  "YouTube does not name the unit; UTF-16 code units never over-permit. Postiz's minimum of 2 is its own rule, not YouTube's",
		check: youtubeTitle{}},
	{ID: idYouTubeTitleChars, remedy: RemedyRemoveChars, option: "title", Platform: YouTube, Severity: SeverityError, Unit: charsName, forbid: "<>",
		Sources: []Source{
			refuses(srcYTVideos, "no < or >", "may contain all valid UTF-8 characters except < and >"),
		},
		What:  "platformSpecificData.title contains no < or >",
		check: youtubeTitle{}},
	{ID: idYouTubeTagsMax, option: "tags", Platform: YouTube, Severity: SeverityError, Limit: 500, Unit: utf16Name, schema: schemaNone,
		Sources: []Source{
			refuses(srcYTVideos, "500 characters; commas and a spaced tag's quotes count", "commas between items in the list count toward the limit"),
		},
		What:  "tags total at most 500 characters: every tag, plus 2 quotes for a tag with a space, plus a comma between tags",
		Note:  "Postiz leaves the commas out and under-counts by n-1",
		check: youtubeTags{}},
	{ID: idYouTubeFirstCommentMax, remedy: RemedyShorten, option: "firstComment", Platform: YouTube, Severity: SeverityWarning, Limit: 10000, Unit: utf16Name,
		Sources: []Source{
			recommends(srcPeer, "firstComment maxLength 10000 (the peer API; no YouTube document states a comment length)", ""),
		},
		What:  "platformSpecificData.firstComment over 10,000 characters: the peer API's cap (no YouTube document states one)",
		Note:  "only the peer API states 10,000; a warning since 2026-11-28 (severity follows evidence), an error before",
		check: youtubeFirstComment{}},
	{ID: idYouTubeMediaExactlyOneVideo, media: &youtubeMedia, Platform: YouTube, Severity: SeverityError, Limit: 1, Unit: "items",
		Sources: []Source{
			refuses("https://www.googleapis.com/discovery/v1/apis/youtube/v3/rest", "videos.insert: one media upload, accept video/*", ""),
		},
		What:  "exactly one video and nothing else",
		check: youtubeOneVideo{}},
}

// youtubeTitle applies the running rule (youtube.title.max or .chars) to the title.
type youtubeTitle struct{}

func (youtubeTitle) target(c *check) {
	if y := c.Target.YouTube; y != nil && c.optsOK() && y.Title != nil {
		c.measure(*y.Title, c.opts()+"/title", "the title")
	}
}

type youtubeTags struct{}

func (youtubeTags) target(c *check) {
	y := c.Target.YouTube
	path := c.opts() + "/tags"
	if y == nil || !c.optsOK() || c.broken(path) {
		return
	}
	if n := youtubeTagsLength(y.Tags); n > c.limit() {
		c.report(apierror.CodeInvalidValue, path, "the tags are "+strconv.Itoa(n)+
			" characters counted as YouTube does (each tag, 2 quotes around a tag with a space, a comma between tags); youtube allows "+strconv.Itoa(c.limit()))
	}
}

type youtubeFirstComment struct{}

func (youtubeFirstComment) target(c *check) {
	if y := c.Target.YouTube; y != nil && c.optsOK() && y.FirstComment != nil {
		c.measure(*y.FirstComment, c.opts()+"/firstComment", "the first comment")
	}
}

type youtubeOneVideo struct{}

func (youtubeOneVideo) target(c *check) {
	if !c.mediaOK() {
		return
	}
	if m := countMedia(c.Post.Media); m.videos != 1 || m.all != 1 {
		path, msg := "/mediaItems", "youtube takes exactly one video and nothing else; the post has "+mediaList(m)
		if m.all == 0 {
			path, msg = c.base(), "youtube needs exactly one video; the post has no media"
		}
		c.report(apierror.CodeInvalidMedia, path, msg)
	}
}

// youtubeTagsLength is the length YouTube counts for its 500-character tag limit: every
// tag, plus 2 for the quotes around a tag that contains a space, plus a comma between
// tags ("the property value ... commas between items count toward the limit",
// https://developers.google.com/youtube/v3/docs/videos, snippet.tags[]), in UTF-16 code
// units (the unit is not documented; see youtube.title.max).
func youtubeTagsLength(tags []string) int {
	n := 0
	for k, t := range tags {
		n += strictjson.UTF16Offset(t, len(t)) // invalid bytes count one unit each, as U+FFFD
		if strings.ContainsAny(t, " \t\n\r") {
			n += 2
		}
		if k > 0 {
			n++
		}
	}
	return n
}
