package xweight

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/postrules/postrules/rules/xweight/internal/emoji"
)

// The oracle corpora hold twitter-text 3.1.0's own answers on generated texts (see
// testdata/oracle/README.md for how they were made).

type oracleParse struct {
	Text   string
	V2, V3 [7]json.RawMessage
}

func decodeResult(t *testing.T, f [7]json.RawMessage) Result {
	t.Helper()
	var v [7]int
	var valid bool
	for i, raw := range f {
		var err error
		if i == 1 {
			err = json.Unmarshal(raw, &valid)
		} else {
			err = json.Unmarshal(raw, &v[i])
		}
		if err != nil {
			t.Fatalf("bad oracle field %d: %s", i, raw)
		}
	}
	return Result{
		WeightedLength: v[0], Valid: valid, Permillage: v[2],
		DisplayRange: Range{v[3], v[4]}, ValidRange: Range{v[5], v[6]},
	}
}

func loadOracle(t *testing.T, name string, into any) {
	t.Helper()
	data, err := os.ReadFile("testdata/oracle/" + name)
	if err != nil {
		t.Fatalf("oracle corpus missing: %v", err)
	}
	if err := json.Unmarshal(data, into); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// like311 returns a counter that recognises only the emoji sequences twemoji-parser
// 11.0.2 knows: twitter-text 3.1.0 exactly.
func like311(cfg Config) *Parser {
	c := New(cfg)
	if c.emojiKinds != 0 {
		c.emojiKinds = emoji.Twemoji11
	}
	return c
}

// TestAgainstTwitterText checks, on 1500 generated posts (every weight class, emoji old
// and new, URLs, normalisation, invalid characters, long texts) and on every line of
// Unicode's emoji-test.txt:
//
//   - restricted to twemoji-parser 11's emoji, the counter gives twitter-text 3.1.0's
//     answer exactly, all seven fields, v2 and v3;
//   - the real counter differs from that only through RGI emoji sequences that
//     twemoji-parser 11 did not know whole, and then only by counting less.
func TestAgainstTwitterText(t *testing.T) {
	var posts struct {
		Source string
		Cases  []oracleParse
	}
	loadOracle(t, "parse.json", &posts)
	if len(posts.Cases) != 1500 {
		t.Fatalf("%d posts, want 1500", len(posts.Cases))
	}
	exact := map[string]*Parser{"v2": like311(ConfigV2()), "v3": like311(ConfigV3())}
	real := map[string]*Parser{"v2": New(ConfigV2()), "v3": Default()}
	fails, differing := 0, 0
	for _, c := range posts.Cases {
		for name, fields := range map[string][7]json.RawMessage{"v2": c.V2, "v3": c.V3} {
			want := clampedLikeUs(decodeResult(t, fields))
			if got := exact[name].Parse(c.Text); got != want {
				fails++
				if fails < 15 {
					t.Errorf("%s %+q:\n got %+v\nwant %+v (%s)", name, c.Text, got, want, posts.Source)
				}
			}
			got := real[name].Parse(c.Text)
			if got != want {
				differing++
				if !usesNewerEmoji(c.Text) || got.WeightedLength > want.WeightedLength {
					t.Errorf("%s %+q: %+v, twitter-text 3.1.0 %+v, without an RGI sequence 3.1.0 did not know",
						name, c.Text, got, want)
				}
			}
		}
	}
	if fails > 0 {
		t.Errorf("%d of %d results differ from twitter-text 3.1.0", fails, 2*len(posts.Cases))
	}
	if differing == 0 {
		t.Error("no post holds a newer emoji: the corpus does not exercise the difference")
	}

	var emojiCases struct{ Cases [][2]json.RawMessage }
	loadOracle(t, "emoji.json", &emojiCases)
	if len(emojiCases.Cases) != 4733 {
		t.Fatalf("%d emoji-test lines, want 4733", len(emojiCases.Cases))
	}
	fails = 0
	for _, c := range emojiCases.Cases {
		var text string
		var want int
		if json.Unmarshal(c[0], &text) != nil || json.Unmarshal(c[1], &want) != nil {
			t.Fatalf("bad emoji case %s", c[0])
		}
		if got := exact["v3"].Parse(text).WeightedLength; got != want {
			fails++
			if fails < 15 {
				t.Errorf("%+q: %d, twitter-text 3.1.0 %d", text, got, want)
			}
		}
		got := real["v3"].Parse(text).WeightedLength
		if got != want && (!usesNewerEmoji(text) || got > want) {
			t.Errorf("%+q: %d, twitter-text 3.1.0 %d, without an RGI sequence 3.1.0 did not know", text, got, want)
		}
	}
}

// clampedLikeUs applies the one deliberate difference in ranges: twitter-text can
// report a negative validRangeEnd (when the first character is invalid and normalisation
// lengthened the text); the counter reports 0 (testdata/differences.json).
func clampedLikeUs(r Result) Result {
	if r.ValidRange.End < 0 {
		r.ValidRange.End = 0
	}
	return r
}

// usesNewerEmoji reports whether the default counter, reading text, takes an emoji
// sequence that twemoji-parser 11 would not have taken there.
func usesNewerEmoji(text string) bool {
	e := emojiCursor{text: text, kinds: emoji.All, start: -1}
	for i := 0; i < len(text); i++ {
		if l := e.at(i); l > 0 {
			if m, _ := emoji.Match(text[i:], emoji.Twemoji11); m != l {
				return true
			}
		}
	}
	return false
}

// TestCaseFoldAgainstTwitterText compares parseTweet (config v3) on the case-insensitive
// corpus of testdata/oracle/casefold.json: every cased BMP character in domains, paths and
// TLDs, where twitter-text's URL expressions (flag i without u) match characters their
// classes do not list. Also the Measure verdict against 280 must agree with Valid.
func TestCaseFoldAgainstTwitterText(t *testing.T) {
	var corpus struct {
		Source string
		Cases  []struct {
			Text string
			V3   [7]json.RawMessage
		}
	}
	loadOracle(t, "casefold.json", &corpus)
	if len(corpus.Cases) < 2400 {
		t.Fatalf("%d cases: not the corpus gen_casefold.js writes", len(corpus.Cases))
	}
	c := like311(ConfigV3())
	fails := 0
	for _, tc := range corpus.Cases {
		want := clampedLikeUs(decodeResult(t, tc.V3))
		got := c.Parse(tc.Text)
		if got != want {
			fails++
			if fails < 15 {
				t.Errorf("%+q:\n got %+v\nwant %+v (%s)", tc.Text, got, want, corpus.Source)
			}
		}
		m, err := Default().Measure(tc.Text, 0)
		if err == nil && m.Fits() != want.Valid {
			t.Errorf("%+q: Measure fits %v, twitter-text valid %v", tc.Text, m.Fits(), want.Valid)
		}
	}
	if fails > 0 {
		t.Errorf("%d of %d texts differ from twitter-text 3.1.0", fails, len(corpus.Cases))
	}
}
