package media

import (
	"strings"
	"testing"

	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

func TestRulesDeclared(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Rules() {
		if seen[r.ID] {
			t.Errorf("%s declared twice", r.ID)
		}
		seen[r.ID] = true
		if !r.Platform.Valid() || !strings.HasPrefix(r.ID, string(r.Platform)+".") || strings.Count(r.ID, ".") != 2 {
			t.Errorf("%s: id is not <platform>.<field>.<check> of a platform", r.ID)
		}
		if _, ok := rules.RuleByID(r.ID); ok {
			t.Errorf("%s is also a rule of the book", r.ID)
		}
		if r.What == "" || !strings.HasPrefix(r.Source, "https://") || r.Read != "2026-11-26" || len(r.kinds) == 0 || r.check == nil {
			t.Errorf("%s: incomplete declaration %+v", r.ID, r)
		}
	}
	for _, p := range rules.Platforms() {
		if !seen[string(p)+".file.kind"] {
			t.Errorf("%s declares no file.kind rule", p)
		}
	}
}

func TestJudge(t *testing.T) {
	video := Facts{Kind: KindVideo, Format: "mp4", Bytes: 10 * MB, Width: 1080, Height: 1920, Duration: 30, FrameRate: 120,
		VideoCodec: "h264", AudioCodec: "aac", AudioSampleRate: 48000, AudioChannels: 2, Faststart: true}
	tests := []struct {
		platform rules.Platform
		f        Facts
		problems []string // "rule: message"
		warnings []string
	}{
		{"instagram", video, []string{"instagram.video.frame_rate: Instagram takes 23 to 60 fps; this video runs at 120 fps"}, nil},
		{"tiktok", Facts{Kind: KindImage, Format: "jpeg", Bytes: 1 << 20, Width: 1086, Height: 1448}, []string{"tiktok.image.pixels: TikTok takes images of at most 1080 px per side; this one is 1086x1448"}, nil},
		{"twitter", func() Facts { f := video; f.Duration = 149; f.FrameRate = 30; return f }(), []string{"twitter.video.duration: X takes videos of 0.5 s to 2:20; this one lasts 2:29"}, nil},
		{"bluesky", Facts{Kind: KindImage, Format: "jpeg", Bytes: 2998293, Width: 100, Height: 100}, []string{"bluesky.image.max_bytes: Bluesky takes images of at most 2 MB; this file has 2998293 bytes"}, nil},
		{"youtube", Facts{Kind: KindImage, Format: "png", Bytes: 100, Width: 1, Height: 1}, []string{"youtube.file.kind: YouTube takes videos; this file is an image"}, nil},
		{"instagram", func() Facts {
			f := video
			f.FrameRate = 30
			f.Faststart = false
			f.EditList = true
			f.Width = 1440
			f.Height = 1080
			return f
		}(),
			[]string{"instagram.video.faststart: Instagram takes videos with the moov atom at the front (fast start); this one has it after the media data (remux with -movflags +faststart)",
				"instagram.video.edit_list: Instagram takes videos without edit lists; this one has an edit list"}, nil},
		{"googlebusiness", Facts{Kind: KindImage, Format: "jpeg", Bytes: 50 * kB, Width: 400, Height: 400}, nil, []string{"googlebusiness.image.recommended_pixels: Google Business Profile takes images of at least 720 px per side; this one is 400x400"}},
		{"instagram", func() Facts { f := video; f.FrameRate = 30; f.Duration = 0; return f }(), nil, nil}, // duration unknown: no verdict on it
		{"linkedin", Facts{Kind: KindDocument, Format: "pdf", Bytes: 1000, Pages: 301}, []string{"linkedin.document.pages: LinkedIn takes documents of at most 300 pages; this one has 301"}, nil},
	}
	for _, tt := range tests {
		problems, warnings := Judge(tt.platform, tt.f)
		if got := words(problems); strings.Join(got, "\n") != strings.Join(tt.problems, "\n") {
			t.Errorf("%s %+v:\n got %q\nwant %q", tt.platform, tt.f, got, tt.problems)
		}
		if got := words(warnings); strings.Join(got, "\n") != strings.Join(tt.warnings, "\n") {
			t.Errorf("%s warnings:\n got %q\nwant %q", tt.platform, got, tt.warnings)
		}
	}
}

func words(ps []Problem) []string {
	var out []string
	for _, p := range ps {
		if p.Code != apierror.CodeInvalidMedia {
			out = append(out, "code "+string(p.Code))
		}
		out = append(out, p.Rule+": "+p.Message)
	}
	return out
}

// Every problem names a rule of the platform judged, and the frame-rate rule breaks
// exactly outside its range.
func TestPropJudge(t *testing.T) {
	p := properties(t, 500)
	p.Property("problems name the platform's rules; Instagram's frame rate is 23 to 60", prop.ForAll(
		func(fps float64, pi int) bool {
			platform := rules.Platforms()[pi%len(rules.Platforms())]
			f := Facts{Kind: KindVideo, Format: "mp4", Bytes: MB, Width: 720, Height: 1280, Duration: 10, FrameRate: fps, VideoCodec: "h264", AudioCodec: "none", Faststart: true}
			problems, warnings := Judge(platform, f)
			for _, q := range append(problems, warnings...) {
				if !strings.HasPrefix(q.Rule, string(platform)+".") {
					return false
				}
			}
			problems, _ = Judge("instagram", f)
			broken := len(problems) == 1 && problems[0].Rule == "instagram.video.frame_rate"
			return broken == (fps < 22.99 || fps > 60.01) && (broken || len(problems) == 0)
		},
		gen.Float64Range(1, 240), gen.IntRange(0, 100),
	))
	p.TestingRun(t)
}
