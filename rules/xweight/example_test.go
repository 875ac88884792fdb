package xweight_test

import (
	"fmt"
	"strings"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/xweight"
)

// A 200-character Japanese post: 200 graphemes, but 400 for X.
func Example() {
	post := strings.Repeat("東京は晴れ", 40)
	m, err := xweight.Default().Measure(post, 0)
	if err != nil {
		panic(err)
	}
	fmt.Println("graphemes:", rules.CountGraphemes(post))
	fmt.Println("x-weighted:", m.Length, "of", m.Cap, "fits:", m.Fits())
	fmt.Println("over the cap from byte", m.OverflowAt, "=", len("東")*140)
	// Output:
	// graphemes: 200
	// x-weighted: 400 of 280 fits: false
	// over the cap from byte 420 = 420
}

func ExampleParser_Parse() {
	r := xweight.Default().Parse("Read this 👉 https://example.com/a/very/long/path/indeed")
	fmt.Println(r.WeightedLength, r.Valid, r.Permillage)
	fmt.Println(r.DisplayRange, r.ValidRange)
	// Output:
	// 36 true 128
	// {0 55} {0 55}
}

func ExampleParser_Parse_emoji() {
	family := "👨‍👩‍👧‍👦" // 7 code points, 11 UTF-16 units
	fmt.Println("v3:", xweight.Default().Parse(family).WeightedLength)
	fmt.Println("v2:", xweight.New(xweight.ConfigV2()).Parse(family).WeightedLength)
	// Output:
	// v3: 2
	// v2: 11
}

func ExampleParser_Parse_invalid() {
	r := xweight.Default().Parse("ABC\uFFFFABC") // U+FFFF weighs 2 and makes the text invalid
	fmt.Println(r.WeightedLength, r.Valid, r.ValidRange)
	// Output: 8 false {0 2}
}

func ExampleParser_Measure() {
	c := xweight.Default()
	m, _ := c.Measure("Hello, world", 10)
	fmt.Println(m.Counter, m.Length, m.Cap, m.OverflowAt)

	_, err := c.Measure("bad \xff byte", 0)
	if e := apierror.As(err); e != nil {
		fmt.Println(e.Code, e.Offset)
	}
	// Output:
	// x-weighted 12 10 10
	// invalid_utf8 4
}

func ExampleNew() {
	cfg := xweight.ConfigV3()
	cfg.MaxWeightedTweetLength = 25000 // a longer limit, as for long posts
	r := xweight.New(cfg).Parse(strings.Repeat("あ", 300))
	fmt.Println(r.WeightedLength, r.Valid, r.Permillage)
	// Output: 600 true 24
}

// A 141-character Japanese post fits twitter's 280-grapheme cap, but X counts it as 282
// and refuses it: lent X's counter, the limits warn (rule twitter.text.x_weighted).
func ExampleParser_warning() {
	post := strings.Repeat("日", 141)
	limits := rules.DefaultLimits().WithCounter(xweight.Default())
	c := limits.CheckPost(&rules.Post{Content: post, Targets: []rules.PostTarget{{Platform: rules.Twitter}}}, nil)[0]
	fmt.Println(len(c.Errors))
	for _, w := range c.Warnings {
		fmt.Println(w.Rule)
		fmt.Println(w.Message)
	}
	// Output:
	// 0
	// twitter.text.x_weighted
	// warning: X counts the post as 282 of 280 (its weighted length; overflow begins at byte 420): X would refuse the post, though it fits this API's grapheme cap: X's own count (its weighted length: CJK and most emoji 2, a link 23) is over 280, or the post holds U+FFFE, U+FEFF or U+FFFF
}

// X refuses a post that holds U+FEFF, U+FFFE or U+FFFF whatever its length; the API's
// grapheme cap does not, so it is X's warning, not an error.
func ExampleParser_refusedCharacter() {
	limits := rules.DefaultLimits().WithCounter(xweight.Default())
	c := limits.CheckPost(&rules.Post{Content: "Hello\uFEFF world", Targets: []rules.PostTarget{{Platform: rules.Twitter}}}, nil)[0]
	fmt.Println(len(c.Errors))
	for _, w := range c.Warnings {
		fmt.Println(w.Rule, w.Code)
		fmt.Println(w.Message)
	}
	// Output:
	// 0
	// twitter.text.x_weighted invalid_character
	// warning: X refuses the post: it holds U+FEFF at byte 5: X would refuse the post, though it fits this API's grapheme cap: X's own count (its weighted length: CJK and most emoji 2, a link 23) is over 280, or the post holds U+FFFE, U+FEFF or U+FFFF
}
