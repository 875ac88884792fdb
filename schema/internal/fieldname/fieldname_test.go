package fieldname

import (
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

var top = []string{"content", "mediaItems", "platforms", "publishNow", "scheduledFor", "timezone"}

func TestLookup(t *testing.T) {
	cases := []struct {
		key      string
		names    []string
		want     string
		caseOnly bool
		why      string
	}{
		{"Content", top, "content", true, "encoding/json would accept it silently"},
		{"SCHEDULEDFOR", top, "scheduledFor", true, "all caps"},
		{"\u017fcheduledFor", top, "scheduledFor", true, "long s folds to s in Unicode"},
		{"scheduleFor", top, "scheduledFor", false, "the issue's typo: one deletion"},
		{"sceduledFor", top, "scheduledFor", false, "one deletion inside"},
		{"publish_now", top, "publishNow", false, "snake case"},
		{"publish-now", top, "publishNow", false, "kebab case"},
		{"contnet", top, "content", false, "adjacent transposition"},
		{"platform", top, "platforms", false, "singular for plural"},
		{"timeZone", top, "timezone", true, "camel case of a lowercase name"},
		{"tz", top, "", false, "too far from timezone"},
		{"foo", top, "", false, "nothing close"},
		{"", top, "", false, "empty key"},
		{"uri", []string{"type", "url", "thumbnail"}, "url", false, "short name: one edit allowed"},
		{"ur", []string{"type", "url", "thumbnail"}, "url", false, "short name: one deletion"},
		{"u", []string{"type", "url", "thumbnail"}, "", false, "two edits from a three-letter name"},
		{"twiter", []string{"twitter", "threads"}, "twitter", false, "a platform value typo"},
		{"x", []string{"twitter", "threads"}, "", false, "X is not a wire name"},
		{strings.Repeat("x", 1<<20), top, "", false, "a 1 MiB key gets no suggestion, at fixed cost"},
	}
	for _, c := range cases {
		m := Lookup(c.key, c.names)
		if m.Name != c.want || m.CaseOnly != c.caseOnly {
			t.Errorf("%s: Lookup(%.20q) = %+v, want %q caseOnly %v", c.why, c.key, m, c.want, c.caseOnly)
		}
	}
}

func TestDistance(t *testing.T) {
	cases := []struct {
		a, b string
		d    int
	}{
		{"", "", 0}, {"abc", "abc", 0}, {"abc", "", 3}, {"kitten", "sitting", 3},
		{"ab", "ba", 1}, {"ca", "abc", 3}, // OSA: no substring is edited twice
		{"scheduleFor", "scheduledFor", 1}, {"Publish_Now", "publishNow", 0},
	}
	for _, c := range cases {
		d, ok := distance(c.a, c.b)
		d2, _ := distance(c.b, c.a)
		if !ok || d != c.d || d2 != d {
			t.Errorf("distance(%q, %q) = %d, %v (reverse %d), want %d", c.a, c.b, d, ok, d2, c.d)
		}
	}
}

// The early exit may only shorten the work: with any limit, osa answers the full distance
// when it is within the limit, and something above the limit otherwise. Names from a small
// alphabet, so that close pairs (and transpositions) are common.
func TestOSAEarlyExitKeepsTheAnswer(t *testing.T) {
	props := gopter.NewProperties(gopter.DefaultTestParameters())
	name := gen.SliceOfN(12, gen.OneConstOf(byte('a'), byte('b'), byte('c'))).Map(func(b []byte) string { return string(b) })
	props.Property("osa(a, b, limit) is the distance, or above limit when the distance is", prop.ForAll(
		func(a, b string, cutA, cutB, limit int) bool {
			a, b = a[:cutA%(len(a)+1)], b[:cutB%(len(b)+1)]
			full := osa([]byte(a), []byte(b), maxLen)
			got := osa([]byte(a), []byte(b), limit)
			if full <= limit {
				return got == full
			}
			return got > limit
		},
		name, name, gen.IntRange(0, 12), gen.IntRange(0, 12), gen.IntRange(-1, 5),
	))
	props.TestingRun(t)
}
