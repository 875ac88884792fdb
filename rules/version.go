package rules

// Version is the release of the module, the validate CLI, its server and the npm package
// @postrules/wasm: one number for all of them (docs/release.md says how it is cut). The
// npm package's package.json carries the same value, and a test holds them equal.
const Version = "0.8.0"

// BookRevision is the date (YYYY-MM-DD) the newest source of the rule book was read: the
// latest Rule.Read or Source.Read of the whole book, TextRules() and the media rules
// (media.Book()). A test holds it equal to the book, so a rule read anew moves it.
const BookRevision = "2026-11-28"

// BookVersion names the rule book that judges a verdict: Version with BookRevision as
// semver build metadata ("0.8.0+book.2026-11-28"). Every verdict carries it, so a saved
// verdict says which book made it. It is a constant, not a function, so the WebAssembly
// counter module (built without package time) links nothing for it.
const BookVersion = Version + "+book." + BookRevision
