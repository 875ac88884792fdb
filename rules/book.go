package rules

import (
	"slices"

	"github.com/postrules/postrules/internal/ruleform"
)

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
	// Source is the URL of the source the rule follows: its first Sources entry's.
	Source string `json:"source"`
	// Read is the date (YYYY-MM-DD) the source was read for this book: its first Sources
	// entry's.
	Read string `json:"read"`
	// Sources are every source of the rule's figure, as data (see [Source]); the first is
	// the one Source and Read name.
	Sources []Source `json:"sources,omitempty"`
	// Note says where sources disagree and which reading the rule follows; "" when they
	// agree.
	Note string `json:"note,omitempty"`

	// kind says how [Limits] applies the rule to a target's text; a kindOther rule is
	// applied by its check.
	kind ruleKind
	// option is the member of platformSpecificData whose value the rule measures
	// ("title", "altText"; "poll.options" for a member inside one), "" for none; each
	// says it measures every entry of that array. The JSON Schema states the rule there.
	option string
	each   bool
	// check is how a kindOther rule is applied to a post's media and options
	// ([Limits.CheckPost]); nil for a text rule.
	check ruleCheck
	// forbid is the set of ASCII characters a kindForbid rule refuses.
	forbid string
	// remedy is the kind of mechanical remedy of the rule's problems (Rule.Remedy), which
	// package schema/fix computes; RemedyNone for none.
	remedy Remedy
	// media is the shape of the post's media items that this rule states with the other
	// media rules of its platform (shared by them); nil for a rule not about media items.
	media *mediaShape
	// values are the values an enum rule allows its option member (a package-level
	// slice shared by the rule's copies); nil for other rules.
	values *[]string
	// posts says which posts a text rule (kind != kindOther) measures: every post, only
	// a photo post's text, or every text but a photo post's (TikTok: a photo post's text
	// is its description, 4,000 UTF-16 code units, a video's its caption, 2,200).
	posts postKind
	// schema overrides what Rule.form derives from the unit and kind, for a rule
	// whose unit says too little (a length over all of an array's strings, a rule with a
	// part no schema states); "" derives it.
	schema schemaForm
}

type ruleKind uint8

// postKind is which posts a text rule measures (Rule.posts).
type postKind uint8

const (
	postsEvery    postKind = iota // every post's text
	postsPhoto                    // only the text of a photo post (images, no video)
	postsNotPhoto                 // every text but a photo post's; text measured without its media too
)

// Posts says which posts' text a text rule measures: "" every post; "photo" only a photo
// post's (its media are images and no video), which a text measured without its media
// (Limits.Measure, MeasureAll) never is; "not-photo" every text but a photo post's.
func (r Rule) Posts() string {
	switch r.posts {
	case postsPhoto:
		return "photo"
	case postsNotPhoto:
		return "not-photo"
	}
	return ""
}

// ruleCheck is a rule's check of each target of the rule's platform. A rule whose one
// problem speaks for several targets also checks the whole post: its check is a
// postCheck too.
//
// Each check is a method of a type of its own (an empty struct, or a pointer where it
// holds data), not a func value in the rule's literal:
// the linker keeps such a method only where code that can run calls it through this
// interface, so a program that measures texts and never checks a post (the WebAssembly
// counter module) links none of the checks, about 28 KB brotli of that module.
type ruleCheck interface {
	target(c *check)
}

// postCheck is the check of the whole post that some rules add (ruleCheck).
type postCheck interface {
	post(c *check)
}

// Option is the member of platformSpecificData whose value r measures or, for an enum
// rule, whose values it lists (Rule.Values), "" when it has none ("title", "altText"; a
// dotted path for a member inside one: "poll.options"); each is true when r applies to
// every entry of that array.
func (r Rule) Option() (member string, each bool) { return r.option, r.each }

// Values are the values an enum rule allows its option member (Rule.Option), in the
// platform's documented order, as a new slice; nil for a rule that is no enum.
func (r Rule) Values() []string {
	if r.values == nil {
		return nil
	}
	return slices.Clone(*r.values)
}

// mediaShape is a ruleform.MediaShape as a book file declares it: its bound by the rule
// that holds it, so the number is written once.
type mediaShape struct {
	required bool
	only     []string
	refused  []string
	alone    [][]string
	maxRule  string
	maxOf    []string
}

// declOf is what the book declares of the rule with id id beyond Rule's exported fields,
// for the packages that restate the book (package internal/ruleform): its schema form and
// its platform's media shape, the shape's slices shared with the declaration (ruleform
// copies them for its readers).
func declOf(id string) (ruleform.Decl, bool) {
	i, ok := bookIndex[id]
	if !ok {
		return ruleform.Decl{}, false
	}
	r := &book[i]
	d := ruleform.Decl{Schema: r.form()}
	if m := r.media; m != nil {
		d.Media = &ruleform.MediaShape{Required: m.required, Only: m.only, Refused: m.refused, Alone: m.alone, MaxOf: m.maxOf}
		if j, ok := bookIndex[m.maxRule]; ok {
			d.Media.Max = book[j].Limit
		}
	}
	return d, true
}

