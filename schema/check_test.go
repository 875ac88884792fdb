package schema

import (
	"bytes"
	"encoding/json"
	"flag"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
	"github.com/postrules/postrules/schema/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata (verdicts, jsonschema, node)")

// checkGolden compares got with the golden file at path, or with -update writes it there.
func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	golden.Check(t, path, got, *update, "schema")
}

var (
	now      = time.Date(2026, 1, 10, 12, 0, 0, 0, time.UTC)
	accounts = []rules.Account{
		{Platform: rules.Twitter, ID: "tw-main"},
		{Platform: rules.LinkedIn, ID: "li-1"},
		{Platform: rules.Bluesky, ID: "bs-1"},
		{Platform: rules.Facebook, ID: "fb-1"},
		{Platform: rules.Facebook, ID: "fb-2"},
	}
)

// typicalBody is the benchmark's typical request: 3 targets, a 5-post twitter thread, 2
// media, about 3 KB.
func typicalBody() []byte {
	long := strings.Repeat("Spring sale: every plan 20% off until Sunday. ", 5)[:230]
	var items []string
	for i := 0; i < 4; i++ {
		items = append(items, `{"content":"`+long+` (`+string(rune('2'+i))+`/5)"}`)
	}
	return []byte(`{
  "content": "` + long + ` (1/5)",
  "mediaItems": [
    {"type": "image", "url": "https://cdn.example.com/sale/banner-1200x675.png"},
    {"type": "image", "url": "https://cdn.example.com/sale/pricing-table.png"}
  ],
  "platforms": [
    {"platform": "twitter", "accountId": "tw-main", "platformSpecificData": {
      "replySettings": "following",
      "threadItems": [` + strings.Join(items, ",\n        ") + `]}},
    {"platform": "linkedin", "content": "` + strings.Repeat("Our spring sale starts today. ", 40) + `",
     "platformSpecificData": {"visibility": "PUBLIC"}},
    {"platform": "bluesky"}
  ],
  "scheduledFor": "2026-03-01T09:30:00.500Z",
  "timezone": "Europe/Berlin"
}`)
}

func TestTypicalBodyIsTypical(t *testing.T) {
	b := typicalBody()
	if len(b) < 2500 || len(b) > 3500 {
		t.Fatalf("typical body is %d bytes, want about 3 KB", len(b))
	}
	v := CheckCreatePost(b, Env{Now: now, Accounts: accounts})
	if !v.Valid || len(v.Targets) != 3 || len(v.Targets[0].Posts) != 5 {
		t.Fatalf("typical body: %+v", v)
	}
}

type verdictCase struct {
	name  string
	draft string // non-empty: a draft publish
	body  string
	env   Env
	// Asserted here, independently of the golden file: the answered status and code, and
	// every problem's "code path".
	status int
	code   apierror.Code
	want   []string
}

