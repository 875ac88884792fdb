package optionspec

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestMembers: every wire type and every form of the wire tag is read, in field order.
func TestMembers(t *testing.T) {
	type opts struct {
		A *string  `json:"a,omitempty" wire:"enum=x|y"`
		B *string  `json:"b" wire:"enum"`
		C *string  `json:"c,omitempty" wire:"url"`
		D *int     `json:"d,omitempty" wire:"whole"`
		E *string  `json:"e,omitempty" wire:"digits=an id"`
		F []string `json:"f,omitempty"`
		G bool     `json:"g,omitempty"`
		H *bool    `json:"h,omitempty"`
	}
	ms, err := Members(reflect.TypeFor[opts]())
	if err != nil {
		t.Fatal(err)
	}
	want := []Member{
		{Name: "a", Field: 0, Kind: String, Check: Enum, Enum: []string{"x", "y"}},
		{Name: "b", Field: 1, Kind: String, Check: Enum},
		{Name: "c", Field: 2, Kind: String, Check: URL},
		{Name: "d", Field: 3, Kind: Whole, Check: Whole0},
		{Name: "e", Field: 4, Kind: String, Check: Digits, What: "an id"},
		{Name: "f", Field: 5, Kind: Strings},
		{Name: "g", Field: 6, Kind: Bool},
		{Name: "h", Field: 7, Kind: OptBool},
	}
	if !reflect.DeepEqual(ms, want) {
		t.Errorf("Members:\n got %+v\nwant %+v", ms, want)
	}
}

// TestMembersRefuse: a declaration the wire cannot read is an error naming its field, so
// that a mistake in the book stops the decoder from starting rather than passing values.
func TestMembersRefuse(t *testing.T) {
	for _, c := range []struct {
		why string
		typ reflect.Type
	}{
		{"no json name", reflect.TypeFor[struct {
			A *string
		}]()},
		{"json name -", reflect.TypeFor[struct {
			A *string `json:"-"`
		}]()},
		{"a Go type with no wire form", reflect.TypeFor[struct {
			A int `json:"a"`
		}]()},
		{"an unknown wire form", reflect.TypeFor[struct {
			A *string `json:"a" wire:"email"`
		}]()},
		{"digits without what", reflect.TypeFor[struct {
			A *string `json:"a" wire:"digits"`
		}]()},
		{"enum= with no values", reflect.TypeFor[struct {
			A *string `json:"a" wire:"enum="`
		}]()},
		{"url on a number", reflect.TypeFor[struct {
			A *int `json:"a" wire:"url"`
		}]()},
		{"whole on a string", reflect.TypeFor[struct {
			A *string `json:"a" wire:"whole"`
		}]()},
		{"enum on an array", reflect.TypeFor[struct {
			A []string `json:"a" wire:"enum=x"`
		}]()},
		{"not a struct", reflect.TypeFor[string]()},
	} {
		if _, err := Members(c.typ); err == nil {
			t.Errorf("%s: no error", c.why)
		}
	}
}

// TestPlatforms: the registry is the fields tagged platform, in field order; a tagged
// field that is no pointer to a struct is an error.
func TestPlatforms(t *testing.T) {
	type x struct{}
	type y struct{}
	type target struct {
		Name string
		X    *x `platform:"px"`
		Raw  []byte
		Y    *y `json:"-" platform:"py"`
	}
	ps, err := Platforms(reflect.TypeFor[target]())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range ps {
		got = append(got, p.Name+":"+p.Options.Name()+":"+string(rune('0'+p.Field)))
	}
	if want := []string{"px:x:1", "py:y:3"}; !slices.Equal(got, want) {
		t.Errorf("Platforms %v, want %v", got, want)
	}
	if _, err := Platforms(reflect.TypeFor[struct {
		X x `platform:"px"`
	}]()); err == nil {
		t.Error("a platform field that is no pointer: no error")
	}
	if _, err := Platforms(reflect.TypeFor[struct {
		X *x `platform:""`
	}]()); err == nil {
		t.Error("an empty platform name: no error")
	}
}

// FuzzParseWire: any wire tag is either refused with an error or read into a format
// whose tag, written back, reads the same; never a panic.
func FuzzParseWire(f *testing.F) {
	for _, s := range []string{"", "url", "whole", "digits=an id", "enum", "enum=a|b", "enum=", "enum=|", "digits", "url=x", "=", "enum=a||b"} {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, tag string, whole bool) {
		m := Member{Kind: String}
		if whole {
			m.Kind = Whole
		}
		if err := m.parseWire(tag); err != nil {
			return
		}
		var back string
		switch m.Check {
		case None:
			back = ""
		case URL:
			back = "url"
		case Whole0:
			back = "whole"
		case Digits:
			back = "digits=" + m.What
		case Enum:
			back = "enum"
			if m.Enum != nil {
				back += "=" + strings.Join(m.Enum, "|")
			}
		}
		again := Member{Kind: m.Kind}
		if err := again.parseWire(back); err != nil || !reflect.DeepEqual(again, m) {
			t.Errorf("%q read as %+v, written back %q read as %+v (%v)", tag, m, back, again, err)
		}
	})
}
