package gotable

import (
	"bytes"
	"reflect"
	"testing"
)

// The lookups of rules/xweight read the layout without pointers, trusting that edge j
// leads to node j+1 and that a node's edges are sorted and contiguous.
func TestLayoutIsBreadthFirst(t *testing.T) {
	tr := NewTrie()
	tr.Add([]rune("cb"), 1)
	tr.Add([]rune("a"), 2)
	tr.Add([]rune("ca"), 1)
	tr.Add([]rune("a"), 4) // kinds of one sequence are ORed
	got := tr.Layout()
	want := Layout{
		// node 0 root: a, c; node 1 "a": none; node 2 "c": a, b; nodes 3, 4: none.
		NodeStart: []int{0, 2, 2, 4, 4, 4},
		EdgeRune:  []rune{'a', 'c', 'a', 'b'},
		EdgeKind:  []int{6, 0, 1, 1},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("layout\n got %+v\nwant %+v", got, want)
	}
}

func TestArrayBreaksLines(t *testing.T) {
	var b bytes.Buffer
	Array(&b, "x is three.", "x", "uint16", []uint16{1, 0xAB, 3}, 2, Hex[uint16](4))
	want := "// x is three.\nvar x = [...]uint16{\n\t0x0001, 0x00AB,\n\t0x0003,\n}\n\n"
	if b.String() != want {
		t.Fatalf("got %q, want %q", b.String(), want)
	}
	b.Reset()
	Array(&b, "", "y", "int", []int{-1, 20}, 8, Decimal[int])
	if want := "var y = [...]int{\n\t-1, 20,\n}\n\n"; b.String() != want {
		t.Fatalf("got %q, want %q", b.String(), want)
	}
}
