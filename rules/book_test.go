package rules

import (
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/postrules/postrules/rules/apierror"
)

var ruleID = regexp.MustCompile(`^(twitter|instagram|youtube|tiktok|pinterest|linkedin|bluesky|facebook|threads|googlebusiness)(\.[a-z0-9_]+){1,3}$`)

// Every rule is complete: a well-formed unique id that starts with its platform, a
// severity, a source URL and a date; a limit has a unit.
func TestBookIsComplete(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range TextRules() {
		if !ruleID.MatchString(r.ID) || !strings.HasPrefix(r.ID, string(r.Platform)+".") {
			// Ids are the research notes' where they have one, as they are: a
			// <field> of two parts (tiktok.video.caption.max), or no <check>
			// (instagram.carousel, googlebusiness.event).
			t.Errorf("%q: id is not <platform>.<field>.<check> of its platform %q", r.ID, r.Platform)
		}
		if seen[r.ID] {
			t.Errorf("%q: id given twice", r.ID)
		}
		seen[r.ID] = true
		if r.Severity != SeverityError && r.Severity != SeverityWarning {
			t.Errorf("%q: severity %q", r.ID, r.Severity)
		}
		if !strings.HasPrefix(r.Source, "https://") || len(r.Read) != len("2026-11-24") || r.What == "" {
			t.Errorf("%q: source %q, read %q, what %q", r.ID, r.Source, r.Read, r.What)
		}
		if r.Limit > 0 && r.Unit == "" {
			t.Errorf("%q: limit %d without a unit", r.ID, r.Limit)
		}
		if r.Severity == SeverityWarning && r.Note == "" && !strings.Contains(r.What, "without") {
			t.Errorf("%q: a warning should say in its note which stricter reading it covers", r.ID)
		}
	}
	for _, p := range Platforms() {
		id := primaryRule(p)
		if r, ok := RuleByID(id); !ok || r.kind != kindLength || r.Severity != SeverityError {
			t.Errorf("%s: primary rule %q is not an error length rule", p, id)
		}
	}
}

// The book is data the caller cannot change through Book.
func TestBookIsACopy(t *testing.T) {
	b := TextRules()
	b[0].Limit = 1
	if r, _ := RuleByID(b[0].ID); r.Limit == 1 {
		t.Error("changing TextRules()'s slice changed the book")
	}
}

