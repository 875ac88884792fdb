package main

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/postrules/postrules/schema/jsonschema"
)

// The tests in this file assert the key values of the output on their own, from what the
// rules say, so that a wrong golden file cannot pass unnoticed.

func TestExitStatus(t *testing.T) {
	tests := []struct {
		why    string
		args   []string
		stdin  string
		exit   int
		stderr string // a substring stderr must hold ("" = stderr must be empty)
		stdout string // a substring stdout must hold
	}{
		{"no arguments is a usage error", nil, "", 2, "Usage:", ""},
		{"help is not an error", []string{"help"}, "", 0, "", "Usage:"},
		{"--help at the top", []string{"--help"}, "", 0, "", "Usage:"},
		{"help for a command", []string{"help", "length"}, "", 0, "", "usage: validate length"},
		{"help for an unknown command", []string{"help", "lint"}, "", 2, `unknown command "lint"`, ""},
		{"unknown command", []string{"lint", "x.json"}, "", 2, `unknown command "lint"`, ""},
		{"unknown flag", []string{"post", "--strict", "testdata/valid-thread.json"}, "", 2, "flag provided but not defined: -strict", ""},
		{"bad --format", []string{"time", "--format", "yaml", "2030-01-15T09:30Z"}, "", 2, "want text or json", ""},
		{"bad --now: not the grammar", []string{"time", "--now", "2026-06-01T12:00:00+00:00", "2030-01-15T09:30Z"}, "", 2, "invalid value", ""},
		{"bad --now on post", []string{"post", "--now", "yesterday", "testdata/valid-thread.json"}, "", 2, "-now", ""},
		{"bad --cap: zero", []string{"length", "--cap", "0"}, `"a"`, 2, "want a whole number >= 1", ""},
		{"bad --cap: negative", []string{"length", "--cap", "-5"}, `"a"`, 2, "want a whole number >= 1", ""},
		{"bad --cap: not a number", []string{"length", "--cap", "lots"}, `"a"`, 2, "want a whole number >= 1", ""},
		{"bad --counter", []string{"length", "--counter", "furlongs"}, `"a"`, 2, "want graphemes, bytes, utf16, codepoints or x-weighted", ""},
		{"bad --platform", []string{"length", "--platform", "myspace"}, `"a"`, 2, "myspace", ""},
		{"length takes one FILE at most", []string{"length", "a.jsonl", "b.jsonl"}, "", 2, `unexpected argument "b.jsonl"`, ""},
		{"length: a FILE that is not there", []string{"length", "texts.jsonl"}, "", 2, `open texts.jsonl: no such file or directory`, ""},
		{"post needs a file", []string{"post", "--now", testNow}, "", 2, "no FILE", ""},
		{"missing file names it", []string{"post", "--now", testNow, "testdata/nope.json"}, "", 2, "testdata/nope.json", ""},
		{"a directory is unreadable", []string{"post", "--now", testNow, "testdata"}, "", 2, "testdata", ""},
		{"stdin cannot be read twice", []string{"post", "--now", testNow, "-", "-"}, "{}", 2, "only once", ""},
		{"missing accounts file", []string{"post", "--now", testNow, "--accounts", "testdata/nope.json", "testdata/valid-thread.json"}, "", 2, "testdata/nope.json", ""},
		{"accounts file not an array", []string{"post", "--now", testNow, "--accounts", "-", "testdata/valid-thread.json"}, `{"platform":"twitter"}`, 2, "the document is an object; expected a JSON array", ""},
		{"accounts file with a bad platform", []string{"post", "--now", testNow, "--accounts", "-", "testdata/valid-thread.json"}, `[{"platform":"x","accountId":"a"}]`, 2, "- (stdin): /0/platform: ", ""},
		{"accounts file without accountId", []string{"post", "--now", testNow, "--accounts", "-", "testdata/valid-thread.json"}, `[{"platform":"twitter"}]`, 2, "/0/accountId: missing_field", ""},
		{"accounts file with an unknown field", []string{"post", "--now", testNow, "--accounts", "-", "testdata/valid-thread.json"}, `[{"platform":"twitter","id":"a"}]`, 2, "/0/id: unknown_field", ""},
		{"an empty accounts list resolves nothing", []string{"post", "--now", testNow, "--accounts", "-", "testdata/valid-thread.json"}, `[]`, 1, "", "account_not_found"},
		{"draft needs --draft", []string{"draft", "testdata/draft-publish.json"}, "", 2, "--draft FILE is required", ""},
		{"draft needs one body", []string{"draft", "--draft", "testdata/draft.json"}, "", 2, "exactly one BODY", ""},
		{"draft and body not both stdin", []string{"draft", "--draft", "-", "-"}, "", 2, "both be read from stdin", ""},
		{"missing draft file", []string{"draft", "--now", testNow, "--draft", "testdata/nope.json", "testdata/draft-publish.json"}, "", 2, "testdata/nope.json", ""},
		{"bad --draft-state", []string{"draft", "--draft-state", "gone", "--draft", "testdata/draft.json", "testdata/draft-publish.json"}, "", 2, "want saved, publishing or deleted", ""},
		{"a deleted draft is not found", []string{"draft", "--now", testNow, "--draft-state", "deleted", "--draft", "testdata/draft.json", "testdata/draft-publish.json"}, "", 1, "", "draft_not_found"},
		// The answer for a deleted draft depends on no file, so none is read.
		{"a deleted draft reads neither file", []string{"draft", "--draft-state", "deleted", "--draft", "testdata/nope.json", "testdata/nope-either.json"}, "", 1, "", "draft_not_found"},
		{"a deleted draft needs no file at all", []string{"draft", "--draft-state", "deleted"}, "", 1, "", "draft_not_found"},
		{"a deleted draft reads no accounts", []string{"draft", "--draft-state", "deleted", "--accounts", "testdata/nope.json", "--draft", "-", "-"}, "", 1, "", "draft_not_found"},
		{"a deleted draft still takes one BODY at most", []string{"draft", "--draft-state", "deleted", "a.json", "b.json"}, "", 2, "at most one BODY", ""},
		{"--jsonl takes no values", []string{"time", "--jsonl", "2030-01-15T09:30Z"}, "", 2, "--jsonl", ""},
		{"status takes one file", []string{"status", "a.json", "b.json"}, "", 2, "at most one FILE", ""},
		{"status: missing file", []string{"status", "testdata/nope.json"}, "", 2, "testdata/nope.json", ""},
		{"status: malformed JSON is invalid", []string{"status"}, "[{", 1, "", "malformed_json"},
		{"status: empty stdin is invalid", []string{"status"}, "", 1, "", "malformed_json"},
		{"status: not an array", []string{"status"}, `{"platform":"twitter"}`, 1, "", "invalid_body"},
		{"status: empty list", []string{"status"}, `[]`, 1, "", "invalid_request"},
		{"flags after operands", []string{"time", "2030-01-15T09:30Z", "--format", "json"}, "", 0, "", `"valid":true`},
		{"-- ends the flags", []string{"time", "--", "--format"}, "", 1, "", `"--format": invalid_scheduled_for`},
		{"all valid values exit 0", []string{"time", "--now", testNow, "2030-01-15T09:30Z", "2026-06-01T12:00:01Z"}, "", 0, "", "ok 2026-06-01T12:00:01Z"},
		{"all texts fit exit 0", []string{"length"}, `"a"` + "\n" + `{"text":"b"}` + "\n", 0, "", "1 graphemes, cap 280: ok"},
		{"empty stdin: nothing to measure", []string{"length"}, "", 0, "", ""},
		{"empty stdin: no values", []string{"time"}, "", 0, "", ""},
		{"serve takes no arguments", []string{"serve", "testdata/draft.json"}, "", 2, "serve takes no arguments", ""},
		{"serve: an address it cannot listen on", []string{"serve", "--addr", "nope"}, "", 2, "--addr: listen tcp: address nope: missing port in address", ""},
		{"serve: a missing drafts directory", []string{"serve", "--drafts", "testdata/nope"}, "", 2, "--drafts: open testdata/nope", ""},
		{"serve: a bad accounts file", []string{"serve", "--accounts", "testdata/draft.json"}, "", 2, "--accounts: ", ""},
		{"serve: a bad clock", []string{"serve", "--now", "soon"}, "", 2, "-now", ""},
	}
	for _, tt := range tests {
		t.Run(tt.why, func(t *testing.T) {
			r := runCLI(t, tt.stdin, tt.args...)
			if r.code != tt.exit {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", r.code, tt.exit, r.stdout, r.stderr)
			}
			if tt.stderr == "" && r.stderr != "" {
				t.Errorf("unexpected stderr: %s", r.stderr)
			}
			if !strings.Contains(r.stderr, tt.stderr) {
				t.Errorf("stderr %q does not hold %q", r.stderr, tt.stderr)
			}
			if !strings.Contains(r.stdout, tt.stdout) {
				t.Errorf("stdout %q does not hold %q", r.stdout, tt.stdout)
			}
		})
	}
}

