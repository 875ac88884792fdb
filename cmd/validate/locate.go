package main

import (
	"github.com/postrules/postrules/cmd/validate/internal/jsonloc"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/schema"
)

// locatedProblem is a schema.Problem as validate's JSON output writes it: with the line and
// column of its value in the file (docs/cli.md, "Where a problem is"), beside its path.
// Path shadows Problem.Path so that the two members come first, in this order.
type locatedProblem struct {
	Path   string `json:"path"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
	schema.Problem
}

// locateProblems places each of ps in the document it points into: the request body, or
// for In "draft" the stored draft (nil: not read, so not placed). A problem is placed at
// the first byte of the value its pointer names (of its nearest enclosing value when that
// one is missing, such as the object a required member is absent from); a post over its
// cap at the character where the overflow begins. Each document is scanned once for all
// its problems.
func locateProblems(ps []schema.Problem, body, draft []byte) []locatedProblem {
	out := make([]locatedProblem, len(ps))
	for i, p := range ps {
		out[i] = locatedProblem{Path: p.Path, Problem: p}
	}
	for _, d := range []struct {
		in  string
		doc []byte
	}{{"", body}, {inDraft, draft}} {
		if d.doc == nil {
			continue
		}
		var idx []int
		var pointers []string
		for i, p := range ps {
			if p.In == d.in {
				idx = append(idx, i)
				pointers = append(pointers, p.Path)
			}
		}
		if len(idx) == 0 {
			continue
		}
		locs := jsonloc.Locate(d.doc, pointers)
		offsets := make([]int, len(idx))
		for k, i := range idx {
			offsets[k] = locs[k].Offset
			if l := ps[i].Length; ps[i].Code == apierror.CodePostTooLong && l != nil && l.OverflowAt >= 0 && locs[k].Exact {
				offsets[k] = jsonloc.InString(d.doc, locs[k].Offset, l.OverflowAt)
			}
		}
		for k, pos := range jsonloc.Positions(d.doc, offsets) {
			out[idx[k]].Line, out[idx[k]].Column = pos.Line, pos.Column
		}
	}
	return out
}
