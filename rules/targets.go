package rules

// CheckTargets applies rule T1 to every target of one request whose top-level "content" is
// shared: posts[i] and errs[i] are what [Limits.CheckTarget] gives for targets[i] with
// Shared set to shared. Each target's own Shared field is not read: the request has one
// shared content, and it is the shared argument.
//
// The difference is cost. The shared content is measured at most once per platform, not
// once per target, so a request of 20,000 targets that post one 512 KB content costs one
// measurement per platform plus O(1) per target, and the whole check stays linear in the
// request. (Platforms are the memo's key because a [Limit]'s Counter need not be comparable.)
func (l Limits) CheckTargets(shared string, targets []TargetText) (posts [][]PostLength, errs [][]*Error) {
	memo := sharedMemo{text: shared}
	posts, errs = make([][]PostLength, len(targets)), make([][]*Error, len(targets))
	n := 0
	for _, t := range targets {
		n += 1 + len(t.ThreadItems)
	}
	all := make([]PostLength, n) // one allocation for every target's posts
	for i, t := range targets {
		t.Shared = shared
		k := 1 + len(t.ThreadItems)
		p, e := l.checkTarget(t, &memo, all[:k:k])
		all = all[k:]
		posts[i] = p
		errs[i] = e
	}
	return posts, errs
}

// sharedMemo holds the shared content's measurement per platform, once taken.
type sharedMemo struct {
	text string
	done [numPlatforms]bool
	m    [numPlatforms]Measurement
	err  [numPlatforms]error
}

// measure is the shared content measured with p's limit lim.
func (s *sharedMemo) measure(p Platform, lim Limit) (Measurement, error) {
	i := p.index()
	if !s.done[i] {
		s.m[i], s.err[i] = lim.Counter.Measure(s.text, lim.Cap)
		s.done[i] = true
	}
	return s.m[i], s.err[i]
}
