package remedy

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/media"
)

// needFFmpeg fails the test when ffmpeg is missing, as the probe's comparison with
// ffprobe does (rules/media/ffprobe_test.go): the plans are proven by running them, and
// .ci/deps installs Debian's ffmpeg.
func needFFmpeg(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Fatalf("ffmpeg is not installed: the plans are proven by running them; install it with apt-get install ffmpeg")
	}
}

func ffmpeg(t *testing.T, args ...string) {
	t.Helper()
	cmd := exec.Command("ffmpeg", append([]string{"-hide_banner", "-nostdin", "-v", "error", "-y"}, args...)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

func probeFile(t *testing.T, path string) (media.Facts, error) {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		t.Fatal(err)
	}
	return media.Probe(fh, st.Size())
}

// outcome is what running one plan gave.
type outcome struct {
	file     string
	platform rules.Platform
	plan     Plan
	err      string // "" when the output fits
}

// runPlan runs pl on in with ffmpeg (argv, no shell) and judges the output.
func runPlan(t *testing.T, dir, in string, pl Plan) outcome {
	t.Helper()
	o := outcome{file: filepath.Base(in), platform: pl.Platform, plan: pl}
	out := filepath.Join(dir, fmt.Sprintf("%s.%s.%s%s", filepath.Base(in), pl.Platform, pl.Action, pl.Ext))
	argv := pl.Argv(in, out)
	argv = slices.Insert(argv, 1, "-v", "error")
	res, err := exec.Command(argv[0], argv[1:]...).CombinedOutput()
	if err != nil {
		o.err = fmt.Sprintf("ffmpeg failed: %v: %s", err, firstLine(string(res)))
		return o
	}
	f, err := probeFile(t, out)
	if err != nil {
		o.err = "the output does not probe: " + err.Error()
		return o
	}
	if problems, _ := media.Judge(pl.Platform, f); len(problems) > 0 {
		o.err = "the output still breaks: " + messages(problems)
	}
	return o
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// breaker is a generated file that breaks some platform's rules on purpose.
type breaker struct {
	name string
	args []string       // ffmpeg's arguments before the output name
	why  string         // the rules it is made to break
	only rules.Platform // the one platform to run its plan for ("" : all), where the others' would take long
}

// breakers are small files, each made to break a class of media rules somewhere: a few
// seconds of 16 to 64 px test pattern, so the whole set is made and fixed in seconds.
// What cannot be made small (a video over a cap of hundreds of MB, a video of 10 to 15
// minutes at 360 px) is proven by the bitrate and trim arithmetic in remedy_test.go
// instead; a five-minute clip of 32 px (Threads' cap) is run for real.
func breakers() []breaker {
	v := func(size, rate string) []string {
		return []string{"-f", "lavfi", "-i", "testsrc=size=" + size + ":rate=" + rate}
	}
	a := func(rate, layout string) []string {
		return []string{"-f", "lavfi", "-i", "sine=f=440:sample_rate=" + rate, "-af", "aformat=channel_layouts=" + layout}
	}
	x264 := []string{"-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast"}
	cat := func(parts ...[]string) []string { return slices.Concat(parts...) }
	aac := []string{"-c:a", "aac", "-b:a", "64k"}
	return []breaker{
		{"moov-at-end.mp4", cat(v("400x400", "30"), a("44100", "stereo"), []string{"-t", "4"}, x264, aac), "faststart; LinkedIn's 75 KB floor", ""},
		{"slow-10fps.mp4", cat(v("400x400", "10"), []string{"-t", "4"}, x264, []string{"-movflags", "+faststart"}), "frame rate under 23", ""},
		{"fast-90fps.mp4", cat(v("400x400", "90"), []string{"-t", "4"}, x264, []string{"-movflags", "+faststart"}), "frame rate over 60", ""},
		{"wide-4to1.mp4", cat(v("1440x360", "30"), []string{"-t", "4"}, x264, []string{"-movflags", "+faststart"}), "aspect ratio past 3:1, 2.4:1, 1.91:1", ""},
		{"tall-1to4.mp4", cat(v("360x1440", "30"), []string{"-t", "4"}, x264, []string{"-movflags", "+faststart"}), "aspect ratio past 1:3, 1:2", ""},
		{"short-1s.mp4", cat(v("400x400", "30"), a("48000", "mono"), []string{"-t", "1"}, x264, aac, []string{"-movflags", "+faststart"}), "duration under 3 s and 4 s", ""},
		{"tiny-32x18.mp4", cat(v("32x18", "30"), []string{"-t", "4"}, x264, []string{"-movflags", "+faststart"}), "pixels under 32 and 360 per side", ""},
		{"wide-2000.mp4", cat(v("2000x1000", "30"), []string{"-t", "4"}, x264, []string{"-movflags", "+faststart"}), "width over 1920", ""},
		{"audio-96k-6ch.mp4", cat(v("400x400", "30"), a("96000", "5.1"), []string{"-t", "4"}, x264, aac, []string{"-movflags", "+faststart"}), "audio over 48 kHz and 2 channels", ""},
		{"audio-mp3.mov", cat(v("400x400", "30"), a("44100", "stereo"), []string{"-t", "4"}, x264, []string{"-c:a", "libmp3lame", "-movflags", "+faststart"}), "audio not AAC", ""},
		{"vp9-opus.webm", cat(v("400x400", "30"), a("48000", "stereo"), []string{"-t", "4", "-pix_fmt", "yuv420p", "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-c:a", "libopus"}), "container WebM, codec VP9", ""},
		{"anamorphic.mp4", cat(v("400x400", "30"), []string{"-t", "4", "-vf", "setsar=4/3"}, x264, []string{"-movflags", "+faststart"}), "non-square pixels", ""},
		{"five-minutes.mp4", cat(v("32x32", "24"), []string{"-t", "301"}, x264, []string{"-crf", "51", "-movflags", "+faststart"}), "duration over Threads' 5 min", "threads"},
		{"edit-list.mp4", []string{"-itsoffset", "0.5", "-i", "{dir}/slow-10fps.mp4", "-c", "copy", "-movflags", "+faststart"}, "an edit list that delays the start", ""},
		{"mpeg4.mkv", cat(v("400x400", "30"), []string{"-t", "4", "-c:v", "mpeg4"}), "container Matroska, codec MPEG-4 Part 2", ""},
		{"wide-11to1.mp4", cat(v("1210x110", "30"), []string{"-t", "4"}, x264, []string{"-movflags", "+faststart"}), "aspect ratio past 10:1", ""},
		{"picture.avif", cat(v("64x64", "1"), []string{"-frames:v", "1", "-c:v", "libaom-av1", "-cpu-used", "8", "-still-picture", "1"}), "AVIF where it is not taken", ""},
		{"picture.png", cat(v("600x600", "1"), []string{"-frames:v", "1"}), "PNG where JPEG is asked", ""},
		{"picture.webp", cat(v("600x600", "1"), []string{"-frames:v", "1"}), "WebP where JPEG or PNG is asked", ""},
		{"picture.bmp", cat(v("600x600", "1"), []string{"-frames:v", "1"}), "BMP where it is not taken", ""},
		{"wide-3to1.jpg", cat(v("1200x400", "1"), []string{"-frames:v", "1"}), "image aspect past 1.91:1", ""},
		{"tall-1to11.jpg", cat(v("100x1100", "1"), []string{"-frames:v", "1"}), "image aspect past 1:10 and 4:5", ""},
		{"big-1200.jpg", cat(v("1200x1200", "1"), []string{"-frames:v", "1"}), "TikTok's 1080 px shorter side", ""},
		{"huge-8200.jpg", cat(v("8200x300", "1"), []string{"-frames:v", "1"}), "X's 8192 px per side", ""},
		{"many-pixels.png", cat(v("6100x6000", "1"), []string{"-frames:v", "1"}), "LinkedIn's 36,152,320 pixels", ""},
		{"small-100.jpg", cat(v("100x100", "1"), []string{"-frames:v", "1"}), "Google's 250 px and 10 KB", ""},
		{"noise-22mb.png", []string{"-f", "rawvideo", "-pix_fmt", "rgb24", "-s", noiseSize, "-i", "{dir}/noise.rgb", "-frames:v", "1"}, "image over 2, 5, 8, 10 and 20 MB and 5 MiB", ""},
		{"frames-400.gif", cat(v("64x36", "25"), []string{"-t", "16"}), "GIF over 350 and 250 frames; GIF where only video is taken", ""},
		{"gif-1400.gif", cat(v("1400x200", "2"), []string{"-t", "2"}), "GIF over 1280 px", ""},
	}
}

// TestPlansRunWithFFmpeg proves every plan by running it: for every generated breaker
// and every platform that refuses it, the plan's ffmpeg command (Debian's ffmpeg) must
// write a file that the probe reads and that platform's rules take. Aspect plans are run
// both ways (crop and pad).
func TestPlansRunWithFFmpeg(t *testing.T) {
	needFFmpeg(t)
	dir := t.TempDir()
	writeNoise(t, filepath.Join(dir, "noise.rgb"))
	var results []outcome
	fixed := map[string]bool{}
	for _, br := range breakers() {
		in := filepath.Join(dir, br.name)
		args := slices.Clone(br.args)
		for i := range args {
			args[i] = strings.ReplaceAll(args[i], "{dir}", dir)
		}
		ffmpeg(t, append(args, in)...)
		f, err := probeFile(t, in)
		if err != nil {
			t.Fatalf("%s: %v", br.name, err)
		}
		refused := 0
		for _, p := range rules.Platforms() {
			if br.only != "" && p != br.only {
				continue
			}
			for _, mode := range []string{AspectAuto, AspectCrop, AspectPad} {
				pl := For(f, p, Options{Aspect: mode})
				if pl.Action == ActionFits || pl.Action == ActionNone {
					if pl.Action == ActionNone && mode == AspectAuto {
						refused++
						t.Logf("%s for %s: no plan: %s", br.name, p, pl.Why)
					}
					break
				}
				if mode == AspectAuto {
					refused++
				}
				o := runPlan(t, dir, in, pl)
				results = append(results, o)
				if o.err != "" {
					t.Errorf("%s (%s) for %s, aspect %q: %s\n  %s", br.name, br.why, p, mode, o.err, pl.Command(in, "OUT"+pl.Ext))
					continue
				}
				for _, id := range pl.Fixes {
					fixed[id] = true
				}
				if !slices.Contains(pl.Fixes, string(p)+".video.aspect_ratio") && !slices.Contains(pl.Fixes, string(p)+".image.aspect_ratio") {
					break // crop and pad are the same plan
				}
			}
		}
		if refused == 0 {
			t.Errorf("%s (%s) fits every platform: it breaks nothing", br.name, br.why)
		}
	}
	ok := 0
	for _, o := range results {
		if o.err == "" {
			ok++
		}
	}
	t.Logf("%d plans run, %d fit", len(results), ok)
	// Every error rule a plan can mend is mended by at least one plan here, or named
	// with the arithmetic test that proves it.
	byArithmetic := map[string]string{}
	for _, r := range media.Rules() {
		if strings.HasSuffix(r.ID, ".video.max_bytes") || strings.HasSuffix(r.ID, ".video.duration") {
			byArithmetic[r.ID] = "TestBitrateUnderCap / TestTrimArithmetic"
		}
		if strings.HasSuffix(r.ID, ".gif.total_pixels") {
			byArithmetic[r.ID] = "TestPlanFacts (a GIF of 300 million pixels takes minutes to make)"
		}
	}
	var missing []string
	for _, r := range media.Rules() {
		c := classOf(r.ID)
		if r.Severity != rules.SeverityError || c == classOther || c == classPages || fixed[r.ID] || byArithmetic[r.ID] != "" {
			continue
		}
		if c == classFormat && !formatBreakable(r) {
			continue // every format the probe names is taken (Bluesky's image/*)
		}
		if strings.Contains(r.ID, ".document.") || c == classKind {
			continue // no remedy (documents), or a kind only a GIF's conversion mends
		}
		missing = append(missing, r.ID)
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("error rules no generated file's plan mended (add a breaker): %s", strings.Join(missing, ", "))
	}
}

// formatBreakable says whether some format the probe names breaks the format rule r.
func formatBreakable(r media.Rule) bool {
	kind, formats := media.KindImage, []string{"jpeg", "png", "gif", "webp", "heic", "avif", "heif", "bmp", "tiff"}
	if strings.Contains(r.ID, ".video.") {
		kind, formats = media.KindVideo, []string{"mp4", "mov", "webm", "mkv"}
	}
	for _, f := range formats {
		problems, _ := media.Judge(r.Platform, media.Facts{Kind: kind, Format: f, Width: 100, Height: 100})
		for _, p := range problems {
			if p.Rule == r.ID {
				return true
			}
		}
	}
	return false
}

// noiseSize is the picture of noise.rgb: 21,840,000 bytes of RGB that no PNG compresses.
const noiseSize = "2800x2600"

// writeNoise writes noiseSize pixels of seeded pseudo-random RGB: the worst case of a
// still's size (lavfi's geq noise compresses to half).
func writeNoise(t *testing.T, path string) {
	t.Helper()
	b := make([]byte, 2800*2600*3)
	r := rand.New(rand.NewPCG(35, 3))
	for i := 0; i+8 <= len(b); i += 8 {
		binary.LittleEndian.PutUint64(b[i:], r.Uint64())
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
}
