package main

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The tests in this file pin the review findings on the CLI's contract : the
// exact JSON shapes, strings that encoding/json would silently change, the X weighted
// counter on post and draft, the common flags on every command, consistent
// syntax-error offsets and duplicate accounts.

// keysOf is the sorted key set of a JSON object, for comparing shapes.
func keysOf(o map[string]any) string {
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return strings.Join(keys, ",")
}

func sortedKeys(keys ...string) string {
	sort.Strings(keys)
	return strings.Join(keys, ",")
}

var (
	lengthKeys     = sortedKeys("length", "cap", "fits", "counter", "overflowAt", "rule")
	lineProblemKey = sortedKeys("line", "fits", "code", "message", "offset")
	// post and draft print schema's Verdict as it is (docs/contract.md): the first contract's keys,
	// plus those added since (see CHANGELOG.md).
	validFileKeys     = sortedKeys("file", "valid", "httpStatus", "error", "problems", "warnings", "billable", "targets", "status", "resolutionSkipped", "bookVersion")
	scheduledFileKeys = sortedKeys("file", "valid", "httpStatus", "error", "problems", "warnings", "billable", "targets", "status", "scheduledFor", "resolutionSkipped", "bookVersion")
	badFileKeys       = sortedKeys("file", "valid", "httpStatus", "error", "problems", "warnings", "billable", "targets", "resolutionSkipped", "bookVersion")
	targetKeys        = sortedKeys("platform", "accountId", "posts")
	// A post names the rule that decides it and is measured in every unit of its
	// platform's text rules.
	postKeys = sortedKeys("path", "counter", "length", "exact", "cap", "fits", "overflowAt", "rule", "units")
	// A problem always has path, code and message; in, rule, target and length when they
	// apply.
	problemKeys         = sortedKeys("path", "code", "message")
	problemOptionalKeys = []string{"line", "column", "in", "rule", "target", "length", "fix"} // line, column: the CLI places a problem in the file it read
	timeOKKeys          = sortedKeys("input", "valid", "utc")
	timeBadKeys         = sortedKeys("input", "valid", "code", "message", "offset")
)

// TestJSONShapes: every JSON line has exactly the keys of the JSON contract (docs/contract.md).
func TestJSONShapes(t *testing.T) {
	tests := []struct {
		why   string
		args  []string
		stdin string
		want  []string // the key set of each output line
	}{
		{"length: six keys, no exact on an exact length", []string{"length", "--format", "json"},
			`"hi"` + "\n" + `"` + strings.Repeat("a", 281) + `"` + "\n", []string{lengthKeys, lengthKeys}},
		{"length: x-weighted too", []string{"length", "--format", "json", "--counter", "x-weighted"}, `"日本"`, []string{lengthKeys}},
		{"length: a bad line", []string{"length", "--format", "json"}, `nope`, []string{lineProblemKey}},
		{"post: valid and invalid files", []string{"post", "--format", "json", "--now", testNow, "--accounts", "testdata/accounts.json",
			"testdata/valid-thread.json", "testdata/long-thread-item.json", "testdata/ambiguous-account.json", "testdata/scheduled.json"}, "",
			[]string{validFileKeys, badFileKeys, badFileKeys, scheduledFileKeys}},
		{"post: without --accounts", []string{"post", "--format", "json", "--now", testNow, "testdata/ambiguous-account.json"}, "", []string{validFileKeys}},
		{"post: malformed", []string{"post", "--format", "json", "--now", testNow, "-"}, `{`, []string{badFileKeys}},
		{"draft: valid", []string{"draft", "--format", "json", "--now", testNow, "--draft", "testdata/draft.json", "testdata/draft-publish.json"}, "", []string{scheduledFileKeys}},
		{"draft: a problem in the draft", []string{"draft", "--format", "json", "--now", testNow, "--counter", "x-weighted",
			"--draft", "testdata/japanese-200.json", "-"}, `{"publishNow":true}`, []string{badFileKeys}},
		{"time: valid, invalid, in the past", []string{"time", "--format", "json", "--now", testNow,
			"2030-01-15T09:30Z", "2030-13-15T09:30Z", "2026-06-01T12:00:00Z"}, "", []string{timeOKKeys, timeBadKeys, timeBadKeys}},
		{"status", []string{"status", "--format", "json"}, statusPartial, []string{sortedKeys("success", "status")}},
		{"status: invalid", []string{"status", "--format", "json"}, `[{"platform":"twitter"}]`, []string{sortedKeys("error", "code", "message", "path")}},
	}
	for _, tt := range tests {
		t.Run(tt.why, func(t *testing.T) {
			r := runCLI(t, tt.stdin, tt.args...)
			objs := jsonLines(t, r.stdout)
			if len(objs) != len(tt.want) {
				t.Fatalf("%d lines, want %d:\n%s%s", len(objs), len(tt.want), r.stdout, r.stderr)
			}
			for i, o := range objs {
				if got := keysOf(o); got != tt.want[i] {
					t.Errorf("line %d keys %s, want %s", i+1, got, tt.want[i])
				}
				if _, ok := o["targets"]; !ok {
					continue
				}
				for _, tg := range o["targets"].([]any) {
					tg := tg.(map[string]any)
					if got := keysOf(tg); got != targetKeys {
						t.Errorf("line %d: target keys %s, want %s", i+1, got, targetKeys)
					}
					for _, p := range tg["posts"].([]any) {
						if got := keysOf(p.(map[string]any)); got != postKeys {
							t.Errorf("line %d: post keys %s, want %s", i+1, got, postKeys)
						}
					}
				}
				for _, p := range o["problems"].([]any) {
					p := p.(map[string]any)
					for _, k := range problemOptionalKeys {
						delete(p, k)
					}
					if got := keysOf(p); got != problemKeys {
						t.Errorf("line %d: problem keys %s, want %s", i+1, got, problemKeys)
					}
				}
			}
		})
	}
}

