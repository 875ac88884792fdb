// Package urlclass holds the source data of the case-insensitive character classes of
// package urls: the members of twitter-text 3.1.0's URL classes as its regular
// expressions write them (members.go), and the JavaScript engine's Canonicalize, read
// from testdata/canonicalize.txt of package urls (canonicalize.go).
//
// Package urls matches the ASCII members directly. gen_casefold.go there closes the
// non-ASCII members under Canonicalize into casefold_table.go, and the tests of urls check
// that table against the members and the data code point by code point, so the members
// are written once for all three.
package urlclass
