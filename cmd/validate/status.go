package main

import (
	"encoding/json"
	"flag"
	"strconv"

	"github.com/postrules/postrules/rules"
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

// statusResult is `validate status --format json` for a valid outcome list.
type statusResult struct {
	Success bool         `json:"success"`
	Status  rules.Status `json:"status"`
}

// errorBody is the API's error body for a rejected input, with the problem's location.
type errorBody struct {
	Error   string     `json:"error"`
	Code    rules.Code `json:"code"`
	Message string     `json:"message"`
	Path    string     `json:"path,omitempty"`
}

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

	// The strict decoder of the Go API and the WASM module: the same code, pointer and
	// message for the same bad input on every face. The first problem is the answer.
	outcomes, problems := schema.DecodeOutcomes(data)
	var e *rules.Error
	if len(problems) > 0 {
		e = rules.NewError(problems[0].Code, problems[0].Path, problems[0].Message)
	}
	var summary rules.Summary
	if e == nil {
		summary, err = rules.Aggregate(outcomes)
		e = rules.AsError(err)
		if err != nil && e == nil { // Aggregate documents *Error; never let another pass
			e = rules.NewError(rules.CodeInvalidRequest, "", err.Error())
		}
	}

	if cf.format == formatJSON {
		enc := json.NewEncoder(c.stdout)
		enc.SetEscapeHTML(false)
		if e != nil {
			enc.Encode(errorBody{Error: e.Title, Code: e.Code, Message: e.Message, Path: e.Path})
		} else {
			enc.Encode(statusResult{Success: summary.Success, Status: summary.Status})
		}
	} else if e != nil {
		printProblem(c, "", e.Path, e.Code, e.Message)
	} else {
		c.stdout.WriteString(string(summary.Status) + " (success " + strconv.FormatBool(summary.Success) + ")\n")
	}
	if e != nil {
		return exitInvalid
	}
	return exitValid
}
