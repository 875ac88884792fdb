package rules

import (
	"iter"

	"github.com/postrules/postrules/rules/internal/entity"
)

// Span is the bytes text[Start:End] of a text.
type Span struct{ Start, End int }

// Counted returns the items the count rule r counts in text, in text order, as spans: its
// #hashtags, @mentions or $cashtags, found by the recogniser the rule's measure uses
// (rules/internal/entity, twitter-text's extractors), so the (Limit+1)-th span starts at
// the rule's OverflowAt. The whole sequence costs one scan of text, O(len(text)) however
// many items it holds; nothing is allocated per item. For any other rule the sequence is
// empty: a links rule (threads.links.max) counts unique links, not each occurrence, and a
// length rule counts no items.
//
// Package schema/fix uses it to remove the items past a rule's count
// (RemedyDropCounted).
func (r Rule) Counted(text string) iter.Seq[Span] {
	switch r.kind {
	case kindHashtags, kindMentions, kindCashtags:
	default:
		return func(func(Span) bool) {}
	}
	kind := tagKind(r.kind)
	return func(yield func(Span) bool) {
		var sc entity.Scanner
		sc.Init(text)
		for {
			e, ok := sc.Next()
			if !ok {
				return
			}
			if e.Kind == kind && !yield(Span{e.Start, e.End}) {
				return
			}
		}
	}
}
