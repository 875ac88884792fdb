package httpapi_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
	"github.com/postrules/postrules/schema"
	"github.com/postrules/postrules/schema/httpapi"
)

// exampleOptions is a server's side of the handlers: its clock and the key's own check,
// which gives the key's connected accounts.
func exampleOptions() httpapi.Options {
	return httpapi.Options{
		Now: func() time.Time { return time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC) },
		Authorize: func(r *http.Request, key string) (schema.Env, error) {
			if key != "sk_test" {
				return schema.Env{}, apierror.New(apierror.CodeUnauthorized, "", "the API key is not known")
			}
			return schema.Env{Accounts: []rules.Account{{Platform: rules.Twitter, ID: "tw_brand"}}}, nil
		},
	}
}

// post sends body to url with the example's key and prints the answer.
func post(url, key, body string) {
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	fmt.Print(res.StatusCode, " ", string(b))
}

// A net/http server: the handler is mounted on a path (not a "POST ..." pattern, so that
// other methods get the API's 405 body rather than ServeMux's text), and the caller's
// handler publishes what it accepts.
func ExampleCreatePost() {
	mux := http.NewServeMux()
	mux.Handle("/api/v2/posts", httpapi.CreatePost(exampleOptions(),
		func(w http.ResponseWriter, r *http.Request, req httpapi.Request) {
			// Publish req.Verdict.Post here; then answer.
			httpapi.WriteAccepted(w, req.Verdict, "post_1")
		}))
	srv := httptest.NewServer(mux)
	defer srv.Close()

	post(srv.URL+"/api/v2/posts", "sk_test", `{"content":"Hello","platforms":[{"platform":"twitter"}],"publishNow":true}`)
	post(srv.URL+"/api/v2/posts", "sk_test", `{"content":"`+strings.Repeat("a", 281)+`","platforms":[{"platform":"twitter"}],"publishNow":true}`)
	post(srv.URL+"/api/v2/posts", "sk_nope", `{}`)
	// Output:
	// 202 {"success":true,"status":"publishing","postId":"post_1","platforms":[{"platform":"twitter","success":true}]}
	// 400 {"error":"Bad Request","code":"post_too_long","message":"the post is 281 graphemes; the cap for twitter is 280 (overflow begins at byte 280) (at /content)","path":"/content"}
	// 401 {"error":"Unauthorized","code":"unauthorized","message":"the API key is not known"}
}

// Two concurrent publishes of one draft: one is accepted, the other told the draft is
// being published; once published, the draft is gone.
func ExamplePublishDraft() {
	drafts := httpapi.NewMemoryDrafts(map[string][]byte{
		"d1": []byte(`{"content":"Spring notes","platforms":[{"platform":"twitter"}]}`),
	})
	release := make(chan struct{})
	h := httpapi.PublishDraft(exampleOptions(), drafts,
		func(w http.ResponseWriter, r *http.Request, req httpapi.Request) {
			<-release // publishing takes a while
			httpapi.WriteAccepted(w, req.Verdict, "post_"+req.DraftID)
		})
	mux := http.NewServeMux()
	mux.Handle("/api/v2/drafts/{draftId}/publish", h)
	srv := httptest.NewServer(mux)
	defer srv.Close()
	url := srv.URL + "/api/v2/drafts/d1/publish"

	done := make(chan struct{})
	go func() { post(url, "sk_test", `{"publishNow":true}`); close(done) }()
	for drafts.State("d1") != lifecycle.DraftPublishing {
		time.Sleep(time.Millisecond)
	}
	post(url, "sk_test", `{"publishNow":true}`)
	close(release)
	<-done
	post(url, "sk_test", `{"publishNow":true}`)
	// Output:
	// 409 {"error":"Conflict","code":"draft_already_publishing","message":"this draft is already being published"}
	// 200 {"success":true,"status":"publishing","postId":"post_d1","platforms":[{"platform":"twitter","success":true}]}
	// 404 {"error":"Not Found","code":"draft_not_found","message":"this draft no longer exists; it was published"}
}

func ExampleWriteError() {
	rec := httptest.NewRecorder()
	v := schema.CheckCreatePost([]byte(`{"content":"hi"`), schema.Env{})
	httpapi.WriteError(rec, v)
	fmt.Print(rec.Code, " ", rec.Body.String())
	// Output: 400 {"error":"Bad Request","code":"malformed_json","message":"malformed JSON at byte 15: expected ',' or '}' after an object member, found end of input"}
}

func ExampleWriteAccepted() {
	rec := httptest.NewRecorder()
	v := schema.CheckCreatePost([]byte(`{"content":"hi","platforms":[{"platform":"bluesky"}],"scheduledFor":"2030-01-15T09:30Z"}`),
		schema.Env{Now: time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)})
	httpapi.WriteAccepted(rec, v, "post_9")
	fmt.Print(rec.Code, " ", rec.Body.String())
	// Output: 202 {"success":true,"status":"pending","scheduledFor":"2030-01-15T09:30:00Z","postId":"post_9","platforms":[{"platform":"bluesky","success":true}]}
}

func ExampleAcceptedBody() {
	v := schema.CheckCreatePost([]byte(`{"content":"hi","platforms":[{"platform":"threads"},{"platform":"linkedin"}],"publishNow":true}`), schema.Env{})
	res, ok := httpapi.AcceptedBody(v, "post_2")
	fmt.Println(ok, res.Success, res.Status, len(res.Platforms), res.Platforms[1].Platform)
	// Output: true true publishing 2 linkedin
}

func ExampleNewMemoryDrafts() {
	ctx := context.Background()
	drafts := httpapi.NewMemoryDrafts(map[string][]byte{"d1": []byte(`{}`)})
	_, before, _ := drafts.Begin(ctx, "d1")
	fmt.Println(before, drafts.State("d1"))
	drafts.Finish(ctx, "d1", true)
	_, after, _ := drafts.Begin(ctx, "d1")
	fmt.Println(after)
	// Output:
	// saved publishing
	// deleted
}

// A second Begin while the first publish is under way sees the draft publishing, which
// the rule book answers 409 draft_already_publishing.
func ExampleMemoryDrafts_Begin() {
	ctx := context.Background()
	drafts := httpapi.NewMemoryDrafts(map[string][]byte{"d1": []byte(`{}`)})
	_, first, _ := drafts.Begin(ctx, "d1")
	_, second, _ := drafts.Begin(ctx, "d1")
	_, unknown, err := drafts.Begin(ctx, "d9")
	fmt.Println(first, second, unknown, err)
	// Output: saved publishing deleted <nil>
}

// A publish the platforms refused returns the draft to saved, so the user can retry.
func ExampleMemoryDrafts_Finish() {
	ctx := context.Background()
	drafts := httpapi.NewMemoryDrafts(map[string][]byte{"d1": []byte(`{}`)})
	drafts.Begin(ctx, "d1")
	err := drafts.Finish(ctx, "d1", false)
	fmt.Println(drafts.State("d1"), err)
	// Output: saved <nil>
}

func ExampleMemoryDrafts_State() {
	var drafts httpapi.MemoryDrafts // the zero value holds no draft
	fmt.Println(drafts.State("d1"))
	// Output: deleted
}

func ExampleParseBearer() {
	key, err := httpapi.ParseBearer("bearer pk_live_42")
	fmt.Println(key, err)
	_, err = httpapi.ParseBearer("Basic dXNlcjpwYXNz")
	fmt.Println(apierror.As(err).HTTPStatus, apierror.As(err).Code)
	// Output:
	// pk_live_42 <nil>
	// 401 unauthorized
}
