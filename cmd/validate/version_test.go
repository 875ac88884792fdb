package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"testing"

	"github.com/postrules/postrules/rules"
)

func TestVersionCommand(t *testing.T) {
	want := "validate " + rules.Version + " (rule book " + rules.BookRevision + ")\n"
	for _, args := range [][]string{{"--version"}, {"-version"}, {"version"}} {
		r := runCLI(t, "", args...)
		if r.code != exitValid || r.stdout != want || r.stderr != "" {
			t.Errorf("validate %v: exit %d, stdout %q, stderr %q; want 0 and %q", args, r.code, r.stdout, r.stderr, want)
		}
	}
	r := runCLI(t, "", "version", "--format", "json")
	var got versionInfo
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil || r.code != exitValid {
		t.Fatalf("version --format json: exit %d, %v: %q", r.code, err, r.stdout)
	}
	if got != (versionInfo{rules.Version, rules.BookRevision, rules.BookVersion, runtime.Version()}) {
		t.Errorf("version --format json = %+v", got)
	}
	if r := runCLI(t, "", "version", "extra"); r.code != exitUsage {
		t.Errorf("version with an operand: exit %d, want 2", r.code)
	}
}

// TestOneVersion holds every copy of the version to rules.Version, the one source: the npm
// package's package.json and the constants the WASM package exports (wasm/js/core.mjs),
// which a page reads without loading a module.
func TestOneVersion(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot, "wasm", "js", "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	var pkg struct{ Version string }
	if err := json.Unmarshal(b, &pkg); err != nil {
		t.Fatal(err)
	}
	if pkg.Version != rules.Version {
		t.Errorf("wasm/js/package.json version %q, rules.Version %q: bump both (docs/release.md)", pkg.Version, rules.Version)
	}
	core, err := os.ReadFile(filepath.Join(repoRoot, "wasm", "js", "core.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"VERSION": rules.Version, "BOOK_VERSION": rules.BookVersion} {
		m := regexp.MustCompile(`(?m)^const ` + name + ` = '([^']*)';`).FindSubmatch(core)
		if m == nil || string(m[1]) != want {
			t.Errorf("wasm/js/core.mjs: const %s = %q, want %q", name, m, want)
		}
	}
}

// TestBookRevisionIsTheWholeBooks holds rules.BookRevision to the whole rule book every face
// lists (rules.TextRules() and the media rules, fullBook): it is the latest date any rule or
// source was read. A rule read anew without moving BookRevision fails here, so a
// verdict's bookVersion changes whenever the book's evidence does (docs/release.md).
func TestBookRevisionIsTheWholeBooks(t *testing.T) {
	newest := ""
	for _, r := range fullBook() {
		newest = max(newest, r.Read)
		for _, s := range r.Sources {
			newest = max(newest, s.Read)
		}
	}
	if newest != rules.BookRevision {
		t.Errorf("rules.BookRevision = %q; the newest date the book was read is %q: set it (rules/version.go, wasm/js/core.mjs) and regenerate the goldens (docs/release.md)", rules.BookRevision, newest)
	}
}
