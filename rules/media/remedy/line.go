package remedy

import (
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/media"
)

// Line is one file's plans: the JSON line `validate media --fix P --format json` prints
// for it, and the WASM module's planMedia gives, member for member. Media is the file's
// facts, or Error why it does not probe; Plans holds one plan a platform, in the order
// asked (empty, not null, when the file does not probe).
type Line struct {
	File  string             `json:"file"`
	Media *media.Facts       `json:"media"`
	Error *media.ReportError `json:"error"`
	Plans []LinePlan         `json:"plans"`
}

// LinePlan is a plan of a Line: its command and, when the caller ran it (the CLI's
// --apply; a plan itself never runs anything), what came of that.
type LinePlan struct {
	Command
	Applied *Applied `json:"applied,omitempty"`
}

// Applied is what running a plan's command gave: its output judged again (Fits, and
// the problems media.Judge finds in it), or Error, why no output was written or read.
type Applied struct {
	Fits     bool            `json:"fits"`
	Problems []media.Problem `json:"problems"`
	Error    string          `json:"error,omitempty"`
}

// LineFor is the Line of the file named name, whose probe gave facts and err: its
// report's error when err is not nil, else its facts and, per platform of platforms in
// its order, CommandFor(name, dir, facts, p, opt).
func LineFor(name, dir string, facts media.Facts, err error, platforms []rules.Platform, opt Options) Line {
	line := Line{File: name, Plans: []LinePlan{}}
	if err != nil {
		line.Error = media.NewReport(name, facts, err, nil).Error
		return line
	}
	line.Media = &facts
	for _, p := range platforms {
		line.Plans = append(line.Plans, LinePlan{Command: CommandFor(name, dir, facts, p, opt)})
	}
	return line
}
