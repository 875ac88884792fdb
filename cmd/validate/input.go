package main

import (
	"bytes"
	"encoding/json"
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

func addNowFlag(fs *flag.FlagSet) *nowFlag {
	n := &nowFlag{}
	fs.Var(n, "now", "the clock, e.g. 2026-01-02T15:04:05Z")
	return n
}

// orClock returns the --now instant, or the command's clock when --now was not given.
func (n *nowFlag) orClock(c *cmdIO) time.Time {
	if n.set {
		return n.t
	}
	return c.now()
}

// loadAccounts reads the --accounts file: a JSON array of {"platform","accountId"}. The
// file is configuration, not the input under check, so any problem with it is a usage
// error (exit 2). An empty array is valid: no account is connected.
func loadAccounts(in *inputs, name string) ([]rules.Account, error) {
	data, err := in.read(name)
	if err != nil {
		return nil, err
	}
	accounts := []rules.Account{} // non-nil even for "[]": nil would mean "skip resolution"
	if t := bytes.TrimLeft(data, " \t\r\n"); len(t) == 0 || t[0] != '[' {
		return nil, fmt.Errorf("%s: want a JSON array of {\"platform\",\"accountId\"}", name)
	}
	if err := decodeStrict(data, &accounts); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	for i, a := range accounts {
		if _, err := rules.ParsePlatform(string(a.Platform)); err != nil {
			return nil, fmt.Errorf("%s: account %d: %v", name, i, rules.AsError(err).Message)
		}
		if a.ID == "" {
			return nil, fmt.Errorf("%s: account %d: accountId is missing or empty", name, i)
		}
	}
	return accounts, nil
}

// decodeStrict decodes one JSON value into v, rejecting unknown fields and trailing data.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("unexpected data after the JSON value")
	}
	return nil
}
