package media

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

var dateRE = regexp.MustCompile(`^20[0-9]{2}-[01][0-9]-[0-3][0-9]$`)

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
		if r.What == "" || len(r.kinds) == 0 || (r.check == nil) == (r.each == nil) {
			t.Errorf("%s: incomplete declaration %+v", r.ID, r)
		}
		if len(r.Sources) == 0 || r.Source != r.Sources[0].URL || r.Read != r.Sources[0].Read {
			t.Errorf("%s: Source and Read are not its first source's (%q %q, %+v)", r.ID, r.Source, r.Read, r.Sources)
		}
		for _, s := range r.Sources {
			if !strings.HasPrefix(s.URL, "https://") || !dateRE.MatchString(s.Read) || s.Figure == "" ||
				(s.Says != rules.Refuses && s.Says != rules.Recommends) || len(strings.Fields(s.Quote)) > 25 {
				t.Errorf("%s: incomplete or overlong source %+v", r.ID, s)
			}
		}
	}
	for _, p := range rules.Platforms() {
		for _, id := range []string{".file.kind", ".file.unread"} {
			if !seen[string(p)+id] {
				t.Errorf("%s declares no %s rule", p, id)
			}
		}
	}
}

// TestSeverityFollowsEvidence holds the table to DESIGN.md rule 8: an error only where a
// source refuses; every warning names a source; a warning of a pair (strict_*) names the
// figures of both sides in its sources.
func TestSeverityFollowsEvidence(t *testing.T) {
	for _, r := range Rules() {
		refusing := slices.ContainsFunc(r.Sources, func(s rules.Source) bool { return s.Says == rules.Refuses })
		switch r.Severity {
		case rules.SeverityError:
			if !refusing {
				t.Errorf("%s is an error, and no source of it refuses: %+v", r.ID, r.Sources)
			}
		case rules.SeverityWarning:
			if len(r.Sources) == 0 {
				t.Errorf("%s is a warning without a source", r.ID)
			}
		default:
			t.Errorf("%s: severity %q", r.ID, r.Severity)
		}
		if strings.Contains(r.ID, ".strict_") && (len(r.Sources) < 2 || r.aside == "" || !r.companion) {
			t.Errorf("%s: a strict warning names the looser source too (sources and aside), and leaves unknown facts to its error", r.ID)
		}
	}
}

// TestBookCarriesSources: the book every face lists gives each media rule its sources.
func TestBookCarriesSources(t *testing.T) {
	byID := map[string]Rule{}
	for _, r := range Rules() {
		byID[r.ID] = r
	}
	n := 0
	for _, b := range Book() {
		m, ok := byID[b.ID]
		if !ok {
			continue
		}
		n++
		if len(b.Sources) != len(m.Sources) || b.Sources[0] != m.Sources[0] || b.Source != m.Source || b.Read != m.Read || b.Severity != m.Severity {
			t.Errorf("%s: the book's rule %+v lost the media rule's sources %+v", b.ID, b, m.Sources)
		}
	}
	if n != len(byID) {
		t.Errorf("the book lists %d media rules of %d", n, len(byID))
	}
}

// Facts that fit every platform that takes their kind, so that a case changes one fact.
var (
	fitVideo = Facts{Kind: KindVideo, Format: "mp4", Bytes: 10 * MB, Width: 1280, Height: 720, Duration: 30, FrameRate: 30,
		VideoCodec: "h264", AudioCodec: "aac", AudioSampleRate: 48000, AudioChannels: 2, Faststart: true}
	fitImage = Facts{Kind: KindImage, Format: "jpeg", Bytes: MB, Width: 1080, Height: 1080}
	fitGIF   = Facts{Kind: KindGIF, Format: "gif", Bytes: MB, Width: 480, Height: 270, Frames: 30, Duration: 3}
	fitDoc   = Facts{Kind: KindDocument, Format: "pdf", Bytes: MB, Pages: 10}
)

