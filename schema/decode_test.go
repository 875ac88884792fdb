package schema

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/postrules/postrules/rules"
)

// found renders problems as "code path" lines for comparison.
func found(ps []*rules.Error) []string {
	out := []string{}
	for _, p := range ps {
		out = append(out, string(p.Code)+" "+p.Path)
	}
	return out
}

const okTarget = `"platforms":[{"platform":"twitter"}],"publishNow":true`

func TestDecodeProblems(t *testing.T) {
	cases := []struct {
		why  string
		body string
		want []string
		msg  string // a substring of the first problem's message
	}{
		{"malformed JSON names the byte offset", `{"content":"x",}`, []string{"malformed_json "}, "at byte 15"},
		{"malformed JSON inside a member: path of the innermost value", `{"platforms":[{"platform":tw}]}`, []string{"malformed_json /platforms/0/platform"}, "at byte 26"},
		{"malformed JSON wins over other problems: nothing else is trusted", `{"Content":1,"x":`, []string{"malformed_json /x"}, "end of input"},
		{"top level array", `[{"content":"x"}]`, []string{"invalid_body "}, "an array"},
		{"top level string", `"hello"`, []string{"invalid_body "}, "a string"},
		{"top level null", ` null `, []string{"invalid_body "}, "null"},
		{"empty body", " \n", []string{"malformed_json "}, "empty"},
		{"trailing data", `{"content":"x"}{}`, []string{"malformed_json "}, "at byte 15"},
		{"unknown field with a suggestion", `{"content":"x",` + okTarget + `,"scheduleFor":"2026-01-01T00:00Z"}`, []string{"unknown_field /scheduleFor"}, `did you mean "scheduledFor"`},
		{"unknown field without a suggestion lists the fields", `{"content":"x",` + okTarget + `,"banana":1}`, []string{"unknown_field /banana"}, "the fields here are content, mediaItems"},
		{"unknown nested field", `{"content":"x","publishNow":true,"platforms":[{"platform":"twitter","acountId":"a"}]}`, []string{"unknown_field /platforms/0/acountId"}, `did you mean "accountId"`},
		{"case mismatch, top level", `{"Content":"x",` + okTarget + `}`, []string{"field_case_mismatch /Content"}, `"content"`},
		{"case mismatch, nested; not also missing", `{"content":"x","publishNow":true,"platforms":[{"Platform":"twitter"}]}`, []string{"field_case_mismatch /platforms/0/Platform"}, `"platform"`},
		{"a close name is not also missing", `{"content":"x",` + okTarget + `,"mediaItems":[{"typ":"image","url":"https://a.example/"}]}`, []string{"unknown_field /mediaItems/0/typ"}, `"type"`},
		{"malformed inside an unknown member's value", `{"content":"x","extra":{"a":[1,}}`, []string{"malformed_json /extra"}, "at byte 31"},
		{"duplicate names", `{"content":"x","content":"y",` + okTarget + `}`, []string{"duplicate_field /content"}, "more than once"},
		{"duplicate through an escape", `{"content":"x","\u0063ontent":"y",` + okTarget + `}`, []string{"duplicate_field /content"}, ""},
		{"wrong type: string for boolean", `{"content":"x","platforms":[{"platform":"twitter"}],"publishNow":"yes"}`, []string{"wrong_type /publishNow"}, "expected a boolean"},
		{"wrong type: number for string", `{"content":5,` + okTarget + `}`, []string{"wrong_type /content"}, "found a number"},
		{"wrong type: null is not absent", `{"content":"x",` + okTarget + `,"scheduledFor":null}`, []string{"wrong_type /scheduledFor"}, "found null"},
		{"wrong type: object for array", `{"content":"x","platforms":{"platform":"twitter"},"publishNow":true}`, []string{"wrong_type /platforms"}, "expected an array"},
		{"wrong type: array element", `{"content":"x","platforms":["twitter"],"publishNow":true}`, []string{"wrong_type /platforms/0"}, "expected an object"},
		{"wrong type: fractional minutes", `{"content":"x","publishNow":true,"platforms":[{"platform":"twitter","platformSpecificData":{"poll":{"options":["a","b"],"durationMinutes":60.5}}}]}`, []string{"wrong_type /platforms/0/platformSpecificData/poll/durationMinutes"}, "whole number"},
		{"invalid UTF-8 in a value", "{\"content\":\"a\xffb\"," + okTarget + "}", []string{"invalid_utf8 /content"}, "byte 13"},
		{"invalid UTF-8 in a name", "{\"c\xffntent\":\"x\"," + okTarget + "}", []string{"invalid_utf8 /c\uFFFDntent"}, ""},
		{"lone surrogate escape", `{"content":"a\udc00",` + okTarget + `}`, []string{"invalid_string /content"}, `\udc00`},
		{"surrogate pair is fine", `{"content":"\ud83d\ude00",` + okTarget + `}`, []string{}, ""},
		{"missing required names", `{"content":"x",` + okTarget + `,"mediaItems":[{"thumbnail":"https://a.example/t.png"}]}`, []string{"missing_field /mediaItems/0/type", "missing_field /mediaItems/0/url"}, "required"},
		{"missing platform", `{"content":"x","publishNow":true,"platforms":[{"accountId":"a"}]}`, []string{"missing_field /platforms/0/platform"}, ""},
		{"other platforms' data must be an object", `{"content":"x","publishNow":true,"platforms":[{"platform":"linkedin","platformSpecificData":[1]}]}`, []string{"wrong_type /platforms/0/platformSpecificData"}, ""},
		{"other platforms' data: duplicate names inside", `{"content":"x","publishNow":true,"platforms":[{"platform":"linkedin","platformSpecificData":{"a":{"b":1,"b":2}}}]}`, []string{"duplicate_field /platforms/0/platformSpecificData/a/b"}, ""},
		{"other platforms' data: bad strings inside", `{"content":"x","publishNow":true,"platforms":[{"platform":"youtube","platformSpecificData":{"t":["\ud800"]}}]}`, []string{"invalid_string /platforms/0/platformSpecificData/t/0"}, ""},
		{"twitter data decoded after the platform is known", `{"content":"x","publishNow":true,"platforms":[{"platformSpecificData":{"replySetings":"verified"},"platform":"twitter"}]}`, []string{"unknown_field /platforms/0/platformSpecificData/replySetings"}, `"replySettings"`},
		{"JSON pointer escapes ~ and /", `{"content":"x",` + okTarget + `,"a/b~c":1}`, []string{"unknown_field /a~1b~0c"}, ""},
		{"several problems at once, document order", `{"Content":"x","publishNow":"yes","platforms":[{"platform":"twitter","foo":1}],"content":"y","content":"z"}`,
			[]string{"field_case_mismatch /Content", "wrong_type /publishNow", "unknown_field /platforms/0/foo", "duplicate_field /content"}, ""},
	}
	for _, c := range cases {
		_, d := decodeCreatePost([]byte(c.body), 0, "")
		got := found(d.all())
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\n body %s\n got  %q\n want %q", c.why, c.body, got, c.want)
			continue
		}
		if c.msg != "" && !strings.Contains(d.all()[0].Message, c.msg) {
			t.Errorf("%s: message %q lacks %q", c.why, d.all()[0].Message, c.msg)
		}
		for _, p := range d.all() {
			if p.Status != 400 {
				t.Errorf("%s: %s is HTTP %d, want 400", c.why, p.Code, p.Status)
			}
		}
	}
}

