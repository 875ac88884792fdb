// Package urlclass holds the source data of the case-insensitive character classes of
// package urls: the members of twitter-text 3.1.0's URL classes as its regular
// expressions write them (members.go). The JavaScript engine's Canonicalize that closes
// them is read by package canondata.
//
// Package urls matches the ASCII members directly. gen_casefold.go there closes the
// non-ASCII members under Canonicalize into casefold_table.go, and the tests of urls check
// that table against the members and the data code point by code point, so the members
// are written once for all three.
package urlclass
