package xweight

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"testing"
)

// conformanceDir holds twitter-text 3.1.0's conformance data (see its README.md).
const conformanceDir = "testdata/twitter-text/"

type conformanceCase struct {
	Description string
	Text        string
	Expected    struct {
		WeightedLength    int
		Valid             bool
		Permillage        int
		DisplayRangeStart int
		DisplayRangeEnd   int
		ValidRangeStart   int
		ValidRangeEnd     int
	}
}

func resultOf(c conformanceCase) Result {
	e := c.Expected
	return Result{
		WeightedLength: e.WeightedLength,
		Valid:          e.Valid,
		Permillage:     e.Permillage,
		DisplayRange:   Range{e.DisplayRangeStart, e.DisplayRangeEnd},
		ValidRange:     Range{e.ValidRangeStart, e.ValidRangeEnd},
	}
}

// TestConformance runs every weighted-length case of twitter-text 3.1.0's validate.yml
// (as validate.json): WeightedTweetsCounterTest with config v2,
// WeightedTweetsWithDiscountedEmojiCounterTest and UnicodeDirectionalMarkerCounterTest
// with config v3, comparing all seven expected fields.
func TestConformance(t *testing.T) {
	data, err := os.ReadFile(conformanceDir + "validate.json")
	if err != nil {
		t.Fatalf("conformance data missing: %v", err)
	}
	var doc struct {
		Tests map[string]json.RawMessage // other groups have other shapes
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	groups := []struct {
		name string
		cfg  Config
		want int
	}{
		{"WeightedTweetsCounterTest", ConfigV2(), 20},
		{"WeightedTweetsWithDiscountedEmojiCounterTest", ConfigV3(), 22},
		{"UnicodeDirectionalMarkerCounterTest", ConfigV3(), 2},
	}
	ran := 0
	for _, g := range groups {
		var cases []conformanceCase
		if err := json.Unmarshal(doc.Tests[g.name], &cases); err != nil {
			t.Fatalf("%s: %v", g.name, err)
		}
		if len(cases) != g.want {
			t.Errorf("%s: %d cases, want %d", g.name, len(cases), g.want)
		}
		c := New(g.cfg)
		for _, tc := range cases {
			ran++
			if got, want := c.Parse(tc.Text), resultOf(tc); got != want {
				t.Errorf("%s / %s:\n got %+v\nwant %+v", g.name, tc.Description, got, want)
			}
		}
	}
	if ran != 44 {
		t.Errorf("ran %d conformance cases, want 44", ran)
	}
}

// TestConfigsMatchTwitterText proves ConfigV2 and ConfigV3 are the conformance suite's
// config/v2.json and config/v3.json, field for field.
func TestConfigsMatchTwitterText(t *testing.T) {
	for name, want := range map[string]Config{"v2.json": ConfigV2(), "v3.json": ConfigV3()} {
		data, err := os.ReadFile(conformanceDir + "config/" + name)
		if err != nil {
			t.Fatalf("config missing: %v", err)
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields() // a key Config lacks would be a rule left out
		var got Config
		if err := dec.Decode(&got); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n file %+v\n Go   %+v", name, got, want)
		}
	}
}
