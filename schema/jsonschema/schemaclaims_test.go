package jsonschema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/postrules/postrules/internal/ruleform"
	"github.com/postrules/postrules/schema/internal/wirenames"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"
	jsv "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
	"github.com/postrules/postrules/schema"
)

// statedCodes are the 400 codes of problems about what JSON Schema's standard keywords
// speak of (types, required members, unknown names, enums, patterns, counts of items,
// lengths): a schema can state such a problem in principle, unless the problem's rule
// says otherwise (ruleform.SchemaOf) or it is a whole number beyond a float64's digits
// (see gapOf). The share of the refused bodies with such a problem that the schema
// refuses is the strictness docs/schema.md reports; which codes the schema states in
// full (claim 2) is computed over the corpus, not declared.
var statedCodes = map[apierror.Code]bool{
	apierror.CodeInvalidBody: true, apierror.CodeUnknownField: true, apierror.CodeFieldCaseMismatch: true,
	apierror.CodeWrongType: true, apierror.CodeMissingField: true, apierror.CodeInvalidValue: true,
	apierror.CodeUnknownPlatform: true, apierror.CodeNoTargets: true, apierror.CodeInvalidScheduledFor: true,
	apierror.CodePublishModeConflict: true, apierror.CodeInvalidPoll: true, apierror.CodeNoContent: true,
	apierror.CodeTooManyTargets: true, // maxItems, at schema.Env.MaxTargets' default
	apierror.CodeInvalidMedia:   true, apierror.CodeInvalidCharacter: true, apierror.CodePostTooLong: true,
}

// alwaysStated are the codes the schema must state in full (claim 2 "yes" in the table):
// a regression guard, since the table itself is computed.
var alwaysStated = []apierror.Code{
	apierror.CodeInvalidBody, apierror.CodeUnknownField, apierror.CodeFieldCaseMismatch, apierror.CodeWrongType,
	apierror.CodeMissingField, apierror.CodeUnknownPlatform, apierror.CodeNoTargets, apierror.CodeInvalidScheduledFor,
	apierror.CodePublishModeConflict, apierror.CodeNoContent, apierror.CodeTooManyTargets,
}

// minStrictness is the least share of the refused create-post bodies of the corpus with a
// problem a schema can state that the create-post schema refuses (issue 23: 0.95).
const minStrictness = 0.95

// corpusBody is one body of the shared corpus (testdata/node/corpus.jsonl): what it is,
// why it is there, and postrules' verdict (with Env{}: no clock, no accounts, no plan, so
// the verdict is about the body alone).
type corpusBody struct {
	Kind     string          `json:"kind"` // create-post or draft-publish
	Why      string          `json:"why"`
	Body     string          `json:"body"`
	Accepted bool            `json:"accepted"`
	Codes    []apierror.Code `json:"codes"`
	// Claimed are the codes of the problems a schema can state (gapOf says ""): claim 2
	// holds for those of them whose row of the table says yes.
	Claimed []apierror.Code `json:"claimed"`
	// Gaps are the gapOf keys of the problems of a rule no schema states (in full).
	Gaps []string `json:"gaps,omitempty"`
}

// Keys of gapOf besides rule ids.
const (
	gbpEventOrder = "googlebusiness.event (end after start)"
	wholeDigits   = "a whole number written with more digits than a float64 keeps"
)

// gapOf says whether a schema can state problem p of body: "" and true when it can; a key
// of the gap table (a rule id, or one of the keys above) and false when a rule's form or
// the number's digits say it cannot; "" and false when its code is not about what
// standard keywords speak of (the code table says why).
func gapOf(p schema.Problem, body string) (string, bool) {
	if r, ok := rules.RuleByID(p.Rule); ok {
		switch ruleform.SchemaOf(r.ID) {
		case ruleform.None:
			return p.Rule, false
		case ruleform.Partial:
			if p.Rule == "googlebusiness.event" && strings.Contains(p.Message, "before or when it starts") {
				return gbpEventOrder, false
			}
		case ruleform.Floor:
			// Over the rule's unit but not over its limit in code points: no schema that
			// accepts every valid body refuses it. A rule of every text but a photo
			// post's (tiktok.video.caption.max) is stated at its photo alternative's
			// larger limit: the text's keywords do not see the post's media.
			if s, ok := stringAt(body, p.Path); !ok || utf8.RuneCountInString(s) <= r.Limit || r.Posts() == "not-photo" {
				return p.Rule, false
			}
		}
	}
	if p.Code == apierror.CodeWrongType && strings.HasPrefix(p.Message, "expected a whole number, found ") {
		// 5.0000000000000000001: not whole for postrules; JSON parsers read 5.
		f, err := strconv.ParseFloat(strings.TrimPrefix(p.Message, "expected a whole number, found "), 64)
		if err == nil && f == math.Trunc(f) {
			return wholeDigits, false
		}
	}
	return "", statedCodes[p.Code]
}

// stringAt is the string at JSON pointer ptr in body ("" is the whole body).
func stringAt(body, ptr string) (string, bool) {
	var v any
	if json.Unmarshal([]byte(body), &v) != nil {
		return "", false
	}
	if ptr != "" {
		for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
			tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
			switch x := v.(type) {
			case map[string]any:
				v = x[tok]
			case []any:
				i, err := strconv.Atoi(tok)
				if err != nil || i < 0 || i >= len(x) {
					return "", false
				}
				v = x[i]
			default:
				return "", false
			}
		}
	}
	s, ok := v.(string)
	return s, ok
}

// storedDraft is the draft every draft-publish body of the corpus is checked with: valid,
// so the verdict is the body's.
const storedDraft = `{"content":"Hello","platforms":[{"platform":"bluesky"}]}`

func verdictOf(kind, body string) (bool, []apierror.Code) {
	ok, codes, _, _ := verdictWithGaps(kind, body)
	return ok, codes
}

// verdictWithGaps is postrules' verdict on body: the codes of all its problems, the codes
// of those a schema can state (claimed), and the gap keys of the others, each sorted,
// once.
func verdictWithGaps(kind, body string) (valid bool, codes, claimed []apierror.Code, gaps []string) {
	var v schema.Verdict
	if kind == DocDraftPublish {
		v = schema.CheckDraftPublish([]byte(storedDraft), []byte(body), schema.Env{})
	} else {
		v = schema.CheckCreatePost([]byte(body), schema.Env{})
	}
	seen, seenClaimed, seenGap := map[apierror.Code]bool{}, map[apierror.Code]bool{}, map[string]bool{}
	for _, p := range v.Problems {
		if !seen[p.Code] {
			seen[p.Code] = true
			codes = append(codes, p.Code)
		}
		g, stated := gapOf(p, body)
		if g != "" && !seenGap[g] {
			seenGap[g] = true
			gaps = append(gaps, g)
		}
		if stated && !seenClaimed[p.Code] {
			seenClaimed[p.Code] = true
			claimed = append(claimed, p.Code)
		}
	}
	sort.Slice(codes, func(i, j int) bool { return codes[i] < codes[j] })
	sort.Slice(claimed, func(i, j int) bool { return claimed[i] < claimed[j] })
	sort.Strings(gaps)
	return v.Valid, codes, claimed, gaps
}

