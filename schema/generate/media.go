package generate

import (
	"math"
	"slices"
	"sync"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
)

// The media facts here are found, not written: a few ordinary files per kind are the
// starting points, and which of them a platform takes, which change breaks which media
// rule, and where each numeric limit lies are asked of media.Judge (bisecting a
// number between a file that fits and one that does not), once, when first needed. So
// the facts stay true when a media rule's figure changes.

// starts are ordinary files of each kind: a square JPEG, a portrait PNG, a landscape
// JPEG, a short GIF, portrait and landscape H.264/AAC MP4s, a PDF.
var starts = []media.Facts{
	{Kind: media.KindImage, Format: "jpeg", MIME: "image/jpeg", Bytes: 200_000, Width: 1080, Height: 1080},
	{Kind: media.KindImage, Format: "png", MIME: "image/png", Bytes: 900_000, Width: 1080, Height: 1350},
	{Kind: media.KindImage, Format: "jpeg", MIME: "image/jpeg", Bytes: 300_000, Width: 1200, Height: 900},
	{Kind: media.KindGIF, Format: "gif", MIME: "image/gif", Bytes: 400_000, Width: 480, Height: 480, Frames: 20, Duration: 2},
	// a large GIF near X's caps, so that its frames can pass X's total-pixel cap
	// before its frame cap
	{Kind: media.KindGIF, Format: "gif", MIME: "image/gif", Bytes: 4_000_000, Width: 1200, Height: 1000, Frames: 200, Duration: 8},
	{Kind: media.KindVideo, Format: "mp4", MIME: "video/mp4", Bytes: 8_000_000, Width: 1080, Height: 1920, Duration: 20, FrameRate: 30,
		VideoCodec: "h264", VideoProfile: "High", AudioCodec: "aac", AudioSampleRate: 44100, AudioChannels: 2, Faststart: true},
	{Kind: media.KindVideo, Format: "mp4", MIME: "video/mp4", Bytes: 6_000_000, Width: 1280, Height: 720, Duration: 12, FrameRate: 30,
		VideoCodec: "h264", VideoProfile: "Main", AudioCodec: "aac", AudioSampleRate: 48000, AudioChannels: 2, Faststart: true},
	{Kind: media.KindDocument, Format: "pdf", MIME: "application/pdf", Bytes: 1_000_000, Pages: 8},
}

// startOf is the first start of kind.
func startOf(kind string) media.Facts {
	for _, f := range starts {
		if f.Kind == kind {
			return f
		}
	}
	return media.Facts{Kind: kind}
}

// formats are the formats the probe names, with their kind and MIME type.
var formats = []media.Facts{
	{Kind: media.KindImage, Format: "jpeg", MIME: "image/jpeg"}, {Kind: media.KindImage, Format: "png", MIME: "image/png"},
	{Kind: media.KindImage, Format: "webp", MIME: "image/webp"}, {Kind: media.KindImage, Format: "heic", MIME: "image/heic"},
	{Kind: media.KindImage, Format: "bmp", MIME: "image/bmp"}, {Kind: media.KindImage, Format: "tiff", MIME: "image/tiff"},
	{Kind: media.KindImage, Format: "avif", MIME: "image/avif"}, {Kind: media.KindGIF, Format: "gif", MIME: "image/gif"},
	{Kind: media.KindVideo, Format: "mp4", MIME: "video/mp4"}, {Kind: media.KindVideo, Format: "mov", MIME: "video/quicktime"},
	{Kind: media.KindVideo, Format: "webm", MIME: "video/webm"}, {Kind: media.KindVideo, Format: "mkv", MIME: "video/x-matroska"},
	{Kind: media.KindDocument, Format: "pdf", MIME: "application/pdf"},
	{Kind: media.KindDocument, Format: "ppt", MIME: "application/vnd.ms-powerpoint"},
	{Kind: media.KindDocument, Format: "doc", MIME: "application/msword"},
	{Kind: media.KindDocument, Format: "pptx", MIME: "application/vnd.openxmlformats-officedocument.presentationml.presentation"},
	{Kind: media.KindDocument, Format: "docx", MIME: "application/vnd.openxmlformats-officedocument.wordprocessingml.document"},
}

// numeric is a number of the facts a bisection can move: get and set it as a float, the
// extremes to try, and whether it is whole.
type numeric struct {
	name  string
	get   func(f media.Facts) float64
	set   func(f *media.Facts, v float64)
	ends  []float64
	whole bool
}

