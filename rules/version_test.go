package rules_test

import (
	"regexp"
	"testing"

	"github.com/postrules/postrules/rules"
)

// TestBookRevisionIsNewestRead holds BookRevision to the book: no rule or source of TextRules()
// was read after it. (The media rules are part of the book too, and rules cannot see
// them: cmd/validate's TestBookRevisionIsTheWholeBooks holds it to the newest date of the
// whole book, media.Book().)
func TestBookRevisionIsNewestRead(t *testing.T) {
	newest := ""
	for _, r := range rules.TextRules() {
		if r.Read > newest {
			newest = r.Read
		}
		for _, s := range r.Sources {
			if s.Read > newest {
				newest = s.Read
			}
		}
	}
	if newest > rules.BookRevision {
		t.Errorf("BookRevision = %q; a rule of the book was read on %q, after it", rules.BookRevision, newest)
	}
}

// TestVersionShape checks the version strings are what semver (https://semver.org, 2.0.0)
// and npm accept: MAJOR.MINOR.PATCH, and BookVersion with build metadata of dot-separated
// [0-9A-Za-z-] identifiers.
func TestVersionShape(t *testing.T) {
	if !regexp.MustCompile(`^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$`).MatchString(rules.Version) {
		t.Errorf("Version %q is not MAJOR.MINOR.PATCH", rules.Version)
	}
	if !regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}$`).MatchString(rules.BookRevision) {
		t.Errorf("BookRevision %q is not YYYY-MM-DD", rules.BookRevision)
	}
	if want := rules.Version + "+book." + rules.BookRevision; rules.BookVersion != want {
		t.Errorf("BookVersion = %q, want %q", rules.BookVersion, want)
	}
	if !regexp.MustCompile(`^[^+]+\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*$`).MatchString(rules.BookVersion) {
		t.Errorf("BookVersion %q has no valid semver build metadata", rules.BookVersion)
	}
}
