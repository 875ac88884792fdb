package bridge

//go:generate go run ./internal/rulesjsongen -o rulesjson_gen.go

// RulesJSON is the whole rule book, the rules and the media rules (media.Book), as a
// JSON array whose elements are, member for member and byte for byte, the lines of
// `validate rules --format json` (encoding/json of [rules.Rule] without HTML escaping).
// It is a constant written by go generate (rulesjson_gen.go, internal/rulesjsongen), so
// that the counter module links neither encoding/json nor rules/media (whose media rules
// bring fmt, 100 KB gzipped); TestRulesJSONIsEncodingJSON fails when the book and the
// constant differ.
func RulesJSON() string { return rulesBookJSON }
