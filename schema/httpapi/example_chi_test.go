package httpapi_test

import (
	"cmp"
	"net/http"
	"net/http/httptest"

	"github.com/go-chi/chi/v5"

	"github.com/postrules/postrules/schema/httpapi"
)

// With chi (github.com/go-chi/chi/v5; a test-only dependency of this module): the
// handlers are plain http.Handlers, so any router that mounts one mounts them. Handle
// (not Post) lets the handler answer other methods with the API's 405 body, and
// Options.DraftID reads the draft's id with the router's own parameter reader.
func Example_chi() {
	o := exampleOptions()
	o.DraftID = func(r *http.Request) string { return chi.URLParam(r, "draftId") }
	drafts := httpapi.NewMemoryDrafts(map[string][]byte{
		"d7": []byte(`{"content":"From chi","platforms":[{"platform":"twitter"}]}`),
	})
	publish := func(w http.ResponseWriter, r *http.Request, req httpapi.Request) {
		httpapi.WriteAccepted(w, req.Verdict, "post_"+cmp.Or(req.DraftID, "new"))
	}

	r := chi.NewRouter()
	r.Route("/api/v2", func(r chi.Router) {
		r.Handle("/posts", httpapi.CreatePost(o, publish))
		r.Handle("/drafts/{draftId}/publish", httpapi.PublishDraft(o, drafts, publish))
	})
	srv := httptest.NewServer(r)
	defer srv.Close()

	post(srv.URL+"/api/v2/drafts/d7/publish", "sk_test", `{"publishNow":true}`)
	post(srv.URL+"/api/v2/drafts/d7/publish", "sk_test", `{"publishNow":true}`)
	post(srv.URL+"/api/v2/posts", "sk_test", `{"content":"hi","platforms":[{"platform":"twitter","accountId":"tw_brand"}],"publishNow":true}`)
	// Output:
	// 200 {"success":true,"status":"publishing","postId":"post_d7","platforms":[{"platform":"twitter","success":true}]}
	// 404 {"error":"Not Found","code":"draft_not_found","message":"this draft no longer exists; it was published"}
	// 202 {"success":true,"status":"publishing","postId":"post_new","platforms":[{"platform":"twitter","success":true}]}
}
