package main

import (
	"encoding/json"
	"flag"
	"strconv"
	"time"

	"github.com/postrules/postrules/cmd/validate/internal/jsonline"
	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

const timeUsage = `usage: validate time [flags] [VALUE...]

Checks scheduledFor values against the API's grammar, YYYY-MM-DDTHH:MM[:SS[.fraction]]Z
(UTC only). With --now, a value must also be strictly after that instant. Values come from
the arguments or, when there are none (or only '-'), from stdin: one value per line (a trailing '\r' is
dropped), or with --jsonl one JSON string per line, so that values holding a newline or a
NUL can be checked. Values that start with '-' go after "--".

Flags:
  --format text|json   output format (default text)
  --now TIME           also require each value to be after TIME (default: grammar only)
  --jsonl              read stdin as JSON lines, each a JSON string
  --accounts FILE      accepted and checked like everywhere (a bad file exits 2), but
                       it has no effect here
  -h, --help           print this text

Output: one line per value, in input order.
  text:  "2030-01-01T09:00Z": ok 2030-01-01T09:00:00Z
         "2030-02-30T09:00Z": invalid_scheduled_for: <message>
  json:  {"input":"2030-01-01T09:00Z","valid":true,"utc":"2030-01-01T09:00:00Z"}
         {"input":...,"valid":false,"code":...,"message":...,"offset":N}
"utc" is the instant in canonical form (UTC, with seconds, fraction only when non-zero).
"offset" is the byte offset in the value (in the line, for a bad --jsonl line) where it
went wrong, counted from 0; 0 when the whole value is at fault (scheduled_in_past: no
byte is wrong, the value as a whole is too early). A value that is not UTF-8 is
invalid_utf8 at its first bad byte; JSON cannot hold the raw bytes, so "input" has
U+FFFD (\ufffd) in place of each, and the message quotes the value with Go escapes
(\xff) so no byte is lost. A --jsonl line that is not a JSON string is invalid with
code malformed_json, wrong_type, invalid_utf8 or invalid_string (a lone surrogate
escape such as \ud800, which names no character), and "input" is the line itself.

Exit status: 0 all valid, 1 some value invalid, 2 usage error or unreadable input.
`

// timeResult is one line of `validate time --format json`.
type timeResult struct {
	Input   string        `json:"input"`
	Valid   bool          `json:"valid"`
	UTC     string        `json:"utc,omitempty"`
	Code    apierror.Code `json:"code,omitempty"`
	Message string        `json:"message,omitempty"`
	Offset  *int          `json:"offset,omitempty"`
}

func runTime(c *cmdIO, args []string) int {
	fs := flag.NewFlagSet("time", flag.ContinueOnError)
	cf := addCommonFlags(fs)
	jsonl := fs.Bool("jsonl", false, "read stdin as JSON lines")
	values, code, ok := parseFlags(c, fs, timeUsage, args)
	if !ok {
		return code
	}
	if len(values) == 1 && values[0] == stdinName {
		values = nil // '-' reads stdin, as on every command
	}
	for _, v := range values {
		if v == stdinName {
			return usageError(c, "'-' reads the values from stdin; give it alone, not among VALUEs")
		}
	}
	if *jsonl && len(values) > 0 {
		return usageError(c, "--jsonl reads values from stdin; it takes no VALUE arguments")
	}
	if len(values) == 0 && cf.accounts == stdinName {
		return usageError(c, "--accounts -: standard input holds the values to check")
	}
	if _, ok := cf.loadAccounts(c, &inputs{c: c}); !ok {
		return exitUsage
	}

	p := &timePrinter{c: c, json: cf.format == formatJSON, now: &cf.now}
	if p.json {
		p.enc = json.NewEncoder(c.stdout)
		p.enc.SetEscapeHTML(false)
	}
	status := exitValid
	if len(values) > 0 {
		for _, v := range values {
			status = worst(status, p.check(v))
		}
		return status
	}

	read := c.eachStdinLine(func() bool { return p.werr != nil }, func(line []byte, n int) {
		if !*jsonl {
			status = worst(status, p.check(string(line)))
			return
		}
		v, perr := jsonline.String(line)
		if perr != nil {
			perr.Message = "line " + strconv.Itoa(n) + ": " + perr.Message
			status = worst(status, p.print(string(line), time.Time{}, perr))
			return
		}
		status = worst(status, p.check(v))
	})
	if !read {
		return exitUsage
	}
	return status // run reports a write error when it flushes
}

// timePrinter checks values and prints one line for each.
type timePrinter struct {
	c    *cmdIO
	json bool
	enc  *json.Encoder
	now  *nowFlag
	werr error  // the first write error: the output is gone, so stop reading
	buf  []byte // a text line, reused
}

// check checks one value: the grammar, then, with --now, the clock. A value that is not
// UTF-8 is reported at its first bad byte before the grammar is consulted (the API
// answers invalid_utf8 for such a string in a body; --jsonl does for such a line), because
// the JSON "input" echo cannot carry the bad bytes and the offset must show where they are.
func (p *timePrinter) check(v string) int {
	if off := strictjson.FirstInvalidUTF8([]byte(v)); off >= 0 {
		e := apierror.New(apierror.CodeInvalidUTF8, "", "scheduledFor "+strconv.Quote(v)+
			": not valid UTF-8: bad byte 0x"+strconv.FormatUint(uint64(v[off]), 16)+" (at offset "+strconv.Itoa(off)+")")
		e.Offset = off
		return p.print(v, time.Time{}, e)
	}
	t, err := rules.ParseScheduledFor(v)
	if err == nil && p.now.set {
		err = rules.CheckScheduledAfter(t, p.now.t)
	}
	if err == nil {
		return p.print(v, t, nil)
	}
	e := apierror.As(err)
	if e == nil { // the rules document *apierror.Error; never let another error pass as valid
		e = apierror.New(apierror.CodeInvalidScheduledFor, "", err.Error())
	}
	return p.print(v, t, e)
}

func (p *timePrinter) print(input string, t time.Time, e *apierror.Error) int {
	status := exitValid
	if e != nil {
		status = exitInvalid
	}
	if p.json {
		r := timeResult{Input: input, Valid: e == nil}
		if e == nil {
			r.UTC = rules.FormatScheduledFor(t)
		} else {
			// -1 is the rules' "no byte in particular" (scheduled_in_past); the output
			// says 0: the whole value, from its start.
			off := max(e.Offset, 0)
			r.Code, r.Message, r.Offset = e.Code, e.Message, &off
		}
		if err := p.enc.Encode(r); err != nil {
			p.werr = err
		}
		return status
	}
	b := strconv.AppendQuote(p.buf[:0], input)
	if e == nil {
		b = append(b, ": ok "...)
		b = append(b, rules.FormatScheduledFor(t)...)
	} else {
		b = append(b, ": "...)
		b = append(b, e.Code...)
		b = append(b, ": "...)
		b = append(b, oneLine(e.Message)...)
	}
	b = append(b, '\n')
	p.buf = b[:0]
	if _, err := p.c.stdout.Write(b); err != nil {
		p.werr = err
	}
	return status
}
