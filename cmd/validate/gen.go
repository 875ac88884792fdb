package main

import (
	"encoding/json"
	"flag"

	"strings"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/schema/generate"
)

const genUsage = `usage: validate gen [flags]

Writes request bodies for property-based tests, one JSON line each, with what the rule
book answers for it and the environment to replay it with (see docs/gen.md):
  {"generator","endpoint":"create-post"|"draft-publish","body" (the exact bytes as a
   string; "bodyBase64" when they are not UTF-8),"draft" (draft-publish),
   "valid","httpStatus","code","rule","path","in" (the answer: every problem has "code",
   one has "rule" and "path"),"env" (options JSON: now, accounts, draftState, plan,
   tiktokPrivacyLevels),"media" (facts by URL, when judged),"mediaErrors" (by URL, the
   media files whose facts could not be had: {"code","message"}),"seed","index"}
The same flags give the same lines.

Flags:
  --count N            how many lines (default 10)
  --seed S             the seed (default 1)
  --platform P[,P]     the platforms of every body (default: a feasible set drawn per
                       body); a rule's bodies have its platform alone
  --expect WHAT        valid (default), valid-draft, an error code (post_too_long) or a
                       rule id (bluesky.text.max_bytes); a value no generator meets is a
                       usage error that lists those it can
  --endpoint NAME      create-post (default) or draft-publish: each case's body is then
                       the stored draft ("draft"), its problem the draft's ("in":"draft"),
                       and "body" publishes it; a case about the publish request itself
                       (scheduledFor, timezone, publishNow) is create-post only
  --accounts FILE      the connected accounts bodies start from (default: drawn per body)
  --now TIME           the clock of every body (default: drawn per body, from a fixed
                       instant, so that a seed gives the same lines whenever it runs)
  --format text|json   accepted; the output is JSON lines either way
  -h, --help           print this text

Exit status: 0, or 2 on a usage error.
`

func runGen(c *cmdIO, args []string) int {
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	cf := addCommonFlags(fs)
	count := fs.Int("count", 10, "lines")
	seed := fs.Int64("seed", 1, "seed")
	expect := fs.String("expect", generate.Valid, "what the bodies get")
	endpoint := fs.String("endpoint", generate.EndpointCreatePost, "create-post or draft-publish")
	var ps []rules.Platform
	fs.Func("platform", "platforms", func(s string) error {
		for _, name := range strings.Split(s, ",") {
			p, err := rules.ParsePlatform(name)
			if err != nil {
				return errorString(apierror.As(err).Message)
			}
			ps = append(ps, p)
		}
		return nil
	})
	operands, code, ok := parseFlags(c, fs, genUsage, args)
	if !ok {
		return code
	}
	if len(operands) > 0 {
		return usageError(c, "gen takes no arguments; unexpected %q", operands[0])
	}
	if *count < 0 {
		return usageError(c, "--count is a number of lines, not %d", *count)
	}
	accounts, ok := cf.loadAccounts(c, &inputs{c: c})
	if !ok {
		return exitUsage
	}
	if *endpoint != generate.EndpointCreatePost && *endpoint != generate.EndpointDraftPublish {
		return usageError(c, "--endpoint is create-post or draft-publish, not %q", *endpoint)
	}
	names := generate.Expectations()
	found := false
	for _, n := range names {
		found = found || n == *expect
	}
	if !found {
		return usageError(c, "--expect %q: no generator meets it; it takes one of:\n  %s", *expect, strings.Join(names, "\n  "))
	}
	if len(ps) > 0 && (*expect == generate.Valid || *expect == generate.ValidDraft) {
		if err := generate.Feasible(ps); err != nil {
			return usageError(c, "--platform: %v", err)
		}
	}
	o := generate.Options{Platforms: ps, Accounts: accounts, Endpoint: *endpoint}
	if cf.now.set {
		o.Now = cf.now.t
	}
	cases, err := generate.Sample(*expect, o, *seed, *count)
	if err != nil {
		return usageError(c, "--expect %s: %v", *expect, err)
	}
	enc := json.NewEncoder(c.stdout)
	enc.SetEscapeHTML(false)
	for i, cs := range cases {
		v := cs.Check()
		if err := cs.Keeps(v); err != nil { // a generator that breaks its promise is a bug of ours
			c.errorf("internal error, case %d of seed %d: %v", i, *seed, err)
			return exitUsage
		}
		if err := enc.Encode(cs.Line(v, *seed, i)); err != nil {
			return exitUsage
		}
	}
	return exitValid
}