// handBodies are bodies written for a reason each (the why), so that every expressible
// code and the known gaps are in the corpus whatever the generators draw.
var handBodies = []struct{ kind, why, body string }{
	{DocCreatePost, "minimal valid publish-now post", `{"content":"hi","platforms":[{"platform":"bluesky"}],"publishNow":true}`},
	{DocCreatePost, "valid scheduled post on a leap day", `{"content":"hi","platforms":[{"platform":"twitter"}],"scheduledFor":"2028-02-29T10:00Z"}`},
	{DocCreatePost, "29 February of a common year", `{"content":"hi","platforms":[{"platform":"twitter"}],"scheduledFor":"2027-02-29T10:00Z"}`},
	{DocCreatePost, "an offset instead of Z", `{"content":"hi","platforms":[{"platform":"twitter"}],"scheduledFor":"2027-01-01T10:00:00+00:00"}`},
	{DocCreatePost, "publishNow false with scheduledFor is a scheduled post", `{"content":"hi","platforms":[{"platform":"twitter"}],"publishNow":false,"scheduledFor":"2027-01-01T10:00:00Z"}`},
	{DocCreatePost, "both publish modes", `{"content":"hi","platforms":[{"platform":"twitter"}],"publishNow":true,"scheduledFor":"2027-01-01T10:00:00Z"}`},
	{DocCreatePost, "neither publish mode", `{"content":"hi","platforms":[{"platform":"twitter"}]}`},
	{DocCreatePost, "null is a wrong type", `{"content":null,"platforms":[{"platform":"twitter"}],"publishNow":true}`},
	{DocCreatePost, "case-mismatched name", `{"Content":"hi","platforms":[{"platform":"twitter"}],"publishNow":true}`},
	{DocCreatePost, "close unknown name", `{"content":"hi","platforms":[{"platform":"twitter"}],"scheduleFor":"2027-01-01T10:00:00Z"}`},
	{DocCreatePost, "duplicate name (JSON parsers keep the last)", `{"content":"hi","content":"ho","platforms":[{"platform":"twitter"}],"publishNow":true}`},
	{DocCreatePost, "platforms missing", `{"content":"hi","publishNow":true}`},
	{DocCreatePost, "platforms empty", `{"content":"hi","platforms":[],"publishNow":true}`},
	{DocCreatePost, "platform in the wrong case", `{"content":"hi","platforms":[{"platform":"Twitter"}],"publishNow":true}`},
	{DocCreatePost, "platform missing", `{"content":"hi","platforms":[{"accountId":"a"}],"publishNow":true}`},
	{DocCreatePost, "empty accountId", `{"content":"hi","platforms":[{"platform":"twitter","accountId":""}],"publishNow":true}`},
	{DocCreatePost, "blank content, no media", `{"content":" \u3000 ","platforms":[{"platform":"twitter"}],"publishNow":true}`},
	{DocCreatePost, "U+FEFF is not white space for postrules (nor for the schema's class)", `{"content":"\ufeff","platforms":[{"platform":"linkedin"}],"publishNow":true}`},
	{DocCreatePost, "empty override beside shared content", `{"content":"hi","platforms":[{"platform":"twitter","content":""}],"publishNow":true}`},
	{DocCreatePost, "media only", `{"mediaItems":[{"type":"image","url":"https://cdn.example.com/a.png"}],"platforms":[{"platform":"instagram"}],"publishNow":true}`},
	{DocCreatePost, "media type outside the enum", `{"mediaItems":[{"type":"pdf","url":"https://cdn.example.com/a.pdf"}],"platforms":[{"platform":"linkedin"}],"publishNow":true}`},
	{DocCreatePost, "ftp media URL", `{"mediaItems":[{"type":"image","url":"ftp://cdn.example.com/a.png"}],"platforms":[{"platform":"linkedin"}],"publishNow":true}`},
	{DocCreatePost, "port 0 (only x-postrules-mediaUrl says so)", `{"mediaItems":[{"type":"image","url":"https://cdn.example.com:0/a.png"}],"platforms":[{"platform":"linkedin"}],"publishNow":true}`},
	{DocCreatePost, "upper-case scheme is fine", `{"mediaItems":[{"type":"image","url":"HTTPS://cdn.example.com/a.png"}],"platforms":[{"platform":"linkedin"}],"publishNow":true}`},
	{DocCreatePost, "twitter: five images", `{"content":"hi","mediaItems":[` + strings.Repeat(`{"type":"image","url":"https://x.example/a.png"},`, 4) + `{"type":"image","url":"https://x.example/a.png"}],"platforms":[{"platform":"twitter"}],"publishNow":true}`},
	{DocCreatePost, "twitter: image and video", `{"content":"hi","mediaItems":[{"type":"image","url":"https://x.example/a.png"},{"type":"video","url":"https://x.example/a.mp4"}],"platforms":[{"platform":"twitter"}],"publishNow":true}`},
	{DocCreatePost, "linkedin takes image and video", `{"content":"hi","mediaItems":[{"type":"image","url":"https://x.example/a.png"},{"type":"video","url":"https://x.example/a.mp4"}],"platforms":[{"platform":"linkedin"}],"publishNow":true}`},
	{DocCreatePost, "poll with one option", `{"content":"hi","platforms":[{"platform":"twitter","platformSpecificData":{"poll":{"options":["a"],"durationMinutes":60}}}],"publishNow":true}`},
	{DocCreatePost, "poll with a blank option", `{"content":"hi","platforms":[{"platform":"twitter","platformSpecificData":{"poll":{"options":["a"," "],"durationMinutes":60}}}],"publishNow":true}`},
	{DocCreatePost, "poll duration over a week", `{"content":"hi","platforms":[{"platform":"twitter","platformSpecificData":{"poll":{"options":["a","b"],"durationMinutes":10081}}}],"publishNow":true}`},
	{DocCreatePost, "poll duration 6e1 is sixty", `{"content":"hi","platforms":[{"platform":"twitter","platformSpecificData":{"poll":{"options":["a","b"],"durationMinutes":6e1}}}],"publishNow":true}`},
	{DocCreatePost, "poll duration 60.5 is not whole", `{"content":"hi","platforms":[{"platform":"twitter","platformSpecificData":{"poll":{"options":["a","b"],"durationMinutes":60.5}}}],"publishNow":true}`},
	{DocCreatePost, "poll with media", `{"content":"hi","mediaItems":[{"type":"image","url":"https://x.example/a.png"}],"platforms":[{"platform":"twitter","platformSpecificData":{"poll":{"options":["a","b"],"durationMinutes":60}}}],"publishNow":true}`},
	{DocCreatePost, "poll with threadItems", `{"content":"hi","platforms":[{"platform":"twitter","platformSpecificData":{"threadItems":[{"content":"2"}],"poll":{"options":["a","b"],"durationMinutes":60}}}],"publishNow":true}`},
	{DocCreatePost, "poll duration missing", `{"content":"hi","platforms":[{"platform":"twitter","platformSpecificData":{"poll":{"options":["a","b"]}}}],"publishNow":true}`},
	{DocCreatePost, "replySettings outside the enum", `{"content":"hi","platforms":[{"platform":"twitter","platformSpecificData":{"replySettings":"everyone"}}],"publishNow":true}`},
	{DocCreatePost, "shareWithFollowers without communityId", `{"content":"hi","platforms":[{"platform":"twitter","platformSpecificData":{"shareWithFollowers":true}}],"publishNow":true}`},
	{DocCreatePost, "blank thread item", `{"content":"hi","platforms":[{"platform":"twitter","platformSpecificData":{"threadItems":[{"content":"  "}]}}],"publishNow":true}`},
	{DocCreatePost, "media-only thread item", `{"content":"hi","platforms":[{"platform":"twitter","platformSpecificData":{"threadItems":[{"mediaItems":[{"type":"gif","url":"https://x.example/a.gif"}]}]}}],"publishNow":true}`},
	{DocCreatePost, "twitter options on linkedin are unknown names (linkedin's options are typed)", `{"content":"hi","platforms":[{"platform":"linkedin","platformSpecificData":{"poll":7,"visibility":"PUBLIC"}}],"publishNow":true}`},
	{DocCreatePost, "platformSpecificData must be an object", `{"content":"hi","platforms":[{"platform":"linkedin","platformSpecificData":[]}],"publishNow":true}`},
	{DocCreatePost, "unknown twitter option", `{"content":"hi","platforms":[{"platform":"twitter","platformSpecificData":{"visibility":"PUBLIC"}}],"publishNow":true}`},
	{DocCreatePost, "not a valid zone (only x-postrules-timezone says so)", `{"content":"hi","platforms":[{"platform":"twitter"}],"scheduledFor":"2027-01-01T10:00Z","timezone":"Mars/Olympus"}`},
	{DocCreatePost, "zone in the wrong case", `{"content":"hi","platforms":[{"platform":"twitter"}],"scheduledFor":"2027-01-01T10:00Z","timezone":"europe/berlin"}`},
	{DocCreatePost, "over twitter's cap (only x-postrules-maxLength says so)", `{"content":"` + strings.Repeat("a", 281) + `","platforms":[{"platform":"twitter"}],"publishNow":true}`},
	{DocCreatePost, "the top level is an array", `[]`},
	{DocCreatePost, "not JSON: cut short", `{"content":"hi","platforms":[`},
	{DocCreatePost, "nesting beyond the limit inside platformSpecificData", `{"content":"hi","platforms":[{"platform":"linkedin","platformSpecificData":{"a":` + strings.Repeat("[", 40) + strings.Repeat("]", 40) + `}}],"publishNow":true}`},
	{DocCreatePost, "a lone surrogate escape", `{"content":"\ud800","platforms":[{"platform":"bluesky"}],"publishNow":true}`},
	{DocCreatePost, "the same account twice", `{"content":"hi","platforms":[{"platform":"bluesky","accountId":"b"},{"platform":"bluesky","accountId":"b"}],"publishNow":true}`},
	{DocCreatePost, "600e-1 and 60.0 are sixty", `{"content":"hi","platforms":[{"platform":"twitter","platformSpecificData":{"poll":{"options":["a","b","c","d"],"durationMinutes":600e-1}}},{"platform":"twitter","accountId":"t2","platformSpecificData":{"poll":{"options":["a","b"],"durationMinutes":60.0}}}],"publishNow":true}`},
	{DocCreatePost, "poll bounds exactly", `{"content":"hi","platforms":[{"platform":"twitter","platformSpecificData":{"poll":{"options":["a","b"],"durationMinutes":5}}},{"platform":"twitter","accountId":"t2","platformSpecificData":{"poll":{"options":["a","b","c","d"],"durationMinutes":10080}}}],"publishNow":true}`},
	{DocCreatePost, "as many targets as the default bound allows", `{"content":"hi","platforms":[` + strings.TrimSuffix(strings.Repeat(`{"platform":"bluesky"},`, schema.DefaultMaxTargets), ",") + `],"publishNow":true}`},
	{DocCreatePost, "one target more than the default bound", `{"content":"hi","platforms":[` + strings.TrimSuffix(strings.Repeat(`{"platform":"bluesky"},`, schema.DefaultMaxTargets+1), ",") + `],"publishNow":true}`},
	{DocCreatePost, "an escaped member name is the same name", `{"con\u0074ent":"hi","platforms":[{"platform":"bluesky"}],"publishNow":true}`},
	{DocCreatePost, "a NUL in the text", `{"content":"a\u0000b","platforms":[{"platform":"bluesky"}],"publishNow":true}`},
	{DocCreatePost, "an IRI media URL", `{"mediaItems":[{"type":"image","url":"https://\u4f8b\u3048.jp/\u753b\u50cf.png","thumbnail":"http://x.example/t.png"}],"platforms":[{"platform":"pinterest","platformSpecificData":{"boardId":"b1"}}],"publishNow":true}`},
	{DocCreatePost, "the year 0000 is a leap year", `{"content":"hi","platforms":[{"platform":"threads"}],"scheduledFor":"0000-02-29T00:00Z","timezone":"Etc/GMT-14"}`},
	{DocCreatePost, "a long fraction", `{"content":"hi","platforms":[{"platform":"threads"}],"scheduledFor":"2030-12-31T23:59:59.1234567890123456789Z"}`},
	{DocCreatePost, "twitter: four images, a thread item with one video", `{"content":"hi","mediaItems":[` + strings.Repeat(`{"type":"image","url":"https://x.example/a.png"},`, 3) + `{"type":"image","url":"https://x.example/a.png"}],"platforms":[{"platform":"twitter","platformSpecificData":{"threadItems":[{"content":"2","mediaItems":[{"type":"video","url":"https://x.example/v.mp4"}]}]}}],"publishNow":true}`},
	{DocCreatePost, "a document without a twitter target", `{"content":"hi","mediaItems":[{"type":"document","url":"https://x.example/a.pdf"}],"platforms":[{"platform":"linkedin","platformSpecificData":{"documentTitle":"Deck"}}],"publishNow":true}`},
	{DocCreatePost, "a document with a twitter target", `{"content":"hi","mediaItems":[{"type":"document","url":"https://x.example/a.pdf"}],"platforms":[{"platform":"linkedin"},{"platform":"twitter"}],"publishNow":true}`},
	{DocCreatePost, "white space only with media is fine", `{"content":" ","mediaItems":[{"type":"gif","url":"https://x.example/a.gif"}],"platforms":[{"platform":"twitter","content":"\u3000"}],"publishNow":true}`},
	{DocCreatePost, "every twitter option", `{"content":"hi","platforms":[{"platform":"twitter","accountId":"tw","platformSpecificData":{"communityId":"1","shareWithFollowers":true,"replyToTweetId":"2","replySettings":"verified","threadItems":[],"poll":{"options":["a","b"],"durationMinutes":60}}}],"publishNow":true}`},
	{DocCreatePost, "instagram: a carousel of 10", post(mediaOf("image", 10), `{"platform":"instagram"}`)},
	{DocCreatePost, "instagram: a carousel of 11", post(mediaOf("image", 11), `{"platform":"instagram"}`)},
	{DocCreatePost, "instagram: no text-only posts", post("", `{"platform":"instagram"}`)},
	{DocCreatePost, "instagram: thumbOffset 1e400 is out of range (JavaScript reads Infinity, which ajv refuses)", post(mediaOf("video", 1), `{"platform":"instagram","platformSpecificData":{"thumbOffset":1e400}}`)},
	{DocCreatePost, "instagram: the largest thumbOffset, 999999999", post(mediaOf("video", 1), `{"platform":"instagram","platformSpecificData":{"thumbOffset":999999999,"shareToFeed":false,"coverUrl":"https://x.example/c.png"}}`)},
	{DocCreatePost, "tiktok: videoCoverTimestampMs 1e9 is out of range", post(mediaOf("video", 1), `{"platform":"tiktok","platformSpecificData":{"videoCoverTimestampMs":1e9}}`)},
	{DocCreatePost, "instagram: a negative thumbOffset", post(mediaOf("video", 1), `{"platform":"instagram","platformSpecificData":{"thumbOffset":-1}}`)},
	{DocCreatePost, "youtube: one video and every option", post(mediaOf("video", 1), `{"platform":"youtube","platformSpecificData":{"title":"Trip","tags":["a","b c"],"visibility":"unlisted","madeForKids":false,"containsSyntheticMedia":true,"categoryId":"22","firstComment":"hi"}}`)},
	{DocCreatePost, "youtube: an image is not a video", post(mediaOf("image", 1), `{"platform":"youtube"}`)},
	{DocCreatePost, "youtube: < in the title (invalid_character, a pattern)", post(mediaOf("video", 1), `{"platform":"youtube","platformSpecificData":{"title":"a<b"}}`)},
	{DocCreatePost, "youtube: a title of 60 emoji is 120 UTF-16 code units (only x-postrules-maxLength says so)", post(mediaOf("video", 1), `{"platform":"youtube","platformSpecificData":{"title":"`+strings.Repeat("👍", 60)+`"}}`)},
	{DocCreatePost, "youtube: categoryId is digits", post(mediaOf("video", 1), `{"platform":"youtube","platformSpecificData":{"categoryId":"music"}}`)},
	{DocCreatePost, "tiktok: 35 photos", post(mediaOf("image", 35), `{"platform":"tiktok","platformSpecificData":{"privacyLevel":"SELF_ONLY","photoCoverIndex":3,"description":"d","autoAddMusic":false}}`)},
	{DocCreatePost, "tiktok: 36 photos", post(mediaOf("image", 36), `{"platform":"tiktok"}`)},
	{DocCreatePost, "tiktok: a video with a photo", post(mediaOf("video", 1)+","+mediaOf("image", 1), `{"platform":"tiktok"}`)},
	{DocCreatePost, "tiktok: privacyLevel in the wrong case", post(mediaOf("video", 1), `{"platform":"tiktok","platformSpecificData":{"privacyLevel":"public_to_everyone"}}`)},
	// Photo posts on every platform (issue 30): a photo post's text, its options, and the
	// rules that apply to photo posts alone (TikTok's description of 4,000, its title option).
	{DocCreatePost, "twitter: a photo post of 280 graphemes", photoPost("twitter", strings.Repeat("é", 280), 2, "")},
	{DocCreatePost, "twitter: a photo post of 281 graphemes", photoPost("twitter", strings.Repeat("é", 281), 2, "")},
	{DocCreatePost, "instagram: a photo post of 2,200 characters and alt text", photoPost("instagram", strings.Repeat("a", 2200), 2, `{"altText":["a","b"]}`)},
	{DocCreatePost, "instagram: a photo post of 2,201 characters", photoPost("instagram", strings.Repeat("a", 2201), 2, "")},
	{DocCreatePost, "instagram: alt text on a video item is a warning", post(mediaOf("image", 1)+","+mediaOf("video", 1), `{"platform":"instagram","platformSpecificData":{"altText":["a","b"]}}`)},
	{DocCreatePost, "youtube: a photo post (youtube takes one video)", photoPost("youtube", "hi", 1, "")},
	{DocCreatePost, "tiktok: a photo post of 4,000 characters (its description)", photoPost("tiktok", strings.Repeat("a", 4000), 3, "")},
	{DocCreatePost, "tiktok: a photo post of 4,001 characters", photoPost("tiktok", strings.Repeat("a", 4001), 3, "")},
	{DocCreatePost, "tiktok: a photo post of 2,000 emoji (4,000 UTF-16 code units)", photoPost("tiktok", strings.Repeat("😀", 2000), 2, "")},
	{DocCreatePost, "tiktok: a video caption of 2,201 characters", post(mediaOf("video", 1), `{"platform":"tiktok","content":"`+strings.Repeat("a", 2201)+`"}`)},
	{DocCreatePost, "tiktok: a photo post with a 90-character title", photoPost("tiktok", "hi", 2, `{"title":"`+strings.Repeat("t", 90)+`"}`)},
	{DocCreatePost, "tiktok: a photo post with a 91-character title", photoPost("tiktok", "hi", 2, `{"title":"`+strings.Repeat("t", 91)+`"}`)},
	{DocCreatePost, "tiktok: a description option of 4,001 characters", photoPost("tiktok", "hi", 2, `{"description":"`+strings.Repeat("d", 4001)+`"}`)},
	{DocCreatePost, "pinterest: a photo pin of 800 characters", photoPost("pinterest", strings.Repeat("a", 800), 1, `{"boardId":"1"}`)},
	{DocCreatePost, "pinterest: a photo pin of 801 characters", photoPost("pinterest", strings.Repeat("a", 801), 1, `{"boardId":"1"}`)},
	{DocCreatePost, "linkedin: a photo post of 3,000 characters, LOGGED_IN", photoPost("linkedin", strings.Repeat("a", 3000), 2, `{"visibility":"LOGGED_IN"}`)},
	{DocCreatePost, "linkedin: a photo post of 3,001 characters, CONTAINER", photoPost("linkedin", strings.Repeat("a", 3001), 2, `{"visibility":"CONTAINER"}`)},
	{DocCreatePost, "bluesky: a photo post of 300 graphemes", photoPost("bluesky", strings.Repeat("a", 300), 4, `{"altText":["a"]}`)},
	{DocCreatePost, "bluesky: a photo post of 11 images", photoPost("bluesky", "hi", 11, "")},
	{DocCreatePost, "facebook: a photo post of 11 photos is a warning", photoPost("facebook", "hi", 11, "")},
	{DocCreatePost, "facebook: a photo post of 63,207 characters", photoPost("facebook", strings.Repeat("a", 63207), 1, "")},
	{DocCreatePost, "threads: a photo post of 500 bytes", photoPost("threads", strings.Repeat("a", 500), 2, "")},
	{DocCreatePost, "threads: a photo post of 501 bytes", photoPost("threads", strings.Repeat("a", 501), 2, "")},
	{DocCreatePost, "googlebusiness: a photo post of 1,500 characters", photoPost("googlebusiness", strings.Repeat("a", 1500), 1, "")},
	{DocCreatePost, "googlebusiness: a photo post of two photos is a warning", photoPost("googlebusiness", "hi", 2, "")},
	{DocCreatePost, "googlebusiness: a photo post of 1,501 characters", photoPost("googlebusiness", strings.Repeat("a", 1501), 1, "")},
	{DocCreatePost, "pinterest: no platformSpecificData, no board", post(mediaOf("image", 1), `{"platform":"pinterest"}`)},
	{DocCreatePost, "pinterest: a blank boardId", post(mediaOf("image", 1), `{"platform":"pinterest","platformSpecificData":{"boardId":" "}}`)},
	{DocCreatePost, "pinterest: a video without a cover is a warning only", post(mediaOf("video", 1), `{"platform":"pinterest","platformSpecificData":{"boardId":"b","title":"t","link":"https://x.example/","altText":"a","dominantColor":"#fff"}}`)},
	{DocCreatePost, "pinterest: a link that is not a URL", post(mediaOf("image", 1), `{"platform":"pinterest","platformSpecificData":{"boardId":"b","link":"example.com"}}`)},
	{DocCreatePost, "linkedin: a document without documentTitle", post(mediaOf("document", 1), `{"platform":"linkedin","platformSpecificData":{"visibility":"PUBLIC"}}`)},
	{DocCreatePost, "linkedin: a document with an image", post(mediaOf("document", 1)+","+mediaOf("image", 1), `{"platform":"linkedin","platformSpecificData":{"documentTitle":"Deck"}}`)},
	{DocCreatePost, "linkedin: visibility in the wrong case", `{"content":"hi","platforms":[{"platform":"linkedin","platformSpecificData":{"visibility":"public","articleUrl":"https://x.example/a"}}],"publishNow":true}`},
	{DocCreatePost, "bluesky: two alt texts for one image", post(mediaOf("image", 1), `{"platform":"bluesky","platformSpecificData":{"altText":["a","b"]}}`)},
	{DocCreatePost, "bluesky: alt texts and langs exactly", post(mediaOf("image", 4), `{"platform":"bluesky","platformSpecificData":{"altText":["a","b","",""],"langs":["en","de","ja"]}}`)},
	{DocCreatePost, "bluesky: four langs", `{"content":"hi","platforms":[{"platform":"bluesky","platformSpecificData":{"langs":["en","de","ja","fr"]}}],"publishNow":true}`},
	{DocCreatePost, "bluesky: a GIF is a video, not beside an image", post(mediaOf("gif", 1)+","+mediaOf("image", 1), `{"platform":"bluesky"}`)},
	{DocCreatePost, "facebook: every option", post(mediaOf("image", 10), `{"platform":"facebook","platformSpecificData":{"link":"https://x.example/","published":false,"videoThumbnailUrl":"https://x.example/t.png"}}`)},
	{DocCreatePost, "facebook: a document", post(mediaOf("document", 1), `{"platform":"facebook"}`)},
	{DocCreatePost, "threads: 20 images and videos with alt texts", post(mediaOf("image", 10)+","+mediaOf("video", 10), `{"platform":"threads","platformSpecificData":{"replyControl":"mentioned_only","altText":["a","b"]}}`)},
	{DocCreatePost, "threads: replyControl outside the enum", `{"content":"hi","platforms":[{"platform":"threads","platformSpecificData":{"replyControl":"nobody"}}],"publishNow":true}`},
	{DocCreatePost, "threads: alt text without media", `{"content":"hi","platforms":[{"platform":"threads","platformSpecificData":{"altText":["a"]}}],"publishNow":true}`},
	{DocCreatePost, "googlebusiness: CALL needs no URL", `{"content":"hi","platforms":[{"platform":"googlebusiness","platformSpecificData":{"topicType":"STANDARD","callToActionType":"CALL"}}],"publishNow":true}`},
	{DocCreatePost, "googlebusiness: LEARN_MORE needs a URL", `{"content":"hi","platforms":[{"platform":"googlebusiness","platformSpecificData":{"callToActionType":"LEARN_MORE"}}],"publishNow":true}`},
	{DocCreatePost, "googlebusiness: a URL needs a type", `{"content":"hi","platforms":[{"platform":"googlebusiness","platformSpecificData":{"callToActionUrl":"https://x.example/"}}],"publishNow":true}`},
	{DocCreatePost, "googlebusiness: a whole event", `{"content":"hi","platforms":[{"platform":"googlebusiness","platformSpecificData":{"topicType":"EVENT","eventTitle":"Open day","eventStartDate":"2028-02-29","eventStartTime":"09:00","eventEndDate":"2028-02-29","eventEndTime":"17:00","callToActionType":"BOOK","callToActionUrl":"https://x.example/b"}}],"publishNow":true}`},
	{DocCreatePost, "googlebusiness: an event without its end time", `{"content":"hi","platforms":[{"platform":"googlebusiness","platformSpecificData":{"topicType":"EVENT","eventTitle":"Open day","eventStartDate":"2028-02-29","eventStartTime":"09:00","eventEndDate":"2028-03-01"}}],"publishNow":true}`},
	{DocCreatePost, "googlebusiness: an event on 29 February of a common year", `{"content":"hi","platforms":[{"platform":"googlebusiness","platformSpecificData":{"topicType":"EVENT","eventTitle":"Open day","eventStartDate":"2027-02-29","eventStartTime":"09:00","eventEndDate":"2027-03-01","eventEndTime":"24:00"}}],"publishNow":true}`},
	{DocCreatePost, "googlebusiness: an event ending before it starts (a gap: only postrules says so)", `{"content":"hi","platforms":[{"platform":"googlebusiness","platformSpecificData":{"topicType":"EVENT","eventTitle":"Open day","eventStartDate":"2027-03-02","eventStartTime":"09:00","eventEndDate":"2027-03-01","eventEndTime":"17:00"}}],"publishNow":true}`},
	{DocCreatePost, "googlebusiness: event fields without EVENT are free", `{"content":"hi","platforms":[{"platform":"googlebusiness","platformSpecificData":{"topicType":"OFFER","eventStartDate":"soon","offerCouponCode":"X","offerRedeemOnlineUrl":"https://x.example/o","offerTermsConditions":"t"}}],"publishNow":true}`},
	{DocCreatePost, "googlebusiness: a video", post(mediaOf("video", 1), `{"platform":"googlebusiness"}`)},
	{DocCreatePost, "twitter: a poll option of 13 emoji is 26 UTF-16 code units (only x-postrules-maxLength says so)", `{"content":"hi","platforms":[{"platform":"twitter","platformSpecificData":{"poll":{"options":["a","` + strings.Repeat("👍", 13) + `"],"durationMinutes":60}}}],"publishNow":true}`},
	{DocCreatePost, "twitter: two cashtags (twitter.cashtag.max: a count no schema states)", `{"content":"$AAPL $TSLA","platforms":[{"platform":"twitter"}],"publishNow":true}`},
	{DocCreatePost, "facebook: an option URL with port 0", `{"content":"hi","platforms":[{"platform":"facebook","platformSpecificData":{"link":"https://x.example:0/"}}],"publishNow":true}`},
	{DocCreatePost, "pinterest: a bad percent escape in a link", post(mediaOf("image", 1), `{"platform":"pinterest","platformSpecificData":{"boardId":"b","link":"https://x.example/a%zz"}}`)},
	{DocCreatePost, "instagram: 5.0000000000000000001 is not whole (JSON parsers read 5)", post(mediaOf("video", 1), `{"platform":"instagram","platformSpecificData":{"thumbOffset":5.0000000000000000001}}`)},
	{DocCreatePost, "threads: 501 bytes of shared content (maxLength 500 on the shared content)", `{"content":"` + strings.Repeat("a", 501) + `","platforms":[{"platform":"threads"},{"platform":"linkedin"}],"publishNow":true}`},
	{DocCreatePost, "threads: 501 bytes in the target's own content, 501 is fine on linkedin", `{"content":"` + strings.Repeat("a", 501) + `","platforms":[{"platform":"threads","content":"short"},{"platform":"linkedin"}],"publishNow":true}`},
	{DocCreatePost, "youtube: < in the description", post(mediaOf("video", 1), `{"platform":"youtube","content":"a<b"}`)},
	{DocCreatePost, "scheduledFor with a final newline (Python's $ matches before it: Python's jsonschema accepts)", `{"content":"hi","platforms":[{"platform":"bluesky"}],"scheduledFor":"2030-01-01T10:00Z\n"}`},
	{DocDraftPublish, "publish now", `{"publishNow":true}`},
	{DocDraftPublish, "scheduled with a zone", `{"scheduledFor":"2030-03-01T08:00:00.5Z","timezone":"Europe/Berlin"}`},
	{DocDraftPublish, "empty body: publishNow is required when scheduledFor is omitted", `{}`},
	{DocDraftPublish, "publishNow false alone", `{"publishNow":false}`},
	{DocDraftPublish, "a leap second", `{"scheduledFor":"2030-06-30T23:59:60Z"}`},
	{DocDraftPublish, "a fraction without seconds", `{"scheduledFor":"2030-06-30T23:59.5Z"}`},
	{DocDraftPublish, "a create-post field", `{"publishNow":true,"content":"hi"}`},
	{DocDraftPublish, "publishNow as a string", `{"publishNow":"true"}`},
	{DocDraftPublish, "the top level is a string", `"publishNow"`},
}

