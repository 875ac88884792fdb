// Package media is the media probe: the facts of an image, a video or a document read
// from its headers alone.
//
// [Probe] reads an [io.ReaderAt] the way Go's image/* DecodeConfig functions read a
// stream: only the headers, with every read bounded by what the probe has budgeted, never
// by what a header claims. A 1 GB MP4 whose moov box sits at its end is read at its head
// and at its moov, nothing in between; a box that declares 4 GB allocates nothing of the
// sort. The facts are given as displayed: a video track's rotation matrix and a photo's
// EXIF orientation are applied to its width and height.
//
// The probe never fetches a URL: the caller hands it the bytes (a server the file its
// upload endpoint stored, a composer the file the user picked).
package media

import (
	"fmt"
	"io"
	"strings"

	"github.com/postrules/postrules/rules/apierror"
)

// Kinds of media.
const (
	KindImage    = "image"    // a still image
	KindGIF      = "gif"      // a GIF, animated or not (platforms treat GIFs apart)
	KindVideo    = "video"    // a video, with or without sound
	KindDocument = "document" // a PDF or an Office document (PPT, PPTX, DOC, DOCX)
)

// Facts are what the headers of one file say, as displayed. A fact that does not apply to
// the format is left at its zero value and omitted from JSON.
type Facts struct {
	// Kind is "image", "gif", "video" or "document".
	Kind string `json:"kind"`
	// Format is the container or image format: "jpeg", "png", "gif", "webp", "heic",
	// "avif", "heif" (a HEIF image of another codec than HEVC and AV1: AVC, JPEG, JPEG
	// 2000, VVC), "bmp", "tiff", "mp4", "mov", "webm", "mkv" (Matroska other than WebM),
	// "pdf", "ppt", "pptx", "doc" or "docx".
	Format string `json:"format"`
	// MIME is the media type of Format, e.g. "video/mp4".
	MIME string `json:"mime"`
	// Bytes is the size of the file in bytes, as given to Probe.
	Bytes int64 `json:"bytes"`
	// Width and Height are the pixel dimensions as displayed: after the video track's
	// rotation or the photo's EXIF orientation (orientations 5 to 8 swap them). 0 for a
	// document.
	Width  int `json:"width"`
	Height int `json:"height"`
	// Rotation is the clockwise rotation in degrees (0, 90, 180 or 270) applied to the
	// coded picture to display it.
	Rotation int `json:"rotation"`
	// Mirrored is true when the picture is also flipped left to right to display it (after
	// Rotation): a track matrix with a reflection, EXIF orientations 2, 4, 5 and 7, a HEIF
	// imir. Width and Height are as displayed either way.
	Mirrored bool `json:"mirrored,omitempty"`
	// PixelAspect is a video's sample (pixel) aspect ratio, "H:V" in lowest terms, when
	// its pixels are not square (an MP4/MOV pasp box other than 1:1); "" for square
	// pixels.
	PixelAspect string `json:"pixelAspect,omitempty"`
	// Duration is the length of a video in seconds (or of an animated GIF/WebP/AVIF when
	// its frame delays say so); 0 when the headers do not say (a live WebM). A fragmented
	// MP4's counts the samples of the moov and of every fragment.
	Duration float64 `json:"duration,omitempty"`
	// FrameRate is the video's average frame rate in frames per second.
	FrameRate float64 `json:"frameRate,omitempty"`
	// VariableFrameRate is true when the video's frame durations differ (the last frame's
	// duration excepted, which muxers often shorten).
	VariableFrameRate bool `json:"variableFrameRate,omitempty"`
	// VideoCodec is "h264", "hevc", "vp8", "vp9" or "av1" (or the container's own four
	// characters for a codec the probe does not name).
	VideoCodec string `json:"videoCodec,omitempty"`
	// VideoProfile is the codec's profile as its configuration record gives it, e.g.
	// "High" for H.264, "Main 10" for HEVC, "0" for VP9 and AV1 (their numbered profiles).
	VideoProfile string `json:"videoProfile,omitempty"`
	// AudioCodec is "aac", "mp3", "opus", "vorbis", "ac3", "eac3", "flac", "alac", "pcm"
	// (or the container's own code for another), or "none" for a video without sound.
	AudioCodec string `json:"audioCodec,omitempty"`
	// AudioSampleRate is the audio's sample rate in Hz.
	AudioSampleRate int `json:"audioSampleRate,omitempty"`
	// AudioChannels is the number of audio channels.
	AudioChannels int `json:"audioChannels,omitempty"`
	// Faststart is true when an MP4/MOV's moov box comes before its mdat (the file can be
	// played while it downloads). Only MP4 and MOV set it; it is always in the JSON, since
	// false is the fact that matters (a platform that streams refuses the file).
	Faststart bool `json:"faststart"`
	// EditList is true when the video or sound track of an MP4/MOV has an edit list (elst)
	// that matters: several mapped edits, an empty edit that delays the start by more
	// than one sample of the track, an edit that cuts the media (its segment shorter than
	// the media by more than one sample, or media_time past the B-frame delay or, for
	// sound, past 100 ms of encoder priming), or a rate other than 1. A one-entry list
	// that skips only the priming or the composition offset, as ffmpeg writes for
	// H.264+AAC, is no edit (see iso_edit.go).
	EditList bool `json:"editList,omitempty"`
	// Encrypted is true when a video or sound track of an MP4/MOV is protected: its sample
	// entry (encv, enca) holds a Protection Scheme Information box (sinf, ISO/IEC 14496-12
	// §8.12), as Common Encryption (CENC, ISO/IEC 23001-7) writes. Its samples cannot be
	// decoded, by a platform's transcoder or by ffmpeg, without the key; the codec fields
	// name the original format (frma).
	Encrypted bool `json:"encrypted,omitempty"`
	// Frames is the number of frames of a GIF or an animated WebP/PNG/AVIF (an AVIF or
	// HEIF image sequence's samples).
	Frames int `json:"frames,omitempty"`
	// Pages is the page count of a PDF (0 when the PDF's page tree cannot be reached with
	// bounded reads; see docs/media.md).
	Pages int `json:"pages,omitempty"`
	// Unread says, for people, what the probe could not read in a file whose kind and size
	// it still knows (damaged EXIF, bytes after the last box, an unknown item type), one
	// entry per thing left out, each naming the box, segment or field; the facts it would
	// have given are left at their zero values. Faces show each entry as a warning. Empty
	// when the whole header was read.
	Unread []string `json:"unread,omitempty"`
}

