package main

import (
	"flag"
	"fmt"
	"strconv"

	"github.com/postrules/postrules/cmd/validate/internal/jsonline"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/split"
)

const splitUsage = `usage: validate split [flags] [FILE]

Splits each text into a thread whose every post fits a platform's cap, measured as the API
measures a post (package rules/split; see docs/split.md). Each line of FILE ('-' or none:
stdin) is one text: a JSON string, or an object {"text": "..."}, as for validate length.

Flags:
  --format text|json        output format (default text)
  --platform NAME           whose cap and counter to use (default twitter)
  --counter graphemes|x-weighted
                            how to count (default: the platform's counter, graphemes)
  --cap N                   the cap, N >= 1 (default: the platform's cap, 280 for twitter)
  --numbering none|suffix|prefix
                            label each post of a thread of two or more: "text 2/5"
                            (suffix) or "2/5 text" (prefix); the label counts in the
                            length (default none)
  --now TIME, --accounts FILE
                            accepted and checked like everywhere (a bad value or file
                            exits 2), but they have no effect on a split
  -h, --help                print this text

Output: one answer per input line, in input order.
  text:  each post on its own line, "L graphemes: text" (L its length; "L x-weighted
         units: text" with that counter), the post's line breaks written \n (and \r);
         a blank line between the answers of two inputs.
         A line that cannot be split gets validate length's error line:
         line 3: malformed_json: <message>
  json:  {"posts":[{"text":"...","length":N}],"cap":N,"counter":"graphemes"}
         {"line":3,"fits":false,"code":"invalid_utf8","message":...,"offset":N}
The json answer is split.Answer, byte for byte what the Go API and WASM return.
Besides the errors of validate length, a text that is empty or white space only is
no_content, and one whose single grapheme cluster does not fit the cap post_too_long.

Exit status: 0 every text was split, 1 some line is bad, 2 usage error or unreadable
input.
`

func runSplit(c *cmdIO, args []string) int {
	fs := flag.NewFlagSet("split", flag.ContinueOnError)
	cf := addCommonFlags(fs)
	lf := addLimitFlags(fs)
	var opts split.Options
	fs.Func("numbering", "none, suffix or prefix", func(s string) error {
		switch n := split.Numbering(s); n {
		case split.NumberingNone, split.NumberingSuffix, split.NumberingPrefix:
			opts.Numbering = n
			return nil
		}
		return fmt.Errorf("want none, suffix or prefix")
	})
	operands, code, ok := parseFlags(c, fs, splitUsage, args)
	if !ok {
		return code
	}
	done, code, ok := cf.textsInput(c, operands, "split")
	if !ok {
		return code
	}
	defer done()
	lim := lf.limit()

	p := newLengthPrinter(c, cf.format)
	status := exitValid
	first := true
	read := c.eachStdinLine(func() bool { return p.werr != nil }, func(line []byte, n int) {
		if !first && !p.json {
			p.write(append(p.buf[:0], '\n'))
		}
		first = false
		a, err := splitLine(line, lim, opts)
		if err != nil {
			p.problem(n, err)
			status = exitInvalid
			return
		}
		if p.json {
			p.write(append(a.AppendJSON(p.buf[:0]), '\n'))
			return
		}
		p.write(appendSplitText(p.buf[:0], a))
	})
	if !read {
		return exitUsage
	}
	return status
}

// splitLine is the answer for one input line: the JSON line decoded as validate length
// decodes it, then split.
func splitLine(line []byte, lim rules.Limit, opts split.Options) (split.Answer, *apierror.Error) {
	text, perr := jsonline.Text(line)
	if perr != nil {
		return split.Answer{}, perr
	}
	a, err := split.Split(text, lim, opts)
	if err != nil {
		if e := apierror.As(err); e != nil {
			return split.Answer{}, e
		}
		return split.Answer{}, apierror.New(apierror.CodeInternal, "", err.Error())
	}
	return a, nil
}

// appendSplitText renders an answer in text: "273 graphemes: text", a line per post.
func appendSplitText(b []byte, a split.Answer) []byte {
	for _, post := range a.Posts {
		b = strconv.AppendInt(b, int64(post.Length), 10)
		b = append(b, ' ')
		b = append(b, unitName(a.Counter)...)
		b = append(b, ": "...)
		b = append(b, oneLine(post.Text)...)
		b = append(b, '\n')
	}
	return b
}
