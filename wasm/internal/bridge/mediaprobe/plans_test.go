package mediaprobe

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media/remedy"
)

// TestPlansAreTheCLIs: for every test file of the probe, every platform and each aspect
// choice, Plans read through the page's window gives the bytes of `validate media --fix
// P --format json` run on the same file in its folder: the same facts, plans, argv and
// output names. A copy named with a colon checks the file: form of ffmpeg's paths.
func TestPlansAreTheCLIs(t *testing.T) {
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "validate")
	if out, err := exec.Command("go", "build", "-o", bin, "../../../../cmd/validate").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	files := testFiles(t)
	dir := filepath.Dir(files[0])
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = filepath.Base(f)
	}
	// A name ffmpeg would take for a protocol, in a folder of its own.
	odd := filepath.Join(tmp, "odd")
	if err := os.Mkdir(odd, 0o755); err != nil {
		t.Fatal(err)
	}
	clip, err := os.ReadFile(filepath.Join(dir, "h264-aac-faststart.mp4"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(odd, "take:2.mp4"), clip, 0o644); err != nil {
		t.Fatal(err)
	}
	all := rules.Platforms()
	list := make([]string, len(all))
	for i, p := range all {
		list[i] = string(p)
	}
	compared, planned := 0, 0
	for _, aspect := range []string{remedy.AspectAuto, remedy.AspectCrop, remedy.AspectPad} {
		for _, set := range []struct {
			dir   string
			names []string
		}{{dir, names}, {odd, []string{"take:2.mp4"}}} {
			args := []string{"media", "--format", "json", "--fix", strings.Join(list, ",")}
			if aspect != "" {
				args = append(args, "--aspect", aspect)
			}
			cmd := exec.Command(bin, append(args, set.names...)...)
			cmd.Dir = set.dir
			out, err := cmd.Output()
			var exit *exec.ExitError
			if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1) {
				t.Fatalf("validate %q: %v", args, err)
			}
			lines := bytes.Split(bytes.TrimSuffix(out, []byte("\n")), []byte("\n"))
			if len(lines) != len(set.names) {
				t.Fatalf("validate gave %d lines for %d files", len(lines), len(set.names))
			}
			for i, name := range set.names {
				b, err := os.ReadFile(filepath.Join(set.dir, name))
				if err != nil {
					t.Fatal(err)
				}
				var asked [][2]int64
				size := int64(len(b))
				got, f := Plans(name, NewWindow(fetchFrom(b, &asked), size, MinFetch), size, all, aspect)
				if f != nil {
					t.Fatalf("%s: %s", name, f.Message)
				}
				if !bytes.Equal(got, lines[i]) {
					t.Errorf("%s, aspect %q:\n got %s\nwant %s", name, aspect, got, lines[i])
				}
				compared++
				planned += bytes.Count(got, []byte(`"argv":["ffmpeg"`))
			}
		}
	}
	// The comparison is worth something only when plans with commands are among them.
	if compared < 3*15 || planned < 30 {
		t.Fatalf("compared %d lines holding %d ffmpeg commands", compared, planned)
	}
}

// TestAspect: the three choices the CLI's --aspect takes pass; anything else is
// invalid_value at aspect.
func TestAspect(t *testing.T) {
	for _, s := range []string{"", "crop", "pad"} {
		if got, f := Aspect(s); f != nil || got != s {
			t.Errorf("Aspect(%q) = %q, %v", s, got, f)
		}
	}
	for _, s := range []string{"stretch", "Crop", " pad", "auto"} {
		_, f := Aspect(s)
		if f == nil || f.Code != apierror.CodeInvalidValue || f.Path != "aspect" {
			t.Errorf("Aspect(%q): %+v, want invalid_value at aspect", s, f)
		}
	}
}
