package main

import (
	"errors"
	"flag"
	"io"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b  string
		limit int
		want  int
		why   string
	}{
		{"post", "post", 3, 0, "equal words"},
		{"psot", "post", 3, 1, "two adjacent letters swapped are one edit (Damerau)"},
		{"pst", "post", 3, 1, "a letter left out"},
		{"posts", "post", 3, 1, "a letter too many"},
		{"pist", "post", 3, 1, "a letter replaced"},
		{"ca", "abc", 9, 3, "optimal string alignment: no substring edited twice (true Damerau says 2)"},
		{"", "abc", 9, 3, "empty against a word: its length"},
		{"serve", "rules", 3, 3, "far apart: clamped to the limit"},
		{"a", "abcdefgh", 3, 3, "lengths differ by the limit or more: no table is built"},
		{strings.Repeat("a", maxSuggestLen+1), "a", 3, 3, "a word past maxSuggestLen is never compared"},
	}
	for _, tc := range tests {
		if got := editDistance(tc.a, tc.b, tc.limit); got != tc.want {
			t.Errorf("editDistance(%q, %q, %d) = %d, want %d (%s)", tc.a, tc.b, tc.limit, got, tc.want, tc.why)
		}
	}
}

// TestEditDistanceProperties: symmetric, zero exactly for equal words, and never more than
// the larger length (the property a bounded table could break).
func TestEditDistanceProperties(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 500
	p := gopter.NewProperties(params)
	word := gen.RegexMatch(`[a-e]{0,12}`)
	p.Property("symmetric, 0 iff equal, at most the longer length", prop.ForAll(func(a, b string) bool {
		const lim = 100
		d := editDistance(a, b, lim)
		return d == editDistance(b, a, lim) && (d == 0) == (a == b) && d <= max(len(a), len(b))
	}, word, word))
	p.TestingRun(t)
}

func TestDidYouMean(t *testing.T) {
	names := commandNames()
	tests := []struct{ word, want, why string }{
		{"psot", ` (did you mean "post"?)`, "a swap"},
		{"lenght", ` (did you mean "length"?)`, "the classic typo"},
		{"vesion", ` (did you mean "version"?)`, "a letter left out"},
		{"completon", ` (did you mean "completion"?)`, "a long command"},
		{"x", "", "one letter is no typo of anything"},
		{"publish", "", "nothing within two edits"},
	}
	for _, tc := range tests {
		if got := didYouMean(tc.word, names); got != tc.want {
			t.Errorf("didYouMean(%q) = %q, want %q (%s)", tc.word, got, tc.want, tc.why)
		}
	}
}

// TestUndefinedFlagPrefix holds undefinedFlagPrefix to the flag package's own message, so
// a Go release that rewords it fails here rather than silently dropping suggestions.
func TestUndefinedFlagPrefix(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.String("format", "", "")
	err := fs.Parse([]string{"--fromat", "json"})
	if err == nil || !strings.HasPrefix(err.Error(), undefinedFlagPrefix) {
		t.Fatalf("flag error %v does not start with %q", err, undefinedFlagPrefix)
	}
	if got := flagSuggestion(fs, err); got != ` (did you mean "--format"?)` {
		t.Errorf("flagSuggestion = %q", got)
	}
	if got := flagSuggestion(fs, errors.New("invalid value")); got != "" {
		t.Errorf("another error suggests %q", got)
	}
}

func TestDidYouMeanOnTheCommandLine(t *testing.T) {
	tests := []struct {
		args       []string
		wantStderr string
	}{
		{[]string{"lenght"}, `validate: unknown command "lenght" (did you mean "length"?)`},
		{[]string{"help", "sevre"}, `validate help: unknown command "sevre" (did you mean "serve"?)`},
		{[]string{"post", "--fromat", "json", "x.json"}, `validate post: flag provided but not defined: -fromat (did you mean "--format"?)`},
		{[]string{"length", "--platfrom", "bluesky"}, `(did you mean "--platform"?)`},
		{[]string{"completion", "bsh"}, `unknown shell "bsh"; want bash, zsh or fish (did you mean "bash"?)`},
	}
	for _, tc := range tests {
		r := runCLI(t, "", tc.args...)
		if r.code != exitUsage || !strings.Contains(r.stderr, tc.wantStderr) {
			t.Errorf("validate %v: exit %d, stderr %q; want 2 and %q", tc.args, r.code, r.stderr, tc.wantStderr)
		}
	}
}
