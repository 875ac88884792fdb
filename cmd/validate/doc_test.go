package main

import (
	"os"
	"strings"
	"testing"
)

// TestPackageDocListsEveryCommand keeps doc.go's usage list true: every command of the
// table (and help) has its line there, and every line there names a command of the table
// or gen. gen is the one allowed extra: its branch adds it to the table after this one;
// once it is there the exception matches nothing and can go.
func TestPackageDocListsEveryCommand(t *testing.T) {
	b, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, line := range strings.Split(string(b), "\n") {
		rest, ok := strings.CutPrefix(line, "//\tvalidate ")
		if !ok {
			continue
		}
		listed[strings.Fields(rest)[0]] = true
	}
	known := map[string]bool{"gen": true}
	for _, name := range commandNames() {
		known[name] = true
		if !listed[name] {
			t.Errorf("doc.go's usage list has no line for %q", name)
		}
	}
	for name := range listed {
		if !known[name] {
			t.Errorf("doc.go lists %q, which is not a command", name)
		}
	}
}
