package main

import (
	"encoding/json"
	"flag"
	"strconv"
	"strings"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
)

const rulesUsage = `usage: validate rules [flags]

Lists the rule book: every rule the checks apply, per platform, with its stable id
(<platform>.<field>.<check>), severity, limit and unit, the source it follows and the
date that source was read. A problem that breaks a rule names its id in "rule".

Flags:
  --format text|json   output format (default text)
  --platform NAME      only this platform's rules
  --markdown           print the reference page docs/rules.md is generated from
  --now TIME, --accounts FILE
                       accepted and checked like everywhere; no effect here
  -h, --help           print this text

Output, text: one line per rule, "ID  SEVERITY  LIMIT UNIT  WHAT".
Output, json: one line per rule,
  {"id","platform","what","severity","limit" (when it has one),"unit","source","read",
   "note" (when sources disagree)}

Exit status: 0, or 2 on a usage error.
`

func runRules(c *cmdIO, args []string) int {
	fs := flag.NewFlagSet("rules", flag.ContinueOnError)
	cf := addCommonFlags(fs)
	var platform rules.Platform
	fs.Func("platform", "platform", func(s string) error {
		p, err := rules.ParsePlatform(s)
		if err != nil {
			return errorString(apierror.As(err).Message)
		}
		platform = p
		return nil
	})
	markdown := fs.Bool("markdown", false, "print docs/rules.md")
	operands, code, ok := parseFlags(c, fs, rulesUsage, args)
	if !ok {
		return code
	}
	if len(operands) > 0 {
		return usageError(c, "rules takes no arguments; unexpected %q", operands[0])
	}
	if _, ok := cf.loadAccounts(c, &inputs{c: c}); !ok {
		return exitUsage
	}
	var book []rules.Rule
	for _, r := range fullBook() {
		if platform == "" || r.Platform == platform {
			book = append(book, r)
		}
	}
	switch {
	case *markdown:
		c.stdout.WriteString(rulesMarkdown(book))
	case cf.format == formatJSON:
		enc := json.NewEncoder(c.stdout)
		enc.SetEscapeHTML(false)
		for _, r := range book {
			enc.Encode(r)
		}
	default:
		for _, r := range book {
			limit := "-"
			if r.Limit > 0 {
				limit = strconv.Itoa(r.Limit) + " " + r.Unit
			}
			c.stdout.WriteString(r.ID + "  " + string(r.Severity) + "  " + limit + "  " + r.What + "\n")
		}
	}
	return exitValid
}

// fullBook is the rule book with the media rules (media.Book), as every face lists it.
func fullBook() []rules.Rule { return media.Book() }

// errorString is an error of a fixed message, for flag.Func.
type errorString string

func (e errorString) Error() string { return string(e) }

// rulesMarkdown renders the book as docs/rules.md: a pure function of the book, so the
// page cannot drift from the rules (TestRulesDoc checks the committed file).
func rulesMarkdown(book []rules.Rule) string {
	var b strings.Builder
	b.WriteString(`# The rule book

Generated from ` + "`rules.Book()`" + ` and the media rules of ` + "`media.Rules()`" + ` (applied by
` + "`validate media`" + ` to a file's facts, see [media.md](media.md)) by ` + "`validate rules --markdown`" + `; do not edit by hand
(` + "`go test ./cmd/validate -run TestRulesDoc -update`" + ` refreshes it).

Every rule has a stable id, ` + "`<platform>.<field>.<check>`" + `, with the platform's wire name
first. Every problem a rule raises carries the id in ` + "`rule`" + ` (verdict JSON, CLI JSON, WASM).
An **error** makes the request invalid; a **warning** never does: warnings are listed in
the verdict's ` + "`warnings`" + ` array (always present, ` + "`[]`" + ` when none; in the CLI's and WASM's
report only when there are some) and leave ` + "`valid`" + `, the status and the error body alone.

Units: ` + "`graphemes`" + ` (extended grapheme clusters, UAX #29), ` + "`bytes`" + ` (UTF-8), ` + "`utf16`" + `
(UTF-16 code units, JavaScript's ` + "`length`" + `), ` + "`codepoints`" + `; ` + "`links`" + ` (unique URLs),
` + "`hashtags`" + `, ` + "`mentions`" + `, ` + "`items`" + ` (media items), ` + "`forbidden`" + ` (characters refused). Where a
platform does not document its unit the book counts UTF-16 code units, which is never
smaller than the code point or grapheme count, so it never lets through what a smaller
count would reject. Twitter counts graphemes by default (this API's rule) and X's
weighted length on request (` + "`--counter x-weighted`" + `, ` + "`rules/xweight`" + `).

Where sources disagree on a number that matters, the error follows the platform's own
API reference and a warning covers the stricter reading (see Notes).

Callers can change a rule's limit or turn it off through the one options model:
` + "`rules.Limits.WithRule(id, limit)`" + ` and ` + "`rules.Limits.Disable(id)`" + `, carried by ` + "`schema.Env.Limits`" + `.
Sources marked read 2026-11-24 were read again for this book; the others carry the date
of the research notes they come from (2026-11) and were not re-read.
` + severityFollowsEvidence)
	var platform rules.Platform
	for _, r := range book {
		if r.Platform != platform {
			platform = r.Platform
			b.WriteString("\n## " + string(platform) + "\n\n")
			b.WriteString("| id | what | limit | unit | severity | source | read |\n|---|---|---|---|---|---|---|\n")
		}
		limit := ""
		if r.Limit > 0 {
			limit = strconv.Itoa(r.Limit)
		}
		b.WriteString("| `" + r.ID + "` | " + mdCell(r.What) + " | " + limit + " | " + r.Unit + " | " + string(r.Severity) +
			" | " + mdCell(r.Source) + " | " + r.Read + " |\n")
	}
	b.WriteString("\n## Notes: where sources disagree, and which reading the book follows\n\n")
	for _, r := range book {
		if r.Note != "" {
			b.WriteString("- `" + r.ID + "`: " + mdCell(r.Note) + "\n")
		}
	}
	return b.String()
}

// severityFollowsEvidence is docs/rules.md's statement of DESIGN.md rule 8, which
// rules/media's TestSeverityFollowsEvidence holds the media rules to.
const severityFollowsEvidence = `
## Severity follows evidence

A rule is an **error** only where the platform's own documentation, API schema, error
message or official client says it refuses; what a platform only recommends, and what
only a peer states, is a **warning**. Every rule lists its sources as data (` + "`sources`" + `
in ` + "`validate rules --format json`" + `: URL, date read, figure, ` + "`refuses`" + ` or
` + "`recommends`" + `, quote). Where a platform's own sources disagree, the error sits at the
loosest figure they state and a warning (an id with ` + "`strict_`" + `) at the strictest, and
each message names both figures and whose they are: X videos are refused past 125 min
(Premium) with a warning past 140 s, Facebook photos past 10 MB with a warning past 4 MB.
A media rule that needs a fact the file does not state (a duration, a frame rate, an
audio sample rate) warns under its own id that it could not be checked, and each thing
the probe could not read is a warning of the platform's ` + "`file.unread`" + ` rule.
`

// mdCell escapes what would break a Markdown table cell.
func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}
