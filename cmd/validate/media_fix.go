package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/media"
	"github.com/postrules/postrules/rules/media/remedy"
)

// fixFlags are validate media's --fix, --aspect and --apply.
type fixFlags struct {
	platforms []rules.Platform
	aspect    string
	apply     string
}

// runMediaFix is validate media --fix: per file, per platform named, the plan that makes
// the file fit, run with --apply.
func runMediaFix(c *cmdIO, cf *commonFlags, fx fixFlags, files []string) int {
	for _, name := range files {
		if name == stdinName || isURL(name) {
			return usageError(c, "--fix plans for files on disk (ffmpeg reads them); %q is not one", name)
		}
	}
	if fx.apply != "" {
		if _, err := exec.LookPath("ffmpeg"); err != nil {
			c.errorf("--apply runs ffmpeg, which is not installed (apt-get install ffmpeg)")
			return exitUsage
		}
		if err := os.MkdirAll(fx.apply, 0o755); err != nil {
			c.errorf("--apply: %v", err)
			return exitUsage
		}
	}
	status := exitValid
	for _, name := range files {
		facts, perr, ioErr := probePath(name)
		if ioErr != nil {
			c.errorf("%v", ioErr)
			status = worst(status, exitUsage)
			continue
		}
		// Each output is named after the file and the platform, beside the file or in
		// the --apply directory.
		line := remedy.LineFor(name, fx.apply, facts, perr, fx.platforms, remedy.Options{Aspect: fx.aspect})
		if line.Error != nil {
			status = worst(status, exitInvalid)
		}
		for i := range line.Plans {
			lp := &line.Plans[i]
			if fx.apply != "" && lp.Argv != nil {
				lp.Applied = applyPlan(lp.Command, lp.Platform)
			}
			if lp.Action == remedy.ActionNone || (lp.Applied != nil && !lp.Applied.Fits) {
				status = worst(status, exitInvalid)
			}
		}
		if cf.format == formatJSON {
			b, err := json.Marshal(line)
			if err != nil {
				c.errorf("%s: %v", name, err)
				return exitUsage
			}
			c.stdout.Write(append(b, '\n'))
		} else {
			writeFixText(c, line)
		}
	}
	return status
}

// applyPlan runs the command's argv (no shell) and judges its output again for p.
func applyPlan(cmd remedy.Command, p rules.Platform) *remedy.Applied {
	argv := append([]string{cmd.Argv[0], "-v", "error"}, cmd.Argv[1:]...)
	out, err := exec.Command(argv[0], argv[1:]...).CombinedOutput()
	if err != nil {
		return &remedy.Applied{Problems: []media.Problem{}, Error: fmt.Sprintf("ffmpeg failed (%v): %s", err, lastLine(string(out)))}
	}
	facts, perr, ioErr := probePath(cmd.Output)
	if ioErr != nil {
		return &remedy.Applied{Problems: []media.Problem{}, Error: ioErr.Error()}
	}
	if perr != nil {
		return &remedy.Applied{Problems: []media.Problem{}, Error: "the output does not probe: " + perr.Error()}
	}
	problems, _ := media.Judge(p, facts)
	if problems == nil {
		problems = []media.Problem{}
	}
	return &remedy.Applied{Fits: len(problems) == 0, Problems: problems}
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

func writeFixText(c *cmdIO, line remedy.Line) {
	w := c.stdout
	if line.Error != nil {
		fmt.Fprintf(w, "%s: %s at byte %d: %s\n", line.File, line.Error.Code, line.Error.Offset, oneLine(line.Error.Message))
		return
	}
	for _, fp := range line.Plans {
		switch fp.Action {
		case remedy.ActionFits:
			fmt.Fprintf(w, "%s: %s: fits\n", line.File, fp.Platform)
			continue
		case remedy.ActionNone:
			fmt.Fprintf(w, "%s: %s: no remedy: %s\n", line.File, fp.Platform, oneLine(fp.Why))
			continue
		}
		fmt.Fprintf(w, "%s: %s: %s (fixes %s)\n", line.File, fp.Platform, fp.Action, strings.Join(fp.Fixes, ", "))
		for _, s := range fp.Steps {
			fmt.Fprintf(w, "  - %s\n", s)
		}
		q := make([]string, len(fp.Argv))
		for i, a := range fp.Argv {
			q[i] = remedy.ShellQuote(a)
		}
		fmt.Fprintf(w, "  %s\n", strings.Join(q, " "))
		if a := fp.Applied; a != nil {
			switch {
			case a.Error != "":
				fmt.Fprintf(w, "%s: %s: applied: %s\n", line.File, fp.Platform, oneLine(a.Error))
			case a.Fits:
				fmt.Fprintf(w, "%s: %s: applied: %s fits\n", line.File, fp.Platform, fp.Output)
			default:
				for _, q := range a.Problems {
					fmt.Fprintf(w, "%s: %s: applied: %s: %s: %s\n", line.File, fp.Platform, fp.Output, q.Rule, oneLine(q.Message))
				}
			}
		}
	}
}
