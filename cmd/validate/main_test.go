package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

var update = flag.Bool("update", false, "rewrite testdata/golden from the current output (then read the diff: a golden file is a claim, not a snapshot)")

// testNow is the clock of every test: the command's clock function returns it and the
// tests pass it as --now, so no output depends on the wall clock.
const testNow = "2026-06-01T12:00:00Z"

var fixedNow = time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)

// result is one run of the command.
type result struct {
	stdout, stderr string
	code           int
}

func runCLI(t testing.TB, stdin string, args ...string) result {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut, func() time.Time { return fixedNow })
	return result{out.String(), errOut.String(), code}
}

// Inputs shared by the golden cases and the assertion tables.
const (
	// timeLines: valid with and without seconds, a long fraction, CRLF, an impossible date,
	// an offset, an empty line, lowercase t/z, and one before testNow.
	timeLines = "2030-01-15T09:30Z\n" +
		"2030-01-15T09:30:00.123456789999Z\r\n" +
		"2023-02-29T10:00Z\n" +
		"2030-01-15T09:30+01:00\n" +
		"\n" +
		"2030-01-15t09:30z\n" +
		"2026-06-01T11:59:59Z\n"
	// timeJSONL holds values a plain line cannot: a newline, a NUL; and lines that are not
	// JSON strings.
	timeJSONL = `"2030-01-15T09:30:00Z"` + "\n" +
		`"2030-01-15T09:30:00Z\n"` + "\n" +
		`"2030-01-15T09:30:00Z\u0000"` + "\n" +
		`"2030-01-15\nT09:30:00Z"` + "\n" +
		`2030-01-15T09:30:00Z` + "\n" +
		`{"value":"2030-01-15T09:30:00Z"}` + "\n" +
		`"2026-06-01T12:00:00Z"` + "\n"
	// statusPartial is one twitter failure (X's own limit) and two successes.
	statusPartial = `[{"platform":"twitter","state":"failed","error":"over the daily limit","code":"x_post_limit_reached"},` +
		`{"platform":"linkedin","state":"published"}]`
)

// lengthLines: ASCII, a family emoji (one grapheme of five code points), a decomposed é
// (one grapheme, two code points), the empty text, 281 and 280 'a's, and bad lines.
var lengthLines = `"hello, world"` + "\n" +
	`{"text":"👩‍👩‍👧 is one"}` + "\n" +
	`"e\u0301"` + "\n" +
	`""` + "\n" +
	`"` + strings.Repeat("a", 281) + `"` + "\n" +
	`{"text":"` + strings.Repeat("a", 280) + `"}` + "\n" +
	`not json` + "\n" +
	`{"txt":"typo"}` + "\n" +
	`42` + "\n"

// xweightLines are measured by X's weighted counter: CJK weighs 2, a URL 23, an emoji 2
// (twitter-text config v3).
var xweightLines = `"hello"` + "\n" +
	`"日本語"` + "\n" +
	`"see https://example.com/a/very/long/path/that/goes/on"` + "\n" +
	`"🎉"` + "\n" +
	`"` + strings.Repeat("日", 141) + `"` + "\n"

type goldenCase struct {
	name  string // testdata/golden/NAME.golden
	why   string
	args  []string
	stdin string
	exit  int
}

var examples = []string{
	"testdata/ambiguous-account.json", "testdata/long-thread-item.json",
	"testdata/scheduled.json", "testdata/valid-thread.json",
}

