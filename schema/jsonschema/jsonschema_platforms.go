package jsonschema

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/postrules/postrules/internal/ruleform"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/xweight"
	"github.com/postrules/postrules/schema/internal/optionspec"
)

// The platform facts of the generated documents: what the rule book (rules.TextRules) and the
// book's checks (rules/book_<platform>.go) say about each platform's options, media and text, as
// standard keywords where the schema then stays never stricter than CheckCreatePost, and
// as x-postrules-* keywords and descriptions where it cannot say it exactly. Like the rest
// of the generator, these are functions of constant data, reached only from Document.

// Extension keywords of the rule book.
const (
	xMaxLength = "x-postrules-maxLength" // length rules in the rule's own unit (bytes, utf16, graphemes)
	xMaxCount  = "x-postrules-maxCount"  // count rules of a text (hashtags, mentions, links, cashtags)
	xForbidden = "x-postrules-forbidden" // characters a text must not contain
	xRules     = "x-postrules-rules"     // ids of the rule book's rules a conditional states
)

// lengthUnit reports a unit of the book whose limit is a text length, countUnit one whose
// limit is a count in a text. (Functions, not package maps: a program that never calls
// Document links none of the generator's tables.)
func lengthUnit(u string) bool {
	return u == "graphemes" || u == "bytes" || u == "utf16" || u == "x-weighted"
}

func countUnit(u string) bool {
	return u == "hashtags" || u == "mentions" || u == "links" || u == "cashtags"
}

// optionRules ties fields of the option types ("Type.json") to the book's rules that
// measure them, as each rule declares (rules.Rule.Option); items says the rules apply to
// each element of an array of strings.
func optionRules() map[string]struct {
	ids   []string
	items bool
} {
	out := map[string]struct {
		ids   []string
		items bool
	}{}
	for _, r := range rules.TextRules() {
		member, each := r.Option()
		if member == "" {
			continue
		}
		key := optionKey(r.Platform, member)
		or := out[key]
		or.ids, or.items = append(or.ids, r.ID), each
		out[key] = or
	}
	return out
}

// optionKey is the "Type.json" name of the option member of platform p's
// platformSpecificData: "YouTubeOptions.title", and for a dotted member, the member inside
// one ("poll.options": "Poll.options").
func optionKey(p rules.Platform, member string) string {
	if i := strings.IndexByte(member, '.'); i >= 0 {
		return strings.ToUpper(member[:1]) + member[1:i] + "." + member[i+1:]
	}
	for _, po := range platformOptions() {
		if po.platform == p && po.options != nil {
			return po.options.Name() + "." + member
		}
	}
	return ""
}

// optionFacts are the keywords of option fields that no rule of the book declares and no
// declaration's `wire` tag states (formatKeywords): the keywords of the threads rules a
// field's schema states.
func optionFacts() map[string]obj {
	// ruled names the rule of the book a field's keywords state (x-postrules-rules).
	ruled := func(o obj, ids ...string) obj { return append(o, member{xRules, ids}) }
	return map[string]obj{
		// A blank option is refused by threads.poll.option.max (1 to 25 characters).
		"ThreadsOptions.pollOptions": ruled(obj{{"minItems", 2}, {"maxItems", limitOf("threads.poll.options")},
			{"items", obj{{"type", "string"}, {"pattern", nonBlankPattern()}}}}, "threads.poll.options", "threads.poll.option.max"),
		"ThreadsOptions.topicTag": ruled(obj{{"allOf", []any{obj{{"pattern", "^[^.&]*$"}}, obj{{"pattern", nonBlankPattern()}}}}}, "threads.topic_tag"),
	}
}

// formatKeywords are the keywords of the format an option's declaration states, field
// name of struct type t (its `wire` tag, package optionspec; schema's decoder refuses
// what they refuse), nil for a field without one. wire:"enum" names the book's enum
// rule, whose values applyOptionFacts states.
func formatKeywords(t reflect.Type, name string) obj {
	for i := range t.NumField() {
		f := t.Field(i)
		if json, _, _ := strings.Cut(f.Tag.Get("json"), ","); json != name || f.Tag.Get("wire") == "" {
			continue
		}
		m, err := optionspec.Field(t, i)
		if err != nil {
			return nil // the decoder refuses to start with such a declaration (schema's tests)
		}
		switch m.Check {
		case optionspec.URL:
			return mediaURLKeywords()
		case optionspec.Whole0:
			return obj{{"minimum", 0}, {"maximum", wholeClamp - 1}}
		case optionspec.Digits:
			return obj{{"pattern", "^[0-9]+$"}}
		case optionspec.Enum:
			if m.Enum != nil {
				return obj{{"enum", m.Enum}}
			}
		}
	}
	return nil
}

