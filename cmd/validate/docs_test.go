package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The README and every page under docs/ show the CLI in ```console blocks. This test runs
// each of them and compares what it prints, byte for byte, so a document never shows an
// answer the program no longer gives. (Blocks fenced as ```sh are commands to copy, not
// transcripts, and are not run.)
//
// A console block is a transcript: a line "$ CMD" is a command, and the lines after it, up
// to the next "$ " line or the end of the block, are what CMD prints, stdout and stderr
// together ("2>&1"). A command with a here-document ("<<'EOF'") takes the lines up to its
// delimiter as part of the command, as a shell does. Every command runs in bash, in the repository's root, with a freshly
// built `validate` first on PATH and TZ=UTC, LC_ALL=C; the commands of one block run in one
// shell, in order, so "$ echo $?" shows the previous command's exit status.
//
// go test -update rewrites the expected output in the documents: read the diff.

// repoRoot is the module root, seen from this package's directory.
const repoRoot = "../.."

// docPages are the documents whose console blocks are run.
func docPages(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{filepath.Join(repoRoot, "README.md")}, pages...)
}

// consoleStep is one command of a transcript and what it is documented to print.
type consoleStep struct {
	command string
	want    string
	// first and end are the lines of the document holding the expected output, [first, end).
	first, end int
}

// consoleBlock is one ```console block of a document.
type consoleBlock struct {
	line  int // 1-based line of the opening fence, for messages
	steps []consoleStep
}

// parseConsoleBlocks finds the ```console blocks of a document, split into lines.
func parseConsoleBlocks(lines []string) []consoleBlock {
	var blocks []consoleBlock
	var cur *consoleBlock
	heredoc := "" // the delimiter of the here-document being read, if any
	for i, l := range lines {
		switch {
		case heredoc != "":
			s := &cur.steps[len(cur.steps)-1]
			s.command += "\n" + l
			s.first, s.end = i+1, i+1
			if l == heredoc {
				heredoc = ""
			}
		case cur == nil && strings.TrimSpace(l) == "```console":
			blocks = append(blocks, consoleBlock{line: i + 1})
			cur = &blocks[len(blocks)-1]
		case cur == nil:
		case strings.TrimSpace(l) == "```":
			cur = nil
		case strings.HasPrefix(l, "$ "):
			cur.steps = append(cur.steps, consoleStep{command: l[2:], first: i + 1, end: i + 1})
			heredoc = heredocDelimiter(l)
		case len(cur.steps) > 0:
			s := &cur.steps[len(cur.steps)-1]
			s.want += l + "\n"
			s.end = i + 1
		}
	}
	return blocks
}

// heredocDelimiter returns the delimiter of a here-document the command line opens
// ("<<'EOF'", "<<EOF", "<<-EOF"), or "".
func heredocDelimiter(line string) string {
	_, rest, ok := strings.Cut(line, "<<")
	if !ok {
		return ""
	}
	rest = strings.TrimPrefix(rest, "-")
	rest = strings.TrimLeft(rest, "'\"")
	end := strings.IndexFunc(rest, func(r rune) bool {
		return !(r == '_' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	})
	if end < 0 {
		end = len(rest)
	}
	return rest[:end]
}

// docEnviron is the test's environment as a reader's terminal has it: without the
// variables of a make that runs the tests (`make test`), which would make the documented
// `make example` print "Entering directory" lines a reader never sees.
func docEnviron() []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		switch name {
		case "MAKEFLAGS", "MAKELEVEL", "MFLAGS", "MAKEOVERRIDES":
			continue
		}
		env = append(env, kv)
	}
	return env
}

