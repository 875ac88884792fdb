package httpapi_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
	"github.com/postrules/postrules/schema"
	"github.com/postrules/postrules/schema/httpapi"
)

const okBody = `{"content":"Hello","platforms":[{"platform":"twitter"}],"publishNow":true}`

// accept answers every accepted request with the success body.
func accept(w http.ResponseWriter, r *http.Request, req httpapi.Request) {
	httpapi.WriteAccepted(w, req.Verdict, "post_1")
}

// do runs one request through h in process and returns its status, headers and body.
func do(h http.Handler, method, ctype, auth string, body io.Reader) (int, http.Header, string) {
	r := httptest.NewRequest(method, "/api/v2/posts", body)
	if ctype != "" {
		r.Header.Set("Content-Type", ctype)
	}
	if auth != "" {
		r.Header.Set("Authorization", auth)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w.Code, w.Header(), w.Body.String()
}

// errorBody decodes an answer that must be the API's error body, strictly.
func errorBody(t *testing.T, body string) schema.ErrorBody {
	t.Helper()
	var e schema.ErrorBody
	dec := json.NewDecoder(strings.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil || e.Error == "" || e.Code == "" || e.Message == "" {
		t.Fatalf("not the API's error body (%v): %s", err, body)
	}
	return e
}

func TestFrontRefusals(t *testing.T) {
	h := httpapi.CreatePost(exampleOptions(), accept)
	tests := []struct {
		name, method, ctype, auth, body string
		status                          int
		code                            apierror.Code
		header, value                   string
	}{
		{"GET is 405 with Allow", "GET", "", "Bearer sk_test", "", 405, apierror.CodeMethodNotAllowed, "Allow", "POST"},
		{"no key", "POST", "application/json", "", okBody, 401, apierror.CodeUnauthorized, "Www-Authenticate", "Bearer"},
		{"another scheme", "POST", "application/json", "Basic dXNlcjpwYXNz", okBody, 401, apierror.CodeUnauthorized, "Www-Authenticate", "Bearer"},
		{"an empty key", "POST", "application/json", "Bearer ", okBody, 401, apierror.CodeUnauthorized, "", ""},
		{"a key Authorize refuses", "POST", "application/json", "Bearer sk_other", okBody, 401, apierror.CodeUnauthorized, "", ""},
		{"a form", "POST", "application/x-www-form-urlencoded", "Bearer sk_test", okBody, 415, apierror.CodeUnsupportedMediaType, "", ""},
		{"text", "POST", "text/plain", "Bearer sk_test", okBody, 415, apierror.CodeUnsupportedMediaType, "", ""},
		{"JSON in Latin-1", "POST", "application/json; charset=iso-8859-1", "Bearer sk_test", okBody, 415, apierror.CodeUnsupportedMediaType, "", ""},
		{"a broken type", "POST", "application/", "Bearer sk_test", okBody, 415, apierror.CodeUnsupportedMediaType, "", ""},
		{"the check's refusal", "POST", "application/json", "Bearer sk_test", `{"content":"hi"}`, 400, apierror.CodeValidationFailed, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, h, body := do(h, tt.method, tt.ctype, tt.auth, strings.NewReader(tt.body))
			if status != tt.status {
				t.Fatalf("status %d, want %d: %s", status, tt.status, body)
			}
			if e := errorBody(t, body); e.Code != tt.code {
				t.Errorf("code %s, want %s", e.Code, tt.code)
			}
			if tt.header != "" && h.Get(tt.header) != tt.value {
				t.Errorf("%s: %q, want %q", tt.header, h.Get(tt.header), tt.value)
			}
			if h.Get("Content-Type") != "application/json" {
				t.Errorf("Content-Type %q", h.Get("Content-Type"))
			}
		})
	}
}

func TestAcceptedContentTypes(t *testing.T) {
	h := httpapi.CreatePost(exampleOptions(), accept)
	for _, ct := range []string{"", "application/json", "application/json; charset=UTF-8", "Application/JSON;charset=utf-8"} {
		if status, _, body := do(h, "POST", ct, "bearer sk_test", strings.NewReader(okBody)); status != 202 {
			t.Errorf("Content-Type %q: %d %s", ct, status, body)
		}
	}
}

func TestAuthorizeFailureIs500WithoutItsText(t *testing.T) {
	o := exampleOptions()
	o.Authorize = func(*http.Request, string) (schema.Env, error) { return schema.Env{}, errors.New("db password wrong") }
	status, _, body := do(httpapi.CreatePost(o, accept), "POST", "", "Bearer k", strings.NewReader(okBody))
	if e := errorBody(t, body); status != 500 || e.Code != apierror.CodeInternal || strings.Contains(body, "password") {
		t.Fatalf("%d %s", status, body)
	}
}

// countingReader counts what the handler read of a body.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// An oversized body answers as schema.CheckCreatePost does for a body of that size, and
// is never read whole.
func TestBodyTooLarge(t *testing.T) {
	const size = schema.DefaultMaxBodyBytes + 10
	big := bytes.Repeat([]byte(" "), size)
	want := schema.CheckCreatePost(big, schema.Env{})
	wantBody, _ := json.Marshal(want.Error)
	h := httpapi.CreatePost(exampleOptions(), accept)

	// Content-Length says it: refused without reading a byte.
	src := &countingReader{r: bytes.NewReader(big)}
	r := httptest.NewRequest("POST", "/api/v2/posts", src)
	r.ContentLength = size
	r.Header.Set("Authorization", "Bearer sk_test")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != want.HTTPStatus || strings.TrimSpace(w.Body.String()) != string(wantBody) {
		t.Fatalf("got %d %s\nwant %d %s", w.Code, w.Body, want.HTTPStatus, wantBody)
	}
	if src.n != 0 {
		t.Errorf("read %d bytes of a body refused from its length", src.n)
	}

	// No length: read to one byte past the limit, then refused with the same code.
	src = &countingReader{r: io.MultiReader(bytes.NewReader(big), strings.NewReader(strings.Repeat(" ", 10<<20)))}
	r = httptest.NewRequest("POST", "/api/v2/posts", src)
	r.ContentLength = -1
	r.Header.Set("Authorization", "Bearer sk_test")
	w = httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if e := errorBody(t, w.Body.String()); w.Code != 400 || e.Code != apierror.CodeBodyTooLarge {
		t.Fatalf("got %d %s", w.Code, w.Body)
	}
	if src.n > schema.DefaultMaxBodyBytes+1+64<<10 {
		t.Errorf("read %d bytes; the limit is %d", src.n, schema.DefaultMaxBodyBytes)
	}

	// A smaller limit of the key's own.
	o := exampleOptions()
	o.Authorize = func(*http.Request, string) (schema.Env, error) { return schema.Env{MaxBodyBytes: 10}, nil }
	status, _, body := do(httpapi.CreatePost(o, accept), "POST", "", "Bearer k", strings.NewReader(okBody))
	if e := errorBody(t, body); status != 400 || e.Code != apierror.CodeBodyTooLarge || !strings.Contains(e.Message, "limit is 10 bytes") {
		t.Fatalf("%d %s", status, body)
	}
}

// draftServer serves PublishDraft over drafts, with publish as the caller's handler.
func draftServer(t *testing.T, drafts httpapi.DraftStore, publish httpapi.Accepted) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.Handle("/api/v2/drafts/{draftId}/publish", httpapi.PublishDraft(exampleOptions(), drafts, publish))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL + "/api/v2/drafts/"
}

