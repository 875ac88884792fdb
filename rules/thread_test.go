package rules

import (
	"strconv"
	"strings"
	"testing"

	"github.com/postrules/postrules/rules/apierror"
)

func lengthStrPtr(s string) *string { return &s }

func TestCheckTargetPaths(t *testing.T) {
	tests := []struct {
		target targetText
		paths  []string
		why    string
	}{
		{targetText{Index: 0, Platform: Twitter, Shared: "hi"},
			[]string{"/content"}, "no override: the shared content is the post"},
		{targetText{Index: 2, Platform: Twitter, Shared: "hi", Override: lengthStrPtr("own")},
			[]string{"/platforms/2/content"}, "the override replaces the shared content"},
		{targetText{Index: 3, Platform: LinkedIn, Shared: "hi", Override: lengthStrPtr("")},
			[]string{"/platforms/3/content"}, "an empty override is still an override"},
		{targetText{Index: 1, Platform: Twitter, Shared: "a", ThreadItems: []string{"b", "c"}},
			[]string{"/content", "/platforms/1/platformSpecificData/threadItems/0/content",
				"/platforms/1/platformSpecificData/threadItems/1/content"}, "shared content then items"},
		{targetText{Index: 12, Platform: Twitter, Override: lengthStrPtr("a"), ThreadItems: make([]string, 12)},
			append([]string{"/platforms/12/content"}, lengthItemPaths(12, 12)...), "two-digit indices, both for the target and the items"},
	}
	for _, tt := range tests {
		posts, errs := DefaultLimits().checkTargetErrors(tt.target)
		if len(errs) != 0 {
			t.Errorf("%s: unexpected errors %v", tt.why, errs)
		}
		if len(posts) != len(tt.paths) {
			t.Errorf("%s: %d posts, want %d", tt.why, len(posts), len(tt.paths))
			continue
		}
		for i, p := range posts {
			if p.Path != tt.paths[i] {
				t.Errorf("%s: post %d path %q, want %q", tt.why, i, p.Path, tt.paths[i])
			}
		}
	}
}

func lengthItemPaths(index, n int) []string {
	var out []string
	for k := 0; k < n; k++ {
		out = append(out, "/platforms/"+strconv.Itoa(index)+"/platformSpecificData/threadItems/"+strconv.Itoa(k)+"/content")
	}
	return out
}

func TestCheckTargetMeasuresTheRightText(t *testing.T) {
	posts, _ := DefaultLimits().checkTargetErrors(targetText{
		Index: 0, Platform: Twitter, Shared: "shared text", Override: lengthStrPtr("own"),
		ThreadItems: []string{"\U0001F468\u200d\U0001F469\u200d\U0001F467", "e\u0301e\u0301"},
	})
	want := []int{3, 1, 2} // "own", one family emoji, two decomposed é
	for i, p := range posts {
		if p.Length != want[i] || !p.Exact || p.Cap != 280 || p.Counter != "graphemes" || !p.Fits() {
			t.Errorf("post %d = %+v, want length %d within 280 graphemes", i, p.Measurement, want[i])
		}
	}
}

func TestCheckTargetViolations(t *testing.T) {
	over := strings.Repeat("a", 312) // 312 graphemes, overflow at byte 280
	// A text of at most 32*cap bytes (8960 for twitter) is measured exactly however far
	// over the cap it is; a longer one is counted up to 2*cap and reported as "more than".
	farOver := strings.Repeat("\u65e5", 1000) // 3000 bytes: exact
	tooLong := strings.Repeat("\u65e5", 2988) // 8964 bytes: counted up to 560
	target := targetText{
		Index:       2,
		Platform:    Twitter,
		Shared:      "fine",
		Override:    lengthStrPtr(over),
		ThreadItems: []string{"fits", farOver, "ok", "bad\xffbyte", over, tooLong},
	}
	posts, errs := DefaultLimits().checkTargetErrors(target)
	if len(posts) != 7 {
		t.Fatalf("%d posts, want 7", len(posts))
	}
	type want struct {
		code    apierror.Code
		path    string
		offset  int
		message string
	}
	wants := []want{
		{apierror.CodePostTooLong, "/platforms/2/content", 280,
			"post 1 of the thread is 312 graphemes; the cap for twitter is 280 (overflow begins at byte 280)"},
		{apierror.CodePostTooLong, "/platforms/2/platformSpecificData/threadItems/1/content", 840,
			"post 3 of the thread is 1000 graphemes; the cap for twitter is 280 (overflow begins at byte 840)"},
		{apierror.CodeInvalidUTF8, "/platforms/2/platformSpecificData/threadItems/3/content", 3,
			"post 5 of the thread: byte 0xFF at offset 3 is not valid UTF-8"},
		{apierror.CodePostTooLong, "/platforms/2/platformSpecificData/threadItems/4/content", 280,
			"post 6 of the thread is 312 graphemes; the cap for twitter is 280 (overflow begins at byte 280)"},
		{apierror.CodePostTooLong, "/platforms/2/platformSpecificData/threadItems/5/content", 840,
			"post 7 of the thread is more than 560 graphemes; the cap for twitter is 280 (overflow begins at byte 840)"},
	}
	if len(errs) != len(wants) {
		t.Fatalf("%d errors, want %d (every violation): %v", len(errs), len(wants), errs)
	}
	for i, w := range wants {
		e := errs[i]
		if e.Code != w.code || e.HTTPStatus != 400 || e.Path != w.path || e.Offset != w.offset || e.Message != w.message {
			t.Errorf("error %d = {%s %d %s %d %q}, want {%s 400 %s %d %q}",
				i, e.Code, e.HTTPStatus, e.Path, e.Offset, e.Message, w.code, w.path, w.offset, w.message)
		}
		if apierror.Billable(e) {
			t.Errorf("error %d (%s) is billable", i, e.Code)
		}
	}
	for i, fits := range []bool{false, true, false, true, false, false, false} {
		if posts[i].Fits() != fits {
			t.Errorf("post %d Fits() = %v, want %v", i, posts[i].Fits(), fits)
		}
	}
}

