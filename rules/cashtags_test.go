package rules

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules/internal/entity"
)

// TestCashtagsAgainstTwitterText: on 4,000 generated texts, the cashtag counter finds the
// cashtags twitter-text 3.1.0 extracts, no more and no fewer, at the same places
// (testdata/cashtags/README.md).
func TestCashtagsAgainstTwitterText(t *testing.T) {
	raw, err := os.ReadFile("testdata/cashtags/cashtags.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Text   string
		Starts []int
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 4000 {
		t.Fatalf("%d cases; the corpus has 4000", len(cases))
	}
	with := 0
	for _, c := range cases {
		m := measureTags(c.Text, entity.Cashtag, cashtagsName, 1<<30)
		if m.Length != len(c.Starts) {
			t.Errorf("%+q: %d cashtags, twitter-text finds %d at %v", c.Text, m.Length, len(c.Starts), c.Starts)
			continue
		}
		if len(c.Starts) > 0 {
			with++
		}
		// With cap k, OverflowAt is where the (k+1)-th cashtag starts.
		for k, want16 := range c.Starts {
			at := measureTags(c.Text, entity.Cashtag, cashtagsName, k).OverflowAt
			if got16 := strictjson.UTF16Len(c.Text[:at]); got16 != want16 {
				t.Errorf("%+q: cashtag %d at UTF-16 index %d, twitter-text says %d", c.Text, k+1, got16, want16)
			}
		}
	}
	if with < 1000 {
		t.Errorf("only %d texts hold a cashtag: the corpus no longer tests much", with)
	}
}

// TestCashtags: twitter-text's own conformance cases (conformance/extract.yml, group
// cashtags, release 3.1.0), and why each shape is or is not a cashtag.
func TestCashtags(t *testing.T) {
	for _, tt := range []struct {
		text string
		want int
		why  string
	}{
		{"Example cashtags: $TEST $Stock   $symbol", 3, "extract.yml: plain cashtags"},
		{"Example cashtags: $TEST.T $test.tt $Stock_X $symbol_ab", 4, "extract.yml: with . or _ and one or two letters"},
		{"$123 $test123 $TE123ST", 0, "extract.yml: digits make none"},
		{"$ストック $株", 0, "extract.yml: non-ASCII letters make none"},
		{"$ $. $- $@ $! $() $+", 0, "extract.yml: punctuation makes none"},
		{"$TEST. $TEST_", 2, "extract.yml: a trailing . or _ is not part of it"},
		{"$OK$NG$BAD text$NO .$NG $$NG", 1, "extract.yml: only after white space or at the start"},
		{"$CashtagMustBeLessThanSixCharacter", 0, "extract.yml: more than six letters make none"},
		{"$GOOGLE $GOOGLEX", 1, "six letters are a cashtag, seven are none"},
		{"$AAPL.X1", 1, "the suffix fails before a digit; $AAPL before '.' stands"},
		{"$BRK.BBB", 1, "a suffix of three letters is none, but $BRK before the '.' stands"},
		{"a\u3000$JP and\u00a0$EU", 2, "Unicode spaces before the $ count as white space"},
		{"$A\u0085", 0, "U+0085 precedes a cashtag in spaces.js but is no \\s for the look-ahead"},
	} {
		if got := measureTags(tt.text, entity.Cashtag, cashtagsName, 1<<30).Length; got != tt.want {
			t.Errorf("%s: %+q has %d cashtags, want %d", tt.why, tt.text, got, tt.want)
		}
	}
}
