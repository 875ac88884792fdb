package media

import (
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

// Report is one file probed and judged: a line of `validate media --format json`, and
// what the WebAssembly package's probeMedia answers. The CLI and the module build it with
// [NewReport] and write it with rules/media/mediajson (encoding/json stays out of this
// layer), so their bytes are the same.
type Report struct {
	// File is the file's name as the caller gives it (the CLI's argument, a browser
	// File's name, "" for bytes with no name).
	File string `json:"file"`
	// Media is the facts, or nil when the probe failed.
	Media *Facts `json:"media"`
	// Error is the probe's error, or nil.
	Error *ReportError `json:"error"`
	// Platforms has one verdict per platform judged, in the order asked; empty (never
	// nil) when the probe failed.
	Platforms []PlatformReport `json:"platforms"`
}

// ReportError is a probe error as a report gives it: the code (media_empty,
// media_unrecognized, media_truncated, media_corrupt), the message and the byte offset
// in the file.
type ReportError struct {
	Code    apierror.Code `json:"code"`
	Message string        `json:"message"`
	Offset  int           `json:"offset"`
}

// PlatformReport is the verdict of one platform's media rules on the facts: it fits
// when no error rule is broken; warnings inform. Problems and Warnings are never nil.
type PlatformReport struct {
	Platform rules.Platform `json:"platform"`
	Fits     bool           `json:"fits"`
	Problems []Problem      `json:"problems"`
	Warnings []Problem      `json:"warnings"`
}

// NewReport is the report of a file named file whose probe gave facts and err (the
// results of [Probe]), judged for platforms in their order (every one given, a platform
// named twice is judged twice, as the CLI's --platform does). A non-nil err makes a
// report with Error set, no Media and no platforms.
func NewReport(file string, facts Facts, err error, platforms []rules.Platform) Report {
	r := Report{File: file, Platforms: []PlatformReport{}}
	if err != nil {
		e := apierror.As(err)
		if e == nil { // Probe's errors are all *apierror.Error; anything else is a bug
			e = apierror.New(apierror.CodeInternal, "", err.Error())
		}
		r.Error = &ReportError{Code: e.Code, Message: e.Message, Offset: e.Offset}
		return r
	}
	r.Media = &facts
	for _, p := range platforms {
		problems, warnings := Judge(p, facts)
		pr := PlatformReport{Platform: p, Fits: len(problems) == 0, Problems: problems, Warnings: warnings}
		if pr.Problems == nil {
			pr.Problems = []Problem{}
		}
		if pr.Warnings == nil {
			pr.Warnings = []Problem{}
		}
		r.Platforms = append(r.Platforms, pr)
	}
	return r
}

// Fits reports whether the file was probed and fits every platform judged.
func (r Report) Fits() bool {
	if r.Error != nil {
		return false
	}
	for _, p := range r.Platforms {
		if !p.Fits {
			return false
		}
	}
	return true
}
