package ruleform

import (
	"slices"
	"testing"
)

// TestLookUps: before Declare nothing is declared; after it the forms and shapes are the
// declared ones, a shape comes as a copy a reader may change, and a second Declare
// changes nothing (the set a reader sees never changes).
func TestLookUps(t *testing.T) {
	if f := SchemaOf("a.b.c"); f != "" {
		t.Fatalf("before Declare: form %q, want none", f)
	}
	if _, ok := MediaOf("a.b.c"); ok {
		t.Fatal("before Declare: a media shape")
	}
	shape := &MediaShape{Required: true, Refused: []string{"gif"}, Alone: [][]string{{"video"}}, Max: 10, MaxOf: []string{"image"}}
	Declare(func(id string) (Decl, bool) {
		switch id {
		case "p.media.max":
			return Decl{Schema: Exact, Media: shape}, true
		case "p.text.max":
			return Decl{Schema: Floor}, true
		}
		return Decl{}, false
	})
	Declare(func(string) (Decl, bool) { return Decl{Schema: None}, true })
	if f := SchemaOf("p.text.max"); f != Floor {
		t.Errorf("p.text.max: form %q, want floor (a second Declare must change nothing)", f)
	}
	if f := SchemaOf("q.text.max"); f != "" {
		t.Errorf("an id the book does not hold: form %q, want none", f)
	}
	if _, ok := MediaOf("p.text.max"); ok {
		t.Error("a rule not about media items has a shape")
	}
	got, ok := MediaOf("p.media.max")
	if !ok || !got.Required || got.Max != 10 || !slices.Equal(got.Refused, []string{"gif"}) {
		t.Fatalf("p.media.max: %+v, %v", got, ok)
	}
	got.Refused[0], got.Alone[0][0], got.MaxOf[0] = "x", "x", "x"
	again, _ := MediaOf("p.media.max")
	if again.Refused[0] != "gif" || again.Alone[0][0] != "video" || again.MaxOf[0] != "image" {
		t.Errorf("a reader's change reached the declaration: %+v", again)
	}
}
