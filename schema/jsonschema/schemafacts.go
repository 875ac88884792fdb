package jsonschema

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/schema"
)

// This file holds the facts of the generated documents that tags cannot carry: patterns,
// descriptions, extension keywords and the rules that relate several fields. Every value is
// constant data, read only by the generator.

// scheduledForPattern is the grammar of rules.ParseScheduledFor as an ECMA-262 and RE2
// regular expression (the two dialects JSON Schema validators use; this one is in their
// common subset): YYYY-MM-DD with a real proleptic Gregorian date, T, HH:MM, optional :SS
// (no leap second 60), an optional fraction of one or more digits only after the seconds,
// Z. Leap years: a year ending in 00 is leap when its century is divisible by 4 (0000,
// 0400, ..., 2000), any other year when its last two digits are. schema's tests run it
// over the scanner's corpus (testdata/scheduledfor).
const scheduledForPattern = `^(?:[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))` +
	`|(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)` +
	`T(?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9](?:\.[0-9]+)?)?Z$`

// zonePattern is the shape validTimezone checks before asking the zone database: parts
// separated by "/", each an ASCII capital followed by letters, digits, "_", "-" or "+".
const zonePattern = `^[A-Z][-A-Za-z0-9_+]*(?:/[A-Z][-A-Za-z0-9_+]*)*$`

// mediaURLPattern is the part of the media URL rule a pattern can say without ever
// refusing a URL the rule accepts: an http or https scheme (any case, as url.Parse
// lowercases it), "//", a first character of the authority, and none of the characters
// mediaURLProblem refuses anywhere (ASCII space and controls, Unicode white space,
// separators, C1 controls and the invisible format characters of invisibleInURL). Ports
// are left to x-postrules-mediaUrl.
func mediaURLPattern() string {
	bad := urlRefusedClass()
	return "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#" + bad + "][^" + bad + "]*$"
}

// mediaURLRefused is a pattern of URLs the media URL rule refuses beyond
// mediaURLPattern, for a "not": an authority (what follows "//" up to the first "/", "?"
// or "#") with no host before its port, or whose port (the digits after its last ":")
// is 0 or over 65535, as url.Parse and mediaURLProblem read it ("00080" is port 80; an
// empty port is no port), and a bad percent escape outside the query. Written in the common subset of ECMA-262 and RE2; "$" matches
// before a final newline in Python's re, which changes nothing here: a newline is refused
// by mediaURLPattern.
func mediaURLRefused() string {
	const over = `(?:0+|0*(?:[1-9][0-9]{5,}|[7-9][0-9]{4}|6[6-9][0-9]{3}|65[6-9][0-9]{2}|655[4-9][0-9]|6553[6-9]))`
	// A "%" not followed by two hex digits, which url.Parse refuses in the authority,
	// the path and the fragment (not in the query).
	const badEscape = `%(?:[^0-9A-Fa-f]|[0-9A-Fa-f](?:[^0-9A-Fa-f]|$)|$)`
	return `^[Hh][Tt][Tt][Pp][Ss]?://(?:(?:[^/?#]*@)?(?::[0-9]*)?|[^/?#]*:` + over + `)(?:[/?#]|$)` +
		`|^[^?#]*` + badEscape + `|^[^#]*#.*` + badEscape
}

// mediaURLKeywords are the keywords of a URL the media URL rule checks.
func mediaURLKeywords() obj {
	return obj{{"pattern", mediaURLPattern()}, {"not", obj{{"pattern", mediaURLRefused()}}}, {xMediaURL, true}}
}

// urlRefusedClass lists, for a character class, the characters invisibleInURL refuses
// (with the ASCII controls, space and DEL, which it refuses too).
func urlRefusedClass() string {
	var b strings.Builder
	writeRange := func(lo, hi rune) {
		b.WriteRune(lo)
		if hi > lo {
			b.WriteByte('-')
			b.WriteRune(hi)
		}
	}
	writeRange(0, 0x20)
	writeRange(0x7f, 0x9f) // DEL and the C1 controls
	for _, tab := range []*unicode.RangeTable{unicode.White_Space, unicode.Z} {
		for _, r16 := range tab.R16 {
			for r := rune(r16.Lo); r <= rune(r16.Hi); r += rune(r16.Stride) {
				if r > 0x9f {
					b.WriteRune(r)
				}
			}
		}
	}
	for _, r := range []rune{0x061C, 0x200B, 0x200E, 0x200F, 0x2060, 0xFEFF} {
		b.WriteRune(r)
	}
	writeRange(0x202A, 0x202E)
	writeRange(0x2066, 0x2069)
	return b.String()
}

