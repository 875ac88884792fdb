package schema

import "github.com/postrules/postrules/rules"

// The verdict's targets: each entry of the request's "platforms" with its account and its
// posts as the book measured them, and the problems of those posts and of resolution.

// targetVerdicts are the verdict's Targets for post p: every target's posts as the book
// measured them (texts, by target index, from runBook: rule T1, the shared content once
// per platform, however many targets post it) and its account (the resolved one when
// resolution ran, else the accountId as sent). It appends to f the problems of the texts,
// each with its post's measurement, their warnings, and the 400 problems of resolution.
func targetVerdicts(f *findings, p *CreatePost, texts []*rules.TargetCheck, res *resolution) []TargetVerdict {
	tvs := make([]TargetVerdict, len(p.Platforms))
	n := 0
	for i := range p.Platforms {
		t := &p.Platforms[i]
		tv := TargetVerdict{Platform: string(t.Platform), Posts: []MeasuredPost{}}
		if t.AccountID != nil {
			tv.AccountID = *t.AccountID
		}
		tvs[i] = tv
		if i < len(texts) && texts[i] != nil {
			n += len(texts[i].Posts)
		}
	}
	all := make([]MeasuredPost, 0, n) // one allocation for every target's posts
	for i, tc := range texts {
		if tc == nil {
			continue
		}
		start := len(all)
		all = appendMeasuredPosts(all, tc.Posts)
		pls := all[start:len(all):len(all)]
		tvs[i].Posts = pls
		// The errors come in the order of the posts, each at its post's path: one walk
		// pairs every error with its post's measurement.
		k := 0
		for _, e := range tc.Errors {
			for k < len(pls) && pls[k].Path != e.Path {
				k++
			}
			fp := foundProblem{err: e, target: i}
			if k < len(pls) {
				fp.length = measuredFor(&pls[k], e.Rule)
			}
			f.problems = append(f.problems, fp)
		}
		f.warnings = append(f.warnings, tc.Warnings...)
	}
	if !res.ran {
		return tvs
	}
	for i, a := range res.accounts {
		if a.ID != "" {
			tvs[i].AccountID = a.ID
		}
	}
	for _, e := range res.errs {
		if e.HTTPStatus == 400 {
			f.problems = append(f.problems, foundProblem{err: e, target: -1})
		}
	}
	return tvs
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