// mediaOf is n media items of type typ, for post.
func mediaOf(typ string, n int) string {
	items := make([]string, n)
	for i := range items {
		items[i] = `{"type":"` + typ + `","url":"https://cdn.example.com/` + strconv.Itoa(i) + `.` + typ + `"}`
	}
	return strings.Join(items, ",")
}

// photoPost is a publish-now create-post body for one target of platform with its own
// text, n photos and the platformSpecificData opts ("" none).
func photoPost(platform, text string, n int, opts string) string {
	target := `{"platform":"` + platform + `","content":` + strconv.Quote(text)
	if opts != "" {
		target += `,"platformSpecificData":` + opts
	}
	return post(mediaOf("image", n), target+"}")
}

// post is a publish-now create-post body with text, the media items mediaList (may be
// empty) and one target.
func post(mediaList, target string) string {
	m := ""
	if mediaList != "" {
		m = `"mediaItems":[` + mediaList + `],`
	}
	return `{"content":"hi",` + m + `"platforms":[` + target + `],"publishNow":true}`
}

// repoBodies are the request bodies of the CLI's testdata.
var repoBodies = []struct{ kind, path string }{
	{DocCreatePost, "../../cmd/validate/testdata/valid-thread.json"},
	{DocCreatePost, "../../cmd/validate/testdata/long-thread-item.json"},
	{DocCreatePost, "../../cmd/validate/testdata/ambiguous-account.json"},
	{DocCreatePost, "../../cmd/validate/testdata/scheduled.json"},
	{DocCreatePost, "../../cmd/validate/testdata/japanese-200.json"},
	{DocCreatePost, "../../cmd/validate/testdata/draft.json"},
	{DocDraftPublish, "../../cmd/validate/testdata/draft-publish.json"},
}

