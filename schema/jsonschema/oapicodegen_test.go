package jsonschema

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// oapiCodegenVersion is the pinned oapi-codegen (github.com/oapi-codegen/oapi-codegen/v2).
const oapiCodegenVersion = "v2.8.2"

// TestOapiCodegenClient: oapi-codegen's Go models of the OpenAPI document compile, and
// every body of the corpus that postrules accepts decodes into them and encodes back to
// the same values, each target through the discriminator into its platform's typed
// target (testdata/oapicodegen/roundtrip.go.txt). It runs in a temporary module, so this
// module's go.mod gains nothing; the first run downloads oapi-codegen and its runtime
// through the Go module proxy (skipped with -short).
func TestOapiCodegenClient(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads and builds oapi-codegen")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatal("no go command on PATH: this test runs oapi-codegen with it")
	}
	dir := t.TempDir()
	api, _ := Document(DocOpenAPI)
	prog, err := os.ReadFile(filepath.Join("testdata", "oapicodegen", "roundtrip.go.txt"))
	if err != nil {
		t.Fatal(err)
	}
	corpus, err := filepath.Abs(filepath.Join("testdata", "node", "corpus.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{
		"openapi.json": string(api),
		"cfg.yaml":     "package: api\ngenerate:\n  models: true\noutput: api/api.gen.go\n",
		"go.mod":       "module roundtrip\n\ngo 1.24\n",
		"main.go":      string(prog),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "api"), 0o755); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(goTool, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	run("run", "github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen@"+oapiCodegenVersion, "-config", "cfg.yaml", "openapi.json")
	gen, err := os.ReadFile(filepath.Join(dir, "api", "api.gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	// The typed union: one As<Platform>Target per platform and ValueByDiscriminator.
	for _, po := range platformOptions() {
		as := "As" + strings.TrimSuffix(po.options.Name(), "Options") + "Target"
		if !strings.Contains(string(gen), "func (t PlatformTarget) "+as+"()") {
			t.Errorf("oapi-codegen wrote no PlatformTarget.%s", as)
		}
	}
	run("mod", "tidy")
	out := run("run", ".", corpus)
	m := regexp.MustCompile(`checked (\d+) bodies, (\d+) targets, 0 mismatches, (\d+) whole numbers`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("round trip: %s", out)
	}
	if n, _ := strconv.Atoi(m[1]); n < 500 {
		t.Errorf("round trip checked only %d bodies: %s", n, out)
	}
	t.Log(strings.TrimSpace(out))
}
