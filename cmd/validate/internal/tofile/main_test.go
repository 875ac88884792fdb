package main

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestRun: the file holds the command's standard output when it exits 0, and is left as it
// was (no temporary file beside it) when the command fails or the arguments are wrong.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "page.md")
	if err := os.WriteFile(out, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		why  string
		args []string
		ok   bool
		want string
	}{
		{"a failing command leaves the old file", []string{"-o", out, "--", "sh", "-c", "echo half; exit 3"}, false, "old\n"},
		{"no command is a usage error", []string{"-o", out}, false, "old\n"},
		{"no -o is a usage error", []string{"--", "echo", "x"}, false, "old\n"},
		{"a command that exits 0 replaces the file with its stdout", []string{"-o", out, "--", "sh", "-c", "printf 'new\\n'; echo noise >&2"}, true, "new\n"},
		{"empty output is written as an empty file", []string{"-o", out, "--", "true"}, true, ""},
	}
	for _, tc := range tests {
		err := run(tc.args, io.Discard)
		if (err == nil) != tc.ok {
			t.Errorf("%s: err %v", tc.why, err)
		}
		got, rerr := os.ReadFile(out)
		if rerr != nil || string(got) != tc.want {
			t.Errorf("%s: file %q (%v), want %q", tc.why, got, rerr, tc.want)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 1 {
			t.Errorf("%s: %d files in the folder, want only the page", tc.why, len(entries))
		}
	}
}