// Error codes of the probe. Every error Probe returns is a *apierror.Error with one of them
// and Offset set to the byte offset in the file where the problem was found.
const (
	CodeEmpty        = apierror.CodeMediaEmpty
	CodeUnrecognized = apierror.CodeMediaUnrecognized
	CodeTruncated    = apierror.CodeMediaTruncated
	CodeCorrupt      = apierror.CodeMediaCorrupt
)

// Probe reads the headers of the file r of size bytes and returns its facts. The error is
// always a *apierror.Error whose Code is one of media_empty, media_unrecognized,
// media_truncated and media_corrupt and whose Offset is the byte offset (0 to size) of
// the problem. Probe reads at most a bounded number of bytes whatever the file claims
// (see docs/media.md) and is safe for concurrent use as long as r is.
func Probe(r io.ReaderAt, size int64) (Facts, error) {
	rd := &reader{r: r, size: size, budget: readBudget}
	f, err := probe(rd)
	if err != nil {
		return Facts{}, err
	}
	return f, nil
}

// probe is Probe over a reader the tests can inspect (bytes read).
func probe(rd *reader) (f Facts, err error) {
	if rd.size <= 0 {
		return Facts{}, errAt(CodeEmpty, 0, "the file is empty")
	}
	head, err := rd.at(0, int(min(rd.size, sniffLen)))
	if err != nil {
		return Facts{}, err
	}
	var fn func(*reader, []byte) (Facts, error)
	switch {
	case len(head) >= 3 && head[0] == 0xFF && head[1] == 0xD8 && head[2] == 0xFF:
		fn = probeJPEG
	case hasPrefix(head, "\x89PNG\r\n\x1a\n"):
		fn = probePNG
	case hasPrefix(head, "GIF87a") || hasPrefix(head, "GIF89a"):
		fn = probeGIF
	case hasPrefix(head, "RIFF") && len(head) >= 12 && string(head[8:12]) == "WEBP":
		fn = probeWebP
	case hasPrefix(head, "BM"):
		fn = probeBMP
	case hasPrefix(head, "II*\x00") || hasPrefix(head, "MM\x00*"):
		fn = probeTIFF
	case hasPrefix(head, "\x1a\x45\xdf\xa3"):
		fn = probeWebM
	case hasPrefix(head, "%PDF-"):
		fn = probePDF
	case hasPrefix(head, "PK\x03\x04"):
		fn = probeOOXML
	case hasPrefix(head, "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"):
		fn = probeOLE2
	case len(head) >= 8 && isBoxType(head[4:8]):
		fn = probeISO
	default:
		return Facts{}, errAt(CodeUnrecognized, 0, fmt.Sprintf("the file starts with %s, which is no image, video or document the probe knows (JPEG, PNG, GIF, WebP, HEIC, AVIF, HEIF, BMP, TIFF, MP4, MOV, WebM, Matroska, PDF, PPT, PPTX, DOC, DOCX)", quoteBytes(head[:min(len(head), 8)])))
	}
	f, err = fn(rd, head)
	if err != nil {
		return Facts{}, err
	}
	f.Bytes = rd.size
	f.MIME = mimeOf(f.Format)
	return f, nil
}

