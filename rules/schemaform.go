package rules

// SchemaForm says whether and how a JSON Schema (package schema's generated documents)
// can state a rule with standard keywords. Each rule of the book has one (Rule.Schema),
// so the documents follow the book: a rule the schema can state and does not is a test
// failure in package schema, and the strictness table of docs/schema.md counts a
// rule's problems by its form.
type SchemaForm string

// The forms.
const (
	// SchemaExact: standard keywords state the rule exactly (counts of items, media
	// kinds, enums, required fields, forbidden characters as a pattern).
	SchemaExact SchemaForm = "exact"
	// SchemaFloor: a length in UTF-16 code units or UTF-8 bytes. JSON Schema's
	// maxLength counts code points, and a text of more than Limit code points is over
	// Limit in either unit, so maxLength Limit refuses part of what the rule refuses and
	// nothing it accepts; a text over the rule with at most Limit code points (emoji,
	// accented letters in bytes) passes it.
	SchemaFloor SchemaForm = "floor"
	// SchemaPartial: some of the rule's problems are stated exactly, others not at all
	// (googlebusiness.event: the fields and their formats, but not that the event ends
	// after it starts).
	SchemaPartial SchemaForm = "partial"
	// SchemaNone: no standard keyword states it: grapheme clusters and X's weighted
	// length (a grapheme may be many code points), counts of hashtags, mentions, links
	// or cashtags in a text, a length summed over an array's strings, a length that
	// applies to a text only with some media (a TikTok photo post's title).
	SchemaNone SchemaForm = "none"
)

// Schema is the rule's SchemaForm: its declared one, else the one its unit and kind say.
func (r Rule) Schema() SchemaForm {
	switch {
	case r.schema != "":
		return r.schema
	case r.kind == kindHashtags, r.kind == kindMentions, r.kind == kindLinks, r.kind == kindCashtags:
		return SchemaNone
	case r.Unit == graphemesName, r.Unit == xWeightedName:
		return SchemaNone
	case r.Unit == utf16Name, r.Unit == bytesName:
		return SchemaFloor
	}
	return SchemaExact
}
