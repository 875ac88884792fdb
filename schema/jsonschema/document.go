package jsonschema

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
	"github.com/postrules/postrules/schema"
	"github.com/postrules/postrules/schema/internal/optionspec"
	"github.com/postrules/postrules/schema/internal/wirenames"
)

// The documents Document prints, by name.
const (
	DocCreatePost         = "create-post"          // JSON Schema of the POST /api/v2/posts body
	DocDraftPublish       = "draft-publish"        // JSON Schema of the draft-publish body
	DocError              = "error"                // JSON Schema of the API's error body
	DocDraftPublishResult = "draft-publish-result" // JSON Schema of the success answer (200 draft publish, 202 create post)
	DocOpenAPI            = "openapi"              // OpenAPI 3.1 of both endpoints
)

// DocumentNames lists the names Document takes, in the order the docs present them.
func DocumentNames() []string {
	return []string{DocCreatePost, DocDraftPublish, DocError, DocDraftPublishResult, DocOpenAPI}
}

// Document returns the named document (see DocumentNames) as indented JSON with a stable
// key order, so that a team can hand the contract to its own tools (ajv, OpenAPI client
// generators, gateways) and a diff in review shows a real change. The documents are
// generated from the wire types' json and validate tags and the rule book's declarations, not
// written by hand; they are built once, on first use, and each call returns a fresh copy.
// What JSON Schema cannot say (grapheme caps, the future-time rule, duplicate names, target
// resolution) is in x-postrules-* keywords and descriptions, which stock validators
// ignore: a body the schema accepts may still be refused by schema.CheckCreatePost, never the
// reverse. An unknown name is an error.
func Document(name string) ([]byte, error) {
	docs, err := documents()
	if err != nil {
		return nil, err
	}
	b, ok := docs[name]
	if !ok {
		return nil, errors.New("schema: no document " + strconv.Quote(name) + "; the documents are " + strings.Join(DocumentNames(), ", "))
	}
	return append([]byte(nil), b...), nil
}

// built holds the documents once built. It is reached only through documents, so a
// program that never calls Document (the WASM checker) links none of the generator.
var built struct {
	once sync.Once
	docs map[string][]byte
	err  error
}

// documents builds every document once. The map is never written after it is built.
func documents() (map[string][]byte, error) {
	built.once.Do(func() { built.docs, built.err = buildDocuments() })
	return built.docs, built.err
}

func buildDocuments() (map[string][]byte, error) {
	out := make(map[string][]byte, 5)
	for _, d := range []struct {
		name  string
		build func() (any, error)
	}{
		{DocCreatePost, func() (any, error) { return standalone(reflect.TypeOf(schema.CreatePost{}), requestRoot) }},
		{DocDraftPublish, func() (any, error) { return standalone(reflect.TypeOf(schema.DraftPublish{}), requestRoot) }},
		{DocError, func() (any, error) { return standalone(reflect.TypeOf(schema.ErrorBody{}), nil) }},
		{DocDraftPublishResult, func() (any, error) { return standalone(reflect.TypeOf(schema.DraftPublishResult{}), nil) }},
		{DocOpenAPI, openAPI},
	} {
		v, err := d.build()
		if err != nil {
			return nil, err
		}
		out[d.name] = marshalOrdered(v)
	}
	return out, nil
}

// platformOption is the Go type of one platform's platformSpecificData; nil means a raw
// JSON object that is passed through unchecked.
type platformOption struct {
	platform rules.Platform
	options  reflect.Type
}

// platformOptions is the type of each platform's platformSpecificData, in the rule book's
// platform order, read from the one platform registry (the platform tags of
// schema.PlatformTarget, package optionspec): a platform's schema then follows from its
// type's tags. A platform the registry lacks has a nil type. (Functions, not package
// variables, hold the generator's tables, so a program that never calls Document links
// none of them.)
func platformOptions() []platformOption {
	reg, _ := optionspec.Platforms(reflect.TypeFor[schema.PlatformTarget]())
	var out []platformOption
	for _, p := range rules.Platforms() {
		po := platformOption{platform: p}
		for _, r := range reg {
			if r.Name == string(p) {
				po.options = r.Options
			}
		}
		out = append(out, po)
	}
	return out
}