func verdictCases() []verdictCase {
	base := Env{Now: now, Accounts: accounts}
	over := strings.Repeat("é", 281)
	return []verdictCase{
		{name: "create_publish_now", env: base, status: 202,
			body: `{"content":"Hello","platforms":[{"platform":"twitter"},{"platform":"linkedin","accountId":"li-1"}],"publishNow":true}`},
		{name: "create_scheduled", env: base, status: 202,
			body: `{"content":"Later","platforms":[{"platform":"bluesky"}],"scheduledFor":"2026-03-01T09:30:00.500Z","timezone":"Europe/Berlin"}`},
		{name: "create_without_accounts", env: Env{}, status: 202,
			body: `{"content":"Hello","platforms":[{"platform":"threads"}],"publishNow":true}`},
		{name: "create_thread_too_long", env: base, status: 400, code: apierror.CodeValidationFailed,
			body: `{"content":"one","platforms":[{"platform":"twitter","platformSpecificData":{"threadItems":[{"content":"` + over + `"},{"content":"three"},{"content":"` + over + `"}]}}],"publishNow":true}`,
			want: []string{"post_too_long /platforms/0/platformSpecificData/threadItems/0/content", "post_too_long /platforms/0/platformSpecificData/threadItems/2/content"}},
		{name: "create_override_too_long", env: base, status: 400, code: apierror.CodePostTooLong,
			body: `{"content":"short","platforms":[{"platform":"twitter","content":"` + over + `"},{"platform":"linkedin"}],"publishNow":true}`,
			want: []string{"post_too_long /platforms/0/content"}},
		{name: "create_many_problems", env: base, status: 400, code: apierror.CodeValidationFailed,
			body: `{"Content":"x","publishNow":"yes","scheduleFor":"2026-01-01T00:00Z","platforms":[{"platform":"twiter"},{"platform":"twitter","content":"` + over + `"}],"mediaItems":[{"type":"image","url":"/a.png"}]}`,
			want: []string{"field_case_mismatch /Content", "invalid_media /mediaItems/0/url", "unknown_platform /platforms/0/platform",
				"post_too_long /platforms/1/content", "wrong_type /publishNow", "unknown_field /scheduleFor"}},
		{name: "create_malformed", env: base, status: 400, code: apierror.CodeMalformedJSON,
			body: `{"content":"x","platforms":[{"platform":"twitter"}],"publishNow":tru}`, want: []string{"malformed_json /publishNow"}},
		{name: "create_scheduled_in_past", env: base, status: 400, code: apierror.CodeScheduledInPast,
			body: `{"content":"x","platforms":[{"platform":"twitter"}],"scheduledFor":"2026-01-10T12:00Z"}`, want: []string{"scheduled_in_past /scheduledFor"}},
		{name: "create_account_not_found", env: base, status: 404, code: apierror.CodeAccountNotFound,
			body: `{"content":"x","platforms":[{"platform":"twitter","accountId":"tw-gone"}],"publishNow":true}`, want: []string{"account_not_found /platforms/0/accountId"}},
		{name: "create_ambiguous_account", env: base, status: 409, code: apierror.CodeAmbiguousAccount,
			body: `{"content":"x","platforms":[{"platform":"facebook"}],"publishNow":true}`, want: []string{"ambiguous_account /platforms/0/platform"}},
		{name: "create_duplicate_target", env: base, status: 400, code: apierror.CodeDuplicateTarget,
			body: `{"content":"x","platforms":[{"platform":"twitter"},{"platform":"twitter","accountId":"tw-main"}],"publishNow":true}`, want: []string{"duplicate_target /platforms/1/accountId"}},
		{name: "create_subscription_inactive", env: Env{Plan: rules.Plan{SubscriptionInactive: true, SubscribeURL: "https://example.com/billing"}}, status: 402, code: apierror.CodeSubscriptionInactive,
			body: `{"content":"x","platforms":[{"platform":"twitter"}],"publishNow":true}`, want: []string{"subscription_inactive "}},
		{name: "create_plan_limit", env: Env{Plan: rules.Plan{PostLimit: 10, PostsUsed: 10, ConnectedAccounts: 3}}, status: 403, code: apierror.CodePlanLimitReached,
			body: `{"content":"x","platforms":[{"platform":"twitter"}],"publishNow":true}`, want: []string{"plan_limit_reached "}},
		{name: "create_precedence_all", status: 400, code: apierror.CodeNoContent,
			env:  Env{Now: now, Accounts: accounts, Plan: rules.Plan{SubscriptionInactive: true}},
			body: `{"platforms":[{"platform":"twitter","accountId":"nope"},{"platform":"facebook","content":"x"}],"publishNow":true}`,
			want: []string{"no_content /platforms/0", "account_not_found /platforms/0/accountId", "ambiguous_account /platforms/1/platform", "subscription_inactive "}},
		{name: "draft_publish_now", env: base, status: 200,
			draft: `{"content":"Draft text","platforms":[{"platform":"twitter"}]}`, body: `{"publishNow":true}`},
		{name: "draft_scheduled", env: base, status: 200,
			draft: `{"content":"Draft text","platforms":[{"platform":"twitter"}],"scheduledFor":"2020-01-01T00:00Z"}`, body: `{"scheduledFor":"2026-02-01T08:00:00.250000Z"}`},
		{name: "draft_publish_mode_missing", env: base, status: 400, code: apierror.CodePublishModeConflict,
			draft: `{"content":"Draft text","platforms":[{"platform":"twitter"}]}`, body: `{}`, want: []string{"publish_mode_conflict /publishNow"}},
		{name: "draft_problems_in_both", env: base, status: 400, code: apierror.CodeValidationFailed,
			draft: `{"content":"` + over + `","platforms":[{"platform":"twitter"}],"Timezone":"UTC"}`, body: `{"publishNow":true,"timezone":"Local"}`,
			want: []string{"invalid_timezone /timezone", "field_case_mismatch /Timezone", "post_too_long /content"}},
		{name: "draft_already_publishing", env: Env{DraftState: lifecycle.DraftPublishing}, status: 409, code: apierror.CodeDraftAlreadyPublishing,
			draft: `{"content":"x","platforms":[{"platform":"twitter"}]}`, body: `{"publishNow":true}`, want: []string{"draft_already_publishing "}},
		{name: "draft_deleted", env: Env{DraftState: lifecycle.DraftDeleted}, status: 404, code: apierror.CodeDraftNotFound,
			draft: `{"content":"x","platforms":[{"platform":"twitter"}]}`, body: `{"publishNow":true}`, want: []string{"draft_not_found "}},
		{name: "draft_deleted_without_bytes", env: Env{DraftState: lifecycle.DraftDeleted}, status: 404, code: apierror.CodeDraftNotFound,
			draft: " ", body: `{"publishNow":true}`, want: []string{"draft_not_found "}},
		// A deleted draft has nothing to publish: 404 alone, whatever the body and the plan.
		{name: "draft_deleted_bad_body", env: Env{DraftState: lifecycle.DraftDeleted, Plan: rules.Plan{SubscriptionInactive: true}}, status: 404, code: apierror.CodeDraftNotFound,
			draft: " ", body: `{"publishNow":1}`, want: []string{"draft_not_found "}},
		{name: "draft_deleted_malformed_body", env: Env{DraftState: lifecycle.DraftDeleted}, status: 404, code: apierror.CodeDraftNotFound,
			draft: `{"content":5}`, body: `{`, want: []string{"draft_not_found "}},
		{name: "draft_malformed", env: base, status: 400, code: apierror.CodeMalformedJSON,
			draft: `{"content":"x",`, body: `{"publishNow":true}`, want: []string{"malformed_json "}},
		// A malformed body is the only problem, even when the stored draft has its own.
		{name: "draft_malformed_body", env: base, status: 400, code: apierror.CodeMalformedJSON,
			draft: `{"content":"` + over + `","platforms":[{"platform":"twiter"}]}`, body: `{`, want: []string{"malformed_json "}},
		// The draft's publishNow, scheduledFor and timezone are replaced by the body's: any
		// value there is fine.
		{name: "draft_schedule_fields_ignored", env: base, status: 200,
			draft: `{"content":"x","platforms":[{"platform":"twitter"}],"publishNow":"yes","scheduledFor":5,"timezone":{"a":[null]}}`, body: `{"publishNow":true}`},
		// A second click while publishing is told so before anything about its accounts.
		{name: "draft_publishing_and_ambiguous", env: Env{Accounts: accounts, DraftState: lifecycle.DraftPublishing}, status: 409, code: apierror.CodeDraftAlreadyPublishing,
			draft: `{"content":"x","platforms":[{"platform":"facebook"}]}`, body: `{"publishNow":true}`,
			want: []string{"draft_already_publishing ", "ambiguous_account /platforms/0/platform"}},
		// A state the rules do not know is a setting of the server: its fault, 500, alone.
		{name: "draft_bad_state", env: Env{DraftState: "archived"}, status: 500, code: apierror.CodeInternal,
			draft: `{"content":"x","platforms":[{"platform":"twitter"}]}`, body: `{"publishNow":"yes"}`, want: []string{"internal_error "}},
	}
}

