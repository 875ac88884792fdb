package media

import "github.com/postrules/postrules/rules"

// Meta states the same media specifications for Instagram and Threads: one figure, two
// pages, each quoted in its own words.
// https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media
// https://developers.facebook.com/docs/threads/overview
const (
	metaImageBytes = 8 * MB // "File size: 8 MB maximum." on both pages
	metaMinWidth   = 320    // "Minimum width: 320 (will be scaled up to the minimum if necessary)"
	metaMaxWidth   = 1440   // images wider are scaled down to 1440
)

// metaContainer is Meta's container line, word for word the same on both pages.
const metaContainer = "Container: MOV or MP4 (MPEG-4 Part 14), no edit lists, moov atom at the front of the file."

// metaEditListNote says which edit lists the book counts, for both Meta platforms.
const metaEditListNote = "an edit list that matters: several mapped edits, an empty edit that delays the start, or an edit that cuts the media; not the one-entry list encoders write for AAC priming or B-frame delay"

// metaQuotes are the words each Meta page uses for the video figures both state; the
// figures are the same, the capitals and endings are not.
type metaQuotes struct {
	codec, audio, frameRate, width, aspect string
}

// metaVideo is the video rules Instagram and Threads share: container, fast start, edit
// lists, codecs, audio, frame rate, width and aspect ratio, cited to p's page through
// spec with that page's quotes q. Duration and file size differ between the two and stay
// in the table.
func metaVideo(p rules.Platform, spec func(figure, quote string) rules.Source, q metaQuotes) []Rule {
	return []Rule{
		cite(formats(p, "video.format", videos, "mp4", "mov"), spec("MOV or MP4", metaContainer)),
		cite(faststart(p), spec("moov atom at the front", metaContainer)),
		note(cite(editList(p), spec("no edit lists", metaContainer)), metaEditListNote),
		cite(codecs(p, "h264", "hevc"), spec("HEVC or H264", q.codec)),
		cite(audio(p, 48000, 2, "aac"), spec("AAC, <= 48 kHz, 1 or 2 channels", q.audio)),
		cite(frameRate(p, "video.frame_rate", 23, 60), spec("23-60 FPS", q.frameRate)),
		cite(width(p, "video.width", videos, 0, 1920), spec("<= 1920 columns", q.width)),
		cite(aspect(p, "video.aspect_ratio", videos, 0.01, 10, "0.01:1", "10:1"), spec("0.01:1 to 10:1", q.aspect)),
	}
}
