package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"strconv"

	"github.com/postrules/postrules/schema"
	"github.com/postrules/postrules/schema/fix"
)

const fixUsage = `usage: validate fix [flags] FILE

Applies the fixes the verdict offers (see validate post --format json, "fix") to the
create-post body in FILE ('-' reads stdin), editing only the values they name, so the rest
of the file keeps its formatting; then checks the result again. Fixes are applied one at a
time, each offered by the check of the body as fixed so far; where two fixes of one check
touch the same value, the first offered is applied and stderr says so. The problems left
are listed on stderr.

Flags:
  --only RULE          apply only the fixes of rule RULE (a rule id, see validate rules)
  -o FILE              write the fixed body to FILE instead of stdout
  --diff               write a unified diff of the fixed lines only, instead of the body
  --now TIME           the clock for scheduledFor (default: the current time)
  --accounts FILE      the connected accounts, as for validate post
  --counter graphemes|x-weighted
                       how twitter posts are counted, as for validate post
  -h, --help           print this text

Exit status: 0 the fixed body passes, 1 problems remain, 2 usage error or an unreadable
or unwritable file.
`

func runFix(c *cmdIO, args []string) int {
	fs := flag.NewFlagSet("fix", flag.ContinueOnError)
	vf := addVerdictFlags(fs)
	only := fs.String("only", "", "apply only the fixes of this rule")
	out := fs.String("o", "", "write the fixed body to this file")
	diff := fs.Bool("diff", false, "write a unified diff of the fixed lines")
	files, code, ok := parseFlags(c, fs, fixUsage, args)
	if !ok {
		return code
	}
	if len(files) != 1 {
		return usageError(c, "fix takes one FILE")
	}
	if *diff && *out != "" {
		return usageError(c, "-o and --diff: choose one")
	}
	in := &inputs{c: c}
	env, ok := vf.env(c, in)
	if !ok {
		return exitUsage
	}
	name := files[0]
	body, err := in.read(name)
	if err != nil {
		c.errorf("%s", readError(name, err))
		return exitUsage
	}
	t := &textPatch{doc: body}
	v := fixAll(c, name, t, env, *only)

	var result []byte
	switch {
	case *diff:
		result = unifiedDiff(name, body, t)
	default:
		result = t.doc
	}
	if *out != "" {
		if err := os.WriteFile(*out, result, 0o644); err != nil {
			c.errorf("%v", err)
			return exitUsage
		}
	} else {
		c.stdout.Write(result)
	}
	for _, p := range v.Problems {
		where := ""
		if p.Path != "" {
			where = p.Path + ": "
		}
		fmt.Fprintf(c.stderr, "%s: %s%s: %s\n", name, where, p.Code, p.Message)
	}
	if !v.Valid {
		return exitInvalid
	}
	return exitValid
}

// fixAll applies fixes to t until the check offers none that is new, and returns the
// verdict of the result. Each round applies one fix and checks again, so every fix is
// applied to the body it was computed for; a fix that was applied once is never applied
// again (so it ends: the rounds are at most the fixes offered).
func fixAll(c *cmdIO, name string, t *textPatch, env schema.Env, only string) schema.Verdict {
	applied := map[string]bool{}
	for {
		v := schema.CheckCreatePost(t.doc, env)
		var first *fix.Fix
		touched := map[string]string{}
		for _, p := range append(append([]schema.Problem{}, v.Problems...), v.Warnings...) {
			f := p.Fix
			if f == nil || (only != "" && f.Rule != only) {
				continue
			}
			key := f.Rule + "\x00" + p.Path + "\x00" + f.Description
			if applied[key] {
				continue
			}
			if first == nil {
				first = f
				applied[key] = true
				for _, op := range f.Patch {
					touched[op.Path] = f.Description
				}
				continue
			}
			for _, op := range f.Patch {
				if d, ok := touched[op.Path]; ok {
					fmt.Fprintf(c.stderr, "validate fix: %s: %s: %q and %q compete; applying the first\n", name, op.Path, d, f.Description)
					break
				}
			}
		}
		if first == nil {
			return v
		}
		saved := *t
		for _, op := range first.Patch {
			if err := t.apply(op); err != nil {
				*t = saved
				fmt.Fprintf(c.stderr, "validate fix: %s: %s: %v; not applied\n", name, op.Path, err)
				break
			}
		}
	}
}

// unifiedDiff is a unified diff (no context lines) of the lines of old that t's spans
// changed.
func unifiedDiff(name string, old []byte, t *textPatch) []byte {
	var b bytes.Buffer
	if len(t.spans) == 0 {
		return nil
	}
	b.WriteString("--- " + name + "\n+++ " + name + " (fixed)\n")
	type hunk struct{ os, oe, ns, ne int } // line-aligned byte ranges
	var hs []hunk
	for _, sp := range t.spans {
		h := hunk{lineStart(old, sp.oldStart), lineEnd(old, sp.oldEnd), lineStart(t.doc, sp.newStart), lineEnd(t.doc, sp.newEnd)}
		if n := len(hs); n > 0 && (h.os <= hs[n-1].oe || h.ns <= hs[n-1].ne) {
			hs[n-1].oe, hs[n-1].ne = max(hs[n-1].oe, h.oe), max(hs[n-1].ne, h.ne)
			continue
		}
		hs = append(hs, h)
	}
	for _, h := range hs {
		ol, nl := lineList(old[h.os:h.oe]), lineList(t.doc[h.ns:h.ne])
		fmt.Fprintf(&b, "@@ -%s +%s @@\n", rangeOf(bytes.Count(old[:h.os], []byte("\n"))+1, len(ol)),
			rangeOf(bytes.Count(t.doc[:h.ns], []byte("\n"))+1, len(nl)))
		for _, l := range ol {
			b.WriteString("-" + l + "\n")
		}
		for _, l := range nl {
			b.WriteString("+" + l + "\n")
		}
	}
	return b.Bytes()
}

func rangeOf(start, n int) string {
	if n == 1 {
		return strconv.Itoa(start)
	}
	return strconv.Itoa(start) + "," + strconv.Itoa(n)
}

func lineStart(doc []byte, i int) int {
	return bytes.LastIndexByte(doc[:i], '\n') + 1
}

// lineEnd is the end of the line holding the byte before i (its newline excluded), or i's
// line when the span is empty at a line start.
func lineEnd(doc []byte, i int) int {
	if j := bytes.IndexByte(doc[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(doc)
}

func lineList(b []byte) []string {
	var out []string
	for _, l := range bytes.Split(b, []byte("\n")) {
		out = append(out, string(l))
	}
	return out
}
