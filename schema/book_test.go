package schema

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/media"
)

// TestNoRuleIDsInSchema: every rule lives in package rules (rules/book_<platform>.go,
// rules/media), with its id, limit, check and messages. Package schema decodes, builds
// the view and runs the book; it names a rule only through the book (its declarations
// and id constants), never by an id string of its own.
func TestNoRuleIDsInSchema(t *testing.T) {
	ids := bookRuleIDs()
	forEachString(t, []string{".", "httpapi"}, func(pos token.Position, s string) {
		if ids[s] {
			t.Errorf("%s: rule id %q in package schema: name the rule through package rules (its id constant or declaration)", pos, s)
		}
	})
}

// TestRuleIDsOutsideTheBookExist: the generators (schema/generate) and the JSON Schema
// export (schema/jsonschema) name some rules by their id on purpose: a generator that
// knows how to break a rule, or a schema keyword that states it, must say which rule, and
// the id is the rule's stable public name (Limits.WithRule takes it too). What they read
// of the rule (its limit, its values) comes from the book through that id, so a renamed
// or removed rule would leave them reading a zero rule: this test makes it a failure
// instead. A literal counts as an id when it starts with a platform's name and a dot.
func TestRuleIDsOutsideTheBookExist(t *testing.T) {
	ids := bookRuleIDs()
	named := 0
	forEachString(t, []string{"generate", "jsonschema", "fix"}, func(pos token.Position, s string) {
		if !looksLikeRuleID(s) {
			return
		}
		named++
		if !ids[s] {
			t.Errorf("%s: %q names no rule of the book (renamed or removed?)", pos, s)
		}
	})
	// The packages do name rules: a test that finds none has lost its files.
	if named < 20 {
		t.Errorf("found %d rule ids in schema/generate, schema/jsonschema and schema/fix; expected dozens", named)
	}
}

// bookRuleIDs are the ids of every rule of the book, text and media.
func bookRuleIDs() map[string]bool {
	ids := map[string]bool{}
	for _, r := range rules.TextRules() {
		ids[r.ID] = true
	}
	for _, r := range media.Book() {
		ids[r.ID] = true
	}
	return ids
}

// forEachString calls f with every string literal of the non-test Go files of dirs.
func forEachString(t *testing.T, dirs []string, f func(token.Position, string)) {
	t.Helper()
	fset := token.NewFileSet()
	for _, dir := range dirs {
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			file, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(file, func(n ast.Node) bool {
				if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if s, err := strconv.Unquote(lit.Value); err == nil {
						f(fset.Position(lit.Pos()), s)
					}
				}
				return true
			})
		}
	}
}

// looksLikeRuleID reports whether s has the shape of a rule id: a platform's wire name, a
// dot, then lower-case letters, digits, underscores and dots.
func looksLikeRuleID(s string) bool {
	p, rest, ok := strings.Cut(s, ".")
	if !ok || rest == "" || !rules.Platform(p).Valid() {
		return false
	}
	for _, c := range []byte(rest) {
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}
