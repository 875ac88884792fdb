package bridge

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// The counter module is built without package time (wasm/build.sh: the tag
// postrules_notime), which with the syscall layer its initialisation brings would be
// about 54 KB brotli of the module. This holds the build script to the tag and the
// module's imports to it: a new import of time anywhere on the counter's path fails here,
// not in a size report.
func TestCounterModuleLinksNoTime(t *testing.T) {
	script, err := os.ReadFile("../../build.sh")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(script), "build postrules-counter.wasm ./wasm/counter -tags postrules_notime ") {
		t.Fatal("wasm/build.sh no longer builds the counter module with -tags postrules_notime")
	}
	cmd := exec.Command("go", "list", "-deps", "-tags", "postrules_notime", "../../counter")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("go list listed only %q", deps)
	}
	for _, p := range deps {
		switch p {
		case "time", "syscall", "syscall/js", "internal/godebug":
			t.Errorf("the counter module links %s", p)
		}
	}
}