func runCase(c verdictCase) Verdict {
	if c.draft != "" {
		return CheckDraftPublish([]byte(c.draft), []byte(c.body), c.env)
	}
	return CheckCreatePost([]byte(c.body), c.env)
}

func TestVerdictGolden(t *testing.T) {
	for _, c := range verdictCases() {
		t.Run(c.name, func(t *testing.T) {
			v := runCase(c)
			if v.HTTPStatus != c.status {
				t.Errorf("status %d, want %d", v.HTTPStatus, c.status)
			}
			if c.want == nil {
				c.want = []string{}
			}
			if got := verdictProblems(v); !reflect.DeepEqual(got, c.want) {
				t.Errorf("problems\n got  %q\n want %q", got, c.want)
			}
			if (c.status == 202 || c.status == 200) != v.Valid || (v.Error == nil) != v.Valid || v.Billable != v.Valid {
				t.Errorf("valid %v, error %v, billable %v for status %d", v.Valid, v.Error, v.Billable, c.status)
			}
			if v.Error != nil && v.Error.Code != c.code {
				t.Errorf("error code %s, want %s", v.Error.Code, c.code)
			}
			got, err := json.MarshalIndent(v, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, filepath.Join("testdata", "verdicts", c.name+".json"), append(got, '\n'))
		})
	}
}