func publishDraft(t *testing.T, url, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer sk_test")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Error(err)
		return 0, ""
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

const storedDraft = `{"content":"Spring notes","platforms":[{"platform":"twitter"}]}`

// Many concurrent publishes of one draft: exactly one is accepted and reaches the caller;
// the others are 409 draft_already_publishing or, once it is gone, 404 draft_not_found.
func TestDraftPublishedExactlyOnce(t *testing.T) {
	for round := 0; round < 20; round++ {
		drafts := httpapi.NewMemoryDrafts(map[string][]byte{"d1": []byte(storedDraft)})
		var mu sync.Mutex
		published := 0
		url := draftServer(t, drafts, func(w http.ResponseWriter, r *http.Request, req httpapi.Request) {
			mu.Lock()
			published++
			mu.Unlock()
			time.Sleep(time.Millisecond)
			accept(w, r, req)
		}) + "d1/publish"
		const n = 32
		statuses := make([]int, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				status, body := publishDraft(t, url, `{"publishNow":true}`)
				statuses[i] = status
				if status != 200 {
					e := errorBody(t, body)
					if (status == 409) != (e.Code == apierror.CodeDraftAlreadyPublishing) || (status == 404) != (e.Code == apierror.CodeDraftNotFound) {
						t.Errorf("%d %s", status, body)
					}
				}
			}()
		}
		wg.Wait()
		count := map[int]int{}
		for _, s := range statuses {
			count[s]++
		}
		if count[200] != 1 || published != 1 || count[409]+count[404] != n-1 {
			t.Fatalf("round %d: statuses %v, published %d times", round, count, published)
		}
		if status, _ := publishDraft(t, url, `{"publishNow":true}`); status != 404 {
			t.Fatalf("a published draft answers %d, want 404", status)
		}
	}
}

