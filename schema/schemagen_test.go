package schema

import (
	"bytes"
	"encoding/json"
	"math/rand"

	"github.com/leanovate/gopter"

	"github.com/postrules/postrules/rules"
)

// genBody is one generated request body and the document it is a body of.
type genBody struct {
	kind string // DocCreatePost or DocDraftPublish
	body string
}

// genRequest generates create-post bodies (three in four) and draft-publish bodies. Values
// are drawn near the rules' edges (valid and invalid enums, times, poll bounds, blank and
// non-blank texts, twitter media mixes), then one body in two gets a mutation of the kind
// the strict decoder refuses (unknown or case-mismatched name, duplicate name, null or a
// wrong type, a member removed). The bodies stay small, so thousands are cheap.
func genRequest() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		r := p.Rng
		g := &bodyGen{r: r, edgy: r.Intn(2) == 0}
		var o obj
		kind := DocCreatePost
		if r.Intn(4) == 0 {
			kind = DocDraftPublish
			o = g.publishMode(obj{})
		} else {
			o = g.createPost()
		}
		var v any = o
		if g.edgy && r.Intn(2) == 0 {
			v = mutate(r, o, 0)
		}
		var b bytes.Buffer
		if err := json.Compact(&b, marshalOrdered(v)); err != nil {
			panic(err) // the generator's own output is JSON
		}
		return gopter.NewGenResult(genBody{kind, b.String()}, gopter.NoShrinker)
	}
}

func pick[T any](r *rand.Rand, xs ...T) T { return xs[r.Intn(len(xs))] }

// choose picks from the first good values of xs (the valid ones), or from all of xs when
// the body is drawn at the edges.
func (g *bodyGen) choose(good int, xs ...any) any {
	if !g.edgy {
		return xs[g.r.Intn(good)]
	}
	return xs[g.r.Intn(len(xs))]
}

func (g *bodyGen) str(good int, xs ...string) string {
	a := make([]any, len(xs))
	for i, x := range xs {
		a[i] = x
	}
	return g.choose(good, a...).(string)
}

// bodyGen draws one body: edgy bodies take invalid values too, the others only valid ones.
type bodyGen struct {
	r    *rand.Rand
	edgy bool
}

var genTimes = []string{
	"2027-01-01T10:00Z", "2028-02-29T23:59:59.999Z", "2000-02-29T00:00:00Z", "1900-02-29T00:00Z",
	"2027-02-29T10:00Z", "2027-13-01T10:00Z", "2027-01-01T10:00:60Z", "2027-01-01T10:00.5Z",
	"2027-01-01T10:00:00+00:00", "2027-01-01t10:00z", "2027-01-01 10:00Z", "2027-04-31T10:00Z", "",
}

var genTexts = []string{"Hello", "x", "é 👍🏽", "line\nbreak", "\ufeff", "", " ", "\u3000\t"} // five non-blank first

func (g *bodyGen) publishMode(o obj) obj {
	r := g.r
	n := 3
	if g.edgy {
		n = 5
	}
	switch r.Intn(n) {
	case 0, 1:
		o = append(o, member{"publishNow", true})
	case 2:
		o = append(o, member{"scheduledFor", g.str(4, genTimes...)})
	case 3:
		o = append(o, member{"publishNow", r.Intn(2) == 0}, member{"scheduledFor", g.str(4, genTimes...)})
	case 4: // neither
	}
	if r.Intn(3) == 0 {
		o = append(o, member{"timezone", g.str(3, "Europe/Berlin", "UTC", "Etc/GMT+5", "Local", "", "europe/berlin", "Mars/Olympus")})
	}
	return o
}

func (g *bodyGen) media(max int) []any {
	r := g.r
	n := r.Intn(max + 1)
	items := make([]any, n)
	for i := range items {
		m := obj{
			{"type", g.str(4, "image", "image", "video", "gif", "document", "pdf")},
			{"url", g.str(3, "https://cdn.example.com/a.png", "http://x.example/v.mp4", "HTTPS://x.example/a", "ftp://x.example/a", "https://x.example:0/a", "/relative.png", "https://a b.example/")},
		}
		if r.Intn(5) == 0 {
			m = append(m, member{"thumbnail", g.str(1, "https://cdn.example.com/t.png", "thumb.png")})
		}
		items[i] = m
	}
	return items
}

