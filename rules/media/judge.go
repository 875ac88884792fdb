package media

// The platforms' media rules: formats, file size, pixels, aspect ratio, duration, frame
// rate, codecs and audio, per platform, with the page each figure comes from and the
// date it was read. The table has the shape of the rule book's declarations (id,
// what, severity, limit and unit, source, read, note) so that its rules can join
// rules.Book when the book judges media; until then Judge applies them to Facts.

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

// Rule is one media rule of a platform.
type Rule struct {
	// ID is the stable id, <platform>.<file|image|video|document>.<check>.
	ID string `json:"id"`
	// Platform is the platform's wire name.
	Platform rules.Platform `json:"platform"`
	// What says what the rule checks, for people.
	What string `json:"what"`
	// Severity is error or warning.
	Severity rules.Severity `json:"severity"`
	// Source is the URL of the platform's page the figure comes from.
	Source string `json:"source"`
	// Read is the date (YYYY-MM-DD) the source was read.
	Read string `json:"read"`
	// Note says where sources disagree and which reading the rule follows.
	Note string `json:"note,omitempty"`

	kinds []string                     // the kinds of media the rule applies to
	check func(f Facts) (string, bool) // the message of a file that breaks the rule
}

// Problem is a rule a file breaks.
type Problem struct {
	// Rule is the id of the broken rule.
	Rule string `json:"rule"`
	// Code is invalid_media.
	Code apierror.Code `json:"code"`
	// Message says what would fit and what the file is.
	Message string `json:"message"`
}

// Rules returns the media rules of every platform, in the order of rules.Platforms.
func Rules() []Rule { return slices.Clone(table) }

// Book is the whole rule book as every face lists it (validate rules, docs/rules.md, the
// WASM module's rules()): per platform, in the order of rules.Platforms, its rules of
// rules.Book() then its media rules as rules.Rule values. A media rule has no integer
// limit (its figures are ranges and ratios): they are in What.
func Book() []rules.Rule {
	book := rules.Book()
	out := make([]rules.Rule, 0, len(book)+len(table))
	for _, p := range rules.Platforms() {
		for _, r := range book {
			if r.Platform == p {
				out = append(out, r)
			}
		}
		for _, m := range table {
			if m.Platform == p {
				out = append(out, rules.Rule{ID: m.ID, Platform: m.Platform, What: m.What, Severity: m.Severity, Source: m.Source, Read: m.Read, Note: m.Note})
			}
		}
	}
	return out
}

// Judge applies platform's media rules to f. problems are the errors (the platform
// refuses the file), warnings the rules of severity warning. Both are nil when f fits.
// An unknown platform has no rules.
func Judge(platform rules.Platform, f Facts) (problems, warnings []Problem) {
	for _, r := range table {
		if r.Platform != platform || !slices.Contains(r.kinds, f.Kind) {
			continue
		}
		msg, broken := r.check(f)
		if !broken {
			continue
		}
		p := Problem{Rule: r.ID, Code: apierror.CodeInvalidMedia, Message: msg}
		if r.Severity == rules.SeverityWarning {
			warnings = append(warnings, p)
		} else {
			problems = append(problems, p)
		}
	}
	return problems, warnings
}

const read = "2026-11-26"

var (
	stills = []string{KindImage, KindGIF}
	videos = []string{KindVideo}
	docs   = []string{KindDocument}
	all    = []string{KindImage, KindGIF, KindVideo, KindDocument}
)

// Sources, the platforms' own pages.
const (
	srcX          = "https://docs.x.com/x-api/media/introduction"
	srcXBest      = "https://docs.x.com/x-api/media/quickstart/best-practices"
	srcInstagram  = "https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media"
	srcThreads    = "https://developers.facebook.com/docs/threads/overview"
	srcTikTok     = "https://developers.tiktok.com/doc/content-posting-api-media-transfer-guide"
	srcLinkedInI  = "https://learn.microsoft.com/linkedin/marketing/community-management/shares/images-api"
	srcLinkedInV  = "https://learn.microsoft.com/linkedin/marketing/community-management/shares/videos-api"
	srcLinkedInD  = "https://learn.microsoft.com/linkedin/marketing/community-management/shares/documents-api"
	srcFacebook   = "https://developers.facebook.com/docs/video-api/guides/reels-publishing"
	srcFacebookP  = "https://developers.facebook.com/docs/pages-api"
	srcYouTube    = "https://developers.google.com/youtube/v3/docs/videos/insert"
	srcPinterest  = "https://developers.pinterest.com/docs/content/content-creation"
	srcGoogle     = "https://support.google.com/business/answer/6103862"
	srcBlueskyImg = "https://github.com/bluesky-social/atproto/blob/main/lexicons/app/bsky/embed/images.json"
	srcBlueskyVid = "https://github.com/bluesky-social/atproto/blob/main/lexicons/app/bsky/embed/video.json"
)

