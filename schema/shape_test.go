package schema

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/go-playground/validator/v10"
)

// verdictProblems renders a verdict's problems as "code path" lines.
func verdictProblems(v Verdict) []string {
	out := []string{}
	for _, p := range v.Problems {
		out = append(out, string(p.Code)+" "+p.Path)
	}
	return out
}

type ruleCase struct {
	why  string
	body string
	want []string // every problem, "code path"; empty means valid
	msg  string   // a substring of the first problem's message
}

func runRuleCases(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, c := range cases {
		v := CheckCreatePost([]byte(c.body), Env{})
		got := verdictProblems(v)
		if c.want == nil {
			c.want = []string{}
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\n body %s\n got  %q\n want %q", c.why, c.body, got, c.want)
			continue
		}
		if v.Valid != (len(c.want) == 0) {
			t.Errorf("%s: Valid %v with %d problems", c.why, v.Valid, len(c.want))
		}
		if c.msg != "" && !strings.Contains(v.Problems[0].Message, c.msg) {
			t.Errorf("%s: message %q lacks %q", c.why, v.Problems[0].Message, c.msg)
		}
	}
}

// tw is a twitter target with platformSpecificData psd.
func tw(psd string) string {
	return `{"platform":"twitter","platformSpecificData":` + psd + `}`
}

func TestRuleTargets(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{"one target is enough", `{"content":"x","publishNow":true,"platforms":[{"platform":"bluesky"}]}`, nil, ""},
		{"no targets", `{"content":"x","publishNow":true,"platforms":[]}`, []string{"no_targets /platforms"}, "empty"},
		{"platforms missing", `{"content":"x","publishNow":true}`, []string{"no_targets /platforms"}, "missing"},
		{"every platform of the enum", `{"content":"x","publishNow":true,"platforms":[{"platform":"twitter"},{"platform":"instagram"},{"platform":"youtube"},{"platform":"tiktok"},{"platform":"pinterest"},{"platform":"linkedin"},{"platform":"bluesky"},{"platform":"facebook"},{"platform":"threads"},{"platform":"googlebusiness"}]}`,
			// Text only: the platforms that need media say so (rules/book_<platform>.go); a pin
			// without a board is a warning (pinterest.board.required: the peer's rule alone).
			[]string{"invalid_media /platforms/1", "invalid_media /platforms/2", "invalid_media /platforms/3", "invalid_media /platforms/4"}, "instagram has no text-only posts"},
		{"platform outside the enum", `{"content":"x","publishNow":true,"platforms":[{"platform":"myspace"}]}`, []string{"unknown_platform /platforms/0/platform"}, "myspace"},
		{"platform typo gets a suggestion", `{"content":"x","publishNow":true,"platforms":[{"platform":"twiter"}]}`, []string{"unknown_platform /platforms/0/platform"}, `did you mean "twitter"`},
		{"platform names are exact", `{"content":"x","publishNow":true,"platforms":[{"platform":"Twitter"}]}`, []string{"unknown_platform /platforms/0/platform"}, ""},
		{"empty platform", `{"content":"x","publishNow":true,"platforms":[{"platform":""}]}`, []string{"unknown_platform /platforms/0/platform"}, "empty"},
		{"empty accountId", `{"content":"x","publishNow":true,"platforms":[{"platform":"twitter","accountId":""}]}`, []string{"invalid_value /platforms/0/accountId"}, "leave accountId out"},
	})
}

