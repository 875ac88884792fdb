package remedy

import (
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/media"
)

// argAfter is the argument after flag in argv, "" when flag is absent.
func argAfter(argv []string, flag string) string {
	i := slices.Index(argv, flag)
	if i < 0 || i+1 >= len(argv) {
		return ""
	}
	return argv[i+1]
}

// aacVideo is a video that fits every video rule of every platform but the one a case
// breaks: 1080x1920 at 30 fps, H.264 and AAC, 60 s, 20 MB, fast start.
func aacVideo() media.Facts {
	return media.Facts{Kind: media.KindVideo, Format: "mp4", MIME: "video/mp4", Bytes: 20_000_000, Width: 1080, Height: 1920,
		Duration: 60, FrameRate: 30, VideoCodec: "h264", VideoProfile: "High", AudioCodec: "aac", AudioSampleRate: 48000, AudioChannels: 2, Faststart: true}
}

// capOf is the platform's size cap for files like f, found by the package's own
// bisection: the tests check plans against it, not against a figure of their own.
func capOf(t *testing.T, p rules.Platform, f media.Facts) int64 {
	t.Helper()
	_, hi := byteCap(p, f)
	return hi
}

// TestBitrateUnderCap checks the size arithmetic against every platform's video size
// cap: a video of each duration over the cap gets a plan whose bitrates, at their worst
// (the VBV bound), stay under the cap less the margin, without wasting more than a
// tenth of it. A real file of hundreds of MB is not made for this: the arithmetic is
// the whole of what the plan decides about size, and TestPlansRunWithFFmpeg runs
// x264 under the same VBV bound.
func TestBitrateUnderCap(t *testing.T) {
	for _, p := range rules.Platforms() {
		if !takes(p, media.KindVideo) {
			continue
		}
		cap := capOf(t, p, aacVideo())
		if cap == 0 {
			continue // no size cap (YouTube's is 256 GiB: it has one; Facebook's is a warning)
		}
		for _, dur := range []float64{4, 60, 299, 599} {
			f := aacVideo()
			f.Duration, f.Bytes = dur, cap+1
			pl := For(f, p, Options{})
			if pl.Action == ActionNone {
				// Only when even the lowest rates do not fit the cap.
				if _, _, ok := underCap(cap, dur, true); ok {
					t.Errorf("%s, %g s over %d bytes: no plan (%s)", p, dur, cap, pl.Why)
				}
				continue
			}
			argv := pl.Argv("in.mp4", "out.mp4")
			v, err1 := strconv.ParseInt(argAfter(argv, "-b:v"), 10, 64)
			a, err2 := strconv.ParseInt(argAfter(argv, "-b:a"), 10, 64)
			if err1 != nil || err2 != nil || argAfter(argv, "-maxrate") != argAfter(argv, "-b:v") || argAfter(argv, "-bufsize") != argAfter(argv, "-b:v") {
				t.Errorf("%s, %g s: no bounded bitrate in %q", p, dur, argv)
				continue
			}
			bound := boundBytes(v, a, pl.Expect.Duration) // trimmed first where the platform's duration asks
			if bound > float64(cap)*(1-SizeMargin) || bound < float64(cap)*(1-SizeMargin)*0.99 {
				t.Errorf("%s, %g s: at most %.0f bytes, want just under %.0f (cap %d less %.0f%%)", p, dur, bound, float64(cap)*(1-SizeMargin), cap, SizeMargin*100)
			}
			if e, _ := media.Judge(p, pl.Expect); len(e) > 0 {
				t.Errorf("%s: the expected facts break %v", p, e)
			}
		}
	}
	// Cases that say why they exist.
	for _, c := range []struct {
		why      string
		cap      int64
		duration float64
		audio    bool
		ok       bool
	}{
		{"a minute under 300 MB: megabits to spare", 300_000_000, 60, true, true},
		{"15 minutes under 300 MB (Instagram): about 2.4 Mbit/s", 300_000_000, 900, true, true},
		{"10 minutes under 2 MB: under the lowest worthwhile rate", 2_000_000, 600, true, false},
		{"silent video gives audio's share to the picture", 1_000_000, 10, false, true},
		{"an unknown duration has no rate", 1_000_000, 0, true, false},
	} {
		v, a, ok := underCap(c.cap, c.duration, c.audio)
		if ok != c.ok {
			t.Errorf("%s: ok %v", c.why, ok)
			continue
		}
		if ok && boundBytes(v, a, c.duration) > float64(c.cap)*(1-SizeMargin) {
			t.Errorf("%s: %d+%d bit/s exceed the cap", c.why, v, a)
		}
		if ok && !c.audio && a != 0 {
			t.Errorf("%s: audio rate %d for a silent video", c.why, a)
		}
	}
}

