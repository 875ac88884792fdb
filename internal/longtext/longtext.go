// Package longtext carries one measurement of package rules to the WASM bridge
// (wasm/internal/bridge) and to no one else: measureAll of the start of a longer text.
// The JS wrapper sends the first 64 Ki UTF-16 units of a multi-megabyte paste, not all of
// it, and needs to know whether that start decides every platform (docs/wasm.md, "Input
// bounded before it is copied"). A Go caller holds the whole text and calls
// rules.Limits.MeasureAll, which reads no more of it than it needs; this is not part of
// rules' public surface. It lives here, under the module's internal/, because the bridge
// is outside rules/ and so cannot import a package of rules/internal.
package longtext

// MeasureAllPrefix is set by package rules, when it is initialised, to a
//
//	func(l rules.Limits, dst []rules.Measurement, ps []rules.Platform, prefix string) (ms []rules.Measurement, done bool, err error)
//
// that measures prefix, the start of a text longer than 256 KiB, as l.MeasureAll measures
// that whole text (ms appended to dst), when done is true; when done is false, prefix is
// too short to decide some platform, ms holds nothing new, and a longer prefix (or the
// whole text) must be measured. It is typed any because this package cannot name the
// types of rules, which imports it; the bridge asserts the type once, and its tests fail
// if it changes.
var MeasureAllPrefix any
