// Package remedy turns a media file that a platform refuses into a plan that makes it
// fit: a remux when moving the moov box to the front or dropping edit lists is enough,
// otherwise one ffmpeg command that scales, crops or pads, sets the frame rate, trims,
// re-encodes to H.264 and AAC, and aims under the size cap.
//
// Every target figure comes from the platform's media rules (rules/media): the plan asks
// media.Judge of changed facts where a rule's edge lies, and checks the facts it expects
// of its output with media.Judge before offering it. A plan is data (ffmpeg's argument
// list and a sentence per step); it never runs anything. A platform whose refusal has no
// mechanical remedy (a video for a platform that takes images, a document) gets a plan
// of action "none" that says why.
package remedy

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/media"
)

// Actions of a plan.
const (
	ActionFits   = "fits"   // the file fits already: nothing to do
	ActionRemux  = "remux"  // the streams are copied into a new container
	ActionEncode = "encode" // the picture and/or the sound are re-encoded
	ActionNone   = "none"   // no mechanical remedy: Why says why
)

// Aspect choices: how a picture outside the platform's aspect ratios is brought in.
const (
	AspectAuto = ""     // crop when it cuts at most a fifth of the picture, else pad
	AspectCrop = "crop" // cut the long side, centred
	AspectPad  = "pad"  // add black bars on the short side
)

// cropShare is the most of the picture AspectAuto crops away; past it, it pads.
const cropShare = 0.20

// Options tune a plan.
type Options struct {
	// Aspect is AspectAuto, AspectCrop or AspectPad.
	Aspect string
}

// Plan is what makes one file fit one platform.
type Plan struct {
	// Platform is the platform the plan is for.
	Platform rules.Platform `json:"platform"`
	// Action is fits, remux, encode or none.
	Action string `json:"action"`
	// Why says, for action none, why no plan makes the file fit.
	Why string `json:"why,omitempty"`
	// Fixes are the ids of the rules the file breaks, which the plan mends.
	Fixes []string `json:"fixes"`
	// Steps says each change, for people, in the order ffmpeg makes them.
	Steps []string `json:"steps"`
	// Ext is the output file's extension, with its dot (".mp4", ".jpg").
	Ext string `json:"ext,omitempty"`
	// Expect is the facts the plan expects of its output (Bytes: the most it aims at);
	// media.Judge finds no problem in them.
	Expect media.Facts `json:"-"`

	inArgs []string // ffmpeg's options for the input, before -i
	args   []string // ffmpeg's arguments between the input and the output
}

// Argv is the plan's ffmpeg command as an argument list: ffmpeg reading in and writing
// out. nil for a plan of action fits or none.
func (pl Plan) Argv(in, out string) []string {
	if pl.Action != ActionRemux && pl.Action != ActionEncode {
		return nil
	}
	argv := append([]string{"ffmpeg", "-hide_banner", "-nostdin", "-y"}, pl.inArgs...)
	argv = append(argv, "-i", in)
	argv = append(argv, pl.args...)
	return append(argv, out)
}

// Command is Argv as one line a POSIX shell runs as is: every argument that is not
// plainly safe is single-quoted.
func (pl Plan) Command(in, out string) string {
	argv := pl.Argv(in, out)
	q := make([]string, len(argv))
	for i, a := range argv {
		q[i] = ShellQuote(a)
	}
	return strings.Join(q, " ")
}

// ShellQuote is s as one word of a POSIX shell: as is when every byte is a letter, a
// digit or one of @%+=:,./_-, else in single quotes, each quote in it closed, escaped
// and reopened. A word that starts with - stays as it is (quotes would not stop ffmpeg
// reading it as an option, so the CLI gives such a file as file:./-x).
func ShellQuote(s string) string {
	if s == "" {
		return "''"
	}
	safe := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("@%+=:,./_-", c) >= 0) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// For is the plan that makes f fit platform p: ActionFits when it fits already,
