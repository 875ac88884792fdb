package main

import (
	"encoding/json"
	"flag"
	"strconv"

	"github.com/postrules/postrules/schema"
)

const statusUsage = `usage: validate status [flags] [FILE]

Folds the per-target outcomes of a publish into the post's status, as the API reports it.
FILE ('-' or none: stdin) is a JSON array of outcomes:
  [{"platform":"twitter","state":"published"},
   {"platform":"linkedin","state":"failed","error":"token expired","code":"platform_error"}]
"state" is published, failed or pending; "error" and "code" are optional strings.

Flags:
  --format text|json   output format (default text)
  --now TIME, --accounts FILE
                       accepted and checked like everywhere (a bad value or file exits 2),
                       but they have no effect on a status
  -h, --help           print this text

Output:
  text:  partial (success true)
  json:  {"success":true,"status":"partial"}
For input that is not a valid outcome list, the API's error body with the JSON pointer of
the problem:
  text:  /1/state: invalid_value: <message>
  json:  {"error":"Bad Request","code":"invalid_value","message":...,"path":"/1/state"}
The input is decoded by the API's strict decoder (names exact, given once). Input that is
not JSON is malformed_json, its message saying "malformed JSON at byte N": the first byte
no JSON text can have there, counted from 0, as in validate length. Strings must decode to
what they say: invalid UTF-8 is invalid_utf8, a lone surrogate escape (\ud800)
invalid_string.

Exit status: 0 the outcomes were aggregated (whatever the status, "failed" included),
1 the input is invalid, 2 usage error or unreadable input.
`

func runStatus(c *cmdIO, args []string) int {
	fs := flag.NewFlagSet("status", flag.ContinueOnError)
	cf := addCommonFlags(fs)
	operands, code, ok := parseFlags(c, fs, statusUsage, args)
	if !ok {
		return code
	}
	name := stdinName
	switch len(operands) {
	case 0:
	case 1:
		name = operands[0]
	default:
		return usageError(c, "status takes at most one FILE, got %d", len(operands))
	}
	in := &inputs{c: c}
	if _, ok := cf.loadAccounts(c, in); !ok {
		return exitUsage
	}
	data, err := in.read(name)
	if err != nil {
		c.errorf("%s", readError(name, err))
		return exitUsage
	}

	// The strict decoder and the fold of the Go API and the WASM module: the same answer
	// for the same input on every face.
	answer, e := schema.CheckOutcomes(data)
	if cf.format == formatJSON {
		enc := json.NewEncoder(c.stdout)
		enc.SetEscapeHTML(false)
		if e != nil {
			enc.Encode(e)
		} else {
			enc.Encode(answer)
		}
	} else if e != nil {
		printProblem(c, "", 0, 0, e.Path, e.Code, e.Message)
	} else {
		c.stdout.WriteString(string(answer.Status) + " (success " + strconv.FormatBool(answer.Success) + ")\n")
	}
	if e != nil {
		return exitInvalid
	}
	return exitValid
}