const (
	kB = 1000
	MB = 1000 * kB
	GB = 1000 * MB
)

// name is how messages call a platform.
func name(p rules.Platform) string {
	switch p {
	case "twitter":
		return "X"
	case "youtube":
		return "YouTube"
	case "tiktok":
		return "TikTok"
	case "linkedin":
		return "LinkedIn"
	case "googlebusiness":
		return "Google Business Profile"
	}
	s := string(p)
	return strings.ToUpper(s[:1]) + s[1:]
}

// noun is how messages call a file of kind k.
func noun(k string) string {
	switch k {
	case KindGIF:
		return "GIF"
	case KindDocument:
		return "document"
	}
	return k
}

func rule(p rules.Platform, id, what, src string, kinds []string, check func(Facts) (string, bool)) Rule {
	return Rule{ID: string(p) + "." + id, Platform: p, What: what, Severity: rules.SeverityError, Source: src, Read: read, kinds: kinds, check: check}
}

func warn(r Rule) Rule { r.Severity = rules.SeverityWarning; return r }

func note(r Rule, n string) Rule { r.Note = n; return r }

// takes: the kinds of media a platform takes at all.
func takes(p rules.Platform, src string, kinds ...string) Rule {
	words := make([]string, len(kinds))
	for i, k := range kinds {
		words[i] = noun(k) + "s"
	}
	return rule(p, "file.kind", name(p)+" takes "+strings.Join(words, ", "), src, all, func(f Facts) (string, bool) {
		if slices.Contains(kinds, f.Kind) {
			return "", false
		}
		article := "a "
		if f.Kind == KindImage {
			article = "an "
		}
		return fmt.Sprintf("%s takes %s; this file is %s%s", name(p), strings.Join(words, " and "), article, noun(f.Kind)), true
	})
}

// formats: the container or image formats of a kind.
func formats(p rules.Platform, id, src string, kinds []string, list ...string) Rule {
	upper := make([]string, len(list))
	for i, s := range list {
		upper[i] = strings.ToUpper(s)
	}
	words := strings.Join(upper, ", ")
	return rule(p, id, noun(kinds[0])+" formats "+words, src, kinds, func(f Facts) (string, bool) {
		if slices.Contains(list, f.Format) {
			return "", false
		}
		return fmt.Sprintf("%s takes %s as %s; this file is %s", name(p), words, noun(kinds[0])+"s", strings.ToUpper(f.Format)), true
	})
}

// maxBytes: the file size.
func maxBytes(p rules.Platform, id, src string, kinds []string, lo, hi int64) Rule {
	what := "at most " + bytesWords(hi)
	if lo > 0 {
		what = bytesWords(lo) + " to " + bytesWords(hi)
	}
	return rule(p, id, "file size "+what, src, kinds, func(f Facts) (string, bool) {
		if f.Bytes >= lo && f.Bytes <= hi {
			return "", false
		}
		return fmt.Sprintf("%s takes %s of %s; this file has %d bytes", name(p), noun(f.Kind)+"s", what, f.Bytes), true
	})
}

func bytesWords(n int64) string {
	switch {
	case n%GB == 0:
		return fmt.Sprintf("%d GB", n/GB)
	case n%MB == 0:
		return fmt.Sprintf("%d MB", n/MB)
	case n%kB == 0:
		return fmt.Sprintf("%d KB", n/kB)
	}
	return fmt.Sprintf("%d bytes", n)
}

// sides: each side of the picture as displayed within [lo, hi] pixels (0: no bound).
func sides(p rules.Platform, id, src string, kinds []string, lo, hi int) Rule {
	what := pxWords(lo, hi) + " per side"
	return rule(p, id, "pixels "+what, src, kinds, func(f Facts) (string, bool) {
		if inRange(f.Width, lo, hi) && inRange(f.Height, lo, hi) {
			return "", false
		}
		return fmt.Sprintf("%s takes %s of %s; this one is %dx%d", name(p), noun(f.Kind)+"s", what, f.Width, f.Height), true
	})
}