var numerics = []numeric{
	{"bytes", func(f media.Facts) float64 { return float64(f.Bytes) }, func(f *media.Facts, v float64) { f.Bytes = int64(v) }, []float64{1, 1 << 42}, true},
	{"width", func(f media.Facts) float64 { return float64(f.Width) }, func(f *media.Facts, v float64) { f.Width = int(v) }, []float64{1, 100_000}, true},
	{"height", func(f media.Facts) float64 { return float64(f.Height) }, func(f *media.Facts, v float64) { f.Height = int(v) }, []float64{1, 100_000}, true},
	{"size", func(f media.Facts) float64 { return float64(f.Width) }, func(f *media.Facts, v float64) {
		r := float64(f.Height) / float64(max(f.Width, 1))
		f.Width, f.Height = int(v), max(1, int(v*r))
	}, []float64{1, 100_000}, true},
	{"duration", func(f media.Facts) float64 { return f.Duration }, func(f *media.Facts, v float64) { f.Duration = v }, []float64{0.01, 1e7}, false},
	{"frameRate", func(f media.Facts) float64 { return f.FrameRate }, func(f *media.Facts, v float64) { f.FrameRate = v }, []float64{1, 1000}, false},
	{"audioSampleRate", func(f media.Facts) float64 { return float64(f.AudioSampleRate) }, func(f *media.Facts, v float64) { f.AudioSampleRate = int(v) }, []float64{8000, 384000}, true},
	{"audioChannels", func(f media.Facts) float64 { return float64(f.AudioChannels) }, func(f *media.Facts, v float64) { f.AudioChannels = int(v) }, []float64{1, 16}, true},
	{"frames", func(f media.Facts) float64 { return float64(f.Frames) }, func(f *media.Facts, v float64) { f.Frames = int(v) }, []float64{1, 1_000_000}, true},
	{"pages", func(f media.Facts) float64 { return float64(f.Pages) }, func(f *media.Facts, v float64) { f.Pages = int(v) }, []float64{1, 1_000_000}, true},
}

// changes are the other ways a file can differ: its format, codecs, layout.
func changes(f media.Facts) []media.Facts {
	var out []media.Facts
	for _, x := range formats {
		g := f
		if x.Kind != f.Kind {
			// another kind's file states other facts (a JPEG turned video would state no
			// duration and meet "could not be checked", not the rule): start from an
			// ordinary file of that kind
			g = startOf(x.Kind)
		}
		g.Kind, g.Format, g.MIME = x.Kind, x.Format, x.MIME
		out = append(out, g)
	}
	for _, c := range []string{"hevc", "vp8", "vp9", "av1", "mp4v"} {
		g := f
		g.VideoCodec, g.VideoProfile = c, ""
		out = append(out, g)
	}
	for _, c := range []string{"mp3", "opus", "vorbis", "ac3", "flac", "pcm", "none"} {
		g := f
		g.AudioCodec = c
		if c == "none" {
			g.AudioSampleRate, g.AudioChannels = 0, 0
		}
		out = append(out, g)
	}
	g := f
	g.Faststart = false
	out = append(out, g)
	g = f
	g.EditList = true
	out = append(out, g)
	g = f
	g.PixelAspect = "4:3"
	out = append(out, g)
	g = f
	g.VariableFrameRate = true
	out = append(out, g)
	g = f
	g.VideoProfile = "High 10"
	out = append(out, g)
	g = f
	// a part the probe could not read (a damaged EXIF block, bytes past the last box)
	g.Unread = []string{"the bytes past the last box"}
	out = append(out, g)
	return out
}

// breaker is how facts come to break one media rule alone: a start changed, and for a
// number, the first value that breaks (found by bisection) and the farthest tried.
type breaker struct {
	facts media.Facts // the start with the change applied (at the first breaking value)
	num   *numeric    // nil for a change that is no number
	first float64     // the first value that breaks
	far   float64     // the extreme value, also breaking it alone
}

// judged is media.Judge's problems as rule ids.
func judged(p rules.Platform, f media.Facts) []string {
	ps, _ := media.Judge(p, f)
	return ruleIDs(ps)
}

// warned is media.Judge's warnings as rule ids.
func warned(p rules.Platform, f media.Facts) []string {
	_, ws := media.Judge(p, f)
	return ruleIDs(ws)
}

func ruleIDs(ps []media.Problem) []string {
	ids := make([]string, len(ps))
	for i, x := range ps {
		ids[i] = x.Rule
	}
	return ids
}

// alone1 is the one rule f breaks (or, breaking none, the one warning rule it gets), ""
// when it breaks or warns of more or none. A warning that names an error rule (the rule
// could not be checked: the facts do not state what it needs) breaks no rule.
func alone1(p rules.Platform, f media.Facts) string {
	if ids := judged(p, f); len(ids) > 0 {
		if len(ids) == 1 {
			return ids[0]
		}
		return ""
	}
	if ids := warned(p, f); len(ids) == 1 && mediaWarningRules()[ids[0]] {
		return ids[0]
	}
	return ""
}

// mediaWarningRules are the ids of the media rules whose severity is warning.
var mediaWarningRules = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, r := range media.Rules() {
		if r.Severity == rules.SeverityWarning {
			out[r.ID] = true
		}
	}
	return out
})

