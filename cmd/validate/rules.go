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
(<platform>.<field>.<check>), severity, limit and unit, and its sources: each source's
URL, the date it was read, the figure it states and whether it refuses or only
recommends (an error needs a source that refuses). A problem that breaks a rule names
its id in "rule".

Flags:
  --format text|json   output format (default text)
  --platform NAME      only this platform's rules
  --markdown           print the reference page docs/rules.md is generated from
  --now TIME, --accounts FILE
                       accepted and checked like everywhere; no effect here
  -h, --help           print this text

Output, text: one line per rule, "ID  SEVERITY  LIMIT UNIT  WHAT", then one line per
  source, indented by four spaces: "SAYS  READ  FIGURE  URL".
Output, json: one line per rule,
  {"id","platform","what","severity","limit" (when it has one),"unit","source","read",
   "sources" [{"url","read","figure","says","quote" (when one)}] (source and read name
   the first), "note" (when sources disagree)}

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
			for _, s := range r.Sources {
				c.stdout.WriteString("    " + string(s.Says) + "  " + s.Read + "  " + s.Figure + "  " + s.URL + "\n")
			}
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
// page cannot drift from the rules (go generate writes it, TestRulesDoc checks it).
func rulesMarkdown(book []rules.Rule) string {
	var b strings.Builder
	b.WriteString(`# The rule book

Generated from ` + "`rules.TextRules()`" + ` and the media rules of ` + "`media.Rules()`" + ` (applied by
` + "`validate media`" + ` to a file's facts, see [media.md](media.md)) by ` + "`validate rules --markdown`" + `; do not edit by hand
(` + "`go generate ./cmd/validate`" + ` refreshes it).

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

## Severity follows evidence

A rule is an **error** only where a source refuses: the platform's own documentation, API
schema or error message (or its official client), or this API's own contract (its design:
twitter counted in graphemes, rule T1, the error model; its request shape: one alt text
per media item). What a platform only recommends, and what only a peer API or a
third-party page states, is a **warning**: the book never refuses what a platform takes.
Where a platform's own sources disagree (Instagram's 30 hashtags in its API reference, 5
since its 2025-12 announcement), the error sits at the loosest figure they state and a
warning at the strictest, and both name each other. Every rule lists its sources as data
(` + "`sources`" + `: URL, date read, figure, ` + "`refuses`" + ` or ` + "`recommends`" + `), shown by
` + "`validate rules`" + `, ` + "`GET /v1/rules`" + ` and the WASM ` + "`rules()`" + `; ` + "`TestErrorRulesHaveRefusingSource`" + `
holds the text and option rules to it, ` + "`TestSeverityFollowsEvidence`" + ` of ` + "`rules/media`" + ` the
media rules. One exception is listed there: ` + "`facebook.text.max`" + ` (no Meta document states a
cap, yet every platform's primary text rule is an error). A media rule whose sources
disagree is a pair: the error at the loosest figure and a warning (an id with
` + "`strict_`" + `) at the strictest: X videos are refused past 125 min (Premium) with a warning
past 140 s, Facebook photos past 10 MB with a warning past 4 MB. A media rule that needs a
fact the file does not state (a duration, a frame rate, an audio sample rate) warns under
its own id that it could not be checked, and each thing the probe could not read is a
warning of the platform's ` + "`file.unread`" + ` rule.

Callers can change a rule's limit or turn it off through the one options model:
` + "`rules.Limits.WithRule(id, limit)`" + ` and ` + "`rules.Limits.Disable(id)`" + `, carried by ` + "`schema.Env.Limits`" + `.
The sources column lists each source as SAYS: FIGURE (URL, read DATE); a rule without
listed sources shows the one it follows and the date it was read.
`)
	var platform rules.Platform
	for _, r := range book {
		if r.Platform != platform {
			platform = r.Platform
			b.WriteString("\n## " + string(platform) + "\n\n")
			b.WriteString("| id | what | limit | unit | severity | sources |\n|---|---|---|---|---|---|\n")
		}
		limit := ""
		if r.Limit > 0 {
			limit = strconv.Itoa(r.Limit)
		}
		b.WriteString("| `" + r.ID + "` | " + mdCell(r.What) + " | " + limit + " | " + r.Unit + " | " + string(r.Severity) +
			" | " + mdCell(sourcesCell(r)) + " |\n")
	}
	b.WriteString("\n## Notes: where sources disagree, and which reading the book follows\n\n")
	for _, r := range book {
		if r.Note != "" {
			b.WriteString("- `" + r.ID + "`: " + mdCell(r.Note) + "\n")
		}
	}
	return b.String()
}

// sourcesCell is a rule's sources in one table cell: "refuses: FIGURE (URL, read DATE)",
// separated by "; "; a rule without listed sources gives its one source and date.
func sourcesCell(r rules.Rule) string {
	if len(r.Sources) == 0 {
		return r.Source + " (read " + r.Read + ")"
	}
	parts := make([]string, len(r.Sources))
	for i, s := range r.Sources {
		parts[i] = string(s.Says) + ": " + s.Figure + " (" + s.URL + ", read " + s.Read + ")"
	}
	return strings.Join(parts, "; ")
}

// mdCell escapes what would break a Markdown table cell.
func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}
