package schema

import "github.com/postrules/postrules/rules/apierror"

// Refuse is the verdict whose problems are problems, found before any check could run:
// what DecodeEnv found in options JSON, or what a face found in a caller's values before
// it had a document to check (a JavaScript value with no JSON form, a body refused from
// its length alone). It is built as every other verdict is (the problems' precedence, the
// API's error body of the first status, billable), so a client reads it the same way,
// and the options defects of a page and of a server's Env answer alike. Problems keep
// their Path, In, Code, Message and Rule; Target and Length are dropped, since nothing
// was measured. No problem at all is the caller's bug, answered 500 internal_error, never a
// valid verdict.
func Refuse(problems []Problem) Verdict {
	c := &check{}
	for _, p := range problems {
		e := apierror.New(p.Code, p.Path, p.Message)
		e.Rule = p.Rule
		if len(c.others) < maxProblems {
			c.others = append(c.others, located{err: e, in: p.In, foundProblem: foundProblem{err: e, target: -1}})
		}
	}
	if len(c.others) == 0 {
		return c.alone(apierror.New(apierror.CodeInternal, "", "schema.Refuse: no problem to refuse with; this is the server's fault, not the request's"))
	}
	return c.verdict()
}
