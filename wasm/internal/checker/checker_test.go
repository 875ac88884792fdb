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
	if !r.Valid || r.Status != rules.StatusPublishing || r.ResolutionSkipped {
		t.Fatalf("got %+v", r)
	}
	b, _ := json.Marshal(r)
	// Valid: no httpStatus, no scheduledFor (as `validate post --format json`).
	want := []string{"valid", "error", "problems", "billable", "targets", "status", "resolutionSkipped"}
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
	if len(post) != 3 || post["path"] != "/platforms/0/platformSpecificData/threadItems/0/content" || post["length"] != 3.0 || post["cap"] != 280.0 {
		t.Errorf("post %v: want exactly path, length, cap", post)
	}

	long := strings.Replace(thread, `"two"`, `"`+strings.Repeat("x", 281)+`"`, 1)
	r = CheckPost(long, `{"now":"2026-01-01T00:00:00Z"}`)
	b, _ = json.Marshal(r)
	if r.Valid || r.HTTPStatus != 400 || r.Error.Code != rules.CodePostTooLong || !strings.Contains(string(b), `"httpStatus":400`) {
		t.Errorf("long: %s", b)
	}
	if !r.ResolutionSkipped {
		t.Errorf("no accounts given: resolution must be skipped")
	}
}

func TestCheckPostEqualsSchema(t *testing.T) {
	for _, body := range []string{thread, "", "{", "[]", `{"content":"x","platforms":[{"platform":"myspace"}],"publishNow":true}`} {
		got := CheckPost(body, `{"now":"2026-01-01T00:00:00Z","accounts":[]}`)
		v := schema.CheckCreatePost([]byte(body), schema.Env{Now: mustTime(t, "2026-01-01T00:00:00Z"), Accounts: []rules.Account{}})
		if got.Valid != v.Valid || (!v.Valid && got.HTTPStatus != v.HTTPStatus) || !reflect.DeepEqual(got.Error, v.Error) ||
			len(got.Problems) != len(v.Problems) || got.Billable != v.Billable || got.ResolutionSkipped != v.ResolutionSkipped {
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
		{`{"requestError":{"code":"invalid_string","message":"lone surrogate","path":""}}`, rules.CodeInvalidString, 400, "the wrapper's translation error"},
		{`{"optionsError":{"code":"malformed_json","message":"cyclic","path":""}}`, rules.CodeMalformedJSON, 400, "the wrapper's options error"},
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
	want := []string{"valid", "httpStatus", "error", "problems", "billable", "targets", "resolutionSkipped"}
	if got := keys(t, b); !reflect.DeepEqual(got, want) {
		t.Errorf("members %v, want %v", got, want)
	}
	if len(r.Problems) != 1 || r.Problems[0].Code != r.Error.Code || r.Error.Error != "Bad Request" || len(r.Targets) != 0 {
		t.Errorf("got %s", b)
	}
	if !strings.HasPrefix(r.Error.Message, "option now: ") {
		t.Errorf("message %q does not name the option", r.Error.Message)
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
}