// TestLengthLowerBound: "exact" appears, as false, only when the length is a lower bound
// (a text more than 32 times the cap in bytes), and then the text output says "more than".
func TestLengthLowerBound(t *testing.T) {
	long := `"` + strings.Repeat("ab", 1<<20) + `"` // 2 MiB against a cap of 280
	r := runCLI(t, long+"\n"+`"short"`+"\n", "length", "--format", "json")
	objs := jsonLines(t, r.stdout)
	if len(objs) != 2 {
		t.Fatalf("output:\n%.300s", r.stdout)
	}
	if got := keysOf(objs[0]); got != sortedKeys("length", "cap", "fits", "counter", "overflowAt", "exact", "rule") {
		t.Errorf("lower bound: keys %s", got)
	}
	if objs[0]["exact"] != false || objs[0]["fits"] != false || objs[0]["length"].(float64) <= 280 {
		t.Errorf("lower bound: %v", objs[0])
	}
	if _, ok := objs[1]["exact"]; ok {
		t.Errorf("exact length: %v has exact", objs[1])
	}
	r = runCLI(t, long, "length")
	if !strings.HasPrefix(r.stdout, "more than ") {
		t.Errorf("text: %q", r.stdout)
	}
}

// TestScheduledInPastOffset: no byte of a value in the past is wrong; the offset is 0, the
// whole value from its start, never -1.
func TestScheduledInPastOffset(t *testing.T) {
	for _, args := range [][]string{
		{"time", "--format", "json", "--now", testNow, "2026-06-01T11:59Z"},
		{"time", "--format", "json", "--now", testNow, "--jsonl"},
	} {
		r := runCLI(t, `"2026-06-01T11:59Z"`, args...)
		o := onlyLine(t, r)
		if o["code"] != "scheduled_in_past" || o["offset"] != float64(0) {
			t.Errorf("%v: %v", args, o)
		}
	}
}

