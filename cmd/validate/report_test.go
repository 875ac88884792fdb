package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"strings"
	"testing"

	jsv "github.com/santhosh-tekuri/jsonschema/v6"
)

// lintExamples are the Makefile's EXAMPLES (the bundled example posts), plus japanese-200.json
// for a warning and two problems in one file.
var lintExamples = []string{"testdata/valid-thread.json", "testdata/long-thread-item.json",
	"testdata/ambiguous-account.json", "testdata/scheduled.json", "testdata/japanese-200.json"}

// placed is a problem where a linter shows it.
type placed struct {
	file       string
	line, col  int
	level, key string // key: the rule id, else the code
}

// wantPlaced is worked out by hand from the files, not from the program:
//   - long-thread-item.json line 16 is `            "content": "4/ The long version...`:
//     twelve spaces and `"content": "` put the text's first character at column 25; X
//     counts 280 graphemes up to byte 307 of the text ("overflowAt":307), and the 307 bytes
//     hold eight em dashes (3 bytes, 1 UTF-16 unit each), so the first character over the
//     cap is at column 25 + 307 - 16 = 316.
//   - ambiguous-account.json line 5 is `      "platform": "twitter"`: the value's quote is at
//     column 19 (six spaces, "platform" in 7-16, the colon at 17, a space at 18).
//   - japanese-200.json: the same column 19 on lines 5 (twitter) and 8 (bluesky); its
//     /content value on line 2 begins at column 14 (`  "content": ` is 13 characters).
var wantPlaced = []placed{
	{"testdata/long-thread-item.json", 16, 316, "error", "twitter.text.max"},
	{"testdata/ambiguous-account.json", 5, 19, "error", "ambiguous_account"},
	{"testdata/japanese-200.json", 8, 19, "error", "no_connected_account"},
	{"testdata/japanese-200.json", 5, 19, "error", "ambiguous_account"},
	{"testdata/japanese-200.json", 2, 14, "warning", "twitter.text.x_weighted"},
}

func lint(t *testing.T, format string) string {
	t.Helper()
	r := runCLI(t, "", append([]string{"post", "--format", format, "--accounts", "testdata/accounts.json"}, lintExamples...)...)
	if r.code != exitInvalid || r.stderr != "" {
		t.Fatalf("--format %s: exit %d, stderr %q", format, r.code, r.stderr)
	}
	return r.stdout
}

func TestLintPlacesProblemsText(t *testing.T) {
	var got []placed
	for _, line := range strings.Split(strings.TrimSpace(lint(t, "text")), "\n") {
		if strings.HasSuffix(line, ": ok") {
			continue
		}
		var p placed
		head, _, _ := strings.Cut(line, ": ")
		f := strings.Split(head, ":")
		if len(f) != 3 {
			t.Fatalf("not FILE:LINE:COL: %q", line)
		}
		p.file, p.level = f[0], "error"
		p.line, p.col = atoi(t, f[1]), atoi(t, f[2])
		got = append(got, p)
	}
	// Text lists the problems (no warnings), and names no rule: compare places only.
	want := []placed{}
	for _, w := range wantPlaced {
		if w.level == "error" {
			want = append(want, placed{file: w.file, line: w.line, col: w.col, level: "error"})
		}
	}
	if !equalPlaced(got, want) {
		t.Errorf("text places\n%v\nwant\n%v", got, want)
	}
}

func TestLintPlacesProblemsGitHub(t *testing.T) {
	out := lint(t, "github")
	var got []placed
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var p placed
		rest, ok := strings.CutPrefix(line, "::")
		if !ok {
			t.Fatalf("not a workflow command: %q", line)
		}
		p.level, rest, _ = strings.Cut(rest, " ")
		props, _, _ := strings.Cut(rest, "::")
		for _, kv := range strings.Split(props, ",") {
			k, v, _ := strings.Cut(kv, "=")
			switch k {
			case "file":
				p.file = v
			case "line":
				p.line = atoi(t, v)
			case "col":
				p.col = atoi(t, v)
			case "title":
				code, rule, _ := strings.Cut(v, " (")
				p.key = code
				if rule != "" {
					p.key = strings.TrimSuffix(rule, ")")
				}
			}
		}
		got = append(got, p)
	}
	if !equalPlaced(got, wantPlaced) {
		t.Errorf("github places\n%v\nwant\n%v\noutput:\n%s", got, wantPlaced, out)
	}
}

func TestLintPlacesProblemsSARIF(t *testing.T) {
	out := lint(t, "sarif")
	validateSARIF(t, []byte(out))
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string
				Level     string
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine, StartColumn int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	var got []placed
	for _, r := range log.Runs[0].Results {
		l := r.Locations[0].PhysicalLocation
		got = append(got, placed{l.ArtifactLocation.URI, l.Region.StartLine, l.Region.StartColumn, r.Level, r.RuleID})
	}
	if !equalPlaced(got, wantPlaced) {
		t.Errorf("sarif places\n%v\nwant\n%v", got, wantPlaced)
	}
}

