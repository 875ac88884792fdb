package main

import (
	"flag"
	"runtime"

	"github.com/postrules/postrules/rules"
)

const versionUsage = `usage: validate version [flags]

Prints the release of validate (the one version of the module, the CLI, its server and
the npm package @postrules/wasm) and the revision of its rule book: the date the book's
newest source was read. 'validate --version' prints the same. Every verdict names both in
"bookVersion" (e.g. "0.8.0+book.2026-11-28").

Flags:
  --format text|json   text: "validate VERSION (rule book REVISION)"; json:
                       {"version","book","bookVersion","goVersion"}
  --now, --accounts    accepted and checked like everywhere (a bad value or file exits 2),
                       but they have no effect on a version
  -h, --help           print this text

Exit status: 0 printed, 2 usage error.
`

// versionInfo is `validate version --format json`, and the body of GET /healthz beside
// "ok": what a bug report should quote.
type versionInfo struct {
	Version     string `json:"version"`
	Book        string `json:"book"`
	BookVersion string `json:"bookVersion"`
	GoVersion   string `json:"goVersion"`
}

func currentVersion() versionInfo {
	return versionInfo{Version: rules.Version, Book: rules.BookRevision, BookVersion: rules.BookVersion, GoVersion: runtime.Version()}
}

// versionLine is the text form, the same for 'validate version' and 'validate --version'.
func versionLine() string {
	return "validate " + rules.Version + " (rule book " + rules.BookRevision + ")\n"
}

func runVersion(c *cmdIO, args []string) int {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	cf := addCommonFlags(fs)
	operands, code, ok := parseFlags(c, fs, versionUsage, args)
	if !ok {
		return code
	}
	if _, ok := cf.loadAccounts(c, &inputs{c: c}); !ok {
		return exitUsage
	}
	if len(operands) > 0 {
		return usageError(c, "version takes no arguments; unexpected %q", operands[0])
	}
	if cf.format == formatJSON {
		b, _ := marshalJSON(currentVersion()) // four strings always marshal
		c.stdout.Write(b)
		return exitValid
	}
	c.stdout.WriteString(versionLine())
	return exitValid
}
