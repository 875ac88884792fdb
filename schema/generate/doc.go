// Package generate draws request bodies for property-based tests of an API, a client or a
// scheduler that speaks the publishing API: bodies the rule book accepts, and bodies it
// refuses with a chosen code (and rule), each with the Env it needs and what the book
// will answer for it.
//
// Every generator is a [gopter.Gen] of *[Case]. A case is built from a short sequence of
// choices ([Choices]); the builder reads any sequence, however short or odd, into a body
// that keeps the generator's promise, so shrinking the choices (shorter, smaller) shrinks
// the body and never breaks the promise: a failing property ends at a small body. The
// same seed gives the same cases ([Sample]).
//
// Nothing here states a platform's figure: caps, units, enums and media shapes are read
// from the rule book (rules.TextRules, rules.Limits, media.Judge) when a case is built, so a
// generator stays true when the book changes. [Case.Keeps] checks a verdict against the
// promise; the package's own tests check every generator with it.
package generate
