package rules_test

import (
	"fmt"
	"strings"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

func ExampleCountGraphemes() {
	fmt.Println(rules.CountGraphemes("hello"))
	fmt.Println(rules.CountGraphemes("cafe\u0301"))                                 // e + combining acute accent
	fmt.Println(rules.CountGraphemes("\U0001F468\u200d\U0001F469\u200d\U0001F467")) // a family joined with ZWJ
	fmt.Println(rules.CountGraphemes("\U0001F1EB\U0001F1F7 \u65e5\u672c"))          // a flag, a space, two CJK ideographs
	fmt.Println(rules.CountGraphemes("line\r\n"))                                   // CR LF is one cluster
	// Output:
	// 5
	// 4
	// 1
	// 4
	// 5
}

func ExampleLimits_Measure() {
	limits := rules.DefaultLimits()
	m, err := limits.Measure(rules.Twitter, strings.Repeat("\u00e9", 300))
	fmt.Println(m.Length, m.Cap, m.Fits(), m.OverflowAt, err)

	// A text of at most 32*cap bytes is measured in full, however far over the cap.
	m, _ = limits.Measure(rules.Twitter, strings.Repeat("a", 3000)) // a pasted draft
	fmt.Println(m.Length, m.Exact, m.OverflowAt)

	// A longer one is counted up to 2*cap clusters: "more than 560".
	m, _ = limits.Measure(rules.Twitter, strings.Repeat("a", 1<<20)) // 1 MiB: counting stops early
	fmt.Println(m.Length, m.Exact, m.OverflowAt)

	_, err = limits.Measure(rules.Twitter, "ok\xff")
	if e := apierror.As(err); e != nil {
		fmt.Println(e.Code, e.Offset)
	}
	// Output:
	// 300 280 false 560 <nil>
	// 3000 true 280
	// 560 false 280
	// invalid_utf8 2
}

func ExampleLimits_With() {
	defaults := rules.DefaultLimits()
	strict := defaults.With(rules.Bluesky, rules.Limit{Cap: 10}) // nil Counter: graphemes

	fmt.Println(defaults.For(rules.Bluesky).Cap, strict.For(rules.Bluesky).Cap)
	fmt.Println(strict.For(rules.Bluesky).Counter.Name())
	m, _ := strict.Measure(rules.Bluesky, "hello world")
	fmt.Println(m.Length, m.Fits())
	// Output:
	// 300 10
	// graphemes
	// 11 false
}

func ExampleLimits_CheckPost_thread() {
	own := "Thread time \U0001F9F5"
	post := rules.Post{Content: "Hello everyone", Targets: []rules.PostTarget{{
		Index:    1,
		Platform: rules.Twitter,
		Content:  &own,
		Twitter: &rules.TwitterView{ThreadItems: []rules.ThreadItemView{
			{Content: "Part two"}, {Content: strings.Repeat("long ", 70)},
		}},
	}}}
	checks := rules.DefaultLimits().CheckPost(&post, nil)
	posts, errs := checks[0].Posts, checks[0].Errors
	for _, p := range posts {
		fmt.Println(p.Path, p.Length, p.Fits())
	}
	for _, e := range errs {
		fmt.Println(e.HTTPStatus, e.Code, e.Path, e.Offset)
		fmt.Println(e.Message)
	}
	// Output:
	// /platforms/1/content 13 true
	// /platforms/1/platformSpecificData/threadItems/0/content 8 true
	// /platforms/1/platformSpecificData/threadItems/1/content 350 false
	// 400 post_too_long /platforms/1/platformSpecificData/threadItems/1/content 280
	// post 3 of the thread is 350 graphemes; the cap for twitter is 280 (overflow begins at byte 280)
}

func ExampleGraphemeCounter() {
	m, err := rules.GraphemeCounter().Measure("e\u0301te\u0301", 2)
	fmt.Println(m.Counter, m.Length, m.Exact, m.OverflowAt, err)
	// Output:
	// graphemes 3 true 4 <nil>
}

func ExampleLimits_CheckPost() {
	// Three targets post one shared content: it is measured once per platform (twice
	// here), not once per target.
	own := "short"
	post := rules.Post{Content: strings.Repeat("a", 290), Targets: []rules.PostTarget{
		{Index: 0, Platform: rules.Twitter},
		{Index: 1, Platform: rules.Bluesky},
		{Index: 2, Platform: rules.Twitter, Content: &own},
	}}
	checks := rules.DefaultLimits().CheckPost(&post, nil)
	for _, c := range checks {
		fmt.Println(c.Posts[0].Path, c.Posts[0].Length, c.Posts[0].Fits(), len(c.Errors))
	}
	// Output:
	// /content 290 false 1
	// /content 290 true 0
	// /platforms/2/content 5 true 0
}
