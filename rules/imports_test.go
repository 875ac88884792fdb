package rules

import (
	"bytes"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImportsStayInTheirLayer keeps docs/design.md's layering true: rules is pure (standard
// library, uniseg, its own engines under rules/internal and the module's strict-JSON
// toolkit for its JSON string writer, UTF-8 and UTF-16 helpers and message quoting) so that
// it can be embedded anywhere, the engines and the toolkit need the standard library alone,
// and no package links golang.org/x/text. schema/httpapi, the HTTP face,
// stands on schema and rules alone (its chi example is a test file). The error model,
// rules/apierror, stands on the standard library alone.
func TestImportsStayInTheirLayer(t *testing.T) {
	layers := []struct {
		dir       string
		allowed   []string
		forbidden []string // standard library packages the layer must not use
	}{
		{".", []string{"github.com/rivo/uniseg", "github.com/postrules/postrules/rules/internal/", "github.com/postrules/postrules/rules/apierror", "github.com/postrules/postrules/internal/strictjson", "github.com/postrules/postrules/internal/timestamp", "github.com/postrules/postrules/internal/ruleform", "github.com/postrules/postrules/internal/longtext"}, []string{"encoding/json"}},
		// The error model: the standard library alone, so every layer can speak it.
		{"apierror", nil, []string{"encoding/json", "net/http"}},
		{"lifecycle", []string{"github.com/postrules/postrules/rules", "github.com/postrules/postrules/internal/strictjson"}, []string{"encoding/json", "net/http"}},
		{"../internal/strictjson", nil, nil},
		// What the book declares for the packages that restate it: the standard library alone.
		{"../internal/ruleform", nil, nil},
		// measureAll of a prefix, handed to the WASM bridge: no imports at all.
		{"../internal/longtext", nil, nil},
		// The scheduledFor grammar and its words: no time (see TestOnlyOneFileImportsTime).
		{"../internal/timestamp", []string{"github.com/postrules/postrules/rules/apierror", "github.com/postrules/postrules/internal/strictjson"}, []string{"time"}},
		{"internal/grapheme", nil, []string{"encoding/json"}},
		// The HTTP face: net/http over schema and rules, nothing above it, no router.
		{"../schema/httpapi", []string{"github.com/postrules/postrules/rules", "github.com/postrules/postrules/schema", "github.com/postrules/postrules/internal/statuswriter"}, nil},
		{"../internal/statuswriter", nil, nil},
		// The media probe reads bytes with the standard library alone (no mp4ff, no x/image:
		// its reads must stay bounded whatever a header claims) and returns apierror.Error.
		{"media", []string{"github.com/postrules/postrules/rules"}, []string{"encoding/json", "net/http", "os"}},
		{"xweight", []string{"github.com/postrules/postrules/rules", "github.com/postrules/postrules/rules/xweight/internal/", "github.com/rivo/uniseg", "github.com/postrules/postrules/internal/strictjson"}, nil},
		// X's NFC is our own: golang.org/x/text is a source of facts for gen.go and a
		// reference for the tests, never linked (it would cost the counter module fmt and
		// reflect).
		{"xweight/internal/nfc", nil, nil},
	}
	for _, l := range layers {
		files, err := filepath.Glob(filepath.Join(l.dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no Go files in %s: %v", l.dir, err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") || generator(t, f) {
				continue
			}
			parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range parsed.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				for _, bad := range l.forbidden {
					if path == bad {
						t.Errorf("%s imports %s, which docs/design.md keeps out of this layer", f, path)
					}
				}
				if isStdlib(path) || hasAllowedPrefix(path, l.allowed) {
					continue
				}
				t.Errorf("%s imports %s, outside its layer", f, path)
			}
		}
	}
}

// TestOnlyOneFileImportsTime keeps package time out of the WebAssembly counter module
// (about 54 KB brotli with the syscall layer its initialisation brings): scheduled.go is
// the one file of rules that imports it, and the tag postrules_notime, with which
// wasm/build.sh builds that module, leaves it out.
func TestOnlyOneFileImportsTime(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly|parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range parsed.Imports {
			if imp.Path.Value != `"time"` {
				continue
			}
			if f != "scheduled.go" {
				t.Errorf("%s imports time: the counter module (built with the tag postrules_notime) would link it; parse scheduledFor through internal/timestamp", f)
			}
		}
	}
	b, err := os.ReadFile("scheduled.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte("\n//go:build !postrules_notime\n")) {
		t.Error("scheduled.go lost its build constraint //go:build !postrules_notime")
	}
}

// generator reports whether f is a `//go:build ignore` program (a table generator run by
// go generate), which no build links.
func generator(t *testing.T, f string) bool {
	b, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.HasPrefix(b, []byte("//go:build ignore\n"))
}

func isStdlib(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

func hasAllowedPrefix(path string, allowed []string) bool {
	for _, a := range allowed {
		if path == a || strings.HasPrefix(path, strings.TrimSuffix(a, "/")+"/") || (strings.HasSuffix(a, "/") && strings.HasPrefix(path, a)) {
			return true
		}
	}
	return false
}
