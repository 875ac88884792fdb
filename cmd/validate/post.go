package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
	"github.com/postrules/postrules/rules/media"
	"github.com/postrules/postrules/schema"
)

const postUsage = `usage: validate post [flags] FILE...

Checks create-post request bodies (POST /api/v2/posts) as the API would, one verdict per
FILE. '-' reads stdin. Each file is checked on its own; one bad file never stops the others.

Flags:
` + verdictFlagsUsage + verdictOutput + `
Exit status: 0 every file valid, 1 some file invalid (malformed JSON included),
2 usage error or an unreadable file (named on stderr; the other files are still checked).
`

const draftUsage = `usage: validate draft [flags] --draft FILE BODY

Checks a draft-publish request body (POST /api/v2/drafts/{draftId}/publish) against the
stored draft, as the API would. The draft FILE is stored in the create-post shape; BODY is
the publish request body. Either may be '-' (stdin), not both.

Flags:
  --draft FILE         the stored draft (required unless the state is deleted)
  --draft-state STATE  the draft's state: saved (default), publishing or deleted;
                       deleted answers 404 draft_not_found and reads no file
` + verdictFlagsUsage + verdictOutput + `
Exit status: 0 valid, 1 invalid, 2 usage error or an unreadable file (named on stderr).
`

// verdictFlagsUsage documents the flags post and draft share (see verdictFlags).
const verdictFlagsUsage = `  --format text|json|github|sarif
                       output format (default text): github writes GitHub Actions
                       workflow commands (annotations), sarif one SARIF 2.1.0 document
  --now TIME           the clock for scheduledFor, e.g. 2026-01-02T15:04:05Z
                       (default: the current time)
  --accounts FILE      the connected accounts, a JSON array of {"platform","accountId"};
                       without it, target resolution is skipped
  --counter graphemes|x-weighted
                       how twitter posts are counted: grapheme clusters (default) or X's
                       weighted length (CJK weighs 2, a URL 23); the other platforms
                       count in their own units (see validate rules)
  --media URL=FILE     judge the media item whose url is URL by the facts of FILE (the
                       file the URL serves), with each target's platform media rules
                       (see validate media); repeatable. A FILE that cannot be read or
                       probed is a usage error
` + fetchFlagsUsage + `  -h, --help           print this text
`

const verdictOutput = `
Output, text: one line per problem, "FILE:LINE:COL: POINTER: CODE: MESSAGE" (no POINTER
when the problem is the whole body), or "FILE: ok". LINE:COL is where the value POINTER
names begins (for a post over its cap, the character where it goes over), 1-based, the
column in UTF-16 code units (an ASCII line's byte column). A post over its cap reads
  posts/launch.json:16:316: /platforms/0/platformSpecificData/threadItems/2/content: post_too_long: 312 graphemes, cap 280
(draft: a problem in the stored draft is reported under the draft's FILE, since its
POINTER is into the draft.)
Output, json: one line per file (draft: per BODY),
  {"file":...,"valid":bool,"httpStatus":N (only when invalid),"error":{API error body} or null,
   "problems":[{"path","line","column","code","message","rule"}],"billable":bool,
   "targets":[{"platform","accountId","posts":[{"path","length","cap","rule"}]}],
   "warnings":[{"path","line","column","code","message","rule"}]}
"rule" is the id of the rule book's rule (validate rules); problems of shape, time,
accounts or plan have none. "warnings" (rules of severity warning, which never make a
file invalid) appears only when there are some.
`

// verdictFlags are the flags post and draft share: the common ones and --counter.
type verdictFlags struct {
	*commonFlags
	limits rules.Limits
	media  map[string]media.Facts // --media URL=FILE, probed as the flag is read
	fetch  *fetchFlags            // --fetch-media, --fetch-allow (fetch.go)
	// mediaStdin is the URL of --media URL=-: standard input, probed by env once the
	// command knows what else reads it.
	mediaStdin string
}

