package main

import (
	"flag"
	"maps"
	"slices"
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
	return slices.Sorted(maps.Keys(seen))
}

// caseShell is how a shell whose completion function switches on the command word (bash,
// zsh) says each step of that function; caseCompletion writes the steps, so both scripts
// offer the same words in the same order.
type caseShell struct {
	head     string                    // the script up to the first step of the function
	first    string                    // the test that the word completed is the command
	declare  string                    // declares flags after the command's step; "" when head does
	word     string                    // the command word
	offer    func(words string) string // offers words
	setFlags func(flags string) string // sets flags to a command's flags
	isFlag   string                    // the test that the word completed starts a flag
	flags    string                    // offers flags
	files    string                    // offers file names
	tail     string                    // the script after the function
}

var bashShell = caseShell{
	head:     "# bash completion for validate (validate completion bash)\n_validate() {\n\tlocal cur=${COMP_WORDS[COMP_CWORD]} flags=\n",
	first:    `[ "$COMP_CWORD" -eq 1 ]`,
	word:     "${COMP_WORDS[1]}",
	offer:    func(words string) string { return `COMPREPLY=($(compgen -W "` + words + `" -- "$cur"))` },
	setFlags: func(flags string) string { return `flags="` + flags + `"` },
	isFlag:   "[[ $cur == -* ]]",
	flags:    `COMPREPLY=($(compgen -W "$flags" -- "$cur"))`,
	files:    `COMPREPLY=($(compgen -f -- "$cur"))`,
	tail:     "complete -o filenames -F _validate validate\n",
}

var zshShell = caseShell{
	head:     "#compdef validate\n# zsh completion for validate (validate completion zsh)\n_validate() {\n",
	first:    "(( CURRENT == 2 ))",
	declare:  "\tlocal -a flags\n",
	word:     "$words[2]",
	offer:    func(words string) string { return "compadd -- " + words },
	setFlags: func(flags string) string { return "flags=(" + flags + ")" },
	isFlag:   "[[ $PREFIX == -* ]]",
	flags:    "compadd -a flags",
	files:    "_files",
	tail:     "compdef _validate validate\n",
}

func bashCompletion() string { return caseCompletion(bashShell) }

func zshCompletion() string { return caseCompletion(zshShell) }

// caseCompletion is the completion script of sh: the commands and --help and --version
// for the first word; then a command's flags for a word that starts a flag, file names
// for another; the commands after help, the shells after completion.
func caseCompletion(sh caseShell) string {
	names := strings.Join(commandNames(), " ")
	var b strings.Builder
	b.WriteString(sh.head)
	b.WriteString("\tif " + sh.first + "; then\n")
	b.WriteString("\t\t" + sh.offer(names+" --help --version") + "\n")
	b.WriteString("\t\treturn\n\tfi\n")
	b.WriteString(sh.declare)
	b.WriteString("\tcase " + sh.word + " in\n")
	for _, c := range commands() {
		if c.name == "completion" {
			continue // its operand is a shell, below
		}
		b.WriteString("\t" + c.name + ") " + sh.setFlags(strings.Join(commandFlags(c), " ")) + " ;;\n")
	}
	b.WriteString("\thelp) " + sh.offer(names) + "; return ;;\n")
	b.WriteString("\tcompletion) " + sh.offer("bash zsh fish") + "; return ;;\n")
	b.WriteString("\tesac\n")
	b.WriteString("\tif " + sh.isFlag + "; then\n")
	b.WriteString("\t\t" + sh.flags + "\n")
	b.WriteString("\telse\n")
	b.WriteString("\t\t" + sh.files + "\n")
	b.WriteString("\tfi\n")
	b.WriteString("}\n")
	b.WriteString(sh.tail)
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
