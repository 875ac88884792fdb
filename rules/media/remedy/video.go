package remedy

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/postrules/postrules/rules/media"
)

// Candidates a plan tries, in order of preference, and keeps the first the platform's
// rules take.
var (
	videoFormats = []string{"mp4", "mov"}
	videoCodecs  = []string{"h264", "hevc"}
	sampleRates  = []int{48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000}
	frameRates   = []float64{30, 25, 24, 60, 50, 48}
)

// durationMargin is how far inside a platform's duration range a plan trims or pads to
// (seconds): an encoder's last audio frame may outlast the picture by a few
// milliseconds.
const durationMargin = 0.25

// video plans a video (or a GIF turned into one).
func (b *builder) video() string {
	t := &b.t
	broken := classes(b.p, *t)
	encode := b.fromGIF
	if broken[classFormat] {
		format := firstFitting(b.p, *t, classFormat, videoFormats, func(g *media.Facts, s string) { g.Format = s })
		if format == "" {
			return "no container ffmpeg writes (MP4, MOV) is one the platform takes"
		}
		b.step("put the streams in %s", strings.ToUpper(format))
		t.Format = format
	}
	if broken[classFaststart] {
		b.step("move the moov box to the front (fast start)")
	}
	if broken[classEditList] {
		b.step("drop the edit list (the whole of each track plays)")
	}
	t.Faststart, t.EditList = t.Format == "mp4" || t.Format == "mov", false
	if broken[classCodec] {
		encode = true
	}
	if broken[classSquare] && b.f.PixelAspect != "" {
		encode = true
		if why := b.squarePixels(); why != "" {
			return why
		}
	}
	if broken[classFrameRate] || (b.fromGIF && breaks(b.p, *t, classFrameRate)) {
		encode = true
		if why := b.frameRate(); why != "" {
			return why
		}
	}
	if broken[classAspect] {
		encode = true
		if !b.aspect() {
			return "no aspect ratio fits: " + messages(judgeOf(b.p, *t, classAspect))
		}
	}
	if broken[classPixels] || breaks(b.p, *t, classPixels) {
		encode = true
	}
	if encode && !b.size(true) && !(b.reframe(b.scalable, "the nearest a scale fits the pixel limits at") && b.size(true)) {
		return "no size of the picture fits: " + messages(judgeOf(b.p, *t, classPixels))
	}
	var cut cuts
	if broken[classDuration] {
		encode = true
		var why string
		if cut, why = b.duration(); why != "" {
			return why
		}
	}
	sound := t.AudioCodec != "none"
	if broken[classAudio] {
		encode = true
	}
	lo, hi := byteCap(b.p, *t)
	overCap := hi > 0 && t.Bytes > hi
	underFloor := lo > 0 && t.Bytes < lo
	if overCap || underFloor {
		encode = true
	}
	// A re-encoded file's size is unknown before it is written: near a floor (within
	// floorReach of it, or from a GIF, which H.264 shrinks many times over) the plan
	// holds the floor's rate rather than hope.
	underFloor = underFloor || encode && lo > 0 && (b.fromGIF || t.Bytes < floorReach*lo)
	if !encode {
		b.action, b.ext = ActionRemux, extOf[t.Format]
		b.args = []string{"-map", "0:v:0", "-map", "0:a:0?", "-c", "copy"}
		if t.Faststart {
			b.args = append(b.args, "-movflags", "+faststart", "-use_editlist", "0")
		}
		return ""
	}
	return b.encode(sound, byteRange{lo, hi, overCap, underFloor}, cut)
}

// byteRange is the platform's range of file sizes [lo, hi] (0: no bound), and whether
// the plan must bring the file under hi or hold it over lo.
type byteRange struct {
	lo, hi              int64
	overCap, underFloor bool
}

// encode plans a re-encoding: H.264 (or HEVC) in MP4 (or MOV), AAC sound, at the rates
// that keep it in the byte range, cut as planned, the moov at the front.
func (b *builder) encode(sound bool, size byteRange, cut cuts) string {
	t := &b.t
	if !(t.Format == "mp4" || t.Format == "mov") || breaks(b.p, *t, classFormat) {
		format := firstFitting(b.p, *t, classFormat, videoFormats, func(g *media.Facts, s string) { g.Format = s })
		if format == "" {
			return "no container ffmpeg writes (MP4, MOV) is one the platform takes"
		}
		t.Format = format
	}
	t.Faststart = true
	codec := firstFitting(b.p, *t, classCodec, videoCodecs, func(g *media.Facts, s string) { g.VideoCodec = s })
	if codec == "" {
		return "no video codec ffmpeg writes here (H.264, HEVC) is one the platform takes"
	}
	if codec != b.f.VideoCodec || b.fromGIF {
		b.step("encode the picture as %s", map[string]string{"h264": "H.264", "hevc": "HEVC"}[codec])
	}
	t.VideoCodec = codec
	var audioArgs []string
	if sound {
		var why string
		if audioArgs, why = b.aac(); why != "" {
			return why
		}
	}
	r, why := b.bitrate(size, sound)
	if why != "" {
		return why
	}
	b.encodeArgs(codec, sound, audioArgs, r, cut)
	b.action, b.ext = ActionEncode, extOf[t.Format]
	return ""
}

