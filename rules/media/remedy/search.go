package remedy

// The figures a plan aims at are read from the media rules themselves: a search asks
// media.Judge whether a changed copy of the facts still breaks a rule of one class. No
// figure of the rule book is restated here, so a figure changed in the book moves every
// plan with it.

import (
	"strings"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/media"
)

// class is the kind of fact a media rule judges, read from its id
// (<platform>.<kind>.<check>).
type class int

const (
	classOther class = iota
	classKind
	classFormat
	classBytes
	classAspect
	classPixels
	classFrames
	classDuration
	classFrameRate
	classCodec
	classAudio
	classFaststart
	classEditList
	classSquare
	classPages
)

// classSuffixes name the class of a rule by how its check ends, tried in order.
var classSuffixes = [...]struct {
	suffix string
	c      class
}{
	{".format", classFormat},
	{".max_bytes", classBytes},
	{".aspect_ratio", classAspect},
	{".square_pixels", classSquare},
	{".pixels", classPixels},
	{".width", classPixels},
	{".total_pixels", classPixels},
	{".duration", classDuration},
	{".frame_rate", classFrameRate},
	{".codec", classCodec},
	{".audio", classAudio},
	{".faststart", classFaststart},
	{".edit_list", classEditList},
	{".pages", classPages},
}

// classOf is the class of the rule whose id is id; classOther for a rule no plan knows.
func classOf(id string) class {
	check := id[strings.IndexByte(id, '.')+1:]
	switch check {
	case "file.kind":
		return classKind
	case "gif.frames", "image.gif_frames":
		return classFrames
	}
	for _, s := range classSuffixes {
		if strings.HasSuffix(check, s.suffix) {
			return s.c
		}
	}
	return classOther
}

// breaks says whether the platform's media rules refuse f under a rule of class c.
func breaks(p rules.Platform, f media.Facts, c class) bool {
	problems, _ := media.Judge(p, f)
	for _, pr := range problems {
		if classOf(pr.Rule) == c {
			return true
		}
	}
	return false
}

// classes is the set of classes of the rules Judge says f breaks.
func classes(p rules.Platform, f media.Facts) map[class]bool {
	problems, _ := media.Judge(p, f)
	out := make(map[class]bool, len(problems))
	for _, pr := range problems {
		out[classOf(pr.Rule)] = true
	}
	return out
}

// edge is the point nearest fail that passes, between a point that fails and one that
// passes, found by bisection to within tol: the edge of a range a rule allows.
func edge(pass func(float64) bool, fail, ok, tol float64) float64 {
	for i := 0; i < 64 && abs(ok-fail) > tol; i++ {
		mid := (fail + ok) / 2
		if pass(mid) {
			ok = mid
		} else {
			fail = mid
		}
	}
	return ok
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// takes says whether the platform takes files of kind at all.
func takes(p rules.Platform, kind string) bool {
	return !breaks(p, media.Facts{Kind: kind}, classKind)
}

// firstFitting is the first of candidates that, set by set, leaves no rule of class c
// broken; "" when none does.
func firstFitting(p rules.Platform, f media.Facts, c class, candidates []string, set func(*media.Facts, string)) string {
	for _, cand := range candidates {
		g := f
		set(&g, cand)
		if !breaks(p, g, c) {
			return cand
		}
	}
	return ""
}
