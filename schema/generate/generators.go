package generate

import (
	"fmt"
	"math/rand"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
	"github.com/postrules/postrules/rules/media"
)

// Valid is the name of the generator of accepted bodies (Expectations).
const Valid = "valid"

// ValidDraft is the name of the generator of accepted draft publishes.
const ValidDraft = "valid-draft"

// maxChoices bounds how many choices a case is drawn from; a builder reads past the end
// as zeros, so this bounds the spread, not the body.
const maxChoices = 256

// builder is one generator: it builds a case from choices for platforms ps (drawn when
// empty); ok is false when it cannot keep its promise for ps.
type builder func(d *draws, ps []rules.Platform) (*Case, bool)

// builders are every generator by name: valid, valid-draft, each code a body can cause,
// each rule of the book a class of builder fits.
var builders = sync.OnceValue(func() map[string]builder {
	out := map[string]builder{
		Valid: func(d *draws, ps []rules.Platform) (*Case, bool) {
			p, a, c, f, ok := validPost(d, ps)
			return &Case{Generator: Valid, Endpoint: EndpointCreatePost, Body: bytesOf(p.json()), Now: c, Accounts: a, Media: f, Expect: Expect{Valid: true}}, ok
		},
		ValidDraft: func(d *draws, ps []rules.Platform) (*Case, bool) {
			return draftCase(d, ps, pick(d, []lifecycle.DraftState{"", lifecycle.DraftSaved}))
		},
	}
	for code, b := range codeBuilders {
		out[string(code)] = b
	}
	for _, r := range media.Rules() {
		if len(breakers()[r.ID]) > 0 {
			out[r.ID] = func(d *draws, ps []rules.Platform) (*Case, bool) {
				if len(ps) > 0 && (len(ps) != 1 || ps[0] != r.Platform) {
					return nil, false
				}
				return mediaRuleCase(d, r)
			}
		}
	}
	for _, r := range rules.TextRules() {
		if rb := builderFor(r); rb != nil {
			out[r.ID] = func(d *draws, ps []rules.Platform) (*Case, bool) {
				if len(ps) > 0 && (len(ps) != 1 || ps[0] != r.Platform) {
					return nil, false // a rule's case has its platform's one target
				}
				return rb(d, r)
			}
		}
	}
	return out
})

