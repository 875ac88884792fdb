package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/schema"
)

// stdinName is the operand that reads standard input, and the name reports give it.
const stdinName = "-"

// inputs reads the files a command names. Standard input can be read once only; a second
// "-" is a usage error rather than a silently empty file.
type inputs struct {
	c         *cmdIO
	stdinUsed bool
}

// errStdinTwice is returned when '-' is named more than once.
var errStdinTwice = errors.New("standard input ('-') can be read only once")

// read returns the contents of the file name, or of stdin for "-". Its errors name the file.
func (in *inputs) read(name string) ([]byte, error) {
	if name != stdinName {
		return os.ReadFile(name) // a *PathError: "open x.json: no such file or directory"
	}
	if in.stdinUsed {
		return nil, errStdinTwice
	}
	in.stdinUsed = true
	b, err := io.ReadAll(in.c.stdin)
	if err != nil {
		return nil, fmt.Errorf("reading standard input: %w", err)
	}
	return b, nil
}

// spool copies standard input ("-", read once like every input) into a temporary file, for
// a reader that reads at offsets (the media probe); done removes it. Nothing is held in
// memory, whatever the size.
func (in *inputs) spool() (path string, done func(), err error) {
	if in.stdinUsed {
		return "", nil, errStdinTwice
	}
	in.stdinUsed = true
	f, err := os.CreateTemp("", "validate-stdin-*")
	if err != nil {
		return "", nil, err
	}
	done = func() { os.Remove(f.Name()) }
	_, err = io.Copy(f, in.c.stdin)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		done()
		return "", nil, fmt.Errorf("reading standard input: %w", err)
	}
	return f.Name(), done, nil
}

// commonFlags are the flags every command takes: --format, --now and --accounts (and -h,
// which the flag package handles). Every command checks --now and reads --accounts the
// same way, even where they have no effect (--now on length, split and status; --accounts
// on time, length, split and status), so that a bad clock or a broken accounts file is a
// usage error wherever it is given, never silently ignored.
type commonFlags struct {
	format     format
	formatFlag *formatFlag
	now        nowFlag
	accounts   string
}

// addCommonFlags defines the common flags on fs; --format starts at text.
func addCommonFlags(fs *flag.FlagSet) *commonFlags {
	cf := &commonFlags{format: formatText}
	cf.formatFlag = &formatFlag{f: &cf.format}
	fs.Var(cf.formatFlag, "format", "text or json")
	fs.Var(&cf.now, "now", "the clock, e.g. 2026-01-02T15:04:05Z")
	fs.StringVar(&cf.accounts, "accounts", "", "connected accounts, a JSON array of {\"platform\",\"accountId\"}")
	return cf
}

// textsInput sets up the input of a command that reads texts as JSON lines (length,
// split): its one FILE operand, or standard input for "-" or none, as every command reads
// "-". --accounts may not claim standard input when the texts are on it; it is read only
// to report its problems, since these commands measure and resolve nothing. The returned
// function closes FILE.
func (cf *commonFlags) textsInput(c *cmdIO, operands []string, verb string) (func(), int, bool) {
	if len(operands) > 1 {
		return nil, usageError(c, "%s reads texts from one FILE ('-' or none: stdin); unexpected argument %q", c.name, operands[1]), false
	}
	fromStdin := len(operands) == 0 || operands[0] == stdinName
	if fromStdin && cf.accounts == stdinName {
		return nil, usageError(c, "--accounts -: standard input holds the texts to %s", verb), false
	}
	if _, ok := cf.loadAccounts(c, &inputs{c: c}); !ok {
		return nil, exitUsage, false
	}
	if fromStdin {
		return func() {}, 0, true
	}
	f, err := os.Open(operands[0])
	if err != nil {
		c.errorf("%v", err)
		return nil, exitUsage, false
	}
	c.stdin = f
	return func() { f.Close() }, 0, true
}

// loadAccounts reads --accounts: nil without it (target resolution is skipped). A file that
// cannot be read or is not a valid accounts list ends the command: the message, naming the
// file, is printed and ok is false (exit status 2).
func (cf *commonFlags) loadAccounts(c *cmdIO, in *inputs) (accounts []rules.Account, ok bool) {
	if cf.accounts == "" {
		return nil, true
	}
	accounts, msgs := readAccounts(in, cf.accounts)
	if msgs != nil {
		for _, m := range msgs {
			c.errorf("--accounts: %s", m)
		}
		return nil, false
	}
	return accounts, true
}

// nowFlag is the --now flag: an instant in the scheduledFor grammar, parsed by the rule
// itself so the clock accepts exactly what the API accepts.
type nowFlag struct {
	t   time.Time
	set bool
}

func (n *nowFlag) String() string {
	if !n.set {
		return ""
	}
	return rules.FormatScheduledFor(n.t)
}

func (n *nowFlag) Set(s string) error {
	t, err := rules.ParseScheduledFor(s)
	if err != nil {
		return err
	}
	n.t, n.set = t, true
	return nil
}

// orClock returns the --now instant, or the command's clock when --now was not given.
func (n *nowFlag) orClock(c *cmdIO) time.Time {
	if n.set {
		return n.t
	}
	return c.now()
}

// readAccounts reads the --accounts file: a JSON array of {"platform","accountId"},
// decoded and checked by schema.DecodeAccounts, the decoder the Go API and the WASM module
// use for accounts, so that a defect has one code, pointer and message on every face. The
// file is configuration, not the input under check, so any problem with it is an error here
// (a usage error for the command), one line per problem: "FILE: POINTER: CODE: MESSAGE".
// An empty array is valid: no account is connected.
func readAccounts(in *inputs, name string) ([]rules.Account, []string) {
	data, err := in.read(name)
	if err != nil {
		return nil, []string{readError(name, err)}
	}
	accounts, problems := schema.DecodeAccounts(data)
	if len(problems) > 0 {
		msgs := make([]string, len(problems))
		for i, p := range problems {
			msgs[i] = displayName(name) + ": " + describe(p.Path, p.Code, p.Message)
		}
		return nil, msgs
	}
	return accounts, nil // non-nil even for "[]": nil would mean "skip resolution"
}

// describe renders a decoding problem for a message on stderr: "POINTER: CODE: MESSAGE".
func describe(path string, code apierror.Code, message string) string {
	s := string(code) + ": " + message
	if path != "" {
		s = path + ": " + s
	}
	return s
}

// displayName is how messages name a file: "-" is "- (stdin)".
func displayName(name string) string {
	if name == stdinName {
		return "- (stdin)"
	}
	return name
}

// readError makes sure a read error names its file (os errors do; stdin's do not).
func readError(name string, err error) string {
	if name == stdinName {
		return displayName(name) + ": " + err.Error()
	}
	return err.Error()
}
