// Command paritygen answers test cases with the Go packages directly, for the WASM parity
// test (wasm/js/test/parity.test.mjs): the test writes its corpus as JSON lines, runs
//
//	go run ./wasm/internal/paritygen -in cases.jsonl -out expected.jsonl
//
// in its temporary folder, and compares every answer with what the WebAssembly module
// gives for the same case. paritygen calls rules (with rules/split, rules/media and
// rules/lifecycle) and schema the way a Go program would, never the module's own
// translation code (wasm/internal/bridge, checker), so the two sides are computed
// independently. Its answers are raw Go values: byte offsets, the
// whole schema.Verdict; the test converts them to what JavaScript sees by itself.
//
// A case is {"kind": K, ...}; its answer is one JSON line in the same order:
//
//	time      {input, now?}                       -> {valid, utc} | {valid:false, code, message, offset}
//	measure   {text, platform?, counter?, cap?}   -> {length, cap, fits, counter, overflowAt, exact, rule} | {code, message, path, offset}
//	aggregate {outcomes}                          -> {success, status} | {code, message, path, offset}
//	outcomes  {outcomesJSON}                      -> {success, status} | {error, code, message, path?}
//	                                                 (schema.CheckOutcomes:
//	                                                 `validate status --format json`)
//	split     {text, platform?, counter?, cap?, numbering?} -> {json: split.Answer's JSON} | {code, message, path, offset}
//	measureAll {text, platforms?}                 -> {measurements: rules.Limits.MeasureAll's, byte offsets} | {code, message, path, offset}
//	rules     {}                                  -> {book: media.Book(), the rules and the media rules}
//	post      {body, now?, accounts?}             -> schema.Verdict
//	draft     {draft, body, now?, accounts?, draftState?} -> schema.Verdict
//
// A post or draft case with "options" (options JSON text) takes its Env from
// schema.DecodeEnv instead of now, accounts and draftState, and answers schema.Refuse of
// the problems when there are any: what a server that reads options JSON answers.
//
// Strings travel as JSON, so a case cannot hold invalid UTF-8 (the test keeps those out).
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
	"github.com/postrules/postrules/rules/media"
	"github.com/postrules/postrules/rules/split"
	"github.com/postrules/postrules/rules/xweight"
	"github.com/postrules/postrules/schema"
)

// testCase is one line of the corpus; which members count depends on Kind.
type testCase struct {
	Kind       string              `json:"kind"`
	Input      string              `json:"input"`
	Now        string              `json:"now"`
	Text       string              `json:"text"`
	Platform   string              `json:"platform"`
	Counter    string              `json:"counter"`
	Cap        int                 `json:"cap"`
	Outcomes   []lifecycle.Outcome `json:"outcomes"`
	Body       string              `json:"body"`
	Draft      string              `json:"draft"`
	Accounts   *[]rules.Account    `json:"accounts"`
	DraftState string              `json:"draftState"`
	Options    *string             `json:"options"`
	// OutcomesJSON is the outcomes as JSON text, read by schema.DecodeOutcomes.
	OutcomesJSON string   `json:"outcomesJSON"`
	Numbering    string   `json:"numbering"`
	Platforms    []string `json:"platforms"`
}

// errAnswer is the answer of a case whose call returned a *apierror.Error.
type errAnswer struct {
	Valid   *bool         `json:"valid,omitempty"`
	Code    apierror.Code `json:"code"`
	Message string        `json:"message"`
	Path    string        `json:"path"`
	Offset  int           `json:"offset"` // bytes; -1 when none
}

// errOf is err as errAnswer; an error that is not a *apierror.Error (a bug) is answered
// with the code not_a_rules_error, which no module answer has, so the test names it.
func errOf(err error) errAnswer {
	e := apierror.As(err)
	if e == nil {
		return errAnswer{Code: "not_a_rules_error", Message: err.Error(), Offset: -1}
	}
	return errAnswer{Code: e.Code, Message: e.Message, Path: e.Path, Offset: e.Offset}
}

func main() {
	in := flag.String("in", "", "cases, JSON lines (default stdin)")
	out := flag.String("out", "", "answers, JSON lines (default stdout)")
	flag.Parse()
	if err := run(*in, *out); err != nil {
		fmt.Fprintln(os.Stderr, "paritygen:", err)
		os.Exit(1)
	}
}

