package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"strconv"

	"github.com/postrules/postrules/cmd/validate/internal/jsonline"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/xweight"
)

const lengthUsage = `usage: validate length [flags] [FILE]

Measures texts against a platform's length cap, as the API measures a post. Each line of
FILE ('-' or none: stdin) is one text: a JSON string, or an object {"text": "..."}.

Flags:
  --format text|json        output format (default text)
  --platform NAME           whose cap and counter to use (default twitter)
  --counter graphemes|bytes|utf16|codepoints|x-weighted
                            how to count (default: the platform's own unit: graphemes
                            for twitter and bluesky, bytes for threads and youtube,
                            utf16 for the others; see validate rules)
  --cap N                   the cap, N >= 1 (default: the platform's cap, 280 for twitter)
                            Both adjust the platform's primary length rule; its other
                            length rules (bluesky: 3,000 bytes) still apply.
  --now TIME, --accounts FILE
                            accepted and checked like everywhere (a bad value or file
                            exits 2), but they have no effect on a length
  -h, --help                print this text

Output: one line per input line, in input order.
  text:  12 graphemes, cap 280: ok
         312 graphemes, cap 280: post_too_long, overflow at byte 840
         line 3: malformed_json: <message>
  json:  {"length":12,"cap":280,"fits":true,"counter":"graphemes","overflowAt":-1,"rule":"twitter.text.max"}
         {"line":3,"fits":false,"code":"malformed_json","message":...,"offset":N}
"overflowAt" is the byte offset in the text (UTF-8) where the first unit past the cap
begins, or -1 when the text fits (as in every verdict). On a text so far over its cap that counting stopped
early (more than 32 times the cap in bytes), "length" is a lower bound and the line ends
with "exact":false (text: "more than N"); "exact" appears on no other line. A line that
cannot be measured (not JSON, not a string or {"text"}, not UTF-8, a lone surrogate
escape such as \ud800) gets the second form: "line" is its number from 1, "offset" the
byte in the line where it went wrong, counted from 0.

Exit status: 0 every text fits, 1 some text is over its cap or some line is bad,
2 usage error or unreadable input.
`

// lengthResult is one line of `validate length --format json` for a measured text.
// Exact is set (to false) only when the length is a lower bound; the JSON contract (docs/contract.md) has
// no "exact" key, so an exact length, the usual case, prints none.
type lengthResult struct {
	Length     int    `json:"length"`
	Cap        int    `json:"cap"`
	Fits       bool   `json:"fits"`
	Counter    string `json:"counter"`
	OverflowAt int    `json:"overflowAt"` // -1 when it fits, as in every verdict
	Exact      *bool  `json:"exact,omitempty"`
	// Rule is the id of the rule book's rule measured (see validate rules): the first
	// length rule the text breaks, else the platform's primary one.
	Rule string `json:"rule,omitempty"`
}

// inexact is the value of lengthResult.Exact on a lower bound.
var inexact = new(bool)

// lineProblem is one line of `validate length --format json` for a line that could not be
// measured.
type lineProblem struct {
	Line    int           `json:"line"`
	Fits    bool          `json:"fits"`
	Code    apierror.Code `json:"code"`
	Message string        `json:"message"`
	Offset  int           `json:"offset"`
}

// counterNamed is the counter a --counter value names (CounterByName's, or X's weighted
// length), or an error listing the values.
func counterNamed(name string) (rules.Counter, error) {
	if c, ok := rules.CounterByName(name); ok {
		return c, nil
	}
	if name == xweight.Name {
		return xweight.Default(), nil
	}
	return nil, fmt.Errorf("want graphemes, bytes, utf16, codepoints or x-weighted")
}

// limitFlags are --platform, --counter and --cap of length and split: which platform's
// limit applies, and how the flags adjust it.
type limitFlags struct {
	platform rules.Platform
	counter  rules.Counter // nil: the platform's own
	cap      int           // 0: the platform's own
}

func addLimitFlags(fs *flag.FlagSet) *limitFlags {
	lf := &limitFlags{platform: rules.Twitter}
	fs.Func("platform", "platform", func(s string) error {
		p, err := rules.ParsePlatform(s)
		if err != nil {
			return fmt.Errorf("%s", apierror.As(err).Message)
		}
		lf.platform = p
		return nil
	})
	fs.Func("counter", "graphemes or x-weighted", func(s string) (err error) {
		lf.counter, err = counterNamed(s)
		return err
	})
	fs.Func("cap", "the cap", func(s string) error {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			return fmt.Errorf("want a whole number >= 1")
		}
		lf.cap = n
		return nil
	})
	return lf
}

