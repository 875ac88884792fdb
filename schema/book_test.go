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
	ids := map[string]bool{}
	for _, r := range rules.TextRules() {
		ids[r.ID] = true
	}
	for _, r := range media.Book() {
		ids[r.ID] = true
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	httpapi, _ := filepath.Glob("httpapi/*.go")
	fset := token.NewFileSet()
	for _, name := range append(files, httpapi...) {
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
			if s, err := strconv.Unquote(lit.Value); err == nil && ids[s] {
				t.Errorf("%s: rule id %q in package schema: name the rule through package rules (its id constant or declaration)", fset.Position(lit.Pos()), s)
			}
			return true
		})
	}
}