func addVerdictFlags(fs *flag.FlagSet) *verdictFlags {
	v := &verdictFlags{commonFlags: addCommonFlags(fs)}
	v.fetch = addFetchFlags(fs)
	v.formatFlag.linter = true // --format github and sarif place problems in files
	fs.Func("counter", "graphemes or x-weighted (twitter)", func(s string) error {
		counter, err := counterNamed(s)
		if err != nil {
			return err
		}
		// X's weighted count is X's; the other nine platforms keep graphemes.
		v.limits = rules.DefaultLimits().With(rules.Twitter, rules.Limit{Counter: counter})
		return nil
	})
	fs.Func("media", "URL=FILE: judge the media item at URL by FILE's facts (repeatable)", func(s string) error {
		url, file, ok := strings.Cut(s, "=")
		if !ok || url == "" || file == "" {
			return errorString("want URL=FILE, not " + strconv.Quote(s))
		}
		if file == stdinName {
			if v.mediaStdin != "" {
				return errStdinTwice
			}
			v.mediaStdin = url
			return nil
		}
		facts, err, ioErr := probePath(file)
		if ioErr != nil {
			return ioErr
		}
		if err != nil {
			e := apierror.As(err)
			return errorString(file + ": " + string(e.Code) + ": " + e.Message)
		}
		if v.media == nil {
			v.media = map[string]media.Facts{}
		}
		v.media[url] = facts
		return nil
	})
	return v
}

// env builds the schema's environment from the flags; an unreadable or bad accounts file
// ends the command with exit status 2.
func (v *verdictFlags) env(c *cmdIO, in *inputs) (schema.Env, bool) {
	accounts, ok := v.loadAccounts(c, in)
	if ok && v.mediaStdin != "" && !v.probeStdin(c, in) {
		ok = false
	}
	return schema.Env{Now: v.now.orClock(c), Accounts: accounts, Limits: v.limits, Media: v.media}, ok
}

// probeStdin probes --media URL=-: standard input, spooled (it may be read once: a body
// or --accounts on '-' as well is a usage error). A file that cannot be probed is a usage
// error, as for a named FILE.
func (v *verdictFlags) probeStdin(c *cmdIO, in *inputs) bool {
	path, done, err := in.spool()
	if err != nil {
		c.errorf("--media %s=-: %v", v.mediaStdin, err)
		return false
	}
	defer done()
	facts, perr, ioErr := probePath(path)
	if ioErr == nil && perr != nil {
		e := apierror.As(perr)
		ioErr = errorString(string(e.Code) + ": " + e.Message)
	}
	if ioErr != nil {
		c.errorf("--media %s=-: %v", v.mediaStdin, ioErr)
		return false
	}
	if v.media == nil {
		v.media = map[string]media.Facts{}
	}
	v.media[v.mediaStdin] = facts
	return true
}

func runPost(c *cmdIO, args []string) int {
	fs := flag.NewFlagSet("post", flag.ContinueOnError)
	vf := addVerdictFlags(fs)
	files, code, ok := parseFlags(c, fs, postUsage, args)
	if !ok {
		return code
	}
	if len(files) == 0 {
		return usageError(c, "no FILE to check")
	}
	in := &inputs{c: c}
	env, ok := vf.env(c, in)
	if !ok {
		return exitUsage
	}
	status := exitValid
	fetcher := vf.fetch.fetcher()
	report := newVerdictReport(c, vf.format)
	for _, name := range files {
		body, err := in.read(name)
		if err != nil {
			c.errorf("%s", readError(name, err))
			status = worst(status, exitUsage)
			continue
		}
		env := withFetchedMedia(fetcher, body, env)
		status = worst(status, report.verdict(name, "", body, nil, schema.CheckCreatePost(body, env)))
	}
	report.finish()
	return status
}