func TestDecodeLimits(t *testing.T) {
	deep := `{"content":"x","publishNow":true,"platforms":[{"platform":"linkedin","platformSpecificData":` +
		strings.Repeat(`{"a":`, 40) + "1" + strings.Repeat("}", 40) + `}]}`
	_, d := decodeCreatePost([]byte(deep), 0, "")
	if got := found(d.all()); len(got) != 1 || got[0] != "too_deep /platforms/0/platformSpecificData" {
		t.Errorf("too deep: %q", got)
	}
	// Exactly MaxDepth levels is fine: root(1) platforms(2) target(3) data(4) + 28 = 32.
	ok := `{"content":"x","publishNow":true,"platforms":[{"platform":"linkedin","platformSpecificData":` +
		strings.Repeat(`{"a":`, 28) + "1" + strings.Repeat("}", 28) + `}]}`
	if _, d := decodeCreatePost([]byte(ok), 0, ""); len(d.all()) != 0 {
		t.Errorf("32 levels: %q", found(d.all()))
	}

	body := []byte(`{"content":"` + strings.Repeat("a", DefaultMaxBodyBytes) + `"}`)
	_, d = decodeCreatePost(body, 0, "")
	if got := found(d.all()); !reflect.DeepEqual(got, []string{"body_too_large "}) {
		t.Errorf("over 1 MiB: %q", got)
	}
	small := []byte(`{"content":"0123456789",` + okTarget + `}`)
	if _, d := decodeCreatePost(small, 20, ""); !reflect.DeepEqual(found(d.all()), []string{"body_too_large "}) {
		t.Errorf("configured limit 20: %q", found(d.all()))
	}
	if _, d := decodeCreatePost(small, len(small), ""); len(d.all()) != 0 {
		t.Errorf("body exactly at the limit: %q", found(d.all()))
	}
	// Problems are capped, so a body of unknown names gets a bounded answer.
	many := `{"content":"x",` + okTarget + strings.Repeat(`,"zz":1`, 5000) + `}`
	if _, d := decodeCreatePost([]byte(many), 0, ""); len(d.all()) != maxProblems {
		t.Errorf("5000 unknown names: %d problems, want %d", len(d.all()), maxProblems)
	}
}

