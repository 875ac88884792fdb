package schema

import (
	"encoding/json"
	"reflect"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/schema/internal/optionspec"
)

// platformSpecificData of the nine platforms besides twitter. Shapes follow the peer
// (PostPeer's public OpenAPI document, named in PostPeer-API/postpeer-node's .stats.yml:
// <Platform>Configurations, every one with additionalProperties false), checked against
// each platform's API; the strict decoder rejects unknown names and wrong types as for
// twitter. The types are declared in package rules beside the rules that read them
// (rules/book_<platform>.go): a rule and the options it checks live in one file, and the
// declarations are all this package reads of them (package optionspec). The checks
// themselves run in rules.Limits.CheckPost (book.go builds their view, runBook).
type (
	// YouTubeOptions is platformSpecificData for youtube (rules.YouTubeOptions).
	YouTubeOptions = rules.YouTubeOptions
	// TikTokOptions is platformSpecificData for tiktok (rules.TikTokOptions).
	TikTokOptions = rules.TikTokOptions
	// PinterestOptions is platformSpecificData for pinterest (rules.PinterestOptions).
	PinterestOptions = rules.PinterestOptions
	// LinkedInOptions is platformSpecificData for linkedin (rules.LinkedInOptions).
	LinkedInOptions = rules.LinkedInOptions
	// BlueskyOptions is platformSpecificData for bluesky (rules.BlueskyOptions).
	BlueskyOptions = rules.BlueskyOptions
	// FacebookOptions is platformSpecificData for facebook (rules.FacebookOptions).
	FacebookOptions = rules.FacebookOptions
	// InstagramOptions is platformSpecificData for instagram (rules.InstagramOptions).
	InstagramOptions = rules.InstagramOptions
	// ThreadsOptions is platformSpecificData for threads (rules.ThreadsOptions).
	ThreadsOptions = rules.ThreadsOptions
	// GoogleBusinessOptions is platformSpecificData for googlebusiness
	// (rules.GoogleBusinessOptions).
	GoogleBusinessOptions = rules.GoogleBusinessOptions
)

// typedPlatform is one platform whose platformSpecificData is declared in the rule book
// (rules/book_<platform>.go): its field of PlatformTarget and its member table, both read
// from the declarations (package optionspec), so that an option is stated once.
type typedPlatform struct {
	p       rules.Platform
	field   int          // index of the platform's field in PlatformTarget
	typ     reflect.Type // the options struct
	members []optionspec.Member
	f       fields
}

// typedPlatforms are the platforms of the registry (PlatformTarget's platform tags)
// whose options the book declares: the nine besides twitter, whose options have a
// field of their own in the JSON of a target.
var typedPlatforms = registry()

// registry builds typedPlatforms. A declaration the wire cannot read is a mistake in the
// book caught by every test of the package, so it panics.
func registry() []*typedPlatform {
	ps, err := optionspec.Platforms(reflect.TypeFor[PlatformTarget]())
	if err != nil {
		panic(err)
	}
	book := reflect.TypeFor[rules.Platform]().PkgPath()
	var out []*typedPlatform
	for _, p := range ps {
		if p.Options.PkgPath() != book {
			continue
		}
		tp, err := newTypedPlatform(rules.Platform(p.Name), p.Field, p.Options)
		if err != nil {
			panic(err)
		}
		out = append(out, tp)
	}
	return out
}

// newTypedPlatform reads the options declared by struct type typ for platform p, the
// type of PlatformTarget's field number field.
func newTypedPlatform(p rules.Platform, field int, typ reflect.Type) (*typedPlatform, error) {
	ms, err := optionspec.Members(typ)
	if err != nil {
		return nil, err
	}
	tp := &typedPlatform{p: p, field: field, typ: typ, members: ms}
	for k, m := range ms {
		tp.f.names = append(tp.f.names, m.Name)
		if m.Check == optionspec.Enum && m.Enum == nil {
			// wire:"enum": the wire refuses what the book's enum rule does not list
			// (the rule itself judges the creator's own subset).
			ms[k].Enum = optionValues(p, m.Name)
		}
	}
	return tp, nil
}

