package media_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/media"
)

// mediaCase is one file of testdata/evidence: a public, dated case where a platform took or
// refused a concrete file (or where its own error message states the figure it refuses
// past), as the facts the probe would give of that file.
type mediaCase struct {
	// URL is the thread, pull request or file the case was read in.
	URL string `json:"url"`
	// Date is the day (YYYY-MM-DD) of the post, comment or commit that shows the case.
	Date     string         `json:"date"`
	Platform rules.Platform `json:"platform"`
	// Verdict is what the platform did: "taken" or "refused".
	Verdict string `json:"verdict"`
	// Expect is what the book must answer when it is not what Verdict implies (taken: no
	// error; refused: an error): "warning" for a refusal the book only warns of, with Why.
	Expect string `json:"expect,omitempty"`
	Why    string `json:"why,omitempty"`
	// Rule is the rule the book must break for a refused case (or warn of).
	Rule string `json:"rule,omitempty"`
	// Quote is the source's own words (its error message, or what it reports).
	Quote string      `json:"quote"`
	Facts media.Facts `json:"facts"`
	// Assumed says which facts the source does not state and why the values given do not
	// decide the case; "" when the source states every fact given.
	Assumed string `json:"assumed,omitempty"`
}

// readEvidence decodes every case file of dir into a new value from fresh, strictly (an
// unknown member is a mistake in the corpus, not something to skip).
func readEvidence[T any](t *testing.T, dir string) map[string]*T {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(names) == 0 {
		t.Fatalf("no evidence in %s", dir)
	}
	out := map[string]*T{}
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		d := json.NewDecoder(bytes.NewReader(b))
		d.DisallowUnknownFields()
		v := new(T)
		if err := d.Decode(v); err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		out[strings.TrimSuffix(filepath.Base(n), ".json")] = v
	}
	return out
}

var (
	evidenceDate = regexp.MustCompile(`^20[0-9]{2}-[01][0-9]-[0-3][0-9]$`)
	evidenceURL  = regexp.MustCompile(`^https://github\.com/[^/]+/[^/]+/(issues|pull|blob)/[^ ]+$`)
)

// TestMediaEvidence holds media.Judge to every public case of testdata/evidence: a file a
// platform took gets no error, a file it refused gets an error from the rule the case
// names. A case may instead expect a warning where the book deliberately reads the
// platform's refusal as the stricter of its own sources (DESIGN.md rule 8), and then says
// why. Each case cites the URL it was read at.
func TestMediaEvidence(t *testing.T) {
	cases := readEvidence[mediaCase](t, filepath.Join("testdata", "evidence"))
	ids := map[string]bool{}
	for _, r := range media.Rules() {
		ids[r.ID] = true
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			if !evidenceURL.MatchString(c.URL) || !evidenceDate.MatchString(c.Date) || c.Quote == "" || !c.Platform.Valid() {
				t.Fatalf("a case needs a GitHub URL, a date, a quote and a platform: %+v", c)
			}
			if c.Rule != "" && !ids[c.Rule] {
				t.Fatalf("rule %q is not a media rule of the book", c.Rule)
			}
			problems, warnings := media.Judge(c.Platform, c.Facts)
			switch expect := expectation(t, c.Verdict, c.Expect, c.Rule, c.Why); expect {
			case "none":
				if len(problems) > 0 {
					t.Errorf("%s took this file (%s), the book refuses it: %v", c.Platform, c.URL, problems)
				}
			case "error":
				if !slices.ContainsFunc(problems, func(p media.Problem) bool { return p.Rule == c.Rule }) {
					t.Errorf("%s refused this file (%s: %q), the book does not refuse it by %s: problems %v, warnings %v", c.Platform, c.URL, c.Quote, c.Rule, problems, warnings)
				}
			case "warning":
				if len(problems) > 0 {
					t.Errorf("the book refuses what it should only warn of (%s): %v", c.Why, problems)
				}
				// The warning may be a rule of its own beside the error rule the case names
				// (one severity per rule): any warning on the same platform and kind of file.
				field := c.Rule[:strings.LastIndexByte(c.Rule, '.')+1]
				if !slices.ContainsFunc(warnings, func(p media.Problem) bool { return strings.HasPrefix(p.Rule, field) }) {
					t.Errorf("%s refused this file (%s), the book gives no warning %s*: %v", c.Platform, c.URL, field, warnings)
				}
			}
		})
	}
}

// expectation is what the book must answer a case: "none" (no error) for a file taken,
// "error" from rule for a file refused, or "warning" from rule where the case says why
// the book only warns. A case that says less is a mistake in the corpus.
func expectation(t *testing.T, verdict, expect, rule, why string) string {
	t.Helper()
	switch {
	case verdict == "taken" && expect == "" && rule == "":
		return "none"
	case verdict == "refused" && expect == "" && rule != "":
		return "error"
	case verdict == "refused" && expect == "warning" && rule != "" && why != "":
		return "warning"
	}
	t.Fatalf("verdict %q, expect %q, rule %q, why %q: a taken case names no rule; a refused one names its rule, and expects a warning only with a why", verdict, expect, rule, why)
	return ""
}
