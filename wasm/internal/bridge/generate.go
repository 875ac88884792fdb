package bridge

// rulesjson_gen.go, RulesJSON's constant, is written from the rule book by the program
// internal/rulesjsongen; TestRulesJSONIsEncodingJSON fails while the file is stale.
//
//go:generate go run ./internal/rulesjsongen -o rulesjson_gen.go
