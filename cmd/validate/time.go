package main

import (
	"encoding/json"
	"flag"
	"strconv"
	"time"

	"github.com/postrules/postrules/cmd/validate/internal/jsonline"
	"github.com/postrules/postrules/cmd/validate/internal/lines"
	"github.com/postrules/postrules/rules"
)

const timeUsage = `usage: validate time [flags] [VALUE...]

Checks scheduledFor values against the API's grammar, YYYY-MM-DDTHH:MM[:SS[.fraction]]Z
(UTC only). With --now, a value must also be strictly after that instant. Values come from
the arguments or, when there are none, from stdin: one value per line (a trailing '\r' is
dropped), or with --jsonl one JSON string per line, so that values holding a newline or a
NUL can be checked. Values that start with '-' go after "--".

Flags:
  --format text|json   output format (default text)
  --now TIME           also require each value to be after TIME (default: grammar only)
  --jsonl              read stdin as JSON lines, each a JSON string
  -h, --help           print this text

Output: one line per value, in input order.
  text:  "2030-01-01T09:00Z": ok 2030-01-01T09:00:00Z
         "2030-02-30T09:00Z": invalid_scheduled_for: <message>
  json:  {"input":"2030-01-01T09:00Z","valid":true,"utc":"2030-01-01T09:00:00Z"}
         {"input":...,"valid":false,"code":...,"message":...,"offset":N}
"utc" is the instant in canonical form (UTC, with seconds, fraction only when non-zero).
"offset" is the byte offset in the value (in the line, for a bad --jsonl line) where it
went wrong; -1 when the whole value is at fault (scheduled_in_past). A --jsonl line that is
not a JSON string is invalid with code malformed_json, wrong_type or invalid_utf8, and
"input" is the line itself.

Exit status: 0 all valid, 1 some value invalid, 2 usage error or unreadable stdin.
`

// timeResult is one line of `validate time --format json`.
type timeResult struct {
	Input   string     `json:"input"`
	Valid   bool       `json:"valid"`
	UTC     string     `json:"utc,omitempty"`
	Code    rules.Code `json:"code,omitempty"`
	Message string     `json:"message,omitempty"`
	Offset  *int       `json:"offset,omitempty"`
}

func runTime(c *cmdIO, args []string) int {
	fs := flag.NewFlagSet("time", flag.ContinueOnError)
	f := addFormatFlag(fs)
	now := addNowFlag(fs)
	jsonl := fs.Bool("jsonl", false, "read stdin as JSON lines")
	values, code, ok := parseFlags(c, fs, timeUsage, args)
	if !ok {
		return code
	}
	if *jsonl && len(values) > 0 {
		return usageError(c, "--jsonl reads values from stdin; it takes no VALUE arguments")
	}

	p := &timePrinter{c: c, json: *f == formatJSON, now: now}
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

	r := lines.NewReader(c.stdin)
	for {
		line, ok, err := r.Next()
		if err != nil {
			c.errorf("reading standard input at line %d: %v", r.Line()+1, err)
			return exitUsage
		}
		if !ok || p.werr != nil {
			return status // run reports a write error when it flushes
		}
		if !*jsonl {
			status = worst(status, p.check(string(line)))
			continue
		}
		v, perr := jsonline.String(line)
		if perr != nil {
			perr.Message = "line " + strconv.Itoa(r.Line()) + ": " + perr.Message
			status = worst(status, p.print(string(line), time.Time{}, perr))
			continue
		}
		status = worst(status, p.check(v))
	}
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

// check checks one value: the grammar, then, with --now, the clock.
func (p *timePrinter) check(v string) int {
	t, err := rules.ParseScheduledFor(v)
	if err == nil && p.now.set {
		err = rules.CheckScheduledAfter(t, p.now.t)
	}
	if err == nil {
		return p.print(v, t, nil)
	}
	e := rules.AsError(err)
	if e == nil { // the rules document *Error; never let another error pass as valid
		e = rules.NewError(rules.CodeInvalidScheduledFor, "", err.Error())
	}
	return p.print(v, t, e)
}

func (p *timePrinter) print(input string, t time.Time, e *rules.Error) int {
	status := exitValid
	if e != nil {
		status = exitInvalid
	}
	if p.json {
		r := timeResult{Input: input, Valid: e == nil}
		if e == nil {
			r.UTC = rules.FormatScheduledFor(t)
		} else {
			off := e.Offset
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