// nonBlankPattern matches a string with a character that is not white space in
// strings.TrimSpace's sense (Unicode White_Space). The class lists the characters
// themselves, not \s: \s differs between regex dialects (ECMA-262's includes U+FEFF).
func nonBlankPattern() string {
	var b strings.Builder
	b.WriteString("[^")
	for _, r16 := range unicode.White_Space.R16 {
		for r := rune(r16.Lo); r <= rune(r16.Hi); r += rune(r16.Stride) {
			b.WriteRune(r)
		}
	}
	for _, r32 := range unicode.White_Space.R32 {
		for r := rune(r32.Lo); r <= rune(r32.Hi); r += rune(r32.Stride) {
			b.WriteRune(r)
		}
	}
	b.WriteString("]")
	return b.String()
}

// typeTitles are the titles of the standalone documents.
func typeTitles() map[string]string {
	return map[string]string{
		"CreatePost":         "POST /api/v2/posts request body",
		"DraftPublish":       "POST /api/v2/drafts/{draftId}/publish request body",
		"ErrorBody":          "postrules error body",
		"DraftPublishResult": "draft publish (200) and create post (202) success body",
	}
}

// typeDocs describe each type, with the rules the schema cannot check.
func typeDocs() map[string]string {
	return map[string]string{
		"CreatePost": "A post for one or more platform targets, published now (publishNow true) or scheduled " +
			"(scheduledFor): exactly one of the two. Every target needs something to post: its own content " +
			"override, else the shared content, or media. Not expressible here, checked by postrules: each post's " +
			"length against its platform's caps (x-postrules-maxLength, rule T1 for twitter threads), scheduledFor " +
			"after the server's clock, target resolution against connected accounts, the plan, duplicate names.",
		"DraftPublish": "When to publish a saved draft: exactly one of publishNow true or scheduledFor " +
			"(\"publishNow is required when scheduledFor is omitted\").",
		"ErrorBody": "The API's error body: error (the status's title), code, message; path (a JSON pointer) when one " +
			"problem is described; problems when several share the answered status (400: code validation_failed). " +
			"402 adds subscribeUrl; 403 adds limit, used and connected.",
		"DraftPublishResult": "The success answer (200 for a published draft, 202 for a created post): success is false only when every platform failed.",
		"MediaItem":          "One attachment: its kind and where to fetch it.",
		"PlatformTarget": "One target: one of the per-platform targets, chosen by platform, each with its platform's typed " +
			"platformSpecificData (pinterest requires it). The target's text (its content, else the shared content) follows its " +
			"platform's text rules (x-postrules-maxLength, x-postrules-maxCount, x-postrules-forbidden on the platform target's content).",
		"TwitterOptions": "platformSpecificData for twitter. A poll cannot be combined with media (twitter.media.exclusive); a poll with threadItems draws the warning twitter.poll.thread (X takes it, the peer API does not).",
		"ThreadItem": "A post of a twitter thread after the first (rule T1): non-blank content or at least one " +
			"media item, measured against the twitter cap.",
		"Poll":           "A twitter poll: 2 to 4 non-blank options, open 5 to 10080 minutes.",
		"Problem":        "One problem: where (a JSON pointer into the document \"in\" names, the body when absent), what, and why.",
		"PlatformResult": "One target's line of the answer.",
	}
}