// ActionNone with Why when nothing mechanical makes it fit. Its cost is a bounded number
// of media.Judge calls whatever f says.
func For(f media.Facts, p rules.Platform, opt Options) Plan {
	problems, _ := media.Judge(p, f)
	pl := Plan{Platform: p, Fixes: []string{}, Steps: []string{}}
	if len(problems) == 0 {
		pl.Action = ActionFits
		return pl
	}
	for _, pr := range problems {
		pl.Fixes = append(pl.Fixes, pr.Rule)
	}
	none := func(why string) Plan {
		pl.Action, pl.Why, pl.Steps = ActionNone, why, []string{}
		return pl
	}
	broken := classes(p, f)
	if f.Kind == media.KindDocument {
		return none("ffmpeg does not rewrite documents; the author must change it: " + messages(problems))
	}
	for c := range broken {
		if c == classOther || c == classPages {
			return none("no plan mends this rule: " + messages(problems))
		}
	}
	if f.Encrypted {
		// ffmpeg reads a CENC file's boxes but cannot decode its samples without the
		// key: a re-encode fails, and a remux keeps the encryption.
		return none("the file is encrypted (its tracks are protected, e.g. CENC): no ffmpeg plan can change it without the key; export it again without encryption, then ask again")
	}
	b := &builder{p: p, f: f, t: f, opt: opt, framedW: f.Width, framedH: f.Height}
	if broken[classKind] {
		switch {
		case f.Kind == media.KindGIF && f.Frames > 1 && takes(p, media.KindVideo):
			b.gifToVideo()
		case (f.Kind == media.KindGIF || f.Kind == media.KindImage) && takes(p, media.KindImage):
			b.toStill()
		default:
			return none(messages(problems))
		}
	} else if f.Kind == media.KindGIF && f.Frames > 1 && takes(p, media.KindVideo) {
		// A GIF past a platform's GIF caps (pixels, frames, bytes) posts as a video:
		// platforms play GIFs as silent looping video anyway.
		b.gifToVideo()
	} else if f.Kind == media.KindGIF {
		b.toStill()
	}
	var why string
	if b.t.Kind == media.KindVideo {
		why = b.video()
	} else {
		why = b.still()
	}
	if why != "" {
		return none(why)
	}
	if left, _ := media.Judge(p, b.t); len(left) > 0 {
		return none("the changes a plan can make still leave: " + messages(left))
	}
	pl.Action, pl.Steps, pl.Ext, pl.Expect, pl.inArgs, pl.args = b.action, b.steps, b.ext, b.t, b.inArgs, b.args
	return pl
}

func messages(ps []media.Problem) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Message
	}
	return strings.Join(out, "; ")
}

// builder gathers a plan: t is the facts the output is to have, steps and args what
// makes them.
type builder struct {
	p       rules.Platform
	f, t    media.Facts
	opt     Options
	steps   []string
	args    []string
	filter  []string // the video filter chain
	turn    []string // the filters that turn a still to its displayed orientation
	inArgs  []string // ffmpeg's options for the input
	action  string
	ext     string
	fromGIF bool // the input is an animated GIF turned into a video
	// framedW and framedH are the picture's size after a crop or pad (the input's
	// before one): what a scale starts from.
	framedW, framedH int
}

func (b *builder) step(format string, a ...any) { b.steps = append(b.steps, fmt.Sprintf(format, a...)) }

func (b *builder) gifToVideo() {
	b.fromGIF = true
	rate := 0.0
	if b.f.Duration > 0 {
		rate = float64(b.f.Frames) / b.f.Duration
	}
	b.t.Kind, b.t.Format, b.t.VideoCodec, b.t.AudioCodec, b.t.FrameRate = media.KindVideo, "mp4", "h264", "none", rate
	b.t.Frames = 0
	b.step("turn the animated GIF into an MP4 video (H.264, no sound), as platforms play GIFs")
}

func (b *builder) toStill() {
	b.t.Kind, b.t.Frames, b.t.Duration = media.KindImage, 0, 0
	if b.f.Frames > 1 {
		b.step("keep the first frame as a still image (the platform takes no animation)")
	}
}