// Expectations lists the names Gen takes, sorted: "valid", "valid-draft", codes, rule ids.
func Expectations() []string {
	bs := builders()
	out := make([]string, 0, len(bs))
	for n := range bs {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Options narrow what a generator draws.
type Options struct {
	// Platforms are the platforms of every case (a rule's generator: its platform
	// alone); nil draws a feasible set per case.
	Platforms []rules.Platform
	// Accounts are the connected accounts every case starts from: its targets name them
	// or resolve to them (a generator of a resolution code then adds or removes one, as
	// its case's Accounts say); nil draws one to three accounts per platform per case.
	Accounts []rules.Account
	// Now is the clock of every case; zero draws one per case (from a fixed instant, so
	// that a seed gives the same cases whenever it runs).
	Now time.Time
	// Endpoint is EndpointDraftPublish to draw draft publishes: each case's body is then
	// the stored draft, its problem the draft's (In "draft"), and the publish body
	// publishes it; "" or EndpointCreatePost draws create-post requests.
	Endpoint string
}

// Build builds the case of generator name from choices c. ok is false when the generator
// cannot keep its promise for these choices and options (an infeasible platform set, a
// rule of another platform, a platform with no account in Options.Accounts).
func Build(name string, o Options, c Choices) (*Case, bool) {
	b, found := builders()[name]
	if !found {
		return nil, false
	}
	if !o.canDraw() {
		return nil, false
	}
	d := &draws{c: c, accounts: o.Accounts, now: o.Now}
	cs, ok := b(d, o.Platforms)
	if ok && cs != nil && o.Endpoint == EndpointDraftPublish {
		cs, ok = asDraft(d, cs)
	}
	if !ok || cs == nil {
		return nil, false
	}
	cs.Choices = c
	return cs, true
}

// Gen is the gopter generator of generator name for platforms ps (nil: drawn): a
// *Case, shrinking by its choices, every shrink built again and kept only when it keeps
// the promise's builder ok. It is an error to name a generator Expectations does not list.
func Gen(name string, o Options) (gopter.Gen, error) {
	b, found := builders()[name]
	if !found {
		return nil, fmt.Errorf("generate: no generator %q", name)
	}
	if !o.canDraw() {
		return nil, fmt.Errorf("generate: accounts are given but none of them is of a platform to draw")
	}
	ps := o.Platforms
	build := func(c Choices) (*Case, bool) {
		d := &draws{c: c, accounts: o.Accounts, now: o.Now}
		cs, ok := b(d, ps)
		if ok && cs != nil && o.Endpoint == EndpointDraftPublish {
			cs, ok = asDraft(d, cs)
		}
		if ok && cs != nil {
			cs.Choices = c
		}
		return cs, ok && cs != nil
	}
	shrinkChoices := gen.SliceShrinker(gen.UInt16Shrinker)
	return func(p *gopter.GenParameters) *gopter.GenResult {
		for try := 0; try < 100; try++ {
			c := make(Choices, p.Rng.Intn(maxChoices+1))
			for i := range c {
				c[i] = uint16(p.Rng.Intn(1 << 16))
			}
			if cs, ok := build(c); ok {
				return gopter.NewGenResult(cs, func(v any) gopter.Shrink {
					return shrinkChoices([]uint16(v.(*Case).Choices)).Map(func(s []uint16) *Case {
						cs, _ := build(s)
						return cs
					}).Filter(func(v any) bool { return v.(*Case) != nil })
				})
			}
		}
		return gopter.NewEmptyResult(nil)
	}, nil
}

// Sample is n cases of generator name for platforms ps, drawn from seed: the same
// arguments give the same cases. It stops early when the generator cannot build (an
// infeasible platform set).
func Sample(name string, o Options, seed int64, n int) ([]*Case, error) {
	g, err := Gen(name, o)
	if err != nil {
		return nil, err
	}
	params := gopter.DefaultGenParameters()
	params.Rng = rand.New(rand.NewSource(seed))
	out := make([]*Case, 0, n)
	for len(out) < n {
		v, ok := g(params).Retrieve()
		if !ok || v == nil {
			return out, fmt.Errorf("generate: %s cannot build a case for platforms %q", name, joinPlatforms(o.Platforms))
		}
		out = append(out, v.(*Case))
	}
	return out, nil
}

// UnreachableRules are the error rules no facts or body can break, with why.
var UnreachableRules = map[string]string{
	"linkedin.file.kind":       "LinkedIn takes every kind of file the probe names (image, GIF, video, document): no facts break it",
	"linkedin.document.format": "LinkedIn takes every document format the probe names (PDF, PPT, PPTX, DOC, DOCX): no facts a probe states break it",
	"bluesky.image.format":     "Bluesky takes any image/* file and every image format the probe names has an image/* type: no facts a probe states break it",
}

// Unreachable are the codes no request body can cause, with why: the coverage test and
// docs/gen.md list them; every other code has a generator.
var Unreachable = map[apierror.Code]string{
	apierror.CodeInvalidRequest:       "the generic shape code: every shape problem the checks find has its own code",
	apierror.CodeUnauthorized:         "the server's authentication, before any body is read",
	apierror.CodeNotFound:             "an HTTP path with no endpoint: no body is read",
	apierror.CodeMethodNotAllowed:     "an HTTP method an endpoint does not answer: no body is read",
	apierror.CodeUnsupportedMediaType: "a Content-Type header: no body is read",
	apierror.CodeRateLimited:          "the server's rate limit, not the body",
	apierror.CodeXPostLimitReached:    "X's own posting limit, known after publishing",
	apierror.CodeInternal:             "the server's own fault (a bad draft state setting), never the body's",
	apierror.CodePlatformError:        "a platform's answer after publishing",
	apierror.CodeServiceUnavailable:   "the server's availability",
}

// canDraw is false when Accounts are given and have no platform to draw from.
func (o Options) canDraw() bool {
	if o.Accounts == nil {
		return true
	}
	for _, a := range o.Accounts {
		if len(o.Platforms) == 0 || slices.Contains(o.Platforms, a.Platform) {
			return true
		}
	}
	return false
}
