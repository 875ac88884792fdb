// Package optionspec reads the option declarations of the rule book, so that each is
// stated once. A platform's platformSpecificData is a struct declared in
// rules/book_<platform>.go; each field is one option: its Go field, its JSON member (the
// json tag), its wire type (the Go type), and, in a `wire` tag, the format the wire
// refuses outside of:
//
//	wire:"url"                  an absolute http or https URL
//	wire:"whole"                a whole number from 0 to below the decoder's clamp
//	wire:"digits=WHAT"          ASCII digits; WHAT names the value in the message
//	wire:"enum=A|B|C"           one of the values A, B, C
//	wire:"enum"                 one of the values of the book's enum rule on the member
//
// The platform registry is the typed options fields of schema.PlatformTarget, each tagged
// `platform:"<name>"`. Package schema builds its member tables, decoder and format checks
// from Members and Platforms; package schema/jsonschema builds the options' keywords from
// them, so neither names a platform or an option member by hand.
package optionspec

import (
	"fmt"
	"reflect"
	"strings"
)

// Kind is the wire type of an option, from its Go type.
type Kind uint8

// The wire types an option may have.
const (
	String  Kind = iota + 1 // *string: a string, absent is nil
	Strings                 // []string: an array of strings
	Bool                    // bool: a boolean, absent is false
	OptBool                 // *bool: a boolean, absent is nil
	Whole                   // *int: a whole number, absent is nil
)

// Check is the format the wire refuses outside of (the `wire` tag).
type Check uint8

// The formats of the `wire` tag.
const (
	None   Check = iota // no format beyond the wire type
	URL                 // wire:"url"
	Whole0              // wire:"whole"
	Digits              // wire:"digits=WHAT"
	Enum                // wire:"enum" or wire:"enum=A|B"
)

// Member is one option of a platform: one field of its options struct.
type Member struct {
	// Name is the JSON member (the json tag's name).
	Name string
	// Field is the field's index in the struct.
	Field int
	// Kind is the wire type.
	Kind Kind
	// Check is the format of the `wire` tag, None without one.
	Check Check
	// Enum are the values of wire:"enum=A|B"; nil for wire:"enum", whose values are the
	// book's enum rule's.
	Enum []string
	// What names a Digits value in messages ("a YouTube category id").
	What string
}

// kinds are the Go types an option may have.
var kinds = map[reflect.Type]Kind{
	reflect.TypeFor[*string]():  String,
	reflect.TypeFor[[]string](): Strings,
	reflect.TypeFor[bool]():     Bool,
	reflect.TypeFor[*bool]():    OptBool,
	reflect.TypeFor[*int]():     Whole,
}

// Members are the options of struct type t, in field order, or an error naming the first
// field that is no option declaration (no json name, a Go type the wire has no form for,
// a `wire` tag that is not one of the forms above or does not fit the field's type).
func Members(t reflect.Type) ([]Member, error) {
	if t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("optionspec: %v is not a struct", t)
	}
	out := make([]Member, 0, t.NumField())
	for i := range t.NumField() {
		m, err := Field(t, i)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// Field is the option of field i of struct type t (see Members).
func Field(t reflect.Type, i int) (Member, error) {
	f := t.Field(i)
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	if name == "" || name == "-" || !f.IsExported() {
		return Member{}, fmt.Errorf("optionspec: %s.%s has no json member name", t.Name(), f.Name)
	}
	kind, ok := kinds[f.Type]
	if !ok {
		return Member{}, fmt.Errorf("optionspec: %s.%s is a %v, not an option type", t.Name(), f.Name, f.Type)
	}
	m := Member{Name: name, Field: i, Kind: kind}
	if err := m.parseWire(f.Tag.Get("wire")); err != nil {
		return Member{}, fmt.Errorf("optionspec: %s.%s: %w", t.Name(), f.Name, err)
	}
	return m, nil
}

// parseWire sets m's Check, Enum and What from the `wire` tag tag.
func (m *Member) parseWire(tag string) error {
	form, arg, hasArg := strings.Cut(tag, "=")
	switch {
	case tag == "":
		return nil
	case form == "url" && !hasArg:
		m.Check = URL
	case form == "whole" && !hasArg:
		m.Check = Whole0
	case form == "digits" && arg != "":
		m.Check, m.What = Digits, arg
	case form == "enum" && !hasArg:
		m.Check = Enum
	case form == "enum" && arg != "":
		m.Check, m.Enum = Enum, strings.Split(arg, "|")
	default:
		return fmt.Errorf("wire tag %q is not url, whole, digits=WHAT, enum or enum=A|B", tag)
	}
	want := String
	if m.Check == Whole0 {
		want = Whole
	}
	if m.Kind != want {
		return fmt.Errorf("wire tag %q does not fit the field's type", tag)
	}
	return nil
}

// Platform is one entry of the platform registry: a typed options field of a target.
type Platform struct {
	// Name is the platform's wire name (the `platform` tag).
	Name string
	// Field is the field's index in the target struct.
	Field int
	// Options is the options struct type (the field is a pointer to it).
	Options reflect.Type
}

// Platforms are the fields of struct type target tagged `platform`, in field order; each
// must be a pointer to a struct.
func Platforms(target reflect.Type) ([]Platform, error) {
	var out []Platform
	for i := range target.NumField() {
		f := target.Field(i)
		name, ok := f.Tag.Lookup("platform")
		if !ok {
			continue
		}
		if name == "" || f.Type.Kind() != reflect.Pointer || f.Type.Elem().Kind() != reflect.Struct {
			return nil, fmt.Errorf("optionspec: %s.%s: a platform field is a named pointer to a struct", target.Name(), f.Name)
		}
		out = append(out, Platform{Name: name, Field: i, Options: f.Type.Elem()})
	}
	return out, nil
}
