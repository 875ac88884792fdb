// Package xweight counts a post the way X (Twitter) does: its weighted length.
//
// A 200-character Japanese post fits in 280 graphemes but X counts it as 400 and rejects
// it. A composer that wants no surprises at X needs X's own count, which is what this
// package computes: twitter-text 3.1.0's parseTweet (js/src/parseTweet.js), which X's
// clients use, rebuilt from its rules and checked against its conformance suite.
//
//	r := xweight.Default().Parse(post)
//	if !r.Valid { /* over 280, empty, or holding U+FFFE, U+FEFF, U+FFFF */ }
//
// The rules, all from twitter-text 3.1.0 and its config v3.json:
//
//   - The text is NFC-normalised first (internal/nfc: UAX #15 over Unicode 15.0's data, in
//     segments of at most 30 combining marks, as golang.org/x/text/unicode/norm cut them).
//   - Each code point weighs 1 in U+0000-U+10FF, U+2000-U+200D, U+2010-U+201F and
//     U+2032-U+2037, and 2 everywhere else (CJK, Hangul, emoji, U+FE0F, astral
//     characters). Weights are kept scaled by 100, as in the config.
//   - Every URL counts 23 (the length of a t.co link) however long it is, also a URL
//     without a protocol such as "example.com"; what is a URL follows twitter-text's
//     URL extraction (its TLD list, its rule that a host label over 63 characters in
//     punycode makes no URL, and the rest; see rules/internal/urls).
//   - With emoji parsing (v3), an emoji sequence counts 2 however many code points it
//     has (👨‍👩‍👧‍👦 is 7 code points, 2 characters).
//   - U+FFFE, U+FEFF and U+FFFF make the text invalid; so does being empty.
//   - The display and valid ranges are inclusive UTF-16 indices into the original,
//     un-normalised text, computed as twitter-text computes them.
//
// Emoji sequences are recognised by table (internal/emoji): every fully-qualified RGI
// emoji sequence of Unicode Emoji 15.0, plus every sequence twemoji-parser 11.0.2 (the
// parser twitter-text 3.1.0 uses, which knows Emoji 11) matches whole; longest match
// first. So a newer emoji such as 🧑‍💻 counts 2 here where twitter-text 3.1.0 counts 5,
// while anything that is not a recommended emoji (two regional indicators that are no
// flag, an unsupported ZWJ sequence) counts per code point, never less than 3.1.0 counts
// it. Every deliberate difference from twitter-text 3.1.0 is listed with its reason in
// testdata/differences.json and tested.
//
// URL characters are matched as twitter-text's regular expressions match them: with the
// i flag and without u, so ECMAScript's case canonicalisation lets in characters the
// classes do not list (U+0399 matches the latin-accent class through U+0345, U+A7DC
// through U+019B); the canonical forms are the JavaScript engine's own, recorded in
// rules/internal/urls/testdata.
//
// A Parser implements rules.Counter under the name "x-weighted", so it plugs into
// rules.Limits: Measure reports the weighted length against a cap and the byte offset
// where the text goes over it. Measure stops reading once the text is known to be over
// its cap (Exact false, Length a lower bound), so a 1 MiB text costs about what its first
// few kilobytes cost, whatever it holds.
package xweight