func TestRuleMedia(t *testing.T) {
	media := func(items string) string {
		return `{"content":"x","publishNow":true,"platforms":[{"platform":"linkedin","platformSpecificData":{"documentTitle":"Deck"}}],"mediaItems":[` + items + `]}`
	}
	runRuleCases(t, []ruleCase{
		{"https", media(`{"type":"image","url":"https://cdn.example.com/a.jpg"}`), nil, ""},
		{"http, upper-case scheme, port, query", media(`{"type":"document","url":"HTTP://cdn.example.com:8080/a.pdf?x=1#f"}`), nil, ""},
		{"relative URL", media(`{"type":"image","url":"/a.jpg"}`), []string{"invalid_media /mediaItems/0/url"}, "absolute http or https"},
		{"no scheme", media(`{"type":"image","url":"cdn.example.com/a.jpg"}`), []string{"invalid_media /mediaItems/0/url"}, ""},
		{"ftp", media(`{"type":"image","url":"ftp://cdn.example.com/a.jpg"}`), []string{"invalid_media /mediaItems/0/url"}, ""},
		{"javascript", media(`{"type":"image","url":"javascript:alert(1)"}`), []string{"invalid_media /mediaItems/0/url"}, ""},
		{"opaque http", media(`{"type":"image","url":"http:cdn.example.com"}`), []string{"invalid_media /mediaItems/0/url"}, ""},
		{"no host", media(`{"type":"image","url":"https:///a.jpg"}`), []string{"invalid_media /mediaItems/0/url"}, ""},
		{"raw space", media(`{"type":"image","url":"https://cdn.example.com/a b.jpg"}`), []string{"invalid_media /mediaItems/0/url"}, "space at byte 25 of the URL; percent-encode it (%20)"},
		{"raw tab", media(`{"type":"image","url":"https://cdn.example.com/a\tb.jpg"}`), []string{"invalid_media /mediaItems/0/url"}, "U+0009"},
		{"percent-encoded space", media(`{"type":"image","url":"https://cdn.example.com/a%20b.jpg"}`), nil, ""},
		{"no-break space", media(`{"type":"image","url":"https://cdn.example.com/a\u00a0b.jpg"}`), []string{"invalid_media /mediaItems/0/url"}, "U+00A0 at byte 25 of the URL, which is invisible or white space; percent-encode it (%C2%A0)"},
		{"ideographic space", media(`{"type":"image","url":"https://cdn.example.com/a\u3000b.jpg"}`), []string{"invalid_media /mediaItems/0/url"}, "U+3000"},
		{"line separator", media(`{"type":"image","url":"https://cdn.example.com/a\u2028.jpg"}`), []string{"invalid_media /mediaItems/0/url"}, "U+2028"},
		{"next line (C1 control)", media(`{"type":"image","url":"https://cdn.example.com/a\u0085.jpg"}`), []string{"invalid_media /mediaItems/0/url"}, "U+0085"},
		{"zero width space in the host", media(`{"type":"image","url":"https://cdn\u200b.example.com/a.jpg"}`), []string{"invalid_media /mediaItems/0/url"}, "U+200B"},
		{"bidi override", media(`{"type":"image","url":"https://cdn.example.com/\u202egpj.exe"}`), []string{"invalid_media /mediaItems/0/url"}, "U+202E"},
		{"byte order mark", media(`{"type":"image","url":"\ufeffhttps://cdn.example.com/a.jpg"}`), []string{"invalid_media /mediaItems/0/url"}, "U+FEFF at byte 0 of the URL"},
		{"non-ASCII letters are fine (an IRI)", media(`{"type":"image","url":"https://例え.jp/画像.png"}`), nil, ""},
		{"emoji with a joiner are fine", media(`{"type":"image","url":"https://a.example/\ud83d\udc68\u200d\ud83d\udc69.png"}`), nil, ""},
		{"port 65535", media(`{"type":"image","url":"https://a.com:65535/x"}`), nil, ""},
		{"port 1", media(`{"type":"image","url":"http://a.com:1/x"}`), nil, ""},
		{"empty port means the default", media(`{"type":"image","url":"https://a.com:/x"}`), nil, ""},
		{"port 99999", media(`{"type":"image","url":"https://a.com:99999/x"}`), []string{"invalid_media /mediaItems/0/url"}, `port "99999"; a port is 1 to 65535`},
		{"port 65536", media(`{"type":"image","url":"https://a.com:65536/x"}`), []string{"invalid_media /mediaItems/0/url"}, "1 to 65535"},
		{"port 0", media(`{"type":"image","url":"https://a.com:0/x"}`), []string{"invalid_media /mediaItems/0/url"}, "1 to 65535"},
		{"huge port", media(`{"type":"image","url":"https://a.com:99999999999999999999999/x"}`), []string{"invalid_media /mediaItems/0/url"}, "1 to 65535"},
		{"IPv6 host with a bad port", media(`{"type":"image","url":"https://[::1]:70000/x"}`), []string{"invalid_media /mediaItems/0/url"}, "1 to 65535"},
		{"thumbnail with a bad port", media(`{"type":"video","url":"https://v.example/a.mp4","thumbnail":"https://v.example:123456/t.jpg"}`), []string{"invalid_media /mediaItems/0/thumbnail"}, "thumbnail"},
		{"empty url", media(`{"type":"image","url":""}`), []string{"invalid_media /mediaItems/0/url"}, ""},
		{"bad thumbnail", media(`{"type":"video","url":"https://v.example/a.mp4","thumbnail":"t.jpg"}`), []string{"invalid_media /mediaItems/0/thumbnail"}, "thumbnail"},
		{"type outside the enum", media(`{"type":"audio","url":"https://a.example/a.mp3"}`), []string{"invalid_media /mediaItems/0/type"}, "image, video, gif, document"},
		{"type is case-sensitive", media(`{"type":"Image","url":"https://a.example/a.png"}`), []string{"invalid_media /mediaItems/0/type"}, ""},
	})
}

