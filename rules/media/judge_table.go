package media

import (
	"fmt"
	"slices"

	"github.com/postrules/postrules/rules"
)

// The dates the sources were read: reread for those read again for issue 30 (by this
// book's audit of that day or for this table), firstRead for those not read since.
const (
	reread    = "2026-11-28"
	firstRead = "2026-11-26"
)

// The sources: the platforms' own pages, schemas and error texts, and public clients
// that quote them.
const (
	srcXBest       = "https://docs.x.com/x-api/media/quickstart/best-practices"
	srcXIntro      = "https://docs.x.com/x-api/media/introduction"
	srcX324Pixels  = "https://github.com/DocNow/diffengine/issues/18 (X API error 324 as a client received it)"
	srcXOpenAPI    = "https://api.x.com/2/openapi.json (MediaUploadRequestOneShot / MediaUploadConfigRequest total_bytes)"
	srcX324        = "https://github.com/sebagomez/twitterlib/blob/f596db24ca426703180e6128345aa536f2cb2984/tests/StatusTest.cs"
	srcXPeer       = "https://www.ayrshare.com/docs/media-guidelines/x-twitter"
	srcIGMedia     = "https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media"
	srcIGPublish   = "https://developers.facebook.com/docs/instagram-platform/content-publishing"
	srcThreads     = "https://developers.facebook.com/docs/threads/overview"
	srcTikTok      = "https://developers.tiktok.com/doc/content-posting-api-media-transfer-guide"
	srcPostiz1875  = "https://github.com/gitroomhq/postiz-app/pull/1875"
	srcTrypost120  = "https://github.com/trypostit/trypost/pull/120"
	srcLinkedInI   = "https://learn.microsoft.com/linkedin/marketing/community-management/shares/images-api"
	srcLinkedInV   = "https://learn.microsoft.com/linkedin/marketing/community-management/shares/videos-api"
	srcLinkedInD   = "https://learn.microsoft.com/linkedin/marketing/community-management/shares/documents-api"
	srcLinkedInP   = "https://www.ayrshare.com/docs/media-guidelines/linkedin"
	srcFacebookP   = "https://developers.facebook.com/docs/pages-api"
	srcFBStories   = "https://developers.facebook.com/docs/page-stories-api"
	srcFBPhotoErr  = "https://github.com/gitroomhq/postiz-app/blob/main/libraries/nestjs-libraries/src/integrations/social/facebook.provider.ts"
	srcFBVideoErr  = "https://developers.facebook.com/documentation/video-api/reference/error-codes"
	srcFBPeer      = "https://www.ayrshare.com/docs/media-guidelines/facebook_pages"
	srcYouTube     = "https://developers.google.com/youtube/v3/docs/videos/insert"
	srcYTDiscovery = "https://www.googleapis.com/discovery/v1/apis/youtube/v3/rest"
	srcYTHelp      = "https://support.google.com/youtube/answer/71673"
	srcPinHelp     = "https://help.pinterest.com/en-gb/article/review-pin-specs"
	srcPinSpecs    = "https://help.pinterest.com/en/business/article/pinterest-product-specs"
	srcPinProduct  = "https://business.pinterest.com/en/Pinterest-product-specs"
	srcPinPeer     = "https://www.ayrshare.com/docs/media-guidelines/pinterest"
	srcGoogle      = "https://support.google.com/business/answer/6103862"
	srcBskyImages  = "https://github.com/bluesky-social/atproto/blob/main/lexicons/app/bsky/embed/images.json"
	srcBskyVideo   = "https://github.com/bluesky-social/atproto/blob/main/lexicons/app/bsky/embed/video.json"
	srcBskyApp     = "https://github.com/bluesky-social/social-app/blob/main/src/lib/constants.ts"
)

// Sources shared by several rules.
var (
	xAttach    = refuses(reread, srcXBest, "4 photos, 1 animated GIF or 1 video", "You may attach up to 4 photos, 1 animated GIF or 1 video in a Post.")
	xGIFFail   = refuses(reread, srcXBest, "GIF <= 1280x1080, <= 350 frames, <= 300 million pixels (width*height*frames)", "A GIF may fail during Post creation even if it is within the file size limit.")
	igSpec     = func(figure, quote string) rules.Source { return refuses(reread, srcIGMedia, figure, quote) }
	threadsSpc = func(figure, quote string) rules.Source { return refuses(reread, srcThreads, figure, quote) }
	tiktokSpec = func(figure, quote string) rules.Source { return refuses(reread, srcTikTok, figure, quote) }
	pinSpecs   = func(figure, quote string) rules.Source { return refuses(reread, srcPinSpecs, figure, quote) }
	googleHelp = func(figure, quote string) rules.Source { return refuses(firstRead, srcGoogle, figure, quote) }
)

