package media

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestISOAgainstFFprobe compares the probe with ffprobe on the ISO seeds of testdata and
// on files ffmpeg makes here of the kinds issue 31 names: fragmented by frag_keyframe
// (the moov holds the first second), x264's default B-frames with AAC (ffmpeg's default
// edit lists, which do not matter), a start cut by -ss with stream copy (an edit that
// does), and files with bytes after their last box. Without ffmpeg it fails, as
// TestAgainstFFprobe does.
func TestISOAgainstFFprobe(t *testing.T) {
	for _, tool := range []string{"ffmpeg", "ffprobe"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is not installed: the probe is checked against it; install it with apt-get install ffmpeg", tool)
		}
	}
	dir := t.TempDir()
	yes, no := new(bool), new(bool)
	*yes = true
	src := []string{"-f", "lavfi", "-i", "testsrc=size=32x18:rate=30", "-f", "lavfi", "-i", "sine=f=440:sample_rate=44100"}
	x264 := []string{"-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", "-c:a", "aac", "-b:a", "16k"}
	in := func(name string) string { return filepath.Join(dir, name) }
	appendTo := func(from, to, tail string) func(string) error {
		return func(string) error {
			b, err := os.ReadFile(in(from))
			if err != nil {
				return err
			}
			return os.WriteFile(in(to), append(b, tail...), 0o644)
		}
	}
	made := []corpusFile{
		{name: "frag-keyframe-6s.mp4", args: append(append(append([]string{}, src...), "-t", "6"), append(x264, "-movflags", "frag_keyframe")...), editList: no},
		{name: "frag-empty-moov-6s.mp4", args: append(append(append([]string{}, src...), "-t", "6"), append(x264, "-movflags", "frag_keyframe+empty_moov")...), editList: no},
		{name: "default.mp4", args: append(append([]string{}, src...), "-t", "1", "-pix_fmt", "yuv420p", "-c:v", "libx264", "-c:a", "aac"), editList: no},
		{name: "cut-start.mp4", derive: ffmpegRun("-ss", "0.5", "-i", in("default.mp4"), "-c", "copy", in("cut-start.mp4")), editList: yes},
		{name: "zero-padded.mp4", derive: appendTo("default.mp4", "zero-padded.mp4", "\x00\x00\x00\x00\x00\x00\x00\x00"), editList: no},
		{name: "text-after.mp4", derive: appendTo("frag-keyframe-6s.mp4", "text-after.mp4", "made by a phone\n")},
	}
	for _, c := range made {
		var err error
		if c.derive != nil {
			err = c.derive(dir)
		} else {
			err = ffmpegRun(append(c.args, in(c.name))...)(dir)
		}
		if err != nil {
			t.Fatalf("making %s: %v", c.name, err)
		}
	}
	var files []corpusFile
	for _, c := range made {
		files = append(files, corpusFile{name: in(c.name), editList: c.editList})
	}
	for _, ext := range []string{"*.mp4", "*.mov", "animated.avif"} {
		m, _ := filepath.Glob(filepath.Join("testdata", ext))
		for _, p := range m {
			files = append(files, corpusFile{name: p})
		}
	}
	for _, c := range files {
		b, err := os.ReadFile(c.name)
		if err != nil {
			t.Fatal(err)
		}
		f, perr, _ := probeBytes(t, b)
		if perr != nil {
			t.Errorf("%s: %v", c.name, perr)
			continue
		}
		if trailingFile := strings.Contains(c.name, "padded") || strings.Contains(c.name, "text-after"); trailingFile != (len(f.Unread) == 1) {
			t.Errorf("%s: Unread %q", c.name, f.Unread)
		}
		if f.Kind == KindVideo {
			compareWithFFprobe(t, c, c.name, f)
			continue
		}
		// An image sequence (AVIF's avis): its size, frames and duration. Faststart is a
		// video's fact, which an image does not set.
		out, err := exec.Command("ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
			"stream=width,height,nb_frames:format=duration", "-of", "default=nw=1", c.name).Output()
		if err != nil {
			t.Errorf("%s: ffprobe: %v", c.name, err)
			continue
		}
		got := fmt.Sprintf("width=%d\nheight=%d\nnb_frames=%d\nduration=%.6f\n", f.Width, f.Height, f.Frames, f.Duration)
		if string(out) != got {
			t.Errorf("%s: the probe says\n%s; ffprobe says\n%s", c.name, got, out)
		}
	}
}
