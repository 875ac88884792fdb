package httpapi_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/postrules/postrules/schema"
	"github.com/postrules/postrules/schema/httpapi"
)

// documentedStatuses are the error statuses the handlers answer with under exampleOptions
// (no plan, so no 402 or 403): those of the error model.
var documentedStatuses = map[int]bool{400: true, 401: true, 404: true, 405: true, 409: true, 415: true}

// FuzzHandler sends any method, content type, authorization and body to both handlers:
// never a panic, a documented status, and a body that is the success JSON (202 for a
// created post, 200 for a published draft, never the other) or the API's error body,
// decoded strictly.
func FuzzHandler(f *testing.F) {
	f.Add(uint8(0), "POST", "application/json", "Bearer sk_test", []byte(okBody))
	f.Add(uint8(1), "POST", "", "Bearer sk_test", []byte(`{"publishNow":true}`))
	f.Add(uint8(0), "GET", "text/plain", "Basic x", []byte(`{`))
	f.Add(uint8(0), "POST", "application/json; charset=latin1", "bearer  sk_test", []byte(`[]`))
	f.Add(uint8(2), "POST", "application/json", "Bearer sk_test", []byte(`{"content":"\ud800","platforms":[{"platform":"twitter"}]}`))
	f.Fuzz(func(t *testing.T, route uint8, method, ctype, auth string, body []byte) {
		drafts := httpapi.NewMemoryDrafts(map[string][]byte{"d1": []byte(storedDraft), "d2": body})
		mux := http.NewServeMux()
		mux.Handle("/api/v2/posts", httpapi.CreatePost(exampleOptions(), accept))
		mux.Handle("/api/v2/drafts/{draftId}/publish", httpapi.PublishDraft(exampleOptions(), drafts, accept))
		path := []string{"/api/v2/posts", "/api/v2/drafts/d1/publish", "/api/v2/drafts/d2/publish", "/api/v2/drafts/nope/publish"}[int(route)%4]
		success := 200 // a published draft (the seed's contract)
		if route%4 == 0 {
			success = 202 // a created post
		}
		r := httptest.NewRequest("POST", path, bytes.NewReader(body))
		r.Method = method
		r.Header.Set("Content-Type", ctype)
		r.Header.Set("Authorization", auth)
		w := httptest.NewRecorder()
		mux.ServeHTTP(w, r)
		if w.Code != success && !documentedStatuses[w.Code] {
			t.Fatalf("status %d: %s", w.Code, w.Body)
		}
		dec := json.NewDecoder(bytes.NewReader(w.Body.Bytes()))
		dec.DisallowUnknownFields()
		if w.Code == success {
			var res schema.DraftPublishResult
			if err := dec.Decode(&res); err != nil || !res.Success || len(res.Platforms) == 0 {
				t.Fatalf("%d with %s (%v)", w.Code, w.Body, err)
			}
			return
		}
		var e schema.ErrorBody
		if err := dec.Decode(&e); err != nil || e.Code.HTTPStatus() != w.Code || e.Message == "" || e.Error == "" {
			t.Fatalf("%d with %s (%v)", w.Code, w.Body, err)
		}
	})
}
