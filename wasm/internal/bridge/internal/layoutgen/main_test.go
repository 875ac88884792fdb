package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// The wrapper's copy of the layout is the generator's output for today's layout.go: a
// number changed in Go without `go generate ./wasm/internal/bridge` fails here, before
// the wrapper reads the module's memory at the wrong place.
func TestLayoutModuleIsGenerated(t *testing.T) {
	src, err := os.ReadFile("../../layout.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := generate(src)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../../../js/layout.mjs")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("wasm/js/layout.mjs is stale: run go generate ./wasm/internal/bridge")
	}
	// The checks of the wrapper read these by name; a rename in Go must show up here too.
	for _, name := range []string{"STATUS_OK", "STATUS_MORE", "SLOT_OUT_PTR", "NUM_SLOTS", "NAME_AREA", "RECORD_FLAGS", "RECORD_SIZE", "FLAG_WARNING"} {
		if !bytes.Contains(want, []byte("export const "+name+" = ")) {
			t.Errorf("layout.mjs has no %s", name)
		}
	}
}

func TestGenerate(t *testing.T) {
	for _, c := range []struct {
		name, src, want, fault string
	}{
		// A value is Go's, not the literal's spelling.
		{name: "value", src: "package p\n\nconst (\n\tslotA = 1 << 3 // why\n)\n", want: "export const SLOT_A = 8; // why\n"},
		// The comment of a group goes along; a go:generate line does not.
		{name: "doc", src: "package p\n\n// Group.\n//\n//go:generate x\nconst recordB = 2\n", want: "// Group.\n//\nexport const RECORD_B = 2;\n"},
		// JavaScript numbers must be whole for the wrapper's Int32Array indexes.
		{name: "string", src: "package p\n\nconst a = \"x\"\n", fault: "not an integer constant"},
		// An import would make the values depend on another package's.
		{name: "import", src: "package p\n\nimport \"math\"\n\nconst a = math.MaxInt8\n", fault: "imports"},
		{name: "syntax", src: "package p\n\nconst (\n", fault: "expected"},
	} {
		got, err := generate([]byte(c.src))
		if c.fault != "" {
			if err == nil || !strings.Contains(err.Error(), c.fault) {
				t.Errorf("%s: error %v, want one saying %q", c.name, err, c.fault)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !bytes.HasSuffix(got, []byte(c.want)) || !bytes.HasPrefix(got, []byte(header)) {
			t.Errorf("%s: got\n%s\nwant the header and, last,\n%s", c.name, got, c.want)
		}
	}
}

func TestUpperSnake(t *testing.T) {
	for in, want := range map[string]string{
		"statusOK":       "STATUS_OK",        // an acronym stays one word
		"slotOverflowAt": "SLOT_OVERFLOW_AT", // each capital after a small letter begins a word
		"numSlots":       "NUM_SLOTS",
		"nameArea":       "NAME_AREA",
		"x":              "X",
	} {
		if got := upperSnake(in); got != want {
			t.Errorf("upperSnake(%q) = %q, want %q", in, got, want)
		}
	}
}