func with(f Facts, change func(*Facts)) Facts { change(&f); return f }

// TestJudgeThresholds: each corrected rule at a fact just inside and just outside each of
// its thresholds, error and warning; every case asserts every rule id Judge gives.
func TestJudgeThresholds(t *testing.T) {
	tests := []struct {
		why      string
		platform rules.Platform
		f        Facts
		problems []string
		warnings []string
	}{
		{"fitting facts fit X", "twitter", fitVideo, nil, nil},
		{"X enforces 5 MB as 5,242,880 bytes (error 324)", "twitter", with(fitImage, func(f *Facts) { f.Bytes = 5242880 }), nil, nil},
		{"one byte past X's 5,242,880", "twitter", with(fitImage, func(f *Facts) { f.Bytes = 5242881 }), []string{"twitter.image.max_bytes"}, nil},
		{"X's 15 MB GIF is 15 MiB", "twitter", with(fitGIF, func(f *Facts) { f.Bytes = 15728640 }), nil, nil},
		{"one byte past 15 MiB", "twitter", with(fitGIF, func(f *Facts) { f.Bytes = 15728641 }), []string{"twitter.image.max_bytes"}, nil},
		{"a GIF of 1280x1080 fits X", "twitter", with(fitGIF, func(f *Facts) { f.Width, f.Height = 1280, 1080 }), nil, nil},
		{"a GIF one px wider than 1280", "twitter", with(fitGIF, func(f *Facts) { f.Width, f.Height = 1281, 1080 }), []string{"twitter.gif.pixels"}, nil},
		{"a GIF one px taller than 1080", "twitter", with(fitGIF, func(f *Facts) { f.Width, f.Height = 1280, 1081 }), []string{"twitter.gif.pixels"}, nil},
		{"350 frames fit X", "twitter", with(fitGIF, func(f *Facts) { f.Frames = 350 }), nil, nil},
		{"351 frames do not", "twitter", with(fitGIF, func(f *Facts) { f.Frames = 351 }), []string{"twitter.gif.frames"}, nil},
		{"1000x1000 x 300 frames is 300,000,000 pixels, X's cap", "twitter", with(fitGIF, func(f *Facts) { f.Width, f.Height, f.Frames = 1000, 1000, 300 }), nil, nil},
		{"one frame more is past it", "twitter", with(fitGIF, func(f *Facts) { f.Width, f.Height, f.Frames = 1000, 1000, 301 }), []string{"twitter.gif.total_pixels"}, nil},
		{"an animated WebP is no GIF: X's GIF caps do not apply", "twitter", with(fitImage, func(f *Facts) { f.Format, f.Frames, f.Width = "webp", 400, 1081 }), nil, nil},
		{"140 s fits every X reading", "twitter", with(fitVideo, func(f *Facts) { f.Duration = 140 }), nil, nil},
		{"past 140 s: the earlier page's figure, a warning", "twitter", with(fitVideo, func(f *Facts) { f.Duration = 140.5 }), nil, []string{"twitter.video.strict_duration"}},
		{"125 min: Premium's figure, still a warning", "twitter", with(fitVideo, func(f *Facts) { f.Duration = 7500 }), nil, []string{"twitter.video.strict_duration"}},
		{"past 125 min: the error alone", "twitter", with(fitVideo, func(f *Facts) { f.Duration = 7500.5 }), []string{"twitter.video.duration"}, nil},
		{"0.5 s is X's minimum", "twitter", with(fitVideo, func(f *Facts) { f.Duration = 0.5 }), nil, nil},
		{"under 0.5 s", "twitter", with(fitVideo, func(f *Facts) { f.Duration = 0.49 }), []string{"twitter.video.duration"}, nil},
		{"512 MB fits every X reading", "twitter", with(fitVideo, func(f *Facts) { f.Bytes = 512 * MB }), nil, nil},
		{"past 512 MB: the introduction's figure, a warning", "twitter", with(fitVideo, func(f *Facts) { f.Bytes = 512*MB + 1 }), nil, []string{"twitter.video.strict_bytes"}},
		{"16 GiB: Premium's figure, a warning", "twitter", with(fitVideo, func(f *Facts) { f.Bytes = 16 * GiB }), nil, []string{"twitter.video.strict_bytes"}},
		{"past 16 GiB: the error alone", "twitter", with(fitVideo, func(f *Facts) { f.Bytes = 16*GiB + 1 }), []string{"twitter.video.max_bytes"}, nil},
		{"HEVC: X only recommends H.264", "twitter", with(fitVideo, func(f *Facts) { f.VideoCodec = "hevc" }), nil, []string{"twitter.video.codec"}},
		{"32x32 is X's smallest video", "twitter", with(fitVideo, func(f *Facts) { f.Width, f.Height = 32, 32 }), nil, nil},
		{"31 px wide is under it", "twitter", with(fitVideo, func(f *Facts) { f.Width, f.Height = 31, 32 }), []string{"twitter.video.pixels"}, nil},
		{"a WebM: only a peer lists X's containers", "twitter", with(fitVideo, func(f *Facts) { f.Format = "webm"; f.Faststart = false }), nil, []string{"twitter.video.format"}},
		{"AVIF is not among X's image formats", "twitter", with(fitImage, func(f *Facts) { f.Format = "avif" }), []string{"twitter.image.format"}, nil},

		{"a 1080x1920 portrait photo fits TikTok", "tiktok", with(fitImage, func(f *Facts) { f.Width, f.Height = 1080, 1920 }), nil, nil},
		{"941x1672 published (postiz PR #1875)", "tiktok", with(fitImage, func(f *Facts) { f.Width, f.Height = 941, 1672 }), nil, nil},
		{"1081 on the shorter side", "tiktok", with(fitImage, func(f *Facts) { f.Width, f.Height = 1920, 1081 }), []string{"tiktok.image.pixels"}, nil},
		{"1086x1448 failed (postiz PR #1875)", "tiktok", with(fitImage, func(f *Facts) { f.Width, f.Height = 1086, 1448 }), []string{"tiktok.image.pixels"}, nil},
		{"1254x1254 failed (trypost PR #120)", "tiktok", with(fitImage, func(f *Facts) { f.Width, f.Height = 1254, 1254 }), []string{"tiktok.image.pixels"}, nil},

		{"10 min fits Bluesky's app", "bluesky", with(fitVideo, func(f *Facts) { f.Duration = 600 }), nil, nil},
		{"past 10 min", "bluesky", with(fitVideo, func(f *Facts) { f.Duration = 600.5 }), []string{"bluesky.video.duration"}, nil},
		{"the lexicon takes image/*: AVIF", "bluesky", with(fitImage, func(f *Facts) { f.Format = "avif" }), nil, nil},
		{"the lexicon takes image/*: HEIC", "bluesky", with(fitImage, func(f *Facts) { f.Format = "heic" }), nil, nil},

		{"4 MB fits Meta's photo error", "facebook", with(fitImage, func(f *Facts) { f.Bytes = 4 * MB }), nil, nil},
		{"past 4 MB: Meta's error text, a warning", "facebook", with(fitImage, func(f *Facts) { f.Bytes = 4*MB + 1 }), nil, []string{"facebook.image.strict_bytes"}},
		{"10 MB: Page Stories' figure, a warning", "facebook", with(fitImage, func(f *Facts) { f.Bytes = 10 * MB }), nil, []string{"facebook.image.strict_bytes"}},
		{"past 10 MB: the error alone", "facebook", with(fitImage, func(f *Facts) { f.Bytes = 10*MB + 1 }), []string{"facebook.image.max_bytes"}, nil},
		{"AVIF is in neither Meta list", "facebook", with(fitImage, func(f *Facts) { f.Format = "avif" }), []string{"facebook.image.format"}, nil},
		{"a Facebook video past 10 GB: peers' figure, a warning", "facebook", with(fitVideo, func(f *Facts) { f.Bytes = 10*GB + 1 }), nil, []string{"facebook.video.max_bytes"}},

		{"10 MB fits every Pinterest page", "pinterest", with(fitImage, func(f *Facts) { f.Bytes = 10 * MB }), nil, nil},
		{"past 10 MB: the product page, a warning", "pinterest", with(fitImage, func(f *Facts) { f.Bytes = 10*MB + 1 }), nil, []string{"pinterest.image.strict_bytes"}},
		{"20 MB: the web's figure, a warning", "pinterest", with(fitImage, func(f *Facts) { f.Bytes = 20 * MB }), nil, []string{"pinterest.image.strict_bytes"}},
		{"past 20 MB: the error alone", "pinterest", with(fitImage, func(f *Facts) { f.Bytes = 20*MB + 1 }), []string{"pinterest.image.max_bytes"}, nil},
		{"PNG is on every Pinterest list", "pinterest", with(fitImage, func(f *Facts) { f.Format = "png" }), nil, nil},
		{"WEBP is on the help page, not the product page", "pinterest", with(fitImage, func(f *Facts) { f.Format = "webp" }), nil, []string{"pinterest.image.strict_format"}},
		{"AVIF is on no Pinterest list", "pinterest", with(fitImage, func(f *Facts) { f.Format = "avif" }), []string{"pinterest.image.format"}, nil},
		{"5 min fits both Pinterest pages", "pinterest", with(fitVideo, func(f *Facts) { f.Duration = 300 }), nil, nil},
		{"past 5 min: the pin specs, a warning", "pinterest", with(fitVideo, func(f *Facts) { f.Duration = 301 }), nil, []string{"pinterest.video.strict_duration"}},
		{"15 min: still a warning", "pinterest", with(fitVideo, func(f *Facts) { f.Duration = 900 }), nil, []string{"pinterest.video.strict_duration"}},
		{"past 15 min: the error alone", "pinterest", with(fitVideo, func(f *Facts) { f.Duration = 901 }), []string{"pinterest.video.duration"}, nil},

		{"500 MB fits LinkedIn's specifications", "linkedin", with(fitVideo, func(f *Facts) { f.Bytes = 500 * MB }), nil, nil},
		{"past 500 MB: a warning", "linkedin", with(fitVideo, func(f *Facts) { f.Bytes = 500*MB + 1 }), nil, []string{"linkedin.video.strict_bytes"}},
		{"5 GB: fileSizeBytes' figure, a warning", "linkedin", with(fitVideo, func(f *Facts) { f.Bytes = 5 * GB }), nil, []string{"linkedin.video.strict_bytes"}},
		{"past 5 GB: the error alone", "linkedin", with(fitVideo, func(f *Facts) { f.Bytes = 5*GB + 1 }), []string{"linkedin.video.max_bytes"}, nil},
		{"75 KB is LinkedIn's smallest video", "linkedin", with(fitVideo, func(f *Facts) { f.Bytes = 75 * kB }), nil, nil},
		{"under 75 KB", "linkedin", with(fitVideo, func(f *Facts) { f.Bytes = 75*kB - 1 }), []string{"linkedin.video.max_bytes"}, nil},
		{"a PPTX carousel", "linkedin", with(fitDoc, func(f *Facts) { f.Format = "pptx" }), nil, nil},
		{"a PPT", "linkedin", with(fitDoc, func(f *Facts) { f.Format = "ppt" }), nil, nil},
		{"a DOCX", "linkedin", with(fitDoc, func(f *Facts) { f.Format = "docx" }), nil, nil},
		{"a DOC", "linkedin", with(fitDoc, func(f *Facts) { f.Format = "doc" }), nil, nil},
		{"300 pages", "linkedin", with(fitDoc, func(f *Facts) { f.Pages = 300 }), nil, nil},
		{"301 pages", "linkedin", with(fitDoc, func(f *Facts) { f.Pages = 301 }), []string{"linkedin.document.pages"}, nil},
		{"a 16:9 video is within every reading of LinkedIn's ratio", "linkedin", with(fitVideo, func(f *Facts) { f.Width, f.Height = 2400, 1000 }), nil, nil},
		{"past 2.4:1: a peer's figure, a warning", "linkedin", with(fitVideo, func(f *Facts) { f.Width, f.Height = 2500, 1000 }), nil, []string{"linkedin.video.aspect_ratio"}},
		{"250 GIF frames", "linkedin", with(fitGIF, func(f *Facts) { f.Frames = 250 }), nil, nil},
		{"251 GIF frames", "linkedin", with(fitGIF, func(f *Facts) { f.Frames = 251 }), []string{"linkedin.image.gif_frames"}, nil},

		{"256 GiB is the discovery document's maxSize", "youtube", with(fitVideo, func(f *Facts) { f.Bytes = 274877906944 }), nil, nil},
		{"one byte more", "youtube", with(fitVideo, func(f *Facts) { f.Bytes = 274877906945 }), []string{"youtube.video.max_bytes"}, nil},
		{"15 min fits an unverified channel", "youtube", with(fitVideo, func(f *Facts) { f.Duration = 900 }), nil, nil},
		{"past 15 min: a warning", "youtube", with(fitVideo, func(f *Facts) { f.Duration = 901 }), nil, []string{"youtube.video.unverified_duration"}},
		{"12 h: still a warning", "youtube", with(fitVideo, func(f *Facts) { f.Duration = 43200 }), nil, []string{"youtube.video.unverified_duration"}},
		{"past 12 h: the error alone", "youtube", with(fitVideo, func(f *Facts) { f.Duration = 43201 }), []string{"youtube.video.duration"}, nil},

		{"fitting facts fit Threads", "threads", fitVideo, nil, nil},
		{"moov at the end (ffmpeg's default)", "threads", with(fitVideo, func(f *Facts) { f.Faststart = false }), []string{"threads.video.faststart"}, nil},
		{"an edit list that matters", "threads", with(fitVideo, func(f *Facts) { f.EditList = true }), []string{"threads.video.edit_list"}, nil},
		{"48 kHz is Threads' highest rate", "threads", with(fitVideo, func(f *Facts) { f.AudioSampleRate = 48000 }), nil, nil},
		{"96 kHz sound", "threads", with(fitVideo, func(f *Facts) { f.AudioSampleRate = 96000 }), []string{"threads.video.audio"}, nil},
		{"1 channel", "threads", with(fitVideo, func(f *Facts) { f.AudioChannels = 1 }), nil, nil},
		{"3 channels", "threads", with(fitVideo, func(f *Facts) { f.AudioChannels = 3 }), []string{"threads.video.audio"}, nil},
		{"a WebM is not MP4 or MOV; faststart does not apply", "threads", with(fitVideo, func(f *Facts) { f.Format = "webm"; f.Faststart = false }), []string{"threads.video.format"}, nil},
		{"AVIF is not among Threads' formats", "threads", with(fitImage, func(f *Facts) { f.Format = "avif" }), []string{"threads.image.format"}, nil},
		{"AVIF is not JPEG", "instagram", with(fitImage, func(f *Facts) { f.Format = "avif" }), []string{"instagram.image.format"}, nil},
		{"AVIF is not among TikTok's formats", "tiktok", with(fitImage, func(f *Facts) { f.Format = "avif" }), []string{"tiktok.image.format"}, nil},
		{"AVIF is not among LinkedIn's formats", "linkedin", with(fitImage, func(f *Facts) { f.Format = "avif" }), []string{"linkedin.image.format"}, nil},
		{"AVIF is not among Google's formats", "googlebusiness", with(fitImage, func(f *Facts) { f.Format = "avif" }), []string{"googlebusiness.image.format"}, nil},
	}
	for _, tt := range tests {
		problems, warnings := Judge(tt.platform, tt.f)
		if got := ids(problems); !slices.Equal(got, tt.problems) {
			t.Errorf("%s (%s): problems %q, want %q (%q)", tt.why, tt.platform, got, tt.problems, words(problems))
		}
		if got := ids(warnings); !slices.Equal(got, tt.warnings) {
			t.Errorf("%s (%s): warnings %q, want %q (%q)", tt.why, tt.platform, got, tt.warnings, words(warnings))
		}
	}
}