// TestStringsEncodingJSONWouldChange: encoding/json turns a lone surrogate escape and raw
// invalid UTF-8 into U+FFFD without a word. Every JSON the CLI decodes itself rejects them,
// with the codes and offsets schema uses for request bodies.
func TestStringsEncodingJSONWouldChange(t *testing.T) {
	tests := []struct {
		why    string
		args   []string
		stdin  string
		exit   int
		code   string // the "code" of the first output line; "" for exit 2
		offset int    // its "offset"; -1: not checked
		path   string // status: its "path"
		input  string // time: its "input"
		stderr string // exit 2: what stderr must hold
	}{
		{"length: a lone high surrogate", []string{"length", "--format", "json"}, `"a\ud800b"`, 1, "invalid_string", 2, "", "", ""},
		{"length: a lone low surrogate in {text}", []string{"length", "--format", "json"}, `{"text":"\udc00"}`, 1, "invalid_string", 9, "", "", ""},
		{"length: a high surrogate before another high one", []string{"length", "--format", "json"}, `"\ud83d\ud83d\ude00"`, 1, "invalid_string", 1, "", "", ""},
		{"length: a pair is fine", []string{"length", "--format", "json"}, `"\ud83d\ude00"`, 0, "", -1, "", "", ""},
		{"length: raw invalid UTF-8 in the string", []string{"length", "--format", "json"}, "\"ab\xe3\x81\"", 1, "invalid_utf8", 3, "", "", ""},
		{"time --jsonl: a lone surrogate; input is the line", []string{"time", "--format", "json", "--jsonl"},
			`"2030-01-15T09:30Z\ud800"`, 1, "invalid_string", 18, "", `"2030-01-15T09:30Z\ud800"`, ""},
		{"time --jsonl: raw invalid UTF-8", []string{"time", "--format", "json", "--jsonl"},
			"\"2030-01-15T09:30Z\xff\"", 1, "invalid_utf8", 18, "", "\"2030-01-15T09:30Z\ufffd\"", ""},
		{"time: an argument that is not UTF-8", []string{"time", "--format", "json", "2030-01-15T09:30Z\xff"}, "",
			1, "invalid_utf8", 17, "", "2030-01-15T09:30Z\ufffd", ""},
		{"time: a bad byte first", []string{"time", "--format", "json", "\xc32030-01-15T09:30Z"}, "",
			1, "invalid_utf8", 0, "", "\ufffd2030-01-15T09:30Z", ""},
		{"time: a stdin line that is not UTF-8, even where the grammar fails first", []string{"time", "--format", "json"},
			"2030-13-15T09:30Z\xff\n", 1, "invalid_utf8", 17, "", "2030-13-15T09:30Z\ufffd", ""},
		{"status: a lone surrogate in a value", []string{"status", "--format", "json"},
			`[{"platform":"twitter","state":"failed","error":"\ud800"}]`, 1, "invalid_string", -1, "/0/error", "", ""},
		{"status: a lone surrogate in a name, at the name's pointer (U+FFFD for it, as in a request)", []string{"status", "--format", "json"},
			`[{"platform":"twitter","st\udc00ate":"failed"}]`, 1, "invalid_string", -1, "/0/st\ufffdate", "", ""},
		{"status: raw invalid UTF-8", []string{"status", "--format", "json"},
			"[{\"platform\":\"twitter\",\"state\":\"failed\",\"error\":\"\xff\"}]", 1, "invalid_utf8", -1, "", "", ""},
		{"accounts: a lone surrogate", []string{"post", "--now", testNow, "--accounts", "-", "testdata/valid-thread.json"},
			`[{"platform":"twitter","accountId":"tw_\udc00"}]`, 2, "", -1, "", "", "- (stdin): /0/accountId: invalid_string"},
		{"accounts: raw invalid UTF-8", []string{"post", "--now", testNow, "--accounts", "-", "testdata/valid-thread.json"},
			"[{\"platform\":\"twitter\",\"accountId\":\"tw_\xff\"}]", 2, "", -1, "", "", "- (stdin): /0/accountId: invalid_utf8"},
		{"accounts: member names are exact", []string{"post", "--now", testNow, "--accounts", "-", "testdata/valid-thread.json"},
			`[{"Platform":"twitter","accountId":"tw_brand"}]`, 2, "", -1, "", "", "/0/Platform: field_case_mismatch"},
	}
	for _, tt := range tests {
		t.Run(tt.why, func(t *testing.T) {
			r := runCLI(t, tt.stdin, tt.args...)
			if r.code != tt.exit {
				t.Fatalf("exit %d, want %d\nstdout: %s\nstderr: %s", r.code, tt.exit, r.stdout, r.stderr)
			}
			if tt.exit == 2 {
				if !strings.Contains(r.stderr, tt.stderr) || r.stdout != "" {
					t.Errorf("stderr %q does not hold %q (stdout %q)", r.stderr, tt.stderr, r.stdout)
				}
				return
			}
			o := onlyLine(t, r)
			if tt.code == "" {
				if _, bad := o["code"]; bad {
					t.Errorf("%v, want no problem", o)
				}
				return
			}
			if o["code"] != tt.code || o["message"] == "" {
				t.Errorf("%v, want code %s", o, tt.code)
			}
			if tt.offset >= 0 && o["offset"] != float64(tt.offset) {
				t.Errorf("offset %v, want %d", o["offset"], tt.offset)
			}
			if tt.path != "" && o["path"] != tt.path {
				t.Errorf("path %v, want %s", o["path"], tt.path)
			}
			if tt.input != "" && o["input"] != tt.input {
				t.Errorf("input %q, want %q", o["input"], tt.input)
			}
		})
	}
}

