package entity

import (
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// TestPropScanInvariants: on texts made of the pieces that reach every branch of the
// extractors, entities come in order, never overlap, start at their marks and stay
// inside the text (checkScan); and a tag's kind does not depend on text after a space
// that follows it (what follows a tag only matters right after it).
func TestPropScanInvariants(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 2000
	p := gopter.NewProperties(params)
	pieces := []string{"#", "＃", "@", "＠", "$", " ", "RT", "a", "Z9", "_", "é", "日本", "\u200d", "\ufe0f", "\u20e3", "&", "://", "x.com", "https://a.io/p", "/l", "AAPL", ".B", "😀"}
	text := gen.SliceOf(gen.IntRange(0, len(pieces)-1)).Map(func(ix []int) string {
		var b strings.Builder
		for _, i := range ix {
			b.WriteString(pieces[i])
		}
		return b.String()
	})
	p.Property("the scan's invariants hold", prop.ForAll(func(s string) bool {
		checkScan(t, s)
		return !t.Failed()
	}, text))
	p.Property("the tags before a space do not change with what comes after it", prop.ForAll(func(a, b string) bool {
		head := a + " "
		count := func(s string) (n int) {
			var sc Scanner
			sc.Init(s)
			for {
				e, ok := sc.Next()
				if !ok || e.End > len(head)-1 {
					return n
				}
				if e.Kind != URL {
					n++
				}
			}
		}
		return count(head) == count(head+b)
	}, text, text))
	p.TestingRun(t)
}
