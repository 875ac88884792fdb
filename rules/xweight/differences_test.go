package xweight

import (
	"encoding/json"
	"os"
	"testing"
)

type jsonResult struct {
	WeightedLength    int  `json:"weightedLength"`
	Valid             bool `json:"valid"`
	Permillage        int  `json:"permillage"`
	DisplayRangeStart int  `json:"displayRangeStart"`
	DisplayRangeEnd   int  `json:"displayRangeEnd"`
	ValidRangeStart   int  `json:"validRangeStart"`
	ValidRangeEnd     int  `json:"validRangeEnd"`
}

func (j jsonResult) result() Result {
	return Result{j.WeightedLength, j.Valid, j.Permillage,
		Range{j.DisplayRangeStart, j.DisplayRangeEnd}, Range{j.ValidRangeStart, j.ValidRangeEnd}}
}

// TestDifferences runs testdata/differences.json: each documented difference from
// twitter-text 3.1.0 must hold as documented, and each non-recommended sequence must
// count exactly what 3.1.0 counts.
func TestDifferences(t *testing.T) {
	data, err := os.ReadFile("testdata/differences.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Differences []struct {
			Name, Config, Text, Reason string
			TwitterText, Ours          jsonResult
			Emulated                   bool
		}
		NonRecommendedSameAsTwitterText []struct {
			Text           string
			WeightedLength int
			Why            string
		}
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Differences) == 0 || len(doc.NonRecommendedSameAsTwitterText) == 0 {
		t.Fatal("differences.json is empty")
	}
	configs := map[string]Config{"v2": ConfigV2(), "v3": ConfigV3()}
	for _, d := range doc.Differences {
		cfg, ok := configs[d.Config]
		if !ok || d.Reason == "" {
			t.Fatalf("%s: needs a config (v2, v3) and a reason", d.Name)
		}
		got := New(cfg).Parse(d.Text)
		if got != d.Ours.result() {
			t.Errorf("%s: %+v, documented %+v", d.Name, got, d.Ours.result())
		}
		if d.Ours == d.TwitterText {
			t.Errorf("%s: no difference recorded", d.Name)
		}
		if d.Emulated {
			if old := like311(cfg).Parse(d.Text); old != d.TwitterText.result() {
				t.Errorf("%s: restricted to twemoji-parser 11: %+v, twitter-text 3.1.0 %+v", d.Name, old, d.TwitterText.result())
			}
		}
	}
	for _, s := range doc.NonRecommendedSameAsTwitterText {
		if got := Default().Parse(s.Text).WeightedLength; got != s.WeightedLength {
			t.Errorf("%+q (%s): %d, want %d", s.Text, s.Why, got, s.WeightedLength)
		}
		if old := like311(ConfigV3()).Parse(s.Text).WeightedLength; old != s.WeightedLength {
			t.Errorf("%+q: twitter-text 3.1.0 counts %d, the file says %d", s.Text, old, s.WeightedLength)
		}
	}
}