func TestRulePublishMode(t *testing.T) {
	base := `"content":"x","platforms":[{"platform":"threads"}]`
	runRuleCases(t, []ruleCase{
		{"publish now", `{` + base + `,"publishNow":true}`, nil, ""},
		{"scheduled", `{` + base + `,"scheduledFor":"2030-01-01T00:00Z"}`, nil, ""},
		{"scheduled, publishNow false", `{` + base + `,"publishNow":false,"scheduledFor":"2030-01-01T00:00Z"}`, nil, ""},
		{"both", `{` + base + `,"publishNow":true,"scheduledFor":"2030-01-01T00:00Z"}`, []string{"publish_mode_conflict /publishNow"}, "give one"},
		{"neither", `{` + base + `}`, []string{"publish_mode_conflict /publishNow"}, "neither"},
		{"publishNow false alone is neither", `{` + base + `,"publishNow":false}`, []string{"publish_mode_conflict /publishNow"}, "neither"},
		{"a broken publishNow is one problem, not two", `{` + base + `,"publishNow":"yes"}`, []string{"wrong_type /publishNow"}, ""},
		{"a misspelt scheduledFor is one problem, not two", `{` + base + `,"scheduleFor":"2030-01-01T00:00Z"}`, []string{"unknown_field /scheduleFor"}, "did you mean"},
		{"scheduledFor grammar (rules.ParseScheduledFor)", `{` + base + `,"scheduledFor":"2030-01-01T00:00:00+00:00"}`, []string{"invalid_scheduled_for /scheduledFor"}, ""},
		{"scheduledFor empty", `{` + base + `,"scheduledFor":""}`, []string{"invalid_scheduled_for /scheduledFor"}, ""},
		{"scheduledFor lower-case z", `{` + base + `,"scheduledFor":"2030-01-01T00:00z"}`, []string{"invalid_scheduled_for /scheduledFor"}, ""},
	})
}

func TestRuleTimezone(t *testing.T) {
	body := func(tz string) string {
		return `{"content":"x","publishNow":true,"platforms":[{"platform":"facebook"}],"timezone":` + tz + `}`
	}
	runRuleCases(t, []ruleCase{
		{"IANA name", body(`"America/New_York"`), nil, ""},
		{"three parts", body(`"America/Argentina/Buenos_Aires"`), nil, ""},
		{"UTC", body(`"UTC"`), nil, ""},
		{"Etc with sign", body(`"Etc/GMT+5"`), nil, ""},
		{"unknown zone", body(`"Mars/Olympus_Mons"`), []string{"invalid_timezone /timezone"}, "not an IANA"},
		{"Local is the server's zone", body(`"Local"`), []string{"invalid_timezone /timezone"}, "server's own zone"},
		{"empty when given", body(`""`), []string{"invalid_timezone /timezone"}, "empty"},
		{"lower case is not a zone, even on a case-insensitive file system", body(`"america/new_york"`), []string{"invalid_timezone /timezone"}, ""},
		{"offsets are not zones", body(`"+02:00"`), []string{"invalid_timezone /timezone"}, ""},
		{"paths are not zones", body(`"../../etc/passwd"`), []string{"invalid_timezone /timezone"}, ""},
		{"absolute paths are not zones", body(`"/usr/share/zoneinfo/UTC"`), []string{"invalid_timezone /timezone"}, ""},
	})
}

