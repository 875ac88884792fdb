package rules

import (
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
)

// countingCounter counts the graphemes it is asked to measure and how many times it is
// asked, so a test can see what CheckPost measures.
type countingCounter struct{ calls, bytes *atomic.Int64 }

func (c countingCounter) Name() string { return "graphemes" }
func (c countingCounter) Measure(text string, cap int) (Measurement, error) {
	c.calls.Add(1)
	c.bytes.Add(int64(len(text)))
	return GraphemeCounter().Measure(text, cap)
}

func TestCheckPostMeasuresTheSharedContentOncePerPlatform(t *testing.T) {
	calls, bytes := new(atomic.Int64), new(atomic.Int64)
	cc := countingCounter{calls, bytes}
	var lim Limits
	for _, p := range Platforms() {
		lim = lim.With(p, Limit{Cap: 10, Counter: cc})
	}
	shared := strings.Repeat("x", 1000) // over every cap: every target gets post_too_long
	own := "mine"
	post := Post{Content: shared}
	for i := 0; i < 3000; i++ {
		pt := PostTarget{Index: i, Platform: Platforms()[i%3]}
		if i%100 == 7 {
			pt.Content = &own
		}
		post.Targets = append(post.Targets, pt)
	}
	checks := lim.CheckPost(&post, nil)

	// The answer is checkTargetAll's, target by target.
	for i := range post.Targets {
		if want := lim.checkTargetAll(post.Targets[i].text(shared)); !reflect.DeepEqual(checks[i], want) {
			t.Fatalf("target %d: %+v, want %+v", i, checks[i], want)
		}
	}

	// Measured: the shared content once per platform (3), each override once (30).
	calls.Store(0)
	bytes.Store(0)
	lim.CheckPost(&post, nil)
	if got, want := calls.Load(), int64(3+30); got != want {
		t.Errorf("%d measurements, want %d: the shared content must be measured once per platform", got, want)
	}
	if got, want := bytes.Load(), int64(3*len(shared)+30*len(own)); got != want {
		t.Errorf("%d bytes handed to the counter, want %d", got, want)
	}
}

func TestCheckPostNilArguments(t *testing.T) {
	// A nil post has no targets, and a nil reporter drops the problems of media and
	// options: neither panics.
	if checks := DefaultLimits().CheckPost(nil, nil); checks != nil {
		t.Fatalf("CheckPost(nil) = %+v", checks)
	}
	post := Post{Content: "hi", Targets: []PostTarget{{Platform: Instagram}}} // instagram needs media
	checks := DefaultLimits().CheckPost(&post, nil)
	if len(checks) != 1 || len(checks[0].Posts) != 1 || !checks[0].Posts[0].Fits() {
		t.Fatalf("checks %+v", checks)
	}
}
