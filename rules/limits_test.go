package rules

import (
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/postrules/postrules/rules/apierror"
)

func TestDefaultCap(t *testing.T) {
	tests := []struct {
		p    Platform
		want int
		why  string
	}{
		{Twitter, 280, "rule 2 of docs/design.md and X's documented 280"},
		{Bluesky, 300, "app.bsky.feed.post text maxGraphemes"},
		{Threads, 500, "Threads API text posts"},
		{LinkedIn, 3000, "LinkedIn post commentary"},
		{Instagram, 2200, "Instagram caption"},
		{TikTok, 2200, "TikTok caption"},
		{Pinterest, 800, "PinCreate.description maxLength 800 (the 500 of peers is a warning rule)"},
		{YouTube, 5000, "YouTube video description"},
		{Facebook, 63206, "Facebook post"},
		{GoogleBusiness, 1500, "Google Business Profile post summary"},
		{"x", 0, "not a platform"},
		{"Twitter", 0, "platform names are exact and lowercase"},
		{"", 0, "empty"},
	}
	for _, tt := range tests {
		if got := defaultCap(tt.p); got != tt.want {
			t.Errorf("defaultCap(%q) = %d, want %d (%s)", tt.p, got, tt.want, tt.why)
		}
	}
	for _, p := range Platforms() {
		if defaultCap(p) <= 0 {
			t.Errorf("platform %q has no default cap", p)
		}
	}
}

func TestLimitsZeroValueIsDefault(t *testing.T) {
	var zero Limits
	if zero != DefaultLimits() {
		t.Fatal("the zero Limits differs from DefaultLimits()")
	}
	for _, p := range Platforms() {
		lim := zero.For(p)
		if lim.Cap != defaultCap(p) {
			t.Errorf("For(%q).Cap = %d, want %d", p, lim.Cap, defaultCap(p))
		}
		// Each platform counts in its own unit (rules/book_<platform>.go): graphemes where the
		// platform says so, bytes where its docs say bytes, UTF-16 where it says nothing.
		want := map[Platform]string{Twitter: "graphemes", Bluesky: "graphemes", Threads: "bytes", YouTube: "bytes"}[p]
		if want == "" {
			want = "utf16"
		}
		if lim.Counter == nil || lim.Counter.Name() != want {
			t.Errorf("For(%q).Counter = %v, want %s", p, lim.Counter, want)
		}
	}
	if lim := zero.For("mastodon"); lim != (Limit{}) {
		t.Errorf("For(unknown) = %+v, want the zero Limit", lim)
	}
}

// lengthFixedCounter counts every text as a fixed length, so tests can tell which counter ran.
type lengthFixedCounter struct{ n int }

func (lengthFixedCounter) Name() string { return "fixed" }
func (c lengthFixedCounter) Measure(text string, limit int) (Measurement, error) {
	m := Measurement{Counter: "fixed", Length: c.n, Exact: true, Cap: limit, OverflowAt: -1}
	if c.n > limit {
		m.OverflowAt = 0
	}
	return m, nil
}

func TestLimitsWith(t *testing.T) {
	base := DefaultLimits()
	custom := base.With(Twitter, Limit{Cap: 10})
	if got := base.For(Twitter).Cap; got != 280 {
		t.Errorf("With mutated the original: twitter cap %d", got)
	}
	if got := custom.For(Twitter); got.Cap != 10 || got.Counter.Name() != "graphemes" {
		t.Errorf("custom.For(twitter) = %+v, want cap 10 counted in graphemes (nil Counter = graphemes)", got)
	}
	if got := custom.For(Bluesky).Cap; got != 300 {
		t.Errorf("With changed another platform: bluesky cap %d", got)
	}

	// Value semantics: a copy taken before a With is unaffected by it.
	copied := custom
	_ = copied.With(Twitter, Limit{Cap: 99})
	if got := custom.For(Twitter).Cap; got != 10 {
		t.Errorf("With on a copy changed the original: %d", got)
	}

	// Cap <= 0 means the default cap; a counter without a cap keeps it.
	withCounter := base.With(LinkedIn, Limit{Counter: lengthFixedCounter{5}})
	if got := withCounter.For(LinkedIn); got.Cap != 3000 || got.Counter.Name() != "fixed" {
		t.Errorf("For(linkedin) = %+v, want cap 3000 with the fixed counter", got)
	}
	if got := base.With(Twitter, Limit{Cap: -7}); got != base {
		t.Errorf("a negative cap is not the default: %+v", got.For(Twitter))
	}
	if got := base.With("mastodon", Limit{Cap: 1}); got != base {
		t.Error("With(unknown platform) changed the limits")
	}

	// The configured counter and cap are what Measure uses.
	m, err := withCounter.Measure(LinkedIn, "whatever")
	if err != nil || m.Counter != "fixed" || m.Length != 5 || m.Cap != 3000 {
		t.Errorf("Measure with a custom counter = %+v, %v", m, err)
	}
}

func TestLimitsMeasure(t *testing.T) {
	l := DefaultLimits()
	m, err := l.Measure(Twitter, strings.Repeat("\u65e5", 281))
	if err != nil {
		t.Fatal(err)
	}
	if m.Length != 281 || !m.Exact || m.Cap != 280 || m.OverflowAt != 280*3 || m.Fits() {
		t.Errorf("Measure(twitter, 281 CJK) = %+v", m)
	}
	m, err = l.Measure(Bluesky, strings.Repeat("\U0001F44D\U0001F3FD", 300))
	if err != nil || !m.Fits() || m.Length != 300 {
		t.Errorf("Measure(bluesky, 300 emoji with modifiers) = %+v, %v: each is one grapheme", m, err)
	}
	for _, p := range Platforms() {
		at := strings.Repeat("a", defaultCap(p))
		if m, err := l.Measure(p, at); err != nil || !m.Fits() {
			t.Errorf("Measure(%q, exactly the cap) = %+v, %v", p, m, err)
		}
		if m, err := l.Measure(p, at+"b"); err != nil || m.Fits() || m.OverflowAt != defaultCap(p) {
			t.Errorf("Measure(%q, cap+1) = %+v, %v", p, m, err)
		}
	}
}

func TestLimitsMeasureErrors(t *testing.T) {
	l := DefaultLimits()
	m, err := l.Measure("mastodon", "hi")
	var e *apierror.Error
	if !errors.As(err, &e) || e.Code != apierror.CodeUnknownPlatform || e.HTTPStatus != 400 {
		t.Errorf("Measure(unknown platform) error = %v, want unknown_platform", err)
	}
	if m.Fits() {
		t.Error("Measure(unknown platform) returned a Measurement that fits")
	}
	_, err = l.Measure(Twitter, "ok\xffno")
	if !errors.As(err, &e) || e.Code != apierror.CodeInvalidUTF8 || e.Offset != 2 {
		t.Errorf("Measure(invalid UTF-8) error = %v, want invalid_utf8 at offset 2", err)
	}
}

// Limits are values shared between goroutines: concurrent readers and With calls never
// see one another's changes (run with -race).
func TestLimitsConcurrent(t *testing.T) {
	shared := DefaultLimits().With(Twitter, Limit{Cap: 100})
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				mine := shared.With(Twitter, Limit{Cap: g + 1})
				if mine.For(Twitter).Cap != g+1 || shared.For(Twitter).Cap != 100 {
					t.Error("limits leaked between goroutines")
					return
				}
				if _, err := shared.Measure(Twitter, "hello"); err != nil {
					t.Error(err)
					return
				}
			}
		}(g)
	}
	wg.Wait()
}
