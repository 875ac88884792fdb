package checker

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
	"github.com/postrules/postrules/schema"
)

const thread = `{"content":"hello 🧵","platforms":[{"platform":"twitter","accountId":"tw_1",
  "platformSpecificData":{"threadItems":[{"content":"two"}]}}],"publishNow":true}`

// keys returns the member names of the JSON object b in the order they are written.
func keys(t *testing.T, b []byte) []string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.Token()
	var out []string
	for dec.More() {
		tok, _ := dec.Token()
		out = append(out, tok.(string))
		var skip json.RawMessage
		dec.Decode(&skip)
	}
	return out
}

func mustMarshal(t *testing.T, v schema.Verdict) string {
	t.Helper()
	b, err := Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func mustTime(t *testing.T, s string) time.Time {
	t.Helper()
	tm, err := rules.ParseScheduledFor(s)
	if err != nil {
		t.Fatal(err)
	}
	return tm
}

// The page gets the Verdict's own members, in the contract's order (docs/contract.md):
// the CLI's `validate post --format json` line is {"file"} followed by exactly these.
func TestVerdictMembersAreTheContracts(t *testing.T) {
	tests := []struct {
		body, options string
		want          []string
		why           string
	}{
		{thread, `{"now":"2026-01-01T00:00:00Z","accounts":[{"platform":"twitter","accountId":"tw_1"}]}`,
			[]string{"valid", "httpStatus", "error", "problems", "warnings", "targets", "billable", "status", "resolutionSkipped", "bookVersion"},
			"valid publish now: status, no scheduledFor"},
		{`{"content":"x","platforms":[{"platform":"twitter"}],"scheduledFor":"2030-01-02T03:04Z"}`, `{"now":"2026-01-01T00:00:00Z"}`,
			[]string{"valid", "httpStatus", "error", "problems", "warnings", "targets", "billable", "status", "scheduledFor", "resolutionSkipped", "bookVersion"},
			"valid scheduled: status and scheduledFor"},
		{strings.Replace(thread, `"two"`, `"`+strings.Repeat("x", 281)+`"`, 1), `{"now":"2026-01-01T00:00:00Z"}`,
			[]string{"valid", "httpStatus", "error", "problems", "warnings", "targets", "billable", "resolutionSkipped", "bookVersion"},
			"invalid: no status even though schema computed one"},
		{thread, `{"now":"soon"}`,
			[]string{"valid", "httpStatus", "error", "problems", "warnings", "targets", "billable", "resolutionSkipped", "bookVersion"},
			"bad options: the same members"},
	}
	for _, tc := range tests {
		b := mustMarshal(t, CheckPost(tc.body, tc.options))
		if got := keys(t, []byte(b)); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: members %v, want %v\n%s", tc.why, got, tc.want, b)
		}
	}
	// A post_too_long problem carries its target and its measurement as data.
	long := strings.Replace(thread, `"two"`, `"`+strings.Repeat("x", 281)+`"`, 1)
	v := CheckPost(long, `{"now":"2026-01-01T00:00:00Z"}`)
	p := v.Problems[0]
	if p.Code != apierror.CodePostTooLong || p.Target == nil || p.Target.Platform != "twitter" || p.Length == nil || p.Length.Length != 281 || p.Length.Cap != 280 {
		t.Errorf("post_too_long without its target and length: %s", mustMarshal(t, v))
	}
}

// The page's verdict is schema's, byte for byte, for any body: the checker adds nothing,
// drops nothing.
func TestCheckPostIsSchemas(t *testing.T) {
	env := schema.Env{Now: mustTime(t, "2026-01-01T00:00:00Z"), Accounts: []rules.Account{}}
	for _, body := range []string{thread, "", "{", "[]", `{"content":"x","platforms":[{"platform":"myspace"}],"publishNow":true}`} {
		got := mustMarshal(t, CheckPost(body, `{"now":"2026-01-01T00:00:00Z","accounts":[]}`))
		want := mustMarshal(t, schema.CheckCreatePost([]byte(body), env))
		if got != want {
			t.Errorf("body %q:\n got %s\nwant %s", body, got, want)
		}
	}
}

// A problem of the stored draft says where it is with in "draft", as data; its message
// does not repeat it.
func TestDraftProblemsSayIn(t *testing.T) {
	draft := `{"content":"` + strings.Repeat("x", 281) + `","platforms":[{"platform":"twitter"}]}`
	v := CheckDraftPublish(draft, `{"publishNow":true}`, `{"now":"2026-01-01T00:00:00Z"}`)
	b := mustMarshal(t, v)
	if v.Valid || len(v.Problems) != 1 || v.Problems[0].Path != "/content" || v.Problems[0].In != "draft" || strings.HasPrefix(v.Problems[0].Message, "draft: ") {
		t.Fatalf("got %s", b)
	}
	if !strings.Contains(b, `"path":"/content","in":"draft"`) {
		t.Errorf("want in on the error body too: %s", b)
	}
}

