package schema

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
)

// Every defect of the options answers one code at one pointer, whichever face
// passes them. Each case is a defect a page or a server was seen to pass.
func TestDecodeEnvDefects(t *testing.T) {
	tests := []struct {
		why, options string
		code         apierror.Code
		path         string
	}{
		{"an empty accountId", `{"accounts":[{"platform":"twitter","accountId":""}]}`, apierror.CodeInvalidValue, "/accounts/0/accountId"},
		{"the same account twice", `{"accounts":[{"platform":"twitter","accountId":"a"},{"platform":"twitter","accountId":"a"}]}`, apierror.CodeInvalidValue, "/accounts/1"},
		{"a misspelt platform", `{"accounts":[{"platform":"twiter","accountId":"a"}]}`, apierror.CodeUnknownPlatform, "/accounts/0/platform"},
		{"a platform in capitals", `{"accounts":[{"platform":"TWITTER","accountId":"a"}]}`, apierror.CodeUnknownPlatform, "/accounts/0/platform"},
		{"no accountId", `{"accounts":[{"platform":"twitter"}]}`, apierror.CodeMissingField, "/accounts/0/accountId"},
		{"Go's field names", `{"accounts":[{"Platform":"twitter","AccountID":"a"}]}`, apierror.CodeFieldCaseMismatch, "/accounts/0/Platform"},
		{"a wrapper's internal member", `{"requestError":{"code":"rate_limited"}}`, apierror.CodeUnknownField, "/requestError"},
		{"the same, in another case", `{"RequestError":{"code":"rate_limited"}}`, apierror.CodeUnknownField, "/RequestError"},
		{"a duplicate option", `{"draftState":"saved","draftState":"deleted"}`, apierror.CodeDuplicateField, "/draftState"},
		{"a lone surrogate in a limit name", `{"limits":{"\ud800":{"cap":5}}}`, apierror.CodeInvalidString, "/limits/\uFFFD"},
		{"a lone surrogate in a value", `{"draftState":"\udc00"}`, apierror.CodeInvalidString, "/draftState"},
		{"an unknown limit platform", `{"limits":{"myspace":{"cap":5}}}`, apierror.CodeUnknownPlatform, "/limits/myspace"},
		{"a cap of zero", `{"limits":{"twitter":{"cap":0}}}`, apierror.CodeInvalidValue, "/limits/twitter/cap"},
		{"a fractional cap", `{"limits":{"twitter":{"cap":2.5}}}`, apierror.CodeWrongType, "/limits/twitter/cap"},
		{"an unknown counter", `{"limits":{"twitter":{"counter":"bytes"}}}`, apierror.CodeInvalidValue, "/limits/twitter/counter"},
		{"a clock outside the grammar", `{"now":"2026-01-02 03:04:05Z"}`, apierror.CodeInvalidScheduledFor, "/now"},
		{"an unknown draft state", `{"draftState":"gone"}`, apierror.CodeInvalidValue, "/draftState"},
		{"a negative plan number", `{"plan":{"postLimit":-1}}`, apierror.CodeInvalidValue, "/plan/postLimit"},
		{"a privacy level TikTok does not have", `{"tiktokPrivacyLevels":{"tt-1":["SELF_ONLY","FRIENDS"]}}`, apierror.CodeInvalidValue, "/tiktokPrivacyLevels/tt-1/1"},
		{"privacy levels not in a list", `{"tiktokPrivacyLevels":{"tt-1":"SELF_ONLY"}}`, apierror.CodeWrongType, "/tiktokPrivacyLevels/tt-1"},
		{"an account's privacy levels twice", `{"tiktokPrivacyLevels":{"tt-1":[],"tt-1":["SELF_ONLY"]}}`, apierror.CodeDuplicateField, "/tiktokPrivacyLevels/tt-1"},
		{"not an object", `[]`, apierror.CodeInvalidBody, ""},
		{"malformed", `{"now":`, apierror.CodeMalformedJSON, ""},
	}
	for _, tt := range tests {
		t.Run(tt.why, func(t *testing.T) {
			_, ps := DecodeEnv([]byte(tt.options))
			if len(ps) == 0 {
				t.Fatalf("no problem")
			}
			p := ps[0]
			if p.Code != tt.code || (p.Path != tt.path && tt.code != apierror.CodeMalformedJSON) || p.In != "options" {
				t.Fatalf("got %+v, want %s at %q in options", ps, tt.code, tt.path)
			}
		})
	}
}