func ids(ps []Problem) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Rule)
	}
	return out
}

// TestJudge: the messages, word for word, of a sample of rules: each names what fits and
// what the file is, and a rule of a pair names both figures and whose they are.
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
		{"tiktok", Facts{Kind: KindImage, Format: "jpeg", Bytes: 1 << 20, Width: 1086, Height: 1448}, []string{`tiktok.image.pixels: TikTok takes photos of at most 1080 px on the shorter side (its "Maximum 1080p"; 941x1672 photos publish, 1086x1448 fail); this one is 1086x1448`}, nil},
		{"twitter", with(video, func(f *Facts) { f.Duration = 149; f.FrameRate = 30 }), nil,
			[]string{"twitter.video.strict_duration: X's earlier best-practices page says videos of up to 2:20; this one lasts 2:29 (X's page now says 20 min by default and 125 min for Premium / verified accounts)"}},
		{"twitter", with(video, func(f *Facts) { f.Duration = 7600; f.FrameRate = 30 }),
			[]string{"twitter.video.duration: X takes videos of 0.5 s to 125 min; this one lasts 126:40 (125 min is X's figure for Premium / verified accounts; 20 min by default, 2:20 on its earlier page)"}, nil},
		{"twitter", with(video, func(f *Facts) { f.Bytes = 600 * MB; f.FrameRate = 30 }), nil,
			[]string{"twitter.video.strict_bytes: X's media introduction says videos of at most 512 MB; this file has 600000000 bytes (X's best-practices page says 8 GB by default, 16 GB for Premium / verified accounts)"}},
		{"twitter", Facts{Kind: KindImage, Format: "png", Bytes: 5242881, Width: 100, Height: 100},
			[]string{"twitter.image.max_bytes: X takes images of at most 5 MiB (5242880 bytes); this file has 5242881 bytes"}, nil},
		{"facebook", Facts{Kind: KindImage, Format: "jpeg", Bytes: 5 * MB, Width: 100, Height: 100}, nil,
			[]string{"facebook.image.strict_bytes: Meta's photo upload error says images of at most 4 MB; this file has 5000000 bytes (Meta's Page Stories page says 10 MB)"}},
		{"bluesky", Facts{Kind: KindImage, Format: "jpeg", Bytes: 2998293, Width: 100, Height: 100}, []string{"bluesky.image.max_bytes: Bluesky takes images of at most 2 MB; this file has 2998293 bytes"}, nil},
		{"youtube", Facts{Kind: KindImage, Format: "png", Bytes: 100, Width: 1, Height: 1}, []string{"youtube.file.kind: YouTube takes videos; this file is an image"}, nil},
		{"instagram", with(video, func(f *Facts) {
			f.FrameRate = 30
			f.Faststart = false
			f.EditList = true
			f.Width = 1440
			f.Height = 1080
		}),
			[]string{"instagram.video.faststart: Instagram takes videos with the moov atom at the front (fast start); this one has it after the media data (remux with -movflags +faststart)",
				"instagram.video.edit_list: Instagram takes videos without edit lists; this one has an edit list"}, nil},
		{"googlebusiness", Facts{Kind: KindImage, Format: "jpeg", Bytes: 50 * kB, Width: 400, Height: 400}, nil, []string{"googlebusiness.image.recommended_pixels: Google Business Profile takes images of at least 720 px per side; this one is 400x400"}},
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

