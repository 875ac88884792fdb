package schema_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"time"

	"github.com/go-playground/validator/v10"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/lifecycle"
	"github.com/postrules/postrules/schema"
)

func ExampleCheckCreatePost() {
	body := []byte(`{
	  "content": "Launch day!",
	  "platforms": [{"platform": "twitter"}, {"platform": "bluesky", "content": "Launch day 🦋"}],
	  "scheduledFor": "2026-03-01T09:30:00.500Z"
	}`)
	env := schema.Env{
		Now:      time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC),
		Accounts: []rules.Account{{Platform: rules.Twitter, ID: "tw-1"}, {Platform: rules.Bluesky, ID: "bs-1"}},
	}
	v := schema.CheckCreatePost(body, env)
	fmt.Println(v.Valid, v.HTTPStatus, v.Status, v.ScheduledFor)
	for _, t := range v.Targets {
		for _, p := range t.Posts {
			fmt.Printf("%s %s %s: %d/%d\n", t.Platform, t.AccountID, p.Path, p.Length, p.Cap)
		}
	}
	// Output:
	// true 202 pending 2026-03-01T09:30:00.5Z
	// twitter tw-1 /content: 11/280
	// bluesky bs-1 /platforms/1/content: 12/300
}

func ExampleCheckCreatePost_problems() {
	body := []byte(`{"Content": "hi", "scheduleFor": "2026-03-01T09:30Z", "publishNow": "yes",
	  "platforms": [{"platform": "twitter"}]}`)
	v := schema.CheckCreatePost(body, schema.Env{})
	fmt.Println(v.HTTPStatus, v.Error.Code)
	for _, p := range v.Error.Problems {
		fmt.Printf("%s %s: %s\n", p.Code, p.Path, p.Message)
	}
	// Output:
	// 400 validation_failed
	// field_case_mismatch /Content: field names are case-sensitive: "Content" is not a field, did you mean "content"?
	// wrong_type /publishNow: expected a boolean (true or false), found a string
	// unknown_field /scheduleFor: unknown field "scheduleFor"; did you mean "scheduledFor"?
}

func ExampleCheckDraftPublish() {
	draft := []byte(`{"content": "Saved for later", "platforms": [{"platform": "linkedin"}]}`)
	env := schema.Env{Now: time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)}

	v := schema.CheckDraftPublish(draft, []byte(`{"scheduledFor": "2026-02-02T08:00:00.000Z"}`), env)
	fmt.Println(v.HTTPStatus, v.Status, v.ScheduledFor)

	v = schema.CheckDraftPublish(draft, []byte(`{}`), env)
	fmt.Println(v.HTTPStatus, v.Error.Code, v.Error.Message)

	env.DraftState = lifecycle.DraftPublishing // a double click
	v = schema.CheckDraftPublish(draft, []byte(`{"publishNow": true}`), env)
	fmt.Println(v.HTTPStatus, v.Error.Code)
	// Output:
	// 200 scheduled 2026-02-02T08:00:00Z
	// 400 publish_mode_conflict publishNow is required when scheduledFor is omitted: give publishNow true to publish now, or scheduledFor to schedule (at /publishNow)
	// 409 draft_already_publishing
}

// A server with its own request structs (gin binds with validator v10) lends the
// package's tags to its own validator.
func ExampleRegisterTags() {
	type ScheduleRequest struct {
		PostID string `json:"postId" validate:"required"`
		At     string `json:"at" validate:"scheduledfor"`
		Zone   string `json:"zone" validate:"omitempty,ianazone"`
	}
	v := validator.New()
	if err := schema.RegisterTags(v); err != nil {
		panic(err)
	}
	fmt.Println(v.Struct(ScheduleRequest{PostID: "p1", At: "2026-03-01T09:30Z", Zone: "Europe/Paris"}))
	err := v.Struct(ScheduleRequest{PostID: "p1", At: "2026-03-01 09:30", Zone: "Mars/Base"})
	var fes validator.ValidationErrors
	if errors.As(err, &fes) {
		for _, fe := range fes {
			fmt.Println(fe.Field(), fe.Tag())
		}
	}
	// Output:
	// <nil>
	// At scheduledfor
	// Zone ianazone
}

// A server embeds the check: one call decides the status and the body of the answer.
func Example_handler() {
	connected := []rules.Account{{Platform: rules.Twitter, ID: "tw-1"}}
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, schema.DefaultMaxBodyBytes+1))
		if err != nil && !errors.As(err, new(*http.MaxBytesError)) {
			http.Error(w, "cannot read the body", http.StatusBadRequest)
			return
		}
		v := schema.CheckCreatePost(body, schema.Env{Now: time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC), Accounts: connected})
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(v.HTTPStatus)
		if !v.Valid {
			json.NewEncoder(w).Encode(v.Error)
			return
		}
		// Accepted: store v.Post (the decoded request; no second decode), queue it, and
		// answer in the API's success shape.
		res := schema.DraftPublishResult{Success: true, Status: v.Status, ScheduledFor: v.ScheduledFor, PostID: "post_123"}
		for _, t := range v.Post.Platforms {
			res.Platforms = append(res.Platforms, schema.PlatformResult{Platform: t.Platform, Success: true})
		}
		json.NewEncoder(w).Encode(res)
	})

	for _, body := range []string{
		`{"content": "Hello", "platforms": [{"platform": "twitter"}], "publishNow": true}`,
		`{"content": "Hello", "platforms": [{"platform": "twitter", "accountId": "tw-9"}], "publishNow": true}`,
		`{"content": "Hello", "platforms": [], "publishNow": true, "publishNow": true}`,
	} {
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/api/v2/posts", strings.NewReader(body)))
		fmt.Print(rec.Code, " ")
		os.Stdout.Write(rec.Body.Bytes())
	}
	// Output:
	// 202 {"success":true,"status":"publishing","postId":"post_123","platforms":[{"platform":"twitter","success":true}]}
	// 404 {"error":"Not Found","code":"account_not_found","message":"no connected twitter account has id \"tw-9\" (at /platforms/0/accountId)","path":"/platforms/0/accountId"}
	// 400 {"error":"Bad Request","code":"validation_failed","message":"2 problems; the first at /platforms: platforms is empty: give at least one target","problems":[{"path":"/platforms","code":"no_targets","message":"platforms is empty: give at least one target"},{"path":"/publishNow","code":"duplicate_field","message":"\"publishNow\" is given more than once in this object; give each name once"}]}
}

// Fold the outcomes of a publish into the post's status, as `validate status` does.
func ExampleCheckOutcomes() {
	answer, _ := schema.CheckOutcomes([]byte(`[{"platform":"twitter","state":"failed","code":"x_post_limit_reached"},{"platform":"bluesky","state":"published"}]`))
	fmt.Println(answer.Success, answer.Status)
	_, refused := schema.CheckOutcomes([]byte(`[{"platform":"twitter","state":"failed","state":"published"}]`))
	fmt.Println(refused.Code, refused.Path)
	// Output:
	// true partial
	// duplicate_field /0/state
}
