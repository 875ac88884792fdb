package schema

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/postrules/postrules/rules"
)

// platformFixture is one file of testdata/platforms: real-looking posts for one rule of
// the book, each with the verdict expected: "ok" (valid, the rule silent), "error" (invalid
// because of the rule, and only of it) or "warning" (valid, the rule among the warnings).
// The posts sit at the rule's limit and one past it, in texts whose units differ (é is 2
// bytes, an emoji 2 UTF-16 units), so a wrong number or a wrong unit fails here. Expected
// verdicts were written from the platforms' documents (rules/book_<platform>.go cites them), not
// from this code's output. A case's options, when given, are the caller's (the one
// options model as JSON, DecodeEnv): a rule about a connected account's facts needs them.
type platformFixture struct {
	Rule  string `json:"rule"`
	Cases []struct {
		Why     string          `json:"why"`
		Expect  string          `json:"expect"`
		Body    json.RawMessage `json:"body"`
		Options json.RawMessage `json:"options,omitempty"`
	} `json:"cases"`
}

// fixtureEnv is a case's options decoded, or the zero Env without any.
func fixtureEnv(t *testing.T, options json.RawMessage) Env {
	t.Helper()
	if options == nil {
		return Env{}
	}
	env, problems := DecodeEnv(options)
	if len(problems) > 0 {
		t.Fatalf("fixture options %s: %+v", options, problems)
	}
	return env
}

func loadPlatformFixtures(t *testing.T) map[string]platformFixture {
	t.Helper()
	files, err := filepath.Glob("testdata/platforms/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	out := map[string]platformFixture{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var fx platformFixture
		if err := json.Unmarshal(b, &fx); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if filepath.Base(f) != fx.Rule+".json" {
			t.Errorf("%s holds rule %q", f, fx.Rule)
		}
		out[fx.Rule] = fx
	}
	return out
}

func rulesOf(ps []Problem) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Rule)
	}
	return out
}

func has(ids []string, id string) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

func TestPlatformFixtures(t *testing.T) {
	fixtures := loadPlatformFixtures(t)
	for _, r := range rules.TextRules() {
		fx, ok := fixtures[r.ID]
		if !ok {
			t.Errorf("rule %q has no fixture in testdata/platforms", r.ID)
			continue
		}
		broken := false
		for _, c := range fx.Cases {
			env := fixtureEnv(t, c.Options)
			v := CheckCreatePost(c.Body, env)
			errs, warns := rulesOf(v.Problems), rulesOf(v.Warnings)
			where := r.ID + ": " + c.Why
			switch c.Expect {
			case "ok":
				if !v.Valid || has(errs, r.ID) || has(warns, r.ID) {
					t.Errorf("%s: want valid and %s silent; problems %+v warnings %+v", where, r.ID, v.Problems, v.Warnings)
				}
			case "error":
				broken = true
				if v.Valid || !has(errs, r.ID) || r.Severity != rules.SeverityError {
					t.Errorf("%s: want invalid by %s; problems %+v", where, r.ID, v.Problems)
				}
				for _, p := range v.Problems {
					if p.Rule != r.ID {
						t.Errorf("%s: the post should break %s alone, also %+v", where, r.ID, p)
					}
				}
				// Turned off through the one options model, the rule says nothing.
				offEnv := env
				offEnv.Limits = rules.DefaultLimits().Disable(r.ID)
				off := CheckCreatePost(c.Body, offEnv)
				if !off.Valid || has(rulesOf(off.Problems), r.ID) {
					t.Errorf("%s: with %s disabled: problems %+v", where, r.ID, off.Problems)
				}
			case "warning":
				// For a warning rule: valid, and the rule among the warnings. For an error
				// rule: valid at its limit, while its stricter warning speaks.
				warned := has(warns, r.ID)
				if r.Severity == rules.SeverityError {
					warned = len(warns) > 0 && !warned
				}
				if !v.Valid || !warned || has(errs, r.ID) {
					t.Errorf("%s: want valid with a warning; problems %+v warnings %+v", where, v.Problems, v.Warnings)
				}
				if r.Severity == rules.SeverityWarning {
					broken = true
				}
			default:
				t.Errorf("%s: expect %q", where, c.Expect)
			}
		}
		if !broken {
			t.Errorf("rule %q: no fixture breaks it", r.ID)
		}
	}
	for id := range fixtures {
		if _, ok := rules.RuleByID(id); !ok {
			t.Errorf("fixture for %q, which is not in the book", id)
		}
	}
}

// A limit changed through Env.Limits reaches the media and options rules too, and the
// problem names the rule with the caller's number.
func TestPlatformRuleOverride(t *testing.T) {
	body := []byte(`{"content":"Three shots from the shoot","publishNow":true,"platforms":[{"platform":"twitter"}],"mediaItems":[` +
		`{"type":"image","url":"https://cdn.example.com/1.jpg"},{"type":"image","url":"https://cdn.example.com/2.jpg"},{"type":"image","url":"https://cdn.example.com/3.jpg"}]}`)
	if v := CheckCreatePost(body, Env{}); !v.Valid {
		t.Fatalf("3 images on twitter: %+v", v.Problems)
	}
	v := CheckCreatePost(body, Env{Limits: rules.DefaultLimits().WithRule("twitter.media.max", 2)})
	if v.Valid || len(v.Problems) != 1 || v.Problems[0].Rule != "twitter.media.max" || !strings.Contains(v.Problems[0].Message, "at most 2 images") {
		t.Errorf("3 images with twitter.media.max at 2: %+v", v.Problems)
	}
	yt := []byte(`{"content":"Behind the scenes","publishNow":true,"platforms":[{"platform":"youtube","platformSpecificData":{"title":"Spring shoot"}}],"mediaItems":[{"type":"video","url":"https://cdn.example.com/v.mp4"}]}`)
	v = CheckCreatePost(yt, Env{Limits: rules.DefaultLimits().WithRule("youtube.title.max", 5)})
	if v.Valid || v.Problems[0].Rule != "youtube.title.max" || v.Problems[0].Path != "/platforms/0/platformSpecificData/title" {
		t.Errorf("a 12-character title with youtube.title.max at 5: %+v", v.Problems)
	}
}

// TestTypedPlatformTables: each typed platform's member table, read from its options
// type's declarations, names exactly the json fields of that type, in order, and the
// platform's target field is where the decoder puts them; a field the table missed would
// otherwise be rejected as unknown_field on the wire.
func TestTypedPlatformTables(t *testing.T) {
	seen := map[rules.Platform]bool{}
	for _, tp := range typedPlatforms {
		p := tp.platform()
		if seen[p] || p == rules.Twitter {
			t.Errorf("%s is listed twice, or is twitter", p)
		}
		seen[p] = true
		var tgt PlatformTarget
		d := newDecoder([]byte(`{}`), originBody)
		tp.decode(d, &tgt)
		typed := tp.typed(&tgt)
		if typed == nil || len(d.all()) != 0 {
			t.Fatalf("%s: decoding {} gave %v, problems %v", p, typed, d.all())
		}
		ty := reflect.TypeOf(typed).Elem()
		var want []string
		for i := 0; i < ty.NumField(); i++ {
			name, _, _ := strings.Cut(ty.Field(i).Tag.Get("json"), ",")
			want = append(want, name)
		}
		if got := tp.fields().names; !reflect.DeepEqual(got, want) {
			t.Errorf("%s: table %v, type %s %v", p, got, ty.Name(), want)
		}
	}
	for _, p := range rules.Platforms() {
		if p != rules.Twitter && !seen[p] {
			t.Errorf("%s has no typed options", p)
		}
	}
}
