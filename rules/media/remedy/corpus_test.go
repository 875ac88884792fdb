package remedy

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/postrules/postrules/rules"
)

// corpusDir is the media probe's test corpus: small real files (its README says how each
// was made). cmd/validate's testdata holds no media file of its own: its media examples
// are these.
const corpusDir = "../testdata"

// TestCorpusPlans counts, over the media test corpus, the refusals (a file and a
// platform whose rules refuse it), the plans offered for them and the plans whose output
// Debian's ffmpeg writes and the platform's rules take; at least 95% of the plans must
// succeed, each failure is named, and docs/media.md states the same figures.
func TestCorpusPlans(t *testing.T) {
	needFFmpeg(t)
	entries, err := os.ReadDir(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	refusals, planned, succeeded := 0, 0, 0
	var noPlan, failed []string
	for _, e := range entries {
		if e.IsDir() || e.Name() == "README.md" {
			continue
		}
		in := filepath.Join(corpusDir, e.Name())
		f, err := probeFile(t, in)
		if err != nil {
			continue // a file broken on purpose: no facts, no plan
		}
		for _, p := range rules.Platforms() {
			pl := For(f, p, Options{})
			switch pl.Action {
			case ActionFits:
				continue
			case ActionNone:
				refusals++
				noPlan = append(noPlan, fmt.Sprintf("%s for %s: %s", e.Name(), p, pl.Why))
				continue
			}
			refusals++
			planned++
			o := runPlan(t, dir, in, pl)
			if o.err == "" {
				succeeded++
			} else {
				failed = append(failed, fmt.Sprintf("%s for %s: %s", e.Name(), p, o.err))
			}
		}
	}
	t.Logf("%d refusals, %d with a plan, %d plans succeed", refusals, planned, succeeded)
	for _, s := range noPlan {
		t.Logf("no plan: %s", s)
	}
	for _, s := range failed {
		t.Logf("plan failed: %s", s)
	}
	if planned == 0 || float64(succeeded) < 0.95*float64(planned) {
		t.Errorf("%d of %d plans succeed, under 95%%", succeeded, planned)
	}
	doc, err := os.ReadFile("../../../docs/media.md")
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("%d refusals, %d with a plan, %d plans succeed", refusals, planned, succeeded)
	if !strings.Contains(string(doc), want) {
		t.Errorf("docs/media.md, section Remedies, does not say %q", want)
	}
}