// width: the displayed width within [lo, hi] pixels (0: no bound).
func width(p rules.Platform, id, src string, kinds []string, lo, hi int) Rule {
	what := pxWords(lo, hi) + " wide"
	return rule(p, id, "width "+what, src, kinds, func(f Facts) (string, bool) {
		if inRange(f.Width, lo, hi) {
			return "", false
		}
		return fmt.Sprintf("%s takes %s %s; this one is %d wide", name(p), noun(f.Kind)+"s", what, f.Width), true
	})
}

// maxPixels: width × height.
func maxPixels(p rules.Platform, id, src string, kinds []string, hi int) Rule {
	return rule(p, id, fmt.Sprintf("under %d pixels", hi), src, kinds, func(f Facts) (string, bool) {
		if int64(f.Width)*int64(f.Height) < int64(hi) {
			return "", false
		}
		return fmt.Sprintf("%s takes %s of under %d pixels; this one is %dx%d = %d", name(p), noun(f.Kind)+"s", hi, f.Width, f.Height, int64(f.Width)*int64(f.Height)), true
	})
}

func pxWords(lo, hi int) string {
	switch {
	case lo > 0 && hi > 0:
		return fmt.Sprintf("%d to %d px", lo, hi)
	case hi > 0:
		return fmt.Sprintf("at most %d px", hi)
	}
	return fmt.Sprintf("at least %d px", lo)
}

func inRange(v, lo, hi int) bool { return v >= lo && (hi == 0 || v <= hi) }

// aspect: width:height as displayed within [lo, hi], given as the ratios' words.
func aspect(p rules.Platform, id, src string, kinds []string, lo, hi float64, loWords, hiWords string) Rule {
	what := "aspect ratio " + loWords + " to " + hiWords
	return rule(p, id, what, src, kinds, func(f Facts) (string, bool) {
		if f.Height == 0 {
			return "", false
		}
		r := float64(f.Width) / float64(f.Height)
		// A hundredth of slack: 1080x1350 is 4:5 exactly, 1080x566 is 1.91:1 rounded.
		if r >= lo*0.995 && r <= hi*1.005 {
			return "", false
		}
		return fmt.Sprintf("%s takes %s of %s; this one is %dx%d (%.3g:1)", name(p), noun(f.Kind)+"s", what, f.Width, f.Height, r), true
	})
}

// duration in seconds within [lo, hi] (0: no bound).
func duration(p rules.Platform, id, src string, lo, hi float64) Rule {
	what := durWords(lo) + " to " + durWords(hi)
	if lo == 0 {
		what = "up to " + durWords(hi)
	}
	return rule(p, id, "duration "+what, src, videos, func(f Facts) (string, bool) {
		// 0 is unknown (a live WebM without Duration), not a video of no length.
		if f.Duration == 0 || f.Duration >= lo && f.Duration <= hi {
			return "", false
		}
		return fmt.Sprintf("%s takes videos of %s; this one lasts %s", name(p), what, durWords(f.Duration)), true
	})
}

func durWords(s float64) string {
	switch {
	case s >= 3600 && math.Mod(s, 3600) == 0:
		return fmt.Sprintf("%g h", s/3600)
	case s >= 60 && math.Mod(s, 60) == 0:
		return fmt.Sprintf("%g min", s/60)
	case s >= 60 && s == math.Trunc(s):
		return fmt.Sprintf("%d:%02d", int(s)/60, int(s)%60)
	case s >= 60:
		return fmt.Sprintf("%d:%06.3f", int(s)/60, math.Mod(s, 60))
	}
	return fmt.Sprintf("%.3g s", s)
}

// frameRate within [lo, hi] frames per second (0: no bound).
func frameRate(p rules.Platform, id, src string, lo, hi float64) Rule {
	what := fmt.Sprintf("%g to %g fps", lo, hi)
	if lo == 0 {
		what = fmt.Sprintf("at most %g fps", hi)
	}
	return rule(p, id, "frame rate "+what, src, videos, func(f Facts) (string, bool) {
		// 23.976 (24000/1001) is what "23 fps" means; 59.94 is within 60.
		if f.FrameRate == 0 || f.FrameRate >= lo-0.01 && (hi == 0 || f.FrameRate <= hi+0.01) {
			return "", false
		}
		return fmt.Sprintf("%s takes %s; this video runs at %.4g fps", name(p), what, f.FrameRate), true
	})
}

