package schema

import (
	"encoding/json"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
)

// The wire types below are the JSON of POST /api/v2/posts and POST
// /api/v2/drafts/{draftId}/publish. Field names and enums follow the peer API (PostPeer's
// public OpenAPI document, the one its Node SDK names in PostPeer-API/postpeer-node's
// .stats.yml, openapi_spec_url); where it differs from docs/design.md, docs/design.md wins.
// Optional strings whose presence matters ("" given is not the same as absent) are
// pointers. The `validate` tags are the field rules the one shared validator enforces;
// rules that relate several fields are in schedule.go and post.go.

// CreatePost is the body of POST /api/v2/posts. A saved draft is stored in this shape too.
//
// Unlike the peer, "content" is optional: a target may bring its own content override, or
// post media only; what matters is that every target has something to post (rule
// no_content). "platforms[].accountId" is optional too: a target without it resolves to its
// platform's single connected account (rule 3 of docs/design.md).
type CreatePost struct {
	// Content is the shared text, posted by every target without its own "content".
	Content string `json:"content,omitempty"`
	// MediaItems are attached to the post of every target (on twitter, to the first post of
	// a thread).
	MediaItems []MediaItem `json:"mediaItems,omitempty" validate:"dive"`
	// Platforms are the targets, at least one.
	Platforms []PlatformTarget `json:"platforms,omitempty" validate:"required,min=1,dive"`
	// PublishNow publishes at once. Exactly one of PublishNow true or ScheduledFor.
	PublishNow bool `json:"publishNow,omitempty"`
	// ScheduledFor is when to publish: the strict grammar of rules.ParseScheduledFor, UTC
	// ("2026-01-02T03:04:05Z").
	ScheduledFor *string `json:"scheduledFor,omitempty" validate:"omitnil,scheduledfor"`
	// Timezone is the IANA zone the user scheduled in (e.g. "America/New_York"). It is
	// informational: scheduledFor is always UTC, so the zone never shifts the instant. It
	// may be given with publishNow too; it is checked either way.
	Timezone *string `json:"timezone,omitempty" validate:"omitnil,ianazone"`
}

// MediaItem is one attachment: its kind and where to fetch it.
type MediaItem struct {
	// Type is one of image, video, gif, document (the peer's mediaItems[].type enum).
	Type string `json:"type" validate:"oneof=image video gif document"`
	// URL is an absolute http or https URL.
	URL string `json:"url" validate:"mediaurl"`
	// Thumbnail is an absolute http or https URL of a video's thumbnail image.
	Thumbnail *string `json:"thumbnail,omitempty" validate:"omitnil,mediaurl"`
}

// PlatformTarget is one entry of "platforms". Its "platformSpecificData" is typed for
// each of the ten platforms (Twitter, YouTube, ... in platforms.go): the one field of
// the target's platform is set. For the nine besides twitter it is also kept as sent, in
// Options; a target whose platform is not one of the ten keeps only Options.
type PlatformTarget struct {
	// Platform is one of the ten platforms, exact lowercase wire name.
	Platform rules.Platform `json:"platform" validate:"platform"`
	// AccountID names the connected account; nil means "the platform's only one". A given
	// accountId must not be empty.
	AccountID *string `json:"accountId,omitempty" validate:"omitnil,min=1"`
	// Content overrides the shared content for this target. A given "" is an override too:
	// the target then has no text of its own (see rule no_content).
	Content *string `json:"content,omitempty"`
	// Twitter is platformSpecificData when Platform is twitter.
	Twitter *TwitterOptions `json:"platformSpecificData,omitempty" platform:"twitter"`
	// Options is platformSpecificData, as sent, for the other nine platforms.
	Options json.RawMessage `json:"-"`

	// The typed platformSpecificData of the nine other platforms; at most one is set, the
	// target platform's. The platform tags are the one platform registry (platforms.go
	// and the JSON Schema read it): a platform's options are declared in
	// rules/book_<platform>.go.
	YouTube        *YouTubeOptions        `json:"-" platform:"youtube"`
	TikTok         *TikTokOptions         `json:"-" platform:"tiktok"`
	Pinterest      *PinterestOptions      `json:"-" platform:"pinterest"`
	LinkedIn       *LinkedInOptions       `json:"-" platform:"linkedin"`
	Bluesky        *BlueskyOptions        `json:"-" platform:"bluesky"`
	Facebook       *FacebookOptions       `json:"-" platform:"facebook"`
	Instagram      *InstagramOptions      `json:"-" platform:"instagram"`
	Threads        *ThreadsOptions        `json:"-" platform:"threads"`
	GoogleBusiness *GoogleBusinessOptions `json:"-" platform:"googlebusiness"`
}

