package schema

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

// found renders problems as "code path" lines for comparison.
func found(ps []*apierror.Error) []string {
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
		{"malformed JSON inside a member: path of the innermost value", `{"platforms":[{"platform":tw}]}`, []string{"malformed_json /platforms/0/platform"}, "at byte 27"}, // the w, the first byte no JSON text has there,
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
		{"malformed inside twitter's platformSpecificData: the innermost member", `{"content":"x","publishNow":true,"platforms":[{"platform":"twitter","platformSpecificData":{"poll":{"options":["a","b"],"durationMinutes":05}}}]}`,
			[]string{"malformed_json /platforms/0/platformSpecificData/poll/durationMinutes"}, "leading zero"},
		{"malformed inside platformSpecificData given before the platform", `{"content":"x","publishNow":true,"platforms":[{"platformSpecificData":{"threadItems":[{"content":"a"},{"content":"b"x}]},"platform":"twitter"}]}`,
			[]string{"malformed_json /platforms/0/platformSpecificData/threadItems/1"}, "after an object member"},
		{"malformed inside another platform's data: the innermost member", `{"content":"x","publishNow":true,"platforms":[{"platform":"linkedin","platformSpecificData":{"a":{"b":[1,tru]}}}]}`,
			[]string{"malformed_json /platforms/0/platformSpecificData/a/b/1"}, "'e' to complete true"},
		{"malformed key inside platformSpecificData: its object", `{"content":"x","publishNow":true,"platforms":[{"platform":"twitter","platformSpecificData":{"poll":{"options" ["a"]}}}]}`,
			[]string{"malformed_json /platforms/0/platformSpecificData/poll"}, "':'"},
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
		{"an unknown platform's data is raw: duplicate names inside", `{"content":"x","publishNow":true,"platforms":[{"platform":"myspace","platformSpecificData":{"a":{"b":1,"b":2}}}]}`, []string{"duplicate_field /platforms/0/platformSpecificData/a/b"}, ""},
		{"an unknown platform's data is raw: bad strings inside", `{"content":"x","publishNow":true,"platforms":[{"platform":"myspace","platformSpecificData":{"t":["\ud800"]}}]}`, []string{"invalid_string /platforms/0/platformSpecificData/t/0"}, ""},
		{"the nine platforms' data is typed: unknown names", `{"content":"x","publishNow":true,"platforms":[{"platform":"youtube","platformSpecificData":{"titel":"x"}}]}`, []string{"unknown_field /platforms/0/platformSpecificData/titel"}, `"title"`},
		{"the nine platforms' data is typed: wrong types", `{"content":"x","publishNow":true,"platforms":[{"platform":"bluesky","platformSpecificData":{"langs":"en"}},{"platform":"instagram","platformSpecificData":{"thumbOffset":1.5}}]}`, []string{"wrong_type /platforms/0/platformSpecificData/langs", "wrong_type /platforms/1/platformSpecificData/thumbOffset"}, ""},
		{"typed data of every platform decodes clean", `{"content":"x","publishNow":true,"platforms":[` +
			`{"platform":"youtube","platformSpecificData":{"title":"t","tags":["a"],"visibility":"public","madeForKids":false,"containsSyntheticMedia":true,"categoryId":"22","firstComment":"c"}},` +
			`{"platform":"tiktok","platformSpecificData":{"privacyLevel":"SELF_ONLY","disableComment":true,"disableDuet":true,"disableStitch":true,"brandContentToggle":false,"brandOrganicToggle":false,"isAigc":false,"videoCoverTimestampMs":1000,"autoAddMusic":false,"photoCoverIndex":0,"description":"d","draft":true}},` +
			`{"platform":"pinterest","platformSpecificData":{"boardId":"1","title":"t","link":"https://a.io","altText":"a","dominantColor":"#fff","coverImageUrl":"https://a.io/c.jpg"}},` +
			`{"platform":"linkedin","platformSpecificData":{"visibility":"PUBLIC","articleUrl":"https://a.io","articleTitle":"t","articleDescription":"d","documentTitle":"doc"}},` +
			`{"platform":"bluesky","platformSpecificData":{"langs":["en"],"altText":["a"]}},` +
			`{"platform":"facebook","platformSpecificData":{"link":"https://a.io","published":false,"videoThumbnailUrl":"https://a.io/t.jpg"}},` +
			`{"platform":"instagram","platformSpecificData":{"shareToFeed":false,"coverUrl":"https://a.io/c.jpg","thumbOffset":0}},` +
			`{"platform":"threads","platformSpecificData":{"replyControl":"everyone","altText":[]}},` +
			`{"platform":"googlebusiness","platformSpecificData":{"topicType":"OFFER","callToActionType":"CALL","callToActionUrl":"https://a.io","eventTitle":"e","eventStartDate":"2026-01-01","eventStartTime":"10:00","eventEndDate":"2026-01-02","eventEndTime":"10:00","offerCouponCode":"C","offerRedeemOnlineUrl":"https://a.io","offerTermsConditions":"t"}}]}`, []string{}, ""},
		{"twitter data decoded after the platform is known", `{"content":"x","publishNow":true,"platforms":[{"platformSpecificData":{"replySetings":"verified"},"platform":"twitter"}]}`, []string{"unknown_field /platforms/0/platformSpecificData/replySetings"}, `"replySettings"`},
		{"JSON pointer escapes ~ and /", `{"content":"x",` + okTarget + `,"a/b~c":1}`, []string{"unknown_field /a~1b~0c"}, ""},
		{"several problems at once, document order", `{"Content":"x","publishNow":"yes","platforms":[{"platform":"twitter","foo":1}],"content":"y","content":"z"}`,
			[]string{"field_case_mismatch /Content", "wrong_type /publishNow", "unknown_field /platforms/0/foo", "duplicate_field /content"}, ""},
	}
	for _, c := range cases {
		_, d := decodeCreatePost([]byte(c.body), 0, originBody)
		got := found(d.all())
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\n body %s\n got  %q\n want %q", c.why, c.body, got, c.want)
			continue
		}
		if c.msg != "" && !strings.Contains(d.all()[0].Message, c.msg) {
			t.Errorf("%s: message %q lacks %q", c.why, d.all()[0].Message, c.msg)
		}
		for _, p := range d.all() {
			if p.HTTPStatus != 400 {
				t.Errorf("%s: %s is HTTP %d, want 400", c.why, p.Code, p.HTTPStatus)
			}
		}
	}
}

