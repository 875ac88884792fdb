package main

import (
	"os"
	"strings"
	"testing"
)

// TestDashIsStdinEverywhere: wherever a command takes a file, "-" reads standard input and
// answers exactly what the file gives (the name aside: "-" for stdin).
func TestDashIsStdinEverywhere(t *testing.T) {
	read := func(name string) string {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	texts := "\"hello\"\n{\"text\":\"" + strings.Repeat("a", 300) + "\"}\n"
	textsFile := t.TempDir() + "/texts.jsonl"
	os.WriteFile(textsFile, []byte(texts), 0o644)
	const video = "../../rules/media/testdata/moov-at-end.mp4"
	tests := []struct {
		name           string
		withFile       []string
		withDash       []string
		stdin          string
		sameNameOutput bool // the output names no file, so it is byte-identical
	}{
		{"post FILE", []string{"post", "--now", testNow, "testdata/long-thread-item.json"}, []string{"post", "--now", testNow, "-"}, read("testdata/long-thread-item.json"), false},
		{"draft --draft FILE", []string{"draft", "--now", testNow, "--draft", "testdata/draft.json", "testdata/draft-publish.json"},
			[]string{"draft", "--now", testNow, "--draft", "-", "testdata/draft-publish.json"}, read("testdata/draft.json"), true},
		{"draft BODY", []string{"draft", "--now", testNow, "--format", "json", "--draft", "testdata/draft.json", "testdata/draft-publish.json"},
			[]string{"draft", "--now", testNow, "--format", "json", "--draft", "testdata/draft.json", "-"}, read("testdata/draft-publish.json"), false},
		{"--accounts FILE", []string{"post", "--now", testNow, "--accounts", "testdata/accounts.json", "testdata/ambiguous-account.json"},
			[]string{"post", "--now", testNow, "--accounts", "-", "testdata/ambiguous-account.json"}, read("testdata/accounts.json"), true},
		{"length FILE", []string{"length", "--format", "json", textsFile}, []string{"length", "--format", "json", "-"}, texts, true},
		{"split FILE", []string{"split", textsFile}, []string{"split", "-"}, texts, true},
		{"status FILE", []string{"status", "testdata/status/partial.json"}, []string{"status", "-"}, read("testdata/status/partial.json"), true},
		{"time VALUE / -", []string{"time", "2030-01-15T09:30Z"}, []string{"time", "-"}, "2030-01-15T09:30Z\n", true},
		{"media FILE", []string{"media", "--platform", "instagram", video}, []string{"media", "--platform", "instagram", "-"}, read(video), false},
		{"--media URL=FILE", []string{"post", "--now", testNow, "--media", "https://cdn.example.com/reel.mp4=" + video, "testdata/media-post.json"},
			[]string{"post", "--now", testNow, "--media", "https://cdn.example.com/reel.mp4=-", "testdata/media-post.json"}, read(video), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want := runCLI(t, "", tc.withFile...)
			got := runCLI(t, tc.stdin, tc.withDash...)
			if got.code != want.code || got.stderr != want.stderr {
				t.Fatalf("with -: exit %d, stderr %q; with the file: exit %d, stderr %q", got.code, got.stderr, want.code, want.stderr)
			}
			if tc.sameNameOutput && got.stdout != want.stdout {
				t.Errorf("with -:\n%s\nwith the file:\n%s", got.stdout, want.stdout)
			}
			if !tc.sameNameOutput && (got.stdout == "" || len(strings.Split(got.stdout, "\n")) != len(strings.Split(want.stdout, "\n"))) {
				t.Errorf("with -:\n%s\nwith the file:\n%s", got.stdout, want.stdout)
			}
		})
	}
}

// Standard input is read once: a second "-" is a usage error wherever it comes from.
func TestDashTwice(t *testing.T) {
	tests := [][]string{
		{"post", "--accounts", "-", "-"},
		{"post", "--media", "u=-", "-"},
		{"post", "--media", "u=-", "--media", "v=-", "testdata/media-post.json"},
		{"media", "-", "-"},
		{"length", "--accounts", "-", "-"},
		{"time", "2030-01-15T09:30Z", "-"},
	}
	for _, args := range tests {
		if r := runCLI(t, "[]", args...); r.code != exitUsage || r.stderr == "" {
			t.Errorf("validate %v: exit %d, stderr %q; want a usage error", args, r.code, r.stderr)
		}
	}
}
