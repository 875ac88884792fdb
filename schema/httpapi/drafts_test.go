package httpapi_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
	"github.com/postrules/postrules/schema/httpapi"
)

// failingStore fails Begin or Finish with err, and records the contexts it was given.
type failingStore struct {
	beginErr, finishErr error
	finishCtxErr        error // ctx.Err() as Finish saw it
	finished            bool
}

func (f *failingStore) Begin(ctx context.Context, id string) ([]byte, lifecycle.DraftState, error) {
	if f.beginErr != nil {
		return nil, "", f.beginErr
	}
	return []byte(storedDraft), lifecycle.DraftSaved, nil
}

func (f *failingStore) Finish(ctx context.Context, id string, published bool) error {
	f.finished, f.finishCtxErr = true, ctx.Err()
	return f.finishErr
}

// A store that cannot answer is 503 service_unavailable in the API's error body; its
// error is logged with the draft's id and never sent to the client.
func TestDraftStoreFailure(t *testing.T) {
	var logs bytes.Buffer
	o := exampleOptions()
	o.Logger = slog.New(slog.NewJSONHandler(&logs, nil))
	store := &failingStore{beginErr: errors.New("connection refused to db.internal:5432")}
	h := httpapi.PublishDraft(o, store, accept)
	r := httptest.NewRequest("POST", "/api/v2/drafts/d7/publish", strings.NewReader(`{"publishNow":true}`))
	r.SetPathValue("draftId", "d7")
	r.Header.Set("Authorization", "Bearer sk_test")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	e := errorBody(t, w.Body.String())
	if w.Code != 503 || e.Code != apierror.CodeServiceUnavailable || strings.Contains(w.Body.String(), "db.internal") {
		t.Errorf("a failing Begin: %d %s", w.Code, w.Body.String())
	}
	if !strings.Contains(logs.String(), `"draftId":"d7"`) || !strings.Contains(logs.String(), "db.internal:5432") {
		t.Errorf("the failure is not logged with the draft and the error: %s", logs.String())
	}
	if store.finished {
		t.Error("Finish was called for a draft Begin never took")
	}
}

// A Finish that fails cannot change an answer already sent: it is logged. Finish gets a
// context that is not cancelled with the request, so a draft is let go of when the
// client has left.
func TestDraftStoreFinishFailure(t *testing.T) {
	var logs bytes.Buffer
	o := exampleOptions()
	o.Logger = slog.New(slog.NewJSONHandler(&logs, nil))
	store := &failingStore{finishErr: errors.New("disk full")}
	ctx, cancel := context.WithCancel(context.Background())
	h := httpapi.PublishDraft(o, store, func(w http.ResponseWriter, r *http.Request, req httpapi.Request) {
		cancel() // the client leaves while the post is published
		accept(w, r, req)
	})
	r := httptest.NewRequestWithContext(ctx, "POST", "/api/v2/drafts/d7/publish", strings.NewReader(`{"publishNow":true}`))
	r.SetPathValue("draftId", "d7")
	r.Header.Set("Authorization", "Bearer sk_test")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code/100 != 2 {
		t.Errorf("answer %d %s", w.Code, w.Body.String())
	}
	if !store.finished || store.finishCtxErr != nil {
		t.Errorf("Finish called %v with a context whose Err is %v; want a live context", store.finished, store.finishCtxErr)
	}
	if !strings.Contains(logs.String(), "disk full") || !strings.Contains(logs.String(), `"published":true`) {
		t.Errorf("the failed Finish is not logged: %s", logs.String())
	}
}

// Every answer names the rule book that judged it, refusals and acceptances alike.
func TestAnswersNameTheBook(t *testing.T) {
	for _, body := range []string{`{"content":"hi","platforms":[{"platform":"bluesky"}],"publishNow":true}`, `{`} {
		_, h, _ := do(httpapi.CreatePost(exampleOptions(), accept), "POST", "", "Bearer sk_test", strings.NewReader(body))
		if got := h.Get(httpapi.BookHeader); got != rules.BookVersion {
			t.Errorf("%s: %s %q, want %q", body, httpapi.BookHeader, got, rules.BookVersion)
		}
	}
}
