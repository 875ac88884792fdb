package generate

import (
	"strings"
	"sync"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/xweight"
)

// limits are the book's default limits with X's weighted counter lent, as schema checks
// with them: every length here is measured by the book's own counters.
var limits = rules.DefaultLimits().WithCounter(xweight.Default())

// pieces are the bits texts are made of: scripts, marks, emoji sequences. Each is whole
// (a piece never joins the next one into a grapheme cluster) and none is an entity
// (no #, @, $, link) or a character a rule forbids, so a text of pieces breaks no rule
// but its length. Their weights are measured, never assumed.
var pieces = []string{
	"a", " ", "é", "e\u0301", "ж", "λ", "ب", "ש", "क्ष", "ก", "漢", "한", "か",
	"😀", "👨\u200d👩\u200d👧", "🇯🇵", "👍🏽", "1\ufe0f\u20e3", "ß", "Ω", "𝔘",
}

// heavy is the piece with the most bytes per grapheme, for a text long in bytes and short
// in graphemes.
const heavy = "👨\u200d👩\u200d👧"

// textRulesOf caches textRules by platform.
var textRulesOf sync.Map // rules.Platform -> []rules.Rule

// textRules are the error and warning rules of platform p that measure the target's text
// (MeasureRule answers them, and they have no option member).
func textRules(p rules.Platform) []rules.Rule {
	if rs, ok := textRulesOf.Load(p); ok {
		return rs.([]rules.Rule)
	}
	var out []rules.Rule
	for _, r := range rules.TextRules() {
		if r.Platform != p {
			continue
		}
		if m, _ := r.Option(); m != "" {
			continue
		}
		if m, _ := limits.MeasureRule(r.ID, ""); m.Measures {
			out = append(out, r)
		}
	}
	textRulesOf.Store(p, out)
	return out
}

// pieceLengths caches, by rule id, the length of each piece (and of "a" and heavy) for
// that rule: a text is built from pieces many times, and the book is the same each time.
var pieceLengths sync.Map // string -> map[string]int

// pieceLength is length(id, p) for a piece, measured once per rule.
func pieceLength(id, p string) int {
	m, ok := pieceLengths.Load(id)
	if !ok {
		ls := map[string]int{"a": length(id, "a"), heavy: length(id, heavy)}
		for _, q := range pieces {
			ls[q] = length(id, q)
		}
		m, _ = pieceLengths.LoadOrStore(id, ls)
	}
	if n, ok := m.(map[string]int)[p]; ok {
		return n
	}
	return length(id, p)
}

// length is text's length for rule id, -1 when the rule does not measure it.
func length(id, text string) int {
	m, err := limits.MeasureRule(id, text)
	if !m.On || !m.Measures || err != nil || !m.Exact {
		return -1
	}
	return m.Length
}

// fits reports whether text breaks none of the error rules rs, except the one named skip.
func fits(rs []rules.Rule, skip, text string) bool {
	for _, r := range rs {
		if r.ID == skip || r.Severity != rules.SeverityError {
			continue
		}
		m, err := limits.MeasureRule(r.ID, text)
		if err != nil || m.Measures && m.On && !m.Fits() {
			return false
		}
	}
	return true
}

// textOf is a text exactly n units long for rule id (in its unit), drawn from pieces,
// that breaks none of others' error rules but id. It tries the drawn mix, then the heavy
// piece padded with "a" (long in bytes, short in graphemes), then n times "a"; ok is
// false when none fits (the caller then has no such text).
func textOf(d *draws, id string, n int, others []rules.Rule) (string, bool) {
	if n <= 0 {
		return "", n == 0
	}
	var b strings.Builder
	left := n
	mix := d.intn(3) // 0: plain, 1: one script, 2: every script
	one := pick(d, pieces)
	if one == " " { // a text of one script is never all white space
		one = "a"
	}
	for left > 0 && b.Len() < 1<<20 {
		p := "a"
		switch mix {
		case 1:
			p = one
		case 2:
			p = pick(d, pieces)
		}
		w := pieceLength(id, p)
		if w <= 0 || w > left {
			p, w = "a", pieceLength(id, "a")
			if w <= 0 {
				break
			}
		}
		b.WriteString(p)
		left -= w
	}
	try := []string{b.String()}
	if w := pieceLength(id, heavy); w > 0 {
		try = append(try, strings.Repeat(heavy, n/w)+strings.Repeat("a", n%w))
	}
	try = append(try, strings.Repeat("a", n))
	for _, t := range try {
		if length(id, t) == n && fits(others, id, t) {
			return t, true
		}
	}
	return "", false
}
