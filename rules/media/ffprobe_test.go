package media

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestAgainstFFprobe makes a corpus with Debian's ffmpeg (tiny pictures, so it takes
// seconds) and compares every fact the probe gives with what ffprobe, an independent
// reader, says of the same file. Without ffmpeg it fails: install it
// (apt-get install ffmpeg); .ci/run does.
func TestAgainstFFprobe(t *testing.T) {
	for _, tool := range []string{"ffmpeg", "ffprobe"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is not installed: the probe is checked against it; install it with apt-get install ffmpeg", tool)
		}
	}
	dir := t.TempDir()
	start := time.Now()
	corpus := makeCorpus(t, dir)
	t.Logf("made %d files in %v", len(corpus), time.Since(start).Round(time.Millisecond))
	for _, c := range corpus {
		path := filepath.Join(dir, c.name)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, perr, _ := probeBytes(t, b)
		if c.wantCode != "" {
			if perr == nil || string(perr.Code) != c.wantCode {
				t.Errorf("%s: got %v, want %s", c.name, perr, c.wantCode)
			}
			continue
		}
		if perr != nil {
			t.Errorf("%s: %v", c.name, perr)
			continue
		}
		compareWithFFprobe(t, c, path, f)
	}
}

// corpusFile is one file of the corpus: how it was made and what ffprobe cannot tell.
type corpusFile struct {
	name     string
	args     []string // ffmpeg's arguments before the output name; nil: made by derive
	derive   func(dir string) error
	wantCode string // the probe's error code, for a file that is broken on purpose
	editList *bool  // the edit list fact, which ffprobe does not print
	vfr      *bool  // the variable frame rate fact
	count    bool   // ask ffprobe to count frames (GIF, APNG)
}

