package remedy

import (
	"math"
	"testing"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/media"
)

// FuzzFor feeds For facts no probe would give (negative, NaN and huge figures among
// them): it must not panic, must say fits exactly when Judge finds nothing, and a plan it
// offers must expect facts Judge takes.
func FuzzFor(f *testing.F) {
	f.Add(uint8(0), uint8(0), 32, 18, 0.5, 10.0, int64(2260), 0, false, uint8(1))
	f.Add(uint8(1), uint8(4), 1210, 110, 4.0, 30.0, int64(100_000), 90, true, uint8(3))
	f.Add(uint8(2), uint8(6), 1280, 1080, 10.0, 0.0, int64(20_000_000), 0, false, uint8(0))
	f.Add(uint8(0), uint8(1), -5, 0, math.NaN(), math.Inf(1), int64(-1), 45, true, uint8(9))
	kinds := []string{media.KindVideo, media.KindImage, media.KindGIF, media.KindDocument}
	formats := []string{"mp4", "mov", "webm", "mkv", "jpeg", "png", "gif", "webp", "heic", "avif", "pdf", ""}
	platforms := rules.Platforms()
	f.Fuzz(func(t *testing.T, kind, format uint8, w, h int, dur, fps float64, bytes int64, rot int, mirrored bool, p uint8) {
		facts := media.Facts{Kind: kinds[int(kind)%len(kinds)], Format: formats[int(format)%len(formats)], Width: w, Height: h,
			Duration: dur, FrameRate: fps, Bytes: bytes, Rotation: rot, Mirrored: mirrored, Frames: int(p),
			VideoCodec: "h264", AudioCodec: "aac", AudioSampleRate: 96000, AudioChannels: 6}
		pf := platforms[int(p)%len(platforms)]
		pl := For(facts, pf, Options{})
		problems, _ := media.Judge(pf, facts)
		if (pl.Action == ActionFits) != (len(problems) == 0) {
			t.Fatalf("action %s with %d problems", pl.Action, len(problems))
		}
		if pl.Action == ActionRemux || pl.Action == ActionEncode {
			if left, _ := media.Judge(pf, pl.Expect); len(left) > 0 {
				t.Fatalf("plan expects facts that break %v", left)
			}
		}
	})
}

// BenchmarkForNarrowWindow is the costliest plan: an 11:1 picture for TikTok, whose
// scales that fit are a narrow window found on a fine grid.
func BenchmarkForNarrowWindow(b *testing.B) {
	f := media.Facts{Kind: media.KindVideo, Format: "mp4", Width: 1210, Height: 110, Duration: 4, FrameRate: 30, Bytes: 100_000,
		VideoCodec: "h264", AudioCodec: "none", Faststart: true}
	for b.Loop() {
		For(f, "tiktok", Options{})
	}
}

// BenchmarkForNoScale is a picture no scale fits at its ratio (1:40 for TikTok): the
// grid runs out, then the plan pads.
func BenchmarkForNoScale(b *testing.B) {
	f := media.Facts{Kind: media.KindVideo, Format: "mp4", Width: 100, Height: 4000, Duration: 4, FrameRate: 30, Bytes: 100_000,
		VideoCodec: "h264", AudioCodec: "none", Faststart: true}
	for b.Loop() {
		For(f, "tiktok", Options{})
	}
}
