package main

import (
	"encoding/json"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/schema"
)

// fileResult is one line of `validate post|draft --format json`: the file, then schema's
// Verdict as it is (docs/contract.md documents it), except that each problem and warning
// also says where it is in its file (locatedProblem). The members named here dominate the
// Verdict's own of the same names, in the Verdict's order, so the line is the Verdict's
// JSON with "file" first and "line" and "column" beside each "path".
type fileResult struct {
	File       string            `json:"file"`
	Valid      bool              `json:"valid"`
	HTTPStatus int               `json:"httpStatus"`
	Error      *schema.ErrorBody `json:"error"`
	Problems   []locatedProblem  `json:"problems"`
	Warnings   []locatedProblem  `json:"warnings"`
	schema.Verdict
}

// verdictReport writes the verdicts of one post or draft command in its --format; SARIF,
// one document for the whole run, is written by finish.
type verdictReport struct {
	c      *cmdIO
	format format
	sarif  *sarifLog
}

func newVerdictReport(c *cmdIO, f format) *verdictReport {
	r := &verdictReport{c: c, format: f}
	if f == formatSARIF {
		r.sarif = newSARIFLog()
	}
	return r
}

// verdict prints one file's verdict and returns its exit status. body and draft are the
// files' bytes (nil when not read), for placing problems; for a draft publish, draftFile
// is the stored draft, under whose name its problems are reported, since their pointers
// are into it.
func (r *verdictReport) verdict(file, draftFile string, body, draft []byte, v schema.Verdict) int {
	status := exitValid
	if !v.Valid {
		status = exitInvalid
	}
	problems := locateProblems(v.Problems, body, draft)
	warnings := locateProblems(v.Warnings, body, draft)
	where := func(p locatedProblem) string {
		if p.In == inDraft && draftFile != "" {
			return draftFile
		}
		return file
	}
	c := r.c
	switch r.format {
	case formatJSON:
		res := fileResult{File: file, Valid: v.Valid, HTTPStatus: v.HTTPStatus, Error: v.Error, Problems: problems, Warnings: warnings, Verdict: v}
		enc := json.NewEncoder(c.stdout)
		enc.SetEscapeHTML(false)
		enc.Encode(res)
	case formatGitHub:
		for _, p := range problems {
			githubCommand(c, "error", where(p), p)
		}
		for _, p := range warnings {
			githubCommand(c, "warning", where(p), p)
		}
		if len(problems) == 0 && !v.Valid {
			githubCommand(c, "error", file, locatedProblem{Problem: schema.Problem{Code: invalidCode(v), Message: invalidMessage(v)}})
		}
	case formatSARIF:
		for _, p := range problems {
			r.sarif.add("error", where(p), p)
		}
		for _, p := range warnings {
			r.sarif.add("warning", where(p), p)
		}
		if len(problems) == 0 && !v.Valid {
			r.sarif.add("error", file, locatedProblem{Problem: schema.Problem{Code: invalidCode(v), Message: invalidMessage(v)}})
		}
	default:
		switch {
		case v.Valid:
			c.stdout.WriteString(file + ": ok\n")
		case len(problems) > 0:
			for _, p := range problems {
				printProblem(c, where(p), p.Line, p.Column, p.Path, p.Code, problemText(p.Problem))
			}
		default:
			printProblem(c, file, 0, 0, "", invalidCode(v), invalidMessage(v))
		}
	}
	return status
}

// finish writes what is written once per run: the SARIF document.
func (r *verdictReport) finish() {
	if r.sarif != nil {
		b, _ := json.MarshalIndent(r.sarif, "", "  ") // plain strings and numbers always marshal
		r.c.stdout.Write(append(b, '\n'))
	}
}

// invalidCode and invalidMessage describe an invalid verdict without problems: its error
// body, or (a schema bug, still said) its status.
func invalidCode(v schema.Verdict) apierror.Code {
	if v.Error != nil {
		return v.Error.Code
	}
	return apierror.CodeInvalidRequest
}

func invalidMessage(v schema.Verdict) string {
	if v.Error != nil {
		return v.Error.Message
	}
	return fmt.Sprintf("invalid (HTTP %d)", v.HTTPStatus)
}

// githubCommand writes one GitHub Actions workflow command (::error or ::warning), which
// the runner shows as an annotation on the file's line
// (https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands):
//
//	::error file=posts/a.json,line=16,col=332,title=post_too_long (twitter.text.max)::/platforms/...: 312 graphemes, cap 280
//
// Standard input has no file to annotate: its commands name none.
func githubCommand(c *cmdIO, level, file string, p locatedProblem) {
	var props []string
	if file != "" && file != stdinName {
		props = append(props, "file="+githubProperty(filepath.ToSlash(file)))
		if p.Line > 0 {
			props = append(props, fmt.Sprintf("line=%d", p.Line), fmt.Sprintf("col=%d", p.Column))
		}
	}
	title := string(p.Code)
	if p.Rule != "" {
		title += " (" + p.Rule + ")"
	}
	props = append(props, "title="+githubProperty(title))
	msg := problemText(p.Problem)
	if p.Path != "" {
		msg = p.Path + ": " + msg
	}
	c.stdout.WriteString("::" + level + " " + strings.Join(props, ",") + "::" + githubData(msg) + "\n")
}

