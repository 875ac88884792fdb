package canondata

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCanonicalize reads small files of each kind: a table comes only from a file of
// well-formed lines that lists enough changes, since a short or garbled file would make
// the generated classes and the tests quietly wrong.
func TestCanonicalize(t *testing.T) {
	var many strings.Builder
	many.WriteString("# a comment\n\n")
	for r := 0x100; r < 0x100+1000; r++ { // 1000 changes, the fewest accepted
		fmt.Fprintf(&many, "%04X %04X\n", r, r+0x1000)
	}
	tests := []struct {
		name, text string
		wantErr    string // "" for a table
	}{
		{"enough well-formed lines", many.String(), ""},
		{"too few changes", "0061 0041\n", "only 1 mappings"},
		{"no separator", many.String() + "0061\n", "bad line"},
		{"not hex", many.String() + "00G1 0041\n", "bad line"},
		{"above the BMP", many.String() + "10400 10428\n", "bad line"},
		{"a change to itself", many.String() + "0041 0041\n", "bad line"},
	}
	for _, tc := range tests {
		path := filepath.Join(t.TempDir(), "canonicalize.txt")
		if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		tab, err := Canonicalize(path)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if tab[0x100] != 0x1100 || tab[0x100+999] != 0x1100+999 || tab['a'] != 'a' || tab[0xFFFF] != 0xFFFF {
			t.Errorf("%s: tab[0x100] %#x, tab[0x4E7] %#x, tab['a'] %#x: listed changes made, others left", tc.name, tab[0x100], tab[0x100+999], tab['a'])
		}
	}
	if _, err := Canonicalize(filepath.Join(t.TempDir(), "missing.txt")); err == nil {
		t.Error("a missing file must be an error")
	}
}
