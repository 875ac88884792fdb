package schema

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
)

// TestMediaURLs: the URLs a fetcher must read, each once, in order; thread items count only
// for twitter targets (the only platform whose threadItems the book reads); a URL the shape
// check refuses and a body that does not decode give none.
func TestMediaURLs(t *testing.T) {
	cases := []struct {
		why  string
		body string
		want []string
	}{
		{"post media in order, a repeat once",
			`{"content":"x","publishNow":true,"mediaItems":[{"type":"image","url":"https://a.test/1.png"},{"type":"image","url":"https://a.test/2.png"},{"type":"image","url":"https://a.test/1.png"}],"platforms":[{"platform":"bluesky"}]}`,
			[]string{"https://a.test/1.png", "https://a.test/2.png"}},
		{"a twitter thread item's media after the post's",
			`{"content":"1/","publishNow":true,"mediaItems":[{"type":"image","url":"https://a.test/1.png"}],"platforms":[{"platform":"twitter","platformSpecificData":{"threadItems":[{"content":"2/","mediaItems":[{"type":"video","url":"http://b.test/v.mp4"}]}]}}]}`,
			[]string{"https://a.test/1.png", "http://b.test/v.mp4"}},
		{"a URL the shape check refuses is not fetched",
			`{"content":"x","publishNow":true,"mediaItems":[{"type":"image","url":"ftp://a.test/1.png"},{"type":"image","url":"/rel.png"}],"platforms":[{"platform":"bluesky"}]}`,
			nil},
		{"malformed JSON", `{"content":`, nil},
		{"no media", `{"content":"x","publishNow":true,"platforms":[{"platform":"bluesky"}]}`, nil},
	}
	for _, c := range cases {
		if got := MediaURLs([]byte(c.body), 0); !slices.Equal(got, c.want) {
			t.Errorf("%s: got %q, want %q", c.why, got, c.want)
		}
	}
}

// TestEnvMediaErrors: a URL whose facts could not be had is a problem at every item's
// /url pointer with the error's code and message (not judged by the media rules even if
// facts were given too), the verdict is invalid with 400, and other items are still judged.
func TestEnvMediaErrors(t *testing.T) {
	big := media.Facts{Kind: "image", Format: "png", MIME: "image/png", Bytes: 9 << 20, Width: 4000, Height: 3000}
	env := Env{
		Media: map[string]media.Facts{"https://a.test/big.png": big, "https://a.test/gone.png": big},
		MediaErrors: map[string]*apierror.Error{
			"https://a.test/gone.png": apierror.New(apierror.CodeMediaNotFound, "/ignored", "https://a.test/gone.png: the server answered 404 Not Found"),
		},
	}
	body := `{"content":"x","publishNow":true,"mediaItems":[{"type":"image","url":"https://a.test/big.png"},{"type":"image","url":"https://a.test/gone.png"}],` +
		`"platforms":[{"platform":"twitter","platformSpecificData":{"threadItems":[{"content":"2/","mediaItems":[{"type":"image","url":"https://a.test/gone.png"}]}]}}]}`
	v := CheckCreatePost([]byte(body), env)
	if v.Valid || v.HTTPStatus != 400 {
		t.Fatalf("valid %v status %d", v.Valid, v.HTTPStatus)
	}
	var gone []string
	sized := false
	for _, p := range v.Problems {
		switch {
		case p.Code == apierror.CodeMediaNotFound:
			gone = append(gone, p.Path)
			if p.Message != "https://a.test/gone.png: the server answered 404 Not Found" {
				t.Errorf("message %q", p.Message)
			}
		case p.Path == "/mediaItems/1" || p.Path == "/platforms/0/platformSpecificData/threadItems/0/mediaItems/0":
			t.Errorf("a file that could not be read is judged by its facts too: %+v", p)
		case p.Path == "/mediaItems/0" && p.Rule != "":
			sized = true
		}
	}
	want := []string{"/mediaItems/1/url", "/platforms/0/platformSpecificData/threadItems/0/mediaItems/0/url"}
	if !slices.Equal(gone, want) {
		t.Errorf("media_not_found at %q, want %q", gone, want)
	}
	if !sized {
		t.Errorf("the 9 MB PNG next to it was not judged: %+v", v.Problems)
	}

	// The stored draft's media errors point into the draft.
	d := CheckDraftPublish([]byte(body), []byte(`{"publishNow":true}`), env)
	found := false
	for _, p := range d.Problems {
		found = found || p.Code == apierror.CodeMediaNotFound && p.In == "draft" && p.Path == "/mediaItems/1/url"
	}
	if !found {
		t.Errorf("draft: %+v", d.Problems)
	}
}

// ExampleMediaURLs lists the URLs a media fetcher reads before the check.
func ExampleMediaURLs() {
	body := []byte(`{"content":"1/","publishNow":true,"mediaItems":[{"type":"image","url":"https://cdn.example.com/a.png"}],` +
		`"platforms":[{"platform":"twitter","platformSpecificData":{"threadItems":[{"content":"2/","mediaItems":[{"type":"video","url":"https://cdn.example.com/b.mp4"}]}]}}]}`)
	fmt.Println(MediaURLs(body, 0))
	// Output: [https://cdn.example.com/a.png https://cdn.example.com/b.mp4]
}

