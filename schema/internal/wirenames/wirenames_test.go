package wirenames

import (
	"testing"

	"github.com/postrules/postrules/rules"
)

// TestPlatforms: every platform of the book, in its order, each parsing back to itself.
func TestPlatforms(t *testing.T) {
	names := Platforms()
	if len(names) != 10 {
		t.Fatalf("%d platforms, want the book's ten: %q", len(names), names)
	}
	for i, n := range names {
		p, err := rules.ParsePlatform(n)
		if err != nil || p != rules.Platforms()[i] {
			t.Errorf("name %d %q parses to %q, %v", i, n, p, err)
		}
	}
}