func runDraft(c *cmdIO, args []string) int {
	fs := flag.NewFlagSet("draft", flag.ContinueOnError)
	vf := addVerdictFlags(fs)
	draftFile := fs.String("draft", "", "the stored draft")
	draftState := lifecycle.DraftSaved
	fs.Func("draft-state", "saved, publishing or deleted", func(s string) error {
		switch st := lifecycle.DraftState(s); st {
		case lifecycle.DraftSaved, lifecycle.DraftPublishing, lifecycle.DraftDeleted:
			draftState = st
			return nil
		}
		return fmt.Errorf("want saved, publishing or deleted")
	})
	operands, code, ok := parseFlags(c, fs, draftUsage, args)
	if !ok {
		return code
	}
	if draftState == lifecycle.DraftDeleted {
		// A deleted draft is 404 draft_not_found whatever the draft, the body, the
		// accounts or the clock say (schema.CheckDraftPublish reads none of them), and a
		// command needs only the inputs that can change its answer: nothing is read, and
		// the files may be left out or be missing.
		if len(operands) > 1 {
			return usageError(c, "want at most one BODY file, got %d", len(operands))
		}
		name := ""
		if len(operands) == 1 {
			name = operands[0]
		}
		report := newVerdictReport(c, vf.format)
		defer report.finish()
		return report.verdict(name, *draftFile, nil, nil, schema.CheckDraftPublish(nil, nil, schema.Env{DraftState: draftState}))
	}
	switch {
	case *draftFile == "":
		return usageError(c, "--draft FILE is required")
	case len(operands) != 1:
		return usageError(c, "want exactly one BODY file, got %d", len(operands))
	case *draftFile == stdinName && operands[0] == stdinName:
		return usageError(c, "the draft and the body cannot both be read from stdin")
	}
	in := &inputs{c: c}
	env, ok := vf.env(c, in)
	if !ok {
		return exitUsage
	}
	env.DraftState = draftState
	draft, err := in.read(*draftFile)
	if err != nil {
		c.errorf("--draft: %s", readError(*draftFile, err))
		return exitUsage
	}
	name := operands[0]
	body, err := in.read(name)
	if err != nil {
		c.errorf("%s", readError(name, err))
		return exitUsage
	}
	env = withFetchedMedia(vf.fetch.fetcher(), draft, env)
	report := newVerdictReport(c, vf.format)
	defer report.finish()
	return report.verdict(name, *draftFile, body, draft, schema.CheckDraftPublish(draft, body, env))
}

// inDraft is schema.Problem.In for a problem located in the stored draft of a draft
// publish: its pointer is into the draft, not the body; text output names the draft's file.
const inDraft = "draft"

// printProblem prints one linter-style line: "FILE:LINE:COL: POINTER: CODE: MESSAGE",
// leaving out FILE or POINTER when empty, and LINE:COL when the problem is not placed
// (line 0).
func printProblem(c *cmdIO, file string, line, col int, path string, code apierror.Code, message string) {
	w := c.stdout
	if file != "" {
		w.WriteString(file)
		if line > 0 {
			w.WriteString(":" + strconv.Itoa(line) + ":" + strconv.Itoa(col))
		}
		w.WriteString(": ")
	}
	w.WriteString(describe(path, code, oneLine(message)) + "\n")
}

// problemText is a problem's message in text output. A post over its cap reads as the
// linter example, "312 graphemes, cap 280", from the measurement the problem carries; when
// the post is the shared /content, which the pointer alone does not tie to a target, the
// target's platform follows: "310 graphemes, cap 300 (bluesky)". Every other problem keeps
// its message.
func problemText(p schema.Problem) string {
	if p.Code != apierror.CodePostTooLong || p.Length == nil {
		return p.Message
	}
	l := p.Length
	b := appendLength(nil, rules.Measurement{Counter: l.Counter, Length: l.Length, Exact: l.Exact, Cap: l.Cap})
	if p.Target != nil && !strings.HasPrefix(p.Path, "/platforms/") {
		b = append(b, " ("+p.Target.Platform+")"...)
	}
	return string(b)
}
