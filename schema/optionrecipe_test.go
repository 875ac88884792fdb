package schema

import (
	"reflect"
	"slices"
	"testing"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

// recipeOptions is platformSpecificData as rules/book_<platform>.go declares it, one
// option of each wire type and each format of the `wire` tag: the recipe of
// docs/design.md ("Adding an option") followed once. Nothing else in this package names
// these members, yet the member table, the decoder and the format checks follow.
type recipeOptions struct {
	Mood   *string  `json:"mood,omitempty" wire:"enum=calm|loud"`
	Site   *string  `json:"site,omitempty" wire:"url"`
	Offset *int     `json:"offset,omitempty" wire:"whole"`
	Code   *string  `json:"code,omitempty" wire:"digits=a test code"`
	Tags   []string `json:"tags,omitempty"`
	Pin    bool     `json:"pin,omitempty"`
	Share  *bool    `json:"share,omitempty"`
	Note   *string  `json:"note,omitempty"`
}

// TestOptionRecipe: a platform's options declared with tags alone get a member table,
// a strict decoder and format checks.
func TestOptionRecipe(t *testing.T) {
	tp, err := newTypedPlatform(rules.YouTube, -1, reflect.TypeFor[recipeOptions]())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := tp.fields().names, []string{"mood", "site", "offset", "code", "tags", "pin", "share", "note"}; !slices.Equal(got, want) {
		t.Fatalf("member table %v, want %v", got, want)
	}
	decode := func(body string) (*recipeOptions, *decoder) {
		var o recipeOptions
		d := newDecoder([]byte(body), originBody)
		tp.decodeInto(d, reflect.ValueOf(&o).Elem())
		return &o, d
	}

	// Every member decodes by its wire type.
	o, d := decode(`{"mood":"calm","site":"https://example.com/","offset":7,"code":"22","tags":["a","b"],"pin":true,"share":false,"note":""}`)
	if ps := d.all(); len(ps) != 0 {
		t.Fatalf("a valid object: %v", ps)
	}
	if *o.Mood != "calm" || *o.Site != "https://example.com/" || *o.Offset != 7 || *o.Code != "22" ||
		!slices.Equal(o.Tags, []string{"a", "b"}) || !o.Pin || o.Share == nil || *o.Share || o.Note == nil || *o.Note != "" {
		t.Errorf("decoded %+v", o)
	}

	// The decoder is strict about names and types, as for every declared platform.
	for _, c := range []struct {
		why, body string
		code      apierror.Code
		path      string
	}{
		{"a name no field declares", `{"mood":"calm","colour":"red"}`, apierror.CodeUnknownField, "/colour"},
		{"a name in the wrong case", `{"Mood":"calm"}`, apierror.CodeFieldCaseMismatch, "/Mood"},
		{"a name given twice", `{"pin":true,"pin":false}`, apierror.CodeDuplicateField, "/pin"},
		{"a *string given a number", `{"note":1}`, apierror.CodeWrongType, "/note"},
		{"a []string given a string", `{"tags":"a"}`, apierror.CodeWrongType, "/tags"},
		{"a *int given a fraction", `{"offset":1.5}`, apierror.CodeWrongType, "/offset"},
		{"a bool given a string", `{"pin":"yes"}`, apierror.CodeWrongType, "/pin"},
	} {
		_, d := decode(c.body)
		ps := d.all()
		if len(ps) != 1 || ps[0].Code != c.code || ps[0].Path != c.path {
			t.Errorf("%s: %s gave %v, want %s at %s", c.why, c.body, ps, c.code, c.path)
		}
	}

	// Each format of the wire tag refuses what it declares, at the member's pointer.
	for _, c := range []struct {
		why, body, path string
	}{
		{"enum=calm|loud: a value it does not list", `{"mood":"quiet"}`, "/o/mood"},
		{"url: not an absolute http(s) URL", `{"site":"example.com"}`, "/o/site"},
		{"whole: below 0", `{"offset":-1}`, "/o/offset"},
		{"whole: at the decoder's clamp", `{"offset":1e400}`, "/o/offset"},
		{"digits: not ASCII digits", `{"code":"2x"}`, "/o/code"},
	} {
		o, d := decode(c.body)
		if len(d.all()) != 0 {
			t.Fatalf("%s: the decoder refused %s: %v", c.why, c.body, d.all())
		}
		ps := tp.formatProblems(reflect.ValueOf(o).Elem(), "/o")
		if len(ps) != 1 || ps[0].Code != apierror.CodeInvalidValue || ps[0].Path != c.path {
			t.Errorf("%s: %s gave %v, want invalid_value at %s", c.why, c.body, ps, c.path)
		}
	}
	o, _ = decode(`{"code":"2x"}`)
	if got, want := tp.formatProblems(reflect.ValueOf(o).Elem(), "/o")[0].Message, `code is a test code, digits such as "22", not "2x"`; got != want {
		t.Errorf("digits message %q, want %q", got, want)
	}
}

// TestBareEnumIsTheBooks: wire:"enum" without values refuses what the book's enum rule on
// the member does not list (tiktok's privacyLevel, tiktok.privacy.allowed).
func TestBareEnumIsTheBooks(t *testing.T) {
	tp := typedPlatformOf(rules.TikTok)
	for _, m := range tp.members {
		if m.Name == "privacyLevel" && !slices.Equal(m.Enum, optionValues(rules.TikTok, "privacyLevel")) {
			t.Errorf("privacyLevel's values %v, the book's %v", m.Enum, optionValues(rules.TikTok, "privacyLevel"))
		}
	}
}