// codecs: the video codecs.
func codecs(p rules.Platform, src string, list ...string) Rule {
	words := codecWords(list)
	return rule(p, "video.codec", "video codec "+words, src, videos, func(f Facts) (string, bool) {
		if slices.Contains(list, f.VideoCodec) {
			return "", false
		}
		return fmt.Sprintf("%s takes video in %s; this one is %s", name(p), words, codecWords([]string{f.VideoCodec})), true
	})
}

// audio: the audio codecs (a video without sound always fits), sample rate and channels.
func audio(p rules.Platform, src string, maxRate, maxChannels int, list ...string) Rule {
	words := codecWords(list)
	what := "audio " + words
	if maxRate > 0 {
		what += fmt.Sprintf(", at most %d Hz", maxRate)
	}
	if maxChannels > 0 {
		what += fmt.Sprintf(", at most %d channels", maxChannels)
	}
	return rule(p, "video.audio", what, src, videos, func(f Facts) (string, bool) {
		switch {
		case f.AudioCodec == "none" || f.AudioCodec == "":
			return "", false
		case !slices.Contains(list, f.AudioCodec):
			return fmt.Sprintf("%s takes sound in %s; this video's is %s", name(p), words, codecWords([]string{f.AudioCodec})), true
		case maxRate > 0 && f.AudioSampleRate > maxRate:
			return fmt.Sprintf("%s takes sound of at most %d Hz; this video's is %d Hz", name(p), maxRate, f.AudioSampleRate), true
		case maxChannels > 0 && f.AudioChannels > maxChannels:
			return fmt.Sprintf("%s takes sound of at most %d channels; this video's has %d", name(p), maxChannels, f.AudioChannels), true
		}
		return "", false
	})
}

func codecWords(list []string) string {
	out := make([]string, len(list))
	for i, c := range list {
		switch c {
		case "h264":
			out[i] = "H.264"
		case "hevc":
			out[i] = "HEVC (H.265)"
		case "":
			out[i] = "an unknown codec"
		default:
			out[i] = strings.ToUpper(c)
		}
	}
	return strings.Join(out, ", ")
}