const (
	kindOther      ruleKind = iota // applied by its check (media, options)
	kindLength                     // the text's length in Unit (a counter) is at most Limit
	kindForbid                     // the text holds none of forbid
	kindLinks                      // the text holds at most Limit unique links
	kindHashtags                   // the text holds at most Limit hashtags
	kindMentions                   // the text holds at most Limit @mentions
	kindCashtags                   // the text holds at most Limit $cashtags
	kindLittleText                 // the text holds no unescaped character of LinkedIn's little text
)

// readAudit2 is the date the book's sources were read for issue 30: by the second audit
// of the book against the platforms' own pages (rules-audit-2) and again for its
// corrections; each Source names the date its own words were read.
const readAudit2 = "2026-11-28"

// Sources of the API's own contract: what this API refuses because its own design says
// so (rule 7 of docs/design.md: where the seed speaks, it wins), not because a platform
// does. A rule whose only refusing source is one of these is the API's contract.
const (
	// srcDesign is the API's design (the seed): twitter counted in graphemes, rule T1.
	srcDesign = "https://github.com/postrules/postrules/blob/main/docs/design.md"
	// srcAPIShape is the API's request shape as its OpenAPI document states it: one
	// altText entry per media item, in order.
	srcAPIShape = "https://github.com/postrules/postrules/blob/main/schema/jsonschema/testdata/jsonschema/openapi.json"
)

// Source URLs shared by several platforms (each platform file has its own).
const (
	srcPeer = "https://api.postpeer.dev (PostPeer API OpenAPI document, <Platform>Configurations)"
)

// book is the rule book, in platform order and, within a platform, text rules first:
// the platforms' declarations (book_<platform>.go) one after the other. Text rules
// (kind != kindOther) are applied to a target's text by [Limits]; a platform's first
// kindLength rule is its primary limit ([Limits.For]). The others are applied by their
// checks ([Limits.CheckPost]). book, bookIndex, textRules and checkRules are built once,
// in init (a check refers to the book, so the book cannot be a variable's initializer),
// and read-only after.
var book []Rule

// bookIndex maps a rule id to its position in book.
var bookIndex map[string]int

// textRules lists, per platform (Platform.index()), the positions in book of the rules
// applied to a target's text, primary length rule first.
var textRules [numPlatforms][]int

// ruleCounter is, by position in book, the counter of this package that counts the rule's
// unit (bookCounter), nil for a unit no counter of this package counts.
var ruleCounter []Counter

// photoTextRules lists, per platform, the positions in book of the rules applied to the
// text of a photo post: textRules less the postsNotPhoto ones, with the postsPhoto ones,
// in the book's order.
var photoTextRules [numPlatforms][]int

// hasPhotoText is, by Platform.index()+1 (0: a string that is no platform), whether the
// platform measures a photo post's text with other rules than its textRules.
var hasPhotoText [numPlatforms + 1]bool

// checkRules lists, per platform, the positions in book of the rules with a check of a
// target, in the book's order.
var checkRules [numPlatforms][]int

func init() {
	for _, rs := range [][]Rule{twitterRules, instagramRules, youtubeRules, tiktokRules, pinterestRules,
		linkedinRules, blueskyRules, facebookRules, threadsRules, googleBusinessRules} {
		book = append(book, rs...)
	}
	bookIndex = make(map[string]int, len(book))
	ruleCounter = make([]Counter, len(book))
	for i, r := range book {
		if len(r.Sources) > 0 { // Source and Read name the first source
			book[i].Source, book[i].Read = r.Sources[0].URL, r.Sources[0].Read
		}
		bookIndex[r.ID] = i
		ruleCounter[i], _ = bookCounter(r.Unit)
		p := r.Platform.index()
		if r.kind != kindOther && r.posts != postsPhoto {
			textRules[p] = append(textRules[p], i)
		}
		if r.kind != kindOther && r.posts != postsNotPhoto {
			photoTextRules[p] = append(photoTextRules[p], i)
		}
		if r.kind != kindOther && r.posts != postsEvery {
			hasPhotoText[p+1] = true
		}
		if r.check != nil {
			checkRules[p] = append(checkRules[p], i)
		}
	}
	ruleform.Declare(declOf)
}

// TextRules returns the book's text and option rules, in platform order: every such rule
// of every platform with its id, severity, limit, unit, sources and the date they were
// read. The media rules are media.Rules(); the whole book, both, is media.Book(). The
// slice is new on each call; changing it changes nothing here.
func TextRules() []Rule {
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