func TestVerdictDetails(t *testing.T) {
	v := runCase(verdictCases()[1]) // create_scheduled
	if v.Status != lifecycle.PostPending || v.ScheduledFor != "2026-03-01T09:30:00.5Z" {
		t.Errorf("create scheduled: status %q scheduledFor %q", v.Status, v.ScheduledFor)
	}
	v = runCase(verdictCases()[0]) // create_publish_now
	if v.Status != lifecycle.PostPublishing || v.ScheduledFor != "" || v.ResolutionSkipped {
		t.Errorf("create now: %+v", v)
	}
	if v.Targets[0].AccountID != "tw-main" || v.Targets[1].AccountID != "li-1" {
		t.Errorf("resolved accounts: %+v", v.Targets)
	}
	if v := runCase(verdictCases()[2]); !v.ResolutionSkipped || v.Targets[0].AccountID != "" {
		t.Errorf("no accounts: resolution not skipped: %+v", v)
	}
	for _, c := range verdictCases() {
		if c.name == "draft_scheduled" {
			v := runCase(c)
			if v.Status != lifecycle.PostScheduled || v.ScheduledFor != "2026-02-01T08:00:00.25Z" {
				t.Errorf("draft scheduled: %q %q", v.Status, v.ScheduledFor)
			}
		}
		if c.name == "draft_publish_now" {
			if v := runCase(c); v.Status != lifecycle.PostPublishing {
				t.Errorf("draft now: %q", v.Status)
			}
		}
		if c.name == "create_subscription_inactive" {
			if v := runCase(c); v.Error.SubscribeURL != "https://example.com/billing" || v.Error.Limit != nil {
				t.Errorf("402 body: %+v", v.Error)
			}
		}
		if c.name == "create_plan_limit" {
			v := runCase(c)
			if v.Error.Limit == nil || *v.Error.Limit != 10 || *v.Error.Used != 10 || *v.Error.Connected != 3 {
				t.Errorf("403 body: %+v", v.Error)
			}
		}
		if c.name == "draft_problems_in_both" {
			// The body's /timezone and the draft's /Timezone and /content: the draft's are
			// In "draft", the body's are not; no message repeats where it is (In is data).
			v := runCase(c)
			for _, p := range v.Problems {
				inDraft := p.Path != "/timezone"
				if inDraft != (p.In == "draft") || strings.HasPrefix(p.Message, "draft: ") {
					t.Errorf("problem %+v: in the draft %v", p, inDraft)
				}
			}
		}
	}
}

