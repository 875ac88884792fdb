package schema

import (
	"strings"
	"testing"

	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
)

// TestEnvMedia: with the facts of the request's files (Env.Media, by URL), each target's
// media are judged by its platform's media rules, at the item's pointer, with the rule's
// id and the first target of that platform; a URL without facts is not judged.
func TestEnvMedia(t *testing.T) {
	fast := media.Facts{Kind: "video", Format: "mp4", MIME: "video/mp4", Bytes: 5 << 20, Width: 1080, Height: 1920,
		Duration: 12, FrameRate: 120, VideoCodec: "h264", AudioCodec: "aac", AudioSampleRate: 48000, AudioChannels: 2, Faststart: true}
	fine := fast
	fine.FrameRate = 30
	env := Env{Media: map[string]media.Facts{
		"https://cdn.example.com/fast.mp4": fast,
		"https://cdn.example.com/fine.mp4": fine,
	}}
	body := func(url string) []byte {
		return []byte(`{"content":"New reel","publishNow":true,"mediaItems":[{"type":"video","url":"` + url + `"}],` +
			`"platforms":[{"platform":"linkedin"},{"platform":"instagram"},{"platform":"instagram","accountId":"ig_2"}]}`)
	}

	v := CheckCreatePost(body("https://cdn.example.com/fast.mp4"), env)
	if v.Valid || v.HTTPStatus != 400 {
		t.Fatalf("a 120 fps video for instagram: valid %v, status %d", v.Valid, v.HTTPStatus)
	}
	var rate *Problem
	for i, p := range v.Problems {
		if p.Rule == "instagram.video.frame_rate" {
			rate = &v.Problems[i]
		}
	}
	if rate == nil || rate.Path != "/mediaItems/0" || rate.Code != apierror.CodeInvalidMedia || !strings.Contains(rate.Message, "120") ||
		rate.Target == nil || rate.Target.Index != 1 {
		t.Fatalf("problems %+v: want instagram.video.frame_rate at /mediaItems/0 for target 1", v.Problems)
	}
	for _, p := range v.Problems {
		if strings.HasPrefix(p.Rule, "linkedin.") {
			t.Errorf("linkedin takes a 120 fps video of that size, yet %+v", p)
		}
	}
	n := 0
	for _, p := range v.Problems {
		if p.Rule == "instagram.video.frame_rate" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("two instagram targets, one file: %d frame-rate problems, want 1", n)
	}

	if v := CheckCreatePost(body("https://cdn.example.com/fine.mp4"), env); !v.Valid {
		t.Errorf("a 30 fps video: %+v", v.Problems)
	}
	if v := CheckCreatePost(body("https://cdn.example.com/unknown.mp4"), env); !v.Valid {
		t.Errorf("a file without facts is not judged: %+v", v.Problems)
	}
	if v := CheckCreatePost(body("https://cdn.example.com/fast.mp4"), Env{}); !v.Valid {
		t.Errorf("no facts at all: %+v", v.Problems)
	}

	// A twitter thread item's own media are judged for twitter, at their pointer (17 GiB
	// is past X's loosest figure, 16 GB for Premium accounts).
	huge := fine
	huge.Bytes = 17 << 30
	thread := []byte(`{"content":"1/","publishNow":true,"platforms":[{"platform":"twitter","platformSpecificData":{"threadItems":` +
		`[{"content":"2/","mediaItems":[{"type":"video","url":"https://cdn.example.com/huge.mp4"}]}]}}]}`)
	v = CheckCreatePost(thread, Env{Media: map[string]media.Facts{"https://cdn.example.com/huge.mp4": huge}})
	found := false
	for _, p := range v.Problems {
		found = found || p.Path == "/platforms/0/platformSpecificData/threadItems/0/mediaItems/0" && strings.HasPrefix(p.Rule, "twitter.")
	}
	if !found {
		t.Errorf("a 17 GiB video in a thread item: %+v", v.Problems)
	}
}
