package schema

import "github.com/postrules/postrules/rules/apierror"

// What the checks of one JSON document found, and what of it the verdict lists. The
// checks return their problems as values (findings), in the order the check meets them;
// the document keeps them once, when the checks are done (newDoc): minus what the decoder
// already rejected (a rule that reads a rejected value cannot be trusted), without repeats
// and bounded by maxProblems, with the warnings beside them.

// doc is one JSON document (the request body, or a stored draft) as the verdict lists it:
// the decoder's problems, then the kept findings of the checks after it.
type doc struct {
	dec      *decoder
	problems []foundProblem
	warnings []*apierror.Error // rules of severity warning (the book's and the media's)
}

// foundProblem is one problem of a document, with what it applies to when that is not just its
// path: the target it was found for (-1: the one its path names, if any) and, for a length
// problem, the post's measurement.
type foundProblem struct {
	err    *apierror.Error
	target int
	length *MeasuredPost
}

// findings are what checks found, in the order they found it, before a document keeps
// them; a nil err is nothing found.
type findings struct {
	problems []foundProblem
	warnings []*apierror.Error
}

// findingsOf are the findings es, then more, each applying to the target its path names;
// nil entries are nothing found.
func findingsOf(es []*apierror.Error, more ...*apierror.Error) findings {
	var f findings
	for _, list := range [2][]*apierror.Error{es, more} {
		for _, e := range list {
			if e != nil {
				f.problems = append(f.problems, foundProblem{err: e, target: -1})
			}
		}
	}
	return f
}

// newDoc is the document decoder d read, with the findings of the checks after it kept.
// The findings are filtered in place where they can be (a kept entry is never written
// past the one being read), so keeping them costs no second list.
func newDoc(d *decoder, f findings) *doc {
	all := d.all()
	doc := &doc{dec: d, problems: f.problems[:0], warnings: f.warnings[:0]}
	if len(all) > 0 {
		doc.problems = make([]foundProblem, len(all))
		for i, e := range all {
			doc.problems[i] = foundProblem{err: e, target: -1}
		}
	}
	for _, p := range f.problems {
		doc.keep(p)
	}
	for _, w := range f.warnings {
		doc.warn(w)
	}
	return doc
}

// keep lists a problem found after decoding, unless it is about a value the decoder
// already rejected (its path, or anything inside it) or an exact repeat (same path, code
// and message; two targets over their different caps on the shared /content are two
// problems), or maxProblems are listed.
func (d *doc) keep(f foundProblem) {
	e := f.err
	if e == nil || len(d.problems) >= maxProblems || d.repeat(e) || d.dec.broken.has(e.Path) {
		return
	}
	d.problems = append(d.problems, f)
}

func (d *doc) repeat(e *apierror.Error) bool {
	for _, f := range d.problems {
		if p := f.err; p.Path == e.Path && p.Code == e.Code && p.Message == e.Message {
			return true
		}
	}
	return false
}

// warn lists a warning (of a rule of severity warning): it informs and never makes the
// verdict invalid. Like keep, it says nothing about a value the decoder rejected, drops
// exact repeats and lists at most maxProblems.
func (d *doc) warn(e *apierror.Error) {
	if e == nil || len(d.warnings) >= maxProblems || d.dec.broken.has(e.Path) {
		return
	}
	for _, w := range d.warnings {
		if w.Path == e.Path && w.Rule == e.Rule && w.Message == e.Message {
			return
		}
	}
	d.warnings = append(d.warnings, e)
}
