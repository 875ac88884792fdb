// Package wirenames gives the book's platform names as the wire spells them, for the two
// packages that list them: schema (its "did you mean" for an unknown platform) and
// schema/jsonschema (the platform enum of the generated documents).
package wirenames

import "github.com/postrules/postrules/rules"

// Platforms returns the names of rules.Platforms, in the book's order, in a new slice.
func Platforms() []string {
	ps := rules.Platforms()
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = string(p)
	}
	return names
}