func TestDecodeValues(t *testing.T) {
	body := `{"content":"hi \u00e9","mediaItems":[{"type":"image","url":"https://a.example/1.png"}],
	"platforms":[
	 {"platform":"twitter","accountId":"t1","content":"","platformSpecificData":{
	   "communityId":"c","shareWithFollowers":true,"replyToTweetId":"9","replySettings":"verified",
	   "threadItems":[{"content":"two","mediaItems":[{"type":"gif","url":"http://g.example/x.gif"}]}],
	   "poll":{"options":["a","b"],"durationMinutes":60}}},
	 {"platform":"linkedin","platformSpecificData":{ "visibility" : "PUBLIC" }}],
	"scheduledFor":"2026-01-02T03:04:05Z","timezone":"Europe/Paris"}`
	p, d := decodeCreatePost([]byte(body), 0, "")
	if len(d.all()) != 0 {
		t.Fatalf("problems: %q", found(d.all()))
	}
	str := func(s string) *string { return &s }
	want := &CreatePost{
		Content:    "hi é",
		MediaItems: []MediaItem{{Type: "image", URL: "https://a.example/1.png"}},
		Platforms: []PlatformTarget{
			{Platform: rules.Twitter, AccountID: str("t1"), Content: str(""), Twitter: &TwitterOptions{
				CommunityID: str("c"), ShareWithFollowers: true, ReplyToTweetID: str("9"), ReplySettings: str("verified"),
				ThreadItems: []ThreadItem{{Content: "two", MediaItems: []MediaItem{{Type: "gif", URL: "http://g.example/x.gif"}}}},
				Poll:        &Poll{Options: []string{"a", "b"}, DurationMinutes: 60},
			}},
			{Platform: rules.LinkedIn, Options: json.RawMessage(`{ "visibility" : "PUBLIC" }`)},
		},
		ScheduledFor: str("2026-01-02T03:04:05Z"),
		Timezone:     str("Europe/Paris"),
	}
	if !reflect.DeepEqual(p, want) {
		g, _ := json.Marshal(p)
		w, _ := json.Marshal(want)
		t.Fatalf("decoded\n %s\nwant\n %s", g, w)
	}
	// encoding/json (through PlatformTarget.UnmarshalJSON) reads the same body the same way.
	var viaStd CreatePost
	if err := json.Unmarshal([]byte(body), &viaStd); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(&viaStd, want) {
		g, _ := json.Marshal(viaStd)
		t.Fatalf("encoding/json decoded\n %s", g)
	}
	// And the re-encoded value keeps platformSpecificData for both kinds of target.
	out, _ := json.Marshal(p)
	for _, sub := range []string{`"platformSpecificData":{"communityId":"c"`, `"platformSpecificData":{"visibility":"PUBLIC"}`} {
		if !strings.Contains(string(out), sub) {
			t.Errorf("re-encoded body lacks %s: %s", sub, out)
		}
	}
}

func TestDecodeIntegers(t *testing.T) {
	for lit, want := range map[string]int{
		"5": 5, "60.0": 60, "6e1": 60, "6E+1": 60, "-0": 0, "10080": 10080,
		"1e400": 1_000_000_000, "-1e400": -1_000_000_000, "99999999999999999999": 1_000_000_000,
	} {
		body := `{"publishNow":true,"platforms":[{"platform":"twitter","platformSpecificData":{"poll":{"options":["a","b"],"durationMinutes":` + lit + `}}}]}`
		p, d := decodeCreatePost([]byte(body), 0, "")
		if len(d.all()) != 0 {
			t.Errorf("%s: %q", lit, found(d.all()))
			continue
		}
		if got := p.Platforms[0].Twitter.Poll.DurationMinutes; got != want {
			t.Errorf("%s decoded as %d, want %d", lit, got, want)
		}
	}
}

func TestDraftPublishDecode(t *testing.T) {
	cases := []struct {
		body string
		want []string
	}{
		{`{"publishNow":true}`, []string{}},
		{`{"scheduledFor":"2026-01-02T03:04Z","timezone":"UTC"}`, []string{}},
		{`{"publishNow":1}`, []string{"wrong_type /publishNow"}},
		{`{"content":"x"}`, []string{"unknown_field /content"}},
		{`{"PublishNow":true}`, []string{"field_case_mismatch /PublishNow"}},
		{`{"publishnow":true,"publishNow":true}`, []string{"field_case_mismatch /publishnow"}},
		{`[]`, []string{"invalid_body "}},
	}
	for _, c := range cases {
		_, d := decodeDraftPublish([]byte(c.body), 0)
		if got := found(d.all()); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %q want %q", c.body, got, c.want)
		}
	}
}