// applyOptionFacts adds the facts of field name of t to its schema s.
func (g *generator) applyOptionFacts(t reflect.Type, name string, s obj) obj {
	key := t.Name() + "." + name
	for _, m := range optionFacts()[key] {
		s = s.set(m.k, m.v)
	}
	for _, m := range formatKeywords(t, name) {
		s = s.set(m.k, m.v)
	}
	or := optionRules()[key]
	if len(or.ids) == 0 {
		return s
	}
	target := s
	if or.items {
		it, ok := s.get("items").(obj)
		if !ok {
			g.fail("%s: a rule on items of a field that is not an array", key)
			return s
		}
		target = append(obj(nil), it...)
	}
	var lengths []any
	for _, id := range or.ids {
		r, ok := rules.RuleByID(id)
		if !ok {
			g.fail("%s: no rule %q in the book", key, id)
			return s
		}
		kind, _ := target.get("type").(string)
		switch {
		case r.Values() != nil && kind == "string":
			// An enum rule: its values are exact in JSON Schema.
			target = target.set("enum", r.Values())
			if ruleform.SchemaOf(r.ID) != ruleform.None {
				target = target.set(xRules, []string{id})
			}
		case (r.Unit == "items" || r.Unit == "accounts") && kind == "array":
			// A count of entries is exact in JSON Schema.
			target = target.set("maxItems", r.Limit).set(xRules, []string{id})
		case lengthUnit(r.Unit) && kind == "string":
			lengths = append(lengths, ruleLimit(r))
			if r.Severity == rules.SeverityError && ruleform.SchemaOf(r.ID) == ruleform.Floor {
				// JSON Schema counts code points; a string of at most N UTF-16 code units
				// or N UTF-8 bytes has at most N code points, so maxLength N never refuses
				// what the rule accepts (it lets through some strings the rule refuses).
				target = target.set("maxLength", r.Limit)
			}
		case lengthUnit(r.Unit) && kind == "array":
			// youtube.tags.max: a length over all the tags, counted as YouTube does.
			lengths = append(lengths, ruleLimit(r))
		case r.Unit == "forbidden" && kind == "string":
			chars := forbiddenChars(id)
			target = target.set("pattern", "^[^"+regexpClassEscape(chars)+"]*$").set(xForbidden, []any{obj{{"rule", id}, {"characters", chars}}})
		default:
			g.fail("%s: no JSON Schema for rule %s (unit %q) on a %q", key, id, r.Unit, kind)
			return s
		}
	}
	if lengths != nil {
		target = target.set(xMaxLength, lengths)
	}
	if or.items {
		return s.set("items", target)
	}
	return target
}

// ruleLimit is one entry of x-postrules-maxLength or x-postrules-maxCount.
func ruleLimit(r rules.Rule) obj {
	return obj{{"rule", r.ID}, {"limit", r.Limit}, {"unit", r.Unit}, {"severity", string(r.Severity)}}
}