func goldenCases() []goldenCase {
	post := append([]string{"post", "--now", testNow, "--accounts", "testdata/accounts.json"}, examples...)
	postJSON := append([]string{"post", "--format", "json", "--now", testNow, "--accounts", "testdata/accounts.json"}, examples...)
	draft := []string{"draft", "--now", testNow, "--accounts", "testdata/accounts.json", "--draft", "testdata/draft.json", "testdata/draft-publish.json"}
	return []goldenCase{
		// post
		{"post-examples", "the README's main job: every bundled post, with its accounts", post, "", 1},
		{"post-examples-json", "the same as JSON lines, one per file", postJSON, "", 1},
		{"post-no-accounts", "without --accounts resolution is skipped, so the ambiguous target passes",
			[]string{"post", "--now", testNow, "testdata/ambiguous-account.json", "testdata/valid-thread.json"}, "", 0},
		{"post-no-accounts-json", "resolutionSkipped is true in JSON",
			[]string{"post", "--format", "json", "--now", testNow, "testdata/ambiguous-account.json"}, "", 0},
		{"post-scheduled-past", "with a clock after scheduledFor, the scheduled post is in the past",
			[]string{"post", "--now", "2030-01-15T09:30:00Z", "testdata/scheduled.json"}, "", 1},
		{"post-stdin", "'-' reads the body from stdin; the report names it '-'",
			[]string{"post", "--format", "json", "--now", testNow, "-"}, `{"content":"hi","platforms":[{"platform":"bluesky"}],"publishNow":true}`, 0},
		{"post-several-one-bad", "a malformed file and a missing one do not stop the valid ones; missing wins the exit status",
			[]string{"post", "--now", testNow, "testdata/valid-thread.json", "testdata/missing.json", "-", "testdata/scheduled.json"}, `{"content": "oops",`, 2},
		{"post-malformed-json", "malformed JSON is an invalid file with its problem, exit 1",
			[]string{"post", "--format", "json", "--now", testNow, "-"}, `{"content": "oops",`, 1},
		{"post-counter-xweighted", "a 200-character Japanese post fits 280 graphemes, but X counts it 400; bluesky keeps graphemes",
			[]string{"post", "--now", testNow, "--counter", "x-weighted", "testdata/japanese-200.json"}, "", 1},
		{"post-counter-xweighted-json", "the same as JSON: twitter 400/280, bluesky 200/300",
			[]string{"post", "--format", "json", "--now", testNow, "--counter", "x-weighted", "testdata/japanese-200.json"}, "", 1},
		{"post-counter-graphemes-json", "the default counter: 200/280, valid",
			[]string{"post", "--format", "json", "--now", testNow, "--counter", "graphemes", "testdata/japanese-200.json"}, "", 0},
		{"post-accounts-duplicate", "the same account twice in --accounts is a usage error naming the file",
			[]string{"post", "--now", testNow, "--accounts", "testdata/accounts-duplicate.json", "testdata/valid-thread.json"}, "", 2},
		// draft
		{"draft", "a draft scheduled by its publish body", draft, "", 0},
		{"draft-counter-xweighted", "a problem in the stored draft is reported under the draft's file",
			[]string{"draft", "--now", testNow, "--counter", "x-weighted", "--draft", "testdata/japanese-200.json", "-"}, `{"publishNow":true}`, 1},
		{"draft-counter-xweighted-json", "the same as JSON: one line for the body",
			[]string{"draft", "--format", "json", "--now", testNow, "--counter", "x-weighted", "--draft", "testdata/japanese-200.json", "-"}, `{"publishNow":true}`, 1},
		{"draft-json", "the same as JSON", append([]string{"draft", "--format", "json"}, draft[1:]...), "", 0},
		{"draft-publishing", "a draft already publishing is 409",
			append([]string{"draft", "--draft-state", "publishing"}, draft[1:]...), "", 1},
		// time
		{"time-args", "values as arguments, with a clock", []string{"time", "--now", testNow,
			"2030-01-15T09:30Z", "2030-02-30T09:30Z", "2026-06-01T12:00:00Z", "2030-01-15T09:30:00.500Z"}, "", 1},
		{"time-args-json", "the same as JSON", []string{"time", "--format", "json", "--now", testNow,
			"2030-01-15T09:30Z", "2030-02-30T09:30Z", "2026-06-01T12:00:00Z", "2030-01-15T09:30:00.500Z"}, "", 1},
		{"time-stdin", "one value per stdin line, grammar only (no --now)", []string{"time"}, timeLines, 1},
		{"time-stdin-json", "the same as JSON, with --now", []string{"time", "--format", "json", "--now", testNow}, timeLines, 1},
		{"time-jsonl", "--jsonl: values with a newline or NUL, and lines that are not JSON strings",
			[]string{"time", "--jsonl", "--now", testNow}, timeJSONL, 1},
		{"time-jsonl-json", "the same as JSON", []string{"time", "--jsonl", "--format", "json", "--now", testNow}, timeJSONL, 1},
		{"time-bad-strings-json", "a lone surrogate escape and bad bytes are not silently made U+FFFD", []string{"time", "--jsonl", "--format", "json"},
			`"2030-01-15T09:30Z\ud800"` + "\n" + `"2030-01-15T09:30Z\udc00x"` + "\n" + "\"2030-01-15T09:30Z\xff\"\n" + `"\ud83d\ude00"` + "\n", 1},
		{"time-invalid-utf8", "an argument that is not UTF-8: text shows the byte", []string{"time", "2030-01-15T09:30Z\xff", "\xc3"}, "", 1},
		{"time-invalid-utf8-json", "JSON echoes U+FFFD; code and offset point at the bad byte", []string{"time", "--format", "json", "2030-01-15T09:30Z\xff", "\xc3"}, "", 1},
		// length
		{"length-bad-strings-json", "lone surrogate escapes and bad bytes; a pair is fine", []string{"length", "--format", "json"},
			`"a\ud800b"` + "\n" + `{"text":"\udc00"}` + "\n" + `"\ud83d\ude00"` + "\n" + "\"ab\xe3\x81\"\n" + `nope` + "\n", 1},
		{"length-inexact-json", "exact appears, as false, only on a lower bound", []string{"length", "--format", "json", "--cap", "2"},
			`"` + strings.Repeat("a", 4097) + `"` + "\n" + `"abc"` + "\n", 1},
		{"length-accounts-stdin", "--accounts - would take the texts' stdin", []string{"length", "--accounts", "-"}, `"a"`, 2},
		{"length", "graphemes for twitter by default", []string{"length"}, lengthLines, 1},
		{"length-json", "the same as JSON", []string{"length", "--format", "json"}, lengthLines, 1},
		{"length-xweighted-json", "X's weighted counter", []string{"length", "--counter", "x-weighted", "--format", "json"}, xweightLines, 1},
		{"length-cap", "another platform and a cap", []string{"length", "--platform", "bluesky", "--cap", "5"}, `"hello"` + "\n" + `"hello!"` + "\n", 1},
		// status
		{"status", "one failure, one success: partial", []string{"status", "testdata/status/partial.json"}, "", 0},
		{"status-json", "the same as JSON, from stdin", []string{"status", "--format", "json"}, statusPartial, 0},
		{"status-all-failed-json", "every target failed: success false, still exit 0", []string{"status", "--format", "json", "testdata/status/all-failed.json"}, "", 0},
		{"status-bad-state", "an unknown state is invalid input", []string{"status", "testdata/status/bad-state.json"}, "", 1},
		{"status-bad-state-json", "member names are exact (State is not state): the API's error body with its path", []string{"status", "--format", "json", "-"}, `[{"platform":"twitter","State":"published"}]`, 1},
		{"status-not-json", "the offset of a syntax error is the bad byte, counted from 0, as in length", []string{"status"}, "nope\n", 1},
		{"status-lone-surrogate-json", "a lone surrogate escape is invalid_string at the value's pointer", []string{"status", "--format", "json"},
			`[{"platform":"twitter","state":"failed","error":"token \ud800"}]`, 1},
		// schema
		{"schema-draft-publish", "the smallest document; go test ./schema checks every document's bytes against its own golden copy",
			[]string{"schema", "draft-publish"}, "", 0},
		{"schema-unknown", "an unknown name is a usage error listing the names", []string{"schema", "drafts"}, "", 2},
		{"help-schema", "the schema command's help", []string{"help", "schema"}, "", 0},
		// rules
		{"rules-bluesky", "the rule book of one platform: both of bluesky's units", []string{"rules", "--platform", "bluesky"}, "", 0},
		{"rules-threads-json", "the book as JSON lines", []string{"rules", "--format", "json", "--platform", "threads"}, "", 0},
		// media
		{"media", "a video, an image and a PDF judged for two platforms", []string{"media", "--platform", "instagram,linkedin",
			"../../rules/media/testdata/h264-aac-faststart.mp4", "../../rules/media/testdata/image.jpg", "../../rules/media/testdata/document.pdf"}, "", 1},
		{"media-json", "the same as JSON lines", []string{"media", "--format", "json", "--platform", "instagram,linkedin",
			"../../rules/media/testdata/h264-aac-faststart.mp4", "../../rules/media/testdata/image.jpg", "../../rules/media/testdata/document.pdf"}, "", 1},
		{"media-fits", "a PDF that fits LinkedIn: exit 0", []string{"media", "--platform", "linkedin", "../../rules/media/testdata/document.pdf"}, "", 0},
		{"media-broken", "a file that is no media: its error, located; exit 1", []string{"media", "--format", "json", "testdata/valid-thread.json"}, "", 1},
		{"media-missing", "a file that cannot be opened: exit 2, the others still probed", []string{"media", "--platform", "bluesky", "testdata/nope.mp4", "../../rules/media/testdata/image.png"}, "", 2},
		{"media-bad-platform", "an unknown platform is a usage error", []string{"media", "--platform", "x", "../../rules/media/testdata/image.png"}, "", 2},
		{"post-media", "a request judged with its file: each target's media rules, at the item's pointer", []string{"post", "--format", "json",
			"--media", "https://cdn.example.com/reel.mp4=../../rules/media/testdata/moov-at-end.mp4", "testdata/media-post.json"}, "", 1},
		{"post-media-unjudged", "the same request without --media: its file is not judged", []string{"post", "testdata/media-post.json"}, "", 0},
		{"post-media-broken", "a --media FILE that is no media is a usage error, with the probe's word", []string{"post",
			"--media", "https://cdn.example.com/reel.mp4=testdata/valid-thread.json", "testdata/media-post.json"}, "", 2},
		// usage
		{"usage", "no arguments: usage on stderr, exit 2", nil, "", 2},
		{"help", "help: usage on stdout, exit 0", []string{"help"}, "", 0},
		{"help-post", "a command's help", []string{"post", "-h"}, "", 0},
		{"unknown-command", "exit 2", []string{"lint"}, "", 2},
		{"unknown-flag", "exit 2 with a hint", []string{"time", "--strict"}, "", 2},
		{"bad-now", "--now must be in the grammar", []string{"post", "--now", "2026-06-01 12:00", "testdata/valid-thread.json"}, "", 2},
		{"missing-file", "exit 2, naming the file", []string{"post", "--now", testNow, "testdata/nope.json"}, "", 2},
	}
}

