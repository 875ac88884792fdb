package bridge

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/split"
)

// Split answers split.Answer's JSON (the CLI prints the same bytes, see
// cmd/validate's corpus test), after resolving the options as validate split does.
func TestSplit(t *testing.T) {
	text := strings.Repeat("A sentence that goes on for a while. ", 20)
	tests := []struct {
		o   SplitOptions
		lim rules.Limit
		n   split.Numbering
	}{
		// no options: twitter's cap (280) and its default counter
		{SplitOptions{}, rules.DefaultLimits().For(rules.Twitter), ""},
		// every option: another platform, counter, cap and a numbering
		{SplitOptions{MeasureOptions{Platform: "bluesky", Counter: "x-weighted", Cap: 100, HasCap: true}, "suffix"},
			rules.Limit{Cap: 100, Counter: xweighted}, split.NumberingSuffix},
		{SplitOptions{MeasureOptions{Platform: "threads"}, "prefix"}, rules.DefaultLimits().For(rules.Threads), split.NumberingPrefix},
	}
	for _, tc := range tests {
		got, f := Split(text, tc.o)
		if f != nil {
			t.Fatalf("%+v: %s", tc.o, f.Message)
		}
		want, err := splitJSON(text, tc.lim, split.Options{Numbering: tc.n})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%+v:\n got %.200s\nwant %.200s", tc.o, got, want)
		}
		var a split.Answer
		if err := json.Unmarshal(got, &a); err != nil || len(a.Posts) < 2 {
			t.Errorf("%+v: %d posts, %v", tc.o, len(a.Posts), err)
		}
	}
}

// Bad input gets the codes validate split gives (its error lines, or its flag errors as
// the options' faults), with UTF-16 offsets.
func TestSplitFaults(t *testing.T) {
	tests := []struct {
		why  string
		text string
		o    SplitOptions
		code apierror.Code
		path string
		off  int
	}{
		{"unknown platform", "x", SplitOptions{MeasureOptions: MeasureOptions{Platform: "x"}}, apierror.CodeUnknownPlatform, "platform", -1},
		{"unknown counter", "x", SplitOptions{MeasureOptions: MeasureOptions{Counter: "words"}}, apierror.CodeInvalidValue, "counter", -1},
		{"cap below 1", "x", SplitOptions{MeasureOptions: MeasureOptions{Cap: 0, HasCap: true}}, apierror.CodeInvalidValue, "cap", -1},
		{"unknown numbering", "x", SplitOptions{Numbering: "roman"}, apierror.CodeInvalidValue, "numbering", -1},
		{"invalid UTF-8 after an astral emoji", "😀a\xff", SplitOptions{}, apierror.CodeInvalidUTF8, "", 3},
		{"nothing to post", " \n ", SplitOptions{}, apierror.CodeNoContent, "", -1},
		{"one cluster over the cap", "👩‍👩‍👧", SplitOptions{MeasureOptions: MeasureOptions{Cap: 1, HasCap: true, Counter: "x-weighted"}}, apierror.CodePostTooLong, "", -2},
	}
	for _, tc := range tests {
		_, f := Split(tc.text, tc.o)
		if f == nil {
			t.Errorf("%s: no fault", tc.why)
			continue
		}
		if f.Code != tc.code || f.Path != tc.path || (tc.off != -2 && f.Offset != tc.off) || f.Message == "" {
			t.Errorf("%s: got %+v, want code %s path %q offset %d", tc.why, f, tc.code, tc.path, tc.off)
		}
		// The CLI's error code for the same text, when the options are valid.
		if tc.path == "" {
			_, err := splitThread(tc.text, rules.DefaultLimits().For(rules.Twitter), split.Options{})
			if tc.o.Cap == 0 && (err == nil || apierror.As(err).Code != tc.code) {
				t.Errorf("%s: split.Split says %v", tc.why, err)
			}
		}
	}
}

// splitThread is the posts of split.Split's answer.
func splitThread(text string, lim rules.Limit, opts split.Options) ([]split.Post, error) {
	a, err := split.Split(text, lim, opts)
	return a.Posts, err
}

// splitJSON is split.Split's answer as JSON, as the WASM module writes it.
func splitJSON(text string, lim rules.Limit, opts split.Options) ([]byte, error) {
	a, err := split.Split(text, lim, opts)
	if err != nil {
		return nil, err
	}
	return a.AppendJSON(nil), nil
}
