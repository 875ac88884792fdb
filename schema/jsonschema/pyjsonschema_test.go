package jsonschema

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPythonJSONSchema: Python's jsonschema (the validator of many gateways and test
// suites) judges the corpus like the Go and Node validators: it refuses no body postrules
// accepts, and it refuses at least minStrictness of the refused create-post bodies with a
// problem a schema can state. Its regular expressions differ in one known way: "$" also
// matches before a final newline, so it takes "2030-01-01T10:00Z\n" for a scheduledFor
// (postrules, ajv and Go refuse it; a hand body of the corpus). That is never stricter,
// only looser, and JSON Schema's ECMA-262 dialect has no "\z" to write instead. It needs
// python3 with its jsonschema package (this project's machines have 4.26) and fails, never
// skips, without them: a second opinion that silently stays away is none.
func TestPythonJSONSchema(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatal("python3 is missing: run bash .ci/deps (make test does)")
	}
	if err := exec.Command(py, "-c", "import jsonschema").Run(); err != nil {
		t.Fatalf("%s has no jsonschema package: install it (pip install jsonschema, or Debian's python3-jsonschema for /usr/bin/python3)", py)
	}
	dir := t.TempDir()
	for _, name := range []string{DocCreatePost, DocDraftPublish} {
		b, _ := Document(name)
		if err := os.WriteFile(filepath.Join(dir, name+".json"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, err := exec.Command(py, filepath.Join("testdata", "python", "check_corpus.py"), dir, filepath.Join("testdata", "node", "corpus.jsonl")).Output()
	if err != nil {
		t.Fatalf("check_corpus.py: %v\n%s", err, out)
	}
	var r struct {
		Version         string   `json:"version"`
		RefusedValid    []string `json:"refusedValid"`
		Statable        int      `json:"statable"`
		StatableRefused int      `json:"statableRefused"`
		Missed          []string `json:"missed"`
	}
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if len(r.RefusedValid) > 0 {
		t.Errorf("python jsonschema %s refuses bodies postrules accepts:\n%s", r.Version, strings.Join(r.RefusedValid, "\n"))
	}
	share := float64(r.StatableRefused) / float64(max(r.Statable, 1))
	if r.Statable < 500 || share < minStrictness {
		t.Errorf("python jsonschema %s refuses %d of %d refused create-post bodies with a statable problem (%.3f); missed:\n%s",
			r.Version, r.StatableRefused, r.Statable, share, strings.Join(r.Missed, "\n"))
	}
	t.Logf("python jsonschema %s: %d of %d (%.3f); missed: %q", r.Version, r.StatableRefused, r.Statable, share, r.Missed)
}