// TestJudgeUnknownFacts: a rule that needs a fact the file does not state says so, as a
// warning under its own id, instead of passing in silence; the warning of a pair leaves
// it to its error rule.
func TestJudgeUnknownFacts(t *testing.T) {
	tests := []struct {
		why      string
		platform rules.Platform
		f        Facts
		warnings []string // "rule: message"
	}{
		{"a live WebM states no duration", "twitter", with(fitVideo, func(f *Facts) { f.Duration = 0 }),
			[]string{"twitter.video.duration: X's video duration rule could not be checked: the file does not state its duration"}},
		{"no frame rate", "instagram", with(fitVideo, func(f *Facts) { f.FrameRate = 0 }),
			[]string{"instagram.video.frame_rate: Instagram's video frame rate rule could not be checked: the file does not state its frame rate"}},
		{"AAC of no stated rate", "threads", with(fitVideo, func(f *Facts) { f.AudioSampleRate = 0 }),
			[]string{"threads.video.audio: Threads' video audio rule could not be checked: the file does not state its audio sample rate"}},
		{"AAC of no stated channels", "instagram", with(fitVideo, func(f *Facts) { f.AudioChannels = 0 }),
			[]string{"instagram.video.audio: Instagram's video audio rule could not be checked: the file does not state its audio channel count"}},
		{"no sound: the rate is not needed", "instagram", with(fitVideo, func(f *Facts) { f.AudioCodec, f.AudioSampleRate, f.AudioChannels = "none", 0, 0 }), nil},
		{"a codec the rule refuses needs no rate: an error, no warning", "twitter", with(fitVideo, func(f *Facts) { f.AudioCodec, f.AudioSampleRate = "opus", 0 }), nil},
		{"no audio codec given", "twitter", with(fitVideo, func(f *Facts) { f.AudioCodec = "" }),
			[]string{"twitter.video.audio: X's video audio rule could not be checked: the file does not state whether it has sound, nor in what codec"}},
		{"no video codec given", "tiktok", with(fitVideo, func(f *Facts) { f.VideoCodec = "" }),
			[]string{"tiktok.video.codec: TikTok's video codec rule could not be checked: the file does not state its video codec"}},
		{"no size: every pixel rule says so", "tiktok", with(fitVideo, func(f *Facts) { f.Width, f.Height = 0, 0 }),
			[]string{"tiktok.video.pixels: TikTok's video pixels rule could not be checked: the file does not state its width and height"}},
		{"a PPTX without docProps/app.xml", "linkedin", with(fitDoc, func(f *Facts) { f.Format, f.Pages = "pptx", 0 }),
			[]string{"linkedin.document.pages: LinkedIn's document pages rule could not be checked: the file does not state its page count"}},
		{"a GIF of no frame count", "linkedin", with(fitGIF, func(f *Facts) { f.Frames = 0 }),
			[]string{"linkedin.image.gif_frames: LinkedIn's image GIF frames rule could not be checked: the file does not state its frame count"}},
		{"a GIF of no stated size or frames", "twitter", with(fitGIF, func(f *Facts) { f.Width, f.Height, f.Frames = 0, 0, 0 }),
			[]string{"twitter.image.pixels: X's image pixels rule could not be checked: the file does not state its width and height",
				"twitter.gif.pixels: X's GIF pixels rule could not be checked: the file does not state its width and height",
				"twitter.gif.frames: X's GIF frames rule could not be checked: the file does not state its frame count",
				"twitter.gif.total_pixels: X's GIF total pixels rule could not be checked: the file does not state its width and height"}},
		{"a GIF of no stated frames", "twitter", with(fitGIF, func(f *Facts) { f.Frames = 0 }),
			[]string{"twitter.gif.frames: X's GIF frames rule could not be checked: the file does not state its frame count",
				"twitter.gif.total_pixels: X's GIF total pixels rule could not be checked: the file does not state its frame count"}},
		{"a photo of no stated size", "tiktok", with(fitImage, func(f *Facts) { f.Width, f.Height = 0, 0 }),
			[]string{"tiktok.image.pixels: TikTok's image pixels rule could not be checked: the file does not state its width and height"}},
		{"no duration on YouTube: the pair warns once", "youtube", with(fitVideo, func(f *Facts) { f.Duration = 0 }),
			[]string{"youtube.video.duration: YouTube's video duration rule could not be checked: the file does not state its duration"}},
	}
	for _, tt := range tests {
		problems, warnings := Judge(tt.platform, tt.f)
		if tt.why == "a codec the rule refuses needs no rate: an error, no warning" {
			if got := ids(problems); !slices.Equal(got, []string{"twitter.video.audio"}) {
				t.Errorf("%s: problems %q", tt.why, got)
			}
		} else if len(problems) != 0 {
			t.Errorf("%s: problems %q", tt.why, words(problems))
		}
		if got := words(warnings); strings.Join(got, "\n") != strings.Join(tt.warnings, "\n") {
			t.Errorf("%s:\n got %q\nwant %q", tt.why, got, tt.warnings)
		}
	}
}