// The sources both rules of an error/strict pair cite (see Rule.companion): where a
// platform's sources disagree, the error cites the loose one first and the warning the
// strict one, and each quote is stated once here.
var (
	xIntro512MB    = refuses(reread, srcXIntro, "512 MB", "Video: 512 MB (when using media_category=amplify_video)")
	xBest140s      = refuses(reread, srcXBest, "0.5 to 140 s (the page's 2026-08-22 edition; DM video now)", "Video in a DM | dm_video | 0.5–140 seconds | 512 MB")
	linkedInV5GB   = refuses(reread, srcLinkedInV, "5 GB (fileSizeBytes)", "Maximum allowed Videos size is 5GB")
	fbStories10MB  = refuses(reread, srcFBStories, "10 MB", "Files can not exceed 10MB.")
	pinHelpFormats = refuses(reread, srcPinHelp, "BMP, JPEG, PNG, TIFF, WEBP", "File type BMP, .JPEG, .PNG, .TIFF, .WEBP")
	pinProduct10MB = refuses(reread, srcPinProduct, "10 MB", "Max file size: 10 MB")
	pinHelp20MB    = refuses(reread, srcPinHelp, "20 MB (web)", "Web: 20 MB maximum")
	pinSpecs15min  = pinSpecs("4 s to 15 min", "Video length: Minimum 4 seconds, maximum 15 minutes.")
	pinHelp5min    = refuses(reread, srcPinHelp, "4 s to 5 min", "Video length Minimum 4 seconds, maximum 5 minutes")
)

// fbPhotoErrQuote is Meta's photo upload error, cited for the formats and both byte rules.
const fbPhotoErrQuote = "Photos should be less than 4 MB and saved as JPG, PNG, GIF, TIFF, HEIF or WebP files."

// gifNote says what X's words on its GIF caps are.
const gifNote = "X lists these caps under \"Animated GIF recommendations\" and says a GIF past them may fail at Post creation, which refuses it; the book refuses past them"

// avifNote says why a platform's image formats leave AVIF out.
func avifNote(who string) string {
	return "AVIF is refused: " + who + " lists its image formats and AVIF is not among them"
}