// statuses are the values of lifecycle.PostStatus a DraftPublishResult can carry (rules has no
// list of them).
func statuses() []string {
	return []string{
		string(lifecycle.PostDraft), string(lifecycle.PostPending), string(lifecycle.PostScheduled), string(lifecycle.PostPublishing),
		string(lifecycle.PostPublished), string(lifecycle.PostFailed), string(lifecycle.PostPartial),
	}
}

// Extension keywords. Stock validators ignore them (JSON Schema 2020-12 allows unknown
// keywords; ajv needs them declared); docs/schema.md documents each.
const (
	xFuture       = "x-postrules-future"       // the time must be after the server's clock
	xTimezone     = "x-postrules-timezone"     // the name must be a zone of the IANA database
	xMediaURL     = "x-postrules-mediaUrl"     // the full media URL rule
	xResolution   = "x-postrules-resolution"   // accountId resolves against connected accounts
	xUniqueNames  = "x-postrules-uniqueNames"  // no object may give a name twice
	xMaxBodyBytes = "x-postrules-maxBodyBytes" // the body size limit
	xMaxDepth     = "x-postrules-maxDepth"     // the nesting limit
	xCodes        = "x-postrules-codes"        // the error codes an HTTP status can carry
)

// requestRoot adds what holds for a whole request body: size, depth, unique names.
func requestRoot(root obj) obj {
	return root.set(xMaxBodyBytes, schema.DefaultMaxBodyBytes).set(xMaxDepth, schema.MaxDepth).set(xUniqueNames, true)
}

// standalone is the JSON Schema 2020-12 document of t: its $defs hold t and every struct it
// reaches; the root refers to t.
func standalone(t reflect.Type, extra func(obj) obj) (obj, error) {
	g := newGenerator("#/$defs/")
	ref := g.ref(t)
	if g.err != nil {
		return nil, g.err
	}
	root := obj{
		{"$schema", "https://json-schema.org/draft/2020-12/schema"},
		{"title", typeTitles()[t.Name()]},
		{"description", typeDocs()[t.Name()]},
		{"$ref", ref.get("$ref")},
	}
	if extra != nil {
		root = extra(root)
	}
	root = g.strictSchema(root.set("$defs", g.defs)).(obj)
	return root, g.err
}

// generator turns Go types into JSON Schema definitions.
type generator struct {
	prefix string // where definitions live: "#/$defs/" or "#/components/schemas/"
	defs   obj
	done   map[reflect.Type]bool
	err    error
}

func newGenerator(prefix string) *generator {
	return &generator{prefix: prefix, done: map[reflect.Type]bool{}}
}

func (g *generator) fail(format string, args ...any) {
	if g.err == nil {
		g.err = fmt.Errorf("schema: "+format, args...)
	}
}

// ref returns {"$ref": ...} for struct type t, generating its definition on first use.
func (g *generator) ref(t reflect.Type) obj {
	if !g.done[t] {
		g.done[t] = true
		i := len(g.defs)
		g.defs = append(g.defs, member{t.Name(), nil}) // keeps the order of first use
		v := g.structSchema(t)
		if t == reflect.TypeOf(schema.PlatformTarget{}) {
			v = targetUnion(g, v)
		}
		g.defs[i].v = v
	}
	return obj{{"$ref", g.prefix + t.Name()}}
}

// def adds a definition that no Go type has (the per-platform targets of targetUnion).
func (g *generator) def(name string, s obj) {
	if g.defs.get(name) != nil {
		g.fail("two definitions named %s", name)
		return
	}
	g.defs = append(g.defs, member{name, s})
}

// openAPI reports whether the definitions are for the OpenAPI document, which may use
// the OpenAPI schema object's own keywords (discriminator).
func (g *generator) openAPI() bool { return g.prefix == openAPIPrefix }