// only reports whether f breaks rule id of p and nothing else (for a warning: breaks
// nothing and gets that warning alone).
func only(p rules.Platform, id string, f media.Facts) bool { return alone1(p, f) == id }

var mediaFound struct {
	once     sync.Once
	breakers map[string][]breaker // by media rule id
}

// breakers are the ways found to break each media rule alone.
func breakers() map[string][]breaker {
	mediaFound.once.Do(func() {
		out := map[string][]breaker{}
		for _, p := range rules.Platforms() {
			for _, f0 := range starts {
				if len(judged(p, f0)) > 0 || len(warned(p, f0)) > 0 {
					continue
				}
				for _, g := range changes(f0) {
					if id := alone1(p, g); id != "" {
						out[id] = append(out[id], breaker{facts: g})
					}
				}
				for k := range numerics {
					n := &numerics[k]
					base := n.get(f0)
					if base == 0 {
						continue
					}
					seen := map[string]bool{}
					for _, end := range n.ends {
						// a ladder from the start to the extreme: each rule first met
						// alone on it is bisected back to its first breaking value
						for step := 1; step <= 48; step++ {
							v := base * math.Pow(end/base, float64(step)/48)
							if n.whole {
								v = math.Round(v)
							}
							g := f0
							n.set(&g, v)
							id := alone1(p, g)
							if id == "" || seen[id] {
								continue
							}
							seen[id] = true
							first := bisect(p, id, f0, n, v)
							h := f0
							n.set(&h, first)
							if only(p, id, h) {
								out[id] = append(out[id], breaker{facts: h, num: n, first: first, far: v})
							}
						}
					}
				}
			}
		}
		mediaFound.breakers = out
	})
	return mediaFound.breakers
}

// bisect is the value of n nearest to f0's that breaks rule id, between f0's (fits) and
// end (breaks it).
func bisect(p rules.Platform, id string, f0 media.Facts, n *numeric, end float64) float64 {
	lo, hi := n.get(f0), end // lo fits, hi breaks
	for i := 0; i < 200; i++ {
		mid := (lo + hi) / 2
		if n.whole {
			mid = math.Trunc(mid)
			if mid == lo || mid == hi {
				break
			}
		} else if mid == lo || mid == hi {
			break
		}
		g := f0
		n.set(&g, mid)
		if slices.Contains(judged(p, g), id) || slices.Contains(warned(p, g), id) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}

// brokenFacts are facts that break media rule id alone, drawn among the ways found: at
// the first breaking value of a number or beyond it; ok false when none was found.
func brokenFacts(d *draws, p rules.Platform, id string) (media.Facts, bool) {
	bs := breakers()[id]
	if len(bs) == 0 {
		return media.Facts{}, false
	}
	b := pick(d, bs)
	f := b.facts
	if b.num != nil && d.flag() {
		v := b.first + (b.far-b.first)*float64(d.intn(1000))/1000
		if b.num.whole {
			v = math.Trunc(v)
		}
		g := f
		b.num.set(&g, v)
		if only(p, id, g) {
			f = g
		}
	}
	return f, true
}

// fittingFacts are facts of kind every platform of ps takes without a problem; ok
// false when no start does.
func fittingFacts(d *draws, ps []rules.Platform, kind string) (media.Facts, bool) {
	var fit []media.Facts
	for _, f := range starts {
		if f.Kind != kind {
			continue
		}
		all := true
		for _, p := range ps {
			all = all && len(judged(p, f)) == 0
		}
		if all {
			fit = append(fit, f)
		}
	}
	if len(fit) == 0 {
		return media.Facts{}, false
	}
	return pick(d, fit), true
}

// mediaRuleCase is a body of r's platform whose one media item's facts break media rule
// r alone; the item's type is the facts' kind when the platform's book rules take it
// (else a type they do: the file's facts, not the item's type, are judged).
func mediaRuleCase(d *draws, r media.Rule) (*Case, bool) {
	f, ok := brokenFacts(d, r.Platform, r.ID)
	if !ok {
		return nil, false
	}
	b, ok := newBase(d, []rules.Platform{r.Platform})
	if !ok {
		return nil, false
	}
	for _, typ := range []string{f.Kind, "image", "video"} {
		m := items(typ)
		t := drawTarget(d, r.Platform, m, b.p.content)
		if !alone(t, b.p.content, m) {
			continue
		}
		t.accountID = b.p.targets[0].accountID
		b.p.targets[0], b.p.media = t, m
		b.facts = map[string]media.Facts{m[0].URL: f}
		c := b.refused(r.ID, bytesOf(b.p.json()), apierror.CodeInvalidMedia, r.ID, "/mediaItems/0")
		if r.Severity != rules.SeverityError {
			c.Expect.Valid, c.Expect.HTTPStatus = true, 0
		}
		return c, true
	}
	return nil, false
}
