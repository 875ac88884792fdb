package entity

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"
	"unicode/utf8"
)

// utf16At maps every byte offset of text that starts a character (and len(text)) to its
// UTF-16 index, the unit twitter-text's indices are in.
func utf16At(text string) map[int]int {
	out := make(map[int]int, len(text)+1)
	u := 0
	for i, r := range text {
		out[i] = u
		u += utf16Len(r)
	}
	out[len(text)] = u
	return out
}

func utf16Len(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}

var kindNames = map[Kind]string{URL: "url", Hashtag: "hashtag", Mention: "mention", Cashtag: "cashtag"}

// scan lists text's entities as twitter-text writes them: [kind, start, end] in UTF-16.
func scan(text string) [][3]any {
	at := utf16At(text)
	var s Scanner
	s.Init(text)
	out := [][3]any{}
	for {
		e, ok := s.Next()
		if !ok {
			return out
		}
		out = append(out, [3]any{kindNames[e.Kind], at[e.Start], at[e.End]})
	}
}

// TestAgainstTwitterText holds the scanner to twitter-text 3.1.0's own
// extractEntitiesWithIndices on 6,000 generated texts (testdata/gen.js made them, with
// twitter-text's answers; testdata/README.md).
func TestAgainstTwitterText(t *testing.T) {
	raw, err := os.ReadFile("testdata/entities.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Text     string   `json:"text"`
		Entities [][3]any `json:"entities"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	bad := 0
	for _, c := range cases {
		want := fmt.Sprint(normalise(c.Entities))
		got := fmt.Sprint(normalise(scan(c.Text)))
		for _, e := range c.Entities {
			kinds[e[0].(string)]++
		}
		if got != want {
			if bad++; bad <= 20 {
				t.Errorf("%q:\n got  %s\n want %s", c.Text, got, want)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d texts differ", bad, len(cases))
	}
	// The corpus reaches every kind, so agreement is not vacuous.
	for _, k := range []string{"url", "hashtag", "mention", "cashtag"} {
		if kinds[k] < 50 {
			t.Errorf("the corpus has only %d %s entities", kinds[k], k)
		}
	}
}

// normalise writes JSON numbers (float64) and Go ints the same way.
func normalise(es [][3]any) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = fmt.Sprintf("%v:%v-%v", e[0], e[1], e[2])
	}
	return out
}

// checkScan asserts what holds for every text: entities in order, none overlapping, each
// inside the text, starting at its mark, and ending at a character boundary; and the
// scan's work linear (each extractor resumes past where it stopped).
func checkScan(t *testing.T, text string) {
	t.Helper()
	var s Scanner
	s.Init(text)
	end := 0
	for n := 0; ; n++ {
		if n > len(text) {
			t.Fatalf("%q: more entities than bytes", text)
		}
		e, ok := s.Next()
		if !ok {
			return
		}
		// Character boundaries are checked on valid UTF-8 only: the checks run after
		// the UTF-8 check, and a stray continuation byte ends a tag where it stands.
		valid := utf8.ValidString(text)
		if e.Start < end || e.End <= e.Start || e.End > len(text) || valid && (!utf8.RuneStart(text[e.Start]) || (e.End < len(text) && !utf8.RuneStart(text[e.End]))) {
			t.Fatalf("%q: entity %+v after end %d", text, e, end)
		}
		mark, _ := utf8.DecodeRuneInString(text[e.Start:])
		switch e.Kind {
		case Hashtag:
			if mark != '#' && mark != '＃' {
				t.Fatalf("%q: hashtag %+v starts with %q", text, e, mark)
			}
		case Mention:
			if mark != '@' && mark != '＠' {
				t.Fatalf("%q: mention %+v starts with %q", text, e, mark)
			}
		case Cashtag:
			if mark != '$' {
				t.Fatalf("%q: cashtag %+v starts with %q", text, e, mark)
			}
		case URL:
		default:
			t.Fatalf("%q: kind %d", text, e.Kind)
		}
		end = e.End
	}
}

func FuzzScanner(f *testing.F) {
	for _, s := range []string{"#a #b", "@a@b RT@c", "$AAPL https://x.com/#y", "＃タグ ＠ユーザー", "#\ufe0f\u20e3", "a.co/#x @b/list-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) { checkScan(t, text) })
}