func TestDecodeLimits(t *testing.T) {
	deep := `{"content":"x","publishNow":true,"platforms":[{"platform":"myspace","platformSpecificData":` +
		strings.Repeat(`{"a":`, 40) + "1" + strings.Repeat("}", 40) + `}]}`
	_, d := decodeCreatePost([]byte(deep), 0, originBody)
	if got := found(d.all()); len(got) != 1 || got[0] != "too_deep /platforms/0/platformSpecificData" {
		t.Errorf("too deep: %q", got)
	}
	// Exactly MaxDepth levels is fine: root(1) platforms(2) target(3) data(4) + 28 = 32.
	ok := `{"content":"x","publishNow":true,"platforms":[{"platform":"myspace","platformSpecificData":` +
		strings.Repeat(`{"a":`, 28) + "1" + strings.Repeat("}", 28) + `}]}`
	if _, d := decodeCreatePost([]byte(ok), 0, originBody); len(d.all()) != 0 {
		t.Errorf("32 levels: %q", found(d.all()))
	}

	body := []byte(`{"content":"` + strings.Repeat("a", DefaultMaxBodyBytes) + `"}`)
	_, d = decodeCreatePost(body, 0, originBody)
	if got := found(d.all()); !reflect.DeepEqual(got, []string{"body_too_large "}) {
		t.Errorf("over 1 MiB: %q", got)
	}
	small := []byte(`{"content":"0123456789",` + okTarget + `}`)
	if _, d := decodeCreatePost(small, 20, originBody); !reflect.DeepEqual(found(d.all()), []string{"body_too_large "}) {
		t.Errorf("configured limit 20: %q", found(d.all()))
	}
	if _, d := decodeCreatePost(small, len(small), originBody); len(d.all()) != 0 {
		t.Errorf("body exactly at the limit: %q", found(d.all()))
	}
	// Problems are capped, so a body of unknown names gets a bounded answer.
	many := `{"content":"x",` + okTarget + strings.Repeat(`,"zz":1`, 5000) + `}`
	if _, d := decodeCreatePost([]byte(many), 0, originBody); len(d.all()) != maxProblems {
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
	p, d := decodeCreatePost([]byte(body), 0, originBody)
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
			{Platform: rules.LinkedIn, Options: json.RawMessage(`{ "visibility" : "PUBLIC" }`), LinkedIn: &LinkedInOptions{Visibility: str("PUBLIC")}},
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

// TestDecodeIntegers: durationMinutes is a whole number in any JSON notation, read exactly
// (not through float64), and plain encoding/json into the exported types (Minutes'
// UnmarshalJSON) reads every literal the same way as the strict decoder.
func TestDecodeIntegers(t *testing.T) {
	cases := []struct {
		lit   string
		want  Minutes
		whole bool
	}{
		{"5", 5, true}, {"60.0", 60, true}, {"6e1", 60, true}, {"6E+1", 60, true}, {"600e-1", 60, true},
		{"0.6e2", 60, true}, {"-0", 0, true}, {"-0.0", 0, true}, {"0e99999999999999999999", 0, true},
		{"10080", 10080, true}, {"1e400", 1_000_000_000, true}, {"-1e400", -1_000_000_000, true},
		{"99999999999999999999", 1_000_000_000, true}, {"999999999", 999_999_999, true},
		{"1e99999999999999999999999", 1_000_000_000, true},
		{"60.5", 0, false}, {"6e-1", 0, false}, {"1e-400", 0, false},
		// float64 rounds this to 5; it is not a whole number.
		{"5.0000000000000000001", 0, false},
	}
	for _, c := range cases {
		body := `{"content":"q","publishNow":true,"platforms":[{"platform":"twitter","platformSpecificData":{"poll":{"options":["a","b"],"durationMinutes":` + c.lit + `}}}]}`
		p, d := decodeCreatePost([]byte(body), 0, originBody)
		var viaStd CreatePost
		stdErr := json.Unmarshal([]byte(body), &viaStd)
		if !c.whole {
			if got := found(d.all()); !reflect.DeepEqual(got, []string{"wrong_type /platforms/0/platformSpecificData/poll/durationMinutes"}) {
				t.Errorf("%s: %q, want wrong_type", c.lit, got)
			}
			if e := apierror.As(stdErr); e == nil || e.Code != apierror.CodeWrongType {
				t.Errorf("%s: json.Unmarshal error %v, want a wrong_type *apierror.Error", c.lit, stdErr)
			}
			continue
		}
		if len(d.all()) != 0 {
			t.Errorf("%s: %q", c.lit, found(d.all()))
			continue
		}
		if got := p.Platforms[0].Twitter.Poll.DurationMinutes; got != c.want {
			t.Errorf("%s decoded as %d, want %d", c.lit, got, c.want)
		}
		if stdErr != nil {
			t.Errorf("%s: json.Unmarshal: %v", c.lit, stdErr)
		} else if !reflect.DeepEqual(&viaStd, p) {
			t.Errorf("%s: json.Unmarshal gives %+v, the strict decoder %+v", c.lit, viaStd.Platforms[0].Twitter.Poll, p.Platforms[0].Twitter.Poll)
		}
	}
	// Minutes on its own: null leaves the value alone (encoding/json's convention); other
	// kinds are wrong_type.
	m := Minutes(7)
	if err := json.Unmarshal([]byte(`null`), &m); err != nil || m != 7 {
		t.Errorf("null: %v %d", err, m)
	}
	for _, lit := range []string{`"60"`, `true`, `[60]`, `{}`} {
		if err := json.Unmarshal([]byte(lit), &m); apierror.As(err) == nil || apierror.As(err).Code != apierror.CodeWrongType {
			t.Errorf("%s: %v, want wrong_type", lit, err)
		}
	}
}

// TestParseWhole covers what encoding/json never hands to UnmarshalJSON: literals that
// are not numbers are refused, never read as a value, and never panic.
func TestParseWhole(t *testing.T) {
	for _, lit := range []string{"", "-", "01", "1.", ".5", "1e", "1e+", "+1", "1x", "--1", "0x10", "1.5.5", "Infinity", "NaN"} {
		if n, kind := parseWhole([]byte(lit)); kind != numSyntax || n != 0 {
			t.Errorf("%q: %d %d, want a syntax failure", lit, n, kind)
		}
	}
}

// TestDraftScheduleFieldsNotRead: a stored draft's publishNow, scheduledFor and timezone
// are replaced by the publish body's, so their values are not read (no type problem, no
// string problem); their names are still checked.
func TestDraftScheduleFieldsNotRead(t *testing.T) {
	cases := []struct {
		draft string
		want  []string
	}{
		{`{"content":"x","platforms":[{"platform":"twitter"}],"publishNow":"yes","scheduledFor":5,"timezone":null}`, []string{}},
		{`{"content":"x","platforms":[{"platform":"twitter"}],"scheduledFor":"\ud800","timezone":{"a":[1,{"b":"\udc00"}]}}`, []string{}},
		{`{"content":"x","platforms":[{"platform":"twitter"}],"PublishNow":true}`, []string{"field_case_mismatch /PublishNow"}},
		{`{"content":"x","platforms":[{"platform":"twitter"}],"publishNow":1,"publishNow":2}`, []string{"duplicate_field /publishNow"}},
		// Still JSON: a syntax error there is the draft's one problem.
		{`{"content":"x","platforms":[{"platform":"twitter"}],"timezone":[1,}`, []string{"malformed_json /timezone"}},
	}
	for _, c := range cases {
		p, d := decodeCreatePost([]byte(c.draft), 0, originDraft)
		if got := found(d.all()); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %q want %q", c.draft, got, c.want)
		}
		if p.PublishNow || p.ScheduledFor != nil || p.Timezone != nil {
			t.Errorf("%s: read %+v", c.draft, p)
		}
		for _, e := range d.all() {
			if strings.HasPrefix(e.Message, "draft: ") {
				t.Errorf("%s: %q: where a problem lies is Problem.In, never the message", c.draft, e.Message)
			}
		}
	}
	// The same values in a request body are problems.
	_, d := decodeCreatePost([]byte(cases[0].draft), 0, originBody)
	if got := found(d.all()); len(got) != 3 {
		t.Errorf("body: %q", got)
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