// checkGolden runs one golden case and compares its rendering with its file (or, with
// -update, writes it).
func checkGolden(t *testing.T, tc goldenCase) {
	t.Helper()
	r := runCLI(t, tc.stdin, tc.args...)
	if r.code != tc.exit {
		t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, tc.exit, r.stdout, r.stderr)
	}
	got := renderGolden(tc, r)
	path := filepath.Join("testdata", "golden", tc.name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it, then check it by hand)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s\n--- got ---\n%s\n--- want ---\n%s", path, got, want)
	}
}

func TestGolden(t *testing.T) {
	seen := map[string]bool{}
	for _, tc := range goldenCases() {
		t.Run(tc.name, func(t *testing.T) {
			if seen[tc.name] {
				t.Fatalf("two cases write %s.golden", tc.name)
			}
			seen[tc.name] = true
			checkGolden(t, tc)
		})
	}
}

// renderGolden is a golden file: the command, its exit status, stdout and stderr.
func renderGolden(tc goldenCase, r result) string {
	var b strings.Builder
	b.WriteString("# " + tc.why + "\n")
	b.WriteString("$ validate")
	for _, a := range tc.args {
		b.WriteString(" " + shellQuote(a))
	}
	if tc.stdin != "" {
		b.WriteString(" < stdin")
	}
	b.WriteString("\nexit " + strconv.Itoa(r.code) + "\n")
	b.WriteString("-- stdout --\n" + r.stdout)
	b.WriteString("-- stderr --\n" + r.stderr)
	return b.String()
}

func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=") == "" {
		return s
	}
	if !utf8.ValidString(s) { // bash's $'...', so the golden file shows the bad bytes
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			if c := s[i]; c < 0x80 && c >= 0x20 && c != '\'' && c != '\\' {
				b.WriteByte(c)
			} else {
				fmt.Fprintf(&b, `\x%02x`, c)
			}
		}
		return "$'" + b.String() + "'"
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// jsonLines decodes JSON-lines output, failing the test on anything else.
func jsonLines(t *testing.T, out string) []map[string]any {
	t.Helper()
	var objs []map[string]any
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if line == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("output line is not a JSON object: %q: %v", line, err)
		}
		objs = append(objs, m)
	}
	return objs
}

func textLines(out string) []string {
	if out == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(out, "\n"), "\n")
}
