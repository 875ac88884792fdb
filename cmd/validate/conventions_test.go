package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestNoColour: validate writes no terminal escape anywhere, so NO_COLOR and a
// non-terminal output have nothing to turn off. Every golden output (all commands, text
// and JSON, valid and invalid) is free of ESC.
func TestNoColour(t *testing.T) {
	goldens, err := filepath.Glob("testdata/golden/*.golden")
	if err != nil || len(goldens) < 20 {
		t.Fatalf("%d golden files (%v)", len(goldens), err)
	}
	for _, g := range goldens {
		b, err := os.ReadFile(g)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.IndexByte(b, 0x1b) >= 0 {
			t.Errorf("%s holds an ESC byte: a colour or terminal escape", g)
		}
	}
}
