package generate

import (
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
)

var update = flag.Bool("update", false, "rewrite the coverage table of docs/gen.md")

const genDoc = "../../docs/gen.md"

// coverageTable is the table of docs/gen.md: every code and every rule, with its
// generator or the reason it has none.
func coverageTable() string {
	have := map[string]bool{}
	for _, n := range Expectations() {
		have[n] = true
	}
	var b strings.Builder
	b.WriteString("| code | status | generator |\n|---|---|---|\n")
	for _, c := range apierror.Codes() {
		g := "`--expect " + string(c) + "`"
		if !have[string(c)] {
			g = "none: " + Unreachable[c]
		}
		b.WriteString("| `" + string(c) + "` | " + strconv.Itoa(c.HTTPStatus()) + " | " + g + " |\n")
	}
	b.WriteString("\n| rule | severity | generator |\n|---|---|---|\n")
	for _, r := range media.Book() {
		g := "yes"
		if !have[r.ID] {
			g = "none: " + UnreachableRules[r.ID]
		}
		b.WriteString("| `" + r.ID + "` | " + string(r.Severity) + " | " + g + " |\n")
	}
	return b.String()
}

// TestCoverageTable: docs/gen.md's table is the one the generators give (-update
// rewrites it; read the diff).
func TestCoverageTable(t *testing.T) {
	data, err := os.ReadFile(genDoc)
	if err != nil {
		t.Fatal(err)
	}
	const begin, end = "<!-- coverage:begin -->\n", "<!-- coverage:end -->"
	doc := string(data)
	i, j := strings.Index(doc, begin), strings.Index(doc, end)
	if i < 0 || j < i {
		t.Fatalf("%s has no coverage markers", genDoc)
	}
	want := coverageTable()
	if got := doc[i+len(begin) : j]; got != want {
		if *update {
			if err := os.WriteFile(genDoc, []byte(doc[:i+len(begin)]+want+doc[j:]), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("the coverage table of %s is stale; run go test -run TestCoverageTable -update and read the diff", genDoc)
	}
}