// table is every platform's media rules with their sources. Severity follows the
// sources: an error where one of the platform's own refuses, a warning where only a
// recommendation or a peer speaks; where the platform's sources disagree, the error sits
// at the loosest figure and a warning (a *strict_* rule) at the strictest.
var table = slices.Concat(
	[]Rule{
		// X: docs.x.com's media introduction and best practices.
		cite(takes(rules.Twitter, KindImage, KindGIF, KindVideo), xAttach),
		note(cite(formats(rules.Twitter, "image.format", stills, "jpeg", "png", "gif", "webp"),
			refuses(reread, srcXBest, "JPG, PNG, GIF, WEBP", "Supported image media types: JPG, PNG, GIF, WEBP")), avifNote("X's best-practices page")),
		note(cite(rule(rules.Twitter, "image.max_bytes", "file size at most 5 MiB (5242880 bytes); GIF 15 MiB (15728640 bytes)", stills, func(f Facts) (string, bool) {
			limit := int64(5 * MiB)
			if f.Kind == KindGIF {
				limit = 15 * MiB
			}
			if f.Bytes <= limit {
				return "", false
			}
			return fmt.Sprintf("X takes %s of at most %s; this file has %d bytes", noun(f.Kind)+"s", bytesWords(limit), f.Bytes), true
		}),
			refuses(reread, srcXBest, "5 MB image, 15 MB animated GIF", "Image size: <= 5 MB; Animated GIF size: <= 15 MB"),
			refuses(reread, srcX324, "5242880 bytes (X API error 324)", "Image file size must be <= 5242880 bytes")),
			"X's \"5 MB\" is 5 MiB: its error 324 says <= 5242880 bytes; the GIF's 15 MB is read the same way"),
		note(cite(sides(rules.Twitter, "image.pixels", stills, 4, 8192),
			refuses(reread, srcX324Pixels, "4x4 to 8192x8192 px (X API error 324)", "Image dimensions must be >= 4x4 and <= 8192x8192"),
			recommends(reread, srcXPeer, "4x4 to 8192x8192 px", "Image dimensions must be >= 4x4 and <= 8192x8192 px.")),
			"X's pages give no image dimensions, but its own error 324, quoted by a public client, refuses outside 4x4 to 8192x8192"),
		note(cite(needs(unknownPixels, rule(rules.Twitter, "gif.pixels", "GIF at most 1280x1080", gifs, func(f Facts) (string, bool) {
			if f.Width <= 1280 && f.Height <= 1080 {
				return "", false
			}
			return fmt.Sprintf("X takes GIFs of at most 1280x1080 (width x height); this one is %dx%d", f.Width, f.Height), true
		})), xGIFFail, refuses(reread, srcXBest, "Resolution: <= 1280x1080", "Resolution: <= 1280x1080 (width x height)")), gifNote),
		note(cite(maxFrames(rules.Twitter, "gif.frames", gifs, 350), xGIFFail, refuses(reread, srcXBest, "Number of frames: <= 350", "Number of frames: <= 350")), gifNote),
		note(cite(needs(unknownPixelsOrFrames, rule(rules.Twitter, "gif.total_pixels", "GIF at most 300,000,000 pixels over all frames (width x height x frames)", gifs, func(f Facts) (string, bool) {
			total := int64(f.Width) * int64(f.Height) * int64(f.Frames)
			if total <= 300_000_000 {
				return "", false
			}
			return fmt.Sprintf("X takes GIFs of at most 300,000,000 pixels over all frames; this one is %dx%d x %d frames = %d", f.Width, f.Height, f.Frames, total), true
		})), xGIFFail, refuses(reread, srcXBest, "Number of pixels: <= 300 million", "Number of pixels: <= 300 million (width * height * num_frames)")), gifNote),
		note(cite(warn(formats(rules.Twitter, "video.format", videos, "mp4", "mov")),
			recommends(reread, srcXPeer, "MP4, MOV", "Supported formats: MP4 and MOV.")),
			"X names codecs, not containers (its chunked-upload examples send video/mp4); only a peer lists MP4 and MOV, so a warning"),
		aside(note(cite(maxBytes(rules.Twitter, "video.max_bytes", videos, 0, 16*GiB),
			refuses(reread, srcXBest, "16 GB (Premium / verified), 8 GB by default", "Video on a Post | tweet_video, amplify_video | 0.5 seconds–125 minutes | 16 GB"),
			refuses(reread, srcXOpenAPI, "total_bytes maximum 17179869184 (16 GiB)", ""),
			xIntro512MB),
			"X's pages disagree: its best-practices page says 8 GB by default and 16 GB for Premium / verified accounts, its media introduction 512 MB; the error sits at 16 GiB, the media upload schema's total_bytes maximum (17,179,869,184 bytes), and twitter.video.strict_bytes warns past 512 MB"),
			"16 GB is X's figure for Premium / verified accounts; 8 GB by default, 512 MB on its media introduction"),
		aside(cite(strictBytes(rules.Twitter, "video.strict_bytes", "X's media introduction", videos, 512*MB, 16*GiB),
			xIntro512MB,
			refuses(reread, srcXBest, "8 GB by default, 16 GB Premium / verified", "Video on a Post | tweet_video, amplify_video | 0.5 seconds–20 minutes | 8 GB")),
			"X's best-practices page says 8 GB by default, 16 GB for Premium / verified accounts"),
		note(cite(warn(codecs(rules.Twitter, "h264")),
			recommends(reread, srcXBest, "H264 High Profile (recommended)", "Recommended ... Video Codec: H264 High Profile")),
			"X recommends H.264 and documents no refusal of another codec, so a warning"),
		cite(audio(rules.Twitter, 0, 2, "aac"),
			refuses(reread, srcXBest, "AAC LC, mono or stereo", "Audio must be AAC with Low Complexity profile. Audio must be mono or stereo, not 5.1 or greater")),
		aside(note(cite(duration(rules.Twitter, "video.duration", 0.5, 125*60),
			refuses(reread, srcXBest, "0.5 s to 125 min (Premium / verified), 20 min by default", "125 minutes for Premium / verified Post video"),
			xBest140s),
			"X's pages disagree: 20 min by default and 125 min for Premium / verified accounts now, 140 s on the earlier page (and for DM video); the error sits at 125 min, twitter.video.strict_duration warns past 140 s"),
			"125 min is X's figure for Premium / verified accounts; 20 min by default, 2:20 on its earlier page"),
		aside(cite(strictDuration(rules.Twitter, "video.strict_duration", "X's earlier best-practices page", 140, 125*60),
			xBest140s,
			refuses(reread, srcXBest, "20 min by default, 125 min Premium / verified", "20 minutes by default for Post video (tweet_video / amplify_video), 125 minutes for Premium / verified Post video")),
			"X's page now says 20 min by default and 125 min for Premium / verified accounts"),
		cite(frameRate(rules.Twitter, "video.frame_rate", 0, 60), refuses(reread, srcXBest, "<= 60 FPS", "Frame rate: must be 60 FPS or less")),
		cite(aspect(rules.Twitter, "video.aspect_ratio", videos, 1.0/3, 3, "1:3", "3:1"), refuses(reread, srcXBest, "1:3 to 3:1", "Aspect ratio: must be between 1:3 and 3:1")),
		cite(rule(rules.Twitter, "video.square_pixels", "square pixels", videos, func(f Facts) (string, bool) {
			if f.PixelAspect == "" {
				return "", false
			}
			return fmt.Sprintf("X takes videos of square pixels; this one's pixels are %s", f.PixelAspect), true
		}), refuses(reread, srcXBest, "1:1 pixel aspect ratio", "Pixel aspect ratio: must have 1:1")),
		cite(sides(rules.Twitter, "video.pixels", videos, 32, 0), refuses(reread, srcXBest, "at least 32x32", "Dimensions: must be between 32x32 and 1280x1024")),
		note(cite(warn(sides(rules.Twitter, "video.resolution", videos, 0, 1920)),
			refuses(reread, srcXBest, "32x32 to 1280x1024", "Dimensions: must be between 32x32 and 1280x1024"),
			recommends(reread, srcXBest, "1080p for subscribed users", "Subscribed users can upload a 1080p video and get 1080p playback.")),
			"X's page says 1280x1024 at most and also takes 1080p from subscribers; a warning above 1920 per side"),
		cite(unread(rules.Twitter), recommends(reread, srcXBest, "the facts its media rules need", "")),

		// Instagram: the Graph API's ig-user/media reference (images and Reels).
		cite(takes(rules.Instagram, KindImage, KindVideo), igSpec("images and Reels (video)", "Create an image, carousel, story or reel IG Container")),
		note(cite(formats(rules.Instagram, "image.format", stills, "jpeg"),
			igSpec("JPEG", "Format: JPEG"),
			refuses(reread, srcIGPublish, "JPEG only", "JPEG is the only image format supported. Extended JPEG formats such as MPO and JPS are not supported.")), avifNote("Meta")),
		cite(maxBytes(rules.Instagram, "image.max_bytes", stills, 0, metaImageBytes), igSpec("8 MB", "File size: 8 MB maximum.")),
		cite(aspect(rules.Instagram, "image.aspect_ratio", stills, 0.8, 1.91, "4:5", "1.91:1"), igSpec("4:5 to 1.91:1", "Aspect ratio: Must be within a 4:5 to 1.91:1 range")),
		cite(warn(width(rules.Instagram, "image.width", stills, metaMinWidth, metaMaxWidth)), recommends(reread, srcIGMedia, "320 to 1440 wide (scaled)", "Minimum width: 320 (will be scaled up to the minimum if necessary)")),
	},
	metaVideo(rules.Instagram, igSpec, metaQuotes{
		codec:     "Video codec: HEVC or H264, progressive scan, closed GOP, 4:2:0 chroma subsampling.",
		audio:     "Audio codec: AAC, 48khz sample rate maximum, 1 or 2 channels (mono or stereo).",
		frameRate: "Frame rate: 23-60 FPS.",
		width:     "Maximum columns (horizontal pixels): 1920",
		aspect:    "Required aspect ratio is between 0.01:1 and 10:1 but we recommend 9:16",
	}),
	[]Rule{
		cite(duration(rules.Instagram, "video.duration", 3, 15*60), igSpec("3 s to 15 min", "Duration: 15 mins maximum, 3 seconds minimum")),
		note(cite(maxBytes(rules.Instagram, "video.max_bytes", videos, 0, 300*MB), igSpec("300 MB", "File size: 300MB maximum")),
			"Reels are 300 MB on the reference, 1 GB in some peers' copies; the book follows Meta's reference"),
		cite(unread(rules.Instagram), recommends(reread, srcIGMedia, "the facts its media rules need", "")),

		// Threads: Meta's Threads API overview, media specifications.
		cite(takes(rules.Threads, KindImage, KindVideo), threadsSpc("images and videos", "")),
		note(cite(formats(rules.Threads, "image.format", stills, "jpeg", "png"),
			threadsSpc("JPEG, PNG", "Format: JPEG and PNG image types are the officially supported formats for image posts.")), avifNote("Meta's Threads overview")),
		cite(maxBytes(rules.Threads, "image.max_bytes", stills, 0, metaImageBytes), threadsSpc("8 MB", "File Size: 8 MB maximum.")),
		cite(aspect(rules.Threads, "image.aspect_ratio", stills, 0.1, 10, "1:10", "10:1"), threadsSpc("10:1", "Aspect Ratio Limit: 10:1")),
		cite(warn(width(rules.Threads, "image.width", stills, metaMinWidth, metaMaxWidth)), recommends(reread, srcThreads, "320 to 1440 wide (scaled)", "Minimum Width: 320 (will be scaled up to the minimum if necessary)")),
	},
	metaVideo(rules.Threads, threadsSpc, metaQuotes{
		codec:     "Video Codec: HEVC or H264, progressive scan, closed GOP, 4:2:0 chroma subsampling.",
		audio:     "Audio Codec: AAC, 48khz sample rate maximum, 1 or 2 channels (mono or stereo).",
		frameRate: "Frame Rate: 23-60 FPS",
		width:     "Maximum Columns (horizontal pixels): 1920",
		aspect:    "Required aspect ratio is between 0.01:1 and 10:1 but we recommend 9:16 to avoid cropping or blank space.",
	}),
	[]Rule{
		cite(duration(rules.Threads, "video.duration", 0, 5*60), threadsSpc("300 s", "Duration: 300 seconds (5 minutes) maximum, minimum longer than 0 seconds.")),
		cite(maxBytes(rules.Threads, "video.max_bytes", videos, 0, 1*GB), threadsSpc("1 GB", "File Size: 1 GB maximum.")),
		cite(unread(rules.Threads), recommends(reread, srcThreads, "the facts its media rules need", "")),

		// TikTok: the Content Posting API's media transfer guide.
		cite(takes(rules.TikTok, KindImage, KindVideo), tiktokSpec("photos and videos", "")),
		note(cite(formats(rules.TikTok, "image.format", stills, "jpeg", "webp"), tiktokSpec("WebP, JPEG", "Image restrictions | Supported media formats | WebP JPEG")), avifNote("TikTok's media transfer guide")),
		cite(maxBytes(rules.TikTok, "image.max_bytes", stills, 0, 20*MB), tiktokSpec("20 MB", "Maximum of 20MB for each image")),
		note(cite(needs(unknownPixels, rule(rules.TikTok, "image.pixels", "photos at most 1080 px on the shorter side", stills, func(f Facts) (string, bool) {
			if min(f.Width, f.Height) <= 1080 {
				return "", false
			}
			return fmt.Sprintf("TikTok takes photos of at most 1080 px on the shorter side (its \"Maximum 1080p\"; 941x1672 photos publish, 1086x1448 fail); this one is %dx%d", f.Width, f.Height), true
		})),
			tiktokSpec("Maximum 1080p", "Picture size restrictions | Maximum 1080p"),
			refuses(reread, srcPostiz1875, "1086x1448 refused, 941x1672 published", ""),
			refuses(reread, srcTrypost120, "1254x1254 refused (picture_size_check_failed)", "The image was 1254×1254 ... \"Image dimensions exceed limits\" (picture_size_check_failed)")),
			"\"1080p\" bounds the shorter side: portrait photos of 941x1672 publish, 1086x1448 and 1254x1254 fail"),
		cite(formats(rules.TikTok, "video.format", videos, "mp4", "webm", "mov"), tiktokSpec("MP4, WebM, MOV", "Supported media formats MP4 (recommended) WebM MOV")),
		cite(codecs(rules.TikTok, "h264", "hevc", "vp8", "vp9"), tiktokSpec("H.264, H.265, VP8, VP9", "Supported codecs H.264 (recommended) H.265 VP8 VP9")),
		cite(frameRate(rules.TikTok, "video.frame_rate", 23, 60), tiktokSpec("23 to 60 FPS", "Minimum of 23 FPS Maximum of 60 FPS")),
		cite(sides(rules.TikTok, "video.pixels", videos, 360, 4096), tiktokSpec("360 to 4096 px", "Minimum of 360 pixels for both height and width Maximum of 4096 pixels for both height and width")),
		note(cite(duration(rules.TikTok, "video.duration", 0, 10*60), tiktokSpec("10 min", "The longest video a developer can send via the initialize Upload Video endpoint is 10 minutes.")),
			"also at most the creator's max_video_post_duration_sec, which only the creator-info query tells"),
		cite(maxBytes(rules.TikTok, "video.max_bytes", videos, 0, 4*GB), tiktokSpec("4 GB", "Size restrictions | Maximum of 4GB")),
		cite(unread(rules.TikTok), recommends(reread, srcTikTok, "the facts its media rules need", "")),

		// LinkedIn: the Images, Videos and Documents APIs.
		cite(takes(rules.LinkedIn, KindImage, KindGIF, KindVideo, KindDocument), refuses(reread, srcLinkedInI, "images, videos, documents", "")),
		note(cite(formats(rules.LinkedIn, "image.format", stills, "jpeg", "png", "gif"), refuses(reread, srcLinkedInI, "JPG, GIF, PNG", "Images with less than 36,152,320 pixels. JPG, GIF, and PNG formats.")), avifNote("LinkedIn's Images API")),
		cite(maxPixels(rules.LinkedIn, "image.pixels", stills, 36152320), refuses(reread, srcLinkedInI, "< 36,152,320 pixels", "Images with less than 36,152,320 pixels.")),
		cite(maxFrames(rules.LinkedIn, "image.gif_frames", gifs, 250), refuses(reread, srcLinkedInI, "GIF <= 250 frames", "GIF format supports up to 250 frames")),
		cite(formats(rules.LinkedIn, "video.format", videos, "mp4"), refuses(reread, srcLinkedInV, "MP4", "Format: MP4")),
		cite(duration(rules.LinkedIn, "video.duration", 3, 30*60), refuses(reread, srcLinkedInV, "3 s to 30 min", "Length: 3 seconds to 30 minutes")),
		note(cite(warn(aspect(rules.LinkedIn, "video.aspect_ratio", videos, 1/2.4, 2.4, "1:2.4", "2.4:1")), recommends(reread, srcLinkedInP, "1:2.4 to 2.4:1", "")),
			"the Videos API lists length, size and format only; 1:2.4 to 2.4:1 is a peer's figure, so a warning"),
		aside(note(cite(maxBytes(rules.LinkedIn, "video.max_bytes", videos, 75*kB, 5*GB),
			linkedInV5GB,
			refuses(reread, srcLinkedInV, "75 KB to 500 MB (specifications)", "File size: 75KB to 500MB")),
			"the Videos API's page says 75 KB to 500 MB in its specifications and 5 GB in its fileSizeBytes field; the error sits at 5 GB, linkedin.video.strict_bytes warns past 500 MB"),
			"5 GB is the Videos API's fileSizeBytes maximum; its specifications say 500 MB"),
		aside(cite(strictBytes(rules.LinkedIn, "video.strict_bytes", "LinkedIn's video specifications", videos, 500*MB, 5*GB),
			refuses(reread, srcLinkedInV, "75 KB to 500 MB", "File size: 75KB to 500MB"),
			linkedInV5GB),
			"the same page's fileSizeBytes field allows 5 GB"),
		cite(formats(rules.LinkedIn, "document.format", docs, "pdf", "ppt", "pptx", "doc", "docx"),
			refuses(reread, srcLinkedInD, "PPT, PPTX, DOC, DOCX, PDF", "<=100MB, <=300 pages; PPT, PPTX, DOC, DOCX, PDF")),
		cite(maxBytes(rules.LinkedIn, "document.max_bytes", docs, 0, 100*MB), refuses(reread, srcLinkedInD, "100 MB", "<=100MB, <=300 pages; PPT, PPTX, DOC, DOCX, PDF")),
		cite(func() Rule {
			r := rule(rules.LinkedIn, "document.pages", "at most 300 pages", docs, func(f Facts) (string, bool) {
				if f.Pages <= 300 {
					return "", false
				}
				return fmt.Sprintf("LinkedIn takes documents of at most 300 pages; this one has %d", f.Pages), true
			})
			r.unknown = unknownPages
			return r
		}(), refuses(reread, srcLinkedInD, "300 pages", "<=100MB, <=300 pages; PPT, PPTX, DOC, DOCX, PDF")),
		cite(unread(rules.LinkedIn), recommends(reread, srcLinkedInI, "the facts its media rules need", "")),

		// Facebook: the Pages API, Page Stories and Meta's photo upload error.
		cite(takes(rules.Facebook, KindImage, KindGIF, KindVideo), refuses(reread, srcFacebookP, "photos and videos", "")),
		note(cite(formats(rules.Facebook, "image.format", stills, "jpeg", "png", "gif", "bmp", "tiff", "webp", "heic", "heif"),
			refuses(reread, srcFBPhotoErr, "JPG, PNG, GIF, TIFF, HEIF, WebP", fbPhotoErrQuote),
			refuses(reread, srcFBStories, ".jpeg, .bmp, .png, .gif, .tiff", "File type .jpeg, .bmp, .png, .gif, .tiff")),
			"the union of two Meta lists (HEIF: HEIC and the other HEIF codecs); "+avifNote("neither")),
		aside(note(cite(maxBytes(rules.Facebook, "image.max_bytes", stills, 0, 10*MB),
			fbStories10MB,
			refuses(reread, srcFBPhotoErr, "less than 4 MB (Meta's photo upload error)", fbPhotoErrQuote)),
			"Meta's sources disagree: 10 MB on the Page Stories page, less than 4 MB in its photo upload error; the error sits at 10 MB, facebook.image.strict_bytes warns past 4 MB"),
			"10 MB is Meta's Page Stories figure; its photo upload error says less than 4 MB"),
		aside(cite(strictBytes(rules.Facebook, "image.strict_bytes", "Meta's photo upload error", stills, 4*MB, 10*MB),
			refuses(reread, srcFBPhotoErr, "less than 4 MB", fbPhotoErrQuote),
			fbStories10MB),
			"Meta's Page Stories page says 10 MB"),
		note(cite(warn(maxBytes(rules.Facebook, "video.max_bytes", videos, 0, 10*GB)),
			recommends(reread, srcFBPeer, "10 GB (a peer)", ""),
			recommends(reread, srcFBVideoErr, "2 GB (error 1363023, 2020)", "The video you tried to upload is too large. The maximum size for a video is 2 GB.")),
			"no Meta page read states 10 GB (peers do); Meta's 2020 error text says 2 GB and to ask Facebook for capacity, and a Page's own limit is its video_upload_limits; a warning, not an error"),
		note(cite(warn(duration(rules.Facebook, "video.duration", 0, 240*60)), recommends(reread, srcFBPeer, "4 h (a peer)", "")),
			"no Meta page read states a duration for Page videos (Reels are 3-90 s); 4 h is the peers' figure, so a warning"),
		cite(unread(rules.Facebook), recommends(reread, srcFacebookP, "the facts its media rules need", "")),

		// YouTube: videos.insert and its discovery document.
		cite(takes(rules.YouTube, KindVideo), refuses(reread, srcYTDiscovery, "video/*", "\"accept\": [\"video/*\", \"application/octet-stream\"]")),
		note(cite(maxBytes(rules.YouTube, "video.max_bytes", videos, 0, 256*GiB), refuses(reread, srcYTDiscovery, "maxSize 274877906944", "\"maxSize\": \"274877906944\"")),
			"the discovery document's maxSize for videos.insert: 256 GiB"),
		cite(duration(rules.YouTube, "video.duration", 0, 12*3600), refuses(reread, srcYTHelp, "12 h (verified)", "12 hours long, or 128 GB, whichever is less")),
		aside(note(cite(strictDuration(rules.YouTube, "video.unverified_duration", "YouTube, for channels that are not verified,", 15*60, 12*3600),
			refuses(reread, srcYTHelp, "15 min (unverified channels)", "If you aren't verified, the length of your YouTube videos is limited to 15 minutes.")),
			"a channel's verification is not known here; a warning past 15 min"),
			"verified channels upload up to 12 h"),
		cite(unread(rules.YouTube), recommends(reread, srcYouTube, "the facts its media rules need", "")),

		// Pinterest: its help and product pages.
		cite(takes(rules.Pinterest, KindImage, KindGIF, KindVideo), pinSpecs("images and videos", "")),
		aside(note(cite(formats(rules.Pinterest, "image.format", stills, "bmp", "jpeg", "png", "tiff", "gif", "webp"),
			pinHelpFormats,
			recommends(reread, srcPinPeer, "BMP, JPEG, PNG, TIFF, GIF, WEBP", "Supported formats: BMP, JPEG, PNG, TIFF, GIF, Animated GIF, and WEBP.")),
			"an error only outside every format a source shows taken; pinterest.image.strict_format warns outside PNG and JPEG (Pinterest's product page); "+avifNote("no Pinterest source")),
			"its product page lists PNG and JPEG only"),
		aside(cite(strictFormats(rules.Pinterest, "image.strict_format", "Pinterest's product page", stills, []string{"bmp", "jpeg", "png", "tiff", "gif", "webp"}, []string{"png", "jpeg"}),
			refuses(reread, srcPinProduct, "PNG or JPEG", "File type: PNG or JPEG"),
			pinHelpFormats),
			"its help page also lists BMP, TIFF and WEBP"),
		aside(note(cite(maxBytes(rules.Pinterest, "image.max_bytes", stills, 0, 20*MB),
			pinHelp20MB,
			refuses(reread, srcPinSpecs, "20 MB desktop, 32 MB in-app", "Max file size Desktop 20 MB, In-app 32 MB"),
			pinProduct10MB),
			"Pinterest's pages disagree: 20 MB on the web (32 MB in its app), 10 MB on its product page; the error sits at 20 MB, pinterest.image.strict_bytes warns past 10 MB"),
			"20 MB is Pinterest's figure for the web; its product page says 10 MB"),
		aside(cite(strictBytes(rules.Pinterest, "image.strict_bytes", "Pinterest's product page", stills, 10*MB, 20*MB),
			pinProduct10MB,
			pinHelp20MB),
			"its help page says 20 MB on the web"),
		cite(formats(rules.Pinterest, "video.format", videos, "mp4", "mov"), pinSpecs(".mp4, .mov, .m4v", "File type: .mp4, .mov or .m4v.")),
		aside(note(cite(duration(rules.Pinterest, "video.duration", 4, 15*60),
			pinSpecs15min,
			pinHelp5min),
			"Pinterest's pages disagree: 15 min on its product specs, 5 min on its pin specs; the error sits at 15 min, pinterest.video.strict_duration warns past 5 min"),
			"15 min is Pinterest's product-specs figure; its pin specs say 5 min"),
		aside(cite(strictDuration(rules.Pinterest, "video.strict_duration", "Pinterest's pin specs", 5*60, 15*60),
			pinHelp5min,
			pinSpecs15min),
			"its product specs say 15 min"),
		cite(aspect(rules.Pinterest, "video.aspect_ratio", videos, 0.5, 1.91, "1:2", "1.91:1"), pinSpecs("1:2 to 1.91:1", "Aspect ratio: Shorter than 1:2 (width:height), taller than 1.91:1.")),
		note(cite(maxBytes(rules.Pinterest, "video.max_bytes", videos, 0, 2*GB), pinSpecs("2 GB", "Max file size: Up to 2GB.")),
			"1 GB in a peer's copy; the book follows Pinterest's page"),
		cite(unread(rules.Pinterest), recommends(reread, srcPinSpecs, "the facts its media rules need", "")),

		// Google Business Profile: photo guidelines (local posts take no video through the API).
		cite(takes(rules.GoogleBusiness, KindImage), googleHelp("photos", "")),
		note(cite(formats(rules.GoogleBusiness, "image.format", stills, "jpeg", "png"), googleHelp("JPG or PNG", "Format: JPG or PNG")), avifNote("Google's photo guidelines")),
		cite(maxBytes(rules.GoogleBusiness, "image.max_bytes", stills, 10*kB, 5*MB), googleHelp("10 KB to 5 MB", "Between 10 KB and 5 MB")),
		cite(sides(rules.GoogleBusiness, "image.pixels", stills, 250, 0), googleHelp("at least 250x250", "")),
		cite(warn(sides(rules.GoogleBusiness, "image.recommended_pixels", stills, 720, 0)), recommends(firstRead, srcGoogle, "720x720 recommended", "")),
		cite(unread(rules.GoogleBusiness), recommends(firstRead, srcGoogle, "the facts its media rules need", "")),

		// Bluesky: the lexicons of app.bsky.embed.images and .video, and the official app.
		cite(takes(rules.Bluesky, KindImage, KindGIF, KindVideo), refuses(reread, srcBskyImages, "image/* blobs; video/mp4", "")),
		note(cite(formats(rules.Bluesky, "image.format", stills, "jpeg", "png", "webp", "gif", "heic", "heif", "avif", "bmp", "tiff"),
			refuses(reread, srcBskyImages, "image/*", "\"accept\": [\"image/*\"]")),
			"the lexicon accepts any image/* blob: every image format the probe names, AVIF, HEIC and other HEIF among them"),
		cite(maxBytes(rules.Bluesky, "image.max_bytes", stills, 0, 2*MB), refuses(reread, srcBskyImages, "maxSize 2000000", "The raw image file. May be up to 2 MB, formerly limited to 1 MB.")),
		cite(formats(rules.Bluesky, "video.format", videos, "mp4"), refuses(reread, srcBskyVideo, "video/mp4", "\"accept\": [\"video/mp4\"]")),
		cite(maxBytes(rules.Bluesky, "video.max_bytes", videos, 0, 300*MB), refuses(reread, srcBskyVideo, "maxSize 300000000", "The mp4 video file. May be up to 300mb, formerly limited to 100mb.")),
		note(cite(duration(rules.Bluesky, "video.duration", 0, 10*60),
			refuses(reread, srcBskyApp, "10 min (VIDEO_MAX_DURATION_MS)", "export const VIDEO_MAX_DURATION_MS = 10 * 60 * 1000 // 10 minutes in milliseconds")),
			"the lexicon states no duration; the official app's cap is 10 min (it was 3 min)"),
		cite(unread(rules.Bluesky), recommends(reread, srcBskyImages, "the facts its media rules need", "")),
	},
)