func TestDecodeEnvValues(t *testing.T) {
	env, ps := DecodeEnv([]byte(`{"now":"2026-01-02T03:04:05Z","accounts":[{"platform":"twitter","accountId":"a"}],
		"plan":{"postLimit":10,"postsUsed":3,"subscribeUrl":"https://x.example"},"limits":{"bluesky":{"cap":5},"twitter":{"counter":"x-weighted"}},
		"draftState":"publishing","maxBodyBytes":2048}`))
	if len(ps) != 0 {
		t.Fatalf("problems %+v", ps)
	}
	if !env.Now.Equal(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)) || len(env.Accounts) != 1 || env.Accounts[0] != (rules.Account{Platform: rules.Twitter, ID: "a"}) ||
		env.Plan.PostLimit != 10 || env.Plan.PostsUsed != 3 || env.DraftState != lifecycle.DraftPublishing || env.MaxBodyBytes != 2048 {
		t.Fatalf("env %+v", env)
	}
	if l := env.Limits.For(rules.Bluesky); l.Cap != 5 || l.Counter.Name() != "graphemes" {
		t.Errorf("bluesky limit %+v", l)
	}
	if l := env.Limits.For(rules.Twitter); l.Cap != 280 || l.Counter.Name() != "x-weighted" {
		t.Errorf("twitter limit %+v", l)
	}
	// null is "not given"; {} is the zero Env; [] accounts means nothing is connected.
	if env, ps := DecodeEnv([]byte(`{"now":null,"accounts":null}`)); len(ps) != 0 || env.Accounts != nil || !env.Now.IsZero() {
		t.Errorf("nulls: %+v %+v", env, ps)
	}
	if env, ps := DecodeEnv([]byte(`{"accounts":[]}`)); len(ps) != 0 || env.Accounts == nil {
		t.Errorf("[] accounts: %+v %+v", env, ps)
	}
	env, ps = DecodeEnv([]byte(`{"tiktokPrivacyLevels":{"tt-1":["FOLLOWER_OF_CREATOR","SELF_ONLY"],"tt-2":[]}}`))
	if len(ps) != 0 || len(env.TikTokPrivacyLevels) != 2 || len(env.TikTokPrivacyLevels["tt-1"]) != 2 || env.TikTokPrivacyLevels["tt-2"] == nil {
		t.Errorf("tiktokPrivacyLevels: %+v %+v", env.TikTokPrivacyLevels, ps)
	}
}

// The options decoder gives every problem, not just the first, and the verdict checked
// with the Env it returns is the one CheckCreatePost gives for the same Env built in Go.
func TestDecodeEnvAllProblemsAndSameVerdict(t *testing.T) {
	_, ps := DecodeEnv([]byte(`{"accounts":[{"platform":"twiter","accountId":""}],"limits":{"twitter":{"cap":0}},"x":1}`))
	var got []string
	for _, p := range ps {
		got = append(got, string(p.Code)+" "+p.Path)
	}
	want := "unknown_platform /accounts/0/platform|invalid_value /accounts/0/accountId|invalid_value /limits/twitter/cap|unknown_field /x"
	if strings.Join(got, "|") != want {
		t.Errorf("problems %q, want %q", strings.Join(got, "|"), want)
	}
	env, ps := DecodeEnv([]byte(`{"accounts":[{"platform":"twitter","accountId":"a"},{"platform":"twitter","accountId":"b"}]}`))
	if len(ps) != 0 {
		t.Fatal(ps)
	}
	body := []byte(`{"content":"hi","publishNow":true,"platforms":[{"platform":"twitter"}]}`)
	a := CheckCreatePost(body, env)
	b := CheckCreatePost(body, Env{Accounts: []rules.Account{{Platform: rules.Twitter, ID: "a"}, {Platform: rules.Twitter, ID: "b"}}})
	if a.HTTPStatus != 409 || a.HTTPStatus != b.HTTPStatus || a.Problems[0].Message != b.Problems[0].Message {
		t.Errorf("verdicts differ: %+v vs %+v", a, b)
	}
}

