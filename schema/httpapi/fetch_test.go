package httpapi_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
	"github.com/postrules/postrules/rules/media/fetch"
	"github.com/postrules/postrules/schema/httpapi"
)

// TestFetchMedia: with FetchMedia, the media URLs of the body are read before the check:
// a URL that is gone is 400 media_not_found at its item's /url, and a file that is
// there is judged (the PNG passes, so the answer has that one problem alone).
func TestFetchMedia(t *testing.T) {
	files := httptest.NewServer(http.FileServer(http.Dir("../../rules/media/testdata")))
	defer files.Close()
	o := exampleOptions()
	o.FetchMedia = fetch.New(fetch.Options{Allow: []string{"127.0.0.1"}, FileTimeout: 2 * time.Second})
	h := httpapi.CreatePost(o, accept)
	body := `{"content":"Hello","publishNow":true,"platforms":[{"platform":"twitter"}],"mediaItems":[` +
		`{"type":"image","url":"` + files.URL + `/image.png"},{"type":"image","url":"` + files.URL + `/gone.png"}]}`
	status, _, answer := do(h, "POST", "application/json", "Bearer sk_test", strings.NewReader(body))
	e := errorBody(t, answer)
	if status != 400 || e.Code != apierror.CodeMediaNotFound || e.Path != "/mediaItems/1/url" || !strings.Contains(e.Message, "/gone.png: the server answered 404") {
		t.Fatalf("%d %s", status, answer)
	}

	// Without the option nothing is fetched and the same body is accepted.
	status, _, answer = do(httpapi.CreatePost(exampleOptions(), accept), "POST", "application/json", "Bearer sk_test", strings.NewReader(body))
	if status != http.StatusAccepted {
		t.Fatalf("without FetchMedia: %d %s", status, answer)
	}
}

// ctxFetcher records the context it is called with and the URLs asked.
type ctxFetcher struct {
	ctx  context.Context
	urls []string
}

func (c *ctxFetcher) Media(ctx context.Context, urls []string) (map[string]media.Facts, map[string]*apierror.Error) {
	c.ctx, c.urls = ctx, urls
	return nil, map[string]*apierror.Error{urls[0]: apierror.New(apierror.CodeMediaTimeout, "", urls[0]+": canceled")}
}

// TestFetchMediaContextAndDraft: the fetcher gets the request's context (a client that
// hangs up cancels it), and a draft publish fetches the stored draft's media, whose
// problems point into the draft.
func TestFetchMediaContextAndDraft(t *testing.T) {
	cf := &ctxFetcher{}
	o := exampleOptions()
	o.FetchMedia = cf
	draft := `{"content":"Hello","platforms":[{"platform":"twitter"}],"mediaItems":[{"type":"image","url":"https://cdn.example.com/a.png"}]}`
	h := httpapi.PublishDraft(o, httpapi.NewMemoryDrafts(map[string][]byte{"d1": []byte(draft)}), accept)
	ctx, cancel := context.WithCancel(context.Background())
	r := httptest.NewRequest("POST", "/api/v2/drafts/d1/publish", strings.NewReader(`{"publishNow":true}`)).WithContext(ctx)
	r.SetPathValue("draftId", "d1")
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Authorization", "Bearer sk_test")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	cancel()
	if cf.ctx == nil || cf.ctx.Err() == nil {
		t.Errorf("the fetcher's context is not the request's")
	}
	if len(cf.urls) != 1 || cf.urls[0] != "https://cdn.example.com/a.png" {
		t.Errorf("urls %q", cf.urls)
	}
	e := errorBody(t, w.Body.String())
	if w.Code != 400 || e.Code != apierror.CodeMediaTimeout || e.Path != "/mediaItems/0/url" || e.In != "draft" {
		t.Errorf("%d %s", w.Code, w.Body.String())
	}
}