var (
	typePlatform = reflect.TypeOf(rules.Platform(""))
	typeCode     = reflect.TypeOf(apierror.Code(""))
	typeStatus   = reflect.TypeOf(lifecycle.PostStatus(""))
	typeRaw      = reflect.TypeOf(json.RawMessage(nil))
)

// typeSchema is the schema of a Go type, before any validate tag.
func (g *generator) typeSchema(t reflect.Type) obj {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t {
	case typePlatform:
		return obj{{"type", "string"}, {"enum", wirenames.Platforms()}}
	case typeCode:
		codes := apierror.Codes()
		names := make([]string, len(codes))
		for i, c := range codes {
			names[i] = string(c)
		}
		return obj{{"type", "string"}, {"enum", names}}
	case typeStatus:
		return obj{{"type", "string"}, {"enum", statuses()}}
	case typeRaw:
		return obj{}
	}
	switch t.Kind() {
	case reflect.String:
		return obj{{"type", "string"}}
	case reflect.Bool:
		return obj{{"type", "boolean"}}
	case reflect.Int, reflect.Int64, reflect.Int32, reflect.Int16, reflect.Int8:
		return obj{{"type", "integer"}}
	case reflect.Uint, reflect.Uint64, reflect.Uint32, reflect.Uint16, reflect.Uint8:
		return obj{{"type", "integer"}, {"minimum", 0}}
	case reflect.Float64, reflect.Float32:
		return obj{{"type", "number"}}
	case reflect.Slice:
		return obj{{"type", "array"}, {"items", g.typeSchema(t.Elem())}}
	case reflect.Map:
		if t.Key().Kind() == reflect.String {
			return obj{{"type", "object"}, {"additionalProperties", g.typeSchema(t.Elem())}}
		}
	case reflect.Struct:
		return g.ref(t)
	}
	g.fail("no JSON Schema for Go type %s", t)
	return obj{}
}

// structSchema is the definition of struct type t: its json fields, required ones (no
// omitempty, or a validate "required"), additionalProperties false (the strict decoder
// refuses unknown names), the validate tags as keywords, and the facts of typeFacts.
func (g *generator) structSchema(t reflect.Type) obj {
	props := obj{}
	var required []string
	var allOf []any
	for _, f := range reflect.VisibleFields(t) {
		if f.Anonymous && f.Type.Kind() == reflect.Struct && f.Tag.Get("json") == "" {
			continue // an embedded struct: its fields follow, where encoding/json writes them
		}
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		var s obj
		if over, ok := fieldOverrides()[t.Name()+"."+name]; ok {
			s = over()
		} else {
			s = g.typeSchema(f.Type)
		}
		req, cond := g.applyTags(t, name, &s, f.Tag.Get("validate"))
		s = g.applyOptionFacts(t, name, s)
		if req || !strings.Contains(opts, "omitempty") {
			required = append(required, name)
		}
		allOf = append(allOf, cond...)
		if d := fieldDocs()[t.Name()+"."+name]; d != "" {
			s = append(obj{{"description", d}}, s...)
		}
		for _, x := range fieldExtensions()[t.Name()+"."+name] {
			s = s.set(x.k, x.v)
		}
		props = append(props, member{name, s})
	}
	s := obj{{"type", "object"}}
	d := typeDocs()[t.Name()]
	if d == "" {
		d = optionTypeDocs()[t.Name()]
	}
	if d != "" {
		s = append(obj{{"description", d}}, s...)
	}
	s = append(s, member{"properties", props})
	if len(required) > 0 {
		s = append(s, member{"required", required})
	}
	s = append(s, member{"additionalProperties", false})
	if fact := typeFacts(t.Name()); fact != nil {
		allOf = append(allOf, fact(g)...)
	}
	if len(allOf) > 0 {
		s = append(s, member{"allOf", allOf})
	}
	return s
}

