// Package fix offers, for a problem of a request body whose remedy is mechanical, a fix:
// a JSON Patch (RFC 6902, https://www.rfc-editor.org/rfc/rfc6902) on the body that removes
// that problem and touches nothing else, with a description in the user's words. It is
// not the rule book: it reads the remedy a problem's rule declares (rules.Rule.Remedy),
// the problem's pointer and measurement, and edits the value the pointer names; it names
// no rule. A remedy that could change the meaning in more than one reasonable way is not
// offered.
package fix

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/postrules/postrules/rules"
)

// Op is one operation of a JSON Patch: "replace", "add" or "remove" at Path, with
// Value (JSON text; absent for "remove").
type Op struct {
	Op    string          `json:"op"`
	Path  string          `json:"path"`
	Value json.RawMessage `json:"value,omitempty"`
}

// Fix is a remedy for one problem: the rule it answers, what it does in the user's words,
// and the patch that does it.
type Fix struct {
	Rule        string `json:"rule,omitempty"`
	Description string `json:"description"`
	Patch       []Op   `json:"patch"`
}

// Problem is what Offer reads of a problem: its JSON pointer into the body, its rule id
// ("" for the wire format's own problems), its code, and where its text overflows
// (a byte offset into the text at Path; -1 when it is not a length problem).
type Problem struct {
	Path       string
	Rule       string
	Code       string
	OverflowAt int
}

// Offer returns a fix for each of ps, in order (nil where there is none). body is the
// request body the pointers point into; limits are the ones the problems were found with.
// The body is decoded at most once, and each fix costs O(len(body)).
func Offer(body []byte, ps []Problem, limits rules.Limits) []*Fix {
	out := make([]*Fix, len(ps))
	var root map[string]any
	decoded := false
	for i, p := range ps {
		r, ok := fixable(p, limits)
		if !ok {
			continue
		}
		if !decoded {
			decoded = true
			d := json.NewDecoder(bytes.NewReader(body))
			d.UseNumber() // a number is read as written: 1e400 is no float64
			if d.Decode(&root) != nil {
				root = nil
			}
		}
		if root == nil {
			return out
		}
		out[i] = offer(root, p, r, limits)
	}
	return out
}

// fixable says whether p is of a kind Offer may have a fix for, before the body is read,
// and the rule it answers (the zero Rule for a scheduledFor problem): the rule's own
// declaration says what its remedy is (rules.Rule.Remedy), so nothing here names a rule.
func fixable(p Problem, limits rules.Limits) (rules.AppliedRule, bool) {
	if p.Code == "invalid_scheduled_for" && p.Path == "/scheduledFor" {
		return rules.AppliedRule{}, true
	}
	if p.Rule == "" && p.Code == "invalid_value" && isOption(p.Path) {
		return rules.AppliedRule{}, true
	}
	r, ok := limits.Rule(p.Rule)
	if !ok {
		return r, false
	}
	switch r.Remedy() {
	case rules.RemedyNone:
		return r, false
	}
	return r, true
}

func offer(root map[string]any, p Problem, r rules.AppliedRule, limits rules.Limits) *Fix {
	if p.Path == "/scheduledFor" {
		return scheduledFor(root)
	}
	if p.Rule == "" {
		return wholeOption(root, p)
	}
	if r.Remedy() == rules.RemedyKeepFirst {
		return keepFirst(root, p, r)
	}
	text, ok := stringAt(root, p.Path)
	if !ok {
		return nil
	}
	platform := r.Platform
	switch r.Remedy() {
	case rules.RemedyThread:
		return thread(root, p, text, platform, limits.For(platform))
	case rules.RemedyEscape:
		esc := rules.EscapeLittleText(text)
		n := len(esc) - len(text)
		if n == 0 {
			return nil
		}
		if m, err := limits.Measure(platform, esc); err != nil || !m.Fits() {
			// The backslashes would put the post over its cap: the remedy is then also
			// a cut, which is the writer's choice.
			return nil
		}
		return &Fix{Rule: p.Rule, Description: "Escape " + count(n, "character") + " " + platform.DisplayName() + " reserves",
			Patch: setText(root, p.Path, platform, esc)}
	case rules.RemedyDropCounted:
		return dropCounted(root, p, r, text, limits)
	case rules.RemedyRemoveChars:
		set := r.Forbidden()
		kept := strings.Map(func(c rune) rune {
			if c < utf8.RuneSelf && strings.IndexByte(set, byte(c)) >= 0 {
				return -1
			}
			return c
		}, text)
		n := len(text) - len(kept)
		if n == 0 {
			return nil
		}
		return &Fix{Rule: p.Rule, Description: "Remove " + count(n, "character") + " " + platform.DisplayName() + " refuses (" + listChars(set) + ")",
			Patch: setText(root, p.Path, platform, kept)}
	}
	at := p.OverflowAt
	if at < 0 {
		// An option's problem (a title, an alt text) carries no measurement: the rule
		// measures the value, once.
		m, err := limits.MeasureRule(p.Rule, text)
		if err != nil || !m.Measures || !m.On || m.Fits() {
			return nil
		}
		at = m.OverflowAt
	}
	if at < 0 || at > len(text) {
		return nil
	}
	kept := shorten(text, at)
	if kept == "" {
		// Nothing of the text would be left: that is not a remedy anyone wants.
		return nil
	}
	cut := strings.TrimSpace(text[len(kept):])
	return &Fix{Rule: p.Rule, Description: "Shorten at a word boundary, cutting " + count(utf8.RuneCountInString(cut), "character") +
		" from " + quoteStart(cut), Patch: setText(root, p.Path, platform, kept)}
}

