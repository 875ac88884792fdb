package jsonloc

import (
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// naivePosition is Position computed the slow, obvious way: the text before the offset,
// split into lines, the last line's length in UTF-16 code units.
func naivePosition(doc string, offset int) Position {
	before := strings.ReplaceAll(strings.ReplaceAll(doc[:offset], "\r\n", "\n"), "\r", "\n")
	lines := strings.Split(before, "\n")
	last := lines[len(lines)-1]
	return Position{Line: len(lines), Column: len(utf16.Encode([]rune(last))) + 1}
}

// Positions, in one pass over many offsets in any order, equals the slow computation for
// each offset at a character boundary (a "\r" of "\r\n" excluded: between the two bytes
// there is no column).
func TestPositionsProperty(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 300
	p := gopter.NewProperties(params)
	piece := gen.OneConstOf("a", "é", "日", "😀", "\n", "\r\n", "\r", " ", "\"")
	p.Property("Positions equals the slow count", prop.ForAll(func(pieces []string) bool {
		doc := strings.Join(pieces, "")
		var offsets []int
		for i := len(doc); i >= 0; i-- { // descending: Positions sorts them
			if i < len(doc) && (doc[i]&0xC0 == 0x80 || (i > 0 && doc[i-1] == '\r' && doc[i] == '\n')) {
				continue
			}
			offsets = append(offsets, i)
		}
		got := Positions([]byte(doc), offsets)
		for k, off := range offsets {
			if got[k] != naivePosition(doc, off) {
				t.Logf("%q at %d: %+v, want %+v", doc, off, got[k], naivePosition(doc, off))
				return false
			}
		}
		return true
	}, gen.SliceOf(piece)))
	p.TestingRun(t)
}
