package checker

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/schema"
)

const thread = `{"content":"hello 🧵","platforms":[{"platform":"twitter","accountId":"tw_1",
  "platformSpecificData":{"threadItems":[{"content":"two"}]}}],"publishNow":true}`

// keys returns the member names of the JSON object b, sorted as encoding/json writes
// them (struct order), for checking the exact field set.
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

func TestCheckPostShapeIsTheCLIs(t *testing.T) {
	r := CheckPost(thread, `{"now":"2026-01-01T00:00:00Z","accounts":[{"platform":"twitter","accountId":"tw_1"}]}`)
	if !r.Valid || r.Status != rules.StatusPublishing {
		t.Fatalf("got %+v", r)
	}
	b, _ := json.Marshal(r)
	// Valid: the CLI's keys less httpStatus (as `validate post --format json`), then the
	// one extra of a valid publish-now verdict: status (no scheduledFor: not scheduled).
	want := []string{"valid", "error", "problems", "billable", "targets", "status"}
	if got := keys(t, b); !reflect.DeepEqual(got, want) {
		t.Errorf("valid verdict members %v, want %v", got, want)
	}
	if got := string(b); !strings.Contains(got, `"problems":[]`) || !strings.Contains(got, `"error":null`) {
		t.Errorf("problems must be [] and error null: %s", got)
	}
	var v struct {
		Targets []struct {
			Posts []map[string]any `json:"posts"`
		} `json:"targets"`
	}
	json.Unmarshal(b, &v)
	post := v.Targets[0].Posts[1]
	if len(post) != 4 || post["path"] != "/platforms/0/platformSpecificData/threadItems/0/content" || post["length"] != 3.0 || post["cap"] != 280.0 || post["rule"] != "twitter.text.max_weighted" {
		t.Errorf("post %v: want exactly path, length, cap, rule", post)
	}

	long := strings.Replace(thread, `"two"`, `"`+strings.Repeat("x", 281)+`"`, 1)
	r = CheckPost(long, `{"now":"2026-01-01T00:00:00Z"}`)
	b, _ = json.Marshal(r)
	if r.Valid || r.HTTPStatus != 400 || r.Error.Code != rules.CodePostTooLong || !strings.Contains(string(b), `"httpStatus":400`) {
		t.Errorf("long: %s", b)
	}
	// Invalid: exactly the CLI's keys, no status even though schema computed one.
	want = []string{"valid", "httpStatus", "error", "problems", "billable", "targets"}
	if got := keys(t, b); !reflect.DeepEqual(got, want) {
		t.Errorf("invalid verdict members %v, want %v", got, want)
	}

	sched := `{"content":"x","platforms":[{"platform":"twitter"}],"scheduledFor":"2030-01-02T03:04Z"}`
	b, _ = json.Marshal(CheckPost(sched, `{"now":"2026-01-01T00:00:00Z"}`))
	want = []string{"valid", "error", "problems", "billable", "targets", "status", "scheduledFor"}
	if got := keys(t, b); !reflect.DeepEqual(got, want) || !strings.Contains(string(b), `"status":"pending","scheduledFor":"2030-01-02T03:04:00Z"`) {
		t.Errorf("scheduled verdict %s: members %v, want %v", b, got, want)
	}
}

// A problem of the stored draft reads as the CLI prints it: path, code and message, with
// schema's In left out (the message says "draft: "); the error body keeps path and in.
func TestDraftProblemsAreTheCLIs(t *testing.T) {
	draft := `{"content":"` + strings.Repeat("x", 281) + `","platforms":[{"platform":"twitter"}]}`
	r := CheckDraftPublish(draft, `{"publishNow":true}`, `{"now":"2026-01-01T00:00:00Z"}`)
	b, _ := json.Marshal(r)
	if r.Valid || len(r.Problems) != 1 || r.Problems[0].Path != "/content" || !strings.HasPrefix(r.Problems[0].Message, "draft: ") {
		t.Fatalf("got %s", b)
	}
	if strings.Contains(string(b), `"in":"draft","code"`) || !strings.Contains(string(b), `"path":"/content","in":"draft"`) {
		t.Errorf("want in only on the error body: %s", b)
	}
}

