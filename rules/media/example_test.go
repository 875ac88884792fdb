package media_test

import (
	"bytes"
	"fmt"
	"os"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
)

func ExampleProbe() {
	f, err := os.Open("testdata/h264-aac-faststart.mp4")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	facts, err := media.Probe(f, st.Size())
	fmt.Println(facts.Kind, facts.Format, facts.Width, facts.Height, facts.Duration, facts.FrameRate, facts.VideoCodec, facts.AudioCodec, facts.Faststart, err)
	// Output: video mp4 32 18 0.5 10 h264 aac true <nil>
}

func ExampleProbe_error() {
	data := []byte("GIF89a\x20\x00") // cut inside its logical screen descriptor
	_, err := media.Probe(bytes.NewReader(data), int64(len(data)))
	e := apierror.As(err)
	fmt.Println(e.Code, e.Offset, e.HTTPStatus)
	// Output: media_truncated 6 400
}

func ExampleJudge() {
	facts := media.Facts{Kind: media.KindVideo, Format: "mp4", Bytes: 8 << 20, Width: 1080, Height: 1920,
		Duration: 30, FrameRate: 120, VideoCodec: "h264", AudioCodec: "aac", AudioSampleRate: 48000, AudioChannels: 2, Faststart: true}
	problems, _ := media.Judge(rules.Instagram, facts)
	for _, p := range problems {
		fmt.Println(p.Rule, p.Code, p.Message)
	}
	// Output: instagram.video.frame_rate invalid_media Instagram takes 23 to 60 fps; this video runs at 120 fps
}

func ExampleRules() {
	for _, r := range media.Rules() {
		if r.Platform == rules.Bluesky {
			fmt.Println(r.ID, r.Severity, r.What)
		}
	}
	// Output:
	// bluesky.file.kind error Bluesky takes images, GIFs, videos
	// bluesky.image.format error image formats JPEG, PNG, WEBP, GIF, HEIC, HEIF, AVIF, BMP, TIFF
	// bluesky.image.max_bytes error file size at most 2 MB
	// bluesky.video.format error video formats MP4
	// bluesky.video.max_bytes error file size at most 300 MB
	// bluesky.video.duration error duration up to 10 min
	// bluesky.file.unread warning the probe read every part of the file its rules need
}
