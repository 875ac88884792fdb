package media

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

func TestReportOfAnError(t *testing.T) {
	_, err := Probe(strings.NewReader(""), 0)
	r := NewReport("x", Facts{}, err, rules.Platforms())
	if r.Error == nil || r.Error.Code != apierror.CodeMediaEmpty || r.Media != nil || r.Platforms == nil || len(r.Platforms) != 0 {
		t.Errorf("report: %+v", r)
	}
	if r.Fits() {
		t.Error("a broken file fits")
	}
	// An error that is no *apierror.Error (a bug) is still a report, never a panic.
	if r := NewReport("", Facts{}, errors.New("boom"), nil); r.Error == nil || r.Error.Code != apierror.CodeInternal {
		t.Errorf("got %+v", r.Error)
	}
}

func TestReportJudgesEachPlatformAsked(t *testing.T) {
	f, err := os.Open("testdata/image.png")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	facts, err := Probe(f, st.Size())
	ps := []rules.Platform{rules.Twitter, rules.Twitter, rules.Bluesky}
	r := NewReport("image.png", facts, err, ps)
	if len(r.Platforms) != 3 || r.Platforms[1].Platform != rules.Twitter || r.Platforms[2].Platform != rules.Bluesky {
		t.Fatalf("platforms: %+v", r.Platforms)
	}
	for _, p := range r.Platforms {
		if p.Problems == nil || p.Warnings == nil {
			t.Errorf("%s: nil problems or warnings (JSON null)", p.Platform)
		}
	}
}
