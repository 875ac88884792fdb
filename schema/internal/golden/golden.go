// Package golden compares a test's output with a golden file, or rewrites the file when
// the test runs with -update: the golden files of the verdicts and the generated documents.
//
// It is a test-support package by design, like Go's internal/testenv: only _test.go files
// import it (those of schema and schema/jsonschema), so that the one way a golden file is
// compared, shown and refreshed is written once rather than copied into each package.
package golden

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// Check compares got with the golden file at path; with update it writes got there
// instead. A difference prints what the code gives now (up to 4 KiB of it) and the
// command that refreshes the file (go test ./PKG -run NAME -update), pkg being the
// package's directory ("schema").
func Check(t testing.TB, path string, got []byte, update bool, pkg string) {
	t.Helper()
	refresh := "go test ./" + pkg + " -run '" + t.Name() + "' -update"
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run %s to create it)", err, refresh)
	}
	if !bytes.Equal(got, want) {
		shown := got
		if len(shown) > 4<<10 {
			shown = shown[:4<<10]
		}
		t.Errorf("%s differs from what the code gives now; check the diff and refresh with %s. Now:\n%s", path, refresh, shown)
	}
}