// TestJudgeUnread: every entry of Facts.Unread is a warning of each platform judged.
func TestJudgeUnread(t *testing.T) {
	f := with(fitImage, func(f *Facts) {
		f.Unread = []string{"the EXIF segment at byte 20 is damaged", "37 bytes after the last box"}
	})
	for _, p := range rules.Platforms() {
		_, warnings := Judge(p, f)
		var got []string
		for _, w := range warnings {
			if w.Rule == string(p)+".file.unread" {
				got = append(got, w.Message)
			}
		}
		want := []string{possessive(p.DisplayName()) + " rules could not use part of this file: the EXIF segment at byte 20 is damaged",
			possessive(p.DisplayName()) + " rules could not use part of this file: 37 bytes after the last box"}
		if !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q", p, got, want)
		}
	}
	if _, warnings := Judge("twitter", fitImage); len(warnings) != 0 {
		t.Errorf("nothing unread, yet %q", words(warnings))
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
	// A pair never speaks twice: for any size, at most one of X's video size rules fires,
	// the error exactly past 16 GiB, the warning exactly past 512 MB up to it.
	p.Property("X's video size pair: error past 16 GiB, warning past 512 MB, never both", prop.ForAll(
		func(n int64) bool {
			f := with(fitVideo, func(f *Facts) { f.Bytes = n })
			problems, warnings := Judge("twitter", f)
			err := slices.Contains(ids(problems), "twitter.video.max_bytes")
			w := slices.Contains(ids(warnings), "twitter.video.strict_bytes")
			return err == (n > 16*GiB) && w == (n > 512*MB && n <= 16*GiB)
		},
		gen.Int64Range(1, 20*GB),
	))
	p.TestingRun(t)
}

// TestJudgeAllocs: judging a file that fits allocates nothing (a composer judges on every
// pick, a server on every request), whatever the platform.
func TestJudgeAllocs(t *testing.T) {
	checked := 0
	for _, p := range rules.Platforms() {
		for _, f := range []Facts{fitVideo, fitImage, fitGIF, fitDoc} {
			if problems, warnings := Judge(p, f); len(problems)+len(warnings) > 0 {
				continue // a platform that does not take the kind: its problems are the answer
			}
			checked++
			if n := testing.AllocsPerRun(100, func() { Judge(p, f) }); n != 0 {
				t.Errorf("%s %s: %v allocations for a file that fits", p, f.Kind, n)
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d platform and file pairs fit; the fitting facts no longer fit", checked)
	}
}