func TestRuleContent(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{"shared content", `{"content":"x","publishNow":true,"platforms":[{"platform":"linkedin"}]}`, nil, ""},
		{"override only", `{"publishNow":true,"platforms":[{"platform":"linkedin","content":"mine"}]}`, nil, ""},
		{"media only", `{"publishNow":true,"platforms":[{"platform":"instagram"}],"mediaItems":[{"type":"image","url":"https://a.example/1.png"}]}`, nil, ""},
		{"nothing at all", `{"publishNow":true,"platforms":[{"platform":"linkedin"}]}`, []string{"no_content /platforms/0"}, "nothing to post"},
		{"blank shared content", `{"content":" \n\t","publishNow":true,"platforms":[{"platform":"linkedin"}]}`, []string{"no_content /platforms/0"}, "blank"},
		{"an empty override replaces the shared content", `{"content":"x","publishNow":true,"platforms":[{"platform":"linkedin","content":""}]}`, []string{"no_content /platforms/0"}, "this target's content is empty"},
		{"each target on its own", `{"publishNow":true,"platforms":[{"platform":"linkedin","content":"a"},{"platform":"facebook"}]}`, []string{"no_content /platforms/1"}, ""},
		{"a broken content is one problem", `{"content":7,"publishNow":true,"platforms":[{"platform":"linkedin"}]}`, []string{"wrong_type /content"}, ""},
		{"thread item without content or media", `{"content":"x","publishNow":true,"platforms":[` + tw(`{"threadItems":[{"content":"a"},{"content":"  "}]}`) + `]}`, []string{"no_content /platforms/0/platformSpecificData/threadItems/1"}, "thread item 1"},
		{"thread item with media only", `{"content":"x","publishNow":true,"platforms":[` + tw(`{"threadItems":[{"mediaItems":[{"type":"image","url":"https://a.example/1.png"}]}]}`) + `]}`, nil, ""},
	})
}

func TestRulePoll(t *testing.T) {
	poll := func(p string) string {
		return `{"content":"Which?","publishNow":true,"platforms":[` + tw(`{"poll":`+p+`}`) + `]}`
	}
	const at = "/platforms/0/platformSpecificData/poll"
	runRuleCases(t, []ruleCase{
		{"2 options, 5 minutes", poll(`{"options":["a","b"],"durationMinutes":5}`), nil, ""},
		{"4 options, 7 days", poll(`{"options":["a","b","c","d"],"durationMinutes":10080}`), nil, ""},
		{"1 option", poll(`{"options":["a"],"durationMinutes":60}`), []string{"invalid_poll " + at + "/options"}, "2 to 4"},
		{"5 options", poll(`{"options":["a","b","c","d","e"],"durationMinutes":60}`), []string{"invalid_poll " + at + "/options"}, "2 to 4"},
		{"blank option", poll(`{"options":["a"," "],"durationMinutes":60}`), []string{"invalid_poll " + at + "/options/1"}, "empty"},
		{"4 minutes", poll(`{"options":["a","b"],"durationMinutes":4}`), []string{"invalid_poll " + at + "/durationMinutes"}, "5 and 10080"},
		{"7 days and a minute", poll(`{"options":["a","b"],"durationMinutes":10081}`), []string{"invalid_poll " + at + "/durationMinutes"}, ""},
		{"huge duration", poll(`{"options":["a","b"],"durationMinutes":1e300}`), []string{"invalid_poll " + at + "/durationMinutes"}, ""},
		{"missing duration", poll(`{"options":["a","b"]}`), []string{"missing_field " + at + "/durationMinutes"}, ""},
		{"poll with media", `{"content":"Which?","publishNow":true,"mediaItems":[{"type":"image","url":"https://a.example/1.png"}],"platforms":[` + tw(`{"poll":{"options":["a","b"],"durationMinutes":60}}`) + `]}`, []string{"invalid_poll " + at}, "media"},
		{"poll with media and threadItems: media is the error", `{"content":"Which?","publishNow":true,"mediaItems":[{"type":"image","url":"https://a.example/1.png"}],"platforms":[` + tw(`{"threadItems":[{"content":"more"}],"poll":{"options":["a","b"],"durationMinutes":60}}`) + `]}`, []string{"invalid_poll " + at}, "media"},
		// X allows a poll on a thread's first post; only the peer API refuses it.
		{"poll with threadItems is valid", `{"content":"Which?","publishNow":true,"platforms":[` + tw(`{"threadItems":[{"content":"more"}],"poll":{"options":["a","b"],"durationMinutes":60}}`) + `]}`, nil, ""},
	})
	v := CheckCreatePost([]byte(`{"content":"Which?","publishNow":true,"platforms":[`+tw(`{"threadItems":[{"content":"more"}],"poll":{"options":["a","b"],"durationMinutes":60}}`)+`]}`), Env{})
	if len(v.Warnings) != 1 || v.Warnings[0].Rule != "twitter.poll.thread" || v.Warnings[0].Path != at {
		t.Errorf("poll with threadItems: warnings %+v, want one of twitter.poll.thread at %s", v.Warnings, at)
	}
}

