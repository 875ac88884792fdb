package schema

import "github.com/postrules/postrules/rules"

// Report is the older, smaller projection of a Verdict: the API's answer and, of each
// target, its account and each post's path, length and cap.
//
// Superseded: the Verdict's own JSON is the one answer (docs/contract.md); the validate CLI
// prints it as it is. Report remains only until the WASM module prints the Verdict too.
type Report struct {
	Valid bool `json:"valid"`
	// HTTPStatus is set only when the request is invalid.
	HTTPStatus int             `json:"httpStatus,omitempty"`
	Error      *ErrorBody      `json:"error"`
	Problems   []ReportProblem `json:"problems"`
	Billable   bool            `json:"billable"`
	Targets    []ReportTarget  `json:"targets"`
	// Warnings are Verdict.Warnings; absent when there is none (unlike the Verdict's
	// "warnings", always present), so that a report without warnings keeps issue 4's keys.
	Warnings []ReportProblem `json:"warnings,omitempty"`
}

// ReportProblem is a Problem as a Report lists it: path, code and message.
//
// Superseded by Problem.
type ReportProblem struct {
	Path    string     `json:"path"`
	Code    rules.Code `json:"code"`
	Message string     `json:"message"`
	// Rule is Problem.Rule: the rule book's id, absent for a problem that is no rule's.
	Rule string `json:"rule,omitempty"`
}

// ReportTarget is one target of a Report.
//
// Superseded by TargetVerdict.
type ReportTarget struct {
	Platform  string       `json:"platform"`
	AccountID string       `json:"accountId"`
	Posts     []ReportPost `json:"posts"`
}

// ReportPost is one post of a ReportTarget.
//
// Superseded by MeasuredPost.
type ReportPost struct {
	Path   string `json:"path"`
	Length int    `json:"length"`
	Cap    int    `json:"cap"`
	// Rule is PostLength.Rule: the rule Length and Cap are measured for.
	Rule string `json:"rule,omitempty"`
}

// Report projects v onto a Report. Its slices are never nil, so they marshal as [].
//
// Superseded: marshal the Verdict itself.
func (v Verdict) Report() Report {
	r := Report{
		Valid: v.Valid, Error: v.Error, Billable: v.Billable,
		Problems: make([]ReportProblem, 0, len(v.Problems)),
		Targets:  make([]ReportTarget, 0, len(v.Targets)),
	}
	if !v.Valid {
		r.HTTPStatus = v.HTTPStatus
	}
	for _, p := range v.Problems {
		r.Problems = append(r.Problems, ReportProblem{Path: p.Path, Code: p.Code, Message: p.Message, Rule: p.Rule})
	}
	for _, p := range v.Warnings {
		r.Warnings = append(r.Warnings, ReportProblem{Path: p.Path, Code: p.Code, Message: p.Message, Rule: p.Rule})
	}
	for _, t := range v.Targets {
		rt := ReportTarget{Platform: t.Platform, AccountID: t.AccountID, Posts: make([]ReportPost, 0, len(t.Posts))}
		for _, p := range t.Posts {
			rt.Posts = append(rt.Posts, ReportPost{Path: p.Path, Length: p.Length, Cap: p.Cap, Rule: p.Rule})
		}
		r.Targets = append(r.Targets, rt)
	}
	return r
}
