package rules

import (
	"slices"
	"testing"

	"github.com/postrules/postrules/internal/ruleform"
	"github.com/postrules/postrules/rules/apierror"
)

// allows is what shape s says of a post carrying items: the reference the checks are
// held to.
func allows(s ruleform.MediaShape, items []string) bool {
	if s.Required && len(items) == 0 {
		return false
	}
	counted := 0
	for _, t := range items {
		if slices.Contains(s.Refused, t) || s.Only != nil && !slices.Contains(s.Only, t) {
			return false
		}
		for _, g := range s.Alone {
			if slices.Contains(g, t) && len(items) > 1 {
				return false
			}
		}
		if s.MaxOf == nil || slices.Contains(s.MaxOf, t) {
			counted++
		}
	}
	return s.Max == 0 || counted <= s.Max
}

// mediaProblems collects the problems of the rules ids.
type mediaProblems struct {
	ids []string
	got []*apierror.Error
}

func (m *mediaProblems) Problem(e *apierror.Error) {
	if slices.Contains(m.ids, e.Rule) {
		m.got = append(m.got, e)
	}
}
func (m *mediaProblems) Warning(*apierror.Error) {}

// TestMediaShapesAgreeWithChecks: for every platform whose media rules declare a shape,
// the rules' checks refuse a post's media exactly when the shape does not allow them (a
// platform without one: never),
// over every list of up to four items and lists around each bound. A check that drifts
// from its declaration (which the JSON Schema states) fails here.
func TestMediaShapesAgreeWithChecks(t *testing.T) {
	types := []string{"image", "video", "gif", "document"}
	var lists [][]string
	var grow func(prefix []string, n int)
	grow = func(prefix []string, n int) {
		lists = append(lists, slices.Clone(prefix))
		if n == 0 {
			return
		}
		for _, ty := range types {
			grow(append(prefix, ty), n-1)
		}
	}
	grow(nil, 4)
	for _, p := range Platforms() {
		var ids []string
		var shape ruleform.MediaShape
		for _, r := range TextRules() {
			if s, ok := ruleform.MediaOf(r.ID); ok && r.Platform == p {
				ids, shape = append(ids, r.ID), s
			}
		}
		if p == Twitter {
			if ids != nil {
				t.Errorf("twitter's media rules apply per post of a thread: no shared shape")
			}
			continue
		}
		if ids == nil {
			// A platform whose media rules are warnings alone (facebook, googlebusiness:
			// peers' figures only) declares no shape, which allows everything: no error
			// rule of it may refuse any media.
			for _, r := range TextRules() {
				if r.Platform == p && r.check != nil {
					ids = append(ids, r.ID)
				}
			}
			if ids == nil {
				t.Errorf("%s: no rule with a check", p)
			}
		}
		cases := slices.Clone(lists)
		for _, ty := range types { // around the bound, one type at a time and mixed
			for _, n := range []int{shape.Max - 1, shape.Max, shape.Max + 1} {
				if n > 4 {
					cases = append(cases, slices.Repeat([]string{ty}, n), append(slices.Repeat([]string{ty}, n-1), "image"))
				}
			}
		}
		for _, items := range cases {
			media := make([]Media, len(items))
			for k, ty := range items {
				media[k] = Media{Type: ty, URL: "https://media.example/" + ty}
			}
			rep := &mediaProblems{ids: ids}
			DefaultLimits().CheckPost(&Post{Content: "hi", Media: media, Targets: []PostTarget{{Platform: p}}}, rep)
			if refused, allowed := len(rep.got) > 0, allows(shape, items); refused == allowed {
				t.Errorf("%s %v: the checks of %v say refused=%v, the shape %+v says allowed=%v (%v)", p, items, ids, refused, shape, allowed, rep.got)
			}
		}
	}
}