func TestEveryCommandHasHelp(t *testing.T) {
	for _, c := range commands() {
		for _, h := range []string{"-h", "--help", "-help"} {
			r := runCLI(t, "", c.name, h)
			if r.code != 0 || !strings.HasPrefix(r.stdout, "usage: validate "+c.name) || r.stderr != "" {
				t.Errorf("validate %s %s: exit %d, stdout %.40q, stderr %q", c.name, h, r.code, r.stdout, r.stderr)
			}
		}
		if !strings.Contains(mainUsage, "validate "+c.name) {
			t.Errorf("the main usage does not list %s", c.name)
		}
	}
}

func TestTimeValues(t *testing.T) {
	type want struct {
		input  string
		valid  bool
		utc    string // when valid
		code   string // when invalid
		offset int    // when invalid
	}
	tests := []struct {
		why   string
		args  []string
		stdin string
		want  []want
	}{
		{"arguments, with --now", []string{"time", "--format", "json", "--now", testNow,
			"2030-01-15T09:30Z", "2030-02-30T09:30Z", "2026-06-01T12:00:00Z", "2030-01-15T09:30:00.500Z"}, "", []want{
			{"2030-01-15T09:30Z", true, "2030-01-15T09:30:00Z", "", 0},          // seconds added
			{"2030-02-30T09:30Z", false, "", "invalid_scheduled_for", 8},        // the day field
			{"2026-06-01T12:00:00Z", false, "", "scheduled_in_past", 0},         // equal to now is not after it; 0: the whole value
			{"2030-01-15T09:30:00.500Z", true, "2030-01-15T09:30:00.5Z", "", 0}, // trailing zeros trimmed
		}},
		{"stdin lines, grammar only", []string{"time", "--format", "json"}, timeLines, []want{
			{"2030-01-15T09:30Z", true, "2030-01-15T09:30:00Z", "", 0},
			{"2030-01-15T09:30:00.123456789999Z", true, "2030-01-15T09:30:00.123456789Z", "", 0}, // truncated, CR dropped
			{"2023-02-29T10:00Z", false, "", "invalid_scheduled_for", 8},                         // 2023 is no leap year
			{"2030-01-15T09:30+01:00", false, "", "invalid_scheduled_for", 16},                   // where 'Z' belongs
			{"", false, "", "invalid_scheduled_for", 0},
			{"2030-01-15t09:30z", false, "", "invalid_scheduled_for", 10},
			{"2026-06-01T11:59:59Z", true, "2026-06-01T11:59:59Z", "", 0}, // no --now: no clock check
		}},
		{"stdin lines, with --now", []string{"time", "--format", "json", "--now", testNow}, "2026-06-01T11:59:59Z\n2026-06-01T12:00:00.000000001Z\n", []want{
			{"2026-06-01T11:59:59Z", false, "", "scheduled_in_past", 0},
			{"2026-06-01T12:00:00.000000001Z", true, "2026-06-01T12:00:00.000000001Z", "", 0},
		}},
		{"JSON lines", []string{"time", "--format", "json", "--jsonl", "--now", testNow}, timeJSONL, []want{
			{"2030-01-15T09:30:00Z", true, "2030-01-15T09:30:00Z", "", 0},
			{"2030-01-15T09:30:00Z\n", false, "", "invalid_scheduled_for", 20}, // a trailing newline is not allowed
			{"2030-01-15T09:30:00Z\x00", false, "", "invalid_scheduled_for", 20},
			{"2030-01-15\nT09:30:00Z", false, "", "invalid_scheduled_for", 10},
			{"2030-01-15T09:30:00Z", false, "", "malformed_json", 4}, // the bare line: input is the line itself
			{`{"value":"2030-01-15T09:30:00Z"}`, false, "", "wrong_type", 0},
			{"2026-06-01T12:00:00Z", false, "", "scheduled_in_past", 0},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.why, func(t *testing.T) {
			r := runCLI(t, tt.stdin, tt.args...)
			objs := jsonLines(t, r.stdout)
			if len(objs) != len(tt.want) {
				t.Fatalf("%d output lines, want %d:\n%s", len(objs), len(tt.want), r.stdout)
			}
			anyInvalid := false
			for i, w := range tt.want {
				o := objs[i]
				if o["input"] != w.input || o["valid"] != w.valid {
					t.Errorf("line %d: input %q valid %v, want %q %v", i+1, o["input"], o["valid"], w.input, w.valid)
				}
				if w.valid {
					if o["utc"] != w.utc || len(o) != 3 {
						t.Errorf("line %d: %v, want utc %q and nothing else", i+1, o, w.utc)
					}
					continue
				}
				anyInvalid = true
				if o["code"] != w.code || o["offset"] != float64(w.offset) || o["message"] == "" || o["utc"] != nil {
					t.Errorf("line %d: %v, want code %s offset %d", i+1, o, w.code, w.offset)
				}
			}
			if wantExit := map[bool]int{false: 0, true: 1}[anyInvalid]; r.code != wantExit {
				t.Errorf("exit %d, want %d", r.code, wantExit)
			}
		})
	}
}

func TestTimeTextOneLinePerValue(t *testing.T) {
	r := runCLI(t, timeJSONL, "time", "--jsonl")
	lines := textLines(r.stdout)
	if len(lines) != 7 {
		t.Fatalf("%d lines for 7 values (a value holding a newline must not split its line):\n%s", len(lines), r.stdout)
	}
	if lines[1] != `"2030-01-15T09:30:00Z\n": invalid_scheduled_for: scheduledFor "2030-01-15T09:30:00Z\n": unexpected text after 'Z' (at offset 20)` {
		t.Errorf("line 2 = %s", lines[1])
	}
	if !strings.HasPrefix(lines[4], `"2030-01-15T09:30:00Z": malformed_json: line 5: malformed JSON at byte 4: `) {
		t.Errorf("line 5 = %s", lines[4])
	}
}

func TestLengthValues(t *testing.T) {
	type measured struct {
		length, cap int
		fits        bool
		overflowAt  int // -1: it fits
	}
	tests := []struct {
		why     string
		args    []string
		stdin   string
		counter string
		want    []any // measured, or a bad line's code
	}{
		{"graphemes", []string{"length", "--format", "json"}, lengthLines, "graphemes", []any{
			measured{12, 280, true, -1},
			measured{8, 280, true, -1}, // "👩‍👩‍👧" is one grapheme: 1 + " is one"
			measured{1, 280, true, -1}, // e + combining acute
			measured{0, 280, true, -1},
			measured{281, 280, false, 280}, // ASCII: the 281st grapheme starts at byte 280
			measured{280, 280, true, -1},   // exactly the cap fits
			"malformed_json", "unknown_field", "wrong_type",
		}},
		{"X weighted", []string{"length", "--format", "json", "--counter", "x-weighted"}, xweightLines, "x-weighted", []any{
			measured{5, 280, true, -1},
			measured{6, 280, true, -1},     // CJK weighs 2
			measured{27, 280, true, -1},    // "see " + a URL, which weighs 23 whatever its length
			measured{2, 280, true, -1},     // an emoji weighs 2 (config v3)
			measured{282, 280, false, 420}, // the 141st CJK character (3 bytes each) is the first over
		}},
		{"another platform's cap", []string{"length", "--format", "json", "--platform", "bluesky"}, `"hi"`, "graphemes", []any{
			measured{2, 300, true, -1},
		}},
		{"--cap", []string{"length", "--format", "json", "--cap", "5"}, `"hello"` + "\n" + `"héllo!"` + "\n", "graphemes", []any{
			measured{5, 5, true, -1},
			measured{6, 5, false, 6}, // é is two bytes, so "!" starts at byte 6
		}},
	}
	for _, tt := range tests {
		t.Run(tt.why, func(t *testing.T) {
			r := runCLI(t, tt.stdin, tt.args...)
			objs := jsonLines(t, r.stdout)
			if len(objs) != len(tt.want) {
				t.Fatalf("%d output lines, want %d:\n%s%s", len(objs), len(tt.want), r.stdout, r.stderr)
			}
			wantExit := 0
			for i, w := range tt.want {
				o := objs[i]
				switch w := w.(type) {
				case string:
					wantExit = 1
					if o["code"] != w || o["fits"] != false || o["line"] != float64(i+1) || o["message"] == "" {
						t.Errorf("line %d: %v, want a bad line with code %s", i+1, o, w)
					}
				case measured:
					if !w.fits {
						wantExit = 1
					}
					overflow := float64(w.overflowAt) // -1 when it fits, as in verdicts
					_, hasExact := o["exact"]         // only on a lower bound, which none of these is
					if o["length"] != float64(w.length) || o["cap"] != float64(w.cap) || o["fits"] != w.fits ||
						o["overflowAt"] != overflow || o["counter"] != tt.counter || hasExact || len(o) != 6 || !strings.Contains(o["rule"].(string), ".text.max") {
						t.Errorf("line %d: %v, want %+v counted in %s", i+1, o, w, tt.counter)
					}
				}
			}
			if r.code != wantExit {
				t.Errorf("exit %d, want %d", r.code, wantExit)
			}
		})
	}
}

func TestLengthLongLine(t *testing.T) {
	// A 2 MiB line: longer than any fixed scanner buffer. Its length is past the cap, so
	// counting may stop early ("exact":false); what matters is that the line is read whole
	// (the next line is measured on its own) and that it does not fit.
	stdin := `"` + strings.Repeat("ab", 1<<20) + `"` + "\n" + `"next"` + "\n"
	r := runCLI(t, stdin, "length", "--format", "json")
	objs := jsonLines(t, r.stdout)
	if len(objs) != 2 || objs[0]["fits"] != false || objs[0]["overflowAt"] != float64(280) ||
		objs[1]["length"] != float64(4) || r.code != 1 {
		t.Fatalf("exit %d, output:\n%.300s", r.code, r.stdout)
	}
}

func TestStatusValues(t *testing.T) {
	tests := []struct {
		why     string
		stdin   string
		success bool
		status  string
		code    string // for invalid input
		path    string
	}{
		{"one published", `[{"platform":"twitter","state":"published"}]`, true, "published", "", ""},
		{"published and failed: partial", statusPartial, true, "partial", "", ""},
		{"every target failed", `[{"platform":"twitter","state":"failed"},{"platform":"bluesky","state":"failed","error":"x"}]`, false, "failed", "", ""},
		{"any pending: pending", `[{"platform":"twitter","state":"failed"},{"platform":"bluesky","state":"pending"}]`, true, "pending", "", ""},
		{"unknown state", `[{"platform":"twitter","state":"published"},{"platform":"linkedin","state":"done"}]`, false, "", "invalid_value", "/1/state"},
		{"unknown platform", `[{"platform":"X","state":"published"}]`, false, "", "unknown_platform", "/0/platform"},
		{"member case matters: field_case_mismatch, as in a request", `[{"platform":"twitter","State":"published"}]`, false, "", "field_case_mismatch", "/0/State"},
		{"missing state", `[{"platform":"twitter"}]`, false, "", "missing_field", "/0/state"},
		{"state must be a string", `[{"platform":"twitter","state":1}]`, false, "", "wrong_type", "/0/state"},
		{"an outcome is an object", `["published"]`, false, "", "wrong_type", "/0"},
		{"repeated member", `[{"platform":"twitter","state":"failed","state":"published"}]`, false, "", "duplicate_field", "/0/state"},
		{"pointer escaping", `[{"platform":"twitter","state":"failed","a/b":"x"}]`, false, "", "unknown_field", "/0/a~1b"},
	}
	for _, tt := range tests {
		t.Run(tt.why, func(t *testing.T) {
			r := runCLI(t, tt.stdin, "status", "--format", "json")
			objs := jsonLines(t, r.stdout)
			if len(objs) != 1 {
				t.Fatalf("want one output line:\n%s%s", r.stdout, r.stderr)
			}
			o := objs[0]
			if tt.code == "" {
				if r.code != 0 || o["success"] != tt.success || o["status"] != tt.status || len(o) != 2 {
					t.Errorf("exit %d, %v; want success %v status %s", r.code, o, tt.success, tt.status)
				}
				return
			}
			if r.code != 1 || o["code"] != tt.code || o["path"] != tt.path || o["error"] != "Bad Request" || o["message"] == "" {
				t.Errorf("exit %d, %v; want code %s at %s", r.code, o, tt.code, tt.path)
			}
		})
	}
}

// TestPostExamples checks the bundled examples, each for what it is there to show.
func TestPostExamples(t *testing.T) {
	args := append([]string{"post", "--format", "json", "--now", testNow, "--accounts", "testdata/accounts.json"}, examples...)
	r := runCLI(t, "", args...)
	if r.code != 1 || r.stderr != "" {
		t.Fatalf("exit %d, stderr %s", r.code, r.stderr)
	}
	objs := jsonLines(t, r.stdout)
	if len(objs) != len(examples) {
		t.Fatalf("%d lines for %d files", len(objs), len(examples))
	}
	byFile := map[string]map[string]any{}
	for i, o := range objs {
		if o["file"] != examples[i] {
			t.Fatalf("line %d is for %v, want %s (files in argument order)", i+1, o["file"], examples[i])
		}
		byFile[strings.TrimSuffix(strings.TrimPrefix(examples[i], "testdata/"), ".json")] = o
	}

	amb := byFile["ambiguous-account"]
	wantProblem(t, amb, 409, "ambiguous_account", "/platforms/0/platform")
	if msg := problem(amb, 0)["message"].(string); !strings.Contains(msg, "tw_brand") || !strings.Contains(msg, "tw_support") {
		t.Errorf("the ambiguous_account message must list the candidates: %s", msg)
	}

	long := byFile["long-thread-item"]
	wantProblem(t, long, 400, "post_too_long", "/platforms/0/platformSpecificData/threadItems/2/content")
	if n := len(long["problems"].([]any)); n != 1 {
		t.Errorf("%d problems, want only the long item's", n)
	}
	posts := target(long, 0)["posts"].([]any)
	wantPosts := []struct {
		path        string
		length, cap int
	}{
		{"/content", 36, 280},
		{"/platforms/0/platformSpecificData/threadItems/0/content", 39, 280},
		{"/platforms/0/platformSpecificData/threadItems/1/content", 80, 280},
		{"/platforms/0/platformSpecificData/threadItems/2/content", 312, 280}, // 🚀, 👍🏽 and 👩‍👩‍👧 are one each
	}
	if len(posts) != len(wantPosts) {
		t.Fatalf("posts %v", posts)
	}
	for i, w := range wantPosts {
		p := posts[i].(map[string]any)
		if p["path"] != w.path || p["length"] != float64(w.length) || p["cap"] != float64(w.cap) {
			t.Errorf("post %d: %v, want %+v", i, p, w)
		}
	}

	sched := byFile["scheduled"]
	wantValid(t, sched)
	if target(sched, 0)["accountId"] != "tw_support" {
		t.Errorf("scheduled: target %v", target(sched, 0))
	}

	thread := byFile["valid-thread"]
	wantValid(t, thread)
	if target(thread, 0)["accountId"] != "tw_brand" || len(target(thread, 0)["posts"].([]any)) != 3 {
		t.Errorf("valid-thread: %v", thread)
	}

	// The text format says the same in linter lines.
	r = runCLI(t, "", append([]string{"post", "--now", testNow, "--accounts", "testdata/accounts.json"}, examples...)...)
	want := []string{
		"testdata/ambiguous-account.json:5:19: /platforms/0/platform: ambiguous_account: ",
		"testdata/long-thread-item.json:16:316: /platforms/0/platformSpecificData/threadItems/2/content: post_too_long: 312 graphemes, cap 280",
		"testdata/scheduled.json: ok",
		"testdata/valid-thread.json: ok",
	}
	lines := textLines(r.stdout)
	if len(lines) != len(want) {
		t.Fatalf("text output:\n%s", r.stdout)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) || (strings.HasSuffix(w, "ok") || strings.HasSuffix(w, "280")) && lines[i] != w {
			t.Errorf("line %d = %q, want %q", i+1, lines[i], w)
		}
	}
}

