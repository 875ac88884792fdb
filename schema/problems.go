package schema

import (
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
)

// A document's problems: what the checks after decoding found, minus what the decoder
// already rejected (a rule that reads a rejected value cannot be trusted), without
// repeats and bounded by maxProblems; and the warnings of the rule book beside them.

// doc collects the problems of one JSON document (the request body, or a stored draft).
type doc struct {
	dec      *decoder
	problems []foundProblem
	warnings []*apierror.Error      // rules of severity warning (the book's, run by runBook)
	limits   rules.Limits           // Env.Limits: the rule book as the caller applies it
	media    map[string]media.Facts // Env.Media: the facts of the media files by URL
	// mediaErrors is Env.MediaErrors: the media files whose facts could not be had.
	mediaErrors map[string]*apierror.Error
	// texts are the text verdicts of the book's one pass (runBook), by target index; nil
	// for a target the book did not read (its platform unknown, or its value broken).
	texts []*rules.TargetCheck
}

// foundProblem is one problem of a document, with what it applies to when that is not just its
// path: the target it was found for (-1: the one its path names, if any) and, for a length
// problem, the post's measurement.
type foundProblem struct {
	err    *apierror.Error
	target int
	length *MeasuredPost
}

func newDoc(d *decoder) *doc {
	all := d.all()
	fs := make([]foundProblem, len(all))
	for i, e := range all {
		fs[i] = foundProblem{err: e, target: -1}
	}
	return &doc{dec: d, problems: fs}
}

// add records problems found after decoding, minus those about a value the decoder already
// rejected (its path, or anything inside it) and exact repeats (same path, code and
// message; two targets over their different caps on the shared /content are two problems).
func (d *doc) add(es ...*apierror.Error) {
	for _, e := range es {
		d.addFound(foundProblem{err: e, target: -1})
	}
}

// addFound is add for one problem with what it applies to.
func (d *doc) addFound(f foundProblem) {
	e := f.err
	if e == nil || len(d.problems) >= maxProblems || d.repeat(e) || d.brokenAt(e.Path) {
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

// clean reports whether the decoder rejected nothing: then no brokenAt or brokenNear can be
// true, and a loop over many targets need not build the pointers it would ask about.
func (d *doc) clean() bool { return d.dec.broken.m == nil }

// brokenAt reports whether the decoder rejected the value at path or a value containing it.
func (d *doc) brokenAt(path string) bool { return d.dec.broken.has(path) }

// brokenNear reports whether the decoder rejected the value at path, a value containing it,
// or a value inside it: a rule that reads the value cannot be trusted then.
func (d *doc) brokenNear(path string) bool {
	return d.dec.broken.has(path) || d.dec.broken.under(path)
}

// problem builds a problem of this document (messages of a stored draft start "draft: ").
func (d *doc) problem(code apierror.Code, path, msg string) *apierror.Error {
	return apierror.New(code, path, msg)
}

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
