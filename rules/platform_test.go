package rules

import (
	"strings"
	"testing"

	"github.com/postrules/postrules/rules/apierror"
)

func TestQuoteBoundsHugeInputs(t *testing.T) {
	q := quote(strings.Repeat("é", 1<<16))
	if len(q) > 100 || !strings.HasSuffix(q, "...") {
		t.Fatalf("quote of a huge input is %d bytes: %.80s", len(q), q)
	}
	if strings.Contains(q, `\x`) {
		t.Fatalf("quote split a UTF-8 sequence: %s", q)
	}
}

func TestParsePlatform(t *testing.T) {
	for _, p := range Platforms() {
		got, err := ParsePlatform(string(p))
		if err != nil || got != p {
			t.Errorf("ParsePlatform(%q) = %q, %v", p, got, err)
		}
	}
	if n := len(Platforms()); n != numPlatforms {
		t.Fatalf("%d platforms, want %d", n, numPlatforms)
	}
	// Wire names are exact: a capitalised or aliased name is a different string.
	for _, bad := range []string{"", "Twitter", "x", "google_business", "twitter ", "facebook\x00"} {
		_, err := ParsePlatform(bad)
		if e := apierror.As(err); e == nil || e.Code != apierror.CodeUnknownPlatform {
			t.Errorf("ParsePlatform(%q) err = %v, want unknown_platform", bad, err)
		}
	}
}

// TestDisplayName: the names the platforms give themselves, which a capital letter alone
// would get wrong for five of them.
func TestDisplayName(t *testing.T) {
	want := map[Platform]string{
		Twitter: "X", Instagram: "Instagram", YouTube: "YouTube", TikTok: "TikTok",
		Pinterest: "Pinterest", LinkedIn: "LinkedIn", Bluesky: "Bluesky", Facebook: "Facebook",
		Threads: "Threads", GoogleBusiness: "Google Business Profile",
	}
	for _, p := range Platforms() {
		if got := p.DisplayName(); got != want[p] {
			t.Errorf("%s: %q, want %q", p, got, want[p])
		}
	}
	if got := Platform("").DisplayName(); got != "" {
		t.Errorf("the empty platform: %q, want \"\"", got)
	}
}
