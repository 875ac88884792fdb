package xweight

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"strings"
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

// TestCaseInsensitiveDomains holds the cases of twitter-text's case-insensitive URL
// matching that the conformance suite lacks. Its URL expressions carry the flag i without
// u, so ECMAScript's Canonicalize lets a character into a class when it shares its upper
// case with a member: U+0345 (a latin accent) brings in U+0399, U+03B9 and U+1FBE; U+023F
// and U+0240 bring in U+2C7E and U+2C7F; U+019B brings in U+A7DC (Unicode 16). The
// expected values are twitter-text 3.1.0's own (parseTweet, Node 20, ICU 78.2;
// testdata/oracle/casefold.json holds them and many more).
func TestCaseInsensitiveDomains(t *testing.T) {
	pad := strings.Repeat("a", 265)
	for _, tc := range []struct {
		text  string
		want  int
		valid bool
		why   string
	}{
		{pad + " ΚΑΙ.gr", 291, false, "U+0399: the URL is \"Ι.gr\" (23) after \"ΚΑ\""},
		{pad + " ΚΑι.gr", 291, false, "U+03B9 shares U+0399's canonical form"},
		{pad + " ΚΑ\u1FBE.gr", 291, false, "U+1FBE GREEK PROSGEGRAMMENI, upper case U+0399"},
		{pad + " \u2C7E.gr", 289, false, "U+2C7E, the upper case of U+023F"},
		{pad + " \u2C7F.gr", 289, false, "U+2C7F, the upper case of U+0240"},
		{pad + " \uA7DC.gr", 289, false, "U+A7DC, the upper case of U+019B since Unicode 16"},
		{pad + " K.gr", 289, false, "ASCII control: K is no latin accent but an ASCII letter"},
		{pad + " Κ.gr", 270, true, "U+039A is in no class: no URL, 265+1+4"},
	} {
		got := Default().Parse(tc.text)
		if got.WeightedLength != tc.want || got.Valid != tc.valid {
			t.Errorf("%s: %+q weighs %d valid %v, twitter-text %d valid %v", tc.why, tc.text[265:], got.WeightedLength, got.Valid, tc.want, tc.valid)
		}
	}
}