// sniffLen is how much of the head the probe reads at once to recognise the format.
const sniffLen = 64

func mimeOf(format string) string {
	switch format {
	case "jpeg", "png", "gif", "webp", "heic", "bmp", "tiff":
		return "image/" + format
	case "avif", "heif": // HEIF of AV1, and of another codec than HEVC or AV1 (AVC, JPEG, ...)
		return "image/" + format
	case "mp4", "webm":
		return "video/" + format
	case "mov":
		return "video/quicktime"
	case "mkv":
		return "video/x-matroska"
	case "pdf":
		return "application/pdf"
	case "ppt":
		return "application/vnd.ms-powerpoint"
	case "pptx":
		return "application/vnd.openxmlformats-officedocument.presentationml.presentation"
	case "doc":
		return "application/msword"
	case "docx":
		return "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
	}
	return "application/octet-stream"
}

func hasPrefix(b []byte, s string) bool { return len(b) >= len(s) && string(b[:len(s)]) == s }

// errAt is the probe's one error constructor: an apierror.Error located at a byte offset of
// the file.
func errAt(code apierror.Code, off int64, msg string) *apierror.Error {
	if at := fmt.Sprintf("byte %d", off); !strings.Contains(msg, at) {
		msg += " (at " + at + ")"
	}
	e := apierror.New(code, "", msg)
	e.Offset = int(off)
	return e
}

// quoteBytes renders a few bytes of a file for a message: printable ASCII as is, the rest
// as \xNN, in double quotes.
func quoteBytes(b []byte) string {
	const hex = "0123456789abcdef"
	out := make([]byte, 0, len(b)*4+2)
	out = append(out, '"')
	for _, c := range b {
		switch {
		case c == '"' || c == '\\':
			out = append(out, '\\', c)
		case c >= 0x20 && c < 0x7f:
			out = append(out, c)
		default:
			out = append(out, '\\', 'x', hex[c>>4], hex[c&15])
		}
	}
	return string(append(out, '"'))
}
