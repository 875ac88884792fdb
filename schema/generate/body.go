package generate

import (
	"bytes"
	"encoding/json"

	"github.com/postrules/postrules/rules"
)

// obj is a JSON object with its members in the order they were set, so that a body reads
// like one a person writes (content, mediaItems, platforms, then when to publish).
type obj []member

type member struct {
	name  string
	value any
}

// set sets name to v, in place when it is already there.
func (o *obj) set(name string, v any) {
	for i := range *o {
		if (*o)[i].name == name {
			(*o)[i].value = v
			return
		}
	}
	*o = append(*o, member{name, v})
}

// get is the value of name, nil when absent.
func (o obj) get(name string) any {
	for _, m := range o {
		if m.name == name {
			return m.value
		}
	}
	return nil
}

// del removes name.
func (o *obj) del(name string) {
	for i := range *o {
		if (*o)[i].name == name {
			*o = append((*o)[:i], (*o)[i+1:]...)
			return
		}
	}
}

// MarshalJSON writes the members in order.
func (o obj) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(m.name)
		b.Write(k)
		b.WriteByte(':')
		v, err := marshal(m.value)
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// marshal is json.Marshal without HTML escaping, so that "<" in a text stays "<" in the
// body a reader sees.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// item is a media item of the body.
type item struct {
	Type string `json:"type"`
	URL  string `json:"url"`
}

// target is one entry of "platforms".
type target struct {
	platform  rules.Platform
	accountID string // "" leaves accountId out
	content   *string
	opts      obj // platformSpecificData; nil leaves it out
}

func (t target) json() obj {
	o := obj{{"platform", string(t.platform)}}
	if t.accountID != "" {
		o.set("accountId", t.accountID)
	}
	if t.content != nil {
		o.set("content", *t.content)
	}
	if t.opts != nil {
		o.set("platformSpecificData", t.opts)
	}
	return o
}

// post is a create-post body (or a stored draft) before it is written.
type post struct {
	content      string
	media        []item
	targets      []target
	publishNow   bool
	scheduledFor string // "" with publishNow false: neither is written
	timezone     string
}

func (p *post) json() obj {
	o := obj{}
	if p.content != "" {
		o.set("content", p.content)
	}
	if len(p.media) > 0 {
		o.set("mediaItems", p.media)
	}
	ts := make([]obj, len(p.targets))
	for i, t := range p.targets {
		ts[i] = t.json()
	}
	o.set("platforms", ts)
	if p.publishNow {
		o.set("publishNow", true)
	}
	if p.scheduledFor != "" {
		o.set("scheduledFor", p.scheduledFor)
	}
	if p.timezone != "" {
		o.set("timezone", p.timezone)
	}
	return o
}

// bytesOf is the JSON of v; the values here always marshal.
func bytesOf(v any) []byte {
	b, err := marshal(v)
	if err != nil {
		panic("generate: a body that does not marshal: " + err.Error())
	}
	return b
}