func TestPostBadInputs(t *testing.T) {
	// One malformed file among good ones: it is invalid (exit 1), the others are checked.
	r := runCLI(t, `{"content": "oops",`, "post", "--format", "json", "--now", testNow, "testdata/valid-thread.json", "-", "testdata/scheduled.json")
	objs := jsonLines(t, r.stdout)
	if r.code != 1 || len(objs) != 3 {
		t.Fatalf("exit %d, output:\n%s", r.code, r.stdout)
	}
	wantValid(t, objs[0])
	wantValid(t, objs[2])
	if objs[1]["file"] != "-" || objs[1]["valid"] != false || objs[1]["httpStatus"] != float64(400) || objs[1]["billable"] != false {
		t.Errorf("malformed: %v", objs[1])
	}
	if e := objs[1]["error"].(map[string]any); e["code"] != "malformed_json" {
		t.Errorf("malformed: error %v", e)
	}

	// A missing file makes the exit status 2, named on stderr, and nothing else changes.
	r = runCLI(t, "", "post", "--now", testNow, "testdata/valid-thread.json", "testdata/nope.json", "testdata/long-thread-item.json")
	if r.code != 2 || !strings.Contains(r.stderr, "testdata/nope.json") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
	if lines := textLines(r.stdout); len(lines) != 2 || lines[0] != "testdata/valid-thread.json: ok" ||
		!strings.HasPrefix(lines[1], "testdata/long-thread-item.json:16:316: ") {
		t.Errorf("stdout:\n%s", r.stdout)
	}

	// Problems in JSON are never null, and a valid file's httpStatus is 202.
	r = runCLI(t, "", "post", "--format", "json", "--now", testNow, "testdata/valid-thread.json")
	o := onlyLine(t, r)
	if ps, ok := o["problems"].([]any); !ok || len(ps) != 0 {
		t.Errorf("problems = %v, want []", o["problems"])
	}
	if o["httpStatus"] != float64(202) || o["error"] != nil || o["billable"] != true {
		t.Errorf("valid file: %v", o)
	}
}

