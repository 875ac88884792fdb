package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/schema"
)

// mediaServer serves the probe's seeds on loopback with Range support.
func mediaServer(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.FileServer(http.Dir("../../rules/media/testdata")))
	t.Cleanup(srv.Close)
	return srv
}

// postWithMedia writes a create-post body with the media URLs to a temporary file.
func postWithMedia(t *testing.T, urls ...string) string {
	items := make([]string, len(urls))
	for i, u := range urls {
		items[i] = `{"type":"video","url":"` + u + `"}`
	}
	platforms := `{"platform":"instagram"},{"platform":"linkedin"}`
	if len(urls) > 1 { // linkedin takes one video alone
		platforms = `{"platform":"instagram"}`
	}
	body := `{"content":"Behind the scenes","publishNow":true,"mediaItems":[` + strings.Join(items, ",") +
		`],"platforms":[` + platforms + `]}`
	name := filepath.Join(t.TempDir(), "post.json")
	if err := os.WriteFile(name, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// TestFetchMediaSameAsMediaFlag: --fetch-media judges a served file exactly as --media
// URL=FILE judges the same file: the same JSON, byte for byte, here with Instagram's
// problems about a 0.5 s, 32x18 video.
func TestFetchMediaSameAsMediaFlag(t *testing.T) {
	srv := mediaServer(t)
	u := srv.URL + "/moov-at-end.mp4"
	post := postWithMedia(t, u)
	fetched := runCLI(t, "", "post", "--now", testNow, "--format", "json", "--fetch-media", "--fetch-allow", "127.0.0.1", post)
	given := runCLI(t, "", "post", "--now", testNow, "--format", "json", "--media", u+"=../../rules/media/testdata/moov-at-end.mp4", post)
	if fetched.stdout != given.stdout || fetched.code != given.code || fetched.code != exitInvalid {
		t.Fatalf("--fetch-media (%d):\n%s\n--media (%d):\n%s%s", fetched.code, fetched.stdout, given.code, given.stdout, fetched.stderr)
	}
	if !strings.Contains(fetched.stdout, `"rule":"instagram.`) {
		t.Errorf("no instagram media problem: %s", fetched.stdout)
	}
}

// TestFetchMediaProblems: a URL that cannot be read is a problem at its item's /url with
// the fetcher's code, the other item still judged; without --fetch-allow a loopback URL is
// refused; without --fetch-media nothing is read.
func TestFetchMediaProblems(t *testing.T) {
	srv := mediaServer(t)
	post := postWithMedia(t, srv.URL+"/gone.mp4", srv.URL+"/moov-at-end.mp4")
	codes := func(out string) map[string]apierror.Code {
		var v fileResult
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		m := map[string]apierror.Code{}
		for _, p := range v.Problems {
			if _, ok := m[p.Path]; !ok {
				m[p.Path] = p.Code
			}
		}
		return m
	}
	r := runCLI(t, "", "post", "--now", testNow, "--format", "json", "--fetch-media", "--fetch-allow", "127.0.0.1", post)
	got := codes(r.stdout)
	if r.code != exitInvalid || got["/mediaItems/0/url"] != apierror.CodeMediaNotFound || got["/mediaItems/1"] != apierror.CodeInvalidMedia {
		t.Errorf("allowed: %d %v", r.code, got)
	}
	r = runCLI(t, "", "post", "--now", testNow, "--format", "json", "--fetch-media", post)
	got = codes(r.stdout)
	if got["/mediaItems/0/url"] != apierror.CodeMediaFetchRefused || got["/mediaItems/1/url"] != apierror.CodeMediaFetchRefused {
		t.Errorf("not allowed: %v", got)
	}
	if r := runCLI(t, "", "post", "--now", testNow, post); r.code != exitValid {
		t.Errorf("without --fetch-media: %d %s", r.code, r.stdout)
	}

	// draft: the stored draft's media are read, their problems in the draft.
	r = runCLI(t, `{"publishNow":true}`, "draft", "--now", testNow, "--format", "json", "--fetch-media", "--fetch-allow", "127.0.0.1", "--draft", post, "-")
	if r.code != exitInvalid || !strings.Contains(r.stdout, `"path":"/mediaItems/0/url","code":"media_not_found"`) || !strings.Contains(r.stdout, `"in":"draft"`) {
		t.Errorf("draft: %d %s %s", r.code, r.stdout, r.stderr)
	}
}

// TestMediaURL: validate media URL gives the report validate media FILE gives for the
// same file (but its name); a URL that cannot be read is a report with the fetch's code.
func TestMediaURL(t *testing.T) {
	srv := mediaServer(t)
	u := srv.URL + "/h264-aac-faststart.mp4"
	byURL := runCLI(t, "", "media", "--format", "json", "--fetch-allow", "127.0.0.1", u)
	byFile := runCLI(t, "", "media", "--format", "json", "../../rules/media/testdata/h264-aac-faststart.mp4")
	if byURL.code != byFile.code || strings.Replace(byURL.stdout, u, "F", 1) != strings.Replace(byFile.stdout, "../../rules/media/testdata/h264-aac-faststart.mp4", "F", 1) {
		t.Fatalf("url (%d): %s\nfile (%d): %s", byURL.code, byURL.stdout, byFile.code, byFile.stdout)
	}
	gone := runCLI(t, "", "media", "--fetch-allow", "127.0.0.1", srv.URL+"/gone.png")
	if gone.code != exitInvalid || gone.stdout != srv.URL+"/gone.png: media_not_found: the server answered 404 Not Found\n" {
		t.Errorf("gone: %d %q", gone.code, gone.stdout)
	}
	refused := runCLI(t, "", "media", "--format", "json", srv.URL+"/image.png")
	if refused.code != exitInvalid || !strings.Contains(refused.stdout, `"code":"media_fetch_refused"`) {
		t.Errorf("refused: %d %s", refused.code, refused.stdout)
	}
}

// TestServeFetchMedia: validate serve --fetch-media answers what validate post
// --fetch-media answers, over HTTP.
func TestServeFetchMedia(t *testing.T) {
	srv := mediaServer(t)
	post := postWithMedia(t, srv.URL+"/moov-at-end.mp4")
	body, err := os.ReadFile(post)
	if err != nil {
		t.Fatal(err)
	}
	cfg := serveConfig{now: func() time.Time { return fixedNow }, fetcher: newFetcher([]string{"127.0.0.1"})}
	s := httptest.NewServer(newSandbox(cfg))
	defer s.Close()
	req, _ := http.NewRequest("POST", s.URL+"/api/v2/posts", strings.NewReader(string(body)))
	req.Header.Set("Authorization", "Bearer sk_test")
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var e schema.ErrorBody
	if err := json.NewDecoder(res.Body).Decode(&e); err != nil {
		t.Fatal(err)
	}
	cli := runCLI(t, "", "post", "--now", testNow, "--format", "json", "--fetch-media", "--fetch-allow", "127.0.0.1", post)
	var v fileResult
	if err := json.Unmarshal([]byte(cli.stdout), &v); err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != v.HTTPStatus || v.Error == nil || !reflect.DeepEqual(e, *v.Error) {
		t.Errorf("serve %d %+v, post %d %+v", res.StatusCode, e, v.HTTPStatus, v.Error)
	}
}