// generatedCount is how many gopter bodies the shared corpus holds.
const generatedCount = 2000

// buildCorpus is the shared corpus: the repo's bodies, the hand-written ones and
// generatedCount bodies from genRequest with a fixed seed, with postrules' verdicts.
func buildCorpus(t testing.TB) []corpusBody {
	var out []corpusBody
	add := func(kind, why, body string) {
		ok, codes, claimed, gaps := verdictWithGaps(kind, body)
		out = append(out, corpusBody{Kind: kind, Why: why, Body: body, Accepted: ok, Codes: codes, Claimed: claimed, Gaps: gaps})
	}
	for _, r := range repoBodies {
		b, err := os.ReadFile(r.path)
		if err != nil {
			t.Fatal(err)
		}
		add(r.kind, "from "+strings.TrimPrefix(r.path, "../../"), string(b))
	}
	for _, h := range handBodies {
		add(h.kind, h.why, h.body)
	}
	params := gopter.DefaultGenParameters()
	params.Rng = rand.New(rand.NewSource(15))
	g := genRequest()
	for i := 0; i < generatedCount; i++ {
		r, _ := g(params).Retrieve()
		req := r.(genBody)
		add(req.kind, "generated", req.body)
	}
	return out
}

// schemaVerdict is whether the stock validator accepts body; ok false means the body is
// not JSON at all (no schema applies).
func schemaVerdict(s *jsv.Schema, body string) (accepted, ok bool) {
	inst, err := jsv.UnmarshalJSON(strings.NewReader(body))
	if err != nil {
		return false, false
	}
	return s.Validate(inst) == nil, true
}