// TestTimeInvalidUTF8Text: text output quotes the value with Go escapes, so the bad byte
// is shown as it is, not as U+FFFD.
func TestTimeInvalidUTF8Text(t *testing.T) {
	r := runCLI(t, "", "time", "2030-01-15T09:30Z\xff")
	want := `"2030-01-15T09:30Z\xff": invalid_utf8: scheduledFor "2030-01-15T09:30Z\xff": not valid UTF-8: bad byte 0xff (at offset 17)` + "\n"
	if r.code != 1 || r.stdout != want {
		t.Errorf("exit %d\ngot  %q\nwant %q", r.code, r.stdout, want)
	}
}

// TestCounterFlag: the use case of --counter, a 200-character Japanese post checked with X's
// count. Graphemes (the default) say it fits 280; X weighs each character 2, 400 > 280.
// Only twitter is counted X's way: bluesky keeps graphemes.
func TestCounterFlag(t *testing.T) {
	type post struct {
		platform    string
		length, cap int
	}
	tests := []struct {
		why     string
		counter []string
		valid   bool
		code    string
		posts   []post
		text    string
	}{
		{"default: graphemes", nil, true, "", []post{{"twitter", 200, 280}, {"bluesky", 200, 300}},
			"testdata/japanese-200.json: ok"},
		{"graphemes named", []string{"--counter", "graphemes"}, true, "", []post{{"twitter", 200, 280}, {"bluesky", 200, 300}},
			"testdata/japanese-200.json: ok"},
		{"x-weighted: too long for X", []string{"--counter", "x-weighted"}, false, "post_too_long", []post{{"twitter", 400, 280}, {"bluesky", 200, 300}},
			"testdata/japanese-200.json:2:155: /content: post_too_long: 400 x-weighted units, cap 280 (twitter)"},
	}
	for _, tt := range tests {
		t.Run(tt.why, func(t *testing.T) {
			args := append(append([]string{"post", "--format", "json", "--now", testNow}, tt.counter...), "testdata/japanese-200.json")
			r := runCLI(t, "", args...)
			o := onlyLine(t, r)
			if o["valid"] != tt.valid || r.code != map[bool]int{true: 0, false: 1}[tt.valid] {
				t.Fatalf("exit %d, %v", r.code, o)
			}
			if !tt.valid {
				wantProblem(t, o, 400, tt.code, "/content")
				if n := len(o["problems"].([]any)); n != 1 {
					t.Errorf("%d problems, want twitter's only", n)
				}
			}
			for i, w := range tt.posts {
				tg := target(o, i)
				p := tg["posts"].([]any)[0].(map[string]any)
				if tg["platform"] != w.platform || p["length"] != float64(w.length) || p["cap"] != float64(w.cap) {
					t.Errorf("target %d: %v, want %+v", i, tg, w)
				}
			}
			args = append(append([]string{"post", "--now", testNow}, tt.counter...), "testdata/japanese-200.json")
			if r := runCLI(t, "", args...); r.stdout != tt.text+"\n" {
				t.Errorf("text %q, want %q", r.stdout, tt.text)
			}
		})
	}

	// draft: the stored draft is counted the same way, and its problem is reported under
	// the draft's file (schema.Problem.In), its pointer being into the draft.
	r := runCLI(t, `{"publishNow":true}`, "draft", "--now", testNow, "--counter", "x-weighted", "--draft", "testdata/japanese-200.json", "-")
	if want := "testdata/japanese-200.json:2:155: /content: post_too_long: 400 x-weighted units, cap 280 (twitter)\n"; r.code != 1 || r.stdout != want {
		t.Errorf("draft: exit %d, %q, want %q", r.code, r.stdout, want)
	}
	r = runCLI(t, `{"publishNow":true}`, "draft", "--now", testNow, "--draft", "testdata/japanese-200.json", "-")
	if r.code != 0 || r.stdout != "-: ok\n" {
		t.Errorf("draft, graphemes: exit %d, %q", r.code, r.stdout)
	}
	r = runCLI(t, "", "post", "--counter", "furlongs", "testdata/japanese-200.json")
	if r.code != 2 || !strings.Contains(r.stderr, "want graphemes, bytes, utf16, codepoints or x-weighted") {
		t.Errorf("bad --counter: exit %d, %q", r.code, r.stderr)
	}
}

