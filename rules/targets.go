package rules

// CheckTargets applies rule T1 to every target of one request whose top-level "content" is
// shared: checks[i] is what [Limits.CheckTargetAll] gives for targets[i] with Shared set
// to shared. Each target's own Shared field is not read: the request has one
// shared content, and it is the shared argument.
//
// The difference is cost. The shared content is measured at most once per platform, not
// once per target, so a request of 20,000 targets that post one 512 KB content costs one
// measurement per platform plus O(1) per target, and the whole check stays linear in the
// request. (Platforms are the memo's key because a [Limit]'s Counter need not be comparable.)
func (l Limits) CheckTargets(shared string, targets []TargetText) []TargetCheck {
	memo := sharedMemo{text: shared}
	checks := make([]TargetCheck, len(targets))
	for i, t := range targets {
		t.Shared = shared
		checks[i] = l.checkTarget(t, &memo)
	}
	return checks
}

// sharedMemo holds the shared content's measurements per platform, once taken. The
// targets that post it share the one Units slice, which nobody writes to.
type sharedMemo struct {
	text  string
	done  [numPlatforms]bool
	units [numPlatforms][]Measurement
	err   [numPlatforms]error
}

// measure is the shared content measured by every text rule of p that l has on.
func (s *sharedMemo) measure(l Limits, p Platform) ([]Measurement, error) {
	i := p.index()
	if !s.done[i] {
		u, err := l.AppendMeasurements(nil, p, s.text)
		s.units[i], s.err[i] = u[:len(u):len(u)], err
		s.done[i] = true
	}
	return s.units[i], s.err[i]
}