// Each text rule at its limit and one past it, in a text that tells the units apart: the
// rule fails exactly past its limit, in its own unit, and names itself. Every text rule
// of the book has a row (checked below), so a wrong number or unit fails here.
func TestTextRulesAtTheirLimits(t *testing.T) {
	e2 := "\u00e9"        // 2 bytes, 1 UTF-16 unit, 1 grapheme
	smile := "\U0001F600" // 4 bytes, 2 UTF-16 units, 1 grapheme
	ecomb := "e\u0301"    // 3 bytes, 2 UTF-16 units, 2 code points, 1 grapheme
	family := "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466"
	r := strings.Repeat
	tests := []struct {
		rule      string
		fits, not string
		why       string
	}{
		{"twitter.text.max", r(ecomb, 280), r(ecomb, 281), "graphemes: a combining pair is one"},
		{"twitter.cashtag.max", "Watching $AAPL today, down $5", "Watching $AAPL and $TSLA", "one cashtag; a price is none"},
		{"instagram.caption.max", r(smile, 1100), r(smile, 1100) + "a", "UTF-16: an emoji is two units"},
		{"instagram.hashtags.max", r("#tag ", 30), r("#tag ", 31), "30 hashtags"},
		{"instagram.hashtags.recommended", r("#tag ", 5), r("#tag ", 6), "more than 5 hashtags warns"},
		{"instagram.mentions.max", r("@bob ", 20), r("@bob ", 21), "20 mentions"},
		{"youtube.description.max", r(e2, 2500), r(e2, 2500) + "a", "bytes: é is two"},
		{"youtube.description.chars", "use 'a is more than b': angle brackets are refused", "a > b", "no < or >"},
		{"tiktok.video.caption.max", r(smile, 1100), r(smile, 1100) + "a", "UTF-16"},
		{"tiktok.photo.text.max", r(smile, 2000), r(smile, 2000) + "a", "UTF-16, a photo post's text (its description)"},
		{"pinterest.description.max", r(smile, 400), r(smile, 400) + "a", "UTF-16, 800"},
		{"pinterest.description.recommended", r(smile, 250), r(smile, 250) + "a", "UTF-16, 500 warns"},
		{"linkedin.text.max", r(smile, 1500), r(smile, 1500) + "a", "UTF-16, 3000"},
		{"bluesky.text.max_graphemes", r(ecomb, 300), r(ecomb, 301), "graphemes, 300 (903 bytes fit the byte rule)"},
		{"bluesky.text.max_bytes", r(family, 120), r(family, 120) + "a", "bytes: 120 family emoji are 3000 bytes and 120 graphemes"},
		{"facebook.text.max", r(smile, 31603), r(smile, 31603) + "a", "UTF-16, 63206"},
		{"threads.text.max", r(e2, 250), r(e2, 250) + "a", "bytes, 500 (Postiz PR #1946)"},
		{"threads.links.max", "https://a.io https://b.io https://c.io https://d.io https://e.io https://a.io", "https://a.io https://b.io https://c.io https://d.io https://e.io https://f.io", "5 unique links"},
		{"threads.links.recommended", "https://a.io https://b.io https://c.io", "https://a.io https://b.io https://c.io https://d.io", "more than 3 links warns"},
		{"googlebusiness.summary.max", r(smile, 750), r(smile, 750) + "a", "UTF-16, 1500"},
		{"twitter.text.x_weighted", r("日", 140), r("日", 141), "X weighs CJK 2: 141 graphemes fit 280, 282 weighted do not (a warning)"},
		{"linkedin.text.reserved", `New \(and improved\) \#launch`, "New (and improved)", "little text: escaped reserved characters are fine, a bare one warns"},
	}
	covered := map[string]bool{}
	l := withWeighted()
	for _, tt := range tests {
		rule, _ := RuleByID(tt.rule)
		covered[tt.rule] = true
		photo := rule.posts == postsPhoto // measured on a photo post's text alone
		broken := func(text string) *apierror.Error {
			c := l.checkTargetAll(targetText{Platform: rule.Platform, Shared: text, Photo: photo})
			for _, e := range append(c.Errors, c.Warnings...) {
				if e.Rule == tt.rule {
					return e
				}
			}
			return nil
		}
		if e := broken(tt.fits); e != nil {
			t.Errorf("%s: a text at the limit breaks it: %v (%s)", tt.rule, e, tt.why)
		}
		e := broken(tt.not)
		if e == nil {
			t.Errorf("%s: a text past the limit passes (%s)", tt.rule, tt.why)
			continue
		}
		c := l.checkTargetAll(targetText{Platform: rule.Platform, Shared: tt.not, Photo: photo})
		inErrors := false
		for _, x := range c.Errors {
			inErrors = inErrors || x.Rule == tt.rule
		}
		if inErrors != (rule.Severity == SeverityError) || e.Path != "/content" || e.Offset < 0 {
			t.Errorf("%s: problem %+v; severity %s but listed as error %v", tt.rule, e, rule.Severity, inErrors)
		}
	}
	for _, r := range TextRules() {
		if r.kind != kindOther && !covered[r.ID] {
			t.Errorf("text rule %q has no row in this test", r.ID)
		}
	}
}

func TestLimitsOverrides(t *testing.T) {
	base := DefaultLimits()
	l := base.WithRule("bluesky.text.max_bytes", 10).Disable("bluesky.text.max_graphemes")
	if base != DefaultLimits() {
		t.Fatal("WithRule/Disable changed the original")
	}
	c := l.checkTargetAll(targetText{Platform: Bluesky, Shared: "twelve bytes"})
	if len(c.Errors) != 1 || c.Errors[0].Rule != "bluesky.text.max_bytes" || c.Errors[0].Code != apierror.CodePostTooLong {
		t.Errorf("bytes overridden to 10: %+v", c.Errors)
	}
	for _, u := range c.Posts[0].Units {
		if u.Rule == "bluesky.text.max_graphemes" {
			t.Error("a disabled rule was measured")
		}
	}
	if r, ok := l.Rule("bluesky.text.max_graphemes"); !ok || r.On || r.Limit != 300 {
		t.Errorf("Rule(disabled) = %+v %v", r, ok)
	}
	if r, ok := l.Rule("bluesky.text.max_bytes"); !ok || !r.On || r.Limit != 10 {
		t.Errorf("Rule(overridden) = %+v %v", r, ok)
	}
	if r, ok := l.Rule("no.such.rule"); ok || r.On || r.ID != "" {
		t.Errorf("Rule(unknown) = %+v %v", r, ok)
	}
	// WithRule on a primary rule is With's cap.
	if got := base.WithRule("twitter.text.max", 4000).For(Twitter).Cap; got != 4000 {
		t.Errorf("WithRule(twitter.text.max, 4000): cap %d", got)
	}
	// Back to the book: the same value as before.
	if back := l.WithRule("bluesky.text.max_bytes", 0).WithRule("bluesky.text.max_graphemes", 0); back != base {
		t.Errorf("restoring every rule does not give DefaultLimits: %+v", back)
	}
	if got := base.WithRule("no.such.rule", 3); got != base {
		t.Error("an unknown id changed the limits")
	}
	// A warning turned off raises nothing.
	c = base.Disable("pinterest.description.recommended").checkTargetAll(targetText{Platform: Pinterest, Shared: strings.Repeat("a", 600)})
	if len(c.Warnings) != 0 || len(c.Errors) != 0 {
		t.Errorf("600 characters with the warning off: %+v %+v", c.Errors, c.Warnings)
	}
}

