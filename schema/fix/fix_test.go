package fix_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/postrules/postrules/schema"
	"github.com/postrules/postrules/schema/fix"
)

var now = time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)

// firstFix is the fix of the first problem or warning of rule in body's verdict.
func firstFix(t *testing.T, body string, rule string) (*fix.Fix, schema.Verdict) {
	t.Helper()
	v := schema.CheckCreatePost([]byte(body), schema.Env{Now: now})
	for _, p := range append(append([]schema.Problem{}, v.Problems...), v.Warnings...) {
		if p.Rule == rule || (rule == "" && p.Code == "invalid_scheduled_for") {
			return p.Fix, v
		}
	}
	t.Fatalf("no problem of rule %q in %s", rule, body)
	return nil, v
}

// has says whether v still reports rule (or, for "", a bad scheduledFor).
func has(v schema.Verdict, rule string) bool {
	for _, p := range append(append([]schema.Problem{}, v.Problems...), v.Warnings...) {
		if p.Rule == rule || (rule == "" && p.Code == "invalid_scheduled_for") {
			return true
		}
	}
	return false
}

func body(content string, targets ...string) string {
	c, _ := json.Marshal(content)
	return `{"content":` + string(c) + `,"platforms":[` + strings.Join(targets, ",") + `],"publishNow":true}`
}

// igBody is an instagram post of caption with an image.
func igBody(caption string) string {
	c, _ := json.Marshal(caption)
	return `{"content":` + string(c) + `,"platforms":[{"platform":"instagram"}],"mediaItems":[{"type":"image","url":"https://e.com/a.jpg"}],"publishNow":true}`
}

// tags is n items mark+number, a space apart: "#t1 #t2 #t3".
func tags(mark string, n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		if i > 1 {
			b.WriteByte(' ')
		}
		b.WriteString(mark + strconv.Itoa(i))
	}
	return b.String()
}

