package rules

import "github.com/postrules/postrules/internal/ruleform"

// schemaForm is how a JSON Schema can state a rule (ruleform.Schema); a rule declares one
// (Rule.schema) where its unit and kind say too little.
type schemaForm = ruleform.Schema

// The forms a book file declares.
const (
	schemaPartial = ruleform.Partial
	schemaNone    = ruleform.None
)

// form is the rule's form: its declared one, else the one its unit and kind say.
func (r *Rule) form() schemaForm {
	switch {
	case r.schema != "":
		return r.schema
	case r.kind == kindHashtags, r.kind == kindMentions, r.kind == kindLinks, r.kind == kindCashtags:
		return ruleform.None
	case r.Unit == graphemesName, r.Unit == xWeightedName:
		return ruleform.None
	case r.Unit == utf16Name, r.Unit == bytesName:
		return ruleform.Floor
	}
	return ruleform.Exact
}
