package main

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

// The CLI's own invariants: one output line per input value, in order, each carrying the
// rule's answer for that value and nothing else's. (The rules themselves have their own
// properties in their packages.)

func jsonlOf(values []string) string {
	var b strings.Builder
	for _, v := range values {
		q, _ := json.Marshal(v)
		b.Write(q)
		b.WriteByte('\n')
	}
	return b.String()
}

// genValue mixes valid timestamps, near misses and arbitrary text (newlines, NULs, any
// Unicode), so both outcomes are common.
func genValue() gopter.Gen {
	return gen.OneGenOf(
		gen.OneConstOf("2030-01-15T09:30Z", "2030-01-15T09:30:00.5Z", "2026-06-01T12:00:00Z", "2023-02-29T10:00Z", "2030-01-15T09:30Z\n", "\x00", ""),
		gen.AnyString(),
		gen.RegexMatch(`20[0-9]{2}-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9](:[0-6][0-9](\.[0-9]{1,12})?)?Z`),
	)
}

func TestPropertyTimeJSONL(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 200
	props := gopter.NewProperties(params)
	props.Property("time --jsonl: one line per value, in order, with the rule's verdict", prop.ForAll(
		func(values []string) bool {
			r := runCLI(t, jsonlOf(values), "time", "--jsonl", "--format", "json", "--now", testNow)
			lines := textLines(r.stdout)
			if len(lines) != len(values) {
				return false
			}
			anyInvalid := false
			for i, v := range values {
				var o struct {
					Input  string        `json:"input"`
					Valid  bool          `json:"valid"`
					UTC    string        `json:"utc"`
					Code   apierror.Code `json:"code"`
					Offset *int          `json:"offset"`
				}
				if err := json.Unmarshal([]byte(lines[i]), &o); err != nil {
					return false
				}
				ts, err := rules.ParseScheduledFor(v)
				if err == nil {
					err = rules.CheckScheduledAfter(ts, fixedNow)
				}
				if utf8.ValidString(v) && o.Input != v {
					return false
				}
				if o.Valid != (err == nil) {
					return false
				}
				if err == nil && o.UTC != rules.FormatScheduledFor(ts) {
					return false
				}
				if err != nil {
					anyInvalid = true
					// The rules' -1 (no byte in particular) prints as 0, the whole value.
					if e := apierror.As(err); o.Code != e.Code || o.Offset == nil || *o.Offset != max(e.Offset, 0) {
						return false
					}
				}
			}
			return r.code == map[bool]int{false: 0, true: 1}[anyInvalid] && r.stderr == ""
		},
		gen.SliceOf(genValue()),
	))
	props.TestingRun(t)
}

func TestPropertyLengthJSONL(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 200
	props := gopter.NewProperties(params)
	limits := rules.DefaultLimits().With(rules.Twitter, rules.Limit{Cap: 10})
	props.Property("length: one line per text, in order, with the rule's measurement", prop.ForAll(
		func(values []string) bool {
			r := runCLI(t, jsonlOf(values), "length", "--format", "json", "--cap", "10")
			lines := textLines(r.stdout)
			if len(lines) != len(values) {
				return false
			}
			anyOver := false
			for i, v := range values {
				var o struct {
					Length     int   `json:"length"`
					Cap        int   `json:"cap"`
					Fits       bool  `json:"fits"`
					OverflowAt int   `json:"overflowAt"`
					Exact      *bool `json:"exact"`
				}
				if err := json.Unmarshal([]byte(lines[i]), &o); err != nil {
					return false
				}
				// The CLI measures what the line decodes to (json.Marshal coerces to UTF-8).
				var text string
				q, _ := json.Marshal(v)
				json.Unmarshal(q, &text)
				m, err := limits.Measure(rules.Twitter, text)
				if err != nil {
					return false
				}
				// "exact" is there, as false, exactly when the length is a lower bound.
				if (o.Exact == nil) != m.Exact || o.Exact != nil && *o.Exact {
					return false
				}
				want := m.OverflowAt
				if want < 0 {
					want = -1 // no overflow is -1 in every JSON output
				}
				if o.OverflowAt != want {
					return false
				}
				if o.Length != m.Length || o.Cap != 10 || o.Fits != m.Fits() {
					return false
				}
				anyOver = anyOver || !m.Fits()
			}
			return r.code == map[bool]int{false: 0, true: 1}[anyOver]
		},
		gen.SliceOf(gen.OneGenOf(gen.AnyString(), gen.UnicodeString(unicode.So), gen.AlphaString())),
	))
	props.TestingRun(t)
}