// run answers every case of inPath (stdin when "") into outPath (stdout when "").
func run(inPath, outPath string) error {
	var r io.Reader = os.Stdin
	if inPath != "" {
		f, err := os.Open(inPath)
		if err != nil {
			return err
		}
		defer f.Close()
		r = f
	}
	var w io.Writer = os.Stdout
	if outPath != "" {
		f, err := os.Create(outPath)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	dec := json.NewDecoder(bufio.NewReader(r))
	for n := 1; dec.More(); n++ {
		var c testCase
		if err := dec.Decode(&c); err != nil {
			return fmt.Errorf("case %d: %v", n, err)
		}
		answer, err := answer(c)
		if err != nil {
			return fmt.Errorf("case %d: %v", n, err)
		}
		if err := enc.Encode(answer); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// limitOf is the limit a measure or split case names, as `validate length` and `validate
// split` read --platform, --counter and --cap: the platform's (twitter's when none) default
// limit, its counter and cap replaced when given. A platform the rules do not know is a
// *apierror.Error, the case's answer; a counter the harness does not know is its own bug.
func limitOf(c testCase) (rules.Platform, rules.Limit, error) {
	p := rules.Twitter
	if c.Platform != "" {
		var err error
		if p, err = rules.ParsePlatform(c.Platform); err != nil {
			return "", rules.Limit{}, err
		}
	}
	lim := rules.DefaultLimits().For(p)
	switch c.Counter {
	case "":
	case "graphemes":
		lim.Counter = rules.GraphemeCounter()
	case "x-weighted":
		lim.Counter = xweight.Default()
	default:
		return "", rules.Limit{}, fmt.Errorf("unknown counter %q", c.Counter)
	}
	if c.Cap > 0 {
		lim.Cap = c.Cap
	}
	return p, lim, nil
}

// errAnswerOf answers a *apierror.Error as the case's error answer, and stops on any other.
func errAnswerOf(err error) (any, error) {
	if apierror.As(err) == nil {
		return nil, err
	}
	return errOf(err), nil
}

// clock reads a case's now by the scheduledFor grammar; "" is the zero time (no clock).
func clock(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	return rules.ParseScheduledFor(s)
}

// answer is c's answer; an error stops the run (a case the harness cannot answer).
func answer(c testCase) (any, error) {
	switch c.Kind {
	case "time":
		t, err := rules.ParseScheduledFor(c.Input)
		if err == nil && c.Now != "" {
			now, nerr := clock(c.Now)
			if nerr != nil {
				return nil, nerr
			}
			err = rules.CheckScheduledAfter(t, now)
		}
		if err != nil {
			a := errOf(err)
			a.Valid = new(bool)
			return a, nil
		}
		return map[string]any{"valid": true, "utc": rules.FormatScheduledFor(t)}, nil

	case "measure":
		p, lim, err := limitOf(c)
		if err != nil {
			return errAnswerOf(err)
		}
		m, err := rules.DefaultLimits().With(p, lim).Measure(p, c.Text)
		if err != nil {
			return errOf(err), nil
		}
		return map[string]any{"length": m.Length, "cap": m.Cap, "fits": m.Fits(), "counter": m.Counter,
			"overflowAt": m.OverflowAt, "exact": m.Exact, "rule": m.Rule}, nil

	case "split":
		_, lim, err := limitOf(c)
		if err != nil {
			return errAnswerOf(err)
		}
		a, err := split.Split(c.Text, lim, split.Options{Numbering: split.Numbering(c.Numbering)})
		b := a.AppendJSON(nil)
		if err != nil {
			return errOf(err), nil
		}
		return map[string]any{"json": string(b)}, nil

	case "measureAll":
		return measureAll(c), nil

	case "rules":
		return map[string]any{"book": media.Book()}, nil // the book and the media rules, as every face lists them

	case "aggregate":
		s, err := lifecycle.Aggregate(c.Outcomes)
		if err != nil {
			return errOf(err), nil
		}
		return map[string]any{"success": s.Success, "status": s.Status}, nil

	case "outcomes":
		// `validate status --format json`: the answer, or the API's error body.
		status, body := schema.CheckOutcomes([]byte(c.OutcomesJSON))
		if body != nil {
			return body, nil
		}
		return status, nil

	case "post", "draft":
		return check(c)
	}
	return nil, fmt.Errorf("unknown kind %q", c.Kind)
}

// measureAll answers a measureAll case: the measurements of the platforms named (all ten
// when none), with X's count plugged in as the module lends it.
func measureAll(c testCase) any {
	ps := rules.Platforms()
	if c.Platforms != nil {
		ps = nil
		for _, name := range c.Platforms {
			p, err := rules.ParsePlatform(name)
			if err != nil {
				return errOf(err)
			}
			ps = append(ps, p)
		}
	}
	ms, err := rules.DefaultLimits().WithCounter(xweight.Default()).MeasureAll(nil, ps, c.Text) // as the module lends it
	if err != nil {
		return errOf(err)
	}
	out := make([]map[string]any, len(ms))
	for i, m := range ms {
		out[i] = map[string]any{"rule": m.Rule, "counter": m.Counter, "length": m.Length, "cap": m.Cap,
			"overflowAt": m.OverflowAt, "exact": m.Exact, "warning": m.Warning}
	}
	return map[string]any{"measurements": out}
}

// check answers a post or draft case: its verdict, under the options JSON when the case
// has one, else under its now, accounts and draftState.
func check(c testCase) (any, error) {
	if c.Options != nil {
		env, ps := schema.DecodeEnv([]byte(*c.Options))
		switch {
		case len(ps) > 0:
			return schema.Refuse(ps), nil
		case c.Kind == "post":
			return schema.CheckCreatePost([]byte(c.Body), env), nil
		default:
			return schema.CheckDraftPublish([]byte(c.Draft), []byte(c.Body), env), nil
		}
	}
	now, err := clock(c.Now)
	if err != nil {
		return nil, err
	}
	env := schema.Env{Now: now, DraftState: lifecycle.DraftState(c.DraftState)}
	if c.Accounts != nil {
		env.Accounts = *c.Accounts
		if env.Accounts == nil {
			env.Accounts = []rules.Account{}
		}
	}
	if c.Kind == "post" {
		return schema.CheckCreatePost([]byte(c.Body), env), nil
	}
	return schema.CheckDraftPublish([]byte(c.Draft), []byte(c.Body), env), nil
}
