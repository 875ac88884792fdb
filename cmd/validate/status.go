package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"strconv"

	"github.com/postrules/postrules/rules"
)

const statusUsage = `usage: validate status [flags] [FILE]

Folds the per-target outcomes of a publish into the post's status, as the API reports it.
FILE ('-' or none: stdin) is a JSON array of outcomes:
  [{"platform":"twitter","state":"published"},
   {"platform":"linkedin","state":"failed","error":"token expired","code":"platform_error"}]
"state" is published, failed or pending; "error" and "code" are optional strings.

Flags:
  --format text|json   output format (default text)
  -h, --help           print this text

Output:
  text:  partial (success true)
  json:  {"success":true,"status":"partial"}
For input that is not a valid outcome list, the API's error body with the JSON pointer of
the problem:
  text:  /1/state: invalid_value: <message>
  json:  {"error":"Bad Request","code":"invalid_value","message":...,"path":"/1/state"}

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
	f := addFormatFlag(fs)
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
	data, err := in.read(name)
	if err != nil {
		c.errorf("%v", err)
		return exitUsage
	}

	outcomes, e := decodeOutcomes(data)
	var summary rules.Summary
	if e == nil {
		summary, err = rules.Aggregate(outcomes)
		e = rules.AsError(err)
		if err != nil && e == nil { // Aggregate documents *Error; never let another pass
			e = rules.NewError(rules.CodeInvalidRequest, "", err.Error())
		}
	}

	if *f == formatJSON {
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

// decodeOutcomes decodes a JSON array of outcomes strictly: member names exactly as the
// wire spells them (encoding/json alone would take "State" for "state"), no unknown or
// repeated members, strings where strings belong. Which platforms and states are valid is
// the rule's business (rules.Aggregate), not the decoder's.
func decodeOutcomes(data []byte) ([]rules.Outcome, *rules.Error) {
	if !json.Valid(data) {
		var se *json.SyntaxError
		err := json.Unmarshal(data, new(any))
		msg := "the input is not JSON"
		if errors.As(err, &se) {
			msg += ": " + se.Error() + " (at offset " + strconv.FormatInt(se.Offset, 10) + ")"
		}
		return nil, rules.NewError(rules.CodeMalformedJSON, "", msg)
	}
	var items []json.RawMessage
	if t := bytes.TrimLeft(data, " \t\r\n"); t[0] != '[' {
		return nil, rules.NewError(rules.CodeInvalidBody, "", "want a JSON array of outcomes, found "+jsonKind(t[0]))
	}
	json.Unmarshal(data, &items) // valid JSON starting with '[': cannot fail
	outcomes := make([]rules.Outcome, len(items))
	for i, raw := range items {
		base := "/" + strconv.Itoa(i)
		if raw[0] != '{' {
			return nil, rules.NewError(rules.CodeWrongType, base, "want an outcome object, found "+jsonKind(raw[0]))
		}
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.Token() // '{'
		seen := map[string]bool{}
		for dec.More() {
			tok, _ := dec.Token()
			name, _ := tok.(string)
			var value json.RawMessage
			dec.Decode(&value)
			path := base + "/" + escapePointer(name)
			var field *string
			switch name {
			case "platform":
				field = (*string)(&outcomes[i].Platform)
			case "state":
				field = (*string)(&outcomes[i].State)
			case "error":
				field = &outcomes[i].Error
			case "code":
				field = (*string)(&outcomes[i].Code)
			default:
				return nil, rules.NewError(rules.CodeUnknownField, path,
					"unknown member "+strconv.Quote(name)+"; an outcome has platform, state, error and code")
			}
			if seen[name] {
				return nil, rules.NewError(rules.CodeDuplicateField, path, strconv.Quote(name)+" is given twice")
			}
			seen[name] = true
			if value[0] != '"' {
				return nil, rules.NewError(rules.CodeWrongType, path, strconv.Quote(name)+" must be a string, found "+jsonKind(value[0]))
			}
			json.Unmarshal(value, field) // a valid JSON string: cannot fail
		}
		for _, name := range []string{"platform", "state"} {
			if !seen[name] {
				return nil, rules.NewError(rules.CodeMissingField, base+"/"+name, "the outcome has no "+strconv.Quote(name))
			}
		}
	}
	return outcomes, nil
}

// jsonKind names the JSON kind that starts with b, for messages.
func jsonKind(b byte) string {
	switch b {
	case '"':
		return "a string"
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// escapePointer escapes a member name as a JSON pointer token (RFC 6901 §3).
func escapePointer(s string) string {
	if !bytes.ContainsAny([]byte(s), "~/") {
		return s
	}
	var b []byte
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '~':
			b = append(b, "~0"...)
		case '/':
			b = append(b, "~1"...)
		default:
			b = append(b, s[i])
		}
	}
	return string(b)
}
