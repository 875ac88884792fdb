package remedy

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/media"
)

// TestLineFor: each case says what the line of one file must hold, member for member,
// as `validate media --fix` and planMedia print it.
func TestLineFor(t *testing.T) {
	moovLast := aacVideo()
	moovLast.Faststart = false
	_, probeErr := media.Probe(strings.NewReader("not a media file"), 16)
	if probeErr == nil {
		t.Fatal("the probe takes text for a media file")
	}
	platforms := []rules.Platform{"tiktok", "instagram"}
	for _, c := range []struct {
		why     string
		facts   media.Facts
		err     error
		dir     string
		actions []string // the plans' actions, in the platforms' order; nil: no plans
		output  string   // the second plan's output
		json    string   // a part of the line's JSON that must be there
	}{
		{"a file that does not probe has its error and no plan, an empty list not null",
			media.Facts{}, probeErr, "", nil, "", `"media":null,"error":{`},
		// A video whose moov box comes last fits tiktok and needs a remux for instagram.
		{"a file that probes has one plan a platform, in the order asked, named beside it",
			moovLast, nil, "", []string{ActionFits, ActionRemux}, "clips/a.instagram.mp4", `"error":null,"plans":[{"platform":"tiktok","action":"fits"`},
		{"the directory asked for names the outputs",
			moovLast, nil, "out", []string{ActionFits, ActionRemux}, "out/a.instagram.mp4", `"-use_editlist","0","out/a.instagram.mp4"],"output":"out/a.instagram.mp4"}]}`},
		{"a fitting file's plans say so, with no command and nothing applied",
			aacVideo(), nil, "", []string{ActionFits, ActionFits}, "", `"action":"fits","fixes":[],"steps":[],"argv":null}`},
	} {
		line := LineFor("clips/a.mp4", c.dir, c.facts, c.err, platforms, Options{})
		if line.File != "clips/a.mp4" {
			t.Errorf("%s: file %q", c.why, line.File)
		}
		if (line.Error != nil) != (c.err != nil) || (line.Media != nil) != (c.err == nil) {
			t.Errorf("%s: error %+v, media %+v", c.why, line.Error, line.Media)
		}
		if line.Plans == nil || len(line.Plans) != len(c.actions) {
			t.Fatalf("%s: plans %+v, want %d", c.why, line.Plans, len(c.actions))
		}
		for i, a := range c.actions {
			if lp := line.Plans[i]; lp.Platform != platforms[i] || lp.Action != a || lp.Applied != nil {
				t.Errorf("%s: plan %d is %s %s (applied %v), want %s %s", c.why, i, lp.Platform, lp.Action, lp.Applied, platforms[i], a)
			}
		}
		if c.actions != nil && line.Plans[1].Output != c.output {
			t.Errorf("%s: output %q, want %q", c.why, line.Plans[1].Output, c.output)
		}
		b, err := json.Marshal(line)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), c.json) || strings.Contains(string(b), `"applied"`) {
			t.Errorf("%s: %s\nholds no %s, or an applied member", c.why, b, c.json)
		}
	}
}