// fieldDocs describe fields ("Type.jsonName").
func fieldDocs() map[string]string {
	return map[string]string{
		"CreatePost.content":        "The shared text, posted by every target without its own content; measured by each such target's platform rules (see PlatformTarget).",
		"CreatePost.mediaItems":     "Attached to every target's post (on twitter, to the first post of a thread).",
		"CreatePost.platforms":      "The targets, at least one.",
		"CreatePost.publishNow":     "Publish at once. Exactly one of publishNow true or scheduledFor.",
		"CreatePost.scheduledFor":   scheduledForDoc,
		"CreatePost.timezone":       timezoneDoc,
		"DraftPublish.publishNow":   "Publish the draft at once. Exactly one of publishNow true or scheduledFor.",
		"DraftPublish.scheduledFor": scheduledForDoc,
		"DraftPublish.timezone":     timezoneDoc,
		"MediaItem.url":             "An absolute http or https URL with a host; port 1 to 65535; white space, controls and invisible characters percent-encoded.",
		"MediaItem.thumbnail":       "A video's thumbnail image, an absolute http or https URL like url.",
		"PlatformTarget.accountId": "A connected account of this platform. Absent: the platform's single connected account " +
			"(none: 404 no_connected_account; several: 409 ambiguous_account).",
		"PlatformTarget.content":          "This target's own text, replacing the shared content (\"\" is an override too).",
		"TwitterOptions.communityId":      "Posts into an X Community; required by shareWithFollowers.",
		"TwitterOptions.threadItems":      "The posts after the first one of a thread (rule T1).",
		"Poll.durationMinutes":            "Minutes the poll is open, a whole number (60, 60.0 and 6e1 alike).",
		"Problem.rule":                    "The id of the rule book's rule the problem breaks (docs/rules.md), when it breaks one.",
		"ErrorBody.code":                  "The machine code; the HTTP status follows from it (see allOf).",
		"ErrorBody.path":                  "The JSON pointer of the one problem described.",
		"ErrorBody.in":                    "\"draft\" when path points into the stored draft of a draft publish.",
		"ErrorBody.subscribeUrl":          "402 subscription_inactive: where to subscribe.",
		"ErrorBody.limit":                 "403: the plan's limit.",
		"ErrorBody.used":                  "403: how much of it is used.",
		"ErrorBody.connected":             "403: accounts connected.",
		"DraftPublishResult.scheduledFor": "Present for a scheduled post, normalized (always with seconds).",
	}
}

const scheduledForDoc = "When to publish, UTC: YYYY-MM-DDTHH:MM[:SS[.fraction]]Z (the pattern is the whole grammar, " +
	"leap days included). It must also be after the server's clock (x-postrules-future)."

const timezoneDoc = "The IANA zone the user scheduled in (informational: scheduledFor is UTC). It must name a zone " +
	"of the IANA database (x-postrules-timezone); \"Local\" is refused."

// fieldExtensions are the extension keywords of fields.
func fieldExtensions() map[string]obj {
	m := map[string]obj{
		"PlatformTarget.accountId": {{xResolution, "connected-account"}},
		"ThreadItem.content":       textRules(rules.Twitter),
	}
	return m
}

// fieldOverrides replace the schema a field's Go type would give.
func fieldOverrides() map[string]func() obj {
	return map[string]func() obj{
		// The Go field is *TwitterOptions; which type applies depends on the platform
		// (targetUnion gives each platform's target its own).
		"PlatformTarget.platformSpecificData": func() obj {
			return obj{{"description", "Options of the target's platform."}, {"type", "object"}}
		},
		"ErrorBody.in": func() obj { return obj{{"type", "string"}, {"enum", []string{"draft", "options"}}} },
		"Problem.in":   func() obj { return obj{{"type", "string"}, {"enum", []string{"draft", "options"}}} },
	}
}

// typeFacts are the rules that relate fields of type name, for the struct's allOf. (A
// function, not a map: the facts call the generator, which calls typeFacts.)
func typeFacts(name string) func(g *generator) []any {
	facts := map[string]func(g *generator) []any{
		"CreatePost": func(*generator) []any {
			return append(append(append(append(publishMode(), createPostRules()...), platformPostRules()...), sharedTextRules()...), targetBound())
		},
		"DraftPublish": func(*generator) []any { return publishMode() },
		"ThreadItem": func(*generator) []any {
			return []any{obj{
				{"description", "Something to post: non-blank content or media."},
				{"anyOf", []any{nonBlankMember("content"), nonEmptyMember("mediaItems")}},
			}, obj{
				{"properties", obj{{"mediaItems", twitterMediaSchema()}}},
			}}
		},
		"ErrorBody": errorByStatus,
	}
	if f, ok := facts[name]; ok {
		return f
	}
	if f, ok := optionTypeFacts()[name]; ok {
		return func(*generator) []any { return f }
	}
	return nil
}