func (g *bodyGen) twitter() obj {
	r := g.r
	o := obj{}
	if r.Intn(4) == 0 {
		o = append(o, member{"replySettings", g.str(4, "following", "mentionedUsers", "subscribers", "verified", "everyone")})
	}
	if r.Intn(5) == 0 {
		o = append(o, member{"communityId", g.str(1, "123", "")})
	}
	if r.Intn(5) == 0 {
		o = append(o, member{"shareWithFollowers", r.Intn(2) == 0})
	}
	if r.Intn(6) == 0 {
		o = append(o, member{"replyToTweetId", g.str(1, "42", "")})
	}
	if r.Intn(2) == 0 {
		items := make([]any, r.Intn(3))
		for i := range items {
			it := obj{}
			if r.Intn(4) != 0 {
				it = append(it, member{"content", g.str(5, genTexts...)})
			}
			if r.Intn(3) == 0 {
				it = append(it, member{"mediaItems", g.media(3)})
			}
			items[i] = it
		}
		o = append(o, member{"threadItems", items})
	}
	if r.Intn(3) == 0 {
		opts := make([]any, 2+r.Intn(3))
		if g.edgy {
			opts = make([]any, r.Intn(6))
		}
		for i := range opts {
			opts[i] = g.str(3, "yes", "no", "maybe", " ", "")
		}
		o = append(o, member{"poll", obj{{"options", opts}, {"durationMinutes", g.choose(5, 5, 60, 1440, 10080, json.Number("6e1"), 4, 10081, json.Number("60.5"), json.Number("1e400"))}}})
	}
	return o
}

func (g *bodyGen) createPost() obj {
	r := g.r
	o := obj{}
	if r.Intn(5) != 0 {
		o = append(o, member{"content", g.str(5, genTexts...)})
	}
	if r.Intn(3) == 0 {
		o = append(o, member{"mediaItems", g.media(5)})
	}
	if !g.edgy || r.Intn(12) != 0 {
		targets := make([]any, 1+r.Intn(3))
		if g.edgy {
			targets = make([]any, r.Intn(4))
		}
		platforms := append(platformNames(), "Twitter", "x", "")
		for i := range targets {
			pl := platformNames()[r.Intn(10)]
			if g.edgy && r.Intn(10) == 0 {
				pl = pick(r, platforms...)
			}
			if r.Intn(3) == 0 {
				pl = string(rules.Twitter)
			}
			t := obj{{"platform", pl}}
			if r.Intn(3) == 0 {
				t = append(t, member{"accountId", g.str(1, "acc-1", "")})
			}
			if r.Intn(3) == 0 {
				t = append(t, member{"content", g.str(5, genTexts...)})
			}
			if r.Intn(2) == 0 {
				if pl == string(rules.Twitter) || r.Intn(4) == 0 {
					t = append(t, member{"platformSpecificData", g.twitter()})
				} else {
					t = append(t, member{"platformSpecificData", obj{{"visibility", "PUBLIC"}}})
				}
			}
			targets[i] = t
		}
		o = append(o, member{"platforms", targets})
	}
	return g.publishMode(o)
}

// mutate changes one object member somewhere in v (depth-first, at a random level) into
// something the strict decoder refuses, and returns the new value. Arrays and objects are
// copied on the way down, so v is unchanged.
func mutate(r *rand.Rand, v any, depth int) any {
	switch x := v.(type) {
	case obj:
		if len(x) > 0 && depth < 6 && r.Intn(3) != 0 {
			i := r.Intn(len(x))
			switch x[i].v.(type) {
			case obj, []any:
				c := append(obj(nil), x...)
				c[i].v = mutate(r, x[i].v, depth+1)
				return c
			}
		}
		c := append(obj(nil), x...)
		switch r.Intn(6) {
		case 0:
			return append(c, member{pick(r, "scheduleFor", "extra", "Platform", "CONTENT"), "x"})
		case 1:
			if len(c) > 0 {
				return append(c, c[r.Intn(len(c))]) // a duplicate name
			}
		case 2:
			if len(c) > 0 {
				c[r.Intn(len(c))].v = nil
				return c
			}
		case 3:
			if len(c) > 0 {
				c[r.Intn(len(c))].v = pick[any](r, 7, "7", true, []any{}, obj{}, json.Number("6.5"))
				return c
			}
		case 4:
			if len(c) > 0 {
				i := r.Intn(len(c))
				return append(c[:i], c[i+1:]...) // a member removed
			}
		case 5:
			if len(c) > 0 {
				i := r.Intn(len(c))
				c[i].k = pick(r, "Content", "publishnow", "accountID", "options ")
				return c
			}
		}
		return c
	case []any:
		if len(x) == 0 {
			return pick[any](r, x, "[]", nil)
		}
		c := append([]any(nil), x...)
		i := r.Intn(len(c))
		if r.Intn(4) == 0 {
			c[i] = pick[any](r, nil, "x", 3)
		} else {
			c[i] = mutate(r, c[i], depth+1)
		}
		return c
	}
	return v
}
