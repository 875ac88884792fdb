// Package ruleform holds what the rule book declares of a rule beyond the exported fields
// of rules.Rule: the shape of a post's media items its platform's media rules allow, and
// whether and how a JSON Schema can state the rule. Only the packages that restate the
// book in another form read it (schema/jsonschema writes the JSON Schema from it,
// schema/generate builds refused bodies from it); for a user of package rules these are
// no API, so they live here, below the module's top level, where Go lets every package
// of the module import them and no other module.
//
// Package rules declares each rule's form once, in its book files, and hands its look-up
// to Declare from its init; a package that imports rules (as every reader must, to hold
// a rule id) therefore always finds the book's forms, and they never change after.
package ruleform

import "slices"

// Schema says whether and how a JSON Schema (package schema's generated documents) can
// state a rule with standard keywords. Each rule of the book has one, so the documents
// follow the book: a rule the schema can state and does not is a test failure in package
// schema/jsonschema, and the strictness table of docs/schema.md counts a rule's problems
// by its form.
type Schema string

// The forms.
const (
	// Exact: standard keywords state the rule exactly (counts of items, media kinds,
	// enums, required fields, forbidden characters as a pattern).
	Exact Schema = "exact"
	// Floor: a length in UTF-16 code units or UTF-8 bytes. JSON Schema's maxLength
	// counts code points, and a text of more than Limit code points is over Limit in
	// either unit, so maxLength Limit refuses part of what the rule refuses and nothing
	// it accepts; a text over the rule with at most Limit code points (emoji, accented
	// letters in bytes) passes it.
	Floor Schema = "floor"
	// Partial: some of the rule's problems are stated exactly, others not at all
	// (googlebusiness.event: the fields and their formats, but not that the event ends
	// after it starts).
	Partial Schema = "partial"
	// None: no standard keyword states it: grapheme clusters and X's weighted length (a
	// grapheme may be many code points), counts of hashtags, mentions, links or cashtags
	// in a text, a length summed over an array's strings, a length that applies to a
	// text only with some media (a TikTok photo post's title).
	None Schema = "none"
)

// MediaShape is what a platform's media rules allow of the media items one post
// carries, as data: package schema/jsonschema states it in JSON Schema, and the rules'
// checks agree with it (rules' TestMediaShapesAgreeWithChecks). Item types are image,
// video, gif and document.
type MediaShape struct {
	// Required: at least one item.
	Required bool
	// Only are the item types allowed; nil: every type not Refused.
	Only []string
	// Refused are the item types never allowed.
	Refused []string
	// Alone are groups of types: an item of a group's type must be the only item.
	Alone [][]string
	// Max is how many items of the types MaxOf (nil: of any type) a post may carry, the
	// book's limit of the rule that bounds them; 0: no bound.
	Max   int
	MaxOf []string
}

// clone is a deep copy of s, so that no reader shares the declared slices.
func (s MediaShape) clone() MediaShape {
	c := MediaShape{Required: s.Required, Only: slices.Clone(s.Only), Refused: slices.Clone(s.Refused), Max: s.Max, MaxOf: slices.Clone(s.MaxOf)}
	for _, g := range s.Alone {
		c.Alone = append(c.Alone, slices.Clone(g))
	}
	return c
}

// Decl is what the book declares of one rule beyond rules.Rule's exported fields.
type Decl struct {
	// Schema is the rule's form: its declared one, else the one its unit and kind say.
	Schema Schema
	// Media is the shape the rule states with the other media rules of its platform;
	// nil for a rule not about media items.
	Media *MediaShape
}

// declared looks a rule's Decl up by its id, as package rules handed it to Declare; nil
// until then.
var declared func(id string) (Decl, bool)

// Declare records of, which looks a rule's Decl up by its id, as the book's. Package
// rules calls it once, from its init; a later call changes nothing, so what a reader sees
// never changes.
func Declare(of func(id string) (Decl, bool)) {
	if declared == nil {
		declared = of
	}
}

// lookup is the Decl of the rule with id id; false before Declare or for an id the book
// does not hold.
func lookup(id string) (Decl, bool) {
	if declared == nil {
		return Decl{}, false
	}
	return declared(id)
}

// SchemaOf is the form of the rule with id id; "" for an id the book does not hold.
func SchemaOf(id string) Schema {
	d, _ := lookup(id)
	return d.Schema
}

// MediaOf is the shape of a post's media items that the rule with id id states with the
// other media rules of its platform, as a new copy; false for a rule not about media
// items (twitter's, which apply per post of a thread with its poll, are stated by their
// ids) or an id the book does not hold.
func MediaOf(id string) (MediaShape, bool) {
	d, _ := lookup(id)
	if d.Media == nil {
		return MediaShape{}, false
	}
	return d.Media.clone(), true
}
