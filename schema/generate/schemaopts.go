package generate

import (
	"encoding/json"
	"sort"
	"strings"
	"sync"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/schema/jsonschema"
)

// schemaOption is a member of a platform's platformSpecificData that the JSON Schema
// (generated from the wire types) states fully: an enum, a boolean, or a bounded integer.
// Drawing them from the schema covers every such option, including those no rule of the
// book names, without writing a value here.
type schemaOption struct {
	name     string
	enum     []string
	boolean  bool
	integer  bool
	min, max int64
}

// schemaProp is the part of a JSON Schema property the options are read from.
type schemaProp struct {
	Ref     string   `json:"$ref"`
	Const   string   `json:"const"`
	Type    any      `json:"type"`
	Enum    []string `json:"enum"`
	Minimum *int64   `json:"minimum"`
	Maximum *int64   `json:"maximum"`
}

// schemaOptions are the schema-stated options of each platform, read once from the
// create-post document: the target definition whose platform is the platform's const
// names its platformSpecificData definition.
var schemaOptions = sync.OnceValue(func() map[rules.Platform][]schemaOption {
	out := map[rules.Platform][]schemaOption{}
	doc, err := jsonschema.Document(jsonschema.DocCreatePost)
	if err != nil {
		return out
	}
	var d struct {
		Defs map[string]struct {
			Properties map[string]schemaProp `json:"properties"`
		} `json:"$defs"`
	}
	if json.Unmarshal(doc, &d) != nil {
		return out
	}
	for _, def := range d.Defs {
		p := rules.Platform(def.Properties["platform"].Const)
		ref := def.Properties["platformSpecificData"].Ref
		if p == "" || !strings.HasPrefix(ref, "#/$defs/") {
			continue
		}
		for member, s := range d.Defs[strings.TrimPrefix(ref, "#/$defs/")].Properties {
			o := schemaOption{name: member}
			switch {
			case len(s.Enum) > 0:
				o.enum = s.Enum
			case s.Type == "boolean":
				o.boolean = true
			case s.Type == "integer" && s.Minimum != nil && s.Maximum != nil:
				o.integer, o.min, o.max = true, *s.Minimum, *s.Maximum
			default:
				continue
			}
			out[p] = append(out[p], o)
		}
		sort.Slice(out[p], func(i, j int) bool { return out[p][i].name < out[p][j].name })
	}
	return out
})

// drawSchemaOptions sets some of p's schema-stated options in o (those not set already):
// an enum's value, a boolean, an integer at its bounds or between.
func drawSchemaOptions(d *draws, p rules.Platform, o *obj) {
	for _, s := range schemaOptions()[p] {
		if o.get(s.name) != nil || d.intn(3) != 1 {
			continue
		}
		switch {
		case s.enum != nil:
			o.set(s.name, pick(d, s.enum))
		case s.boolean:
			o.set(s.name, d.flag())
		case s.integer:
			v := s.min
			switch d.intn(3) {
			case 1:
				v = s.max
			case 2:
				v = s.min + int64(d.intn(int(min(s.max-s.min+1, 1<<30))))
			}
			o.set(s.name, v)
		}
	}
}