// githubData escapes a workflow command's message as the runner unescapes it
// (actions/toolkit, packages/core/src/command.ts, escapeData): %, CR and LF.
func githubData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// githubProperty escapes a property value (escapeProperty in the same file): also ':'
// and ',', which would end the value.
func githubProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// sarifLog is the SARIF 2.1.0 log (https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html),
// as much of it as GitHub code scanning reads
// (https://docs.github.com/en/code-security/code-scanning/integrating-with-code-scanning/sarif-support-for-code-scanning).
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`

	ruleIndex map[string]int
}

type sarifRun struct {
	Tool       sarifTool     `json:"tool"`
	ColumnKind string        `json:"columnKind"`
	Results    []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name            string      `json:"name"`
	Version         string      `json:"version"`
	SemanticVersion string      `json:"semanticVersion"`
	InformationURI  string      `json:"informationUri"`
	Rules           []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	ShortDescription sarifMessage `json:"shortDescription"`
	HelpURI          string       `json:"helpUri,omitempty"`
	Properties       *sarifProps  `json:"properties,omitempty"`
}

type sarifProps struct {
	Platform string `json:"platform,omitempty"`
	Severity string `json:"severity,omitempty"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID     string          `json:"ruleId"`
	RuleIndex  int             `json:"ruleIndex"`
	Level      string          `json:"level"`
	Message    sarifMessage    `json:"message"`
	Locations  []sarifLocation `json:"locations,omitempty"`
	Properties map[string]any  `json:"properties,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation *sarifPhysical `json:"physicalLocation,omitempty"`
	LogicalLocations []sarifLogical `json:"logicalLocations,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
}

type sarifLogical struct {
	FullyQualifiedName string `json:"fullyQualifiedName"`
	Kind               string `json:"kind"`
}

func newSARIFLog() *sarifLog {
	return &sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs: []sarifRun{{
			Tool: sarifTool{Driver: sarifDriver{Name: "postrules validate", Version: rules.BookVersion, SemanticVersion: rules.Version,
				InformationURI: "https://github.com/postrules/postrules", Rules: []sarifRule{}}},
			// Columns count UTF-16 code units, as jsonloc.Position does.
			ColumnKind: "utf16CodeUnits",
			Results:    []sarifResult{},
		}},
		ruleIndex: map[string]int{},
	}
}

// add appends one result. Its rule is the book's rule when the problem breaks one, else
// its code (malformed_json, ambiguous_account, ...), described once in the driver's rules.
func (l *sarifLog) add(level, file string, p locatedProblem) {
	run := &l.Runs[0]
	id := p.Rule
	if id == "" {
		id = string(p.Code)
	}
	i, ok := l.ruleIndex[id]
	if !ok {
		i = len(run.Tool.Driver.Rules)
		l.ruleIndex[id] = i
		rule := sarifRule{ID: id, ShortDescription: sarifMessage{Text: "the API answers " + string(p.Code)}}
		if r, ok := rules.RuleByID(p.Rule); ok && p.Rule != "" {
			rule.ShortDescription.Text = r.What
			rule.HelpURI = r.Source
			rule.Properties = &sarifProps{Platform: string(r.Platform), Severity: string(r.Severity)}
		}
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, rule)
	}
	res := sarifResult{RuleID: id, RuleIndex: i, Level: level, Message: sarifMessage{Text: problemText(p.Problem)},
		Properties: map[string]any{"code": string(p.Code)}}
	loc := sarifLocation{}
	if file != "" && file != stdinName {
		// A relative path is a relative URI reference (spaces and the like escaped), which
		// code scanning resolves against the repository's root.
		uri := (&url.URL{Path: filepath.ToSlash(file)}).String()
		loc.PhysicalLocation = &sarifPhysical{ArtifactLocation: sarifArtifact{URI: uri}}
		if p.Line > 0 {
			loc.PhysicalLocation.Region = &sarifRegion{StartLine: p.Line, StartColumn: p.Column}
		}
	}
	if p.Path != "" {
		loc.LogicalLocations = []sarifLogical{{FullyQualifiedName: p.Path, Kind: "member"}}
	}
	if loc.PhysicalLocation != nil || loc.LogicalLocations != nil {
		res.Locations = []sarifLocation{loc}
	}
	run.Results = append(run.Results, res)
}