// Measure reports the rule that fails, or the primary one.
func TestMeasureNamesTheFailingRule(t *testing.T) {
	family := "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466"
	m, err := DefaultLimits().Measure(Bluesky, strings.Repeat(family, 150))
	if err != nil || m.Rule != "bluesky.text.max_bytes" || m.Fits() || m.Length != 3750 {
		t.Errorf("150 family emoji on bluesky: %+v, %v; want 3750 bytes over bluesky.text.max_bytes (the issue's example)", m, err)
	}
	m, _ = DefaultLimits().Measure(Bluesky, "hi")
	if m.Rule != "bluesky.text.max_graphemes" || !m.Fits() {
		t.Errorf("a short post: %+v", m)
	}
}

func TestMeasureRule(t *testing.T) {
	m, err := DefaultLimits().MeasureRule("youtube.title.chars", "a <b>")
	if !m.Measures || !m.On || err != nil || m.Fits() || m.OverflowAt != 2 {
		t.Errorf("youtube.title.chars: %+v %v", m, err)
	}
	if m, _ := DefaultLimits().MeasureRule("youtube.media.exactly_one_video", "x"); m.Measures {
		t.Error("a media rule measures no string")
	}
	if m, _ := DefaultLimits().MeasureRule("no.such.rule", "x"); m != (RuleMeasurement{}) {
		t.Errorf("an unknown rule: %+v", m)
	}
	if m, _ := DefaultLimits().Disable("youtube.title.max").MeasureRule("youtube.title.max", "x"); !m.Measures || m.On || m.Measurement != (Measurement{}) {
		t.Errorf("a rule turned off: %+v", m)
	}
	m, _ = DefaultLimits().WithRule("youtube.title.max", 3).MeasureRule("youtube.title.max", "abcd")
	if m.Fits() || m.Cap != 3 || m.Counter != "utf16" {
		t.Errorf("overridden title: %+v", m)
	}
}

func TestMeasureAll(t *testing.T) {
	ms, err := withWeighted().MeasureAll(nil, Platforms(), "hello <world>")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, p := range Platforms() {
		n += len(textRules[p.index()])
	}
	if len(ms) != n {
		t.Fatalf("%d measurements, want one per text rule: %d", len(ms), n)
	}
	// Without X's counter, the one rule in its unit is skipped, as if off.
	if without, _ := DefaultLimits().MeasureAll(nil, Platforms(), "hello <world>"); len(without) != n-1 {
		t.Errorf("without X's counter: %d measurements, want %d", len(without), n-1)
	}
	for _, m := range ms {
		// "hello <world>" holds < and >: YouTube refuses them, LinkedIn's little text reserves them.
		if (m.Rule == "youtube.description.chars" || m.Rule == "linkedin.text.reserved") == m.Fits() {
			t.Errorf("%s: fits %v", m.Rule, m.Fits())
		}
	}
	if _, err := DefaultLimits().MeasureAll(nil, []Platform{"x"}, "a"); apierror.As(err) == nil || apierror.As(err).Code != apierror.CodeUnknownPlatform {
		t.Errorf("unknown platform: %v", err)
	}
	allocs := testing.AllocsPerRun(20, func() { ms, _ = DefaultLimits().MeasureAll(ms[:0], Platforms(), "hello \u00e9 https://a.io #x") })
	if allocs != 0 {
		t.Errorf("MeasureAll with a reused buffer allocates %v times, want 0", allocs)
	}
}

// Every check is an empty struct or a pointer (ruleCheck), never a value holding a func,
// slice or map: such a check would keep its func alive in every program that links the
// book (ruleCheck says why that matters). A Rule itself is not comparable since it lists
// its Sources. And a rule has a check exactly when its kind is kindOther; only twitter's
// media rules check the whole post too.
func TestRuleChecksAreMethodValues(t *testing.T) {
	posts := 0
	for _, r := range book {
		if r.check == nil {
			if r.kind == kindOther {
				t.Errorf("%s: a rule of kind other without a check", r.ID)
			}
			continue
		}
		if r.kind != kindOther {
			t.Errorf("%s: a text rule with a check", r.ID)
		}
		if ty := reflect.TypeOf(r.check); !ty.Comparable() {
			t.Errorf("%s: its check %v is not comparable", r.ID, ty)
		}
		if _, ok := r.check.(postCheck); ok {
			posts++
		}
	}
	if posts != 2 {
		t.Errorf("%d rules check the whole post, want twitter's 2 media rules", posts)
	}
}
