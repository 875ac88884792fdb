package rules

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzTextRules: any text, on any platform, measured by every text rule: no panic; a
// measurement fits exactly when it has no overflow offset; the offset is a character
// start inside the text; the rules about characters point at a character of their set;
// valid UTF-8 never errs, and the byte rule's length is len(text).
func FuzzTextRules(f *testing.F) {
	for _, s := range []string{"", "hello", "#a @b https://x.io www.y.io <z>", "\xff", "e\u0301\U0001F468\u200D\U0001F469", "&#1; a#b x@y.com"} {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, text string, pi uint8) {
		p := Platforms()[int(pi)%numPlatforms]
		ms, err := DefaultLimits().textMeasurements(nil, p, text)
		if err != nil && utf8.ValidString(text) {
			t.Fatalf("valid text %q: %v", text, err)
		}
		for i, m := range ms {
			last := i == len(ms)-1 && err != nil
			if m.Fits() != (m.OverflowAt < 0) || m.OverflowAt > len(text) {
				t.Fatalf("%s: %+v on %q", m.Rule, m, text)
			}
			if last {
				continue
			}
			if m.OverflowAt >= 0 && m.OverflowAt < len(text) && !utf8.RuneStart(text[m.OverflowAt]) {
				t.Fatalf("%s: overflow %d inside a character of %q", m.Rule, m.OverflowAt, text)
			}
			switch m.Counter {
			case charsName:
				r, _ := RuleByID(m.Rule)
				set := r.forbid
				if r.kind == kindLittleText {
					set = littleTextReserved
				}
				if m.OverflowAt >= 0 && strings.IndexByte(set, text[m.OverflowAt]) < 0 {
					t.Fatalf("%s: points at %q, none of %q", m.Rule, text[m.OverflowAt], set)
				}
			case hashtagsName, mentionsName, cashtagsName:
				if m.OverflowAt >= 0 && text[m.OverflowAt] != '#' && text[m.OverflowAt] != '@' && text[m.OverflowAt] != '$' {
					t.Fatalf("%s: points at %q", m.Rule, text[m.OverflowAt])
				}
			case bytesName:
				if m.Length != len(text) {
					t.Fatalf("%s: %d bytes for a text of %d", m.Rule, m.Length, len(text))
				}
			}
		}
	})
}