// targetFields is PlatformTarget without its methods, for encoding/json.
type targetFields PlatformTarget

// MarshalJSON writes platformSpecificData from Twitter, else from Options as sent, else
// from the typed options of another platform.
func (t PlatformTarget) MarshalJSON() ([]byte, error) {
	var opts any
	if t.Options != nil {
		opts = t.Options
	} else if o := t.typedOptions(); o != nil {
		opts = o
	}
	if t.Twitter != nil || opts == nil {
		return json.Marshal(targetFields(t))
	}
	// The outer field shadows the embedded Twitter field of the same JSON name.
	return json.Marshal(struct {
		targetFields
		Options any `json:"platformSpecificData"`
	}{targetFields(t), opts})
}

// UnmarshalJSON reads a target with encoding/json's leniency (it is not the strict decoder
// the checks use): platformSpecificData goes to Twitter for twitter and to Options for
// every other platform.
func (t *PlatformTarget) UnmarshalJSON(b []byte) error {
	var w struct {
		targetFields
		Options json.RawMessage `json:"platformSpecificData"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*t = PlatformTarget(w.targetFields)
	t.Twitter, t.Options = nil, nil
	t.YouTube, t.TikTok, t.Pinterest, t.LinkedIn, t.Bluesky = nil, nil, nil, nil, nil
	t.Facebook, t.Instagram, t.Threads, t.GoogleBusiness = nil, nil, nil, nil
	if w.Options == nil {
		return nil
	}
	if t.Platform == rules.Twitter {
		t.Twitter = new(TwitterOptions)
		return json.Unmarshal(w.Options, t.Twitter)
	}
	t.Options = w.Options
	return t.unmarshalOptions()
}

// TwitterOptions is platformSpecificData for twitter.
//
// A poll cannot be combined with media (X: 400 invalid_poll at .../poll); a poll with
// threadItems, which only the peer API refuses, is the warning twitter.poll.thread.
// communityId and replyToTweetId, when given, must not be empty; their format (numeric
// ids) is left to X.
type TwitterOptions struct {
	// CommunityID posts into an X Community.
	CommunityID *string `json:"communityId,omitempty" validate:"required_if=ShareWithFollowers true,omitnil,min=1"`
	// ShareWithFollowers also shares a community post with followers; it needs CommunityID.
	ShareWithFollowers bool `json:"shareWithFollowers,omitempty"`
	// ReplyToTweetID makes the post a reply.
	ReplyToTweetID *string `json:"replyToTweetId,omitempty" validate:"omitnil,min=1"`
	// ReplySettings limits who may reply: following, mentionedUsers, subscribers, verified
	// (the peer's enum, TwitterConfigurations.replySettings).
	ReplySettings *string `json:"replySettings,omitempty" validate:"omitnil,oneof=following mentionedUsers subscribers verified"`
	// ThreadItems are the posts after the first one of a thread (rule T1).
	ThreadItems []ThreadItem `json:"threadItems,omitempty" validate:"dive"`
	// Poll attaches a poll to the post.
	Poll *Poll `json:"poll,omitempty"`
}

// ThreadItem is one post of a twitter thread after the first.
//
// Choice where the peer is silent (it marks "content" required): a thread item needs
// something to post, its non-blank content or at least one media item (400 no_content at
// .../threadItems/k), so a media-only post inside a thread is allowed. Its media follow the
// twitter media rule like the first post's.
type ThreadItem struct {
	// Content is the post's text, measured against the same cap as the first post (T1).
	Content string `json:"content,omitempty"`
	// MediaItems are attached to this post of the thread.
	MediaItems []MediaItem `json:"mediaItems,omitempty" validate:"dive"`
}

// Poll is a twitter poll: 2 to 4 non-blank options, open 5 to 10080 minutes (7 days).
// Bounds from the peer (its OpenAPI document, TwitterConfigurations.poll: options minItems 2,
// maxItems 4; durationMinutes minimum 5, maximum 10080), which are X's POST /2/tweets
// poll bounds.
type Poll struct {
	// Options are the choices, 2 to 4, none blank. (X also caps each at 25 characters;
	// that limit is X's to enforce, not a rule of this API.)
	Options []string `json:"options" validate:"min=2,max=4,dive,nonblank"`
	// DurationMinutes is how long the poll is open: 5 to 10080.
	DurationMinutes Minutes `json:"durationMinutes" validate:"min=5,max=10080"`
}

// Minutes is a whole number of minutes. JSON has one number type and the peer's schema
// says "number", so 60, 60.0, 6e1 and 600e-1 all mean sixty; 60.5 is not a whole number
// and is refused (400 wrong_type). Magnitudes of 10^9 and more are read as ±10^9: every
// duration the API takes is far smaller, so such a value fails its range check either way.
// The strict decoder and UnmarshalJSON (plain encoding/json) read every literal alike.
type Minutes int

// UnmarshalJSON reads a whole number written in any JSON notation (see Minutes). Like
// encoding/json's own types, it leaves the value unchanged for null. Any other value, or a
// number with a fractional part, is a *apierror.Error with code wrong_type.
func (m *Minutes) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	n, kind := parseWhole(b)
	switch kind {
	case numWhole:
		*m = Minutes(n)
		return nil
	case numFraction:
		return apierror.New(apierror.CodeWrongType, "", "expected a whole number, found "+cutLiteral(b))
	}
	return apierror.New(apierror.CodeWrongType, "", "expected a whole number, found "+jsonKind(b))
}

// DraftPublish is the body of POST /api/v2/drafts/{draftId}/publish: when to publish the
// saved draft. Exactly one of PublishNow true or ScheduledFor, as on create; the peer's
// wording is "publishNow is required when scheduledFor is omitted".
type DraftPublish struct {
	// PublishNow publishes the draft at once.
	PublishNow bool `json:"publishNow,omitempty"`
	// ScheduledFor schedules it, in the grammar of rules.ParseScheduledFor.
	ScheduledFor *string `json:"scheduledFor,omitempty" validate:"omitnil,scheduledfor"`
	// Timezone is the IANA zone the user scheduled in; informational, as on create.
	Timezone *string `json:"timezone,omitempty" validate:"omitnil,ianazone"`
}

// DraftPublishResult is the success body of a draft publish (and of a create): the peer's
// 202 shape. Success is false only when every platform failed (rule 4 of docs/design.md).
type DraftPublishResult struct {
	// Success is false only when every platform failed.
	Success bool `json:"success"`
	// Status is the post's status (Verdict.Status for an accepted request).
	Status lifecycle.PostStatus `json:"status"`
	// ScheduledFor is present for a scheduled post, normalized by rules.FormatScheduledFor.
	ScheduledFor string `json:"scheduledFor,omitempty"`
	// PostID is the id of the saved post.
	PostID string `json:"postId"`
	// Platforms has one result per target.
	Platforms []PlatformResult `json:"platforms"`
}

// PlatformResult is one target's line of a DraftPublishResult. For the publish-now timeout
// fallback, Success true means accepted with its final state still pending.
type PlatformResult struct {
	// Platform is the target's platform.
	Platform rules.Platform `json:"platform"`
	// Success is whether the target was published (or accepted, see above).
	Success bool `json:"success"`
	// PlatformPostURL links to the published post.
	PlatformPostURL string `json:"platformPostUrl,omitempty"`
	// Error says why the target failed, when Success is false.
	Error string `json:"error,omitempty"`
	// WarningMessage reports a failed non-critical follow-up of a published post.
	WarningMessage string `json:"warningMessage,omitempty"`
}