// TestTrimArithmetic checks every platform's duration range: a video past its longest
// is trimmed (-t) to within a second under it, one under its shortest is held to just
// over it, and the facts the plan expects fit.
func TestTrimArithmetic(t *testing.T) {
	for _, p := range rules.Platforms() {
		if !takes(p, media.KindVideo) {
			continue
		}
		passes := func(d float64) bool { f := aacVideo(); f.Duration = d; return !breaks(p, f, classDuration) }
		if !passes(1e7) {
			longest := edge(passes, 1e7, 60, 1e-3)
			f := aacVideo()
			f.Duration, f.Bytes = longest*2, 1_000_000
			pl := For(f, p, Options{})
			tv, err := strconv.ParseFloat(argAfter(pl.Argv("in", "out.mp4"), "-t"), 64)
			if err != nil || tv > longest || tv < longest-1 || !passes(tv) {
				t.Errorf("%s: longest %g s, plan trims to %q (%s)", p, longest, argAfter(pl.Argv("in", "out.mp4"), "-t"), pl.Why)
			}
		}
		if !passes(0.01) {
			shortest := edge(passes, 0.01, 60, 1e-3)
			f := aacVideo()
			f.Duration = shortest / 2
			pl := For(f, p, Options{})
			argv := pl.Argv("in", "out.mp4")
			tv, err := strconv.ParseFloat(argAfter(argv, "-t"), 64)
			if err != nil || tv < shortest || tv > shortest+1 || !strings.Contains(argAfter(argv, "-vf"), "tpad=stop_mode=clone") {
				t.Errorf("%s: shortest %g s, plan %q", p, shortest, argv)
			}
		}
	}
}