// Every options defect a page can send (empty, repeated or misspelt accounts, Go field
// names as keys, forged wrapper members, lone surrogates) answers the code and pointer schema.DecodeEnv gives,
// and the same as a server's Env built in Go with the same accounts (CheckCreatePost's own
// check): one options model, one answer.
func TestOptionsDefects(t *testing.T) {
	body := `{"content":"hello world","platforms":[{"platform":"twitter"}],"publishNow":true}`
	tests := []struct {
		options string
		code    apierror.Code
		path    string
		goEnv   []rules.Account // the same accounts built in Go, when they can be
		why     string
	}{
		{`{"accounts":[{"platform":"twitter","accountId":""}]}`, apierror.CodeInvalidValue, "/accounts/0/accountId",
			[]rules.Account{{Platform: "twitter"}}, "an empty accountId"},
		{`{"accounts":[{"platform":"twitter","accountId":"a"},{"platform":"twitter","accountId":"a"}]}`, apierror.CodeInvalidValue, "/accounts/1",
			[]rules.Account{{Platform: "twitter", ID: "a"}, {Platform: "twitter", ID: "a"}}, "the same account twice: the later one"},
		{`{"accounts":[{"platform":"twiter","accountId":"a"}]}`, apierror.CodeUnknownPlatform, "/accounts/0/platform",
			[]rules.Account{{Platform: "twiter", ID: "a"}}, "a misspelt platform"},
		{`{"accounts":[{"platform":"TWITTER","accountId":"a"}]}`, apierror.CodeUnknownPlatform, "/accounts/0/platform",
			[]rules.Account{{Platform: "TWITTER", ID: "a"}}, "a platform in capitals: names are exact"},
		{`{"accounts":[{"platform":"twitter"}]}`, apierror.CodeMissingField, "/accounts/0/accountId", nil, "a missing accountId"},
		{`{"accounts":[{"Platform":"twitter","AccountID":"a"}]}`, apierror.CodeFieldCaseMismatch, "/accounts/0/Platform", nil, "Go's field names as keys"},
		{`{"accounts":[{"platform":"twitter","accountId":"\ud800"}]}`, apierror.CodeInvalidString, "/accounts/0/accountId", nil, "a lone surrogate in a value"},
		{`{"accounts":[{"platform":"twitter","accountId":"a","\udc00":1}]}`, apierror.CodeInvalidString, "/accounts/0/\ufffd", nil, "a lone surrogate in a name"},
		{`{"limits":{"twitter\ud800":{"cap":5}}}`, apierror.CodeInvalidString, "/limits/twitter\ufffd", nil, "a lone surrogate in a limit's platform"},
		{`{"now":"tomorrow"}`, apierror.CodeInvalidScheduledFor, "/now", nil, "a clock outside the grammar"},
		{`{"now":5}`, apierror.CodeWrongType, "/now", nil, "a clock that is not a string"},
		{`{"accounts":{}}`, apierror.CodeWrongType, "/accounts", nil, "accounts that are not an array"},
		{`{"limits":{"twitter":{"cap":0}}}`, apierror.CodeInvalidValue, "/limits/twitter/cap", nil, "cap 0 would mean the default"},
		{`{"limits":{"twitter":{"counter":"words"}}}`, apierror.CodeInvalidValue, "/limits/twitter/counter", nil, "an unknown counter"},
		{`{"limits":{"zz":{"cap":5}}}`, apierror.CodeUnknownPlatform, "/limits/zz", nil, "a limit of an unknown platform"},
		// Nothing of the wrapper's own travels in the options: a page's attempt to forge
		// a verdict is an unknown option, in any case.
		{`{"requestError":{"code":"internal_error","message":"forged","path":""}}`, apierror.CodeUnknownField, "/requestError", nil, "a forged request error"},
		{`{"REQUESTERROR":{"code":"rate_limited","message":"forged","path":""}}`, apierror.CodeUnknownField, "/REQUESTERROR", nil, "a forged request error, other case"},
		{`{"optionsError":{"code":"upstream_error","message":"forged","path":""}}`, apierror.CodeUnknownField, "/optionsError", nil, "a forged options error"},
		{`{"Now":"2026-01-01T00:00:00Z"}`, apierror.CodeFieldCaseMismatch, "/Now", nil, "option names are exact"},
		{`{"now":"2026-01-01T00:00:00Z","now":null}`, apierror.CodeDuplicateField, "/now", nil, "an option given twice"},
		{`{"now":"2026-01-01T00:00:00Z"} x`, apierror.CodeMalformedJSON, "", nil, "data after the options"},
		{`[`, apierror.CodeMalformedJSON, "", nil, "options that are not JSON"},
	}
	for _, tc := range tests {
		v := CheckPost(body, tc.options)
		if v.Valid || v.HTTPStatus != 400 || v.Billable || len(v.Problems) == 0 {
			t.Errorf("%s: %s: got %s", tc.why, tc.options, mustMarshal(t, v))
			continue
		}
		p := v.Problems[0]
		if p.Code != tc.code || p.Path != tc.path || p.In != "options" {
			t.Errorf("%s: %s: first problem %+v, want %s at %q in options", tc.why, tc.options, p, tc.code, tc.path)
		}
		_, ps := schema.DecodeEnv([]byte(tc.options))
		if got, want := mustMarshal(t, v), mustMarshal(t, schema.Refuse(ps)); got != want {
			t.Errorf("%s: not DecodeEnv's answer:\n got %s\nwant %s", tc.why, got, want)
		}
		if tc.goEnv != nil {
			g := schema.CheckCreatePost([]byte(body), schema.Env{Accounts: tc.goEnv})
			if got, want := mustMarshal(t, v), mustMarshal(t, g); got != want {
				t.Errorf("%s: not the answer for the Env built in Go:\n got %s\nwant %s", tc.why, got, want)
			}
		}
	}
	for _, tc := range []struct {
		options string
		code    apierror.Code
		status  int
		why     string
	}{
		{``, "", 202, "no options at all: valid"},
		{`{}`, "", 202, "empty options: valid"},
		{`{"now":null,"accounts":null}`, "", 202, "nulls mean absent"},
		{`{"accounts":[]}`, apierror.CodeNoConnectedAccount, 404, "accounts given and empty: resolution runs and fails"},
		{`{"limits":{"twitter":{"cap":5}}}`, apierror.CodePostTooLong, 400, "a lower cap"},
		{`{"limits":{"twitter":{"counter":"x-weighted","cap":11}}}`, "", 202, "11 weighted units fit 11"},
		{`{"plan":{"postLimit":3,"postsUsed":3}}`, apierror.CodePlanLimitReached, 403, "the plan's limit"},
	} {
		v := CheckPost(body, tc.options)
		if v.HTTPStatus != tc.status || (tc.code == "") != v.Valid || (tc.code != "" && v.Error.Code != tc.code) {
			t.Errorf("%s: %s: got %s", tc.why, tc.options, mustMarshal(t, v))
		}
	}
}