// even rounds n to the nearest even number of at least 2 (H.264's 4:2:0 needs even
// sides).
func even(n float64) int {
	e := int(math.Round(n/2)) * 2
	return max(e, 2)
}

// aspect brings t's picture within the platform's aspect ratios by cropping or padding;
// false when no ratio between the picture's and 1:1 fits.
func (b *builder) aspect() bool {
	if !breaks(b.p, b.t, classAspect) {
		return true
	}
	return b.reframe(func(q float64) bool {
		g := b.t
		g.Width, g.Height = int(math.Round(q*1e6)), 1e6
		return !breaks(b.p, g, classAspect)
	}, "the platform's nearest")
}

// scalable says whether a picture of aspect q can be scaled to fit the platform's pixel
// and aspect rules: a geometric grid of scales (16 an octave) from 1/1024 to 1024 of a
// 1000 px side.
func (b *builder) scalable(q float64) bool {
	w, h := 1000*q, 1000.0
	for i := -10 * 16; i <= 10*16; i++ {
		k := math.Pow(2, float64(i)/16)
		g := withSize(b.t, max(int(math.Round(w*k)), 1), max(int(math.Round(h*k)), 1))
		if !breaks(b.p, g, classPixels) && !breaks(b.p, g, classAspect) {
			return true
		}
	}
	return false
}

// reframe crops or pads t's picture to the aspect ratio nearest its own that ratioOK
// takes, between its own and 1:1 (why says whose ratio it is); false when 1:1 is not
// taken either.
func (b *builder) reframe(ratioOK func(float64) bool, why0 string) bool {
	w, h := float64(b.t.Width), float64(b.t.Height)
	r := w / h
	if !ratioOK(1) {
		return false
	}
	q := edge(ratioOK, r, 1, 1e-5)
	// Aim a rounding inside the edge (the rules allow half a percent either way for the
	// platforms' own rounding, 1080x566 for 1.91:1): 3:1 itself, not 3.015:1.
	if inner := q / 1.005; r > q && ratioOK(inner) {
		q = inner
	} else if inner := q * 1.005; r < q && ratioOK(inner) {
		q = inner
	}
	dimsOK := func(x, y int) bool { return ratioOK(float64(x) / float64(y)) }
	// Crop: keep the short side and cut the long one; pad: keep the long side.
	var cw, ch, pw, ph int
	// The bisection leaves q a hair off: floor and ceil forgive a twentieth of a pixel
	// (the nudges below catch what that lets through).
	floor := func(x float64) int { return int(math.Floor(x + 0.05)) }
	ceil := func(x float64) int { return int(math.Ceil(x - 0.05)) }
	if r > q { // too wide
		ch, cw = int(h), floor(h*q)
		pw, ph = int(w), ceil(w/q)
	} else { // too tall
		cw, ch = int(w), floor(w/q)
		pw, ph = ceil(h*q), int(h)
	}
	cut := 1 - float64(cw*ch)/(w*h)
	mode := b.opt.Aspect
	why := ""
	if mode == AspectAuto {
		if cut <= cropShare {
			mode, why = AspectCrop, fmt.Sprintf(" (chosen: cropping cuts %.0f%% of the picture, at most a fifth; --aspect pad keeps it all)", cut*100)
		} else {
			mode, why = AspectPad, fmt.Sprintf(" (chosen: cropping would cut %.0f%% of the picture, more than a fifth; --aspect crop fills the frame)", cut*100)
		}
	}
	ratio := strconv.FormatFloat(q, 'f', 3, 64)
	if mode == AspectCrop {
		// Nudge inwards until the rounded picture passes.
		for i := 0; i < 8 && !dimsOK(cw, ch); i++ {
			if r > q {
				cw--
			} else {
				ch--
			}
		}
		b.filter = append(b.filter, fmt.Sprintf("crop=%d:%d", cw, ch))
		b.step("crop the centre to %dx%d (aspect %s:1, %s)%s", cw, ch, ratio, why0, why)
		b.t.Width, b.t.Height = cw, ch
		b.framedW, b.framedH = cw, ch
	} else {
		for i := 0; i < 8 && !dimsOK(pw, ph); i++ {
			if r > q {
				ph++
			} else {
				pw++
			}
		}
		b.filter = append(b.filter, fmt.Sprintf("pad=%d:%d:(ow-iw)/2:(oh-ih)/2:black", pw, ph))
		b.step("pad with black bars to %dx%d (aspect %s:1, %s)%s", pw, ph, ratio, why0, why)
		b.t.Width, b.t.Height = pw, ph
		b.framedW, b.framedH = pw, ph
	}
	return true
}

