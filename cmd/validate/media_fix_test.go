package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const moovAtEnd = "../../rules/media/testdata/moov-at-end.mp4"

// TestMediaFixUsage: each misuse of --fix, --aspect and --apply is a usage error that
// says what is wrong.
func TestMediaFixUsage(t *testing.T) {
	for _, c := range []struct {
		why  string
		args []string
		says string
	}{
		{"an aspect choice other than crop or pad", []string{"media", "--fix", "instagram", "--aspect", "stretch", moovAtEnd}, "want crop or pad"},
		{"--apply plans nothing without --fix", []string{"media", "--apply", t.TempDir(), moovAtEnd}, "--aspect and --apply go with --fix"},
		{"--fix names the platforms itself", []string{"media", "--fix", "instagram", "--platform", "tiktok", moovAtEnd}, "--platform goes without it"},
		{"an unknown platform", []string{"media", "--fix", "myspace", moovAtEnd}, "is not one of"},
		{"standard input cannot be handed to ffmpeg", []string{"media", "--fix", "instagram", "-"}, "files on disk"},
		{"a URL is not a file ffmpeg is given", []string{"media", "--fix", "instagram", "https://example.com/a.mp4"}, "files on disk"},
	} {
		r := runCLI(t, "", c.args...)
		if r.code != exitUsage || !strings.Contains(r.stderr, c.says) {
			t.Errorf("%s: exit %d, stderr %q; want 2 and %q", c.why, r.code, r.stderr, c.says)
		}
	}
}

// TestMediaFixPlans: text gives the steps and a command a shell runs; JSON the argv; the
// exit status says whether every platform fits or has a plan.
func TestMediaFixPlans(t *testing.T) {
	r := runCLI(t, "", "media", "--fix", "instagram,youtube", moovAtEnd)
	if r.code != exitValid {
		t.Fatalf("a plan for Instagram and a fit for YouTube: exit %d, %s%s", r.code, r.stdout, r.stderr)
	}
	for _, want := range []string{
		moovAtEnd + ": instagram: encode (fixes instagram.video.faststart, instagram.video.frame_rate, instagram.video.duration)\n",
		"  - move the moov box to the front (fast start)\n",
		"  ffmpeg -hide_banner -nostdin -y -i " + moovAtEnd + " ",
		"-movflags +faststart ../../rules/media/testdata/moov-at-end.instagram.mp4\n",
		moovAtEnd + ": youtube: fits\n",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("text lacks %q:\n%s", want, r.stdout)
		}
	}
	r = runCLI(t, "", "media", "--fix", "googlebusiness", moovAtEnd)
	if r.code != exitInvalid || !strings.Contains(r.stdout, "googlebusiness: no remedy: Google Business Profile takes images") {
		t.Errorf("no remedy is exit 1 with why: %d %s", r.code, r.stdout)
	}
	r = runCLI(t, "", "media", "--fix", "instagram", "--format", "json", moovAtEnd)
	var line struct {
		Plans []struct {
			Platform, Action, Output string
			Argv                     []string
			Fixes, Steps             []string
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &line); err != nil || len(line.Plans) != 1 {
		t.Fatalf("json: %v %q", err, r.stdout)
	}
	p := line.Plans[0]
	if p.Action != "encode" || p.Argv[0] != "ffmpeg" || p.Argv[len(p.Argv)-1] != p.Output || len(p.Steps) == 0 {
		t.Errorf("json plan: %+v", p)
	}
}

// TestMediaFixApply runs the plans with ffmpeg (no shell) into a directory and judges
// the outputs again; a file whose name a shell would split is no trouble.
func TestMediaFixApply(t *testing.T) {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Fatal("ffmpeg is not installed: --apply runs it; install it with apt-get install ffmpeg")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "it's a $file.mp4")
	b, err := os.ReadFile(moovAtEnd)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(in, b, 0o600); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	r := runCLI(t, "", "media", "--fix", "instagram,linkedin", "--apply", out, in)
	if r.code != exitValid {
		t.Fatalf("exit %d:\n%s%s", r.code, r.stdout, r.stderr)
	}
	for _, p := range []string{"instagram", "linkedin"} {
		want := in + ": " + p + ": applied: " + filepath.Join(out, "it's a $file."+p+".mp4") + " fits\n"
		if !strings.Contains(r.stdout, want) {
			t.Errorf("lacks %q:\n%s", want, r.stdout)
		}
	}
	// The printed command is one a shell runs as is: quoted for the name's ' and $.
	if !strings.Contains(r.stdout, `-i '`+strings.ReplaceAll(in, "'", `'\''`)+`'`) {
		t.Errorf("the input is not quoted for a shell:\n%s", r.stdout)
	}
}