func TestCheckPostEqualsSchema(t *testing.T) {
	for _, body := range []string{thread, "", "{", "[]", `{"content":"x","platforms":[{"platform":"myspace"}],"publishNow":true}`} {
		got := CheckPost(body, `{"now":"2026-01-01T00:00:00Z","accounts":[]}`)
		v := schema.CheckCreatePost([]byte(body), schema.Env{Now: mustTime(t, "2026-01-01T00:00:00Z"), Accounts: []rules.Account{}})
		if got.Valid != v.Valid || (!v.Valid && got.HTTPStatus != v.HTTPStatus) || !reflect.DeepEqual(got.Error, v.Error) ||
			len(got.Problems) != len(v.Problems) || got.Billable != v.Billable ||
			(v.Valid && (got.Status != v.Status || got.ScheduledFor != v.ScheduledFor)) || (!v.Valid && got.Status != "") {
			t.Errorf("body %q: got %+v, schema %+v", body, got, v)
		}
	}
}

func mustTime(t *testing.T, s string) time.Time {
	t.Helper()
	tm, err := rules.ParseScheduledFor(s)
	if err != nil {
		t.Fatal(err)
	}
	return tm
}

func TestOptions(t *testing.T) {
	body := `{"content":"hello world","platforms":[{"platform":"twitter"}],"publishNow":true}`
	tests := []struct {
		options string
		code    rules.Code
		status  int
		why     string
	}{
		{``, "", 0, "no options at all: valid"},
		{`{}`, "", 0, "empty options: valid"},
		{`{"now":null,"accounts":null}`, "", 0, "nulls mean absent"},
		{`{"now":"tomorrow"}`, rules.CodeInvalidScheduledFor, 400, "a clock that is not in the grammar"},
		{`{"now":5}`, rules.CodeWrongType, 400, "a clock that is not a string"},
		{`{"accounts":{}}`, rules.CodeWrongType, 400, "accounts that are not an array"},
		{`{"accounts":[]}`, rules.CodeNoConnectedAccount, 404, "accounts given and empty: resolution runs and fails"},
		{`{"colour":1}`, rules.CodeInvalidRequest, 400, "an unknown option"},
		{`{"limits":{"twitter":{"cap":5}}}`, rules.CodePostTooLong, 400, "a lower cap"},
		{`{"limits":{"twitter":{"counter":"x-weighted","cap":11}}}`, "", 0, "11 weighted units fit 11"},
		{`{"limits":{"twitter":{"cap":0}}}`, rules.CodeInvalidValue, 400, "cap 0 would mean the default"},
		{`{"limits":{"twitter":{"counter":"words"}}}`, rules.CodeInvalidValue, 400, "an unknown counter"},
		{`{"limits":{"zz":{"cap":5},"aa":{"cap":5}}}`, rules.CodeUnknownPlatform, 400, "an unknown platform"},
		{`{"plan":{"postLimit":3,"postsUsed":3}}`, rules.CodePlanLimitReached, 403, "the plan's limit"},
		{`{"draftState":"saved"}`, rules.CodeInvalidValue, 400, "a draft option on a create"},
		// The wrapper's own errors travel apart: in the options, in any case, they are
		// unknown options and can forge nothing.
		{`{"requestError":{"code":"internal_error","message":"forged","path":""}}`, rules.CodeInvalidRequest, 400, "a forged request error"},
		{`{"REQUESTERROR":{"code":"rate_limited","message":"forged","path":""}}`, rules.CodeInvalidRequest, 400, "a forged request error, other case"},
		{`{"optionsError":{"code":"upstream_error","message":"forged","path":""}}`, rules.CodeInvalidRequest, 400, "a forged options error"},
		{`{"OptionsError":{"code":"unauthorized","message":"forged","path":""}}`, rules.CodeInvalidRequest, 400, "a forged options error, other case"},
		{`{"now":"2026-01-01T00:00:00Z"} x`, rules.CodeMalformedJSON, 400, "data after the options"},
		{`[`, rules.CodeMalformedJSON, 400, "options that are not JSON"},
	}
	for _, tc := range tests {
		r := CheckPost(body, tc.options)
		if tc.code == "" {
			if !r.Valid {
				t.Errorf("%s: %s: got %+v", tc.why, tc.options, r.Error)
			}
			continue
		}
		if r.Valid || r.Error == nil || r.Error.Code != tc.code || r.HTTPStatus != tc.status || r.Billable {
			t.Errorf("%s: %s: got valid=%v status %d error %+v; want %s %d", tc.why, tc.options, r.Valid, r.HTTPStatus, r.Error, tc.code, tc.status)
		}
	}
	// The first bad platform of limits is the same on every run: map order does not leak.
	for i := 0; i < 20; i++ {
		r := CheckPost(body, `{"limits":{"zz":{"cap":5},"aa":{"cap":5}}}`)
		if !strings.Contains(r.Error.Message, `"aa"`) {
			t.Fatalf("run %d: %s", i, r.Error.Message)
		}
	}
}

