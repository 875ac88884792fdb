package rules

// CheckTargets applies rule T1 to every target of one request whose top-level "content" is
// shared: checks[i] is the text verdict of targets[i]. Each target's own Shared field is
// not read: the request has one shared content, and it is the shared argument.
//
// A target's posts are its content override
// (Path /platforms/{Index}/content), or the shared content (Path /content) when there is
// no override, followed by each thread item k (Path
// /platforms/{Index}/platformSpecificData/threadItems/{k}/content). Every post is checked
// against every text rule of the target platform that is on (its length rules, each in
// its unit, and the rules about what the text holds), with the same limits.
//
// Each TargetCheck has one PostCheck per post, in that order, and one *[apierror.Error] per broken error
// rule per post, in the same order (Errors); all posts are checked, so every violation is
// reported. Each error names its rule (Error.Rule):
//   - a post over a length cap: 400 post_too_long, Path the post's pointer, Offset the
//     byte offset where the overflow begins, and a message such as "post 3 of the thread
//     is 312 graphemes; the cap for twitter is 280 (overflow begins at byte 840)" ("more
//     than N" when the counter stopped early);
//   - a post with a character the platform refuses (youtube: < or >): 400
//     invalid_character at the first one;
//   - a post with more links, hashtags or mentions than allowed: 400 invalid_value at the
//     first one past the limit;
//   - a post that is not valid UTF-8 where a counter reads it: 400 invalid_utf8, Path the
//     post's pointer, Offset the first bad byte; its PostCheck is the counter's partial
//     measurement, which never Fits.
//
// Warnings (rules of severity warning) are in Warnings: one per broken warning rule per post,
// with the code an error of that kind would have and a message that says it is a warning.
// A Platform outside the ten is a single 400 unknown_platform error at
// /platforms/{Index}/platform, and no posts.
//
// Cost: the shared content is measured at most once per platform, not
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
		u, err := l.textMeasurements(nil, p, s.text)
		s.units[i], s.err[i] = u[:len(u):len(u)], err
		s.done[i] = true
	}
	return s.units[i], s.err[i]
}