// claimRow is a row of the strictness table: how many bodies of the corpus carry a code
// (or a rule gap), and how many of them the schema refuses.
type claimRow struct{ bodies, refused int }

// add counts one more body, refused by the schema or not.
func (r claimRow) add(refused bool) claimRow {
	r.bodies++
	if refused {
		r.refused++
	}
	return r
}

// TestSchemaClaims checks the claims of docs/schema.md over the shared corpus with a stock
// validator: never stricter (every body postrules accepts, the schema accepts), and as
// strict as it can be, measured: the share of the refused create-post bodies with a
// problem a schema can state (gapOf) that the schema refuses, at least minStrictness. The
// strictness tables of docs/schema.md are computed here and compared (-update rewrites
// them), so they claim nothing the schema does not do; the corpus file the Node suite
// reads is compared with the one built here.
func TestSchemaClaims(t *testing.T) {
	corpus := buildCorpus(t)
	schemas := map[string]*jsv.Schema{DocCreatePost: compiled(t, DocCreatePost, ""), DocDraftPublish: compiled(t, DocDraftPublish, "")}
	openapi := map[string]*jsv.Schema{
		DocCreatePost:   compiled(t, DocOpenAPI, "#/components/schemas/CreatePost"),
		DocDraftPublish: compiled(t, DocOpenAPI, "#/components/schemas/DraftPublish"),
	}
	// Per code: every body carrying it, and the bodies carrying it on a problem a schema
	// can state (claim 2 is "yes" when the schema refuses all of those).
	table, stated := map[apierror.Code]claimRow{}, map[apierror.Code]claimRow{}
	gapTable := map[string]claimRow{}
	accepted, refused := 0, 0
	var share [2]claimRow // create-post, draft-publish
	var single claimRow   // create-post bodies whose problems all carry one code, all statable
	for _, c := range corpus {
		got, isJSON := schemaVerdict(schemas[c.Kind], c.Body)
		if api, _ := schemaVerdict(openapi[c.Kind], c.Body); api != got {
			t.Errorf("%s %q: standalone schema %v, OpenAPI's %v", c.Kind, c.Body, got, api)
		}
		if c.Accepted {
			accepted++
			if !got {
				t.Errorf("claim 1 (never stricter): postrules accepts, the schema refuses (%s): %s", c.Why, c.Body)
			}
			continue
		}
		refused++
		schemaRefused := isJSON && !got
		for _, g := range c.Gaps {
			gapTable[g] = gapTable[g].add(schemaRefused)
		}
		for _, code := range c.Codes {
			table[code] = table[code].add(schemaRefused)
		}
		for _, code := range c.Claimed {
			stated[code] = stated[code].add(schemaRefused)
		}
		if len(c.Claimed) > 0 {
			i := 0
			if c.Kind == DocDraftPublish {
				i = 1
			}
			share[i] = share[i].add(schemaRefused)
			if i == 0 && len(c.Codes) == 1 && len(c.Claimed) == 1 && len(c.Gaps) == 0 {
				single = single.add(schemaRefused)
			}
		}
	}
	if accepted < 500 || refused < 500 {
		t.Errorf("the corpus is lopsided: %d accepted, %d refused", accepted, refused)
	}
	checkPlatformCoverage(t, corpus)
	ratio := func(r claimRow) float64 { return float64(r.refused) / float64(max(r.bodies, 1)) }
	if ratio(share[0]) < minStrictness {
		t.Errorf("strictness: the create-post schema refuses %d of the %d refused bodies with a problem a schema can state (%.3f), under %.2f",
			share[0].refused, share[0].bodies, ratio(share[0]), minStrictness)
	}

	// The table, for every 400 code.
	var b strings.Builder
	b.WriteString("| code | bodies | refused by the schema | with a problem a schema can state | of those refused | claim 2 |\n|---|---:|---:|---:|---:|---|\n")
	for _, code := range apierror.Codes() {
		if code.HTTPStatus() != 400 {
			continue
		}
		r, st := table[code], stated[code]
		claim := "yes"
		switch {
		case !statedCodes[code]:
			claim = "no: " + gapReason[code]
		case st.bodies == 0:
			claim = "no: not in the corpus"
		case st.refused < st.bodies:
			claim = "no: " + strconv.Itoa(st.bodies-st.refused) + " not refused"
		}
		fmt.Fprintf(&b, "| `%s` | %d | %d | %d | %d | %s |\n", code, r.bodies, r.refused, st.bodies, st.refused, claim)
	}
	for _, code := range alwaysStated {
		if st := stated[code]; st.bodies == 0 || st.refused < st.bodies {
			t.Errorf("claim 2 for %s: the schema refuses %d of the %d bodies with a problem a schema can state", code, st.refused, st.bodies)
		}
	}
	b.WriteString("\nThe rules of the book no schema states in full (their declared form: `none`, `partial`, and `floor` for the problems " +
		"over the rule's unit but not over its limit in code points), and the whole numbers JSON parsers round; their problems are " +
		"outside the share and claim 2:\n\n| rule | form | bodies | refused by the schema | why |\n|---|---|---:|---:|---|\n")
	for _, r := range rules.TextRules() {
		key := r.ID
		if ruleform.SchemaOf(r.ID) == ruleform.Partial {
			key = gbpEventOrder
		}
		g := gapTable[key]
		if ruleform.SchemaOf(r.ID) == ruleform.Exact || (r.Severity != rules.SeverityError && g.bodies == 0) {
			continue // a warning that refused nothing here never refuses
		}
		fmt.Fprintf(&b, "| `%s` | %s | %d | %d | %s |\n", key, ruleform.SchemaOf(r.ID), g.bodies, g.refused, gapWhy(r))
	}
	g := gapTable[wholeDigits]
	fmt.Fprintf(&b, "| %s | | %d | %d | `5.0000000000000000001` is not whole for postrules; JSON parsers read 5 |\n", wholeDigits, g.bodies, g.refused)
	fmt.Fprintf(&b, "\nCorpus: %d bodies, %d accepted by postrules (all accepted by the schema), %d refused. Strictness: of the %d refused "+
		"create-post bodies with a problem a schema can state, the schema refuses %d (%.3f); of the %d whose problems all carry one "+
		"code and are all statable, %d (%.3f); draft-publish: %d of %d.\n",
		len(corpus), accepted, refused, share[0].bodies, share[0].refused, ratio(share[0]), single.bodies, single.refused, ratio(single),
		share[1].refused, share[1].bodies)
	if ratio(single) < minStrictness {
		t.Errorf("strictness on bodies with one kind of statable problem: %d of %d (%.3f), under %.2f", single.refused, single.bodies, ratio(single), minStrictness)
	}
	checkDocTable(t, b.String())

	// The corpus file of the Node suite.
	var jl bytes.Buffer
	for _, c := range corpus {
		line, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		jl.Write(line)
		jl.WriteByte('\n')
	}
	checkGolden(t, filepath.Join("testdata", "node", "corpus.jsonl"), jl.Bytes())
}

