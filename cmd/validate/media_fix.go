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

// fixLine is one file's plans in --format json: one line per file.
type fixLine struct {
	File  string             `json:"file"`
	Media *media.Facts       `json:"media"`
	Error *media.ReportError `json:"error"`
	Plans []fixPlan          `json:"plans"`
}

// fixPlan is a plan as the CLI gives it: the remedy's command, and what --apply gave.
type fixPlan struct {
	remedy.Command
	Applied *fixApply `json:"applied,omitempty"`
}

// fixApply is what --apply gave: the output judged again, or why it was not written.
type fixApply struct {
	Fits     bool            `json:"fits"`
	Problems []media.Problem `json:"problems"`
	Error    string          `json:"error,omitempty"`
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
		line := fixLine{File: name, Plans: []fixPlan{}}
		if perr != nil {
			e := media.NewReport(name, facts, perr, nil).Error
			line.Error = e
			status = worst(status, exitInvalid)
		} else {
			line.Media = &facts
			for _, p := range fx.platforms {
				fp := planFor(name, facts, p, fx)
				if fp.Action == remedy.ActionNone || (fp.Applied != nil && !fp.Applied.Fits) {
					status = worst(status, exitInvalid)
				}
				line.Plans = append(line.Plans, fp)
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

// planFor is p's plan for the file name, its output named after the file and the
// platform (next to the file, or in the --apply directory), run when --apply says so.
func planFor(name string, facts media.Facts, p rules.Platform, fx fixFlags) fixPlan {
	fp := fixPlan{Command: remedy.CommandFor(name, fx.apply, facts, p, remedy.Options{Aspect: fx.aspect})}
	if fx.apply != "" && fp.Argv != nil {
		fp.Applied = applyPlan(fp, p)
	}
	return fp
}

// applyPlan runs the plan's argv (no shell) and judges its output again.
func applyPlan(fp fixPlan, p rules.Platform) *fixApply {
	argv := append([]string{fp.Argv[0], "-v", "error"}, fp.Argv[1:]...)
	out, err := exec.Command(argv[0], argv[1:]...).CombinedOutput()
	if err != nil {
		return &fixApply{Problems: []media.Problem{}, Error: fmt.Sprintf("ffmpeg failed (%v): %s", err, lastLine(string(out)))}
	}
	facts, perr, ioErr := probePath(fp.Output)
	if ioErr != nil {
		return &fixApply{Problems: []media.Problem{}, Error: ioErr.Error()}
	}
	if perr != nil {
		return &fixApply{Problems: []media.Problem{}, Error: "the output does not probe: " + perr.Error()}
	}
	problems, _ := media.Judge(p, facts)
	if problems == nil {
		problems = []media.Problem{}
	}
	return &fixApply{Fits: len(problems) == 0, Problems: problems}
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

func writeFixText(c *cmdIO, line fixLine) {
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
