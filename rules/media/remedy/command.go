package remedy

import (
	"path/filepath"
	"strings"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/media"
)

// Command is a plan made concrete for one file: the plan, the name of the file it writes
// and ffmpeg's argument list, as `validate media --fix --format json` and the WASM
// module's planMedia give it.
type Command struct {
	Plan
	Argv   []string `json:"argv"`
	Output string   `json:"output,omitempty"`
}

// CommandFor is p's plan for the file named input, whose facts are facts: its output is
// named after the input and the platform (clip.mp4 for instagram: clip.instagram.mp4),
// in dir, or beside the input when dir is "". A plan that writes nothing (fits, none)
// has no Argv and no Output. File names are the operating system's (package
// path/filepath; slash-separated in a browser, where the module runs as GOOS=js).
func CommandFor(input, dir string, facts media.Facts, p rules.Platform, opt Options) Command {
	pl := For(facts, p, opt)
	c := Command{Plan: pl}
	if pl.Action != ActionRemux && pl.Action != ActionEncode {
		return c
	}
	base := filepath.Base(input)
	stem := strings.TrimSuffix(base, filepath.Ext(base))
	if dir == "" {
		dir = filepath.Dir(input)
	}
	c.Output = filepath.Join(dir, stem+"."+string(p)+pl.Ext)
	c.Argv = pl.Argv(ffmpegPath(input), ffmpegPath(c.Output))
	return c
}

// ffmpegPath is a file name as ffmpeg reads it: one that starts with - or holds a colon
// (which ffmpeg would take for an option or a protocol) is given with the file: protocol.
func ffmpegPath(name string) string {
	if strings.HasPrefix(name, "-") || strings.Contains(name, ":") {
		if !filepath.IsAbs(name) {
			name = "./" + name
		}
		return "file:" + name
	}
	return name
}
