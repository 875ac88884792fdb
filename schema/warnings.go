package schema

import (
	"sort"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

// warn records a warning of the rule book (a rule of severity warning): it informs and
// never makes the verdict invalid. Like add, it says nothing about a value the decoder
// rejected, drops exact repeats and keeps at most maxProblems.
func (d *doc) warn(es ...*apierror.Error) {
	for _, e := range es {
		if e == nil || len(d.warnings) >= maxProblems || d.brokenAt(e.Path) {
			continue
		}
		dup := false
		for _, w := range d.warnings {
			dup = dup || w.Path == e.Path && w.Rule == e.Rule && w.Message == e.Message
		}
		if !dup {
			d.warnings = append(d.warnings, e)
		}
	}
}

// warningList is the verdict's Warnings: every document's, each sorted by path like its
// problems. Never nil.
func (c *check) warningList() []Problem {
	out := []Problem{}
	for _, d := range c.docs {
		start := len(out)
		for _, e := range d.warnings {
			out = append(out, Problem{Path: e.Path, Code: e.Code, Message: e.Message, In: d.dec.origin.in(), Rule: e.Rule})
		}
		ws := out[start:]
		sort.SliceStable(ws, func(i, j int) bool { return pathLess(ws[i].Path, ws[j].Path) })
	}
	return out
}

// appendMeasuredPosts appends posts to out as the verdict's JSON carries them.
func appendMeasuredPosts(out []MeasuredPost, posts []rules.PostCheck) []MeasuredPost {
	n := 0
	for _, pl := range posts {
		n += len(pl.Units)
	}
	units := make([]UnitLength, 0, n)
	for _, pl := range posts {
		start := len(units)
		for _, u := range pl.Units {
			units = append(units, UnitLength{Rule: u.Rule, Measure: measureOf(u), Warning: u.Warning})
		}
		out = append(out, MeasuredPost{Path: pl.Path, Measure: measureOf(pl.Measurement), Rule: pl.Rule,
			Units: units[start:len(units):len(units)]})
	}
	return out
}

// measuredFor is the measurement a problem of rule id about post carries: the post itself
// when id is the rule that decides it, else the post as measured by rule id (a post can
// break several of its platform's rules, each in its own unit).
func measuredFor(post *MeasuredPost, id string) *MeasuredPost {
	if id == "" || post.Rule == id {
		return post
	}
	for _, u := range post.Units {
		if u.Rule == id {
			return &MeasuredPost{Path: post.Path, Measure: u.Measure, Rule: u.Rule}
		}
	}
	return post
}