func nonBlankMember(name string) obj {
	return obj{{"required", []string{name}}, {"properties", obj{{name, obj{{"pattern", nonBlankPattern()}}}}}}
}

func nonEmptyMember(name string) obj {
	return obj{{"required", []string{name}}, {"properties", obj{{name, obj{{"minItems", 1}}}}}}
}

// publishMode is "exactly one of publishNow true or scheduledFor".
func publishMode() []any {
	return []any{obj{
		{"description", "Exactly one of publishNow true or scheduledFor (400 publish_mode_conflict)."},
		{"oneOf", []any{
			obj{{"required", []string{"publishNow"}}, {"properties", obj{{"publishNow", obj{{"const", true}}}}}, {"not", obj{{"required", []string{"scheduledFor"}}}}},
			obj{{"required", []string{"scheduledFor"}}, {"properties", obj{{"publishNow", obj{{"const", false}}}}}},
		}},
	}}
}

// twitterMediaSchema is the twitter media rule of one post: at most 4 images, or one video or
// gif, never mixed, no documents (see twitterMedia in rules/book_twitter.go).
func twitterMediaSchema() obj {
	is := func(types ...string) obj {
		return obj{{"required", []string{"type"}}, {"properties", obj{{"type", obj{{"enum", types}}}}}}
	}
	return obj{
		{"description", "twitter: at most 4 images, or one video or gif alone; no documents (400 invalid_media)."},
		{"allOf", []any{
			obj{{"not", obj{{"contains", is("document")}}}},
			obj{{"contains", is("image")}, {"minContains", 0}, {"maxContains", 4}},
			obj{{"contains", is("video", "gif")}, {"minContains", 0}, {"maxContains", 1}},
			obj{{"not", obj{{"allOf", []any{obj{{"contains", is("image")}}, obj{{"contains", is("video", "gif")}}}}}}},
		}},
	}
}

// createPostRules are the cross-field rules of a create-post body the schema can say: every
// target has something to post (no_content), a poll comes without media (invalid_poll),
// and twitter's media rule for the shared media when a target is twitter (invalid_media).
func createPostRules() []any {
	anyTwitter := obj{{"required", []string{"platforms"}}, {"properties", obj{{"platforms", obj{{"contains",
		obj{{"required", []string{"platform"}}, {"properties", obj{{"platform", obj{{"const", string(rules.Twitter)}}}}}}}}}}}}
	twitterPoll := obj{{"required", []string{"platforms"}}, {"properties", obj{{"platforms", obj{{"contains",
		obj{{"required", []string{"platform", "platformSpecificData"}}, {"properties", obj{
			{"platform", obj{{"const", string(rules.Twitter)}}},
			{"platformSpecificData", obj{{"required", []string{"poll"}}}},
		}}}}}}}}}
	return []any{
		obj{
			{"description", "Without media, a target's own content, when given, must not be blank (400 no_content)."},
			{"if", obj{{"not", nonEmptyMember("mediaItems")}}},
			{"then", obj{{"properties", obj{{"platforms", obj{{"items", obj{
				{"if", obj{{"required", []string{"content"}}}},
				{"then", obj{{"properties", obj{{"content", obj{{"pattern", nonBlankPattern()}}}}}}},
			}}}}}}}},
		},
		obj{
			{"description", "Without media and non-blank shared content, every target needs its own content (400 no_content)."},
			{"if", obj{{"not", obj{{"anyOf", []any{nonEmptyMember("mediaItems"), nonBlankMember("content")}}}}}},
			{"then", obj{{"properties", obj{{"platforms", obj{{"items", obj{{"required", []string{"content"}}}}}}}}}},
		},
		obj{
			{"description", "A twitter poll cannot be combined with media (400 invalid_poll)."},
			{xRules, []string{"twitter.media.exclusive"}},
			{"if", twitterPoll},
			{"then", obj{{"properties", obj{{"mediaItems", obj{{"maxItems", 0}}}}}}},
		},
		obj{
			{"description", "With a twitter target, the shared media follow twitter's media rule."},
			{xRules, []string{"twitter.media.max", "twitter.media.kinds"}},
			{"if", anyTwitter},
			{"then", obj{{"properties", obj{{"mediaItems", twitterMediaSchema()}}}}},
		},
	}
}