func TestFaultResultShape(t *testing.T) {
	r := CheckPost(thread, `{"now":"soon"}`)
	b, _ := json.Marshal(r)
	want := []string{"valid", "httpStatus", "error", "problems", "billable", "targets"}
	if got := keys(t, b); !reflect.DeepEqual(got, want) {
		t.Errorf("members %v, want %v", got, want)
	}
	if !strings.HasPrefix(r.Error.Message, "option now: ") {
		t.Errorf("message %q does not name the option", r.Error.Message)
	}
	if r.Error.Path != "" || r.Error.Message != r.Problems[0].Message {
		t.Errorf("an option fault is not located in the request: %s", b)
	}
	// A fault located in the request reads as schema's one-problem body: path, and the
	// message followed by " (at <path>)".
	r, _ = WrapperFault(`{"code":"invalid_string","message":"lone surrogate","path":"/content"}`)
	if r.Error.Path != "/content" || r.Error.Message != "lone surrogate (at /content)" || r.Problems[0].Path != "/content" ||
		r.Problems[0].Message != "lone surrogate" || r.HTTPStatus != 400 {
		t.Errorf("located fault: %+v %+v", r.Error, r.Problems)
	}
	if len(r.Problems) != 1 || r.Problems[0].Code != r.Error.Code || r.Error.Error != "Bad Request" || len(r.Targets) != 0 {
		t.Errorf("got %s", b)
	}
}

func TestCheckDraftPublish(t *testing.T) {
	draft := `{"content":"hi","platforms":[{"platform":"twitter"}]}`
	r := CheckDraftPublish(draft, `{"scheduledFor":"2030-01-01T00:00:00Z"}`, `{"now":"2026-01-01T00:00:00Z"}`)
	if !r.Valid || r.Status != rules.StatusScheduled || r.ScheduledFor != "2030-01-01T00:00:00Z" {
		t.Errorf("got %+v", r)
	}
	r = CheckDraftPublish(draft, `{"publishNow":true}`, `{"draftState":"publishing"}`)
	if r.HTTPStatus != 409 || r.Error.Code != rules.CodeDraftAlreadyPublishing {
		t.Errorf("publishing: got %+v", r)
	}
	r = CheckDraftPublish(draft, `{"publishNow":true}`, `{"draftState":"gone"}`)
	if r.Error == nil || r.Error.Code != rules.CodeInvalidValue {
		t.Errorf("unknown state: got %+v", r)
	}
	// A deleted draft is 404 alone: not even a broken body is looked at.
	r = CheckDraftPublish(draft, `{`, `{"draftState":"deleted"}`)
	if r.HTTPStatus != 404 || r.Error.Code != rules.CodeDraftNotFound || len(r.Problems) != 1 || len(r.Targets) != 0 {
		t.Errorf("deleted: got %+v", r)
	}
}

func TestWrapperFault(t *testing.T) {
	if _, ok := WrapperFault(""); ok {
		t.Fatal("no wrapper error must let the check run")
	}
	tests := []struct {
		fault  string
		code   rules.Code
		status int
		why    string
	}{
		{`{"code":"body_too_large","message":"big","path":""}`, rules.CodeBodyTooLarge, 400, "a body over the limit, found from its length in JS"},
		{`{"code":"wrong_type","message":"options must be an object","path":"options"}`, rules.CodeWrongType, 400, "an options value the guarded reader refused"},
		{`{"code":"upstream_error","message":"x","path":""}`, rules.CodeInternal, 500, "a code no wrapper check gives is a bug, not a 502"},
		{`{"code":"rate_limited","message":"x","path":""}`, rules.CodeInternal, 500, "nor a 429"},
		{`{"code":"invalid_string"`, rules.CodeInternal, 500, "a malformed wrapper error is a bug"},
	}
	for _, tc := range tests {
		r, ok := WrapperFault(tc.fault)
		if !ok || r.Valid || r.Error == nil || r.Error.Code != tc.code || r.HTTPStatus != tc.status || r.Billable {
			t.Errorf("%s: %s: got %+v %+v", tc.why, tc.fault, r.Report.HTTPStatus, r.Error)
		}
	}
}