// TestPlans: cases of each kind of plan and of no remedy, each saying why it exists.
func TestPlans(t *testing.T) {
	video := aacVideo()
	moovLast := video
	moovLast.Faststart = false
	edits := video
	edits.EditList = true
	wide := video
	wide.Width, wide.Height = 1440, 360 // 4:1
	wideish := video
	wideish.Width, wideish.Height = 1320, 400 // 3.3:1
	encrypted := moovLast
	encrypted.Encrypted = true
	doc := media.Facts{Kind: media.KindDocument, Format: "pdf", Bytes: 1000, Pages: 301}
	png := media.Facts{Kind: media.KindImage, Format: "png", Bytes: 100_000, Width: 1080, Height: 1080}
	rotated := media.Facts{Kind: media.KindImage, Format: "png", Bytes: 100_000, Width: 1080, Height: 1080, Rotation: 90}
	still := media.Facts{Kind: media.KindGIF, Format: "gif", Bytes: 100_000, Width: 1080, Height: 1080, Frames: 1}
	wideGIF := media.Facts{Kind: media.KindGIF, Format: "gif", Bytes: 100_000, Width: 1400, Height: 200, Frames: 1}
	smallPNG := media.Facts{Kind: media.KindImage, Format: "png", Bytes: 900, Width: 100, Height: 100}
	for _, c := range []struct {
		why      string
		f        media.Facts
		p        rules.Platform
		opt      Options
		action   string
		has, not []string // arguments (or the Why's words, for none) the plan has and has not
	}{
		{"a fitting file needs nothing", video, "instagram", Options{}, ActionFits, nil, nil},
		{"moov at the end is a remux", moovLast, "instagram", Options{}, ActionRemux, []string{"copy", "+faststart"}, []string{"libx264"}},
		{"an edit list is a remux that writes none", edits, "threads", Options{}, ActionRemux, []string{"copy", "-use_editlist"}, []string{"libx264"}},
		{"a video for Google Business has no remedy", video, "googlebusiness", Options{}, ActionNone, []string{"takes images"}, nil},
		{"a photo for YouTube has no remedy", png, "youtube", Options{}, ActionNone, []string{"takes videos"}, nil},
		{"an encrypted video has no remedy: ffmpeg cannot decode it, and a remux would keep it encrypted", encrypted, "instagram", Options{}, ActionNone, []string{"encrypted", "without the key"}, nil},
		{"a document past its page count has no remedy", doc, "linkedin", Options{}, ActionNone, []string{"300 pages"}, nil},
		{"a PNG for Instagram is a JPEG", png, "instagram", Options{}, ActionEncode, []string{"mjpeg", "-frames:v"}, nil},
		{"a rotated photo is turned by the plan, not by ffmpeg's autorotation", rotated, "instagram", Options{}, ActionEncode, []string{"-noautorotate", "transpose=clock", "mjpeg"}, nil},
		{"a one-frame GIF for Instagram is a JPEG", still, "instagram", Options{}, ActionEncode, []string{"mjpeg"}, nil},
		{"a one-frame GIF past X's GIF pixels stays a GIF, scaled", wideGIF, "twitter", Options{}, ActionEncode, []string{"scale=1280:183", "out.gif"}, []string{"mjpeg"}},
		{"a small PNG for Google is stored uncompressed to reach 10 KB", smallPNG, "googlebusiness", Options{}, ActionEncode, []string{"-compression_level 0", "scale=250:250", "out.png"}, []string{"mjpeg"}},
		{"4:1 for X: cropping would cut a quarter, so pad", wide, "twitter", Options{}, ActionEncode, []string{"pad="}, []string{"crop="}},
		{"4:1 for X, crop asked", wide, "twitter", Options{Aspect: AspectCrop}, ActionEncode, []string{"crop=1080:360"}, []string{"pad="}},
		{"3.3:1 for X: cropping cuts a tenth, so crop", wideish, "twitter", Options{}, ActionEncode, []string{"crop="}, []string{"pad="}},
		{"3.3:1 for X, pad asked", wideish, "twitter", Options{Aspect: AspectPad}, ActionEncode, []string{"pad="}, []string{"crop="}},
	} {
		pl := For(c.f, c.p, c.opt)
		if pl.Action != c.action {
			t.Errorf("%s: action %s (%s), want %s", c.why, pl.Action, pl.Why, c.action)
			continue
		}
		text := pl.Why
		if pl.Action != ActionNone {
			text = strings.Join(pl.Argv("in", "out"+pl.Ext), " ")
		}
		for _, s := range c.has {
			if !strings.Contains(text, s) {
				t.Errorf("%s: %q lacks %q", c.why, text, s)
			}
		}
		for _, s := range c.not {
			if strings.Contains(text, s) {
				t.Errorf("%s: %q has %q", c.why, text, s)
			}
		}
		if c.opt.Aspect == AspectAuto && (strings.Contains(text, "pad=") || strings.Contains(text, "crop=")) && !strings.Contains(strings.Join(pl.Steps, " "), "chosen:") {
			t.Errorf("%s: the steps do not say why crop or pad was chosen: %q", c.why, pl.Steps)
		}
	}
	// A 300-megapixel GIF for X posts as a video that fits.
	gif := media.Facts{Kind: media.KindGIF, Format: "gif", Bytes: 10_000_000, Width: 1280, Height: 1080, Frames: 300, Duration: 10}
	if pl := For(gif, "twitter", Options{}); pl.Action != ActionEncode || pl.Expect.Kind != media.KindVideo {
		t.Errorf("a GIF over X's 300 million pixels: %s %s", pl.Action, pl.Why)
	}
}

