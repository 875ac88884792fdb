package main

// docs/rules.md is the output of `validate rules --markdown`, written by go generate;
// TestRulesDoc fails while the committed page differs from it.
//
//go:generate go run ./internal/tofile -o ../../docs/rules.md -- go run . rules --markdown
