package jsonschema

import "sort"

// Strict-mode cleaning of the generated schemas. Validators and linters with a strict mode
// refuse two shapes JSON Schema itself allows, and the generator writes both in its
// conditionals (if/then, not, oneOf): ajv's strict mode (https://ajv.js.org/strict-mode.html)
// refuses a "required" whose names no "properties" of the same schema defines
// (strictRequired) and a type-specific keyword at an instance location whose type no
// "type" states (strictTypes: "minItems" without "type": "array"); redocly's recommended
// rule no-required-schema-properties-undefined refuses the first too. strictSchema rewrites
// a schema so that neither is left, without changing what any body of the API is judged:
//
//   - each name of a "required" gets an empty schema under "properties" when it has none
//     ({} accepts everything, so the schema accepts the same instances);
//   - at each instance location (a property, the items, what contains looks at) whose
//     schema uses keywords of one type (minItems, pattern, required, ...) here or in its
//     in-place subschemas (allOf, not, if, ...) without a "type", that type is added.
//     Only the conditionals leave it out, and they restate fields whose own definition
//     already requires that very type: an instance of another type is refused by that
//     definition whatever the conditional says, so the verdict on a whole body is the
//     same (TestSchemaClaims checks it over the corpus with two validators).
//
// A location whose keywords need two types cannot be cleaned: the generator fails.

// keywordTypes is the instance type each type-specific keyword applies to (ajv's RULES
// groups; JSON Schema 2020-12 validation and applicator vocabularies).
func keywordTypes() map[string]string {
	m := map[string]string{}
	for t, ks := range map[string][]string{
		"number": {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"},
		"string": {"minLength", "maxLength", "pattern", "format"},
		"array":  {"minItems", "maxItems", "uniqueItems", "items", "prefixItems", "contains", "minContains", "maxContains", "unevaluatedItems"},
		"object": {"required", "properties", "patternProperties", "additionalProperties", "propertyNames", "minProperties",
			"maxProperties", "dependentRequired", "dependentSchemas", "unevaluatedProperties"},
	} {
		for _, k := range ks {
			m[k] = t
		}
	}
	return m
}

// inPlace are the keywords whose subschemas apply to the same instance; newLocation those
// whose subschemas apply to a member or an item.
var (
	inPlaceList  = map[string]bool{"allOf": true, "anyOf": true, "oneOf": true, "not": true, "if": true, "then": true, "else": true}
	newLocSingle = map[string]bool{"items": true, "contains": true, "additionalProperties": true, "propertyNames": true}
	newLocMap    = map[string]bool{"properties": true, "patternProperties": true, "$defs": true}
)

// strictSchema returns a cleaned copy of schema s (an obj; other values are returned as
// they are), s being the schema of an instance location. It reports a location it cannot
// clean through g.
func (g *generator) strictSchema(s any) any {
	o, ok := s.(obj)
	if !ok {
		return s
	}
	o = g.strictNode(o)
	if o.get("type") != nil || o.get("$ref") != nil {
		return o
	}
	need := map[string]bool{}
	collectTypes(o, need)
	switch len(need) {
	case 0:
		return o
	case 1:
		for t := range need {
			return withType(o, t)
		}
	}
	names := make([]string, 0, len(need))
	for t := range need {
		names = append(names, t)
	}
	sort.Strings(names)
	g.fail("a schema location needs types %v at once, which strict validators refuse: %s", names, marshalOrdered(o))
	return o
}

// withType is o with "type" t after its description (if any), where a reader looks first.
func withType(o obj, t string) obj {
	out := make(obj, 0, len(o)+1)
	i := 0
	if len(o) > 0 && o[0].k == "description" {
		out, i = append(out, o[0]), 1
	}
	out = append(out, member{"type", t})
	return append(out, o[i:]...)
}

// collectTypes adds to need the types the keywords of o and of its in-place subschemas
// apply to, stopping at a subschema that states its own type.
func collectTypes(o obj, need map[string]bool) {
	kt := keywordTypes()
	for _, m := range o {
		if t, ok := kt[m.k]; ok {
			need[t] = true
		}
		if !inPlaceList[m.k] {
			continue
		}
		for _, sub := range subschemas(m.v) {
			if sub.get("type") == nil {
				collectTypes(sub, need)
			}
		}
	}
}

// subschemas are the objects of a keyword's value (one schema or a list of them).
func subschemas(v any) []obj {
	switch x := v.(type) {
	case obj:
		return []obj{x}
	case []any:
		var out []obj
		for _, e := range x {
			if o, ok := e.(obj); ok {
				out = append(out, o)
			}
		}
		return out
	}
	return nil
}

// strictNode cleans o and its subschemas: in-place ones as part of o's location, the
// others as locations of their own (strictSchema). "required" names get their empty
// "properties" entries.
func (g *generator) strictNode(o obj) obj {
	out := make(obj, 0, len(o)+1)
	for _, m := range o {
		switch {
		case inPlaceList[m.k]:
			switch x := m.v.(type) {
			case obj:
				m.v = g.strictNode(x)
			case []any:
				c := make([]any, len(x))
				for i, e := range x {
					if eo, ok := e.(obj); ok {
						c[i] = g.strictNode(eo)
					} else {
						c[i] = e
					}
				}
				m.v = c
			}
		case newLocSingle[m.k]:
			m.v = g.strictSchema(m.v)
		case newLocMap[m.k]:
			if x, ok := m.v.(obj); ok {
				c := make(obj, len(x))
				for i, e := range x {
					c[i] = member{e.k, g.strictSchema(e.v)}
				}
				m.v = c
			}
		}
		out = append(out, m)
	}
	req, _ := out.get("required").([]string)
	if len(req) == 0 {
		return out
	}
	props, _ := out.get("properties").(obj)
	props = append(obj(nil), props...)
	added := false
	for _, name := range req {
		if props.get(name) == nil {
			props, added = append(props, member{name, obj{}}), true
		}
	}
	if added {
		if out.get("additionalProperties") != nil {
			g.fail("required names outside properties beside additionalProperties: %s", marshalOrdered(out))
		}
		out = out.set("properties", props)
	}
	return out
}
