package jsonschema

import (
	"strings"
	"testing"
)

// TestStrictSchema: strictSchema defines each required name under properties, states the
// type at a location whose keywords (here or in place, under allOf/not/if) need one, keeps
// a type or a $ref that is there, and fails on a location whose keywords need two types.
func TestStrictSchema(t *testing.T) {
	g := newGenerator("#/$defs/")
	in := obj{{"type", "object"}, {"properties", obj{
		{"a", obj{{"allOf", []any{obj{{"minItems", 1}}, obj{{"not", obj{{"contains", obj{{"required", []string{"k"}}}}}}}}}}},
		{"b", obj{{"$ref", "#/$defs/X"}}},
		{"c", obj{{"type", "integer"}, {"minimum", 0}}},
	}}, {"oneOf", []any{obj{{"required", []string{"a"}}, {"not", obj{{"required", []string{"z"}}}}}}}}
	got := string(marshalOrdered(g.strictSchema(in)))
	if g.err != nil {
		t.Fatal(g.err)
	}
	want := string(marshalOrdered(obj{{"type", "object"}, {"properties", obj{
		{"a", obj{{"type", "array"}, {"allOf", []any{obj{{"minItems", 1}}, obj{{"not", obj{{"contains", obj{
			{"type", "object"}, {"required", []string{"k"}}, {"properties", obj{{"k", obj{}}}}}}}}}}}}},
		{"b", obj{{"$ref", "#/$defs/X"}}},
		{"c", obj{{"type", "integer"}, {"minimum", 0}}},
	}}, {"oneOf", []any{obj{{"required", []string{"a"}}, {"not", obj{{"required", []string{"z"}}, {"properties", obj{{"z", obj{}}}}}},
		{"properties", obj{{"a", obj{}}}}}}}}))
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	g = newGenerator("#/$defs/")
	g.strictSchema(obj{{"properties", obj{{"x", obj{{"minLength", 1}, {"minItems", 1}}}}}})
	if g.err == nil || !strings.Contains(g.err.Error(), "[array string]") {
		t.Errorf("two types at one location: %v", g.err)
	}
}