// TestPrecedence removes the problems of the most important status one at a time: each
// time the next status of the documented order answers.
func TestPrecedence(t *testing.T) {
	const draft = `{"content":"x","platforms":[{"platform":"twitter","accountId":"nope"},{"platform":"facebook"}]}`
	const twitterDraft = `{"content":"x","platforms":[{"platform":"twitter"}]}`
	const facebookDraft = `{"content":"x","platforms":[{"platform":"facebook"}]}`
	full := Env{Now: now, Accounts: accounts, Plan: rules.Plan{SubscriptionInactive: true}, DraftState: lifecycle.DraftPublishing}
	without := func(e Env, f func(*Env)) Env { f(&e); return e }
	steps := []struct {
		draft, body string
		env         Env
		status      int
		code        apierror.Code
	}{
		{draft, `{"publishNow":"yes"}`, without(full, func(e *Env) { e.DraftState = "bogus" }), 500, apierror.CodeInternal},
		{draft, `{"publishNow":"yes"}`, without(full, func(e *Env) { e.DraftState = lifecycle.DraftDeleted }), 404, apierror.CodeDraftNotFound},
		{draft, `{"publishNow":`, full, 400, apierror.CodeMalformedJSON},
		{draft, `{"publishNow":"yes"}`, full, 400, apierror.CodeWrongType},
		{draft, `{"publishNow":true}`, full, 404, apierror.CodeAccountNotFound},
		{facebookDraft, `{"publishNow":true}`, full, 409, apierror.CodeDraftAlreadyPublishing},
		{facebookDraft, `{"publishNow":true}`, without(full, func(e *Env) { e.DraftState = "" }), 409, apierror.CodeAmbiguousAccount},
		{twitterDraft, `{"publishNow":true}`, full, 409, apierror.CodeDraftAlreadyPublishing},
		{twitterDraft, `{"publishNow":true}`,
			Env{Accounts: accounts, Plan: rules.Plan{SubscriptionInactive: true}}, 402, apierror.CodeSubscriptionInactive},
		{twitterDraft, `{"publishNow":true}`,
			Env{Accounts: accounts, Plan: rules.Plan{AccountLimit: 2, ConnectedAccounts: 5}}, 403, apierror.CodeAccountLimitReached},
		{twitterDraft, `{"publishNow":true}`, Env{Accounts: accounts}, 200, ""},
	}
	for i, s := range steps {
		v := CheckDraftPublish([]byte(s.draft), []byte(s.body), s.env)
		code := apierror.Code("")
		if v.Error != nil {
			code = v.Error.Code
		}
		if v.HTTPStatus != s.status || code != s.code {
			t.Errorf("step %d: %d %s, want %d %s; problems %q", i, v.HTTPStatus, code, s.status, s.code, verdictProblems(v))
		}
		// What stands alone is alone.
		if (s.status == 500 || s.code == apierror.CodeDraftNotFound || s.code == apierror.CodeMalformedJSON) && len(v.Problems) != 1 {
			t.Errorf("step %d: %s is not alone: %q", i, s.code, verdictProblems(v))
		}
		// Every problem found is listed, in precedence order.
		last := -1
		for _, p := range v.Problems {
			r := precedence(apierror.New(p.Code, p.Path, p.Message))
			if r < last {
				t.Errorf("step %d: problems out of precedence order: %q", i, verdictProblems(v))
			}
			last = r
		}
	}
	// Two 409s: the error body keeps the status, lists both, and (not 400) keeps the first
	// one's code, draft_already_publishing, rather than validation_failed.
	v := CheckDraftPublish([]byte(facebookDraft), []byte(`{"publishNow":true}`), full)
	if v.Error == nil || v.Error.Code != apierror.CodeDraftAlreadyPublishing || len(v.Error.Problems) != 2 ||
		v.Error.Problems[1].Code != apierror.CodeAmbiguousAccount || v.Error.Path != "" {
		t.Errorf("two 409s: %+v", v.Error)
	}
}