// JSON output carries the same places, beside each path.
func TestLintPlacesProblemsJSON(t *testing.T) {
	var got []placed
	for _, line := range strings.Split(strings.TrimSpace(lint(t, "json")), "\n") {
		var o struct {
			File               string
			Problems, Warnings []struct {
				Line, Column int
				Rule, Code   string
			}
		}
		if err := json.Unmarshal([]byte(line), &o); err != nil {
			t.Fatal(err)
		}
		add := func(level string, ps []struct {
			Line, Column int
			Rule, Code   string
		}) {
			for _, p := range ps {
				key := p.Rule
				if key == "" {
					key = p.Code
				}
				got = append(got, placed{o.File, p.Line, p.Column, level, key})
			}
		}
		add("error", o.Problems)
		add("warning", o.Warnings)
	}
	if !equalPlaced(got, wantPlaced) {
		t.Errorf("json places\n%v\nwant\n%v", got, wantPlaced)
	}
	// "line" and "column" come right after "path".
	if out := lint(t, "json"); !strings.Contains(out, `{"path":"/platforms/0/platform","line":5,"column":19,"code":"ambiguous_account"`) {
		t.Errorf("line and column are not beside path:\n%s", out)
	}
}

func equalPlaced(a, b []placed) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			t.Fatalf("not a number: %q", s)
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// validateSARIF checks a document against the published SARIF 2.1.0 JSON Schema
// (testdata/sarif, see its PROVENANCE.md), whose bytes are pinned by their hash.
func validateSARIF(t *testing.T, doc []byte) {
	t.Helper()
	b, err := os.ReadFile("testdata/sarif/sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	if h := sha256.Sum256(b); hex.EncodeToString(h[:]) != "c3b4bb2d6093897483348925aaa73af03b3e3f4bd4ca38cef26dcb4212a2682e" {
		t.Fatal("testdata/sarif/sarif-schema-2.1.0.json is not the copy PROVENANCE.md names")
	}
	schemaDoc, err := jsv.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	c := jsv.NewCompiler()
	const url = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	if err := c.AddResource(url, schemaDoc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsv.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if err := s.Validate(inst); err != nil {
		t.Errorf("the SARIF output breaks the SARIF 2.1.0 schema: %v", err)
	}
}

// The schema test can fail: a document the schema refuses is refused.
func TestValidateSARIFRefuses(t *testing.T) {
	ft := &testing.T{}
	validateSARIF(ft, []byte(`{"version":"2.1.0","runs":[{"tool":{"driver":{}}}]}`)) // driver.name is required
	if !ft.Failed() {
		t.Error("a SARIF log without tool.driver.name passed the schema")
	}
}

// Every format on odd input: stdin (no file to place), a draft publish whose problems are
// in the draft, a malformed body, and messages with the characters workflow commands
// must escape.
func TestLintFormatsOddInputs(t *testing.T) {
	body := `{"content":"50%, a:b` + `\n` + `c","platforms":[{"platform":"myspace"}],"publishNow":true}`
	r := runCLI(t, body, "post", "--format", "github", "-")
	if r.code != exitInvalid || strings.Contains(r.stdout, "file=") || !strings.HasPrefix(r.stdout, "::error title=unknown_platform::/platforms/0/platform: ") {
		t.Errorf("stdin, github: %d %q", r.code, r.stdout)
	}
	r = runCLI(t, body, "post", "--format", "sarif", "-")
	validateSARIF(t, []byte(r.stdout))
	if strings.Contains(r.stdout, "physicalLocation") {
		t.Errorf("stdin has no file to place: %s", r.stdout)
	}
	r = runCLI(t, "{", "post", "--format", "text", "-")
	if !strings.HasPrefix(r.stdout, "-:1:1: malformed_json: ") { // the whole document: where it begins
		t.Errorf("malformed: %q", r.stdout)
	}
	bad := t.TempDir() + "/draft.json"
	os.WriteFile(bad, []byte("{\n \"content\": \"x\",\n \"platforms\": [{\"platform\": \"myspace\"}]\n}\n"), 0o644)
	r = runCLI(t, `{"publishNow":true}`, "draft", "--draft", bad, "--format", "github", "-")
	if !strings.Contains(r.stdout, "::error file="+bad+",line=3,col=29,title=unknown_platform::") {
		t.Errorf("a draft's problem is placed in the draft: %q", r.stdout)
	}
	if got := githubData("50% a\r\nb"); got != "50%25 a%0D%0Ab" {
		t.Errorf("githubData = %q", got)
	}
	if got := githubProperty("a:b,c%"); got != "a%3Ab%2Cc%25" {
		t.Errorf("githubProperty = %q", got)
	}
	if r := runCLI(t, "", "length", "--format", "sarif"); r.code != exitUsage || !strings.Contains(r.stderr, "want text or json") {
		t.Errorf("length --format sarif: %d %q", r.code, r.stderr)
	}
}