// gapWhy says why no schema states rule r in full, from its form and unit.
func gapWhy(r rules.Rule) string {
	switch {
	case ruleform.SchemaOf(r.ID) == ruleform.Partial:
		return "relates two values (the event's end after its start)"
	case ruleform.SchemaOf(r.ID) == ruleform.Floor && r.Posts() == "not-photo":
		return "a length of every text but a photo post's, in " + r.Unit + ": the text's `maxLength` is its photo alternative's larger one (a schema of the text does not see the media)"
	case ruleform.SchemaOf(r.ID) == ruleform.Floor:
		return "a length in " + r.Unit + ": `maxLength` " + strconv.Itoa(r.Limit) + " (code points) refuses only the texts over it in code points (`x-postrules-maxLength`)"
	case r.Unit == "graphemes":
		return "a length in grapheme clusters (`x-postrules-maxLength`)"
	case r.Unit == "x-weighted":
		return "X's weighted length, and the characters X's counter refuses (400 `invalid_character`)"
	case r.ID == "youtube.tags.max":
		return "a length summed over all tags (`x-postrules-maxLength`)"
	}
	return "a count of " + r.Unit + " in the text (`x-postrules-maxCount`)"
}

// checkPlatformCoverage: for each of the ten platforms, the generated bodies of the corpus
// hold accepted and refused bodies with a target of that platform carrying options, so
// both claims are exercised for every platform's typed options.
func checkPlatformCoverage(t *testing.T, corpus []corpusBody) {
	t.Helper()
	type count struct{ accepted, refused int }
	seen := map[string]*count{}
	for _, c := range corpus {
		if c.Why != "generated" || c.Kind != DocCreatePost {
			continue
		}
		var body struct {
			Platforms []struct {
				Platform string          `json:"platform"`
				Options  json.RawMessage `json:"platformSpecificData"`
			} `json:"platforms"`
		}
		if json.Unmarshal([]byte(c.Body), &body) != nil {
			continue
		}
		for _, pt := range body.Platforms {
			if len(pt.Options) == 0 || pt.Options[0] != '{' {
				continue
			}
			n := seen[pt.Platform]
			if n == nil {
				n = &count{}
				seen[pt.Platform] = n
			}
			if c.Accepted {
				n.accepted++
			} else {
				n.refused++
			}
		}
	}
	for _, p := range wirenames.Platforms() {
		if n := seen[p]; n == nil || n.accepted < 10 || n.refused < 10 {
			t.Errorf("generated bodies with %s options: %+v, want 10 accepted and 10 refused at least", p, n)
		}
	}
}