func TestDecodeAccounts(t *testing.T) {
	accts, ps := DecodeAccounts([]byte(`[{"platform":"twitter","accountId":"a"},{"platform":"bluesky","accountId":"a"}]`))
	if len(ps) != 0 || len(accts) != 2 {
		t.Fatalf("%v %+v", accts, ps)
	}
	if accts, ps := DecodeAccounts([]byte(`[]`)); len(ps) != 0 || accts == nil {
		t.Errorf("[]: %v %+v", accts, ps)
	}
	if _, ps := DecodeAccounts([]byte(`{"platform":"twitter"}`)); len(ps) != 1 || ps[0].Code != apierror.CodeInvalidBody {
		t.Errorf("not an array: %+v", ps)
	}
	if _, ps := DecodeAccounts([]byte(`[{"platform":"twitter","accountId":"a","platform":"x"}]`)); len(ps) != 1 || ps[0].Code != apierror.CodeDuplicateField || ps[0].Path != "/0/platform" {
		t.Errorf("duplicate member: %+v", ps)
	}
}

func FuzzDecodeEnv(f *testing.F) {
	f.Add(`{"now":"2026-01-02T03:04:05Z","accounts":[{"platform":"twitter","accountId":"a"}],"limits":{"twitter":{"cap":5,"counter":"x-weighted"}}}`)
	f.Add(`{"plan":{"postLimit":1e3,"postsUsed":-0},"draftState":"deleted","maxBodyBytes":0}`)
	f.Add(`{"limits":{"\ud800":1},"accounts":[{"Platform":"twitter"}]}`)
	f.Fuzz(func(t *testing.T, s string) {
		env, ps := DecodeEnv([]byte(s))
		requireLocated(t, "DecodeEnv", s, "options", ps)
		if len(ps) > 0 {
			return
		}
		// A decoded Env is one every check accepts as it is.
		seen := map[rules.Account]bool{}
		for _, a := range env.Accounts {
			if !a.Platform.Valid() || a.ID == "" || seen[a] {
				t.Fatalf("accepted a bad account list %+v", env.Accounts)
			}
			seen[a] = true
		}
		for _, p := range rules.Platforms() {
			if l := env.Limits.For(p); l.Cap < 1 || l.Counter == nil {
				t.Fatalf("accepted a bad limit %+v for %s", l, p)
			}
		}
		if env.MaxBodyBytes < 0 || env.Plan.PostLimit < 0 {
			t.Fatalf("accepted a negative number: %+v", env)
		}
	})
}

func TestDecodeOutcomes(t *testing.T) {
	// JSON.parse keeps the last of two names; the strict decoder refuses both.
	_, ps := DecodeOutcomes([]byte(`[{"platform":"twitter","state":"failed","state":"published"}]`))
	if len(ps) != 1 || ps[0].Code != apierror.CodeDuplicateField || ps[0].Path != "/0/state" || ps[0].In != "outcomes" {
		t.Errorf("duplicate state: %+v", ps)
	}
	_, ps = DecodeOutcomes([]byte(`[{"platform":"twitter","state":"pub`))
	if len(ps) != 1 || ps[0].Code != apierror.CodeMalformedJSON || !strings.Contains(ps[0].Message, "at byte") {
		t.Errorf("malformed: %+v", ps)
	}
	_, ps = DecodeOutcomes([]byte(`[{"platform":"twitter","state":"published","\udc00":1}]`))
	if len(ps) != 1 || ps[0].Code != apierror.CodeInvalidString {
		t.Errorf("lone surrogate name: %+v", ps)
	}
	os, ps := DecodeOutcomes([]byte(`[{"platform":"twitter","state":"failed","code":"x_post_limit_reached","error":"limit"},{"platform":"bluesky","state":"published"}]`))
	if len(ps) != 0 || len(os) != 2 || os[0].Code != apierror.CodeXPostLimitReached || os[1].State != lifecycle.TargetPublished {
		t.Errorf("valid: %+v %+v", os, ps)
	}
}