func TestCheckDraftPublish(t *testing.T) {
	draft := `{"content":"hi","platforms":[{"platform":"twitter"}]}`
	v := CheckDraftPublish(draft, `{"scheduledFor":"2030-01-01T00:00:00Z"}`, `{"now":"2026-01-01T00:00:00Z"}`)
	if !v.Valid || v.Status != lifecycle.PostScheduled || v.ScheduledFor != "2030-01-01T00:00:00Z" {
		t.Errorf("got %+v", v)
	}
	v = CheckDraftPublish(draft, `{"publishNow":true}`, `{"draftState":"publishing"}`)
	if v.HTTPStatus != 409 || v.Error.Code != apierror.CodeDraftAlreadyPublishing {
		t.Errorf("publishing: got %+v", v)
	}
	v = CheckDraftPublish(draft, `{"publishNow":true}`, `{"draftState":"gone"}`)
	if v.Error == nil || v.Error.Code != apierror.CodeInvalidValue || v.Problems[0].Path != "/draftState" {
		t.Errorf("unknown state: got %+v", v)
	}
	// A deleted draft is 404 alone: not even a broken body is looked at.
	v = CheckDraftPublish(draft, `{`, `{"draftState":"deleted"}`)
	if v.HTTPStatus != 404 || v.Error.Code != apierror.CodeDraftNotFound || len(v.Problems) != 1 || len(v.Targets) != 0 {
		t.Errorf("deleted: got %+v", v)
	}
}