// gapReason says why a 400 code is outside claim 2.
var gapReason = map[apierror.Code]string{
	apierror.CodeInvalidRequest:          "not produced by the checks of a body",
	apierror.CodeValidationFailed:        "the code of several problems, not a problem's own",
	apierror.CodeMalformedJSON:           "not JSON: refused by any JSON parser before a schema applies",
	apierror.CodeDuplicateField:          "JSON parsers keep the last name (`x-postrules-uniqueNames`)",
	apierror.CodeInvalidString:           "JSON parsers replace a lone surrogate",
	apierror.CodeTooDeep:                 "no depth keyword (`x-postrules-maxDepth`)",
	apierror.CodeBodyTooLarge:            "no size keyword (`x-postrules-maxBodyBytes`)",
	apierror.CodeInvalidUTF8:             "JSON parsers replace invalid UTF-8",
	apierror.CodeInvalidCharacter:        "a platform's character rule",
	apierror.CodeScheduledInPast:         "needs the clock (`x-postrules-future`)",
	apierror.CodeInvalidTimezone:         "needs the zone database (`x-postrules-timezone`); the pattern refuses wrong shapes",
	apierror.CodeInvalidMedia:            "a URL's port and host (`x-postrules-mediaUrl`); type, scheme, white space, invisible characters and twitter's media rule are refused",
	apierror.CodePostTooLong:             "a text's length in its platform's unit (`x-postrules-maxLength`)",
	apierror.CodeAccountPlatformMismatch: "needs the connected accounts (`x-postrules-resolution`)",
	apierror.CodeDuplicateTarget:         "relates values of two targets",
	apierror.CodeMediaEmpty:              "the media probe's, about a file's bytes, not a body",
	apierror.CodeMediaUnrecognized:       "the media probe's, about a file's bytes, not a body",
	apierror.CodeMediaTruncated:          "the media probe's, about a file's bytes, not a body",
	apierror.CodeMediaCorrupt:            "the media probe's, about a file's bytes, not a body",
	apierror.CodeMediaFetchRefused:       "the media fetcher's, about a URL's server, not a body",
	apierror.CodeMediaUnreachable:        "the media fetcher's, about a URL's server, not a body",
	apierror.CodeMediaTimeout:            "the media fetcher's, about a URL's server, not a body",
	apierror.CodeMediaNotFound:           "the media fetcher's, about a URL's server, not a body",
	apierror.CodeMediaTooLarge:           "the media fetcher's, about a URL's server, not a body",
}

