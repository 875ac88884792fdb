package jsonschema

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/postrules/postrules/internal/ruleform"
	"github.com/postrules/postrules/rules"
)

// schemaFixtures are the rule book's fixtures (package schema's testdata/platforms: a
// rule, and bodies at its boundaries with what the verdict says of each).
func schemaFixtures(t *testing.T) map[string][]struct {
	Why    string          `json:"why"`
	Expect string          `json:"expect"`
	Body   json.RawMessage `json:"body"`
} {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "testdata", "platforms", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	out := map[string][]struct {
		Why    string          `json:"why"`
		Expect string          `json:"expect"`
		Body   json.RawMessage `json:"body"`
	}{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var fx struct {
			Rule  string `json:"rule"`
			Cases []struct {
				Why    string          `json:"why"`
				Expect string          `json:"expect"`
				Body   json.RawMessage `json:"body"`
			} `json:"cases"`
		}
		if err := json.Unmarshal(b, &fx); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out[fx.Rule] = fx.Cases
	}
	return out
}

// TestFixturesAgainstSchema: every fixture body the rule book accepts (ok and warning
// cases) is accepted by the create-post JSON Schema too, and every body refused by an
// error rule the schema states exactly is refused by it, so a rule the schema
// misplaces (a photo-only length applied to every post) fails here, not by chance in a
// property.
func TestFixturesAgainstSchema(t *testing.T) {
	s := compiled(t, DocCreatePost, "")
	for id, cases := range schemaFixtures(t) {
		r, _ := rules.DefaultLimits().Rule(id)
		for _, c := range cases {
			accepted, parsed := schemaVerdict(s, string(c.Body))
			switch {
			case !parsed:
				t.Errorf("%s: %s: the fixture is not JSON", id, c.Why)
			case c.Expect != "error" && !accepted:
				t.Errorf("%s: %s: the verdict accepts it, the schema refuses it", id, c.Why)
			case c.Expect == "error" && accepted && ruleform.SchemaOf(r.ID) == ruleform.Exact:
				t.Errorf("%s: %s: an exact rule of the schema, yet the schema accepts it", id, c.Why)
			}
		}
	}
}
