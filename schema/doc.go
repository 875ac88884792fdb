// Package schema answers one question for a social publishing API: given the JSON body of
// POST /api/v2/posts (or of POST /api/v2/drafts/{draftId}/publish with its stored draft),
// would the API accept it, and if not, what exactly does it answer?
//
//	v := schema.CheckCreatePost(body, schema.Env{Now: time.Now(), Accounts: accounts})
//	if !v.Valid {
//		w.WriteHeader(v.HTTPStatus)
//		json.NewEncoder(w).Encode(v.Error) // {"error","code","message","path"} or {...,"problems":[...]}
//		return
//	}
//	store(v.Post) // the decoded request: no second decode
//
// The same call runs in the API server, in the validate CLI and in the browser (WASM), so
// all three give the same verdict for the same input.
//
// # What is checked, in order
//
// Strict decoding (a hand-written scanner; see package internal/strictjson for why not
// encoding/json): malformed JSON (with its byte offset), a top level that is not an object,
// bodies over [DefaultMaxBodyBytes] (Env.MaxBodyBytes), nesting beyond [MaxDepth],
// unknown names (with "did you mean" for a close one: scheduleFor -> scheduledFor), names
// that differ only in case ("Content", which encoding/json would silently accept),
// duplicate names, wrong JSON types ("publishNow": "yes"; null is a wrong type too, as in
// the peer's JSON schema), invalid UTF-8 and lone surrogate escapes, missing required
// names. Every problem has a JSON pointer (of the innermost value being read, for
// malformed JSON too) and a code; all are reported at once, except that malformed,
// oversized or too deep input is one problem on its own. Problems of a draft publish's
// stored draft say so in Problem.In ("draft"). Every body the decoder reads in full decodes
// with plain encoding/json into the exported types to the same values (the fuzz targets
// hold it to that), so [Verdict.Post] is what a server would get from json.Unmarshal.
//
// Shape rules, by validator v10 tags on the wire types (one validator for the package,
// whose custom tags call package rules; [RegisterTags] lends them to a caller's own
// validator): at least one target, the platform enum, media type and absolute http(s) URLs
// (port 1 to 65535, no white space, control or invisible character),
// IANA time zones, poll options and duration, replySettings, non-empty ids. The
// scheduledFor grammar (rules.JudgeScheduledFor) is checked once, where its instant is
// needed (after Env.Now), not by the shape pass. Cross-field checks in plain Go: exactly
// one of publishNow true or scheduledFor (schedule.go), every target (and thread item) has
// something to post (post.go).
//
// The rule book's platform rules (rules.TextRules): platformSpecificData is typed for all ten
// platforms (platforms.go; the nine option types are declared in package rules beside
// their rules) and decoded as strictly as the rest. Every platform rule lives in package
// rules, one file per platform (rules/book_<platform>.go): its id, limit, sources, check
// and messages. This package builds the view the checks read (book.go: the text, the
// media, each target's typed options) and runs them in one pass
// (rules.Limits.CheckPost): media required, counted and of allowed kinds per platform,
// options within their documented bounds and consistent with the media (YouTube exactly
// one video, Pinterest a board, LinkedIn a documentTitle with a document, Google Business
// CTAs and events, alt text, twitter media and polls). Every such problem names its rule
// in Problem.Rule; rules of severity warning go to Verdict.Warnings and never make a
// verdict invalid. Env.Limits applies the book as the caller configures it
// (rules.Limits.WithRule, Disable). What this package checks of the options itself is
// their wire format only (optionformats.go: the enums, URLs and bounds each option's
// declaration states in its wire tag), no rule.
//
// Then the rules of package rules on the decoded request: every post against its
// platform's text rules, each in its own unit (rule T1), scheduledFor after Env.Now,
// target resolution against Env.Accounts, the plan. A draft publish checks the draft state before anything else: a deleted draft, or a
// state the server should never have passed, answers alone. The precedence of the
// statuses is documented on [Verdict].
//
// Nothing here re-implements a rule of package rules; validator types never leave the
// package except through [RegisterTags].
package schema