func TestCheckTargetSinglePost(t *testing.T) {
	_, errs := DefaultLimits().checkTargetErrors(targetText{Platform: Bluesky, Shared: strings.Repeat("b", 301)})
	if len(errs) != 1 {
		t.Fatalf("errors %v, want 1", errs)
	}
	want := "the post is 301 graphemes; the cap for bluesky is 300 (overflow begins at byte 300)"
	if e := errs[0]; e.Path != "/content" || e.Message != want || e.Offset != 300 {
		t.Errorf("error = %+v", e)
	}
}

func TestCheckTargetFits(t *testing.T) {
	posts, errs := DefaultLimits().checkTargetErrors(targetText{
		Index: 0, Platform: Twitter, Shared: strings.Repeat("x", 280),
		ThreadItems: []string{strings.Repeat("\u65e5", 280), ""},
	})
	if errs != nil {
		t.Errorf("a thread within the cap: errors %v", errs)
	}
	if len(posts) != 3 || posts[0].Length != 280 || posts[1].Length != 280 || posts[2].Length != 0 {
		t.Errorf("posts = %+v", posts)
	}
}

// Every post of a thread is measured with the target platform's limit, custom ones included.
func TestCheckTargetUsesPlatformLimit(t *testing.T) {
	l := DefaultLimits().With(Threads, Limit{Cap: 5})
	_, errs := l.checkTargetErrors(targetText{Index: 4, Platform: Threads, Shared: "123456", ThreadItems: []string{"12345", "1234567"}})
	if len(errs) != 2 || errs[0].Path != "/content" || errs[1].Path != "/platforms/4/platformSpecificData/threadItems/1/content" {
		t.Fatalf("errors = %v", errs)
	}
	if !strings.Contains(errs[1].Message, "the cap for threads is 5") {
		t.Errorf("message %q", errs[1].Message)
	}
	l = DefaultLimits().With(Twitter, Limit{Cap: 3, Counter: lengthFixedCounter{4}})
	posts, errs := l.checkTargetErrors(targetText{Platform: Twitter, Shared: "a"})
	if len(errs) != 1 || posts[0].Counter != "fixed" || !strings.Contains(errs[0].Message, "4 fixed units") {
		t.Errorf("custom counter: posts %+v, errors %v", posts, errs)
	}
}

func TestCheckTargetUnknownPlatform(t *testing.T) {
	posts, errs := DefaultLimits().checkTargetErrors(targetText{Index: 3, Platform: "myspace", Shared: "hi"})
	if posts != nil || len(errs) != 1 {
		t.Fatalf("posts %v errors %v", posts, errs)
	}
	if e := errs[0]; e.Code != apierror.CodeUnknownPlatform || e.HTTPStatus != 400 || e.Path != "/platforms/3/platform" {
		t.Errorf("error = %+v", e)
	}
}

// A counter that fails with a plain error still fails the post.
type lengthBrokenCounter struct{}

func (lengthBrokenCounter) Name() string { return "broken" }
func (lengthBrokenCounter) Measure(string, int) (Measurement, error) {
	return Measurement{Counter: "broken", OverflowAt: 0}, lengthErrCounter
}

var lengthErrCounter = &lengthCounterError{}

type lengthCounterError struct{}

func (*lengthCounterError) Error() string { return "counter exploded" }

func TestCheckTargetForeignCounterError(t *testing.T) {
	l := DefaultLimits().With(Twitter, Limit{Counter: lengthBrokenCounter{}})
	_, errs := l.checkTargetErrors(targetText{Platform: Twitter, Shared: "hi"})
	if len(errs) != 1 || errs[0].Code != apierror.CodeInvalidValue || errs[0].Path != "/content" ||
		!strings.Contains(errs[0].Message, "counter exploded") {
		t.Errorf("errors = %+v", errs)
	}
}

// No allocation per post: a thread of 40 posts allocates as often as a thread of 2.
func TestCheckTargetAllocsDoNotGrowWithPosts(t *testing.T) {
	l := DefaultLimits()
	allocs := func(items int) float64 {
		target := targetText{Index: 7, Platform: Twitter, Override: lengthStrPtr("hello"), ThreadItems: make([]string, items)}
		for k := range target.ThreadItems {
			target.ThreadItems[k] = "post \u65e5\u672c e\u0301"
		}
		return testing.AllocsPerRun(20, func() { l.checkTargetErrors(target) })
	}
	small, large := allocs(1), allocs(39)
	if small != large || large > 3 {
		t.Errorf("allocations: %v for 2 posts, %v for 40 posts; want the same, at most 3 (result slice, paths, units)", small, large)
	}
}