// TestMediaErrorsProperty: for any items drawn from a pool of URLs and any subset of the
// pool that failed, the verdict has exactly one problem at /mediaItems/i/url for each item
// whose URL failed, with that URL's code, none for the others, and MediaURLs lists the
// pool URLs used, each once, in first-seen order.
func TestMediaErrorsProperty(t *testing.T) {
	pool := []string{"https://a.test/0.png", "https://a.test/1.png", "https://a.test/2.png", "https://a.test/3.png"}
	codes := []apierror.Code{apierror.CodeMediaNotFound, apierror.CodeMediaTimeout, apierror.CodeMediaUnreachable, apierror.CodeMediaFetchRefused}
	params := gopter.DefaultTestParametersWithSeed(34)
	params.MinSuccessfulTests = 200
	props := gopter.NewProperties(params)
	props.Property("a failed URL is a problem at each of its items' /url", prop.ForAll(
		func(picks []uint8, failed uint8) bool {
			if len(picks) == 0 {
				return true
			}
			picks = picks[:min(len(picks), 10)] // instagram's carousel takes 10
			errs := map[string]*apierror.Error{}
			for i, u := range pool {
				if failed&(1<<i) != 0 {
					errs[u] = apierror.New(codes[i], "", u+": failed")
				}
			}
			items := make([]string, len(picks))
			var wantURLs []string
			for i, p := range picks {
				u := pool[int(p)%len(pool)]
				items[i] = `{"type":"image","url":"` + u + `"}`
				if !slices.Contains(wantURLs, u) {
					wantURLs = append(wantURLs, u)
				}
			}
			body := []byte(`{"content":"x","publishNow":true,"mediaItems":[` + strings.Join(items, ",") + `],"platforms":[{"platform":"instagram"}]}`)
			if got := MediaURLs(body, 0); !slices.Equal(got, wantURLs) {
				t.Logf("MediaURLs %q, want %q", got, wantURLs)
				return false
			}
			v := CheckCreatePost(body, Env{MediaErrors: errs})
			at := map[string]apierror.Code{}
			for _, p := range v.Problems {
				if strings.HasSuffix(p.Path, "/url") {
					if _, twice := at[p.Path]; twice {
						return false
					}
					at[p.Path] = p.Code
				}
			}
			for i, p := range picks {
				u := pool[int(p)%len(pool)]
				path := "/mediaItems/" + strconv.Itoa(i) + "/url"
				want := apierror.Code("")
				if e := errs[u]; e != nil {
					want = e.Code
				}
				if at[path] != want {
					t.Logf("%s: %q, want %q", path, at[path], want)
					return false
				}
			}
			return v.Valid == (len(at) == 0 && len(v.Problems) == 0)
		},
		gen.SliceOf(gen.UInt8()),
		gen.UInt8(),
	))
	props.TestingRun(t)
}

// TestWithFetchedMedia: only the URLs env does not know are fetched, once; facts and
// failures join env's in new maps, leaving the caller's maps as they were; nothing is
// fetched when every URL is known.
func TestWithFetchedMedia(t *testing.T) {
	body := []byte(`{"content":"x","platforms":[{"platform":"twitter"}],"mediaItems":[` +
		`{"type":"image","url":"https://a.example/known.jpg"},` +
		`{"type":"image","url":"https://a.example/new.jpg"},` +
		`{"type":"image","url":"https://a.example/broken.jpg"}]}`)
	known := media.Facts{Kind: media.KindImage, Format: "jpeg"}
	env := Env{Media: map[string]media.Facts{"https://a.example/known.jpg": known}}
	var asked [][]string
	fetch := func(urls []string) (map[string]media.Facts, map[string]*apierror.Error) {
		asked = append(asked, urls)
		return map[string]media.Facts{"https://a.example/new.jpg": {Kind: media.KindImage, Format: "png"}},
			map[string]*apierror.Error{"https://a.example/broken.jpg": apierror.New(apierror.CodeMediaUnreachable, "", "gone")}
	}
	got := env.WithFetchedMedia(body, fetch)
	if want := [][]string{{"https://a.example/new.jpg", "https://a.example/broken.jpg"}}; fmt.Sprint(asked) != fmt.Sprint(want) {
		t.Fatalf("fetched %q, want %q", asked, want)
	}
	if len(got.Media) != 2 || got.Media["https://a.example/known.jpg"].Format != "jpeg" || got.Media["https://a.example/new.jpg"].Format != "png" {
		t.Errorf("media: %v", got.Media)
	}
	if e := got.MediaErrors["https://a.example/broken.jpg"]; e == nil || e.Code != apierror.CodeMediaUnreachable {
		t.Errorf("media errors: %v", got.MediaErrors)
	}
	if len(env.Media) != 1 || env.MediaErrors != nil {
		t.Errorf("the caller's env changed: %v %v", env.Media, env.MediaErrors)
	}
	asked = nil
	got.WithFetchedMedia(body, fetch)
	if len(asked) != 1 || len(asked[0]) != 1 || asked[0][0] != "https://a.example/broken.jpg" {
		t.Errorf("a failed URL is asked again, the known ones are not: asked %q", asked)
	}
	asked = nil
	all := Env{Media: map[string]media.Facts{"https://a.example/known.jpg": known, "https://a.example/new.jpg": known, "https://a.example/broken.jpg": known}}
	if all.WithFetchedMedia(body, fetch); asked != nil {
		t.Errorf("every URL known, yet fetched %q", asked)
	}
}
