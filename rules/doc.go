// Package rules is the rule book of a multi-platform social publishing API: the checks a
// server runs on "publish this post to twitter, linkedin and bluesky at 09:00 tomorrow"
// before it accepts the request, written as pure functions on plain Go values.
//
// The task it solves: a composer, a CI job and an API server must all give the same verdict
// on the same post. So every rule lives here once:
//
//   - [ParseScheduledFor]: the strict scheduledFor grammar (YYYY-MM-DDTHH:MM[:SS[.f+]]Z),
//     and [CheckScheduledAfter] for "strictly in the future" against a caller's clock;
//     [JudgeScheduledFor] does both and gives the canonical form in one call.
//   - [Book]: the rule book as data, every rule with a stable id
//     ("bluesky.text.max_bytes", [Rule].ID; [RuleByID] finds it), severity, limit,
//     unit, source and date read. Each platform's rules are declared in one file,
//     book_<platform>.go, with that platform's options type and each rule's check beside
//     its declaration: a rule is added or changed there, and nowhere else.
//   - [Limits.CheckPost]: the whole book in one pass over a typed view of a request
//     ([Post]: the text, the media, each target's options), built by package schema from
//     its wire types: each target's posts measured ([TargetCheck]), every other problem
//     to a [Reporter], each with its rule's id.
//   - [Limits], [Limits.Measure] and [Limits.MeasureAll]: each platform's text rules
//     in its own units (graphemes, UTF-8 bytes, UTF-16 code units, code points; links,
//     hashtags, mentions, forbidden characters), applied to every post of a twitter thread
//     (rule T1); callers change or turn off a rule by id ([Limits.WithRule],
//     [Limits.Disable]). [CountGraphemes] and the counters ([CounterByName]) underneath.
//   - [ResolveTargets]: which connected account each target publishes to, with the 404
//     and 409 answers when there is none or more than one.
//   - [CheckPlan]: the caller's plan (subscription, post and account limits).
//
// What is not the book has a package named for its job: the API's error model
// (rules/apierror), a post's status and a draft's publish transitions (rules/lifecycle),
// the thread splitter (rules/split), the media probe (rules/media) and X's weighted count
// (rules/xweight).
//
// Nothing here reads the wall clock, the environment or files; "now" is always an argument.
// Every exported function is safe for concurrent use. Errors are *apierror.Error values:
// match them with errors.As and compare Code, never the message text.
//
// Other counters (X's weighted length, package rules/xweight) plug into [Limits] through
// the [Counter] interface, so this package imports only the standard library, uniseg (for
// the Unicode 15 grapheme counter, CounterByName("graphemes-unicode15")), its internal
// engines and rules/apierror.
package rules
