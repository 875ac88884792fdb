package jsonschema

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// recipeOptions is platformSpecificData as rules/book_<platform>.go declares it (schema's
// TestOptionRecipe has its twin): the recipe of docs/design.md ("Adding an option")
// followed once. Nothing in this package names these members.
type recipeOptions struct {
	Mood   *string  `json:"mood,omitempty" wire:"enum=calm|loud"`
	Site   *string  `json:"site,omitempty" wire:"url"`
	Offset *int     `json:"offset,omitempty" wire:"whole"`
	Code   *string  `json:"code,omitempty" wire:"digits=a test code"`
	Tags   []string `json:"tags,omitempty"`
	Note   *string  `json:"note,omitempty"`
}

// TestOptionRecipeSchema: the schema of an options type follows its declarations: every
// member a property of its wire type, each `wire` tag its keywords, nothing required,
// no other member allowed.
func TestOptionRecipeSchema(t *testing.T) {
	g := newGenerator("#/$defs/")
	s := g.structSchema(reflect.TypeFor[recipeOptions]())
	if g.err != nil {
		t.Fatal(g.err)
	}
	url := compact(marshalOrdered(mediaURLKeywords()))
	want := map[string]string{
		"mood":   `{"type":"string","enum":["calm","loud"]}`,
		"site":   `{"type":"string",` + url[1:],
		"offset": `{"type":"integer","minimum":0,"maximum":999999999}`,
		"code":   `{"type":"string","pattern":"^[0-9]+$"}`,
		"tags":   `{"type":"array","items":{"type":"string"}}`,
		"note":   `{"type":"string"}`,
	}
	props, ok := s.get("properties").(obj)
	if !ok || len(props) != len(want) {
		t.Fatalf("properties %v, want the %d members", s.get("properties"), len(want))
	}
	for _, p := range props {
		if got := compact(marshalOrdered(p.v)); got != want[p.k] {
			t.Errorf("%s: %s, want %s", p.k, got, want[p.k])
		}
	}
	if s.get("required") != nil || s.get("additionalProperties") != false {
		t.Errorf("required %v, additionalProperties %v: want none required, no other member", s.get("required"), s.get("additionalProperties"))
	}
}

// compact is JSON b without its white space.
func compact(b []byte) string {
	var out bytes.Buffer
	if err := json.Compact(&out, b); err != nil {
		panic(err)
	}
	return out.String()
}