const (
	tableBegin = "<!-- strictness:begin -->\n"
	tableEnd   = "<!-- strictness:end -->"
)

// checkDocTable compares the strictness table of docs/schema.md with table (-update
// rewrites it).
func checkDocTable(t *testing.T, table string) {
	t.Helper()
	path := filepath.Join("..", "..", "docs", "schema.md")
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(doc)
	i, j := strings.Index(s, tableBegin), strings.Index(s, tableEnd)
	if i < 0 || j < i {
		t.Fatalf("%s has no strictness markers", path)
	}
	if s[i+len(tableBegin):j] == table {
		return
	}
	if !*update {
		t.Errorf("the strictness table of %s differs from the computed one (refresh with go test ./schema/jsonschema -run TestSchemaClaims -update):\n%s", path, table)
		return
	}
	s = s[:i+len(tableBegin)] + table + s[j:]
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestPropSchemaAgreesWithVerdict runs both claims over fresh generated bodies (random
// seeds, unlike the fixed corpus): accepted bodies are accepted, and bodies with a
// problem a schema can state whose code is one of alwaysStated are refused.
func TestPropSchemaAgreesWithVerdict(t *testing.T) {
	schemas := map[string]*jsv.Schema{DocCreatePost: compiled(t, DocCreatePost, ""), DocDraftPublish: compiled(t, DocDraftPublish, "")}
	always := map[apierror.Code]bool{}
	for _, c := range alwaysStated {
		always[c] = true
	}
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 1000
	properties := gopter.NewProperties(params)
	properties.Property("accepted => schema accepts; refused with an always-stated code => schema refuses", prop.ForAll(
		func(req genBody) bool {
			ok, _, claimed, _ := verdictWithGaps(req.kind, req.body)
			got, _ := schemaVerdict(schemas[req.kind], req.body)
			if ok {
				return got
			}
			for _, c := range claimed {
				if always[c] {
					return !got
				}
			}
			return true
		}, genRequest()))
	properties.TestingRun(t)
}

// TestErrorBodiesMatchErrorSchema: the error bodies the checks really produce, for every
// status a body and an Env can lead to (400, 404, 409, 402, 403, 500), are valid against
// the error document and against the OpenAPI response of their status.
func TestErrorBodiesMatchErrorSchema(t *testing.T) {
	errSchema := compiled(t, DocError, "")
	byStatus := map[int]*jsv.Schema{}
	for _, st := range errorStatuses() {
		byStatus[st.status] = compiled(t, DocOpenAPI, "#/components/responses/"+errorResponseName("", st.status)+"/content/application~1json/schema")
	}
	inactive, limited := schema.Env{Now: now, Accounts: accounts}, schema.Env{Now: now, Accounts: accounts}
	inactive.Plan.SubscriptionInactive, inactive.Plan.SubscribeURL = true, "https://example.com/billing"
	limited.Plan.PostLimit, limited.Plan.PostsUsed = 5, 5
	envs := []schema.Env{{}, {Now: now, Accounts: accounts}, inactive, limited,
		{Now: now, Accounts: accounts, DraftState: lifecycle.DraftPublishing}, {DraftState: lifecycle.DraftDeleted}, {DraftState: "bogus"}}
	params := gopter.DefaultGenParameters()
	params.Rng = rand.New(rand.NewSource(7))
	g := genRequest()
	bodies := []genBody{{DocCreatePost, `{"content":"hi","platforms":[{"platform":"facebook"}],"publishNow":true}`}}
	for _, h := range handBodies {
		bodies = append(bodies, genBody{h.kind, h.body})
	}
	for i := 0; i < 300; i++ {
		r, _ := g(params).Retrieve()
		bodies = append(bodies, r.(genBody))
	}
	seen := map[int]int{}
	for _, b := range bodies {
		for _, env := range envs {
			var v schema.Verdict
			if b.kind == DocDraftPublish {
				v = schema.CheckDraftPublish([]byte(storedDraft), []byte(b.body), env)
			} else {
				v = schema.CheckCreatePost([]byte(b.body), env)
			}
			if v.Valid {
				continue
			}
			out, err := json.Marshal(v.Error)
			if err != nil {
				t.Fatal(err)
			}
			inst, err := jsv.UnmarshalJSON(bytes.NewReader(out))
			if err != nil {
				t.Fatal(err)
			}
			if err := errSchema.Validate(inst); err != nil {
				t.Fatalf("error body %s refused by the error schema: %v", out, err)
			}
			if err := byStatus[v.HTTPStatus].Validate(inst); err != nil {
				t.Fatalf("error body %s refused by the OpenAPI response %d: %v", out, v.HTTPStatus, err)
			}
			seen[v.HTTPStatus]++
		}
	}
	for _, st := range []int{400, 402, 403, 404, 409, 500} {
		if seen[st] == 0 {
			t.Errorf("no error body of status %d was checked: %v", st, seen)
		}
	}
}

// TestOptionWholeNumbersInRange: a whole-number option the decoder would clamp (10^9 and
// more) is refused, not passed on changed; the largest one kept exactly is accepted. The
// schema's maximum says the same, so ajv (which reads 1e400 as Infinity) agrees.
func TestOptionWholeNumbersInRange(t *testing.T) {
	for _, c := range []struct {
		value string
		ok    bool
	}{{"999999999", true}, {"1e9", false}, {"1000000000", false}, {"1e400", false}, {"0", true}, {"-1", false}} {
		for _, target := range []string{
			`{"platform":"instagram","platformSpecificData":{"thumbOffset":` + c.value + `}}`,
			`{"platform":"tiktok","platformSpecificData":{"videoCoverTimestampMs":` + c.value + `,"photoCoverIndex":0}}`,
			`{"platform":"tiktok","platformSpecificData":{"photoCoverIndex":` + c.value + `}}`,
		} {
			body := post(mediaOf("video", 1), target)
			if ok, codes := verdictOf(DocCreatePost, body); ok != c.ok {
				t.Errorf("%s: valid %v %v, want %v", body, ok, codes, c.ok)
			}
			if got, _ := schemaVerdict(compiled(t, DocCreatePost, ""), body); got != c.ok {
				t.Errorf("%s: schema accepts %v, want %v", body, got, c.ok)
			}
		}
	}
}