// A refused publish, or one the caller's handler fails, leaves the draft saved.
func TestDraftBackToSaved(t *testing.T) {
	drafts := httpapi.NewMemoryDrafts(map[string][]byte{"d1": []byte(storedDraft)})
	fail := true
	url := draftServer(t, drafts, func(w http.ResponseWriter, r *http.Request, req httpapi.Request) {
		if fail {
			w.WriteHeader(502)
			return
		}
		accept(w, r, req)
	}) + "d1/publish"
	if status, body := publishDraft(t, url, `{"publishNow":true,"scheduledFor":"2030-01-01T00:00Z"}`); status != 400 || drafts.State("d1") != lifecycle.DraftSaved {
		t.Fatalf("refused: %d %s, state %s", status, body, drafts.State("d1"))
	}
	if status, _ := publishDraft(t, url, `{"publishNow":true}`); status != 502 || drafts.State("d1") != lifecycle.DraftSaved {
		t.Fatalf("failed publish: %d, state %s", status, drafts.State("d1"))
	}
	if status, body := publishDraft(t, strings.Replace(url, "d1", "d1", 1), strings.Repeat(" ", schema.DefaultMaxBodyBytes+1)); status != 400 || errorBody(t, body).Code != apierror.CodeBodyTooLarge || drafts.State("d1") != lifecycle.DraftSaved {
		t.Fatalf("too large: %d %s, state %s", status, body, drafts.State("d1"))
	}
	fail = false
	if status, body := publishDraft(t, url, `{"scheduledFor":"2030-03-01T08:00:00Z"}`); status != 200 || !strings.Contains(body, `"scheduledFor":"2030-03-01T08:00:00Z"`) || drafts.State("d1") != lifecycle.DraftDeleted {
		t.Fatalf("publish: %d %s, state %s", status, body, drafts.State("d1"))
	}
	// Gone: 404 whatever the body, as the rule book answers a deleted draft.
	for _, body := range []string{`{"publishNow":true}`, `not json`, strings.Repeat(" ", schema.DefaultMaxBodyBytes+1)} {
		if status, got := publishDraft(t, url, body); status != 404 || errorBody(t, got).Code != apierror.CodeDraftNotFound {
			t.Fatalf("after publish, %.20q: %d %s", body, status, got)
		}
	}
	if status, _ := publishDraft(t, strings.Replace(url, "d1", "nope", 1), `{"publishNow":true}`); status != 404 {
		t.Fatalf("unknown draft: %d", status)
	}
}

// The verdict a handler answers with is the one schema gives, byte for byte.
func TestSameAsCheckCreatePost(t *testing.T) {
	h := httpapi.CreatePost(exampleOptions(), accept)
	env, _ := exampleOptions().Authorize(nil, "sk_test")
	env.Now = exampleOptions().Now()
	for _, body := range []string{okBody, `{"content":"x","platforms":[{"platform":"twitter","accountId":"tw_other"}],"publishNow":true}`,
		`[]`, `{"Content":"x"}`, "{\"content\":\"\xff\"}", `{"content":"x","platforms":[{"platform":"twitter"}],"scheduledFor":"2020-01-01T00:00Z"}`} {
		v := schema.CheckCreatePost([]byte(body), env)
		status, _, got := do(h, "POST", "", "Bearer sk_test", strings.NewReader(body))
		want, _ := json.Marshal(v.Error)
		if v.Valid {
			res, _ := httpapi.AcceptedBody(v, "post_1")
			want, _ = json.Marshal(res)
		}
		if status != v.HTTPStatus || strings.TrimSuffix(got, "\n") != string(want) {
			t.Errorf("%q:\n got %d %s\nwant %d %s", body, status, got, v.HTTPStatus, want)
		}
		if cl := strconv.Itoa(len(got)); status != 202 && cl == "0" {
			t.Errorf("empty answer")
		}
	}
}

// TestAnswerCarriesFixes: when the error body lists several problems, each carries its fix
// as schema gives it (issue 35: the same JSON on every face).
func TestAnswerCarriesFixes(t *testing.T) {
	h := httpapi.CreatePost(exampleOptions(), accept)
	body := `{"content":"x","platforms":[{"platform":"bluesky","platformSpecificData":{"langs":["en","de","fr","es"]}}],"scheduledFor":"2030-01-15T11:30+02:00"}`
	status, _, got := do(h, "POST", "", "Bearer sk_test", strings.NewReader(body))
	for _, want := range []string{`"description":"Remove 1 entry past the 3rd"`, `"description":"Give the time in UTC: 2030-01-15T09:30:00Z"`} {
		if status != 400 || !strings.Contains(got, want) {
			t.Errorf("%d %s lacks %s", status, got, want)
		}
	}
}