func makeCorpus(t *testing.T, dir string) []corpusFile {
	t.Helper()
	src := func(size string, rate string) []string {
		return []string{"-f", "lavfi", "-i", "testsrc=size=" + size + ":rate=" + rate}
	}
	sine := func(rate string) []string {
		return []string{"-f", "lavfi", "-i", "sine=f=440:sample_rate=" + rate}
	}
	cat := func(parts ...[]string) []string {
		var out []string
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	x264 := []string{"-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast"}
	yes, no := new(bool), new(bool)
	*yes = true
	var c []corpusFile
	// Videos: codecs, audio, frame rates, durations, sizes and ratios.
	for _, fps := range []string{"10", "24000/1001", "25", "30", "60", "120"} {
		name := "h264-" + strings.ReplaceAll(fps, "/", "_") + "fps.mp4"
		c = append(c, corpusFile{name: name, args: cat(src("32x18", fps), []string{"-t", "1"}, x264, []string{"-use_editlist", "0"}), editList: no, vfr: no})
	}
	c = append(c,
		corpusFile{name: "h264-aac.mp4", args: cat(src("48x64", "30"), sine("44100"), []string{"-t", "0.5", "-ac", "2"}, x264, []string{"-c:a", "aac", "-movflags", "+faststart"})},
		corpusFile{name: "h264-mp3.mp4", args: cat(src("64x64", "25"), sine("44100"), []string{"-t", "0.5"}, x264, []string{"-c:a", "libmp3lame"})},
		corpusFile{name: "h264-opus.mp4", args: cat(src("64x36", "30"), sine("48000"), []string{"-t", "0.5", "-ac", "2"}, x264, []string{"-c:a", "libopus", "-b:a", "16k"})},
		corpusFile{name: "h264-main.mov", args: cat(src("40x30", "30"), sine("22050"), []string{"-t", "0.7"}, x264, []string{"-profile:v", "main", "-preset", "medium", "-c:a", "aac"})},
		corpusFile{name: "h264-high.mp4", args: cat(src("36x64", "60"), []string{"-t", "0.5"}, x264, []string{"-profile:v", "high", "-preset", "fast"})},
		corpusFile{name: "hevc.mp4", args: cat(src("64x36", "30"), sine("48000"), []string{"-t", "0.5", "-pix_fmt", "yuv420p", "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=none", "-tag:v", "hvc1", "-c:a", "aac"})},
		corpusFile{name: "hevc10.mov", args: cat(src("64x36", "24"), []string{"-t", "0.5", "-pix_fmt", "yuv420p10le", "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=none"})},
		corpusFile{name: "vp9.mp4", args: cat(src("32x32", "30"), []string{"-t", "0.5", "-pix_fmt", "yuv420p", "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8"})},
		corpusFile{name: "av1.mp4", args: cat(src("32x18", "10"), []string{"-t", "0.5", "-pix_fmt", "yuv420p", "-c:v", "libaom-av1", "-cpu-used", "8", "-row-mt", "1"})},
		corpusFile{name: "vfr.mp4", args: cat(src("32x18", "10"), []string{"-t", "1", "-vf", "select='not(eq(n\\,3)+eq(n\\,4))'", "-vsync", "vfr"}, x264, []string{"-use_editlist", "0"}), vfr: yes},
		corpusFile{name: "one-second.mp4", args: cat(src("16x16", "10"), []string{"-t", "1", "-g", "10"}, x264)},
		corpusFile{name: "twenty-minutes.mp4", derive: ffmpegRun("-stream_loop", "1199", "-i", filepath.Join(dir, "one-second.mp4"), "-c", "copy", filepath.Join(dir, "twenty-minutes.mp4"))},
		corpusFile{name: "fragmented.mp4", args: cat(src("32x18", "30"), sine("44100"), []string{"-t", "3", "-g", "30"}, x264, []string{"-c:a", "aac", "-movflags", "frag_keyframe+empty_moov"})},
		corpusFile{name: "anamorphic.mp4", args: cat(src("48x36", "25"), []string{"-t", "0.5", "-vf", "setsar=4/3"}, x264)},
		corpusFile{name: "half-second.mp4", args: cat(src("16x16", "30"), []string{"-t", "0.5"}, x264)},
		corpusFile{name: "edit-list.mp4", derive: ffmpegRun("-itsoffset", "0.5", "-i", filepath.Join(dir, "one-second.mp4"), "-c", "copy", filepath.Join(dir, "edit-list.mp4")), editList: yes},
	)
	for _, deg := range []string{"90", "180", "270"} {
		name := "rotate" + deg + ".mp4"
		c = append(c, corpusFile{name: name, derive: ffmpegRun("-i", filepath.Join(dir, "h264-aac.mp4"), "-c", "copy", "-metadata:s:v:0", "rotate="+deg, filepath.Join(dir, name))})
	}
	// WebM and Matroska.
	c = append(c,
		corpusFile{name: "vp9-opus.webm", args: cat(src("32x18", "30"), sine("48000"), []string{"-t", "0.5", "-pix_fmt", "yuv420p", "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-c:a", "libopus", "-b:a", "16k"})},
		corpusFile{name: "vp9-444.webm", args: cat(src("32x18", "24000/1001"), []string{"-t", "0.5", "-pix_fmt", "yuv444p", "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8"})},
		corpusFile{name: "vp8-vorbis.webm", args: cat(src("48x32", "60"), sine("44100"), []string{"-t", "0.5", "-ac", "2", "-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-c:a", "libvorbis"})},
		corpusFile{name: "av1.webm", args: cat(src("32x18", "25"), []string{"-t", "0.5", "-pix_fmt", "yuv420p", "-c:v", "libaom-av1", "-cpu-used", "8", "-row-mt", "1"})},
		corpusFile{name: "h264-aac.mkv", args: cat(src("32x18", "30"), sine("48000"), []string{"-t", "0.5"}, x264, []string{"-c:a", "aac"})},
	)
	// Broken on purpose: cut in the mdat (moov at the end, and moov at the front).
	for _, src := range []string{"h264-30fps.mp4", "h264-aac.mp4", "vp9-opus.webm"} {
		name := "cut-" + src
		c = append(c, corpusFile{name: name, derive: cut(dir, src, name), wantCode: "media_truncated"})
	}
	// Images of many sizes and ratios.
	for _, size := range []string{"1x1", "17x9", "640x2", "2x640", "1080x1350", "1920x1080"} {
		one := append(src(size, "1"), "-frames:v", "1")
		c = append(c,
			corpusFile{name: size + ".jpg", args: append(append([]string{}, one...), "-pix_fmt", "yuvj420p")},
			corpusFile{name: size + ".png", args: one},
			corpusFile{name: size + ".webp", args: one},
			corpusFile{name: size + "-lossless.webp", args: append(append([]string{}, one...), "-c:v", "libwebp", "-lossless", "1")},
			corpusFile{name: size + ".bmp", args: one},
			corpusFile{name: size + ".tiff", args: one},
			corpusFile{name: size + ".gif", args: one},
		)
	}
	c = append(c,
		corpusFile{name: "animated.gif", args: cat(src("40x30", "10"), []string{"-t", "1.2"}), count: true},
		corpusFile{name: "animated.apng", args: cat(src("40x30", "5"), []string{"-t", "1", "-plays", "0", "-f", "apng"}), count: true},
	)
	for i := range c {
		out := filepath.Join(dir, c[i].name)
		var err error
		if c[i].derive != nil {
			err = c[i].derive(dir)
		} else {
			err = ffmpegRun(append(c[i].args, out)...)(dir)
		}
		if err != nil {
			t.Fatalf("making %s: %v", c[i].name, err)
		}
	}
	return c
}

func ffmpegRun(args ...string) func(string) error {
	return func(string) error {
		cmd := exec.Command("ffmpeg", append([]string{"-v", "error", "-y", "-nostdin"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("ffmpeg %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return nil
	}
}

func cut(dir, from, to string) func(string) error {
	return func(string) error {
		b, err := os.ReadFile(filepath.Join(dir, from))
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, to), b[:len(b)*2/3], 0o644)
	}
}

// ffprobeOut is the part of `ffprobe -show_streams -show_format -of json` compared.
type ffprobeOut struct {
	Streams []struct {
		CodecType    string `json:"codec_type"`
		CodecName    string `json:"codec_name"`
		Profile      string `json:"profile"`
		Width        int    `json:"width"`
		Height       int    `json:"height"`
		AvgFrameRate string `json:"avg_frame_rate"`
		SampleRate   string `json:"sample_rate"`
		SAR          string `json:"sample_aspect_ratio"`
		Channels     int    `json:"channels"`
		NbReadFrames string `json:"nb_read_frames"`
		SideData     []struct {
			Rotation *int `json:"rotation"`
		} `json:"side_data_list"`
	} `json:"streams"`
	Format struct {
		FormatName string `json:"format_name"`
		Duration   string `json:"duration"`
		Size       string `json:"size"`
	} `json:"format"`
}

func compareWithFFprobe(t *testing.T, c corpusFile, path string, f Facts) {
	t.Helper()
	args := []string{"-v", "error", "-show_streams", "-show_format", "-of", "json"}
	if c.count {
		args = append(args, "-count_frames")
	}
	out, err := exec.Command("ffprobe", append(args, path)...).Output()
	if err != nil {
		t.Errorf("%s: ffprobe: %v", c.name, err)
		return
	}
	var ff ffprobeOut
	if err := json.Unmarshal(out, &ff); err != nil {
		t.Fatalf("%s: ffprobe's JSON: %v", c.name, err)
	}
	bad := func(fact string, got, want any) {
		t.Errorf("%s: %s is %v; ffprobe says %v", c.name, fact, got, want)
	}
	if size, _ := strconv.ParseInt(ff.Format.Size, 10, 64); size != f.Bytes {
		bad("bytes", f.Bytes, size)
	}
	var audioSeen bool
	for i, s := range ff.Streams {
		switch s.CodecType {
		case "video":
			if i > 0 && f.Kind != KindVideo {
				continue
			}
			rot := 0
			for _, sd := range s.SideData {
				if sd.Rotation != nil {
					rot = (360 - *sd.Rotation%360) % 360 // ffprobe's angle is anti-clockwise
				}
			}
			if f.Rotation != rot {
				bad("rotation", f.Rotation, rot)
			}
			w, h := s.Width, s.Height
			if rot == 90 || rot == 270 {
				w, h = h, w
			}
			if f.Width != w || f.Height != h {
				bad("displayed size", fmt.Sprintf("%dx%d", f.Width, f.Height), fmt.Sprintf("%dx%d", w, h))
			}
			if f.Kind == KindVideo {
				if want := ffCodec(s.CodecName); f.VideoCodec != want {
					bad("video codec", f.VideoCodec, want)
				}
				if want := strings.TrimPrefix(s.SAR, "1:1"); f.PixelAspect != want && s.SAR != "0:1" && s.SAR != "" {
					bad("pixel aspect", f.PixelAspect, s.SAR)
				}
				if f.VideoProfile != s.Profile {
					bad("video profile", f.VideoProfile, s.Profile)
				}
				if want := ratio(s.AvgFrameRate); math.Abs(f.FrameRate-want) > 0.01*want {
					bad("frame rate", f.FrameRate, s.AvgFrameRate)
				}
			}
			if c.count {
				if n, _ := strconv.Atoi(s.NbReadFrames); f.Frames != n {
					bad("frames", f.Frames, n)
				}
			}
		case "audio":
			if audioSeen {
				continue
			}
			audioSeen = true
			if want := ffCodec(s.CodecName); f.AudioCodec != want {
				bad("audio codec", f.AudioCodec, want)
			}
			if rate, _ := strconv.Atoi(s.SampleRate); f.AudioSampleRate != rate {
				bad("audio sample rate", f.AudioSampleRate, rate)
			}
			// MP3 in MP4 keeps its channel mode in the frames (in the mdat, not read); the
			// sample entry's count is what the probe can give, and ffmpeg writes 2 there.
			if f.AudioChannels != s.Channels && f.AudioCodec != "mp3" {
				bad("audio channels", f.AudioChannels, s.Channels)
			}
		}
	}
	if f.Kind == KindVideo && !audioSeen && f.AudioCodec != "none" {
		bad("audio codec", f.AudioCodec, "none")
	}
	if f.Kind == KindVideo || (f.Kind == KindGIF && f.Frames > 1) {
		if d, err := strconv.ParseFloat(ff.Format.Duration, 64); err == nil && math.Abs(f.Duration-d) > 0.05 {
			bad("duration", f.Duration, d)
		}
	}
	if strings.Contains(ff.Format.FormatName, "mp4") || strings.Contains(ff.Format.FormatName, "mov") {
		if want := moovFirst(t, path); f.Faststart != want {
			bad("faststart", f.Faststart, want)
		}
	}
	if c.editList != nil && f.EditList != *c.editList {
		bad("edit list", f.EditList, *c.editList)
	}
	if c.vfr != nil && f.VariableFrameRate != *c.vfr {
		bad("variable frame rate", f.VariableFrameRate, *c.vfr)
	}
}

// moovFirst answers the faststart question with ffprobe's trace of the top-level atoms.
func moovFirst(t *testing.T, path string) bool {
	out, _ := exec.Command("ffprobe", "-v", "trace", "-i", path).CombinedOutput()
	s := string(out)
	moov, mdat := strings.Index(s, "type:'moov'"), strings.Index(s, "type:'mdat'")
	if moov < 0 {
		t.Errorf("%s: ffprobe's trace shows no moov", path)
	}
	return mdat < 0 || moov < mdat
}

// ffCodec maps ffprobe's codec names to the probe's.
func ffCodec(name string) string {
	switch name {
	case "mp3float":
		return "mp3"
	}
	return name
}

func ratio(s string) float64 {
	n, d, ok := strings.Cut(s, "/")
	a, _ := strconv.ParseFloat(n, 64)
	b, _ := strconv.ParseFloat(d, 64)
	if !ok || b == 0 {
		return a
	}
	return a / b
}