func TestOffer(t *testing.T) {
	long := strings.Repeat("word ", 70) // 350 graphemes
	tests := []struct {
		why, body, rule, desc string
		want                  string // a fragment the patched body must hold; "" for no fix
	}{
		{"a twitter post over its cap becomes a thread of the post's own target",
			body(long, `{"platform":"twitter"}`), "twitter.text.max", "Split into a thread of 2 posts", `"threadItems":[{"content":"word`},
		{"the shared content is kept for another platform: twitter gets its own content",
			body(long, `{"platform":"twitter"}`, `{"platform":"bluesky"}`), "twitter.text.max", "Split into a thread of 2 posts", `{"content":"word word`},
		{"a thread item over its cap: the rest goes in new items right after it",
			`{"content":"a","platforms":[{"platform":"twitter","platformSpecificData":{"threadItems":[{"content":"` + long + `"},{"content":"last"}]}}],"publishNow":true}`,
			"twitter.text.max", "Split into a thread of 2 posts", `{"content":"last"}`},
		{"LinkedIn's reserved characters are escaped, one backslash each",
			body("see (this) #now", `{"platform":"linkedin"}`), "linkedin.text.reserved", "Escape 3 characters LinkedIn reserves", `see \\(this\\) \\#now`},
		{"YouTube's < and > are removed from the description",
			`{"content":"a <b> c","platforms":[{"platform":"youtube","platformSpecificData":{"title":"t"}}],"mediaItems":[{"type":"video","url":"https://e.com/v.mp4"}],"publishNow":true}`,
			"youtube.description.chars", "Remove 2 characters YouTube refuses (< and >)", `"a b c"`},
		{"YouTube's < and > are removed from the title, the option the rule measures",
			`{"content":"a","platforms":[{"platform":"youtube","platformSpecificData":{"title":"<3 cats>"}}],"mediaItems":[{"type":"video","url":"https://e.com/v.mp4"}],"publishNow":true}`,
			"youtube.title.chars", "Remove 2 characters YouTube refuses (< and >)", `"title":"3 cats"`},
		{"a title over its cap is cut at a word boundary, measured by its rule (an option's problem carries no length)",
			`{"content":"a","platforms":[{"platform":"youtube","platformSpecificData":{"title":"` + strings.Repeat("word ", 24) + `last words"}}],"mediaItems":[{"type":"video","url":"https://e.com/v.mp4"}],"publishNow":true}`,
			"youtube.title.max", "Shorten at a word boundary, cutting", `"title":"word word`},
		{"an alt text entry over its cap: that entry is cut",
			`{"content":"a","platforms":[{"platform":"instagram","platformSpecificData":{"altText":["` + strings.Repeat("a cat ", 200) + `"]}}],"mediaItems":[{"type":"image","url":"https://e.com/a.jpg"}],"publishNow":true}`,
			"instagram.alt.max", "Shorten at a word boundary, cutting", `"altText":["a cat a cat`},
		{"a poll option over X's 25 is cut at a word boundary",
			`{"content":"a","platforms":[{"platform":"twitter","platformSpecificData":{"poll":{"options":["Yes, definitely the blue one","No"],"durationMinutes":60}}}],"publishNow":true}`,
			"twitter.poll", "Shorten at a word boundary, cutting 3 characters", `"options":["Yes, definitely the blue","No"]`},
		{"a text over its cap elsewhere is cut at a word boundary",
			body(strings.Repeat("ab ", 110), `{"platform":"bluesky"}`), "bluesky.text.max_graphemes", "Shorten at a word boundary", `"content":"ab ab`},
		{"an offset becomes the same instant in UTC",
			`{"content":"a","platforms":[{"platform":"bluesky"}],"scheduledFor":"2030-01-15T11:30+02:00"}`, "", "Give the time in UTC", `"2030-01-15T09:30:00Z"`},
		{"languages past Bluesky's 3: the first 3 are kept",
			`{"content":"a","platforms":[{"platform":"bluesky","platformSpecificData":{"langs":["en","de","fr","es","it"]}}],"publishNow":true}`,
			"bluesky.langs.max", "Remove 2 entries past the 3rd", `"langs":["en","de","fr"]`},
		{"collaborators past Instagram's 3",
			`{"content":"a","platforms":[{"platform":"instagram","platformSpecificData":{"collaborators":["a","b","c","d"]}}],"mediaItems":[{"type":"image","url":"https://e.com/a.jpg"}],"publishNow":true}`,
			"instagram.collaborators.max", "Remove 1 entry past the 3rd", `"collaborators":["a","b","c"]`},
		{"hashtags past Instagram's 30: the last 5 go, the first 30 stay",
			igBody(tags("#t", 35)), "instagram.hashtags.max", "Remove 5 hashtags past the 30th", `"content":"` + tags("#t", 30) + `"`},
		{"hashtags past Instagram's 5 of 2025-12 (the warning): the last 2 go",
			igBody(tags("#t", 7)), "instagram.hashtags.recommended", "Remove 2 hashtags past the 5th", `"content":"` + tags("#t", 5) + `"`},
		{"mentions past Instagram's 20",
			igBody(tags("@u", 22)), "instagram.mentions.max", "Remove 2 mentions past the 20th", `"content":"` + tags("@u", 20) + `"`},
		{"a second cashtag in an X post goes, with the space before it",
			body("buy $AAPL and $TSLA now", `{"platform":"twitter"}`), "twitter.cashtag.max", "Remove 1 cashtag past the 1st", `"content":"buy $AAPL and now"`},
		{"a cashtag in a thread item: the item's own text is patched",
			`{"content":"a","platforms":[{"platform":"twitter","platformSpecificData":{"threadItems":[{"content":"$A $B"}]}}],"publishNow":true}`,
			"twitter.cashtag.max", "Remove 1 cashtag past the 1st", `"threadItems":[{"content":"$A"}]`},
		{"a hashtag whose removal would make a mention of what follows it: no fix",
			igBody(tags("#t", 30) + " (#x@bob"), "instagram.hashtags.max", "", ""},
		{"a link over its cap is not cut, even at a space: a cut link points elsewhere",
			`{"content":"a","platforms":[{"platform":"pinterest","platformSpecificData":{"boardId":"1","link":"https://e.com/a b/` + strings.Repeat("x", 2100) + `"}}],"mediaItems":[{"type":"image","url":"https://e.com/a.jpg"}],"publishNow":true}`,
			"pinterest.link.max", "", ""},
		{"a single word over the cap has no boundary to cut at: no fix",
			body(strings.Repeat("a", 301), `{"platform":"bluesky"}`), "bluesky.text.max_graphemes", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.why, func(t *testing.T) {
			f, _ := firstFix(t, tt.body, tt.rule)
			if tt.want == "" {
				if f != nil {
					t.Fatalf("fix %+v, want none", f)
				}
				return
			}
			if f == nil {
				t.Fatal("no fix")
			}
			if !strings.HasPrefix(f.Description, tt.desc) || f.Rule != tt.rule {
				t.Errorf("fix %q of %q, want %q... of %q", f.Description, f.Rule, tt.desc, tt.rule)
			}
			out, err := fix.Apply([]byte(tt.body), f.Patch)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(out), tt.want) {
				t.Errorf("patched body %s lacks %s", out, tt.want)
			}
			v := schema.CheckCreatePost(out, schema.Env{Now: now})
			if has(v, tt.rule) {
				t.Errorf("the fix left its problem: %s", out)
			}
		})
	}
}