func TestRuleTwitterOptions(t *testing.T) {
	body := func(psd string) string {
		return `{"content":"x","publishNow":true,"platforms":[` + tw(psd) + `]}`
	}
	const at = "/platforms/0/platformSpecificData"
	runRuleCases(t, []ruleCase{
		{"community post shared with followers", body(`{"communityId":"123","shareWithFollowers":true}`), nil, ""},
		{"shareWithFollowers needs communityId", body(`{"shareWithFollowers":true}`), []string{"missing_field " + at + "/communityId"}, "needs communityId"},
		{"shareWithFollowers false needs nothing", body(`{"shareWithFollowers":false}`), nil, ""},
		{"empty communityId", body(`{"communityId":""}`), []string{"invalid_value " + at + "/communityId"}, ""},
		{"empty replyToTweetId", body(`{"replyToTweetId":""}`), []string{"invalid_value " + at + "/replyToTweetId"}, ""},
		{"every replySettings value", body(`{"replySettings":"following"}`), nil, ""},
		{"mentionedUsers", body(`{"replySettings":"mentionedUsers"}`), nil, ""},
		{"subscribers", body(`{"replySettings":"subscribers"}`), nil, ""},
		{"verified", body(`{"replySettings":"verified"}`), nil, ""},
		{"replySettings outside the enum", body(`{"replySettings":"everyone"}`), []string{"invalid_value " + at + "/replySettings"}, "following, mentionedUsers"},
		{"replySettings given empty", body(`{"replySettings":""}`), []string{"invalid_value " + at + "/replySettings"}, ""},
		{"twitter options on another platform are not that platform's", `{"content":"x","publishNow":true,"platforms":[{"platform":"linkedin","platformSpecificData":{"replySettings":"everyone"}}]}`, []string{"unknown_field /platforms/0/platformSpecificData/replySettings"}, ""},
	})
}

func TestRuleTwitterMedia(t *testing.T) {
	img := `{"type":"image","url":"https://a.example/i.png"}`
	vid := `{"type":"video","url":"https://a.example/v.mp4"}`
	gif := `{"type":"gif","url":"https://a.example/g.gif"}`
	doc := `{"type":"document","url":"https://a.example/d.pdf"}`
	body := func(platform string, items ...string) string {
		return `{"content":"x","publishNow":true,"platforms":[{"platform":"` + platform + `"}],"mediaItems":[` + strings.Join(items, ",") + `]}`
	}
	runRuleCases(t, []ruleCase{
		{"4 images", body("twitter", img, img, img, img), nil, ""},
		{"5 images", body("twitter", img, img, img, img, img), []string{"invalid_media /mediaItems"}, "at most 4 images"},
		{"1 video", body("twitter", vid), nil, ""},
		{"1 gif", body("twitter", gif), nil, ""},
		{"video and image", body("twitter", vid, img), []string{"invalid_media /mediaItems"}, "not both"},
		{"2 gifs", body("twitter", gif, gif), []string{"invalid_media /mediaItems"}, "one video or gif"},
		{"video and gif", body("twitter", vid, gif), []string{"invalid_media /mediaItems"}, ""},
		{"document", body("twitter", doc), []string{"invalid_media /mediaItems"}, "documents"},
		{"5 images are fine elsewhere", body("facebook", img, img, img, img, img), nil, ""},
		// The shared media go to every twitter target alike: one problem, not one per target.
		{"shared media on three twitter targets: one problem", `{"content":"x","publishNow":true,"platforms":[{"platform":"facebook"},` +
			`{"platform":"twitter","accountId":"a"},{"platform":"twitter","accountId":"b"},{"platform":"twitter","accountId":"c"}],` +
			`"mediaItems":[` + strings.Join([]string{img, img, img, img, img}, ",") + `]}`,
			[]string{"invalid_media /mediaItems"}, "twitter (target 1 and 2 other twitter targets) takes at most 4 images per post, not 5"},
		{"shared media on two twitter targets", `{"content":"x","publishNow":true,"platforms":[{"platform":"twitter","accountId":"a"},{"platform":"twitter","accountId":"b"}],` +
			`"mediaItems":[` + doc + `]}`, []string{"invalid_media /mediaItems"}, "twitter (target 0 and 1 other twitter target) cannot attach documents"},
		{"a target that is not an object is no twitter target", `{"content":"x","publishNow":true,"platforms":[{"platform":"twitter","accountId":"a"},["twitter"]],` +
			`"mediaItems":[` + doc + `]}`, []string{"invalid_media /mediaItems", "wrong_type /platforms/1"}, "twitter (target 0) cannot"},
		{"thread item media follow the same rule", `{"content":"x","publishNow":true,"platforms":[` +
			tw(`{"threadItems":[{"content":"2","mediaItems":[`+vid+`,`+vid+`]}]}`) + `]}`,
			[]string{"invalid_media /platforms/0/platformSpecificData/threadItems/0/mediaItems"}, ""},
	})
}

