package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// TestDocLinksResolve: every relative link of the README, CHANGELOG.md and the pages under
// docs/ names a file of the repository, and a link with a #fragment names a heading of
// that page, so moving a section between pages (reference to the changelog, one page to
// another) cannot leave a link behind. Links to other sites are not fetched.
func TestDocLinksResolve(t *testing.T) {
	pages := append(docPages(t), filepath.Join(repoRoot, "CHANGELOG.md"))
	anchors := map[string]map[string]bool{} // page path -> heading anchors, read on demand
	headingsOf := func(path string) map[string]bool {
		if a, ok := anchors[path]; ok {
			return a
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		a := map[string]bool{}
		for _, h := range markdownHeadings(string(b)) {
			a[headingAnchor(h)] = true
		}
		anchors[path] = a
		return a
	}
	checked := 0
	for _, page := range pages {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range markdownLinks(string(b)) {
			target, fragment, _ := strings.Cut(l.target, "#")
			path := page
			if target != "" {
				path = filepath.Join(filepath.Dir(page), filepath.FromSlash(target))
				if _, err := os.Stat(path); err != nil {
					t.Errorf("%s:%d: link %q: %v", page, l.line, l.target, err)
					continue
				}
			}
			if fragment != "" && strings.HasSuffix(path, ".md") && !headingsOf(path)[fragment] {
				t.Errorf("%s:%d: link %q: no heading of %s has the anchor #%s", page, l.line, l.target, path, fragment)
			}
			checked++
		}
	}
	if checked < 20 {
		t.Fatalf("only %d relative links found: the scanner reads nothing", checked)
	}
}

// mdLink is one relative link of a page and its 1-based line.
type mdLink struct {
	target string
	line   int
}

var (
	mdLinkRE   = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	mdCodeSpan = regexp.MustCompile("`[^`]*`")
	mdScheme   = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
)

// markdownLinks lists the relative link targets of a page outside fenced code blocks and
// code spans (where "](x)" is text, not a link).
func markdownLinks(doc string) []mdLink {
	var links []mdLink
	fenced := false
	for i, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			continue
		}
		for _, m := range mdLinkRE.FindAllStringSubmatch(mdCodeSpan.ReplaceAllString(line, ""), -1) {
			if !mdScheme.MatchString(m[1]) {
				links = append(links, mdLink{m[1], i + 1})
			}
		}
	}
	return links
}

// markdownHeadings lists the text of a page's ATX headings outside fenced code blocks.
func markdownHeadings(doc string) []string {
	var hs []string
	fenced := false
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		text := strings.TrimLeft(line, "#")
		if len(text) < len(line) && strings.HasPrefix(text, " ") {
			hs = append(hs, strings.TrimSpace(text))
		}
	}
	return hs
}

// headingAnchor is the anchor GitHub gives a heading: lower case, letters, digits, '-'
// and '_' kept, spaces turned into '-', everything else (punctuation, backquotes) dropped.
func headingAnchor(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestDocLinkScanner: the scanner behind TestDocLinksResolve, on the cases that would make
// it pass while reading nothing, or fail on text that is no link.
func TestDocLinkScanner(t *testing.T) {
	doc := "# Top\n" +
		"See [cli](cli.md#validate-media) and [site](https://example.com/x.md).\n" + // a relative link; a site is skipped
		"`[not](a-link.md)` in a code span\n" + // a code span is text
		"```sh\n[not](in-a-fence.md)\n# not a heading\n```\n" + // a fence holds neither links nor headings
		"## `validate media` (the command)\n" + // backquotes and parentheses are dropped from the anchor
		"#hashtag is no heading\n"
	links := markdownLinks(doc)
	if len(links) != 1 || links[0].target != "cli.md#validate-media" || links[0].line != 2 {
		t.Errorf("links %+v, want only cli.md#validate-media on line 2", links)
	}
	hs := markdownHeadings(doc)
	if len(hs) != 2 || hs[0] != "Top" || hs[1] != "`validate media` (the command)" {
		t.Errorf("headings %q", hs)
	}
	for h, want := range map[string]string{
		"`validate media` (the command)":                   "validate-media-the-command",
		"Reading media URLs (rules/media/fetch)":           "reading-media-urls-rulesmediafetch",
		"Over HTTP: `validate serve` and `schema/httpapi`": "over-http-validate-serve-and-schemahttpapi",
		"0.8.0": "080",
	} {
		if got := headingAnchor(h); got != want {
			t.Errorf("headingAnchor(%q) = %q, want %q", h, got, want)
		}
	}
}