func TestDraft(t *testing.T) {
	base := []string{"draft", "--format", "json", "--now", testNow, "--accounts", "testdata/accounts.json", "--draft", "testdata/draft.json"}
	r := runCLI(t, "", append(base, "testdata/draft-publish.json")...)
	o := onlyLine(t, r)
	wantValidDraft(t, o)
	if r.code != 0 || o["file"] != "testdata/draft-publish.json" || target(o, 0)["accountId"] != "tw_brand" {
		t.Errorf("exit %d, %v", r.code, o)
	}

	r = runCLI(t, "", append(append([]string{}, base...), "--draft-state", "publishing", "testdata/draft-publish.json")...)
	wantProblem(t, onlyLine(t, r), 409, "draft_already_publishing", "")

	// The body from stdin, scheduled before the clock.
	r = runCLI(t, `{"scheduledFor":"2026-06-01T11:00:00Z"}`, append(base, "-")...)
	o = onlyLine(t, r)
	if r.code != 1 || o["valid"] != false || problem(o, 0)["code"] != "scheduled_in_past" || problem(o, 0)["path"] != "/scheduledFor" {
		t.Errorf("exit %d, %v", r.code, o)
	}
}

// TestNowDefaultsToTheClock: without --now, post uses the clock run was given.
func TestNowDefaultsToTheClock(t *testing.T) {
	var out, errOut strings.Builder
	late := func() time.Time { return time.Date(2031, 1, 1, 0, 0, 0, 0, time.UTC) }
	code := run([]string{"post", "testdata/scheduled.json"}, strings.NewReader(""), &out, &errOut, late)
	if code != 1 || !strings.Contains(out.String(), "scheduled_in_past") {
		t.Errorf("exit %d, %s%s", code, out.String(), errOut.String())
	}
	// time without --now never consults the clock.
	code = run([]string{"time", "2020-01-01T00:00Z"}, strings.NewReader(""), &out, &errOut,
		func() time.Time { t.Fatal("time read the clock without --now"); return time.Time{} })
	if code != 0 {
		t.Errorf("time without --now: exit %d", code)
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("pipe closed") }

func TestWriteErrorIsExit2(t *testing.T) {
	var errOut strings.Builder
	stdin := strings.Repeat(`"a"`+"\n", 100_000)
	code := run([]string{"length"}, strings.NewReader(stdin), failingWriter{}, &errOut, time.Now)
	if code != 2 || !strings.Contains(errOut.String(), "pipe closed") {
		t.Errorf("exit %d, stderr %q", code, errOut.String())
	}
}

func wantValid(t *testing.T, o map[string]any) { wantValidStatus(t, o, 202) }

// wantValidDraft: a valid draft publish answers 200 (the seed's contract), not 202.
func wantValidDraft(t *testing.T, o map[string]any) { wantValidStatus(t, o, 200) }

func wantValidStatus(t *testing.T, o map[string]any, status int) {
	t.Helper()
	if o["valid"] != true || o["error"] != nil || len(o["problems"].([]any)) != 0 || o["billable"] != true {
		t.Errorf("%v: want valid, billable, no problems", o["file"])
	}
	if o["httpStatus"] != float64(status) {
		t.Errorf("%v: httpStatus %v on a valid file, want %d", o["file"], o["httpStatus"], status)
	}
}

func wantProblem(t *testing.T, o map[string]any, status int, code, path string) {
	t.Helper()
	if o["valid"] != false || o["httpStatus"] != float64(status) || o["billable"] != false {
		t.Errorf("%v: valid %v httpStatus %v billable %v, want invalid %d not billable", o["file"], o["valid"], o["httpStatus"], o["billable"], status)
	}
	e, _ := o["error"].(map[string]any)
	if e == nil || e["code"] == nil || e["message"] == nil || e["error"] == nil {
		t.Errorf("%v: error body %v", o["file"], o["error"])
	}
	found := false
	for _, p := range o["problems"].([]any) {
		p := p.(map[string]any)
		if p["code"] == code && p["path"] == path {
			found = true
		}
	}
	if e != nil && e["code"] == code {
		found = true
	}
	if !found {
		t.Errorf("%v: no %s at %q in %v / %v", o["file"], code, path, o["problems"], o["error"])
	}
}

func problem(o map[string]any, i int) map[string]any {
	ps := o["problems"].([]any)
	if i >= len(ps) {
		return map[string]any{}
	}
	return ps[i].(map[string]any)
}

func target(o map[string]any, i int) map[string]any {
	ts := o["targets"].([]any)
	if i >= len(ts) {
		return map[string]any{}
	}
	return ts[i].(map[string]any)
}

// onlyLine is the one JSON line a single-file run prints.
func onlyLine(t *testing.T, r result) map[string]any {
	t.Helper()
	objs := jsonLines(t, r.stdout)
	if len(objs) != 1 {
		t.Fatalf("want one JSON line, got %d\nstdout: %s\nstderr: %s", len(objs), r.stdout, r.stderr)
	}
	return objs[0]
}

// TestSchemaCommand: validate schema prints exactly jsonschema.Document for every name (whose
// bytes go test ./schema checks against golden copies), and needs exactly one name.
func TestSchemaCommand(t *testing.T) {
	for _, name := range jsonschema.DocumentNames() {
		want, err := jsonschema.Document(name)
		if err != nil {
			t.Fatal(err)
		}
		r := runCLI(t, "", "schema", name)
		if r.code != 0 || r.stdout != string(want) || r.stderr != "" {
			t.Errorf("validate schema %s: exit %d, stderr %q, stdout equal to jsonschema.Document: %v", name, r.code, r.stderr, r.stdout == string(want))
		}
	}
	for _, args := range [][]string{{"schema"}, {"schema", "openapi", "error"}, {"schema", "OpenAPI"}, {"schema", "--format", "yaml", "openapi"}} {
		if r := runCLI(t, "", args...); r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, "validate schema:") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, r.code, r.stdout, r.stderr)
		}
	}
}
