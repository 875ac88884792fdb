package main

import (
	"flag"
	"sort"
	"strings"
)

const completionUsage = `usage: validate completion bash|zsh|fish

Prints a script that completes validate's commands and each command's flags (files
elsewhere) in the shell named. Load it for the session or install it:
  bash:  source <(validate completion bash)
         validate completion bash > /etc/bash_completion.d/validate
  zsh:   source <(validate completion zsh)
         validate completion zsh > "${fpath[1]}/_validate"
  fish:  validate completion fish | source
         validate completion fish > ~/.config/fish/completions/validate.fish

Flags:
  --format, --now, --accounts
                       accepted and checked like everywhere (a bad value or file exits 2),
                       but they have no effect on a script
  -h, --help           print this text

Exit status: 0 printed, 2 usage error (no shell, or one not listed).
`

func runCompletion(c *cmdIO, args []string) int {
	fs := flag.NewFlagSet("completion", flag.ContinueOnError)
	cf := addCommonFlags(fs)
	operands, code, ok := parseFlags(c, fs, completionUsage, args)
	if !ok {
		return code
	}
	if _, ok := cf.loadAccounts(c, &inputs{c: c}); !ok {
		return exitUsage
	}
	shells := []string{"bash", "zsh", "fish"}
	if len(operands) != 1 {
		return usageError(c, "completion takes exactly one shell (bash, zsh or fish), got %d", len(operands))
	}
	var script string
	switch operands[0] {
	case "bash":
		script = bashCompletion()
	case "zsh":
		script = zshCompletion()
	case "fish":
		script = fishCompletion()
	default:
		return usageError(c, "unknown shell %q; want bash, zsh or fish%s", operands[0], didYouMean(operands[0], shells))
	}
	c.stdout.WriteString(script)
	return exitValid
}

// commandFlags are the flags the "Flags:" part of a command's usage text documents,
// "--name" each, sorted: the usage text is the one list of a command's flags a user reads,
// so completion offers what it documents (a test checks every one is a flag the command
// takes).
func commandFlags(cmd command) []string {
	seen := map[string]bool{"--help": true}
	u := cmd.usage
	if _, after, ok := strings.Cut(u, "\nFlags:\n"); ok {
		u = after
	}
	for i := 0; i+2 < len(u); i++ {
		if u[i] != '-' || u[i+1] != '-' || (i > 0 && u[i-1] != ' ' && u[i-1] != ',' && u[i-1] != '\n') {
			continue
		}
		j := i + 2
		for j < len(u) && (u[j] >= 'a' && u[j] <= 'z' || u[j] == '-') {
			j++
		}
		if j > i+2 {
			seen[u[i:j]] = true
		}
	}
	flags := make([]string, 0, len(seen))
	for f := range seen {
		flags = append(flags, f)
	}
	sort.Strings(flags)
	return flags
}

func bashCompletion() string {
	var b strings.Builder
	b.WriteString("# bash completion for validate (validate completion bash)\n")
	b.WriteString("_validate() {\n")
	b.WriteString("\tlocal cur=${COMP_WORDS[COMP_CWORD]} flags=\n")
	b.WriteString("\tif [ \"$COMP_CWORD\" -eq 1 ]; then\n")
	b.WriteString("\t\tCOMPREPLY=($(compgen -W \"" + strings.Join(commandNames(), " ") + " --help --version\" -- \"$cur\"))\n")
	b.WriteString("\t\treturn\n\tfi\n")
	b.WriteString("\tcase ${COMP_WORDS[1]} in\n")
	for _, c := range commands() {
		if c.name == "completion" {
			continue // its operand is a shell, below
		}
		b.WriteString("\t" + c.name + ") flags=\"" + strings.Join(commandFlags(c), " ") + "\" ;;\n")
	}
	b.WriteString("\thelp) COMPREPLY=($(compgen -W \"" + strings.Join(commandNames(), " ") + "\" -- \"$cur\")); return ;;\n")
	b.WriteString("\tcompletion) COMPREPLY=($(compgen -W \"bash zsh fish\" -- \"$cur\")); return ;;\n")
	b.WriteString("\tesac\n")
	b.WriteString("\tif [[ $cur == -* ]]; then\n")
	b.WriteString("\t\tCOMPREPLY=($(compgen -W \"$flags\" -- \"$cur\"))\n")
	b.WriteString("\telse\n")
	b.WriteString("\t\tCOMPREPLY=($(compgen -f -- \"$cur\"))\n")
	b.WriteString("\tfi\n")
	b.WriteString("}\n")
	b.WriteString("complete -o filenames -F _validate validate\n")
	return b.String()
}

