package schema_test

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
	"github.com/postrules/postrules/schema"
)

// textCase is one file of testdata/evidence: a public, dated case where a platform took or
// refused a concrete text (or where its own error message states the figure it refuses
// past), as a create-post request whose "$TEXT" string is the text.
type textCase struct {
	// URL is the thread or pull request the case was read in.
	URL string `json:"url"`
	// Date is the day (YYYY-MM-DD) of the post or comment that shows the case.
	Date     string         `json:"date"`
	Platform rules.Platform `json:"platform"`
	// Verdict is what the platform did: "taken" or "refused".
	Verdict string `json:"verdict"`
	// Expect and Why: a refusal the book deliberately only warns of ("warning"), and why.
	Expect string `json:"expect,omitempty"`
	Why    string `json:"why,omitempty"`
	// Rule is the rule of the book a refused text breaks (or warns of).
	Rule  string `json:"rule,omitempty"`
	Quote string `json:"quote"`
	// Text is the text as the source shows it; TextParts builds it instead, as pieces
	// repeated, where the source states only its measures.
	Text      string `json:"text,omitempty"`
	TextParts []struct {
		S string `json:"s"`
		N int    `json:"n"`
	} `json:"textParts,omitempty"`
	// Measures are, by rule id, the text's length in that rule's unit as the source
	// states it (a check that the text stands for the one the source measured).
	Measures map[string]int `json:"measures,omitempty"`
	// Body is the request, with the JSON string "$TEXT" where the text goes.
	Body json.RawMessage `json:"body"`
	// Assumed says what the source does not state (the words of a text it only measures,
	// the scaffolding a request needs) and why it does not decide the case.
	Assumed string `json:"assumed,omitempty"`
}

// text is the case's text.
func (c *textCase) text() string {
	if len(c.TextParts) == 0 {
		return c.Text
	}
	var b strings.Builder
	for _, p := range c.TextParts {
		b.WriteString(strings.Repeat(p.S, p.N))
	}
	return b.String()
}

var (
	evidenceDate = regexp.MustCompile(`^20[0-9]{2}-[01][0-9]-[0-3][0-9]$`)
	evidenceURL  = regexp.MustCompile(`^https://github\.com/[^/]+/[^/]+/(issues|pull)/[0-9]+$`)
)

// TestTextEvidence holds CheckCreatePost to every public case of testdata/evidence: a text
// a platform took makes a valid request, a text it refused an invalid one with a problem
// of the rule the case names. A case may instead expect a warning where the book
// deliberately defers to the seed or to a looser source of the platform's own (DESIGN.md
// rules 7 and 8), and then says why. Each case cites the URL it was read at.
func TestTextEvidence(t *testing.T) {
	names, err := filepath.Glob(filepath.Join("testdata", "evidence", "*.json"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no evidence: %v", err)
	}
	for _, n := range names {
		t.Run(strings.TrimSuffix(filepath.Base(n), ".json"), func(t *testing.T) {
			c := readTextCase(t, n)
			text, err := json.Marshal(c.text())
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Count(c.Body, []byte(`"$TEXT"`)) != 1 {
				t.Fatalf("the body holds \"$TEXT\" %d times, not once", bytes.Count(c.Body, []byte(`"$TEXT"`)))
			}
			v := schema.CheckCreatePost(bytes.Replace(c.Body, []byte(`"$TEXT"`), text, 1), schema.Env{})
			checkMeasures(t, c, v)
			has := func(list []schema.Problem) bool {
				return slices.ContainsFunc(list, func(p schema.Problem) bool { return p.Rule == c.Rule })
			}
			switch {
			case c.Verdict == "taken" && c.Rule == "" && c.Expect == "":
				if !v.Valid {
					t.Errorf("%s took this text (%s), the book refuses it: %+v", c.Platform, c.URL, v.Problems)
				}
			case c.Verdict == "refused" && c.Rule != "" && c.Expect == "":
				if v.Valid || !has(v.Problems) {
					t.Errorf("%s refused this text (%s: %q), the book does not refuse it by %s: valid %v, problems %+v", c.Platform, c.URL, c.Quote, c.Rule, v.Valid, v.Problems)
				}
			case c.Verdict == "refused" && c.Rule != "" && c.Expect == "warning" && c.Why != "":
				if !v.Valid || !has(v.Warnings) {
					t.Errorf("%s refused this text (%s); the book should take it with the warning %s (%s): valid %v, problems %+v, warnings %+v", c.Platform, c.URL, c.Rule, c.Why, v.Valid, v.Problems, v.Warnings)
				}
			default:
				t.Fatalf("verdict %q, expect %q, rule %q, why %q: a taken case names no rule; a refused one names its rule, and expects a warning only with a why", c.Verdict, c.Expect, c.Rule, c.Why)
			}
		})
	}
}

// checkMeasures holds the text's measures in the verdict to those the case states: equal
// where the count is exact, and never past them where the counter stopped early.
func checkMeasures(t *testing.T, c *textCase, v schema.Verdict) {
	t.Helper()
	seen := map[string]bool{}
	for _, target := range v.Targets {
		for _, post := range target.Posts {
			for _, u := range post.Units {
				want, ok := c.Measures[u.Rule]
				if !ok {
					continue
				}
				seen[u.Rule] = true
				if (u.Exact && u.Length != want) || (!u.Exact && u.Length > want) {
					t.Errorf("%s measures the text %d (exact %v), the source %d", u.Rule, u.Length, u.Exact, want)
				}
			}
		}
	}
	for id := range c.Measures {
		if !seen[id] {
			t.Errorf("the verdict measures no post by %s", id)
		}
	}
}

// readTextCase decodes one case strictly and checks that it cites its source.
func readTextCase(t *testing.T, name string) *textCase {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	c := new(textCase)
	if err := d.Decode(c); err != nil {
		t.Fatal(err)
	}
	if !evidenceURL.MatchString(c.URL) || !evidenceDate.MatchString(c.Date) || c.Quote == "" || !c.Platform.Valid() || (c.Text == "") == (len(c.TextParts) == 0) {
		t.Fatalf("a case needs a GitHub issue or pull URL, a date, a quote, a platform and a text or text parts (not both): %+v", c)
	}
	if c.Rule != "" {
		if r, ok := rules.RuleByID(c.Rule); !ok || r.Platform != c.Platform {
			t.Fatalf("rule %q is not a rule of %s in the book", c.Rule, c.Platform)
		}
	}
	return c
}
