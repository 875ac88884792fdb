package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/postrules/postrules/cmd/validate/internal/lines"
)

// Exit statuses. They are part of the CLI's contract.
const (
	exitValid   = 0 // everything checked is valid
	exitInvalid = 1 // something checked is invalid
	exitUsage   = 2 // usage error, or input that could not be read
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, time.Now))
}

// cmdIO bundles what a command may touch. Nothing else in the command reads the environment:
// the clock is now, the files are named in args.
type cmdIO struct {
	name   string // the subcommand, for messages: "validate post: ..."
	stdin  io.Reader
	stdout *bufio.Writer
	stderr io.Writer
	now    func() time.Time
}

// eachStdinLine streams stdin through each, one line at a time (its 1-based number with
// it), so memory stays flat in the number of lines. It stops early once stopped reports
// true (the output is gone). An unreadable stdin is a usage-class failure: it returns
// false after saying so.
func (c *cmdIO) eachStdinLine(stopped func() bool, each func(line []byte, n int)) bool {
	r := lines.NewReader(c.stdin)
	for {
		line, ok, err := r.Next()
		if err != nil {
			c.errorf("reading standard input at line %d: %v", r.Line()+1, err)
			return false
		}
		if !ok || stopped() {
			return true
		}
		each(line, r.Line())
	}
}

// errorf writes a message for the user to stderr, prefixed with the command's name.
func (c *cmdIO) errorf(format string, args ...any) {
	fmt.Fprintf(c.stderr, "validate %s: %s\n", c.name, fmt.Sprintf(format, args...))
}

// command is one subcommand.
type command struct {
	name  string
	usage string // the full -h text
	run   func(c *cmdIO, args []string) int
}

func commands() []command {
	return []command{
		{"post", postUsage, runPost},
		{"draft", draftUsage, runDraft},
		{"time", timeUsage, runTime},
		{"length", lengthUsage, runLength},
		{"split", splitUsage, runSplit},
		{"fix", fixUsage, runFix},
		{"status", statusUsage, runStatus},
		{"schema", schemaUsage, runSchema},
		{"rules", rulesUsage, runRules},
		{"serve", serveUsage, runServe},
		{"media", mediaUsage, runMedia},
		{"gen", genUsage, runGen},
		{"version", versionUsage, runVersion},
		{"completion", completionUsage, runCompletion},
	}
}

// commandNames are the subcommands' names, and help, for "did you mean" and completion.
func commandNames() []string {
	names := []string{}
	for _, c := range commands() {
		names = append(names, c.name)
	}
	return append(names, "help")
}