func withFormat(f media.Facts, format string) media.Facts { f.Format = format; return f }

func withSize(f media.Facts, w, h int) media.Facts { f.Width, f.Height = w, h; return f }

// size scales t's picture, keeping its aspect ratio, to the pixel bounds of the
// platform's rules (sides, width, pixel count, a GIF's pixels over all frames), as
// little as it can; false when no scale fits. evenSides rounds to even sides.
func (b *builder) size(evenSides bool) bool {
	w, h := float64(b.t.Width), float64(b.t.Height)
	dims := func(k float64) (int, int) {
		if evenSides {
			return even(w * k), even(h * k)
		}
		return max(int(math.Round(w*k)), 1), max(int(math.Round(h*k)), 1)
	}
	passes := func(k float64) bool {
		x, y := dims(k)
		g := withSize(b.t, x, y)
		return !breaks(b.p, g, classPixels) && !breaks(b.p, g, classAspect)
	}
	sw, sh := dims(1)
	if passes(1) {
		if sw != b.t.Width || sh != b.t.Height {
			b.t.Width, b.t.Height = sw, sh
			b.step("round the picture to even sides, %dx%d (H.264 needs them)", sw, sh)
		}
		return true
	}
	// The scales that fit may be a narrow window (an 11:1 picture between 360 and 4096
	// px a side): a grid of 64 steps an octave, nearest 1 first, then the edge.
	k := 0.0
	for i := 1; i <= 10*64 && k == 0; i++ {
		if down := math.Pow(2, -float64(i)/64); passes(down) {
			k = edge(passes, 1, down, 1e-5)
		} else if up := math.Pow(2, float64(i)/64); passes(up) {
			k = edge(passes, 1, up, 1e-5)
		}
	}
	if k == 0 {
		return false
	}
	x, y := dims(k)
	b.step("scale from %dx%d to %dx%d (the platform's pixel limits)", b.t.Width, b.t.Height, x, y)
	b.t.Width, b.t.Height = x, y
	return true
}

// byteCap is the most bytes the platform takes of t's kind (0: no cap) and the fewest
// (0: no floor).
func byteCap(p rules.Platform, t media.Facts) (lo, hi int64) {
	passes := func(n float64) bool {
		g := t
		g.Bytes = int64(n)
		return !breaks(p, g, classBytes)
	}
	const huge = float64(1 << 50)
	ok := -1.0
	for n := huge; n >= 1; n /= 4 {
		if passes(n) {
			ok = n
			break
		}
	}
	if ok < 0 {
		return 0, 0
	}
	if !passes(huge) {
		hi = int64(edge(passes, huge, ok, 0.5))
	}
	if !passes(1) {
		lo = int64(edge(passes, 1, ok, 0.5)) // passes truncates, so the floor is the whole part
		if !passes(float64(lo)) {
			lo++
		}
	}
	return lo, hi
}

var extOf = map[string]string{"jpeg": ".jpg", "png": ".png", "webp": ".webp", "gif": ".gif", "bmp": ".bmp", "tiff": ".tiff",
	"mp4": ".mp4", "mov": ".mov", "webm": ".webm", "mkv": ".mkv"}