// listChars is the ASCII characters of set as "< and >" ("a, b and c" for three).
func listChars(set string) string {
	var b strings.Builder
	for i := 0; i < len(set); i++ {
		switch {
		case i > 0 && i == len(set)-1:
			b.WriteString(" and ")
		case i > 0:
			b.WriteString(", ")
		}
		b.WriteByte(set[i])
	}
	return b.String()
}

// shorten is the longest prefix of text[:at] that ends at a sentence end, or failing
// that a word end (trailing space dropped); "" when the first word already overflows.
// A prefix of a text that fits its cap fits it too, in every unit of the book.
func shorten(text string, at int) string {
	head := text[:at]
	if at < len(text) && !isSpace(text, at) {
		// The cap falls inside a word: drop that word.
		i := strings.LastIndexFunc(head, unicode.IsSpace)
		if i < 0 {
			return ""
		}
		head = head[:i]
	}
	head = strings.TrimRightFunc(head, unicode.IsSpace)
	// Prefer a sentence end when it keeps at least half of what fits.
	if i := strings.LastIndexAny(head, ".!?"); i >= 0 && i+1 >= len(head)/2 {
		head = head[:i+1]
	}
	return head
}

func isSpace(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsSpace(r)
}

// quoteStart is the first words of s, quoted, for a description.
func quoteStart(s string) string {
	const most = 24
	if utf8.RuneCountInString(s) <= most {
		return strconv.Quote(s)
	}
	n := 0
	for i := range s {
		if n == most {
			return strconv.Quote(s[:i] + "…")
		}
		n++
	}
	return strconv.Quote(s)
}

func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// scheduledFor is the canonical UTC form of a scheduledFor given with an offset (RFC 3339),
// which names the same instant, with seconds (":00" when it had none), or of one whose
// "T" or "Z" is in lower case; nil when the value is not such a time. A time without
// seconds needs no fix: the grammar takes "2030-01-15T09:30Z" as it is. A time with
// neither Z nor an offset ("2030-01-15T09:30") names no instant until a zone is chosen,
// so it gets none.
func scheduledFor(root map[string]any) *Fix {
	s, ok := root["scheduledFor"].(string)
	if !ok {
		return nil
	}
	// RFC 3339 lets "T" and "Z" be written in lower case (section 5.6, NOTE); the grammar
	// does not, and the time is the same.
	up := strings.ToUpper(s)
	var t time.Time
	var err error
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04Z07:00"} {
		if t, err = time.Parse(layout, up); err == nil {
			break
		}
	}
	if err != nil {
		return nil
	}
	canon := rules.FormatScheduledFor(t.UTC())
	if canon == s {
		return nil
	}
	if _, err := rules.ParseScheduledFor(canon); err != nil {
		return nil
	}
	desc := "Give the time in UTC: " + canon
	if strings.HasSuffix(up, "Z") {
		desc = "Write the time as the API reads it: " + canon
	}
	return &Fix{Description: desc, Patch: []Op{{Op: "replace", Path: "/scheduledFor", Value: str(canon)}}}
}

// keepFirst is the fix of a list with more entries than its rule allows: the first ones
// are kept, in order, and the rest dropped.
func keepFirst(root map[string]any, p Problem, r rules.AppliedRule) *Fix {
	list, isList := valueAt(root, p.Path).([]any)
	if !r.On || !isList || r.Limit <= 0 || len(list) <= r.Limit {
		return nil
	}
	kept, err := json.Marshal(list[:r.Limit])
	if err != nil {
		return nil
	}
	n := len(list) - r.Limit
	entries := strconv.Itoa(n) + " entries"
	if n == 1 {
		entries = "1 entry"
	}
	return &Fix{Rule: p.Rule, Description: "Remove " + entries + " past the " + ordinal(r.Limit),
		Patch: []Op{{Op: "replace", Path: p.Path, Value: kept}}}
}

// ordinal is n as "3rd".
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}
