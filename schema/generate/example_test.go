package generate_test

import (
	"encoding/json"
	"fmt"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/schema/generate"
)

// toyHandler is a create-post handler of the kind a team writes for its own API: it
// answers 202 or 400 by the twitter cap. Its bug is planted: a thread item is refused only
// past one grapheme over the cap.
func toyHandler(body []byte) int {
	var req struct {
		Content   string `json:"content"`
		Platforms []struct {
			Platform             string  `json:"platform"`
			Content              *string `json:"content"`
			PlatformSpecificData struct {
				ThreadItems []struct {
					Content string `json:"content"`
				} `json:"threadItems"`
			} `json:"platformSpecificData"`
		} `json:"platforms"`
	}
	if json.Unmarshal(body, &req) != nil {
		return 400
	}
	limit := 0
	if r, ok := rules.RuleByID("twitter.text.max"); ok {
		limit = r.Limit
	}
	for _, t := range req.Platforms {
		text := req.Content
		if t.Content != nil {
			text = *t.Content
		}
		if rules.CountGraphemes(text) > limit {
			return 400
		}
		for _, it := range t.PlatformSpecificData.ThreadItems {
			if rules.CountGraphemes(it.Content) > limit+1 { // the planted bug: should be > limit
				return 400
			}
		}
	}
	return 202
}

// The property: every body the book refuses for twitter.text.max, the handler refuses
// too. gopter finds a body the handler takes and shrinks it, keeping the promise, to a
// short post with one thread item one grapheme over the cap.
func Example_plantedBug() {
	twitter := generate.Options{Platforms: []rules.Platform{rules.Twitter}}
	tooLong, _ := generate.Gen("twitter.text.max", twitter)
	params := gopter.DefaultTestParametersWithSeed(36)
	params.MaxSize = 256
	res := prop.ForAll(func(c *generate.Case) bool {
		return toyHandler(c.Body) == c.Check().HTTPStatus
	}, tooLong).Check(params)

	found := res.Args[0].Arg.(*generate.Case)
	v := found.Check()
	fmt.Println("falsified:", res.Status == gopter.TestFailed)
	fmt.Println("the book answers:", v.HTTPStatus, v.Problems[0].Code, "at", v.Problems[0].Path)
	fmt.Println("over the cap by:", v.Problems[0].Length.Length-v.Problems[0].Length.Cap, v.Problems[0].Length.Counter)
	fmt.Println("the handler answers:", toyHandler(found.Body))
	// Output:
	// falsified: true
	// the book answers: 400 post_too_long at /platforms/0/platformSpecificData/threadItems/0/content
	// over the cap by: 1 graphemes
	// the handler answers: 202
}

// Build with no choices builds a generator's plainest case: every choice read as zero.
func ExampleBuild() {
	c, _ := generate.Build(generate.Valid, generate.Options{}, nil)
	fmt.Println(string(c.Body))
	fmt.Println(c.Keeps(c.Check()))
	// Output:
	// {"platforms":[{"platform":"twitter","content":"hello"}],"publishNow":true}
	// <nil>
}

// Sample draws cases from a seed: a server's test replays each against its handler.
func ExampleSample() {
	cases, _ := generate.Sample("ambiguous_account", generate.Options{Platforms: []rules.Platform{rules.Bluesky}}, 7, 3)
	for _, c := range cases {
		v := c.Check()
		fmt.Println(v.HTTPStatus, v.Problems[0].Code, v.Problems[0].Path, len(c.Accounts))
	}
	// Output:
	// 409 ambiguous_account /platforms/0/platform 2
	// 409 ambiguous_account /platforms/0/platform 2
	// 409 ambiguous_account /platforms/0/platform 3
}

// Feasible says when one body cannot target some platforms together.
func ExampleFeasible() {
	fmt.Println(generate.Feasible([]rules.Platform{rules.Twitter, rules.Bluesky}))
	fmt.Println(generate.Feasible([]rules.Platform{rules.YouTube, rules.GoogleBusiness}))
	fmt.Println(generate.Feasible([]rules.Platform{"myspace"}))
	// Output:
	// <nil>
	// <nil>
	// "myspace" is not a platform
}

// Expectations are what --expect takes: valid, valid-draft, codes and rule ids.
func ExampleExpectations() {
	names := map[string]bool{}
	for _, n := range generate.Expectations() {
		names[n] = true
	}
	fmt.Println(names["valid"], names["post_too_long"], names["bluesky.text.max_bytes"], names["rate_limited"])
	// Output: true true true false
}

// Keeps checks a verdict against the case's promise: here a handler's answer, made into
// a verdict, that takes a body the book refuses.
func ExampleCase_Keeps() {
	c, _ := generate.Build("scheduled_in_past", generate.Options{Platforms: []rules.Platform{rules.Threads}}, nil)
	v := c.Check()
	fmt.Println(c.Keeps(v))
	v.Valid, v.HTTPStatus, v.Problems = true, 202, nil
	fmt.Println(c.Keeps(v))
	// Output:
	// <nil>
	// scheduled_in_past: promised scheduled_in_past at "/scheduledFor", got valid
}

// Line is a case as validate gen writes it, for a suite in another language.
func ExampleCase_Line() {
	c, _ := generate.Build("unknown_field", generate.Options{Platforms: []rules.Platform{rules.Facebook}}, nil)
	b, _ := json.Marshal(c.Line(c.Check(), 1, 0))
	fmt.Println(string(b))
	// Output:
	// {"generator":"unknown_field","endpoint":"create-post","body":"{\"platforms\":[{\"platform\":\"facebook\",\"content\":\"hello\"}],\"publishNow\":true,\"extra\":1}","valid":false,"httpStatus":400,"code":"unknown_field","path":"/extra","env":{"now":"2026-11-28T09:30:00Z","accounts":[{"platform":"facebook","accountId":"facebook-1"}]},"seed":1,"index":0}
}

// Gen is a gopter generator: use it in a property like any other.
func ExampleGen() {
	g, _ := generate.Gen(generate.ValidDraft, generate.Options{})
	params := gopter.DefaultTestParametersWithSeed(1)
	params.MinSuccessfulTests = 20
	res := prop.ForAll(func(c *generate.Case) bool { return c.Check().Valid }, g).Check(params)
	fmt.Println(res.Passed(), res.Succeeded)
	// Output: true 20
}
