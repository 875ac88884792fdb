package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/schema"
	"github.com/postrules/postrules/schema/generate"
)

func genLines(t *testing.T, args ...string) []generate.Line {
	t.Helper()
	out, err := readGen(t, args...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// readGen runs validate gen and reads its lines; safe to call from any goroutine.
func readGen(t testing.TB, args ...string) ([]generate.Line, error) {
	r := runCLI(t, "", append([]string{"gen"}, args...)...)
	if r.code != exitValid {
		return nil, fmt.Errorf("validate gen %v: exit %d: %s", args, r.code, r.stderr)
	}
	var out []generate.Line
	for _, s := range strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n") {
		var l generate.Line
		if err := json.Unmarshal([]byte(s), &l); err != nil {
			return nil, fmt.Errorf("a line that is not JSON: %v: %.300s", err, s)
		}
		out = append(out, l)
	}
	return out, nil
}

func lineBody(t *testing.T, l generate.Line) []byte {
	if l.BodyBase64 != "" {
		b, err := base64.StdEncoding.DecodeString(l.BodyBase64)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	return []byte(l.Body)
}

// replay checks a line the way another language would: its env through the options
// decoder, its media facts, its exact bytes; the verdict must be the line's answer.
func replay(t *testing.T, l generate.Line) {
	t.Helper()
	env, ps := schema.DecodeEnv(l.Env)
	if len(ps) > 0 {
		t.Fatalf("%s: env the options decoder refuses: %v: %s", l.Generator, ps, l.Env)
	}
	env.Media = l.Media
	for url, e := range l.MediaErrors {
		if env.MediaErrors == nil {
			env.MediaErrors = map[string]*apierror.Error{}
		}
		env.MediaErrors[url] = apierror.New(apierror.Code(e.Code), "", e.Message)
	}
	var v schema.Verdict
	if l.Endpoint == generate.EndpointDraftPublish {
		v = schema.CheckDraftPublish([]byte(l.Draft), lineBody(t, l), env)
	} else {
		v = schema.CheckCreatePost(lineBody(t, l), env)
	}
	if v.Valid != l.Valid || v.HTTPStatus != l.HTTPStatus {
		t.Fatalf("%s: line says valid=%v %d, replay %v %d %v\n%.1000s", l.Generator, l.Valid, l.HTTPStatus, v.Valid, v.HTTPStatus, v.Problems, l.Body)
	}
	if l.Code == string(apierror.CodeValidationFailed) {
		if v.Error == nil || string(v.Error.Code) != l.Code {
			t.Fatalf("%s: the answer is not %s: %v", l.Generator, l.Code, v.Error)
		}
		return
	}
	found := l.Valid && l.Rule == ""
	for _, w := range v.Warnings { // a warning's line: accepted, with the warning
		found = found || l.Valid && string(w.Code) == l.Code && w.Rule == l.Rule && w.Path == l.Path
	}
	for _, p := range v.Problems {
		if string(p.Code) != l.Code {
			t.Fatalf("%s: line says %s, replay has %v", l.Generator, l.Code, v.Problems)
		}
		found = found || p.Rule == l.Rule && p.Path == l.Path && p.In == l.In
	}
	if !found {
		t.Fatalf("%s: no problem at %q rule %q: %v", l.Generator, l.Path, l.Rule, v.Problems)
	}
}

// postVerdict runs validate post on a line's body with its accounts and clock.
func postVerdict(t *testing.T, dir string, l generate.Line, i int) fileResult {
	t.Helper()
	var env struct {
		Now      string          `json:"now"`
		Accounts json.RawMessage `json:"accounts"`
	}
	if err := json.Unmarshal(l.Env, &env); err != nil {
		t.Fatal(err)
	}
	body := filepath.Join(dir, "b"+strconv.Itoa(i)+".json")
	if err := os.WriteFile(body, lineBody(t, l), 0o600); err != nil {
		t.Fatal(err)
	}
	args := []string{"post", "--format", "json", "--now", env.Now}
	if env.Accounts != nil {
		acc := filepath.Join(dir, "a"+strconv.Itoa(i)+".json")
		if err := os.WriteFile(acc, env.Accounts, 0o600); err != nil {
			t.Fatal(err)
		}
		args = append(args, "--accounts", acc)
	}
	r := runCLI(t, "", append(args, body)...)
	var fr fileResult
	if err := json.Unmarshal([]byte(r.stdout), &fr); err != nil {
		t.Fatalf("validate post: %v: %s %s", err, r.stdout, r.stderr)
	}
	return fr
}

// TestGenValidBodiesAreValidUnderPost: the measure of done. 10,000 bodies of
// validate gen --expect valid, for platform sets drawn per body, are each valid under
// validate post with the line's accounts and clock (-short: 500).
func TestGenValidBodiesAreValidUnderPost(t *testing.T) {
	n := 10000
	if testing.Short() {
		n = 500
	}
	// two halves of two seeds, drawn at once: the machine's cores share the work
	var halves [2][]generate.Line
	var errs [2]error
	var wg sync.WaitGroup
	for h := range halves {
		wg.Add(1)
		go func() {
			defer wg.Done()
			halves[h], errs[h] = readGen(t, "--count", strconv.Itoa(n/2), "--seed", strconv.Itoa(36+h))
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	lines := append(halves[0], halves[1]...)
	if len(lines) != n {
		t.Fatalf("%d lines, want %d", len(lines), n)
	}
	dir := t.TempDir()
	platforms := map[string]bool{}
	for i, l := range lines {
		if !l.Valid || l.Generator != generate.Valid {
			t.Fatalf("line %d is not a valid case: %+v", i, l)
		}
		fr := postVerdict(t, dir, l, i)
		if !fr.Valid {
			t.Fatalf("line %d: validate post refuses it: %v\n%s", i, fr.Problems, l.Body)
		}
		var b struct {
			Platforms []struct{ Platform string } `json:"platforms"`
		}
		json.Unmarshal([]byte(l.Body), &b)
		for _, p := range b.Platforms {
			platforms[p.Platform] = true
		}
	}
	if len(platforms) != 10 {
		t.Errorf("the bodies target %d platforms, not all ten: %v", len(platforms), platforms)
	}
}

// TestGenEveryExpectation: for every --expect value, the lines replay to the answer
// they state (through the options decoder, as another language replays them); for those
// validate post can replay (no media facts, plan or privacy levels), it agrees too.
func TestGenEveryExpectation(t *testing.T) {
	n := 20
	if testing.Short() {
		n = 4
	}
	dir := t.TempDir()
	for _, x := range generate.Expectations() {
		if x != string(apierror.CodeBodyTooLarge) && x != string(apierror.CodeTooManyTargets) && x != string(apierror.CodeScheduledInPast) {
			r := runCLI(t, "", "gen", "--expect", x, "--endpoint", "draft-publish", "--count", "3", "--seed", "8")
			if r.code == exitValid {
				for _, s := range strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n") {
					var l generate.Line
					if err := json.Unmarshal([]byte(s), &l); err != nil {
						t.Fatal(err)
					}
					if l.Endpoint != generate.EndpointDraftPublish {
						t.Fatalf("--endpoint draft-publish gave a %s line", l.Endpoint)
					}
					replay(t, l)
				}
			} else if !strings.Contains(r.stderr, "cannot build") {
				t.Fatalf("--expect %s --endpoint draft-publish: exit %d: %s", x, r.code, r.stderr)
			}
		}
		count := n
		if x == string(apierror.CodeBodyTooLarge) || x == string(apierror.CodeTooManyTargets) {
			count = 2
		}
		for i, l := range genLines(t, "--expect", x, "--count", strconv.Itoa(count), "--seed", "7") {
			if l.Generator != x && !(x == generate.ValidDraft && l.Generator == generate.ValidDraft) {
				t.Fatalf("--expect %s gave a line of %s", x, l.Generator)
			}
			replay(t, l)
			if l.Endpoint != generate.EndpointCreatePost || l.Media != nil || l.MediaErrors != nil || strings.Contains(string(l.Env), `"plan"`) ||
				strings.Contains(string(l.Env), "tiktokPrivacyLevels") {
				continue
			}
			fr := postVerdict(t, dir, l, i)
			if fr.Valid != l.Valid || fr.HTTPStatus != l.HTTPStatus {
				t.Fatalf("--expect %s: validate post says %v %d: %v", x, fr.Valid, fr.HTTPStatus, fr.Problems)
			}
			at := l.Valid && l.Rule == "" || l.Code == string(apierror.CodeValidationFailed) && string(fr.Error.Code) == l.Code
			for _, w := range fr.Warnings {
				at = at || l.Valid && string(w.Code) == l.Code && w.Path == l.Path && w.Rule == l.Rule
			}
			for _, p := range fr.Problems {
				at = at || string(p.Code) == l.Code && p.Path == l.Path && p.Rule == l.Rule
			}
			if !at {
				t.Fatalf("--expect %s: validate post has no %s at %q: %v", x, l.Code, l.Path, fr.Problems)
			}
		}
	}
}

// TestGenUsage: what gen refuses, with exit 2 and a message that says what it takes.
func TestGenUsage(t *testing.T) {
	for _, c := range []struct {
		why  string
		args []string
		want string
	}{
		{"an expectation no generator meets lists those it can", []string{"--expect", "nope"}, "post_too_long"},
		{"a code no body can cause is not offered", []string{"--expect", "rate_limited"}, "no generator meets it"},
		{"an unknown platform", []string{"--platform", "myspace"}, "myspace"},
		{"a rule of another platform than the one asked", []string{"--expect", "bluesky.text.max_bytes", "--platform", "twitter"}, "cannot build"},
		{"an operand", []string{"x"}, "no arguments"},
		{"a negative count", []string{"--count", "-1"}, "--count"},
		{"an endpoint the API does not have", []string{"--endpoint", "publish"}, "--endpoint"},
		{"a case about the publish request in a stored draft", []string{"--expect", "scheduled_in_past", "--endpoint", "draft-publish"}, "cannot build"},
	} {
		r := runCLI(t, "", append([]string{"gen"}, c.args...)...)
		if r.code != exitUsage || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%s: exit %d, stderr %q; want 2 and %q", c.why, r.code, r.stderr, c.want)
		}
	}
}

// TestGenReproducible: the same flags give the same bytes; another seed other bytes.
func TestGenReproducible(t *testing.T) {
	a := runCLI(t, "", "gen", "--count", "30", "--seed", "5", "--expect", "post_too_long")
	b := runCLI(t, "", "gen", "--count", "30", "--seed", "5", "--expect", "post_too_long")
	c := runCLI(t, "", "gen", "--count", "30", "--seed", "6", "--expect", "post_too_long")
	if a.stdout != b.stdout || a.code != 0 {
		t.Fatal("the same seed gave other lines")
	}
	if a.stdout == c.stdout {
		t.Fatal("another seed gave the same lines")
	}
}

// TestGenPythonFindsPlantedBug: the worked example of docs/gen.md in another language.
// docs/gen_example.py, plain python3 fed by validate gen, finds the toy handler's planted
// bug (a thread item one grapheme over the cap is taken), and with --fixed agrees with
// the book on every line, valid ones included: the script's own grapheme count is not
// what makes it fail. A missing python3 is a failure (.ci/deps installs it).
func TestGenPythonFindsPlantedBug(t *testing.T) {
	python := needTool(t, "python3")
	tooLong := runCLI(t, "", "gen", "--expect", "twitter.text.max", "--platform", "twitter", "--count", "300", "--seed", "36")
	valid := runCLI(t, "", "gen", "--platform", "twitter", "--count", "300", "--seed", "3")
	script := filepath.Join(repoRoot, "docs", "gen_example.py")
	for _, c := range []struct {
		args  []string
		input string
		code  int
		want  string
	}{
		{nil, tooLong.stdout, 1, "post_too_long at /platforms/0/platformSpecificData/threadItems/"},
		{[]string{"--fixed"}, valid.stdout + tooLong.stdout, 0, "600 bodies: the handler answers as the book does"},
	} {
		cmd := exec.Command(python, append([]string{script}, c.args...)...)
		cmd.Stdin = strings.NewReader(c.input)
		out, _ := cmd.CombinedOutput()
		if cmd.ProcessState.ExitCode() != c.code || !strings.Contains(string(out), c.want) {
			t.Errorf("python3 gen_example.py %v: exit %d, output %q; want %d and %q", c.args, cmd.ProcessState.ExitCode(), out, c.code, c.want)
		}
	}
}