func (tp *typedPlatform) platform() rules.Platform { return tp.p }

// fields is the member table's names (for tests).
func (tp *typedPlatform) fields() *fields { return &tp.f }

// value is t's field of this platform (a pointer to the options, nil when not set).
func (tp *typedPlatform) value(t *PlatformTarget) reflect.Value {
	return reflect.ValueOf(t).Elem().Field(tp.field)
}

// decode sets the target's typed field and decodes the current value into it: every
// member by its wire type; unknown, case-mismatched and duplicate names are reported by
// the decoder. A value that is no object is reported as wrong_type and leaves the field
// set, empty.
func (tp *typedPlatform) decode(d *decoder, t *PlatformTarget) {
	v := reflect.New(tp.typ)
	tp.value(t).Set(v)
	tp.decodeInto(d, v.Elem())
}

// decodeInto decodes the current value, which must be an object, into opts, a value of
// the options struct.
func (tp *typedPlatform) decodeInto(d *decoder, opts reflect.Value) {
	if !d.is(d.sc.Peek(), strictjson.Object, "an object") {
		return
	}
	d.sc.BeginObject()
	o := object{f: &tp.f}
	for d.next(&o) {
		m := &tp.members[o.field]
		switch dst := opts.Field(m.Field).Addr().Interface().(type) {
		case **string:
			d.optStr(dst)
		case *[]string:
			*dst = d.stringArray()
		case *bool:
			d.boolean(dst)
		case **bool:
			d.optBool(dst)
		case **int:
			d.optWhole(dst)
		}
	}
}

// unmarshal sets the target's typed field from t.Options with encoding/json.
func (tp *typedPlatform) unmarshal(t *PlatformTarget) error {
	v := reflect.New(tp.typ)
	tp.value(t).Set(v)
	return json.Unmarshal(t.Options, v.Interface())
}

// typed is the target's typed field, or nil when it is not set.
func (tp *typedPlatform) typed(t *PlatformTarget) any {
	if v := tp.value(t); !v.IsNil() {
		return v.Interface()
	}
	return nil
}

// typedPlatformOf is the typedPlatform of p, or nil for twitter and for a platform that
// is not one of the ten.
func typedPlatformOf(p rules.Platform) *typedPlatform {
	for _, tp := range typedPlatforms {
		if tp.p == p {
			return tp
		}
	}
	return nil
}

// platformOptions decodes platformSpecificData of a platform other than twitter into its
// typed field of t. It returns false for a target whose platform is not one of the ten
// (missing or unknown): its options stay raw, since there is no shape to hold them to.
func (d *decoder) platformOptions(t *PlatformTarget) bool {
	tp := typedPlatformOf(t.Platform)
	if tp == nil {
		return false
	}
	tp.decode(d, t)
	return true
}

// typedOptions is t's typed platformSpecificData of a platform other than twitter, or
// nil when it has none.
func (t *PlatformTarget) typedOptions() any {
	for _, tp := range typedPlatforms {
		if o := tp.typed(t); o != nil {
			return o
		}
	}
	return nil
}

// unmarshalOptions fills t's typed platformSpecificData from t.Options with
// encoding/json's leniency (PlatformTarget.UnmarshalJSON; the strict decoder is the one
// the checks use).
func (t *PlatformTarget) unmarshalOptions() error {
	if tp := typedPlatformOf(t.Platform); tp != nil {
		return tp.unmarshal(t)
	}
	return nil
}

// formatProblems are the problems of the wire format of target t's platformSpecificData
// at opts: each member's format as its declaration states it (the `wire` tags of
// rules/book_<platform>.go, package optionspec), in the order the members are declared.
// A value the decoder rejected is not set, so it draws none here.
func formatProblems(t *PlatformTarget, opts string) []*apierror.Error {
	tp := typedPlatformOf(t.Platform)
	if tp == nil {
		return nil
	}
	if v := tp.value(t); !v.IsNil() {
		return tp.formatProblems(v.Elem(), opts)
	}
	return nil
}