// An Env built in Go with a bad account list gets the same code and pointer as
// the same accounts passed as options JSON, instead of 202 or a misleading 404.
func TestCheckWithBadAccountsAnswersAsDecodeEnv(t *testing.T) {
	body := []byte(`{"content":"hi","publishNow":true,"platforms":[{"platform":"twitter"}]}`)
	for _, tc := range []struct {
		why      string
		accounts []rules.Account
		json     string
	}{
		{"unknown platform", []rules.Account{{Platform: "twiter", ID: "a"}}, `[{"platform":"twiter","accountId":"a"}]`},
		{"capitals", []rules.Account{{Platform: "TWITTER", ID: "a"}}, `[{"platform":"TWITTER","accountId":"a"}]`},
		{"empty id", []rules.Account{{Platform: rules.Twitter, ID: ""}}, `[{"platform":"twitter","accountId":""}]`},
		{"twice", []rules.Account{{Platform: rules.Twitter, ID: "a"}, {Platform: rules.Twitter, ID: "a"}}, `[{"platform":"twitter","accountId":"a"},{"platform":"twitter","accountId":"a"}]`},
	} {
		t.Run(tc.why, func(t *testing.T) {
			v := CheckCreatePost(body, Env{Accounts: tc.accounts})
			_, ps := DecodeEnv([]byte(`{"accounts":` + tc.json + `}`))
			if v.Valid || len(ps) == 0 || len(v.Problems) != len(ps) {
				t.Fatalf("verdict %+v, options problems %+v", v.Problems, ps)
			}
			for i := range ps {
				if v.Problems[i] != ps[i] {
					t.Errorf("Go %+v, JSON %+v", v.Problems[i], ps[i])
				}
			}
			d := CheckDraftPublish(body, []byte(`{"publishNow":true}`), Env{Accounts: tc.accounts})
			if d.Valid || d.Problems[0] != ps[0] {
				t.Errorf("draft publish: %+v", d.Problems)
			}
		})
	}
}

// The rule book's limits travel in the one options model: a caller whose API differs sets
// a rule's own limit or turns it off, and a defect there is a problem like any other.
func TestDecodeEnvRuleOverrides(t *testing.T) {
	bluesky := func(text string) []byte {
		return []byte(`{"content":` + strconv.Quote(text) + `,"platforms":[{"platform":"bluesky"}],"publishNow":true}`)
	}
	long := strings.Repeat("👨‍👩‍👧‍👦", 150) // 150 graphemes, 3,750 bytes: over bluesky's 3,000 bytes
	for _, c := range []struct {
		why     string
		options string
		valid   bool
	}{
		{"the book's limits: over the byte cap", `{}`, false},
		{"the byte rule turned off", `{"rules":{"bluesky.text.max_bytes":{"off":true}}}`, true},
		{"the byte rule with a larger limit", `{"rules":{"bluesky.text.max_bytes":{"limit":4000}}}`, true},
		{"a smaller limit than the text", `{"rules":{"bluesky.text.max_bytes":{"limit":3700}}}`, false},
	} {
		env, ps := DecodeEnv([]byte(c.options))
		if len(ps) != 0 {
			t.Fatalf("%s: %+v", c.why, ps)
		}
		if v := CheckCreatePost(bluesky(long), env); v.Valid != c.valid {
			t.Errorf("%s: valid %v, want %v (%+v)", c.why, v.Valid, c.valid, v.Problems)
		}
	}
	for _, c := range []struct {
		why, options string
		code         apierror.Code
		path         string
	}{
		{"an id not in the book", `{"rules":{"bluesky.text.max_words":{"off":true}}}`, apierror.CodeInvalidValue, "/rules/bluesky.text.max_words"},
		{"a limit below 1", `{"rules":{"bluesky.text.max_bytes":{"limit":0}}}`, apierror.CodeInvalidValue, "/rules/bluesky.text.max_bytes/limit"},
		{"an unknown member", `{"rules":{"bluesky.text.max_bytes":{"max":10}}}`, apierror.CodeUnknownField, "/rules/bluesky.text.max_bytes/max"},
		{"rules is not an object", `{"rules":[]}`, apierror.CodeWrongType, "/rules"},
		{"maxTargets below -1", `{"maxTargets":-2}`, apierror.CodeInvalidValue, "/maxTargets"},
	} {
		_, ps := DecodeEnv([]byte(c.options))
		if len(ps) != 1 || ps[0].Code != c.code || ps[0].Path != c.path || ps[0].In != "options" {
			t.Errorf("%s: %+v, want one %s at %s", c.why, ps, c.code, c.path)
		}
	}
	env, ps := DecodeEnv([]byte(`{"maxTargets":2}`))
	if len(ps) != 0 || env.MaxTargets != 2 {
		t.Fatalf("maxTargets: %+v %+v", env, ps)
	}
}