// TestSharedContentOverTwoCaps: one text over two targets' caps is two problems at the
// same pointer; each text line gives its own target's cap.
func TestSharedContentOverTwoCaps(t *testing.T) {
	body := `{"content":"` + strings.Repeat("a", 310) + `","platforms":[{"platform":"twitter"},{"platform":"bluesky"},{"platform":"threads"}],"publishNow":true}`
	r := runCLI(t, body, "post", "--now", testNow, "-")
	// Each is placed where its own cap is passed: the text begins at column 13.
	want := "-:1:293: /content: post_too_long: 310 graphemes, cap 280 (twitter)\n" +
		"-:1:313: /content: post_too_long: 310 graphemes, cap 300 (bluesky)\n"
	if r.code != 1 || r.stdout != want {
		t.Errorf("exit %d\n%s\nwant\n%s", r.code, r.stdout, want)
	}
}

// TestCommonFlags: --format, --now, --accounts and -h on every command. --now and
// --accounts are checked the same way everywhere, even where they have no effect.
func TestCommonFlags(t *testing.T) {
	tests := []struct {
		why    string
		args   []string
		stdin  string
		exit   int
		stderr string // "" = stderr must be empty
	}{
		{"length takes --now", []string{"length", "--now", testNow}, `"a"`, 0, ""},
		{"length takes --accounts", []string{"length", "--accounts", "testdata/accounts.json"}, `"a"`, 0, ""},
		{"status takes --now and --accounts", []string{"status", "--now", testNow, "--accounts", "testdata/accounts.json"}, statusPartial, 0, ""},
		{"time takes --accounts", []string{"time", "--accounts", "testdata/accounts.json", "2030-01-15T09:30Z"}, "", 0, ""},
		{"time with values reads --accounts from stdin", []string{"time", "--accounts", "-", "2030-01-15T09:30Z"}, `[]`, 0, ""},
		{"length: a bad --now", []string{"length", "--now", "2026-06-01T12:00:00+00:00"}, `"a"`, 2, "invalid value"},
		{"status: a bad --now", []string{"status", "--now", "tomorrow", "testdata/status/partial.json"}, "", 2, "-now"},
		{"length: a missing accounts file", []string{"length", "--accounts", "testdata/nope.json"}, `"a"`, 2, "testdata/nope.json"},
		{"status: a missing accounts file", []string{"status", "--accounts", "testdata/nope.json", "testdata/status/partial.json"}, "", 2, "testdata/nope.json"},
		{"time: a missing accounts file", []string{"time", "--accounts", "testdata/nope.json", "2030-01-15T09:30Z"}, "", 2, "testdata/nope.json"},
		{"length: a broken accounts file", []string{"length", "--accounts", "testdata/status/partial.json"}, `"a"`, 2, "testdata/status/partial.json: /0/state: unknown_field"},
		{"length: --accounts - takes the texts' stdin", []string{"length", "--accounts", "-"}, `[]`, 2, "standard input holds the texts"},
		{"time: --accounts - takes the values' stdin", []string{"time", "--accounts", "-"}, `[]`, 2, "standard input holds the values"},
		{"status: --accounts - and the input on stdin", []string{"status", "--accounts", "-"}, `[]`, 2, "only once"},
		{"status: --accounts - with a FILE", []string{"status", "--accounts", "-", "testdata/status/partial.json"}, `[]`, 0, ""},
		{"duplicate account", []string{"post", "--now", testNow, "--accounts", "-", "testdata/valid-thread.json"},
			`[{"platform":"twitter","accountId":"tw_brand"},{"platform":"bluesky","accountId":"tw_brand"},{"platform":"twitter","accountId":"tw_brand"}]`,
			2, `- (stdin): /2: invalid_value: duplicate account: twitter "tw_brand" is already listed at /0`},
		{"duplicate account in a file, on any command", []string{"length", "--accounts", "testdata/accounts-duplicate.json"}, `"a"`,
			2, `testdata/accounts-duplicate.json: /1: invalid_value: duplicate account: twitter "tw_brand"`},
		{"the same id on two platforms is two accounts", []string{"post", "--now", testNow, "--accounts", "-", "testdata/valid-thread.json"},
			`[{"platform":"twitter","accountId":"tw_brand"},{"platform":"bluesky","accountId":"tw_brand"}]`, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.why, func(t *testing.T) {
			r := runCLI(t, tt.stdin, tt.args...)
			if r.code != tt.exit {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", r.code, tt.exit, r.stdout, r.stderr)
			}
			if tt.stderr == "" && r.stderr != "" || !strings.Contains(r.stderr, tt.stderr) {
				t.Errorf("stderr %q, want it to hold %q", r.stderr, tt.stderr)
			}
			if tt.exit == 2 && r.stdout != "" {
				t.Errorf("a usage error printed %q", r.stdout)
			}
		})
	}
	for _, c := range commands() {
		r := runCLI(t, "", c.name, "-h")
		for _, flag := range []string{"--format", "--now", "--accounts", "-h, --help"} {
			if !strings.Contains(r.stdout, flag) {
				t.Errorf("validate %s -h does not document %s", c.name, flag)
			}
		}
	}
	for _, name := range []string{"length", "status", "time"} {
		if r := runCLI(t, "", name, "-h"); !strings.Contains(r.stdout, "no effect") {
			t.Errorf("validate %s -h does not say which common flags have no effect", name)
		}
	}
}

