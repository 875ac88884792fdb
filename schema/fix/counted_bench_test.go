package fix_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/schema/fix"
)

// BenchmarkDropCounted offers the fix of captions of 1,000 to 100,000 hashtags against
// Instagram's 30: the time per byte stays flat (one scan to find the items, one to check
// the result), where removing one item and measuring again was quadratic.
func BenchmarkDropCounted(b *testing.B) {
	for _, n := range []int{1000, 10_000, 100_000} {
		body := []byte(igBody(strings.TrimSpace(strings.Repeat("#tag ", n))))
		ps := []fix.Problem{{Path: "/content", Rule: "instagram.hashtags.max", Code: "invalid_value", OverflowAt: 30 * len("#tag ")}}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				f := fix.Offer(body, ps, rules.DefaultLimits())[0]
				if f == nil || f.Description != fmt.Sprintf("Remove %d hashtags past the 30th", n-30) {
					b.Fatalf("%+v", f)
				}
			}
		})
	}
}