// still plans an image: format, aspect, pixels and size, encoded as one frame.
func (b *builder) still() string {
	t := &b.t
	if b.f.Kind != media.KindVideo && (b.f.Format == "heic" || b.f.Format == "heif") {
		return "Debian 12's ffmpeg (5.1) reads no HEIF image; convert it to JPEG first (heif-convert, from libheif-examples), then ask again"
	}
	if b.f.Format == "webp" && b.f.Frames > 1 {
		return "Debian 12's ffmpeg (5.1) reads no animated WebP; take its frames out first (anim_dump, from webp), then ask again"
	}
	if b.f.Rotation != 0 || b.f.Mirrored {
		b.turnAsDisplayed()
	}
	lo, hi := byteCap(b.p, *t)
	formatStep, why := b.stillFormat(lo, hi)
	if why != "" {
		return why
	}
	if t.Format == "gif" {
		// A GIF of one frame is still a GIF to the probe, and to the platform's GIF rules.
		t.Kind, t.Frames = media.KindGIF, 1
	}
	if !b.aspect() {
		return "no aspect ratio fits: " + messages(judgeOf(b.p, *t, classAspect))
	}
	if !b.size(false) && !(b.reframe(b.scalable, "the nearest a scale fits the pixel limits at") && b.size(false)) {
		return "no size of the picture fits: " + messages(judgeOf(b.p, *t, classPixels))
	}
	if hi > 0 && t.Bytes > hi {
		if why := b.shrinkUnder(hi); why != "" {
			return why
		}
	}
	quality, stored := "3", false
	if lo > 0 && (t.Bytes < floorReach*lo || t.Width*t.Height > b.f.Width*b.f.Height) {
		quality, stored = b.reachFloor(lo, hi, formatStep)
	}
	b.stillArgs(quality, stored)
	b.action, b.ext = ActionEncode, extOf[t.Format]
	if b.ext == "" {
		b.ext = "." + t.Format
	}
	return ""
}

// turnAsDisplayed turns the picture to its displayed orientation. ffmpeg 5.1 applies a
// JPEG's EXIF orientation but not a PNG's eXIf nor an AVIF's irot and imir: the plan
// turns the picture itself, from its coded orientation, and writes none.
func (b *builder) turnAsDisplayed() {
	t := &b.t
	b.inArgs = []string{"-noautorotate"}
	switch b.f.Rotation {
	case 90:
		b.turn = append(b.turn, "transpose=clock")
	case 180:
		b.turn = append(b.turn, "hflip", "vflip")
	case 270:
		b.turn = append(b.turn, "transpose=cclock")
	}
	if b.f.Mirrored {
		b.turn = append(b.turn, "hflip")
	}
	t.Rotation, t.Mirrored = 0, false
	b.step("store the picture as displayed (turned %d degrees%s; no orientation tag is written)", b.f.Rotation, map[bool]string{true: " and mirrored", false: ""}[b.f.Mirrored])
}

// stillFormat picks the image format the platform takes, JPEG where the file must be
// brought within the byte range [lo, hi] (0: no bound): it returns the index of the step
// that says the format (-1: none), which reachFloor may change.
func (b *builder) stillFormat(lo, hi int64) (formatStep int, why string) {
	t := &b.t
	formatStep = -1
	// Past the cap, or under the floor, JPEG is the format whose size a plan can steer.
	if breaks(b.p, *t, classFormat) || ((hi > 0 && t.Bytes > hi || lo > 0 && t.Bytes < lo) && t.Format != "jpeg" && !breaks(b.p, withFormat(*t, "jpeg"), classFormat)) {
		format := firstFitting(b.p, *t, classFormat, []string{"jpeg", "png", "webp"}, func(g *media.Facts, s string) { g.Format = s })
		if format == "" {
			return -1, "no image format ffmpeg writes (JPEG, PNG, WebP) is one the platform takes"
		}
		if format != t.Format {
			formatStep = len(b.steps)
			b.step("re-encode %s as %s", strings.ToUpper(b.f.Format), strings.ToUpper(format))
		}
		t.Format = format
	}
	return formatStep, ""
}