func findCommand(name string) (command, bool) {
	for _, c := range commands() {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

const mainUsage = `validate checks social posts the way the publishing API does.

Usage:
  validate post   [flags] FILE...              check create-post bodies ('-' reads stdin)
  validate draft  [flags] --draft FILE BODY    check a draft-publish body against a stored draft
  validate time   [flags] [VALUE...]           check scheduledFor values (arguments, else stdin)
  validate length [flags] [FILE]               measure texts, JSON lines ('-' or none: stdin)
  validate split  [flags] [FILE]               split texts into threads ('-' or none: stdin)
  validate fix    [flags] FILE                 apply the verdict's fixes to a body, check again
  validate status [flags] [FILE]               aggregate per-target outcomes ('-' or none: stdin)
  validate schema NAME                         print the JSON Schema or OpenAPI document NAME
  validate rules  [flags]                      list the rule book (ids, limits, units, sources)
  validate serve  [flags]                      answer the API's two endpoints over HTTP (a sandbox)
  validate media  [flags] FILE...              probe images, videos, PDFs; judge them per platform
  validate gen    [flags]                      write bodies for property tests, with their answers
  validate version [flags]                     print the version and the rule book's revision
  validate completion bash|zsh|fish            print a shell completion script
  validate help   [COMMAND]                    print this text, or a command's

Common flags (every command takes them; a bad value or file is a usage error everywhere):
  --format text|json   output format (default text)
  --now TIME           the clock, e.g. 2026-01-02T15:04:05Z (used by post, draft, time;
                       no effect on length, split, status)
  --accounts FILE      connected accounts, a JSON array of {"platform","accountId"}
                       (used by post, draft; no effect on time, length, split, status)
  -h, --help           print a command's usage
  --version            (alone) print the version, as validate version

Exit status: 0 all valid, 1 something invalid, 2 usage error or unreadable input.
Run 'validate help COMMAND' for a command's flags and output.
`

// run is the whole program: main only binds it to the process. It returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer, now func() time.Time) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, mainUsage)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "help":
		return runHelp(args[1:], stdout, stderr)
	case "-h", "-help", "--help":
		fmt.Fprint(stdout, mainUsage)
		return exitValid
	case "-version", "--version":
		fmt.Fprint(stdout, versionLine())
		return exitValid
	}
	cmd, ok := findCommand(name)
	if !ok {
		fmt.Fprintf(stderr, "validate: unknown command %q%s\n\n%s", name, didYouMean(name, commandNames()), mainUsage)
		return exitUsage
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	c := &cmdIO{name: name, stdin: stdin, stdout: out, stderr: stderr, now: now}
	code := cmd.run(c, args[1:])
	if err := out.Flush(); err != nil {
		c.errorf("writing output: %v", err)
		return exitUsage
	}
	return code
}

func runHelp(args []string, stdout, stderr io.Writer) int {
	switch len(args) {
	case 0:
		fmt.Fprint(stdout, mainUsage)
		return exitValid
	case 1:
		if cmd, ok := findCommand(args[0]); ok {
			fmt.Fprint(stdout, cmd.usage)
			return exitValid
		}
		fmt.Fprintf(stderr, "validate help: unknown command %q%s\n\n%s", args[0], didYouMean(args[0], commandNames()), mainUsage)
		return exitUsage
	}
	fmt.Fprintf(stderr, "validate help: takes at most one command name\n")
	return exitUsage
}

// parseFlags parses args with fs, letting flags and operands come in any order (the flag
// package alone stops at the first operand, so "validate post a.json --format json" would
// treat "--format" as a file). "--" ends the flags; "-" is an operand (stdin).
//
// It returns the operands and, when parsing ends the command, its exit status: 0 after
// -h/--help (usage on stdout), 2 after a bad flag (message and hint on stderr).
func parseFlags(c *cmdIO, fs *flag.FlagSet, usage string, args []string) ([]string, int, bool) {
	fs.SetOutput(io.Discard) // the messages below replace the flag package's own
	var operands []string
	for {
		err := fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(c.stdout, usage)
			return nil, exitValid, false
		}
		if err != nil {
			c.errorf("%v%s\nRun 'validate %s -h' for usage.", err, flagSuggestion(fs, err), c.name)
			return nil, exitUsage, false
		}
		rest := fs.Args()
		consumed := len(args) - len(rest)
		if consumed > 0 && args[consumed-1] == "--" {
			return append(operands, rest...), 0, true
		}
		if len(rest) == 0 {
			return operands, 0, true
		}
		operands = append(operands, rest[0])
		args = rest[1:]
	}
}

// format is the value of the --format flag (formatFlag).
type format string

const (
	formatText   format = "text"
	formatJSON   format = "json"
	formatGitHub format = "github" // GitHub Actions workflow commands (post, draft)
	formatSARIF  format = "sarif"  // one SARIF 2.1.0 document (post, draft)
)

// formatFlag is --format: text or json for every command; post and draft also take
// github and sarif (linter, set by addVerdictFlags).
type formatFlag struct {
	f      *format
	linter bool
}

func (f *formatFlag) String() string {
	if f.f == nil {
		return ""
	}
	return string(*f.f)
}

func (f *formatFlag) Set(s string) error {
	switch format(s) {
	case formatText, formatJSON:
		*f.f = format(s)
		return nil
	case formatGitHub, formatSARIF:
		if f.linter {
			*f.f = format(s)
			return nil
		}
	}
	if f.linter {
		return fmt.Errorf("want text, json, github or sarif")
	}
	return fmt.Errorf("want text or json")
}

// usageError reports a problem with the command line and returns exit status 2.
func usageError(c *cmdIO, format string, args ...any) int {
	c.errorf("%s\nRun 'validate %s -h' for usage.", fmt.Sprintf(format, args...), c.name)
	return exitUsage
}

// worst combines exit statuses: usage/IO (2) over invalid (1) over valid (0).
func worst(a, b int) int {
	if b > a {
		return b
	}
	return a
}

// oneLine makes a message safe for a one-line-per-problem text output: a message quoting
// an input with a newline must not break the format.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	return strings.NewReplacer("\r", `\r`, "\n", `\n`).Replace(s)
}