// limit is the platform's default limit as the flags adjust it.
func (lf *limitFlags) limit() rules.Limit {
	lim := rules.DefaultLimits().For(lf.platform)
	if lf.counter != nil {
		lim.Counter = lf.counter
	}
	if lf.cap > 0 {
		lim.Cap = lf.cap
	}
	return lim
}

func newLengthPrinter(c *cmdIO, f format) *lengthPrinter {
	p := &lengthPrinter{c: c, json: f == formatJSON}
	if p.json {
		p.enc = json.NewEncoder(c.stdout)
		p.enc.SetEscapeHTML(false)
	}
	return p
}

func runLength(c *cmdIO, args []string) int {
	fs := flag.NewFlagSet("length", flag.ContinueOnError)
	cf := addCommonFlags(fs)
	lf := addLimitFlags(fs)
	operands, code, ok := parseFlags(c, fs, lengthUsage, args)
	if !ok {
		return code
	}
	done, code, ok := cf.textsInput(c, operands, "measure")
	if !ok {
		return code
	}
	defer done()

	// The flags only adjust the platform's limit; the measuring is the rule's own.
	platform := lf.platform
	limits := rules.DefaultLimits().With(platform, lf.limit())

	p := newLengthPrinter(c, cf.format)
	status := exitValid
	read := c.eachStdinLine(func() bool { return p.werr != nil }, func(line []byte, n int) {
		text, perr := jsonline.Text(line)
		if perr != nil {
			p.problem(n, perr)
			status = exitInvalid
			return
		}
		m, err := limits.Measure(platform, text)
		if err != nil {
			p.problem(n, apierror.As(err))
			status = exitInvalid
			return
		}
		if !m.Fits() {
			status = exitInvalid
		}
		p.measured(m)
	})
	if !read {
		return exitUsage
	}
	return status // run reports a write error when it flushes
}

// lengthPrinter prints one line per input line.
type lengthPrinter struct {
	c    *cmdIO
	json bool
	enc  *json.Encoder
	werr error // the first write error: the output is gone, so stop reading
	buf  []byte
}

func (p *lengthPrinter) measured(m rules.Measurement) {
	if p.json {
		r := lengthResult{Length: m.Length, Cap: m.Cap, Fits: m.Fits(), Counter: m.Counter, Rule: m.Rule, OverflowAt: -1}
		if !m.Exact {
			r.Exact = inexact
		}
		if !r.Fits {
			r.OverflowAt = m.OverflowAt
		}
		p.encode(r)
		return
	}
	b := appendLength(p.buf[:0], m)
	if m.Fits() {
		b = append(b, ": ok\n"...)
	} else {
		b = append(b, ": "...)
		b = append(b, apierror.CodePostTooLong...)
		b = append(b, ", overflow at byte "...)
		b = strconv.AppendInt(b, int64(m.OverflowAt), 10)
		b = append(b, '\n')
	}
	p.write(b)
}

func (p *lengthPrinter) problem(line int, e *apierror.Error) {
	if e == nil { // a counter broke its contract; still report the line as bad
		e = apierror.New(apierror.CodeInvalidValue, "", "the text could not be measured")
	}
	if p.json {
		p.encode(lineProblem{Line: line, Code: e.Code, Message: e.Message, Offset: e.Offset})
		return
	}
	b := append(p.buf[:0], "line "...)
	b = strconv.AppendInt(b, int64(line), 10)
	b = append(b, ": "...)
	b = append(b, e.Code...)
	b = append(b, ": "...)
	b = append(b, oneLine(e.Message)...)
	b = append(b, '\n')
	p.write(b)
}

func (p *lengthPrinter) encode(v any) {
	if err := p.enc.Encode(v); err != nil {
		p.werr = err
	}
}

func (p *lengthPrinter) write(b []byte) {
	p.buf = b[:0]
	if _, err := p.c.stdout.Write(b); err != nil {
		p.werr = err
	}
}

// appendLength renders "312 graphemes, cap 280" (or "more than 560 ..." when counting
// stopped early), the way post and length name a measurement in text output.
func appendLength(b []byte, m rules.Measurement) []byte {
	if !m.Exact {
		b = append(b, "more than "...)
	}
	b = strconv.AppendInt(b, int64(m.Length), 10)
	b = append(b, ' ')
	b = append(b, unitName(m.Counter)...)
	b = append(b, ", cap "...)
	b = strconv.AppendInt(b, int64(m.Cap), 10)
	return b
}

// unitName names a counter's unit in text output: "graphemes", "bytes", "x-weighted
// units" (the rules' own naming, so text output and messages agree).
func unitName(counter string) string { return rules.UnitName(counter) }