func TestTranslationCoversEveryTag(t *testing.T) {
	for _, typ := range []reflect.Type{
		reflect.TypeOf(CreatePost{}), reflect.TypeOf(MediaItem{}), reflect.TypeOf(PlatformTarget{}),
		reflect.TypeOf(TwitterOptions{}), reflect.TypeOf(ThreadItem{}), reflect.TypeOf(Poll{}), reflect.TypeOf(DraftPublish{}),
	} {
		for i := 0; i < typ.NumField(); i++ {
			f := typ.Field(i)
			for _, tag := range strings.Split(f.Tag.Get("validate"), ",") {
				tag, param, _ := strings.Cut(tag, "=")
				switch tag {
				case "", "dive", "omitnil", "omitempty":
					continue
				case tagScheduledFor:
					continue // the check parses it once and reports it (check.schedule)
				}
				code, msg := translation(f.Name, tag, param, "v")
				if strings.Contains(msg, "is not allowed here (rule") {
					t.Errorf("%s.%s: tag %q has no translation (code %s)", typ.Name(), f.Name, tag, code)
				}
			}
		}
	}
	// Validating one value of each type builds validator's tag cache for it, which panics on
	// an unknown tag: this proves every tag is registered.
	for _, v := range []any{&CreatePost{}, &DraftPublish{}, &MediaItem{}, &PlatformTarget{}, &TwitterOptions{}, &ThreadItem{}, &Poll{}} {
		_ = shapes().Struct(v)
	}
}

func TestRegisterTags(t *testing.T) {
	if err := RegisterTags(nil); err == nil {
		t.Fatal("RegisterTags(nil) did not fail")
	}
	v := validator.New()
	if err := RegisterTags(v); err != nil {
		t.Fatal(err)
	}
	type req struct {
		At       string `validate:"scheduledfor"`
		Platform string `validate:"platform"`
		Zone     string `validate:"ianazone"`
		Media    string `validate:"mediaurl"`
		Wrong    int    `validate:"scheduledfor"` // a non-string fails, it does not panic
	}
	err := v.Struct(req{At: "2026-01-02T03:04Z", Platform: "bluesky", Zone: "Asia/Tokyo", Media: "https://a.example/x"})
	var fes validator.ValidationErrors
	if !errorsAs(err, &fes) || len(fes) != 1 || fes[0].Field() != "Wrong" {
		t.Fatalf("valid fields: %v", err)
	}
	err = v.Struct(req{At: "2026-01-02 03:04", Platform: "x", Zone: "Local", Media: "ftp://a", Wrong: 1})
	if !errorsAs(err, &fes) || len(fes) != 5 {
		t.Fatalf("invalid fields: %v", err)
	}
	// The lent mediaurl tag is the same rule: ports and invisible characters included.
	type media struct {
		URL string `validate:"mediaurl"`
	}
	for u, ok := range map[string]bool{
		"https://a.example/x": true, "https://a.example:8443/x": true, "https://a.example:99999/x": false,
		"https://a.example/a\u00a0b": false, "https://a.example/a\xffb": false, "https://a.example/a\u2003b": false,
	} {
		if err := v.Struct(media{URL: u}); (err == nil) != ok {
			t.Errorf("mediaurl %q: %v, want ok %v", u, err, ok)
		}
	}
}

func errorsAs(err error, target *validator.ValidationErrors) bool { return errors.As(err, target) }
