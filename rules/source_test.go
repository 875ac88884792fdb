package rules

import (
	"strings"
	"testing"
)

// TestRulesHaveSources: every rule of the book carries its sources as data (DESIGN rule 8),
// each well formed, and Source and Read name the first.
func TestRulesHaveSources(t *testing.T) {
	for _, r := range TextRules() {
		if len(r.Sources) == 0 {
			t.Errorf("%s: no Sources", r.ID)
			continue
		}
		if r.Source != r.Sources[0].URL || r.Read != r.Sources[0].Read {
			t.Errorf("%s: Source %q read %s, but its first source is %q read %s", r.ID, r.Source, r.Read, r.Sources[0].URL, r.Sources[0].Read)
		}
		for _, s := range r.Sources {
			if !strings.HasPrefix(s.URL, "https://") || len(s.Read) != len("2026-11-28") || s.Read[4] != '-' || s.Read[7] != '-' || s.Figure == "" {
				t.Errorf("%s: source %+v", r.ID, s)
			}
			if s.Says != Refuses && s.Says != Recommends {
				t.Errorf("%s: source %s says %q", r.ID, s.URL, s.Says)
			}
			if n := len(strings.Fields(s.Quote)); n > 25 {
				t.Errorf("%s: a quote of %d words from %s (25 at most)", r.ID, n, s.URL)
			}
		}
	}
}

// errorWithoutRefusal are the error rules no refusing source backs, each with why it
// stays an error. Adding to it needs the lead's decision: it is the book's debt to its
// own principle.
var errorWithoutRefusal = map[string]string{
	// Every platform's primary text rule is an error length rule (Limits.For, the counters
	// of validate length and the composer); no Meta document states a cap for a Page post.
	"facebook.text.max": "a platform's primary text rule is an error length rule",
}

// TestErrorRulesHaveRefusingSource: severity follows evidence (DESIGN rule 8). A rule is an
// error only where one of its sources refuses: the platform's own documentation, API
// schema or error message, or the API's own contract, whose sources name this API's design
// (the seed: twitter's graphemes, rule T1) or its request shape (srcDesign, srcAPIShape;
// DESIGN rule 7: where the seed speaks, it wins). A rule whose sources are a peer API or
// third-party pages alone (Recommends) is a warning. And a source that is no platform's
// own and not the API's (the peer, a third-party page) never refuses.
func TestErrorRulesHaveRefusingSource(t *testing.T) {
	for _, r := range TextRules() {
		refused := false
		for _, s := range r.Sources {
			refused = refused || s.Says == Refuses
			if s.Says == Refuses && (s.URL == srcPeer || strings.Contains(s.URL, "ayrshare.com") || strings.Contains(s.URL, "zernio.com") ||
				strings.Contains(s.URL, "upload-post.com") || strings.Contains(s.URL, "mixpost")) {
				t.Errorf("%s: a peer's page %s cannot refuse for a platform", r.ID, s.URL)
			}
		}
		_, excepted := errorWithoutRefusal[r.ID]
		switch {
		case r.Severity == SeverityError && !refused && !excepted:
			t.Errorf("%s: an error rule without a source that refuses; make it a warning or cite the refusal", r.ID)
		case excepted && (refused || r.Severity != SeverityError):
			t.Errorf("%s: listed in errorWithoutRefusal, but it is %s with a refusing source %v: take it off the list", r.ID, r.Severity, refused)
		}
	}
}
