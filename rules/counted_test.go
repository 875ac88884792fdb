package rules_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/postrules/postrules/rules"
)

func rule(t testing.TB, id string) rules.Rule {
	t.Helper()
	r, ok := rules.RuleByID(id)
	if !ok {
		t.Fatalf("no rule %s", id)
	}
	return r
}

// spans lists Counted's spans as the texts they cover.
func spans(r rules.Rule, text string) []string {
	var out []string
	for s := range r.Counted(text) {
		out = append(out, text[s.Start:s.End])
	}
	return out
}

func TestCounted(t *testing.T) {
	tests := []struct {
		why, rule, text string
		want            []string
	}{
		{"hashtags in order, each from its mark to its end", "instagram.hashtags.max", "a #one, #two. b", []string{"#one", "#two"}},
		{"a hashtag of digits or inside a word is none (twitter-text)", "instagram.hashtags.max", "#123 a#b #ok", []string{"#ok"}},
		{"a full-width mark begins a hashtag", "instagram.hashtags.recommended", "＃タグ x", []string{"＃タグ"}},
		{"a hashtag rule counts no mention", "instagram.hashtags.max", "@bob #x", []string{"#x"}},
		{"mentions, a list with its slug", "instagram.mentions.max", "hi @bob and @ann/friends", []string{"@bob", "@ann/friends"}},
		{"cashtags", "twitter.cashtag.max", "$AAPL and $TSLA.", []string{"$AAPL", "$TSLA"}},
		{"a link's fragment is no hashtag", "instagram.hashtags.max", "https://e.com/#frag #real", []string{"#real"}},
		{"a links rule counts unique links, not items: nothing", "threads.links.max", "https://a.io https://b.io", nil},
		{"a length rule counts no items", "instagram.caption.max", "#a #b", nil},
		{"an empty text", "instagram.hashtags.max", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.why, func(t *testing.T) {
			got := spans(rule(t, tt.rule), tt.text)
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("%q: got %q, want %q", tt.text, got, tt.want)
			}
		})
	}
	// Breaking off early stops the scan (the iterator honours yield's false).
	n := 0
	for range rule(t, "instagram.hashtags.max").Counted("#a #b #c") {
		n++
		break
	}
	if n != 1 {
		t.Errorf("break: %d items", n)
	}
}

// countPieces make texts with every kind of item and things that look like them.
var countPieces = []string{"#tag ", "@bob ", "$AAPL ", "a#b ", "#12 ", "＃タグ ", "https://a.io/#x ", "word ", "é", "\n", "@ann/list ", "$x ", "#", "@"}

// TestCountedAgreesWithMeasure: for every count rule of the book, Counted yields as many
// items as the rule's measure counts, and the (Limit+1)-th starts at its OverflowAt.
func TestCountedAgreesWithMeasure(t *testing.T) {
	var counting []rules.Rule
	for _, r := range rules.TextRules() {
		if r.Unit == "hashtags" || r.Unit == "mentions" || r.Unit == "cashtags" {
			counting = append(counting, r)
		}
	}
	if len(counting) < 4 {
		t.Fatalf("%d count rules: the book has at least 4", len(counting))
	}
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 300
	properties := gopter.NewProperties(params)
	properties.Property("Counted agrees with the rule's measure", prop.ForAll(
		func(idx []int, limit int) bool {
			var b strings.Builder
			for _, i := range idx {
				b.WriteString(countPieces[i])
			}
			text := b.String()
			for _, r := range counting {
				lim := rules.DefaultLimits().WithRule(r.ID, limit)
				m, err := lim.MeasureRule(r.ID, text)
				if err != nil {
					return false
				}
				n, at := 0, -1
				for s := range r.Counted(text) {
					if n == limit {
						at = s.Start
					}
					n++
				}
				if n != m.Length || at != m.OverflowAt {
					t.Logf("%s on %q limit %d: Counted %d items, overflow %d; measure %d, %d", r.ID, text, limit, n, at, m.Length, m.OverflowAt)
					return false
				}
			}
			return true
		},
		gen.SliceOfN(60, gen.IntRange(0, len(countPieces)-1)),
		gen.IntRange(1, 12),
	))
	properties.TestingRun(t)
}

// BenchmarkCounted scans a caption of 100,000 hashtags: the cost is one pass, linear in
// the text, whatever the count.
func BenchmarkCounted(b *testing.B) {
	r := rule(b, "instagram.hashtags.max")
	for _, n := range []int{1000, 100_000} {
		text := strings.Repeat("#tag ", n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				k := 0
				for range r.Counted(text) {
					k++
				}
				if k != n {
					b.Fatal(k)
				}
			}
		})
	}
}

// The hashtags of a caption past Instagram's 30, as Counted finds them.
func ExampleRule_Counted() {
	r, _ := rules.RuleByID("instagram.hashtags.max")
	caption := "Sunset #beach #sun and #123 (no hashtag: digits only) #sea"
	for s := range r.Counted(caption) {
		fmt.Println(s.Start, s.End, caption[s.Start:s.End])
	}
	// Output:
	// 7 13 #beach
	// 14 18 #sun
	// 54 58 #sea
}
