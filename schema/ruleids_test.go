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

// TestRuleIDsOutsideTheBookExist: the generators (schema/generate) and the JSON Schema
// export (schema/jsonschema) name some rules by their id on purpose: a generator that
// knows how to break a rule, or a schema keyword that states it, must say which rule, and
// the id is the rule's stable public name (Limits.WithRule takes it too). What they read
// of the rule (its limit, its values) comes from the book through that id, so a renamed
// or removed rule would leave them reading a zero rule: this test makes it a failure
// instead. A literal counts as an id when it starts with a platform's name and a dot.
func TestRuleIDsOutsideTheBookExist(t *testing.T) {
	ids := map[string]bool{}
	for _, r := range rules.TextRules() {
		ids[r.ID] = true
	}
	for _, r := range media.Book() {
		ids[r.ID] = true
	}
	var files []string
	for _, dir := range []string{"generate", "jsonschema", "fix"} {
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, names...)
	}
	fset := token.NewFileSet()
	named := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil || !looksLikeRuleID(s) {
				return true
			}
			named++
			if !ids[s] {
				t.Errorf("%s: %q names no rule of the book (renamed or removed?)", fset.Position(lit.Pos()), s)
			}
			return true
		})
	}
	// The packages do name rules: a test that finds none has lost its files.
	if named < 20 {
		t.Errorf("found %d rule ids in schema/generate, schema/jsonschema and schema/fix; expected dozens", named)
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
