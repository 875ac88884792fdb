package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/postrules/postrules/rules"
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

// commonFlags are the flags every command takes (issue 4): --format, --now and --accounts
// (and -h, which the flag package handles). Every command checks --now and reads
// --accounts the same way, even where they have no effect (--now and --accounts on length
// and status, --accounts on time), so that a bad clock or a broken accounts file is a
// usage error wherever it is given, never silently ignored.
type commonFlags struct {
	format   format
	now      nowFlag
	accounts string
}

func addCommonFlags(fs *flag.FlagSet) *commonFlags {
	cf := &commonFlags{format: formatText}
	fs.Var(&cf.format, "format", "text or json")
	fs.Var(&cf.now, "now", "the clock, e.g. 2026-01-02T15:04:05Z")
	fs.StringVar(&cf.accounts, "accounts", "", "connected accounts, a JSON array of {\"platform\",\"accountId\"}")
	return cf
}

// loadAccounts reads --accounts: nil without it (target resolution is skipped). A file that
// cannot be read or is not a valid accounts list ends the command: the message, naming the
// file, is printed and ok is false (exit status 2).
func (cf *commonFlags) loadAccounts(c *cmdIO, in *inputs) (accounts []rules.Account, ok bool) {
	if cf.accounts == "" {
		return nil, true
	}
	accounts, err := readAccounts(in, cf.accounts)
	if err != nil {
		c.errorf("--accounts: %v", err)
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

// accountShape is the --accounts file's record.
var accountShape = recordShape{
	noun: "account", what: "an account",
	names:    []string{"platform", "accountId"},
	required: []string{"platform", "accountId"},
}

// readAccounts reads the --accounts file: a JSON array of {"platform","accountId"},
// decoded as strictly as the API decodes a request (see decodeRecords). The file is
// configuration, not the input under check, so any problem with it is an error here (a
// usage error for the command). An empty array is valid: no account is connected. The
// same account twice is an error: it would make every lookup list it twice.
func readAccounts(in *inputs, name string) ([]rules.Account, error) {
	data, err := in.read(name)
	if err != nil {
		return nil, errors.New(readError(name, err))
	}
	records, e := decodeRecords(data, accountShape)
	if e != nil {
		return nil, fmt.Errorf("%s: %s", displayName(name), describe(e))
	}
	accounts := make([]rules.Account, 0, len(records)) // non-nil even for "[]": nil would mean "skip resolution"
	first := map[rules.Account]int{}
	for i, r := range records {
		a := rules.Account{Platform: rules.Platform(r["platform"]), ID: r["accountId"]}
		if _, err := rules.ParsePlatform(string(a.Platform)); err != nil {
			return nil, fmt.Errorf("%s: /%d/platform: %s", displayName(name), i, rules.AsError(err).Message)
		}
		if a.ID == "" {
			return nil, fmt.Errorf("%s: /%d/accountId: the accountId is empty", displayName(name), i)
		}
		if j, dup := first[a]; dup {
			return nil, fmt.Errorf("%s: /%d: duplicate account: %s %q is already listed at /%d; list each account once",
				displayName(name), i, a.Platform, a.ID, j)
		}
		first[a] = i
		accounts = append(accounts, a)
	}
	return accounts, nil
}

// describe renders a decoding problem for a message on stderr: "POINTER: CODE: MESSAGE".
func describe(e *rules.Error) string {
	s := string(e.Code) + ": " + e.Message
	if e.Path != "" {
		s = e.Path + ": " + s
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