var atOffset = regexp.MustCompile(`at byte (\d+)`)

// TestSyntaxOffsetsAgree: a JSON syntax error is located at the same byte, counted from 0,
// by length (a line), time --jsonl (a line), status (a document) and --accounts: the first
// byte no JSON text can have there (docs/contract.md), which is what encoding/json reports.
func TestSyntaxOffsetsAgree(t *testing.T) {
	tests := []struct {
		why    string
		input  string
		offset int
	}{
		{"a bare word: the 'o' of nope", `nope`, 1},
		{"white space before it", `   nope`, 4},
		{"a stray comma", `[1,,2]`, 3},
		{"a second value", `[] []`, 3},
		{"cut short: the length", `[{"a":`, 6},
		{"a cut literal: the byte that breaks it", `[tru]`, 4},
		{"an unknown escape: the byte after the backslash", `["\x"]`, 3},
		{"a short \\u escape: the first byte that is not hex", `["\u12"]`, 6},
	}
	for _, tt := range tests {
		t.Run(tt.why, func(t *testing.T) {
			r := runCLI(t, tt.input, "length", "--format", "json")
			lo := onlyLine(t, r)
			if lo["code"] != "malformed_json" || lo["offset"] != float64(tt.offset) {
				t.Errorf("length: %v, want offset %d", lo, tt.offset)
			}
			r = runCLI(t, tt.input, "time", "--jsonl", "--format", "json")
			if o := onlyLine(t, r); o["code"] != "malformed_json" || o["offset"] != float64(tt.offset) {
				t.Errorf("time --jsonl: %v, want offset %d", o, tt.offset)
			}
			r = runCLI(t, tt.input, "status", "--format", "json")
			o := onlyLine(t, r)
			m := atOffset.FindStringSubmatch(o["message"].(string))
			if o["code"] != "malformed_json" || m == nil || m[1] != strconv.Itoa(tt.offset) {
				t.Errorf("status: %v, want at byte %d", o, tt.offset)
			}
			// One scanner reads both: a line and a document say the same thing.
			if o["message"] != lo["message"] {
				t.Errorf("status says %q, length %q", o["message"], lo["message"])
			}
			r = runCLI(t, tt.input, "post", "--accounts", "-", "testdata/valid-thread.json")
			m = atOffset.FindStringSubmatch(r.stderr)
			if r.code != 2 || m == nil || m[1] != strconv.Itoa(tt.offset) {
				t.Errorf("--accounts: exit %d, %q, want at byte %d", r.code, r.stderr, tt.offset)
			}
		})
	}
}