// TestBadDraftStateIsTheServers: a DraftState outside the rules' states is a setting of the
// server, 500 internal_error, not billable, never blamed on the request.
func TestBadDraftStateIsTheServers(t *testing.T) {
	for _, st := range []lifecycle.DraftState{"archived", "Saved", " saved", "deleted\n"} {
		v := CheckDraftPublish([]byte(`{"content":"x","platforms":[{"platform":"twitter"}]}`), []byte(`{"publishNow":true}`), Env{DraftState: st})
		if v.Valid || v.HTTPStatus != 500 || v.Error.Code != apierror.CodeInternal || v.Error.Error != "Internal Server Error" ||
			v.Billable || len(v.Problems) != 1 || v.Post != nil {
			t.Errorf("state %q: %+v", st, v)
		}
	}
}

func TestErrorBody(t *testing.T) {
	one := CheckCreatePost([]byte(`{"content":"x","platforms":[],"publishNow":true}`), Env{})
	if one.Error.Code != apierror.CodeNoTargets || one.Error.Error != "Bad Request" || one.Error.Problems != nil {
		t.Errorf("one problem: %+v", one.Error)
	}
	two := CheckCreatePost([]byte(`{"content":"x","platforms":[]}`), Env{})
	if two.Error.Code != apierror.CodeValidationFailed || len(two.Error.Problems) != 2 ||
		!strings.HasPrefix(two.Error.Message, "2 problems; the first at /platforms: ") {
		t.Errorf("two problems: %+v", two.Error)
	}
	out, _ := json.Marshal(one.Error)
	if string(out) != `{"error":"Bad Request","code":"no_targets","message":"platforms is empty: give at least one target (at /platforms)","path":"/platforms"}` {
		t.Errorf("error body JSON: %s", out)
	}
	if two.Error.Path != "" || two.Error.In != "" {
		t.Errorf("several problems have no one path: %+v", two.Error)
	}
	// One problem of the stored draft: its path, and where that path points.
	d := CheckDraftPublish([]byte(`{"content":"x","platforms":[{"platform":"twiter"}]}`), []byte(`{"publishNow":true}`), Env{})
	if d.Error == nil || d.Error.Path != "/platforms/0/platform" || d.Error.In != "draft" || d.Error.Problems != nil ||
		strings.HasPrefix(d.Error.Message, "draft: ") || !strings.HasSuffix(d.Error.Message, " (at /platforms/0/platform)") {
		t.Errorf("one draft problem: %+v", d.Error)
	}
	// One problem without a location: no path.
	p := CheckCreatePost([]byte(`{"content":"x","platforms":[{"platform":"twitter"}],"publishNow":true}`), Env{Plan: rules.Plan{SubscriptionInactive: true}})
	if p.Error == nil || p.Error.Path != "" || strings.Contains(p.Error.Message, "(at ") {
		t.Errorf("402: %+v", p.Error)
	}
}

