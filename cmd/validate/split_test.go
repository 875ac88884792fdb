package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// splitLines: a sentence-rich text over the cap, a fitting one, Japanese without spaces,
// an explicit break, a URL that must not be cut, and bad lines of each kind.
var splitLines = `"Postrules splits long texts. It splits where a reader would: at the end of a sentence, or at a comma, never in a word."` + "\n" +
	`{"text":"short and sweet"}` + "\n" +
	`"今日は晴れです。明日は雨が降るでしょう。"` + "\n" +
	`"first\n\n\n\nsecond"` + "\n" +
	`"read https://example.com/a/long/path now"` + "\n" +
	`not json` + "\n" +
	`""` + "\n" +
	"\"ab\xe3\x81\"\n" +
	`{"txt":"typo"}` + "\n"

func splitGoldenCases() []goldenCase {
	return []goldenCase{
		{"split", "texts split for a cap of 40 graphemes; bad lines get length's error line", []string{"split", "--cap", "40"}, splitLines, 1},
		{"split-json", "the same as JSON: split.Answer per text", []string{"split", "--cap", "40", "--format", "json"}, splitLines, 1},
		{"split-xweighted-suffix-json", "X's weighted count (CJK 2, URL 23) with i/n labels counted in the length",
			[]string{"split", "--counter", "x-weighted", "--cap", "30", "--numbering", "suffix", "--format", "json"}, splitLines, 1},
		{"split-prefix", "prefix labels; bluesky's cap of 300 keeps the first text whole and unlabelled",
			[]string{"split", "--platform", "bluesky", "--numbering", "prefix"}, splitLines, 1},
		{"split-bad-numbering", "an unknown numbering is a usage error", []string{"split", "--numbering", "roman"}, `"a"`, 2},
		{"split-help", "the command's help", []string{"split", "-h"}, "", 0},
	}
}

// TestSplitGolden is TestGolden for the split command's cases.
func TestSplitGolden(t *testing.T) {
	for _, tc := range splitGoldenCases() {
		t.Run(tc.name, func(t *testing.T) {
			checkGolden(t, tc)
		})
	}
}

// TestSplitValues asserts the key values of the golden outputs independently of them.
func TestSplitValues(t *testing.T) {
	r := runCLI(t, splitLines, "split", "--cap", "40", "--format", "json")
	if r.code != exitInvalid {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	objs := jsonLines(t, r.stdout)
	if len(objs) != 9 {
		t.Fatalf("%d answers for 9 lines:\n%s", len(objs), r.stdout)
	}
	posts := func(i int) []string {
		var out []string
		for _, p := range objs[i]["posts"].([]any) {
			out = append(out, p.(map[string]any)["text"].(string))
		}
		return out
	}
	cases := []struct {
		why  string
		line int
		want []string
	}{
		{"sentence ends first, then a clause mark, within 40", 0, []string{"Postrules splits long texts.", "It splits where a reader would:", "at the end of a sentence, or at a comma,", "never in a word."}},
		{"a fitting text is one post", 1, []string{"short and sweet"}},
		{"Japanese splits after 。 (20 graphemes fit in 40)", 2, []string{"今日は晴れです。明日は雨が降るでしょう。"}},
		{"four newlines always break", 3, []string{"first", "second"}},
		{"the URL fits 40 graphemes whole", 4, []string{"read https://example.com/a/long/path now"}},
	}
	for _, tc := range cases {
		if got := posts(tc.line); strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s: line %d: got %q, want %q", tc.why, tc.line+1, got, tc.want)
		}
	}
	for i := 0; i < 5; i++ {
		if objs[i]["cap"] != 40.0 || objs[i]["counter"] != "graphemes" {
			t.Errorf("line %d: cap %v counter %v", i+1, objs[i]["cap"], objs[i]["counter"])
		}
		for _, p := range objs[i]["posts"].([]any) {
			post := p.(map[string]any)
			if n := len([]rune(post["text"].(string))); float64(n) != post["length"] {
				t.Errorf("line %d: %q has %d runes (one grapheme each here), length %v", i+1, post["text"], n, post["length"])
			}
		}
	}
	bad := []struct {
		line int
		code string
	}{{6, "malformed_json"}, {7, "no_content"}, {8, "invalid_utf8"}, {9, "unknown_field"}}
	for _, b := range bad {
		o := objs[b.line-1]
		if o["line"] != float64(b.line) || o["code"] != b.code || o["fits"] != false {
			t.Errorf("line %d: %v, want code %s", b.line, o, b.code)
		}
	}

	// x-weighted with suffix labels: CJK weighs 2, so the Japanese line (40 units) needs two
	// posts of cap 30; every length includes its label.
	r = runCLI(t, `"今日は晴れです。明日は雨が降るでしょう。"`+"\n", "split", "--counter", "x-weighted", "--cap", "30", "--numbering", "suffix", "--format", "json")
	var a struct {
		Posts []struct {
			Text   string
			Length int
		}
		Cap     int
		Counter string
	}
	if err := json.Unmarshal([]byte(r.stdout), &a); err != nil {
		t.Fatal(err)
	}
	if r.code != exitValid || a.Counter != "x-weighted" || a.Cap != 30 || len(a.Posts) != 2 ||
		a.Posts[0].Text != "今日は晴れです。 1/2" || a.Posts[0].Length != 20 ||
		a.Posts[1].Text != "明日は雨が降るでしょう。 2/2" || a.Posts[1].Length != 28 {
		t.Errorf("x-weighted Japanese: exit %d, %+v", r.code, a)
	}

	// Text output: one line per post with its length, a blank line between inputs.
	r = runCLI(t, `"aaaa bbbb"`+"\n"+`"cc"`+"\n", "split", "--cap", "5")
	if want := "4 graphemes: aaaa\n4 graphemes: bbbb\n\n2 graphemes: cc\n"; r.stdout != want || r.code != exitValid {
		t.Errorf("text output %q (exit %d), want %q", r.stdout, r.code, want)
	}
	// A post's line breaks stay on its line.
	r = runCLI(t, `"one\n\ntwo"`+"\n", "split")
	if r.stdout != "8 graphemes: one\\n\\ntwo\n" {
		t.Errorf("line breaks: %q", r.stdout)
	}
}
