package rules

// Stance is what a source says of its figure: that the platform refuses what goes past
// it, or only recommends it. Severity follows it (DESIGN.md rule 8): a rule is an error
// only where one of its sources refuses; a figure a platform only recommends is a warning.
type Stance string

// The two stances of a source.
const (
	// Refuses: the platform's own documentation, API schema or error message says it
	// refuses what goes past the figure.
	Refuses Stance = "refuses"
	// Recommends: the platform advises the figure, or a source other than the platform's
	// own states it; going past it may still publish.
	Recommends Stance = "recommends"
)

// Source is one public source of a rule's figure, as data: where it is, the day it was
// read for this book, the figure it states in its own words, and whether it refuses or
// recommends. Where a platform's sources disagree, the rule's error sits at the loosest
// figure a refusing source states and a warning at the strictest, and each is listed.
type Source struct {
	// URL is the page, document or file the figure is read from.
	URL string `json:"url"`
	// Read is the date (YYYY-MM-DD) the source was read.
	Read string `json:"read"`
	// Figure is what the source states, in its units ("5 MB", "280 weighted", "PDF, PPT").
	Figure string `json:"figure"`
	// Says is refuses or recommends.
	Says Stance `json:"says"`
	// Quote is the source's own words for the figure (25 words at most), "" when the
	// source is a machine-readable document whose field is named in Figure.
	Quote string `json:"quote,omitempty"`
}

// refuses is a Source read on readAudit2 that refuses past its figure.
func refuses(url, figure, quote string) Source {
	return Source{URL: url, Read: readAudit2, Figure: figure, Says: Refuses, Quote: quote}
}

// recommends is a Source read on readAudit2 that only recommends its figure, or states
// it without being the platform's own (a peer API, a third-party page).
func recommends(url, figure, quote string) Source {
	return Source{URL: url, Read: readAudit2, Figure: figure, Says: Recommends, Quote: quote}
}
