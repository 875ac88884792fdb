package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/media"
)

// TestRulesDoc: docs/rules.md is generated from the book (go generate ./cmd/validate
// writes the output of validate rules --markdown there); it must be what the book renders
// to now.
func TestRulesDoc(t *testing.T) {
	const path = "../../docs/rules.md"
	const refresh = "run go generate ./cmd/validate and read the diff"
	r := runCLI(t, "", "rules", "--markdown") // what go generate writes
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("validate rules --markdown: exit %d: %s", r.code, r.stderr)
	}
	got := r.stdout
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (%s)", err, refresh)
	}
	if string(want) != got {
		t.Fatal("docs/rules.md differs from the rule book; " + refresh)
	}
	// Every rule has its row, with its id, and every note is on the page.
	for _, r := range fullBook() {
		if !strings.Contains(got, "| `"+r.ID+"` |") || r.Note != "" && !strings.Contains(got, mdCell(r.Note)) {
			t.Errorf("%s: missing from the page", r.ID)
		}
	}
}

func TestRulesCommand(t *testing.T) {
	r := runCLI(t, "", "rules", "--format", "json")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if len(lines) != len(fullBook()) || len(fullBook()) != len(rules.TextRules())+len(media.Rules()) {
		t.Fatalf("%d lines for %d rules", len(lines), len(fullBook()))
	}
	for i, line := range lines {
		var got rules.Rule
		if err := json.Unmarshal([]byte(line), &got); err != nil {
			t.Fatal(err)
		}
		want := fullBook()[i]
		if got.ID != want.ID || got.Limit != want.Limit || got.Unit != want.Unit || got.Severity != want.Severity || got.Source != want.Source || got.Read != want.Read {
			t.Errorf("line %d: %+v, want %+v", i+1, got, want)
		}
	}
	r = runCLI(t, "", "rules", "--platform", "threads")
	if r.code != 0 || !strings.Contains(r.stdout, "threads.text.max  error  500 bytes  ") || strings.Contains(r.stdout, "bluesky.") {
		t.Errorf("--platform threads: exit %d\n%s", r.code, r.stdout)
	}
	if r = runCLI(t, "", "rules", "--platform", "x"); r.code != 2 {
		t.Errorf("unknown platform: exit %d", r.code)
	}
	if r = runCLI(t, "", "rules", "extra"); r.code != 2 {
		t.Errorf("an argument: exit %d", r.code)
	}
}
