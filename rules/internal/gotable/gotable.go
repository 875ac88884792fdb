// Package gotable writes the Go source of the tables that the module's generators make
// (the emoji and TLD tries, the NFC and case-folding tables of rules/xweight): numbers as
// array literals so many to a line, and tries of rune sequences numbered breadth first.
// It exists so that every generator lays a table out one way; nothing outside generators
// and their tests imports it.
package gotable

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"sort"
)

// Array writes `var name = [...]typ{...}` with perLine items to a line, each item written
// by item and followed by a comma. doc, when not empty, is the comment above it.
func Array[T any](b *bytes.Buffer, doc, name, typ string, items []T, perLine int, item func(T) string) {
	if doc != "" {
		fmt.Fprintf(b, "// %s\n", doc)
	}
	fmt.Fprintf(b, "var %s = [...]%s{", name, typ)
	for i, it := range items {
		if i%perLine == 0 {
			b.WriteString("\n\t")
		} else {
			b.WriteString(" ")
		}
		b.WriteString(item(it))
		b.WriteString(",")
	}
	b.WriteString("\n}\n\n")
}

// Hex formats a number as 0x with upper-case digits, at least digits of them.
func Hex[T ~int | ~int32 | ~uint8 | ~uint16 | ~uint32 | ~uint64](digits int) func(T) string {
	return func(v T) string { return fmt.Sprintf("0x%0*X", digits, uint64(v)) }
}

// Decimal formats a number in base 10.
func Decimal[T ~int | ~int32 | ~uint8 | ~uint16 | ~uint32](v T) string {
	return fmt.Sprint(v)
}

// WriteSource formats src as Go (gofmt) and writes it to path.
func WriteSource(path string, src []byte) error {
	formatted, err := format.Source(src)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return os.WriteFile(path, formatted, 0o644)
}

// Trie is a set of rune sequences, each with a kind (a bit set the caller defines), laid
// out for a lookup without pointers: nodes numbered breadth first, so that the edges of
// every node are contiguous and edge j leads to node j+1.
type Trie struct {
	root *trieNode
}

type trieNode struct {
	children map[rune]*trieNode
	kind     int
}

// NewTrie returns an empty trie.
func NewTrie() *Trie { return &Trie{root: &trieNode{children: map[rune]*trieNode{}}} }

// Add inserts seq and ORs kind into the kind of its last node.
func (t *Trie) Add(seq []rune, kind int) {
	n := t.root
	for _, r := range seq {
		c := n.children[r]
		if c == nil {
			c = &trieNode{children: map[rune]*trieNode{}}
			n.children[r] = c
		}
		n = c
	}
	n.kind |= kind
}

// Layout is a trie as arrays. Node i's edges are EdgeRune[NodeStart[i]:NodeStart[i+1]],
// sorted by rune; edge j leads to node j+1, whose kind is EdgeKind[j] (0 when no sequence
// ends there). Node 0 is the root, so EdgeRune[:NodeStart[1]] are the first runes.
type Layout struct {
	NodeStart []int // one more than there are nodes
	EdgeRune  []rune
	EdgeKind  []int
}

// Layout numbers the nodes breadth first and returns the arrays.
func (t *Trie) Layout() Layout {
	var l Layout
	queue := []*trieNode{t.root}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		l.NodeStart = append(l.NodeStart, len(l.EdgeRune))
		keys := make([]rune, 0, len(n.children))
		for r := range n.children {
			keys = append(keys, r)
		}
		sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
		for _, r := range keys {
			c := n.children[r]
			l.EdgeRune = append(l.EdgeRune, r)
			l.EdgeKind = append(l.EdgeKind, c.kind)
			queue = append(queue, c)
		}
	}
	l.NodeStart = append(l.NodeStart, len(l.EdgeRune))
	return l
}