// squarePixels stretches the picture so that its pixels are square.
func (b *builder) squarePixels() string {
	t := &b.t
	num, den, ok := strings.Cut(b.f.PixelAspect, ":")
	n, err1 := strconv.Atoi(num)
	d, err2 := strconv.Atoi(den)
	if !ok || err1 != nil || err2 != nil || n <= 0 || d <= 0 {
		return "the pixel aspect ratio " + b.f.PixelAspect + " cannot be read"
	}
	w := even(float64(t.Width) * float64(n) / float64(d))
	b.filter = append(b.filter, fmt.Sprintf("scale=%d:%d", w, t.Height), "setsar=1")
	b.step("stretch the pixels square: %dx%d with a pixel aspect of %s shows as %dx%d", t.Width, t.Height, b.f.PixelAspect, w, t.Height)
	t.Width, t.PixelAspect = w, ""
	return ""
}

// frameRate sets the common frame rate the platform takes nearest the video's.
func (b *builder) frameRate() string {
	t := &b.t
	from := t.FrameRate
	best, bestGap := 0.0, math.Inf(1)
	for _, r := range frameRates {
		g := *t
		g.FrameRate = r
		if gap := math.Abs(r - from); !breaks(b.p, g, classFrameRate) && gap < bestGap {
			best, bestGap = r, gap
		}
	}
	if best == 0 {
		return "no common frame rate (24, 25, 30, 48, 50, 60 fps) fits: " + messages(judgeOf(b.p, *t, classFrameRate))
	}
	b.filter = append(b.filter, "fps="+strconv.FormatFloat(best, 'f', -1, 64))
	if from > 0 {
		b.step("set the frame rate from %.4g to %g fps (frames repeated or dropped)", from, best)
	} else {
		b.step("set the frame rate to %g fps", best)
	}
	t.FrameRate, t.VariableFrameRate = best, false
	return ""
}

// cuts are the seconds a plan trims a video to, or pads it to; 0 for neither.
type cuts struct{ trim, pad float64 }

// duration finds the duration nearest the video's that the platform takes, halving or
// doubling until one passes and then bisecting to the range's edge, durationMargin
// inside it: a trim to it, or a pad to it.
func (b *builder) duration() (cuts, string) {
	t := &b.t
	var c cuts
	passes := func(d float64) bool { g := *t; g.Duration = d; return !breaks(b.p, g, classDuration) }
	for i := 1; i <= 40; i++ {
		if down := t.Duration / math.Pow(2, float64(i)); passes(down) {
			d := edge(passes, t.Duration, down, 1e-3)
			c.trim = math.Floor((d-durationMargin)*100) / 100
			if !passes(c.trim) {
				c.trim = d
			}
			b.step("trim to the first %s s (the platform takes at most %.4g s)", strconv.FormatFloat(c.trim, 'f', -1, 64), d)
			t.Duration = c.trim
			return c, ""
		} else if up := t.Duration * math.Pow(2, float64(i)); passes(up) {
			d := edge(passes, t.Duration, up, 1e-3)
			c.pad = math.Ceil((d+durationMargin)*100) / 100
			if !passes(c.pad) {
				c.pad = d
			}
			b.step("hold the last frame (and silence) to %s s (the platform takes at least %.4g s)", strconv.FormatFloat(c.pad, 'f', -1, 64), d)
			t.Duration = c.pad
			return c, ""
		}
	}
	return c, "no duration fits: " + messages(judgeOf(b.p, *t, classDuration))
}

// aac plans the sound as AAC: at most two channels, and the highest common sample rate
// the platform takes that is not above the source's. It returns ffmpeg's options for
// the changed rate and channels.
func (b *builder) aac() (audioArgs []string, why string) {
	t := &b.t
	aac := *t
	aac.AudioCodec = "aac"
	if aac.AudioChannels > 2 || aac.AudioChannels == 0 {
		aac.AudioChannels = 2
	}
	for aac.AudioChannels > 1 && breaks(b.p, aac, classAudio) {
		aac.AudioChannels--
	}
	rate := 0
	for _, r := range sampleRates {
		g := aac
		g.AudioSampleRate = r
		if (t.AudioSampleRate == 0 || r <= t.AudioSampleRate) && !breaks(b.p, g, classAudio) {
			rate = r
			break
		}
	}
	if rate == 0 {
		return nil, "no AAC sample rate fits: " + messages(judgeOf(b.p, aac, classAudio))
	}
	aac.AudioSampleRate = rate
	what := "encode the sound as AAC"
	if b.f.AudioCodec == "aac" {
		what = "re-encode the AAC sound"
	}
	if rate != t.AudioSampleRate {
		what += fmt.Sprintf(" at %d Hz", rate)
		audioArgs = append(audioArgs, "-ar", strconv.Itoa(rate))
	}
	if aac.AudioChannels != t.AudioChannels {
		what += fmt.Sprintf(", %d channel(s)", aac.AudioChannels)
		audioArgs = append(audioArgs, "-ac", strconv.Itoa(aac.AudioChannels))
	}
	b.step("%s", what)
	*t = aac
	return audioArgs, ""
}

