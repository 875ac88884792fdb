package media

import (
	"reflect"
	"strings"
	"testing"
)

func TestProbeSeeds(t *testing.T) {
	tests := []struct {
		file string
		want Facts
	}{
		{"h264-aac-faststart.mp4", Facts{Kind: "video", Format: "mp4", MIME: "video/mp4", Width: 32, Height: 18, Duration: 0.5, FrameRate: 10, VideoCodec: "h264", VideoProfile: "Constrained Baseline", AudioCodec: "aac", AudioSampleRate: 48000, AudioChannels: 1, Faststart: true}},
		{"moov-at-end.mp4", Facts{Kind: "video", Format: "mp4", MIME: "video/mp4", Width: 32, Height: 18, Duration: 0.5, FrameRate: 10, VideoCodec: "h264", VideoProfile: "Constrained Baseline", AudioCodec: "none"}},
		{"fragmented.mp4", Facts{Kind: "video", Format: "mp4", MIME: "video/mp4", Width: 32, Height: 18, Duration: 1.02138671875, FrameRate: 9.790610957070466, VariableFrameRate: true, VideoCodec: "h264", VideoProfile: "Constrained Baseline", AudioCodec: "aac", AudioSampleRate: 48000, AudioChannels: 1, Faststart: true}},
		{"h264.mov", Facts{Kind: "video", Format: "mov", MIME: "video/quicktime", Width: 32, Height: 18, Duration: 0.5, FrameRate: 10, VideoCodec: "h264", VideoProfile: "Constrained Baseline", AudioCodec: "none"}},
		{"hevc.mp4", Facts{Kind: "video", Format: "mp4", MIME: "video/mp4", Width: 32, Height: 18, Duration: 0.5, FrameRate: 10, VideoCodec: "hevc", VideoProfile: "Main", AudioCodec: "none"}},
		{"vp9-opus.webm", Facts{Kind: "video", Format: "webm", MIME: "video/webm", Width: 32, Height: 18, Duration: 0.508, FrameRate: 10, VideoCodec: "vp9", VideoProfile: "Profile 0", AudioCodec: "opus", AudioSampleRate: 48000, AudioChannels: 1}},
		{"document.pdf", Facts{Kind: "document", Format: "pdf", MIME: "application/pdf", Pages: 2}},
		// Five pages as qpdf --show-npages counts them (README.md in testdata).
		{"xref-stream.pdf", Facts{Kind: "document", Format: "pdf", MIME: "application/pdf", Pages: 5}},
		{"linearized.pdf", Facts{Kind: "document", Format: "pdf", MIME: "application/pdf", Pages: 5}},
		{"image.jpg", Facts{Kind: "image", Format: "jpeg", MIME: "image/jpeg", Width: 32, Height: 18}},
		{"image.png", Facts{Kind: "image", Format: "png", MIME: "image/png", Width: 32, Height: 18}},
		{"animated.png", Facts{Kind: "image", Format: "png", MIME: "image/png", Width: 32, Height: 18, Frames: 3}},
		{"animated.gif", Facts{Kind: "gif", Format: "gif", MIME: "image/gif", Width: 32, Height: 18, Frames: 3, Duration: 0.6}},
		{"image.webp", Facts{Kind: "image", Format: "webp", MIME: "image/webp", Width: 32, Height: 18}},
		{"lossless.webp", Facts{Kind: "image", Format: "webp", MIME: "image/webp", Width: 32, Height: 18}},
		{"animated.webp", Facts{Kind: "image", Format: "webp", MIME: "image/webp", Width: 32, Height: 18, Frames: 3, Duration: 0.6}},
		{"image.bmp", Facts{Kind: "image", Format: "bmp", MIME: "image/bmp", Width: 32, Height: 18}},
		{"image.tiff", Facts{Kind: "image", Format: "tiff", MIME: "image/tiff", Width: 32, Height: 18}},
	}
	for _, tt := range tests {
		b := seed(t, tt.file)
		got, err, _ := probeBytes(t, b)
		if err != nil {
			t.Errorf("%s: %v", tt.file, err)
			continue
		}
		tt.want.Bytes = int64(len(b))
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", tt.file, got, tt.want)
		}
	}
}

// TestProbeEXIFOrientation: each of CIPA DC-008's eight orientations, on a 32x18 JPEG.
// Facts give the clockwise rotation first and the left-right flip after it, so the
// transposed 5 is a quarter turn clockwise then a flip, and the transversed 7 a quarter
// turn anti-clockwise then a flip (the same pictures exiftool calls "mirror horizontal
// and rotate 270 CW" and "... 90 CW", which flip first).
func TestProbeEXIFOrientation(t *testing.T) {
	jpg := seed(t, "image.jpg")
	type shown struct {
		w, h, rotation int
		mirrored       bool
	}
	for o, want := range map[uint16]shown{
		1: {32, 18, 0, false}, 2: {32, 18, 0, true}, 3: {32, 18, 180, false}, 4: {32, 18, 180, true},
		5: {18, 32, 90, true}, 6: {18, 32, 90, false}, 7: {18, 32, 270, true}, 8: {18, 32, 270, false},
	} {
		f, err, _ := probeBytes(t, withEXIF(jpg, o))
		if err != nil {
			t.Fatalf("orientation %d: %v", o, err)
		}
		if got := (shown{f.Width, f.Height, f.Rotation, f.Mirrored}); got != want || len(f.Unread) != 0 {
			t.Errorf("orientation %d: %+v (unread %q), want %+v", o, got, f.Unread, want)
		}
	}
}

func TestProbeErrors(t *testing.T) {
	mp4 := seed(t, "moov-at-end.mp4")
	tests := []struct {
		name   string
		b      []byte
		code   string
		offset int
		words  string
	}{
		{"empty", nil, "media_empty", 0, "empty"},
		{"text", []byte("hello, world"), "media_unrecognized", 0, `"hello, w"`},
		{"mp4 cut in its mdat", mp4[:len(mp4)/2], "media_truncated", 40, "mdat box at byte 40 declares"},
		{"mp4 without its moov", mp4[:len(mp4)-1300], "media_truncated", 40, "past the end"},
		{"box of 4 GB", append(append([]byte{}, mp4[:32]...), 0xFF, 0xFF, 0xFF, 0xFF, 'm', 'd', 'a', 't'), "media_truncated", 32, "declares 4294967295 bytes"},
		{"png cut in IHDR", seed(t, "image.png")[:20], "media_truncated", 8, "IHDR"},
		// Bytes that are no marker are skipped, as libjpeg does; then the file ends with no
		// frame header, so its size is unknown.
		{"jpeg without 0xFF, then its end", []byte{0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0x12, 0x34}, "media_truncated", 10, "before any frame header (SOF)"},
	}
	for _, tt := range tests {
		_, err, _ := probeBytes(t, tt.b)
		if err == nil {
			t.Errorf("%s: no error", tt.name)
			continue
		}
		if string(err.Code) != tt.code || err.Offset != tt.offset || !strings.Contains(err.Message, tt.words) {
			t.Errorf("%s: got %s at %d: %s; want %s at %d with %q", tt.name, err.Code, err.Offset, err.Message, tt.code, tt.offset, tt.words)
		}
	}
}
