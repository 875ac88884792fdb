package rules_test

import (
	"fmt"
	"strings"

	"github.com/postrules/postrules/rules"
)

func ExampleTextRules() {
	for _, r := range rules.TextRules() {
		if r.Platform == rules.Bluesky && r.Limit > 0 && r.Severity == rules.SeverityError {
			fmt.Println(r.ID, r.Limit, r.Unit)
		}
	}
	// Output:
	// bluesky.text.max_graphemes 300 graphemes
	// bluesky.text.max_bytes 3000 bytes
	// bluesky.media.max_images 10 items
	// bluesky.langs.max 3 items
}

func ExampleRuleByID() {
	r, ok := rules.RuleByID("threads.text.max")
	fmt.Println(ok, r.Limit, r.Unit, r.Severity)
	// Output: true 500 bytes error
}

// The issue's example: 150 family emoji are 150 graphemes, well under Bluesky's 300, and
// 3,750 UTF-8 bytes, over its 3,000.
func ExampleLimits_Measure_bytes() {
	family := "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466"
	m, _ := rules.DefaultLimits().Measure(rules.Bluesky, strings.Repeat(family, 150))
	fmt.Println(m.Rule, m.Length, m.Cap, m.Fits())
	// Output: bluesky.text.max_bytes 3750 3000 false
}

// An API whose own limits differ: a longer Bluesky byte limit, and no hashtag warning.
func ExampleLimits_WithRule() {
	limits := rules.DefaultLimits().WithRule("bluesky.text.max_bytes", 10000).Disable("instagram.hashtags.recommended")
	r, _ := limits.Rule("bluesky.text.max_bytes")
	fmt.Println(r.Limit, r.On)
	r, _ = limits.Rule("instagram.hashtags.recommended")
	fmt.Println(r.On)
	// Output:
	// 10000 true
	// false
}

// The composer's call per keystroke: every text rule of every selected platform, into a
// buffer reused between calls.
func ExampleLimits_MeasureAll() {
	buf := make([]rules.Measurement, 0, 32)
	buf, _ = rules.DefaultLimits().MeasureAll(buf[:0], []rules.Platform{rules.Threads, rules.YouTube}, "Preview <today> \u00e9t\u00e9")
	for _, m := range buf {
		fmt.Println(m.Rule, m.Counter, m.Length, m.Cap, m.Fits())
	}
	// Output:
	// threads.text.max bytes 21 500 true
	// threads.links.max links 0 5 true
	// threads.links.recommended links 0 3 true
	// youtube.description.max bytes 21 5000 true
	// youtube.description.chars forbidden 2 0 false
}

func ExampleCounterByName() {
	for _, name := range []string{"graphemes", "codepoints", "utf16", "bytes"} {
		c, _ := rules.CounterByName(name)
		m, _ := c.Measure("\U0001F44D\U0001F3FD", 10) // thumbs up, medium skin tone
		fmt.Println(name, m.Length)
	}
	// Output:
	// graphemes 1
	// codepoints 2
	// utf16 4
	// bytes 8
}

func ExampleLimits_CheckPost_warning() {
	post := rules.Post{Content: "New drop #a #b #c #d #e #f", Targets: []rules.PostTarget{{Platform: rules.Instagram}}}
	c := rules.DefaultLimits().CheckPost(&post, nil)[0]
	fmt.Println(len(c.Errors), c.Warnings[0].Rule)
	// Output: 0 instagram.hashtags.recommended
}

// LinkedIn's little text format reserves ( ) # @ and others in a post's commentary: sent
// bare, LinkedIn may cut the post at the first one. Escaped, it shows them as written.
func ExampleEscapeLittleText() {
	post := "Our launch (finally) #shipit"
	linkedin := []rules.PostTarget{{Platform: rules.LinkedIn}}
	check := rules.DefaultLimits().CheckPost(&rules.Post{Content: post, Targets: linkedin}, nil)[0]
	fmt.Println(len(check.Warnings), check.Warnings[0].Rule)

	escaped := rules.EscapeLittleText(post)
	fmt.Println(escaped)
	check = rules.DefaultLimits().CheckPost(&rules.Post{Content: escaped, Targets: linkedin}, nil)[0]
	fmt.Println(len(check.Warnings))
	// Output:
	// 1 linkedin.text.reserved
	// Our launch \(finally\) \#shipit
	// 0
}