func TestApplyErrors(t *testing.T) {
	for _, op := range []fix.Op{
		{Op: "replace", Path: "/missing", Value: json.RawMessage(`1`)},
		{Op: "remove", Path: "/a/5"},
		{Op: "add", Path: "/a/9", Value: json.RawMessage(`1`)},
		{Op: "move", Path: "/a/0", Value: json.RawMessage(`1`)},
		{Op: "add", Path: "", Value: json.RawMessage(`1`)},
		{Op: "add", Path: "/a/0", Value: json.RawMessage(`{`)},
	} {
		if out, err := fix.Apply([]byte(`{"a":[1,2]}`), []fix.Op{op}); err == nil {
			t.Errorf("%+v gave %s, want an error", op, out)
		}
	}
	out, err := fix.Apply([]byte(`{"a":[1,2],"b":{"c":1}}`), []fix.Op{
		{Op: "add", Path: "/a/1", Value: json.RawMessage(`9`)},
		{Op: "remove", Path: "/a/0"},
		{Op: "remove", Path: "/b/c"},
		{Op: "add", Path: "/b/d~1e", Value: json.RawMessage(`"x"`)},
	})
	if err != nil || string(out) != `{"a":[9,2],"b":{"d/e":"x"}}` {
		t.Errorf("got %s, %v", out, err)
	}
}

// TestDropCountedSpaces: each item past the count goes with exactly one white space beside
// it, so the text keeps no double space and no empty line where it was.
func TestDropCountedSpaces(t *testing.T) {
	tests := []struct{ why, text, want string }{
		{"the space before an item goes with it", "$A $B $C", "$A"},
		{"at the start of a line, the line break before it", "$A x\n$B\ny", "$A x\ny"},
		{"a tab counts as a space", "$A\t$B end", "$A end"},
		{"punctuation after an item stays", "$A, $B!", "$A,!"},
		{"an item first on its line keeps that line break when a space follows it", "$A\n$B and more", "$A\nand more"},
		{"text between the items is kept as it was", "$A  double  $B tail", "$A  double  tail"},
	}
	for _, tt := range tests {
		t.Run(tt.why, func(t *testing.T) {
			b := body(tt.text, `{"platform":"twitter"}`)
			f, _ := firstFix(t, b, "twitter.cashtag.max")
			if f == nil {
				t.Fatal("no fix")
			}
			out, err := fix.Apply([]byte(b), f.Patch)
			if err != nil {
				t.Fatal(err)
			}
			var got struct{ Content string }
			if err := json.Unmarshal(out, &got); err != nil || got.Content != tt.want {
				t.Errorf("%q became %q, want %q (%v)", tt.text, got.Content, tt.want, err)
			}
		})
	}
}

// TestScheduledForForms: which forms of a time the grammar refuses get their canonical
// form, and which need or get none.
func TestScheduledForForms(t *testing.T) {
	tests := []struct{ why, in, want string }{
		{"an offset of zero is still no Z", "2030-01-15T09:30+00:00", "2030-01-15T09:30:00Z"},
		{"an offset with a fraction keeps the fraction", "2030-01-15T09:30:00.5-05:00", "2030-01-15T14:30:00.5Z"},
		{"no zone at all names no instant: no fix", "2030-01-15T09:30", ""},
		{"RFC 3339's lower-case t and z name the same time", "2030-01-15t09:30z", "2030-01-15T09:30:00Z"},
		{"a space for the T is no RFC 3339: no fix", "2030-01-15 09:30Z", ""},
	}
	for _, tt := range tests {
		t.Run(tt.why, func(t *testing.T) {
			b := `{"content":"a","platforms":[{"platform":"bluesky"}],"scheduledFor":"` + tt.in + `"}`
			f, _ := firstFix(t, b, "")
			switch {
			case tt.want == "" && f != nil:
				t.Fatalf("fix %+v, want none", f)
			case tt.want == "":
			case f == nil || len(f.Patch) != 1 || string(f.Patch[0].Value) != `"`+tt.want+`"`:
				t.Fatalf("fix %+v, want %s", f, tt.want)
			}
		})
	}
	// Without seconds, a time in Z is the grammar's own: nothing to fix.
	v := schema.CheckCreatePost([]byte(`{"content":"a","platforms":[{"platform":"bluesky"}],"scheduledFor":"2030-01-15T09:30Z"}`), schema.Env{Now: now})
	if !v.Valid {
		t.Errorf("a time without seconds is refused: %+v", v.Problems)
	}
}