// targetUnion is the schema of PlatformTarget: a oneOf of one target schema per platform
// of platformOptions ("TwitterTarget", ...), each the struct's own schema (base) with
// "platform" fixed by a const, platformSpecificData typed by the platform's options and
// the text rules of the platform on content. Client generators turn a oneOf with a
// discriminator into a tagged union whose options are typed (openapi-typescript,
// oapi-codegen, openapi-generator); the OpenAPI document adds that discriminator (OpenAPI
// 3.1, Discriminator Object: https://spec.openapis.org/oas/v3.1.0#discriminator-object),
// which JSON Schema 2020-12 does not have. The consts make the branches exclusive, so the
// oneOf accepts what the earlier if/then per platform accepted.
func targetUnion(g *generator, base obj) obj {
	var branches []any
	mapping := obj{}
	for _, po := range platformOptions() {
		name := strings.TrimSuffix(po.options.Name(), "Options") + "Target"
		props, _ := base.get("properties").(obj)
		props = append(obj(nil), props...)
		content, _ := props.get("content").(obj)
		content = append(obj(nil), content...)
		for _, m := range append(textKeywords(po.platform), textRules(po.platform)...) {
			content = content.set(m.k, m.v)
		}
		props = props.
			set("platform", obj{{"type", "string"}, {"const", string(po.platform)}}).
			set("content", content).
			set("platformSpecificData", g.ref(po.options))
		required := []string{"platform"}
		target := obj{
			{"description", "A target on " + string(po.platform) + ": platformSpecificData is " + po.options.Name() + "."},
			{"type", "object"},
			{"properties", props},
			{"required", required},
			{"additionalProperties", false},
		}
		g.def(name, target)
		branches = append(branches, obj{{"$ref", g.prefix + name}})
		mapping = append(mapping, member{string(po.platform), g.prefix + name})
	}
	out := obj{{"description", typeDocs()["PlatformTarget"]}, {"oneOf", branches}}
	if g.openAPI() {
		out = append(out, member{"discriminator", obj{{"propertyName", "platform"}, {"mapping", mapping}}})
	}
	return out
}

// errorByStatus ties each code to its status's title and extras.
func errorByStatus(*generator) []any {
	var out []any
	for _, st := range errorStatuses() {
		then := obj{{"properties", obj{{"error", obj{{"const", st.title}}}}}}
		if st.status == 403 {
			then = then.set("required", []string{"limit", "used", "connected"})
		}
		out = append(out, obj{
			{"if", obj{{"required", []string{"code"}}, {"properties", obj{{"code", obj{{"enum", st.codes}}}}}}},
			{"then", then},
		})
	}
	return out
}

// statusCodes is one HTTP status of the error model with its title and codes.
type statusCodes struct {
	status int
	title  string
	codes  []string
}

// errorStatuses groups apierror.Codes by HTTP status, in status order.
func errorStatuses() []statusCodes {
	var out []statusCodes
	for _, c := range apierror.Codes() {
		e := apierror.New(c, "", "")
		if n := len(out); n == 0 || out[n-1].status != e.HTTPStatus {
			out = append(out, statusCodes{status: e.HTTPStatus, title: e.Title})
		}
		out[len(out)-1].codes = append(out[len(out)-1].codes, string(c))
	}
	return out
}

// targetBound is Env.MaxTargets at its default: more targets is 400 too_many_targets. A
// server that sets another bound serves another schema, as with the caps.
func targetBound() obj {
	return obj{
		{"description", "At most " + strconv.Itoa(schema.DefaultMaxTargets) + " targets (Env.MaxTargets, default " +
			strconv.Itoa(schema.DefaultMaxTargets) + "); more is 400 too_many_targets."},
		{"properties", obj{{"platforms", obj{{"maxItems", schema.DefaultMaxTargets}}}}},
	}
}