// applyTags turns the validate tag of field name of t into keywords of *s (after "dive",
// of its "items"). It reports whether the tag makes the field required, and returns the
// conditions that relate fields (required_if) for the struct's allOf. A tag with no
// translation is an error, so a new rule cannot silently be left out of the schema. Its
// length (about 90 lines) is one case per tag: the table of translations, read as one.
func (g *generator) applyTags(t reflect.Type, name string, s *obj, tag string) (bool, []any) {
	if tag == "" {
		return false, nil
	}
	required := false
	var conds []any
	target := s
	var items obj
	for _, part := range strings.Split(tag, ",") {
		key, param, _ := strings.Cut(part, "=")
		kind, _ := target.get("type").(string)
		switch key {
		case "omitnil", "omitempty", "platform": // "platform": the enum is the type's own
		case "required":
			required = true
		case "dive":
			it, ok := s.get("items").(obj)
			if !ok || target != s {
				g.fail("dive on %s.%s, which is not an array", t.Name(), name)
				return false, nil
			}
			items = append(obj(nil), it...)
			target = &items
		case "min", "max", "gte", "lte", "gt", "lt", "len":
			// validator v10 reads these as a length for strings (in runes, as JSON Schema
			// counts code points), a count for slices, and a value for numbers.
			n, err := strconv.Atoi(param)
			words := map[string][2]string{"array": {"minItems", "maxItems"}, "string": {"minLength", "maxLength"},
				"integer": {"minimum", "maximum"}, "number": {"minimum", "maximum"}}[kind]
			if err != nil || words[0] == "" {
				g.fail("%s.%s: no JSON Schema for %s=%s on a %q", t.Name(), name, key, param, kind)
				return false, nil
			}
			switch key {
			case "min", "gte":
				*target = target.set(words[0], n)
			case "max", "lte":
				*target = target.set(words[1], n)
			case "gt":
				*target = target.set(words[0], n+1)
			case "lt":
				*target = target.set(words[1], n-1)
			case "len":
				*target = target.set(words[0], n).set(words[1], n)
			}
			if (key == "gt" || key == "lt") && kind == "number" {
				g.fail("%s.%s: %s on a number needs exclusiveMinimum/Maximum, not written yet", t.Name(), name, key)
				return false, nil
			}
		case "unique":
			if kind != "array" || param != "" {
				g.fail("%s.%s: no JSON Schema for unique=%s on a %q", t.Name(), name, param, kind)
				return false, nil
			}
			*target = target.set("uniqueItems", true)
		case "oneof":
			*target = target.set("enum", strings.Fields(param))
		case tagScheduledFor:
			*target = target.set("pattern", scheduledForPattern).set(xFuture, true)
		case tagTimezone:
			*target = target.set("minLength", 1).set("maxLength", 64).set("pattern", zonePattern).set(xTimezone, "iana")
		case tagMediaURL:
			for _, m := range mediaURLKeywords() {
				*target = target.set(m.k, m.v)
			}
		case tagNonBlank:
			*target = target.set("pattern", nonBlankPattern())
		case "required_if":
			other, value, ok := strings.Cut(param, " ")
			f, found := t.FieldByName(other)
			oname, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if !ok || !found || value != "true" || f.Type.Kind() != reflect.Bool {
				g.fail("%s.%s: no JSON Schema for required_if=%q (only a boolean field's true)", t.Name(), name, param)
				return false, nil
			}
			conds = append(conds, obj{
				{"if", obj{{"properties", obj{{oname, obj{{"const", true}}}}}, {"required", []string{oname}}}},
				{"then", obj{{"required", []string{name}}}},
			})
		default:
			g.fail("no JSON Schema for validate tag %q on %s.%s", key, t.Name(), name)
			return false, nil
		}
	}
	if target != s {
		*s = s.set("items", items)
	}
	return required, conds
}

// The custom validator tags of schema's wire types (schema.RegisterTags registers them
// into a validator); TestTagTranslations fails on a tag this file does not translate.
const (
	tagScheduledFor = "scheduledfor"
	tagTimezone     = "ianazone"
	tagMediaURL     = "mediaurl"
	tagNonBlank     = "nonblank"
)

// wholeClamp is where schema's decoder clamps a whole number of an option
// (TestOptionWholeNumbersInRange holds the two together).
const wholeClamp = 1_000_000_000