func zshCompletion() string {
	var b strings.Builder
	b.WriteString("#compdef validate\n# zsh completion for validate (validate completion zsh)\n")
	b.WriteString("_validate() {\n")
	b.WriteString("\tif (( CURRENT == 2 )); then\n")
	b.WriteString("\t\tcompadd -- " + strings.Join(commandNames(), " ") + " --help --version\n")
	b.WriteString("\t\treturn\n\tfi\n")
	b.WriteString("\tlocal -a flags\n")
	b.WriteString("\tcase $words[2] in\n")
	for _, c := range commands() {
		if c.name == "completion" {
			continue // its operand is a shell, below
		}
		b.WriteString("\t" + c.name + ") flags=(" + strings.Join(commandFlags(c), " ") + ") ;;\n")
	}
	b.WriteString("\thelp) compadd -- " + strings.Join(commandNames(), " ") + "; return ;;\n")
	b.WriteString("\tcompletion) compadd -- bash zsh fish; return ;;\n")
	b.WriteString("\tesac\n")
	b.WriteString("\tif [[ $PREFIX == -* ]]; then\n")
	b.WriteString("\t\tcompadd -a flags\n")
	b.WriteString("\telse\n")
	b.WriteString("\t\t_files\n")
	b.WriteString("\tfi\n")
	b.WriteString("}\n")
	b.WriteString("compdef _validate validate\n")
	return b.String()
}

func fishCompletion() string {
	var b strings.Builder
	b.WriteString("# fish completion for validate (validate completion fish)\n")
	b.WriteString("complete -c validate -n __fish_use_subcommand -l help -d 'print the usage'\n")
	b.WriteString("complete -c validate -n __fish_use_subcommand -l version -d 'print the version'\n")
	for _, c := range commands() {
		b.WriteString("complete -c validate -f -n __fish_use_subcommand -a " + c.name + " -d '" + fishQuote(summary(c)) + "'\n")
	}
	b.WriteString("complete -c validate -f -n __fish_use_subcommand -a help -d 'print a command'\\''s usage'\n")
	for _, c := range commands() {
		for _, f := range commandFlags(c) {
			b.WriteString("complete -c validate -n '__fish_seen_subcommand_from " + c.name + "' -l " + f[2:] + "\n")
		}
	}
	b.WriteString("complete -c validate -f -n '__fish_seen_subcommand_from completion' -a 'bash zsh fish'\n")
	b.WriteString("complete -c validate -f -n '__fish_seen_subcommand_from help' -a '" + strings.Join(commandNames(), " ") + "'\n")
	return b.String()
}

// summary is a command's line of the main usage text, less the command.
func summary(c command) string {
	for _, l := range strings.Split(mainUsage, "\n") {
		f := strings.Fields(l)
		if len(f) > 2 && f[0] == "validate" && f[1] == c.name {
			// The description follows the synopsis after a run of at least two spaces.
			if i := strings.LastIndex(l, "  "); i >= 0 {
				return strings.TrimSpace(l[i:])
			}
		}
	}
	return c.name
}

// fishQuote escapes s for a single-quoted fish string: backslash and quote.
func fishQuote(s string) string {
	return strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s)
}