// TestVerdictPost: the verdict carries the decoded request (for a draft publish, the post
// that will be published), equal to what plain json.Unmarshal gives, and nil when the body
// could not be decoded.
func TestVerdictPost(t *testing.T) {
	body := []byte(`{"content":"Hi","platforms":[{"platform":"twitter","platformSpecificData":{"poll":{"options":["a","b"],"durationMinutes":6e1}}},{"platform":"linkedin","platformSpecificData":{"visibility":"PUBLIC"}}],"publishNow":true}`)
	v := CheckCreatePost(body, Env{})
	var want CreatePost
	if err := json.Unmarshal(body, &want); err != nil {
		t.Fatal(err)
	}
	if !v.Valid || v.Post == nil || !reflect.DeepEqual(v.Post, &want) {
		t.Fatalf("create: valid %v post %+v, want %+v", v.Valid, v.Post, want)
	}
	// A rule's problem leaves the decoded value; a decoding problem does not.
	if v := CheckCreatePost([]byte(`{"content":"x","platforms":[],"publishNow":true}`), Env{}); v.Valid || v.Post == nil {
		t.Errorf("no targets: post %+v", v.Post)
	}
	for _, bad := range []string{`{`, `[]`, `{"content":"x","platforms":[{"platform":"twitter"}],"publishNow":"yes"}`, `{"Content":"x"}`} {
		if v := CheckCreatePost([]byte(bad), Env{}); v.Post != nil {
			t.Errorf("%s: post %+v, want nil", bad, v.Post)
		}
	}
	// Draft publish: the draft with the body's schedule, not the draft's own.
	draft := []byte(`{"content":"Saved","platforms":[{"platform":"bluesky"}],"publishNow":true,"timezone":"UTC"}`)
	d := CheckDraftPublish(draft, []byte(`{"scheduledFor":"2026-03-01T00:00Z","timezone":"Asia/Tokyo"}`), Env{Now: now})
	sched, zone := "2026-03-01T00:00Z", "Asia/Tokyo"
	wantDraft := &CreatePost{Content: "Saved", Platforms: []PlatformTarget{{Platform: rules.Bluesky}}, ScheduledFor: &sched, Timezone: &zone}
	if !d.Valid || !reflect.DeepEqual(d.Post, wantDraft) {
		t.Errorf("draft publish post %+v, want %+v", d.Post, wantDraft)
	}
	for _, c := range []struct {
		draft, body string
		state       lifecycle.DraftState
	}{
		{string(draft), `{"publishNow":1}`, ""},
		{`{"content":5,"platforms":[{"platform":"bluesky"}]}`, `{"publishNow":true}`, ""},
		{string(draft), `{"publishNow":true}`, lifecycle.DraftDeleted},
	} {
		if v := CheckDraftPublish([]byte(c.draft), []byte(c.body), Env{DraftState: c.state}); v.Post != nil {
			t.Errorf("%s %s %s: post %+v, want nil", c.draft, c.body, c.state, v.Post)
		}
	}
}

func TestCustomLimits(t *testing.T) {
	env := Env{Limits: rules.DefaultLimits().With(rules.Bluesky, rules.Limit{Cap: 5})}
	v := CheckCreatePost([]byte(`{"content":"abcdef","platforms":[{"platform":"bluesky"},{"platform":"threads"}],"publishNow":true}`), env)
	if got := verdictProblems(v); !reflect.DeepEqual(got, []string{"post_too_long /content"}) {
		t.Fatalf("problems %q", got)
	}
	p := v.Targets[0].Posts[0]
	if p.Cap != 5 || p.Length != 6 || p.Fits || p.OverflowAt != 5 || v.Targets[1].Posts[0].Cap != 500 {
		t.Errorf("lengths: %+v", v.Targets)
	}
}

func TestBodySizeLimitIsConfigurable(t *testing.T) {
	body := []byte(`{"content":"x","platforms":[{"platform":"twitter"}],"publishNow":true}`)
	if v := CheckCreatePost(body, Env{MaxBodyBytes: 16}); v.Error == nil || v.Error.Code != apierror.CodeBodyTooLarge {
		t.Errorf("limit 16: %+v", v)
	}
	if v := CheckCreatePost(body, Env{}); !v.Valid {
		t.Errorf("default limit: %+v", v)
	}
}

// TestConcurrentChecks runs every case from many goroutines on the one shared validator;
// with -race it proves the package keeps no unsynchronized state.
func TestConcurrentChecks(t *testing.T) {
	cases := verdictCases()
	want := make([][]byte, len(cases))
	for i, c := range cases {
		want[i], _ = json.Marshal(runCase(c))
	}
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for n := 0; n < 20; n++ {
				i := (g + n) % len(cases)
				got, _ := json.Marshal(runCase(cases[i]))
				if !bytes.Equal(got, want[i]) {
					errs <- cases[i].name
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for name := range errs {
		t.Errorf("%s: a concurrent verdict differs", name)
	}
}
