package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestCompletionFlagsExist: every flag completion offers for a command is one the command
// takes (the flag package would say "flag provided but not defined" otherwise), so a usage
// text that documents a flag the command lost fails here.
func TestCompletionFlagsExist(t *testing.T) {
	for _, c := range commands() {
		flags := commandFlags(c)
		if len(flags) < 2 {
			t.Errorf("%s: completion offers %v; its usage documents no flag?", c.name, flags)
		}
		for _, f := range flags {
			// A last argument no command takes as a file or value that could start work:
			// "serve --fetch-allow x" alone would start serving and never return.
			r := runCLI(t, "", c.name, f, "x", "\x00not-a-file")
			if strings.Contains(r.stderr, undefinedFlagPrefix) {
				t.Errorf("validate %s %s: %s", c.name, f, r.stderr)
			}
		}
	}
}

// TestBashCompletion loads the bash script into a real bash and asks it to complete, as
// bash does on Tab: COMP_WORDS and COMP_CWORD set, the function called, COMPREPLY read.
func TestBashCompletion(t *testing.T) {
	bash := needTool(t, "bash")
	script := runCLI(t, "", "completion", "bash").stdout
	tests := []struct {
		words []string
		want  string
	}{
		{[]string{"validate", "ver"}, "version"},
		{[]string{"validate", "s"}, "split status schema serve"},
		{[]string{"validate", "post", "--fo"}, "--format"},
		{[]string{"validate", "draft", "--draft"}, "--draft --draft-state"},
		{[]string{"validate", "completion", "z"}, "zsh"},
		{[]string{"validate", "help", "med"}, "media"},
	}
	for _, tc := range tests {
		prog := script + "COMP_WORDS=(" + strings.Join(tc.words, " ") + "); COMP_CWORD=" +
			string(rune('0'+len(tc.words)-1)) + "; _validate; echo \"${COMPREPLY[*]}\"\n"
		out, err := exec.Command(bash, "--norc", "-c", prog).CombinedOutput()
		if err != nil {
			t.Fatalf("bash: %v\n%s", err, out)
		}
		if got := strings.TrimSpace(string(out)); got != tc.want {
			t.Errorf("completing %v: %q, want %q", tc.words, got, tc.want)
		}
	}
}

// TestZshAndFishCompletion checks the two scripts by their lines (neither shell is in CI):
// the compdef header zsh's autoloader needs, and fish's per-command flags and shells.
func TestZshAndFishCompletion(t *testing.T) {
	zsh := runCLI(t, "", "completion", "zsh")
	fish := runCLI(t, "", "completion", "fish")
	for _, want := range []string{"#compdef validate\n", "\tpost) flags=(--accounts --counter --fetch-allow --fetch-media --format --help --media --now) ;;\n",
		"\tcompletion) compadd -- bash zsh fish; return ;;\n", "compdef _validate validate\n"} {
		if zsh.code != 0 || !strings.Contains(zsh.stdout, want) {
			t.Errorf("zsh script lacks %q", want)
		}
	}
	for _, want := range []string{"complete -c validate -n '__fish_seen_subcommand_from serve' -l drafts\n",
		"complete -c validate -f -n __fish_use_subcommand -a serve -d 'answer the API\\'s two endpoints over HTTP (a sandbox)'\n",
		"complete -c validate -f -n '__fish_seen_subcommand_from completion' -a 'bash zsh fish'\n"} {
		if fish.code != 0 || !strings.Contains(fish.stdout, want) {
			t.Errorf("fish script lacks %q", want)
		}
	}
	if r := runCLI(t, "", "completion"); r.code != exitUsage {
		t.Errorf("completion without a shell: exit %d", r.code)
	}
}