// shrinkUnder scales the picture down so that, at the format's bytes a pixel, it stays
// under the cap hi less SizeMargin.
func (b *builder) shrinkUnder(hi int64) string {
	t := &b.t
	bpp := jpegBytesPerPixel
	if t.Format == "png" {
		bpp = 4 // 8-bit RGBA, unfiltered: PNG's worst case
	}
	budget := float64(hi) * (1 - SizeMargin)
	if area := float64(t.Width) * float64(t.Height); area*bpp > budget {
		k := math.Sqrt(budget / bpp / area)
		x, y := max(int(float64(t.Width)*k), 1), max(int(float64(t.Height)*k), 1)
		if breaks(b.p, withSize(*t, x, y), classPixels) {
			return fmt.Sprintf("the picture would have to shrink to %dx%d to stay under %d bytes, which the platform's pixel rules refuse", x, y, hi)
		}
		b.step("scale to %dx%d so that at %.1f bytes a pixel it stays under %d bytes less a %.0f%% margin", x, y, bpp, hi, SizeMargin*100)
		t.Width, t.Height = x, y
	}
	t.Bytes = int64(budget)
	return ""
}

// reachFloor makes the file reach the floor lo near it: a PNG stored without
// compression, whose size is known before it is written (3 bytes a pixel and a byte a
// row), where that fits under hi; else JPEG at its highest quality. It returns the JPEG
// quality and whether the PNG is stored.
func (b *builder) reachFloor(lo, hi int64, formatStep int) (quality string, stored bool) {
	t := &b.t
	raw := int64(t.Height) * (int64(t.Width)*3 + 1)
	if raw >= lo && (hi == 0 || float64(raw) <= float64(hi)*(1-SizeMargin)) && !breaks(b.p, withFormat(*t, "png"), classFormat) {
		switch {
		case formatStep >= 0 && b.f.Format == "png":
			b.steps = slices.Delete(b.steps, formatStep, formatStep+1)
		case formatStep >= 0:
			b.steps[formatStep] = fmt.Sprintf("re-encode %s as PNG", strings.ToUpper(b.f.Format))
		case t.Format != "png":
			b.step("re-encode %s as PNG", strings.ToUpper(b.f.Format))
		}
		t.Format = "png"
		b.step("store the PNG uncompressed (%d bytes) so the file reaches the platform's floor of %d bytes", raw, lo)
		t.Bytes = raw
		return "3", true
	}
	b.step("encode at the highest quality so the file reaches the platform's floor of %d bytes", lo)
	t.Bytes = max(t.Bytes, lo)
	return "1", false
}

// stillArgs appends ffmpeg's options for one frame in the planned format: the filters
// (the turn first), the encoder and its quality.
func (b *builder) stillArgs(quality string, stored bool) {
	t := &b.t
	b.args = append(b.args, "-frames:v", "1")
	if t.Width != b.framedW || t.Height != b.framedH {
		b.filter = append(b.filter, fmt.Sprintf("scale=%d:%d", t.Width, t.Height))
	}
	if len(b.turn) > 0 {
		b.filter = append(slices.Clone(b.turn), b.filter...)
	}
	if len(b.filter) > 0 {
		b.args = append(b.args, "-vf", strings.Join(b.filter, ","))
	}
	switch t.Format {
	case "jpeg":
		// At a floor, no chroma subsampling: 4:4:4 writes half as much again.
		pix := map[string]string{"3": "yuvj420p", "1": "yuvj444p"}[quality]
		b.args = append(b.args, "-c:v", "mjpeg", "-pix_fmt", pix, "-q:v", quality)
	case "png":
		b.args = append(b.args, "-c:v", "png", "-pix_fmt", "rgb24")
		if stored {
			b.args = append(b.args, "-compression_level", "0")
		}
	case "webp":
		b.args = append(b.args, "-c:v", "libwebp", "-quality", "90")
	}
	if t.Format == "jpeg" && len(b.steps) == 0 {
		b.step("re-encode as JPEG")
	}
}

func judgeOf(p rules.Platform, f media.Facts, c class) []media.Problem {
	problems, _ := media.Judge(p, f)
	return slices.DeleteFunc(problems, func(pr media.Problem) bool { return classOf(pr.Rule) != c })
}