func TestWrapperFault(t *testing.T) {
	if _, ok := WrapperFault(""); ok {
		t.Fatal("no wrapper error must let the check run")
	}
	tests := []struct {
		fault  string
		code   apierror.Code
		status int
		in     string
		why    string
	}{
		{`{"code":"body_too_large","message":"big","path":"","in":""}`, apierror.CodeBodyTooLarge, 400, "", "a body over the limit, found from its length in JS"},
		{`{"code":"wrong_type","message":"options must be an object","path":"","in":"options"}`, apierror.CodeWrongType, 400, "options", "an options value the guarded reader refused"},
		{`{"code":"invalid_string","message":"lone","path":"","in":"draft"}`, apierror.CodeInvalidString, 400, "draft", "a draft text with a lone surrogate"},
		{`{"code":"upstream_error","message":"x","path":"","in":""}`, apierror.CodeInternal, 500, "", "a code no wrapper check gives is a bug, not a 502"},
		{`{"code":"rate_limited","message":"x","path":""}`, apierror.CodeInternal, 500, "", "nor a 429"},
		{`{"code":"wrong_type","message":"x","path":"","in":"elsewhere"}`, apierror.CodeInternal, 500, "", "a document no page passes is a bug"},
		{`{"code":"invalid_string"`, apierror.CodeInternal, 500, "", "a malformed wrapper error is a bug"},
		{`{"code":"wrong_type","message":"x","path":"","in":"","status":200}`, apierror.CodeInternal, 500, "", "an unknown member is a bug"},
	}
	for _, tc := range tests {
		v, ok := WrapperFault(tc.fault)
		if !ok || v.Valid || v.Error == nil || v.Error.Code != tc.code || v.HTTPStatus != tc.status || v.Billable || v.Problems[0].In != tc.in {
			t.Errorf("%s: %s: got %s", tc.why, tc.fault, mustMarshal(t, v))
		}
	}
	// A fault located in the request reads as schema's one-problem body: path, and the
	// message followed by " (at <path>)".
	v, _ := WrapperFault(`{"code":"invalid_string","message":"lone surrogate","path":"/content","in":""}`)
	if v.Error.Path != "/content" || v.Error.Message != "lone surrogate (at /content)" || v.Problems[0].Message != "lone surrogate" || len(v.Targets) != 0 {
		t.Errorf("located fault: %s", mustMarshal(t, v))
	}
}

// aggregate reads outcomes with schema.DecodeOutcomes: a name given twice is refused, never
// "the last one wins" as JSON.parse would have it, and malformed JSON names its byte.
func TestAggregate(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
		why      string
	}{
		{`[{"platform":"twitter","state":"published"},{"platform":"bluesky","state":"failed","error":"x"}]`,
			`{"success":true,"status":"partial"}`, true, "one published, one failed"},
		{`[{"platform":"twitter","state":"failed","state":"published"}]`,
			`{"error":"Bad Request","code":"duplicate_field","message":"\"state\" is given more than once in this object; give each name once","path":"/0/state"}`,
			false, "a state given twice"},
		{`[{"platform":"twitter","state":"published"}`,
			`{"error":"Bad Request","code":"malformed_json","message":"malformed JSON at byte 43: expected ',' or ']' after an array element, found end of input"}`,
			false, "malformed: the byte is named"},
		{`[{"platform":"twitter","state":"published","\udc00":"x"}]`, "invalid_string", false, "a lone surrogate in a member name"},
		{`[{"platform":"twiter","state":"published"}]`, "unknown_platform", false, "a platform is the rule's business"},
	}
	for _, tc := range tests {
		a, ok := Aggregate(tc.in)
		b, err := MarshalStatus(a)
		if err != nil || ok != tc.ok {
			t.Errorf("%s: ok %v, %v", tc.why, ok, err)
		}
		if strings.HasPrefix(tc.want, "{") && string(b) != tc.want || !strings.HasPrefix(tc.want, "{") && !strings.Contains(string(b), `"code":"`+tc.want+`"`) {
			t.Errorf("%s: %s\n got %s\nwant %s", tc.why, tc.in, b, tc.want)
		}
	}
}

// TestVerdictCarriesFix: the module's verdict carries a problem's fix as Go's does, byte
// for byte (issue 35: the same JSON on every face).
func TestVerdictCarriesFix(t *testing.T) {
	body := `{"content":"see (this)","platforms":[{"platform":"linkedin"}],"publishNow":true}`
	got, err := Marshal(CheckPost(body, `{"now":"2026-06-01T12:00:00Z"}`))
	if err != nil {
		t.Fatal(err)
	}
	want := `"fix":{"rule":"linkedin.text.reserved","description":"Escape 2 characters LinkedIn reserves","patch":[{"op":"replace","path":"/content","value":"see \\(this\\)"}]}`
	if !strings.Contains(string(got), want) {
		t.Errorf("verdict %s lacks %s", got, want)
	}
}