// TestPlanFacts is the property every plan keeps: For never panics, says fits exactly
// when Judge finds no problem, and a plan it offers expects facts Judge takes.
func TestPlanFacts(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 300
	props := gopter.NewProperties(params)
	platforms := rules.Platforms()
	props.Property("plans expect facts that fit", prop.ForAll(
		func(kind, format, vcodec, acodec string, w, h, rate, ch int, dur, fps float64, bytes int64, start, edits bool, pi int) bool {
			f := media.Facts{Kind: kind, Format: format, Width: w, Height: h, Duration: dur, FrameRate: fps, Bytes: bytes}
			if kind == media.KindVideo {
				f.VideoCodec, f.AudioCodec, f.AudioSampleRate, f.AudioChannels, f.Faststart, f.EditList = vcodec, acodec, rate, ch, start, edits
			}
			p := platforms[pi%len(platforms)]
			pl := For(f, p, Options{})
			problems, _ := media.Judge(p, f)
			if (pl.Action == ActionFits) != (len(problems) == 0) {
				return false
			}
			if pl.Action == ActionRemux || pl.Action == ActionEncode {
				left, _ := media.Judge(p, pl.Expect)
				return len(left) == 0 && pl.Ext != ""
			}
			return true
		},
		gen.OneConstOf(media.KindImage, media.KindVideo),
		gen.OneConstOf("jpeg", "png", "webp", "bmp", "mp4", "mov", "webm", "mkv"),
		gen.OneConstOf("h264", "hevc", "vp9", "av1"),
		gen.OneConstOf("aac", "opus", "none", "mp3"),
		gen.IntRange(1, 9000), gen.IntRange(1, 9000),
		gen.OneConstOf(8000, 44100, 48000, 96000), gen.IntRange(1, 8),
		gen.Float64Range(0.1, 5000), gen.Float64Range(1, 120),
		gen.Int64Range(1, 1<<34),
		gen.Bool(), gen.Bool(), gen.IntRange(0, 9),
	))
	props.TestingRun(t)
}

// TestShellQuote checks that a POSIX shell reads every quoted word back as it was.
func TestShellQuote(t *testing.T) {
	words := []string{"", "plain.mp4", "it's", "a b", "$HOME", "`x`", "\"q\"", "a\\b", "new\nline", "*.mp4", "-x", "fps=30,scale=1:2", "(ow-iw)/2", "é"}
	for _, w := range words {
		q := ShellQuote(w)
		out, err := exec.Command("sh", "-c", "printf '%s' "+q).Output()
		if err != nil {
			t.Fatalf("sh: %v", err)
		}
		if string(out) != w {
			t.Errorf("ShellQuote(%q) = %s, which the shell reads as %q", w, q, out)
		}
	}
	if q := ShellQuote("scale=2:2"); q != "scale=2:2" {
		t.Errorf("a safe word is quoted: %s", q)
	}
}

// TestFFmpegPath: a name ffmpeg would read as an option or a protocol is given with the
// file: protocol.
func TestFFmpegPath(t *testing.T) {
	for in, want := range map[string]string{
		"a.mp4":       "a.mp4",
		"-x.mp4":      "file:./-x.mp4",
		"http:x.mp4":  "file:./http:x.mp4",
		"/d/a:b.mp4":  "file:/d/a:b.mp4",
		"dir/a b.mp4": "dir/a b.mp4",
	} {
		if got := ffmpegPath(in); got != want {
			t.Errorf("ffmpegPath(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestCommandFor: the output is named after the input and the platform, beside the input
// or in the directory asked for, and the argv reads and writes those names.
func TestCommandFor(t *testing.T) {
	moovLast := aacVideo()
	moovLast.Faststart = false
	for _, c := range []struct {
		why, in, dir, output string
	}{
		{"beside the input", "clips/a.mp4", "", "clips/a.instagram.mp4"},
		{"in the directory asked for", "clips/a.mp4", "out", "out/a.instagram.mp4"},
		{"a name ffmpeg would take for an option", "-a.mp4", "", "-a.instagram.mp4"},
	} {
		got := CommandFor(c.in, c.dir, moovLast, "instagram", Options{})
		if got.Output != c.output {
			t.Errorf("%s: output %q, want %q", c.why, got.Output, c.output)
		}
		if n := len(got.Argv); n < 2 || got.Argv[n-1] != ffmpegPath(c.output) || !slices.Contains(got.Argv, ffmpegPath(c.in)) {
			t.Errorf("%s: argv %q does not read %q and write %q", c.why, got.Argv, c.in, c.output)
		}
	}
	if fits := CommandFor("a.mp4", "", aacVideo(), "instagram", Options{}); fits.Argv != nil || fits.Output != "" {
		t.Errorf("a fitting file has a command: %+v", fits)
	}
}