// rates are ffmpeg's options for the bitrates of an encoding: the video's (rate, and
// x264's own for a constant rate) and the sound's bits a second.
type rates struct {
	video, x264 []string
	audio       int64
}

// bitrate plans the rates that keep the file within the platform's byte range; a
// quality (CRF 20) when neither bound is near.
func (b *builder) bitrate(size byteRange, sound bool) (rates, string) {
	t := &b.t
	lo, hi, overCap, underFloor := size.lo, size.hi, size.overCap, size.underFloor
	r := rates{video: []string{"-crf", "20"}, audio: int64(audioBitrate)}
	if hi > 0 {
		if t.Duration <= 0 {
			if overCap {
				return r, "the file is over the platform's size cap and does not state its duration, so no bitrate can be computed"
			}
		} else {
			v, a, ok := underCap(hi, t.Duration, sound)
			if !ok {
				return r, fmt.Sprintf("%s s of video cannot fit in %d bytes at %d bit/s or more", strconv.FormatFloat(t.Duration, 'f', -1, 64), hi, minVideoBitrate)
			}
			r.audio = max(a, lowAudioBitrate)
			vs := strconv.FormatInt(v, 10)
			if overCap {
				r.video = []string{"-b:v", vs, "-maxrate", vs, "-bufsize", vs}
				b.step("aim at %d bytes, %.0f%% under the platform's cap of %d: video at %d bit/s (a buffer of one second), sound at %d bit/s",
					int64(float64(hi)*(1-SizeMargin)), SizeMargin*100, hi, v, r.audio)
			} else if v < ceilingBitrate {
				r.video = append(r.video, "-maxrate", vs, "-bufsize", vs)
			}
			t.Bytes = min(t.Bytes, int64(float64(hi)*(1-SizeMargin)))
		}
	}
	if underFloor {
		if t.Duration <= 0 {
			return r, "the file is under the platform's size floor and does not state its duration"
		}
		v := strconv.FormatInt(overFloor(lo, t.Duration), 10)
		r.video = []string{"-b:v", v, "-minrate", v, "-maxrate", v, "-bufsize", v}
		r.x264 = []string{"-x264-params", "nal-hrd=cbr"}
		b.step("hold a constant %s bit/s (with filler) so the file reaches the platform's floor of %d bytes", v, lo)
		t.Bytes = max(t.Bytes, lo)
	}
	return r, ""
}

// encodeArgs sets b.args to ffmpeg's options for the planned encoding: the filters, the
// picture in codec, the sound (when the video has any) in AAC, the rates, the cut, and
// the moov at the front.
func (b *builder) encodeArgs(codec string, sound bool, audioArgs []string, r rates, c cuts) {
	t := &b.t
	if c.pad > 0 {
		b.filter = append(b.filter, fmt.Sprintf("tpad=stop_mode=clone:stop_duration=%s", strconv.FormatFloat(c.pad, 'f', -1, 64)))
	}
	if t.Width != b.f.Width || t.Height != b.f.Height {
		b.filter = append(b.filter, fmt.Sprintf("scale=%d:%d", t.Width, t.Height), "setsar=1")
	}
	args := []string{"-map", "0:v:0"}
	if sound {
		args = append(args, "-map", "0:a:0?")
	}
	if len(b.filter) > 0 {
		args = append(args, "-vf", strings.Join(b.filter, ","))
	}
	if codec == "hevc" {
		args = append(args, "-c:v", "libx265", "-tag:v", "hvc1", "-x265-params", "log-level=error")
	} else {
		args = append(args, "-c:v", "libx264", "-preset", "medium", "-profile:v", "high")
		args = append(args, r.x264...)
	}
	args = append(args, "-pix_fmt", "yuv420p")
	args = append(args, r.video...)
	if sound {
		args = append(args, "-c:a", "aac", "-b:a", strconv.FormatInt(r.audio, 10))
		args = append(args, audioArgs...)
		if c.pad > 0 {
			args = append(args, "-af", "apad")
		}
	} else {
		args = append(args, "-an")
	}
	if c.trim > 0 {
		args = append(args, "-t", strconv.FormatFloat(c.trim, 'f', -1, 64))
	} else if c.pad > 0 {
		args = append(args, "-t", strconv.FormatFloat(c.pad, 'f', -1, 64))
	}
	b.args = append(args, "-movflags", "+faststart")
}