// forbiddenChars are the printable ASCII characters rule id refuses, found by asking
// the rule itself (the book keeps the set unexported).
func forbiddenChars(id string) string {
	var b strings.Builder
	var l rules.Limits
	for c := byte(0x20); c < 0x7f; c++ {
		m, err := l.MeasureRule(id, string(c))
		if m.On && err == nil && !m.Fits() {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// regexpClassEscape escapes the characters with a meaning inside a character class.
func regexpClassEscape(s string) string {
	var b strings.Builder
	for _, c := range s {
		if strings.ContainsRune(`\]^-[`, c) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// optionRuleIDs are the ids of the rules optionRules puts on option fields.
func optionRuleIDs() map[string]bool {
	ids := map[string]bool{}
	for _, or := range optionRules() {
		for _, id := range or.ids {
			ids[id] = true
		}
	}
	return ids
}

// textRules are the keywords of a post's text on platform p: every rule of the book of p
// measured on the text (its length in the rule's unit, its hashtags, mentions, links or
// cashtags, its forbidden characters), the rules of option fields left out. Lengths are
// extension keywords only: the caps are configurable per server (rules.Limits), and
// graphemes and X's weighted count are not code points.
func textRules(p rules.Platform) obj {
	onOptions, onText := optionRuleIDs(), textRuleIDs(p)
	var lengths, counts, forbidden []any
	for _, r := range rules.TextRules() {
		if r.Platform != p || onOptions[r.ID] || !onText[r.ID] {
			continue
		}
		switch {
		case lengthUnit(r.Unit):
			lengths = append(lengths, ruleLimit(r))
		case countUnit(r.Unit):
			counts = append(counts, ruleLimit(r))
		case r.Unit == "forbidden":
			forbidden = append(forbidden, obj{{"rule", r.ID}, {"characters", forbiddenChars(r.ID)}})
		}
	}
	s := obj{}
	if lengths != nil {
		s = s.set(xMaxLength, lengths)
	}
	if counts != nil {
		s = s.set(xMaxCount, counts)
	}
	if forbidden != nil {
		s = s.set(xForbidden, forbidden)
	}
	return s
}

// textRuleIDs are the ids of the rules that measure a post's text on p, as the book
// applies them (rules.Limits.MeasureAll, with X's counter lent), and the rules that
// measure a photo post's text instead (rules.Rule.Posts: tiktok.photo.text.max).
func textRuleIDs(p rules.Platform) map[string]bool {
	ms, _ := rules.DefaultLimits().WithCounter(xweight.Default()).MeasureAll(nil, []rules.Platform{p}, "")
	ids := make(map[string]bool, len(ms))
	for _, m := range ms {
		ids[m.Rule] = true
	}
	for _, r := range rules.TextRules() {
		if r.Platform == p && r.Posts() == "photo" {
			ids[r.ID] = true
		}
	}
	return ids
}

// textKeywords are the standard keywords of a post's text on platform p, as its rules'
// forms say (ruleform.SchemaOf): the smallest limit of its Floor error rules as a
// maxLength (a text of more code points is over that rule whatever its unit; of rules
// that measure some posts alone, a photo post's text or every other, the largest, which
// the text breaks whatever the post's media), and the
// characters of its Exact forbid rules as a pattern. The limits are the book's
// defaults, as with the option lengths and the target bound: a server configured with
// larger caps (rules.Limits) serves another schema.
func textKeywords(p rules.Platform) obj {
	onOptions, onText := optionRuleIDs(), textRuleIDs(p)
	s := obj{}
	var ids []string
	floor, some, chars := 0, 0, ""
	for _, r := range rules.TextRules() {
		if r.Platform != p || onOptions[r.ID] || !onText[r.ID] || r.Severity != rules.SeverityError {
			continue
		}
		switch {
		case lengthUnit(r.Unit) && ruleform.SchemaOf(r.ID) == ruleform.Floor && r.Posts() != "":
			some = max(some, r.Limit)
			ids = append(ids, r.ID)
		case lengthUnit(r.Unit) && ruleform.SchemaOf(r.ID) == ruleform.Floor:
			if floor == 0 || r.Limit < floor {
				floor = r.Limit
			}
			ids = append(ids, r.ID)
		case r.Unit == "forbidden" && ruleform.SchemaOf(r.ID) == ruleform.Exact:
			chars += forbiddenChars(r.ID)
			ids = append(ids, r.ID)
		}
	}
	if some > 0 && (floor == 0 || some < floor) {
		floor = some
	}
	if floor > 0 {
		s = s.set("maxLength", floor)
	}
	if chars != "" {
		s = s.set("pattern", "^[^"+regexpClassEscape(chars)+"]*$")
	}
	if len(ids) > 0 {
		s = s.set(xRules, ids)
	}
	return s
}

// sharedTextRules are the conditionals of a create-post body that apply each platform's
// textKeywords to the shared content, which every target of that platform without its
// own content posts.
func sharedTextRules() []any {
	var out []any
	for _, p := range rules.Platforms() {
		kw := textKeywords(p)
		if len(kw) == 0 {
			continue
		}
		out = append(out, obj{
			{"description", "With a " + string(p) + " target that has no content of its own, the shared content follows " + string(p) + "'s text rules."},
			{xRules, kw.get(xRules)},
			{"if", obj{{"required", []string{"platforms"}}, {"properties", obj{{"platforms", obj{{"contains", obj{
				{"required", []string{"platform"}},
				{"properties", obj{{"platform", obj{{"const", string(p)}}}}},
				{"not", obj{{"required", []string{"content"}}}},
			}}}}}}}},
			{"then", obj{{"properties", obj{{"content", without(kw, xRules)}}}}},
		})
	}
	return out
}

// without is o less the member k.
func without(o obj, k string) obj {
	out := obj{}
	for _, m := range o {
		if m.k != k {
			out = append(out, m)
		}
	}
	return out
}

// optionTypeFacts are the rules of one platform's options object that relate its
// fields (for the type's allOf), keyed by the type's name.
func optionTypeFacts() map[string][]any {
	nonBlank := obj{{"pattern", nonBlankPattern()}}
	const event = "googlebusiness.event"
	datePattern, _, _ := strings.Cut(scheduledForPattern, ")T(?:")
	clock := obj{{"pattern", `^(?:[01][0-9]|2[0-3]):[0-5][0-9]$`}}
	date := obj{{"pattern", datePattern + ")$"}}
	return map[string][]any{
		"PinterestOptions": {obj{
			{"description", "A pin without a non-blank boardId is a warning (pinterest.board.required: only the peer API requires one), " +
				"so no keyword requires it."},
			{xRules, []string{"pinterest.board.required"}},
		}, obj{
			{"description", "boardId is a Pinterest board id: ASCII digits only (pinterest.board.id)."},
			{xRules, []string{"pinterest.board.id"}},
			{"properties", obj{{"boardId", obj{{"pattern", "^[0-9]+$"}}}}},
		}},
		"GoogleBusinessOptions": {
			obj{
				{"description", "A call to action other than CALL needs callToActionUrl (googlebusiness.cta)."},
				{xRules, []string{"googlebusiness.cta"}},
				{"if", obj{{"required", []string{"callToActionType"}}, {"properties", obj{{"callToActionType", obj{{"not", obj{{"const", "CALL"}}}}}}}}},
				{"then", obj{{"required", []string{"callToActionUrl"}}}},
			},
			obj{
				{"description", "callToActionUrl needs callToActionType (googlebusiness.cta)."},
				{xRules, []string{"googlebusiness.cta"}},
				{"if", obj{{"required", []string{"callToActionUrl"}}}},
				{"then", obj{{"required", []string{"callToActionType"}}}},
			},
			obj{
				{"description", "topicType EVENT needs a non-blank eventTitle, eventStartDate and eventEndDate (YYYY-MM-DD, real dates), " +
					"eventStartTime and eventEndTime (HH:MM) (" + event + "). That the event ends after it starts is checked by postrules only."},
				{xRules, []string{event}},
				{"if", obj{{"required", []string{"topicType"}}, {"properties", obj{{"topicType", obj{{"const", "EVENT"}}}}}}},
				{"then", obj{
					{"required", []string{"eventTitle", "eventStartDate", "eventStartTime", "eventEndDate", "eventEndTime"}},
					{"properties", obj{{"eventTitle", nonBlank}, {"eventStartDate", date}, {"eventStartTime", clock}, {"eventEndDate", date}, {"eventEndTime", clock}}},
				}},
			},
			obj{
				{"description", "topicType OFFER needs a non-blank eventTitle, eventStartDate and eventEndDate (YYYY-MM-DD, real dates); " +
					"eventStartTime and eventEndTime are optional (HH:MM) (" + event + ")."},
				{xRules, []string{event}},
				{"if", obj{{"required", []string{"topicType"}}, {"properties", obj{{"topicType", obj{{"const", "OFFER"}}}}}}},
				{"then", obj{
					{"required", []string{"eventTitle", "eventStartDate", "eventEndDate"}},
					{"properties", obj{{"eventTitle", nonBlank}, {"eventStartDate", date}, {"eventStartTime", clock}, {"eventEndDate", date}, {"eventEndTime", clock}}},
				}},
			},
		},
	}
}

// optionTypeDocs describe the option types.
func optionTypeDocs() map[string]string {
	return map[string]string{
		"YouTubeOptions": "platformSpecificData for youtube; the target's text is the video description. The tags' total length " +
			"(youtube.tags.max: each tag, 2 quotes around a tag with a space, a comma between tags, in UTF-16 code units) is checked by postrules.",
		"TikTokOptions": "platformSpecificData for tiktok; the target's text is a video's caption (2,200 UTF-16 code units) and a photo post's " +
			"description (4,000, tiktok.photo.text.max); title is a photo post's title (90, tiktok.photo.title.max) and description, when given, " +
			"replaces the text as the description. " +
			"privacyLevel must also be one the creator's account allows (tiktok.privacy.allowed, checked by postrules against the " +
			"creator_info privacy_level_options the server gives per account).",
		"PinterestOptions": "platformSpecificData for pinterest; the target's text is the pin description. A pin without a board draws the " +
			"warning pinterest.board.required. " +
			"A video pin without coverImageUrl or a thumbnail on the video draws the warning pinterest.video.",
		"LinkedInOptions": "platformSpecificData for linkedin. A document without documentTitle draws the warning linkedin.document.title; " +
			"documentTitle over 200, articleTitle and articleDescription over 400 characters the warnings linkedin.document.title_max, " +
			"linkedin.article.title_max and linkedin.article.description_max (the peer API's caps; LinkedIn states none).",
		"BlueskyOptions": "platformSpecificData for bluesky. altText has one entry per media item, in order, and no more entries than " +
			"media (see the create-post allOf); an image without alt text draws the warning bluesky.alt.missing, " +
			"more than 4 images (a gallery) the warning bluesky.media.gallery.",
		"FacebookOptions": "platformSpecificData for facebook. More than 10 photos, a video with other media, or a document draw the " +
			"warning facebook.media.kinds (peers' figures; no Meta document states one).",
		"InstagramOptions": "platformSpecificData for instagram. An altText entry for a video item draws the warning instagram.alt.video " +
			"(Instagram takes alt text on images only).",
		"ThreadsOptions": "platformSpecificData for threads. altText has one entry per media item, in order, and no more entries than " +
			"media (see the create-post allOf); an image without alt text draws the warning threads.alt.missing. " +
			"replyControl takes the values of threads.reply_control.",
		"GoogleBusinessOptions": "platformSpecificData for googlebusiness: topicType per googlebusiness.topic (no ALERT), call to action and " +
			"event rules in allOf; that an event or offer ends after it starts (googlebusiness.event) is checked by postrules. " +
			"GET_OFFER draws the warning googlebusiness.cta.deprecated, a call to action on an OFFER the warning googlebusiness.offer.cta; " +
			"more than one image, or a video, GIF or document, the warning googlebusiness.media (peers' figures).",
	}
}

// anyTarget is "some target of platforms is on platform p".
func anyTarget(p rules.Platform) obj {
	return obj{{"required", []string{"platforms"}}, {"properties", obj{{"platforms", obj{{"contains",
		obj{{"required", []string{"platform"}}, {"properties", obj{{"platform", obj{{"const", string(p)}}}}}}}}}}}}
}

// mediaOfType is "a media item whose type is one of types".
func mediaOfType(types ...string) obj {
	return obj{{"required", []string{"type"}}, {"properties", obj{{"type", obj{{"enum", types}}}}}}
}

// atMostOf is "at most n media items of these types".
func atMostOf(n int, types ...string) obj {
	return obj{{"contains", mediaOfType(types...)}, {"minContains", 0}, {"maxContains", n}}
}

// noneOf is "no media item of these types".
func noneOf(types ...string) obj { return obj{{"not", obj{{"contains", mediaOfType(types...)}}}} }

// aloneIf is "with an item of these types, the only item".
func aloneIf(types ...string) obj {
	return obj{{"if", obj{{"contains", mediaOfType(types...)}}}, {"then", obj{{"maxItems", 1}}}}
}

func limitOf(id string) int {
	r, _ := rules.RuleByID(id)
	return r.Limit
}

// platformMedia is the media rule of each platform besides twitter (twitter's is
// twitterMediaSchema) as the schema of the shared mediaItems, the rule ids it states,
// and whether the platform needs media: the shape its media rules declare
// (ruleform.MediaOf), which their checks agree with (rules' TestMediaShapesAgreeWithChecks).
func platformMedia() []struct {
	p      rules.Platform
	ids    []string
	need   bool
	schema []any
} {
	type pm = struct {
		p      rules.Platform
		ids    []string
		need   bool
		schema []any
	}
	var out []pm
	book := rules.TextRules()
	for _, p := range rules.Platforms() {
		var ids []string
		var shape ruleform.MediaShape
		for _, r := range book {
			if s, ok := ruleform.MediaOf(r.ID); ok && r.Platform == p {
				ids, shape = append(ids, r.ID), s
			}
		}
		if ids == nil {
			continue
		}
		var schema []any
		if shape.Only != nil {
			schema = append(schema, obj{{"items", mediaOfType(shape.Only...)}})
		}
		if shape.Refused != nil {
			schema = append(schema, noneOf(shape.Refused...))
		}
		for _, g := range shape.Alone {
			schema = append(schema, aloneIf(g...))
		}
		switch {
		case shape.Max > 0 && shape.MaxOf == nil:
			schema = append(schema, obj{{"maxItems", shape.Max}})
		case shape.Max > 0:
			schema = append(schema, atMostOf(shape.Max, shape.MaxOf...))
		}
		out = append(out, pm{p, ids, shape.Required, schema})
	}
	return out
}

// platformPostRules are the create-post rules that relate a platform's targets to the
// shared media: each platform's media rule, documentTitle for a linkedin document, and
// no more alt texts than media on bluesky and threads.
func platformPostRules() []any {
	var out []any
	for _, pm := range platformMedia() {
		media := pm.schema
		what := "With a target on " + string(pm.p) + ", the shared media follow its media rule"
		if pm.need {
			media = append([]any{obj{{"minItems", 1}}}, media...)
			what += " and there is media"
		}
		then := obj{{"properties", obj{{"mediaItems", obj{{"allOf", media}}}}}}
		if pm.need {
			then = append(obj{{"required", []string{"mediaItems"}}}, then...)
		}
		out = append(out, obj{
			{"description", what + " (400 invalid_media)."},
			{xRules, pm.ids},
			{"if", anyTarget(pm.p)},
			{"then", then},
		})
	}
	// Every target of platform p (its options, when given, satisfy opts).
	targetsOf := func(p []string, need []string, opts obj) obj {
		return obj{{"properties", obj{{"platforms", obj{{"items", obj{
			{"if", obj{{"required", []string{"platform"}}, {"properties", obj{{"platform", obj{{"enum", p}}}}}}},
			{"then", obj{{"required", need}, {"properties", obj{{"platformSpecificData", opts}}}}},
		}}}}}}}
	}
	// A threads poll or text attachment goes on a text-only post, and not both together.
	given := func(member string) obj {
		return obj{{"required", []string{member}}, {"properties", obj{{member, obj{{"not", obj{{"type", "null"}}}}}}}}
	}
	threads := []string{string(rules.Threads)}
	out = append(out, obj{
		{"description", "With media, a threads target takes no pollOptions (400 invalid_poll) and no textAttachment (400 invalid_value)."},
		{xRules, []string{"threads.poll.text_only", "threads.text_attachment.text_only"}},
		{"if", obj{{"required", []string{"mediaItems"}}, {"properties", obj{{"mediaItems", obj{{"minItems", 1}}}}}}},
		{"then", targetsOf(threads, []string{"platform"}, obj{{"allOf", []any{obj{{"not", given("pollOptions")}}, obj{{"not", given("textAttachment")}}}}})},
	}, obj{
		{"description", "A threads target takes a poll or a text attachment, not both (400 invalid_value)."},
		{xRules, []string{"threads.text_attachment.text_only"}},
		{"if", anyTarget(rules.Threads)},
		{"then", targetsOf(threads, []string{"platform"}, obj{{"not", obj{{"allOf", []any{given("pollOptions"), given("textAttachment")}}}}})},
	})
	// No more alt texts than media: one conditional per media count up to the largest
	// number of media either platform takes (more media are refused by its media rule).
	most := max(limitOf("threads.carousel"), limitOf("bluesky.media.max_images"), limitOf("instagram.carousel"))
	alt := []string{string(rules.Bluesky), string(rules.Threads), string(rules.Instagram)}
	for k := 0; k <= most; k++ {
		fewer := obj{{"not", obj{{"required", []string{"mediaItems"}}, {"properties", obj{{"mediaItems", obj{{"minItems", k + 1}}}}}}}}
		out = append(out, obj{
			{"description", "With " + strconv.Itoa(k) + " media items or fewer, bluesky, threads and instagram take at most " + strconv.Itoa(k) + " alt texts (400 invalid_value)."},
			{xRules, []string{"bluesky.alt.count", "threads.alt.count", "instagram.alt.count"}},
			{"if", fewer},
			{"then", targetsOf(alt, []string{"platform"}, obj{{"properties", obj{{"altText", obj{{"maxItems", k}}}}}})},
		})
	}
	return out
}