// runTranscript runs a block's commands in one bash and returns each one's output.
func runTranscript(t *testing.T, binDir string, b consoleBlock) []string {
	t.Helper()
	var script strings.Builder
	script.WriteString("set +e\n")
	for i, s := range b.steps {
		// The marker line separates the outputs; the status is carried across it so that
		// "echo $?" means what it means in a terminal.
		fmt.Fprintf(&script, "__status=$?; printf '\\036%d\\n'; ( exit $__status ); { %s\n} 2>&1\n", i, s.command)
	}
	cmd := exec.Command("bash", "-c", script.String())
	cmd.Dir = repoRoot
	cmd.Env = append(docEnviron(), "PATH="+binDir+string(os.PathListSeparator)+os.Getenv("PATH"), "TZ=UTC", "LC_ALL=C")
	out, _ := cmd.CombinedOutput() // each step's status is part of its transcript, not an error
	got := make([]string, len(b.steps))
	for i := range b.steps {
		marker := fmt.Sprintf("\x1e%d\n", i)
		start := bytes.Index(out, []byte(marker))
		if start < 0 {
			t.Fatalf("block at line %d: step %d never ran; output:\n%s", b.line, i+1, out)
		}
		rest := out[start+len(marker):]
		if next := bytes.Index(rest, []byte(fmt.Sprintf("\x1e%d\n", i+1))); next >= 0 {
			rest = rest[:next]
		}
		got[i] = string(rest)
	}
	return got
}

func TestDocumentedConsoleExamples(t *testing.T) {
	binDir := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(binDir, "validate"), ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building validate: %v\n%s", err, out)
	}
	ran := 0
	for _, page := range docPages(t) {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		blocks := parseConsoleBlocks(lines)
		changed := false
		// Rewrites go from the end of the document so that earlier line numbers hold.
		for bi := len(blocks) - 1; bi >= 0; bi-- {
			b := blocks[bi]
			got := runTranscript(t, binDir, b)
			for si := len(b.steps) - 1; si >= 0; si-- {
				s := b.steps[si]
				ran++
				if got[si] == s.want {
					continue
				}
				if *update {
					repl := strings.Split(strings.TrimSuffix(got[si], "\n"), "\n")
					if got[si] == "" {
						repl = nil
					}
					lines = append(lines[:s.first], append(repl, lines[s.end:]...)...)
					changed = true
					continue
				}
				t.Errorf("%s:%d: $ %s\n--- documented\n%s--- printed\n%s", filepath.Base(page), s.first, s.command, s.want, got[si])
			}
		}
		if changed {
			if err := os.WriteFile(page, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if ran == 0 {
		t.Fatal("no console example found in README.md or docs/: the documents show no CLI run")
	}
}

// The transcript parser is what makes the check above mean anything: a block it misread
// would compare nothing.
func TestParseConsoleBlocks(t *testing.T) {
	doc := strings.Split("text\n```console\n$ validate time 2026-01-02T03:04Z\n2026-01-02T03:04Z: ok\n$ echo $?\n0\n```\n```sh\n$ not run\n```\n```console\n$ true\n$ cat <<'EOF'\n$ x\nEOF\nprinted\n```\n", "\n")
	blocks := parseConsoleBlocks(doc)
	if len(blocks) != 2 {
		t.Fatalf("%d blocks, want 2 (the sh block is not a transcript)", len(blocks))
	}
	first := blocks[0].steps
	if len(first) != 2 || first[0].command != "validate time 2026-01-02T03:04Z" || first[0].want != "2026-01-02T03:04Z: ok\n" ||
		first[1].command != "echo $?" || first[1].want != "0\n" {
		t.Fatalf("first block = %+v", first)
	}
	if first[0].first != 3 || first[0].end != 4 {
		t.Fatalf("first step's output lines = [%d,%d), want [3,4)", first[0].first, first[0].end)
	}
	second := blocks[1].steps
	if len(second) != 2 || second[0].want != "" {
		t.Fatalf("second block = %+v: a command that prints nothing has empty output", second)
	}
	if second[1].command != "cat <<'EOF'\n$ x\nEOF" || second[1].want != "printed\n" {
		t.Fatalf("here-document step = %+v: its body belongs to the command, not the output", second[1])
	}
}