// table is every platform's media rules, read from the platforms' pages on 2026-11-26
// (the research notes of that day list the peers that disagree).
var table = []Rule{
	// X: docs.x.com media introduction and best practices.
	takes("twitter", srcX, KindImage, KindGIF, KindVideo),
	formats("twitter", "image.format", srcX, stills, "jpeg", "png", "gif", "webp"),
	rule("twitter", "image.max_bytes", "file size at most 5 MB (GIF 15 MB)", srcX, stills, func(f Facts) (string, bool) {
		limit := int64(5 * MB)
		if f.Kind == KindGIF {
			limit = 15 * MB
		}
		if f.Bytes <= limit {
			return "", false
		}
		return fmt.Sprintf("X takes %s of at most %s; this file has %d bytes", noun(f.Kind)+"s", bytesWords(limit), f.Bytes), true
	}),
	sides("twitter", "image.pixels", srcX, stills, 4, 8192),
	formats("twitter", "video.format", srcXBest, videos, "mp4", "mov"),
	maxBytes("twitter", "video.max_bytes", srcX, videos, 0, 512*MB),
	codecs("twitter", srcXBest, "h264"),
	audio("twitter", srcXBest, 0, 2, "aac"),
	duration("twitter", "video.duration", srcX, 0.5, 140),
	frameRate("twitter", "video.frame_rate", srcXBest, 0, 60),
	aspect("twitter", "video.aspect_ratio", srcXBest, videos, 1.0/3, 3, "1:3", "3:1"),
	rule("twitter", "video.square_pixels", "square pixels", srcXBest, videos, func(f Facts) (string, bool) {
		if f.PixelAspect == "" {
			return "", false
		}
		return fmt.Sprintf("X takes videos of square pixels; this one's pixels are %s", f.PixelAspect), true
	}),
	note(warn(sides("twitter", "video.resolution", srcXBest, videos, 0, 1920)), "X's page says 1280x1024 at most, a peer 1920x1200; a warning above 1920 per side"),

	// Instagram: the Graph API's ig-user/media reference (images and Reels).
	takes("instagram", srcInstagram, KindImage, KindVideo),
	formats("instagram", "image.format", srcInstagram, stills, "jpeg"),
	maxBytes("instagram", "image.max_bytes", srcInstagram, stills, 0, 8*MB),
	aspect("instagram", "image.aspect_ratio", srcInstagram, stills, 0.8, 1.91, "4:5", "1.91:1"),
	warn(width("instagram", "image.width", srcInstagram, stills, 320, 1440)),
	formats("instagram", "video.format", srcInstagram, videos, "mp4", "mov"),
	rule("instagram", "video.faststart", "the moov atom at the front", srcInstagram, videos, func(f Facts) (string, bool) {
		if f.Faststart || (f.Format != "mp4" && f.Format != "mov") {
			return "", false
		}
		return "Instagram takes videos with the moov atom at the front (fast start); this one has it after the media data (remux with -movflags +faststart)", true
	}),
	rule("instagram", "video.edit_list", "no edit lists", srcInstagram, videos, func(f Facts) (string, bool) {
		if !f.EditList {
			return "", false
		}
		return "Instagram takes videos without edit lists; this one has an edit list", true
	}),
	codecs("instagram", srcInstagram, "h264", "hevc"),
	audio("instagram", srcInstagram, 48000, 2, "aac"),
	frameRate("instagram", "video.frame_rate", srcInstagram, 23, 60),
	width("instagram", "video.width", srcInstagram, videos, 0, 1920),
	aspect("instagram", "video.aspect_ratio", srcInstagram, videos, 0.01, 10, "0.01:1", "10:1"),
	duration("instagram", "video.duration", srcInstagram, 3, 15*60),
	note(maxBytes("instagram", "video.max_bytes", srcInstagram, videos, 0, 300*MB), "Reels are 300 MB on the reference, 1 GB on another Meta page; the book follows the reference"),

	// Threads: Meta's Threads API overview, media specifications.
	takes("threads", srcThreads, KindImage, KindVideo),
	formats("threads", "image.format", srcThreads, stills, "jpeg", "png"),
	maxBytes("threads", "image.max_bytes", srcThreads, stills, 0, 8*MB),
	aspect("threads", "image.aspect_ratio", srcThreads, stills, 0.1, 10, "1:10", "10:1"),
	warn(width("threads", "image.width", srcThreads, stills, 320, 1440)),
	formats("threads", "video.format", srcThreads, videos, "mp4", "mov"),
	codecs("threads", srcThreads, "h264", "hevc"),
	audio("threads", srcThreads, 0, 0, "aac"),
	frameRate("threads", "video.frame_rate", srcThreads, 23, 60),
	width("threads", "video.width", srcThreads, videos, 0, 1920),
	aspect("threads", "video.aspect_ratio", srcThreads, videos, 0.01, 10, "0.01:1", "10:1"),
	duration("threads", "video.duration", srcThreads, 0, 5*60),
	maxBytes("threads", "video.max_bytes", srcThreads, videos, 0, 1*GB),

	// TikTok: the Content Posting API's media transfer guide.
	takes("tiktok", srcTikTok, KindImage, KindVideo),
	formats("tiktok", "image.format", srcTikTok, stills, "jpeg", "webp"),
	maxBytes("tiktok", "image.max_bytes", srcTikTok, stills, 0, 20*MB),
	sides("tiktok", "image.pixels", srcTikTok, stills, 0, 1080),
	formats("tiktok", "video.format", srcTikTok, videos, "mp4", "webm", "mov"),
	codecs("tiktok", srcTikTok, "h264", "hevc", "vp8", "vp9"),
	frameRate("tiktok", "video.frame_rate", srcTikTok, 23, 60),
	sides("tiktok", "video.pixels", srcTikTok, videos, 360, 4096),
	note(duration("tiktok", "video.duration", srcTikTok, 0, 10*60), "also at most the creator's max_video_post_duration_sec, which only the creator-info query tells"),
	maxBytes("tiktok", "video.max_bytes", srcTikTok, videos, 0, 4*GB),

	// LinkedIn: the Images, Videos and Documents APIs.
	takes("linkedin", srcLinkedInI, KindImage, KindGIF, KindVideo, KindDocument),
	formats("linkedin", "image.format", srcLinkedInI, stills, "jpeg", "png", "gif"),
	maxPixels("linkedin", "image.pixels", srcLinkedInI, stills, 36152320),
	rule("linkedin", "image.gif_frames", "GIF at most 250 frames", srcLinkedInI, stills, func(f Facts) (string, bool) {
		if f.Frames <= 250 {
			return "", false
		}
		return fmt.Sprintf("LinkedIn takes GIFs of at most 250 frames; this one has %d", f.Frames), true
	}),
	formats("linkedin", "video.format", srcLinkedInV, videos, "mp4"),
	duration("linkedin", "video.duration", srcLinkedInV, 3, 30*60),
	aspect("linkedin", "video.aspect_ratio", srcLinkedInV, videos, 1/2.4, 2.4, "1:2.4", "2.4:1"),
	note(maxBytes("linkedin", "video.max_bytes", srcLinkedInV, videos, 75*kB, 500*MB), "200 MB and 5 GB on other LinkedIn pages; the book follows the Videos API"),
	formats("linkedin", "document.format", srcLinkedInD, docs, "pdf"),
	maxBytes("linkedin", "document.max_bytes", srcLinkedInD, docs, 0, 100*MB),
	rule("linkedin", "document.pages", "at most 300 pages", srcLinkedInD, docs, func(f Facts) (string, bool) {
		if f.Pages <= 300 {
			return "", false
		}
		return fmt.Sprintf("LinkedIn takes documents of at most 300 pages; this one has %d", f.Pages), true
	}),

	// Facebook: the Pages API and the video API.
	takes("facebook", srcFacebookP, KindImage, KindGIF, KindVideo),
	formats("facebook", "image.format", srcFacebookP, stills, "jpeg", "png", "gif", "bmp", "tiff", "webp", "heic"),
	note(maxBytes("facebook", "image.max_bytes", srcFacebookP, stills, 0, 10*MB), "4 MB in one error text; the book follows the page"),
	note(maxBytes("facebook", "video.max_bytes", srcFacebook, videos, 0, 10*GB), "2 GB for regular video on another page; Reels differ (MP4, 3-90 s, 24-60 fps)"),
	duration("facebook", "video.duration", srcFacebook, 0, 240*60),

	// YouTube: videos.insert.
	takes("youtube", srcYouTube, KindVideo),
	maxBytes("youtube", "video.max_bytes", srcYouTube, videos, 0, 256*GB),
	duration("youtube", "video.duration", srcYouTube, 0, 12*3600),

	// Pinterest: content creation.
	takes("pinterest", srcPinterest, KindImage, KindGIF, KindVideo),
	formats("pinterest", "image.format", srcPinterest, stills, "bmp", "jpeg", "png", "tiff", "gif", "webp"),
	maxBytes("pinterest", "image.max_bytes", srcPinterest, stills, 0, 20*MB),
	formats("pinterest", "video.format", srcPinterest, videos, "mp4", "mov"),
	duration("pinterest", "video.duration", srcPinterest, 4, 15*60),
	aspect("pinterest", "video.aspect_ratio", srcPinterest, videos, 0.5, 1.91, "1:2", "1.91:1"),
	note(maxBytes("pinterest", "video.max_bytes", srcPinterest, videos, 0, 2*GB), "1 GB on the help page; the book follows the developer page"),

	// Google Business Profile: photo guidelines (local posts take no video through the API).
	takes("googlebusiness", srcGoogle, KindImage),
	formats("googlebusiness", "image.format", srcGoogle, stills, "jpeg", "png"),
	maxBytes("googlebusiness", "image.max_bytes", srcGoogle, stills, 10*kB, 5*MB),
	sides("googlebusiness", "image.pixels", srcGoogle, stills, 250, 0),
	warn(sides("googlebusiness", "image.recommended_pixels", srcGoogle, stills, 720, 0)),

	// Bluesky: the lexicons of app.bsky.embed.images and .video.
	takes("bluesky", srcBlueskyImg, KindImage, KindGIF, KindVideo),
	formats("bluesky", "image.format", srcBlueskyImg, stills, "jpeg", "png", "webp", "gif"),
	maxBytes("bluesky", "image.max_bytes", srcBlueskyImg, stills, 0, 2*MB),
	formats("bluesky", "video.format", srcBlueskyVid, videos, "mp4"),
	maxBytes("bluesky", "video.max_bytes", srcBlueskyVid, videos, 0, 300*MB),
	note(duration("bluesky", "video.duration", srcBlueskyVid, 0, 3*60), "the service limits duration (VideoTooLong); 3 min, raised to 10 min in the app"),
}
