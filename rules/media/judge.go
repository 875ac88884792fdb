package media

// The platforms' media rules: formats, file size, pixels, aspect ratio, duration, frame
// rate, codecs and audio, per platform, each with its sources as data (judge_table.go).
// The table has the shape of the rule book's declarations (id, what, severity, sources,
// note) so that Book lists it with the book's rules; Judge applies it to Facts.

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
	// ID is the stable id, <platform>.<file|image|gif|video|document>.<check>.
	ID string `json:"id"`
	// Platform is the platform's wire name.
	Platform rules.Platform `json:"platform"`
	// What says what the rule checks, for people.
	What string `json:"what"`
	// Severity is error or warning. It follows the sources (DESIGN.md rule 8): an error
	// only where one of them refuses.
	Severity rules.Severity `json:"severity"`
	// Source is the URL of the first of Sources.
	Source string `json:"source"`
	// Read is the date (YYYY-MM-DD) the first of Sources was read.
	Read string `json:"read"`
	// Sources are every source of the rule's figure, as data: URL, date read, figure,
	// whether it refuses or recommends, and its words.
	Sources []rules.Source `json:"sources"`
	// Note says where sources disagree and which reading the rule follows.
	Note string `json:"note,omitempty"`

	kinds []string                     // the kinds of media the rule applies to
	check func(f Facts) (string, bool) // the message of a file that breaks the rule
	// unknown names the fact the check needs that f does not state ("its duration"),
	// "" when the check can run; nil when the rule needs nothing a file may leave out.
	unknown func(f Facts) string
	// each gives one message per problem for a rule that can be broken several times
	// over (file.unread); nil for the others.
	each func(f Facts) []string
	// aside is said after the message, in parentheses: the other sources' figures
	// where a platform's sources disagree.
	aside string
	// companion marks the warning of a pair whose error rule already says when a fact
	// it needs is unknown.
	companion bool
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
// rules.TextRules() then its media rules as rules.Rule values, sources included. A media rule
// has no integer limit (its figures are ranges and ratios): they are in What.
func Book() []rules.Rule {
	book := rules.TextRules()
	out := make([]rules.Rule, 0, len(book)+len(table))
	for _, p := range rules.Platforms() {
		for _, r := range book {
			if r.Platform == p {
				out = append(out, r)
			}
		}
		for _, m := range table {
			if m.Platform == p {
				out = append(out, rules.Rule{ID: m.ID, Platform: m.Platform, What: m.What, Severity: m.Severity,
					Source: m.Source, Read: m.Read, Sources: slices.Clone(m.Sources), Note: m.Note})
			}
		}
	}
	return out
}

// Judge applies platform's media rules to f. problems are the errors (the platform
// refuses the file), warnings the rules of severity warning. Both are nil when f fits.
// An unknown platform has no rules.
//
// A rule that needs a fact f does not state (a duration of 0, a frame rate of 0, an
// audio sample rate of 0 beside a known codec, ...) is not applied: it gives a warning
// under its own id that says so ("X's video duration rule could not be checked: the file does
// not state its duration"). Every entry of f.Unread is a warning of the platform's
// file.unread rule.
func Judge(platform rules.Platform, f Facts) (problems, warnings []Problem) {
	for i := range table {
		r := &table[i]
		if r.Platform != platform || !slices.Contains(r.kinds, f.Kind) {
			continue
		}
		if r.each != nil {
			for _, msg := range r.each(f) {
				warnings = append(warnings, Problem{Rule: r.ID, Code: apierror.CodeInvalidMedia, Message: msg})
			}
			continue
		}
		if r.unknown != nil {
			if missing := r.unknown(f); missing != "" {
				if !r.companion {
					warnings = append(warnings, Problem{Rule: r.ID, Code: apierror.CodeInvalidMedia,
						Message: fmt.Sprintf("%s %s rule could not be checked: the file does not state %s", possessive(platform.DisplayName()), checkWords(r.ID), missing)})
				}
				continue
			}
		}
		msg, broken := r.check(f)
		if !broken {
			continue
		}
		if r.aside != "" {
			msg += " (" + r.aside + ")"
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

// checkWords is how a message names a rule: its id after the platform, in words
// ("twitter.video.frame_rate" is "video frame rate", "twitter.gif.frames" "GIF frames").
func checkWords(id string) string {
	w := strings.NewReplacer(".", " ", "_", " ").Replace(id[strings.IndexByte(id, '.')+1:])
	if strings.HasPrefix(w, "gif ") {
		w = "GIF" + w[3:]
	}
	return strings.ReplaceAll(w, " gif ", " GIF ")
}

var (
	stills = []string{KindImage, KindGIF}
	gifs   = []string{KindGIF}
	videos = []string{KindVideo}
	docs   = []string{KindDocument}
	all    = []string{KindImage, KindGIF, KindVideo, KindDocument}
)

// Units of file size: platforms write both (X's "5 MB" is 5,242,880 bytes).
const (
	kB  = 1000
	MB  = 1000 * kB
	GB  = 1000 * MB
	MiB = 1 << 20
	GiB = 1 << 30
)

// possessive is a platform's name with its 's ("Threads'" for Threads).
func possessive(name string) string {
	if strings.HasSuffix(name, "s") {
		return name + "'"
	}
	return name + "'s"
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

// rule declares an error rule of platform p; cite gives it its sources.
func rule(p rules.Platform, id, what string, kinds []string, check func(Facts) (string, bool)) Rule {
	return Rule{ID: string(p) + "." + id, Platform: p, What: what, Severity: rules.SeverityError, kinds: kinds, check: check}
}

// cite sets a rule's sources; the first is also its Source and Read.
func cite(r Rule, sources ...rules.Source) Rule {
	r.Sources = sources
	if len(sources) > 0 {
		r.Source, r.Read = sources[0].URL, sources[0].Read
	}
	return r
}

func warn(r Rule) Rule { r.Severity = rules.SeverityWarning; return r }

func note(r Rule, n string) Rule { r.Note = n; return r }

// aside sets what a broken rule's message adds in parentheses.
func aside(r Rule, a string) Rule { r.aside = a; return r }

// companion marks r as the warning of a pair (see Rule.companion).
func companion(r Rule) Rule { r.companion = true; return r }

// refuses and recommends are a source read on date read.
func refuses(read, url, figure, quote string) rules.Source {
	return rules.Source{URL: url, Read: read, Figure: figure, Says: rules.Refuses, Quote: quote}
}

func recommends(read, url, figure, quote string) rules.Source {
	return rules.Source{URL: url, Read: read, Figure: figure, Says: rules.Recommends, Quote: quote}
}

// takes: the kinds of media a platform takes at all.
func takes(p rules.Platform, kinds ...string) Rule {
	words := make([]string, len(kinds))
	for i, k := range kinds {
		words[i] = noun(k) + "s"
	}
	return rule(p, "file.kind", p.DisplayName()+" takes "+strings.Join(words, ", "), all, func(f Facts) (string, bool) {
		if slices.Contains(kinds, f.Kind) {
			return "", false
		}
		article := "a "
		if f.Kind == KindImage {
			article = "an "
		}
		return fmt.Sprintf("%s takes %s; this file is %s%s", p.DisplayName(), strings.Join(words, " and "), article, noun(f.Kind)), true
	})
}

// unread: every entry of Facts.Unread, as a warning of platform p.
func unread(p rules.Platform) Rule {
	r := warn(rule(p, "file.unread", "the probe read every part of the file its rules need", all, nil))
	r.each = func(f Facts) []string {
		if len(f.Unread) == 0 {
			return nil
		}
		out := make([]string, len(f.Unread))
		for i, u := range f.Unread {
			out[i] = fmt.Sprintf("%s rules could not use part of this file: %s", possessive(p.DisplayName()), u)
		}
		return out
	}
	return r
}

// formats: the container or image formats of a kind.
func formats(p rules.Platform, id string, kinds []string, list ...string) Rule {
	words := formatWords(list)
	return rule(p, id, noun(kinds[0])+" formats "+words, kinds, func(f Facts) (string, bool) {
		if slices.Contains(list, f.Format) {
			return "", false
		}
		return fmt.Sprintf("%s takes %s as %s; this file is %s", p.DisplayName(), words, noun(kinds[0])+"s", strings.ToUpper(f.Format)), true
	})
}

// strictFormats: the warning of a pair whose error is formats(...): a format the error
// rule lets through (in loose) but the stricter source does not list.
func strictFormats(p rules.Platform, id, who string, kinds []string, loose, strict []string) Rule {
	words := formatWords(strict)
	return companion(warn(rule(p, id, noun(kinds[0])+" formats "+words+" by "+who, kinds, func(f Facts) (string, bool) {
		if !slices.Contains(loose, f.Format) || slices.Contains(strict, f.Format) {
			return "", false
		}
		return fmt.Sprintf("%s lists %s for %s; this file is %s", who, words, noun(kinds[0])+"s", strings.ToUpper(f.Format)), true
	})))
}

func formatWords(list []string) string {
	upper := make([]string, len(list))
	for i, s := range list {
		upper[i] = strings.ToUpper(s)
	}
	return strings.Join(upper, ", ")
}

// maxBytes: the file size within [lo, hi] bytes.
func maxBytes(p rules.Platform, id string, kinds []string, lo, hi int64) Rule {
	what := "at most " + bytesWords(hi)
	if lo > 0 {
		what = bytesWords(lo) + " to " + bytesWords(hi)
	}
	return rule(p, id, "file size "+what, kinds, func(f Facts) (string, bool) {
		if f.Bytes >= lo && f.Bytes <= hi {
			return "", false
		}
		return fmt.Sprintf("%s takes %s of %s; this file has %d bytes", p.DisplayName(), noun(f.Kind)+"s", what, f.Bytes), true
	})
}

// strictBytes: the warning of a pair, past the strictest source's figure (strict) and
// up to the error's (loose), where the error rule speaks instead.
func strictBytes(p rules.Platform, id, who string, kinds []string, strict, loose int64) Rule {
	return companion(warn(rule(p, id, "file size at most "+bytesWords(strict)+" by "+who, kinds, func(f Facts) (string, bool) {
		if f.Bytes <= strict || f.Bytes > loose {
			return "", false
		}
		return fmt.Sprintf("%s says %s of at most %s; this file has %d bytes", who, noun(f.Kind)+"s", bytesWords(strict), f.Bytes), true
	})))
}

// bytesWords writes a size in the units it is a whole number of: decimal first (the
// platforms' "MB"), then binary (X's 5 MB are 5 MiB).
func bytesWords(n int64) string {
	switch {
	case n%GB == 0:
		return fmt.Sprintf("%d GB", n/GB)
	case n%MB == 0:
		return fmt.Sprintf("%d MB", n/MB)
	case n%GiB == 0:
		return fmt.Sprintf("%d GiB (%d bytes)", n/GiB, n)
	case n%MiB == 0:
		return fmt.Sprintf("%d MiB (%d bytes)", n/MiB, n)
	case n%kB == 0:
		return fmt.Sprintf("%d KB", n/kB)
	}
	return fmt.Sprintf("%d bytes", n)
}

// missing is what, the fact a rule needs, when the file does not state it; "" else.
func missing(unstated bool, what string) string {
	if unstated {
		return what
	}
	return ""
}

// unknownPixels: a rule on pixels needs the width and height.
func unknownPixels(f Facts) string {
	return missing(f.Width == 0 || f.Height == 0, "its width and height")
}

// unknownPixelsOrFrames: a rule on a GIF's pixels over all frames needs both.
func unknownPixelsOrFrames(f Facts) string {
	if m := unknownPixels(f); m != "" {
		return m
	}
	return unknownFrames(f)
}

// unknownFrames: a rule on a GIF's frames needs their count.
func unknownFrames(f Facts) string { return missing(f.Frames == 0, "its frame count") }

// needs sets the fact a rule needs (see Rule.unknown).
func needs(unknown func(Facts) string, r Rule) Rule { r.unknown = unknown; return r }

// sides: each side of the picture as displayed within [lo, hi] pixels (0: no bound).
func sides(p rules.Platform, id string, kinds []string, lo, hi int) Rule {
	what := pxWords(lo, hi) + " per side"
	r := rule(p, id, "pixels "+what, kinds, func(f Facts) (string, bool) {
		if inRange(f.Width, lo, hi) && inRange(f.Height, lo, hi) {
			return "", false
		}
		return fmt.Sprintf("%s takes %s of %s; this one is %dx%d", p.DisplayName(), noun(f.Kind)+"s", what, f.Width, f.Height), true
	})
	r.unknown = unknownPixels
	return r
}

// width: the displayed width within [lo, hi] pixels (0: no bound).
func width(p rules.Platform, id string, kinds []string, lo, hi int) Rule {
	what := pxWords(lo, hi) + " wide"
	r := rule(p, id, "width "+what, kinds, func(f Facts) (string, bool) {
		if inRange(f.Width, lo, hi) {
			return "", false
		}
		return fmt.Sprintf("%s takes %s %s; this one is %d wide", p.DisplayName(), noun(f.Kind)+"s", what, f.Width), true
	})
	r.unknown = unknownPixels
	return r
}

// maxPixels: width × height under hi.
func maxPixels(p rules.Platform, id string, kinds []string, hi int) Rule {
	r := rule(p, id, fmt.Sprintf("under %d pixels", hi), kinds, func(f Facts) (string, bool) {
		if int64(f.Width)*int64(f.Height) < int64(hi) {
			return "", false
		}
		return fmt.Sprintf("%s takes %s of under %d pixels; this one is %dx%d = %d", p.DisplayName(), noun(f.Kind)+"s", hi, f.Width, f.Height, int64(f.Width)*int64(f.Height)), true
	})
	r.unknown = unknownPixels
	return r
}

// maxFrames: the frames of a GIF, at most hi.
func maxFrames(p rules.Platform, id string, kinds []string, hi int) Rule {
	r := rule(p, id, fmt.Sprintf("GIF at most %d frames", hi), kinds, func(f Facts) (string, bool) {
		if f.Frames <= hi {
			return "", false
		}
		return fmt.Sprintf("%s takes GIFs of at most %d frames; this one has %d", p.DisplayName(), hi, f.Frames), true
	})
	r.unknown = unknownFrames
	return r
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
func aspect(p rules.Platform, id string, kinds []string, lo, hi float64, loWords, hiWords string) Rule {
	what := "aspect ratio " + loWords + " to " + hiWords
	r := rule(p, id, what, kinds, func(f Facts) (string, bool) {
		r := float64(f.Width) / float64(f.Height)
		// A hundredth of slack: 1080x1350 is 4:5 exactly, 1080x566 is 1.91:1 rounded.
		if r >= lo*0.995 && r <= hi*1.005 {
			return "", false
		}
		return fmt.Sprintf("%s takes %s of %s; this one is %dx%d (%.3g:1)", p.DisplayName(), noun(f.Kind)+"s", what, f.Width, f.Height, r), true
	})
	r.unknown = unknownPixels
	return r
}

// unknownDuration: 0 is a duration the file does not state (a live WebM), not a video of
// no length.
func unknownDuration(f Facts) string { return missing(f.Duration == 0, "its duration") }

// duration in seconds within [lo, hi] (lo 0: no lower bound).
func duration(p rules.Platform, id string, lo, hi float64) Rule {
	what := durWords(lo) + " to " + durWords(hi)
	if lo == 0 {
		what = "up to " + durWords(hi)
	}
	r := rule(p, id, "duration "+what, videos, func(f Facts) (string, bool) {
		if f.Duration >= lo && f.Duration <= hi {
			return "", false
		}
		return fmt.Sprintf("%s takes videos of %s; this one lasts %s", p.DisplayName(), what, durWords(f.Duration)), true
	})
	r.unknown = unknownDuration
	return r
}

// strictDuration: the warning of a pair, past the strictest source's figure (strict)
// and up to the error's (loose).
func strictDuration(p rules.Platform, id, who string, strict, loose float64) Rule {
	r := companion(warn(rule(p, id, "duration up to "+durWords(strict)+" by "+who, videos, func(f Facts) (string, bool) {
		if f.Duration <= strict || f.Duration > loose {
			return "", false
		}
		return fmt.Sprintf("%s says videos of up to %s; this one lasts %s", who, durWords(strict), durWords(f.Duration)), true
	})))
	r.unknown = unknownDuration
	return r
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

// frameRate within [lo, hi] frames per second (lo 0: no lower bound).
func frameRate(p rules.Platform, id string, lo, hi float64) Rule {
	what := fmt.Sprintf("%g to %g fps", lo, hi)
	if lo == 0 {
		what = fmt.Sprintf("at most %g fps", hi)
	}
	r := rule(p, id, "frame rate "+what, videos, func(f Facts) (string, bool) {
		// 23.976 (24000/1001) is what "23 fps" means; 59.94 is within 60.
		if f.FrameRate >= lo-0.01 && f.FrameRate <= hi+0.01 {
			return "", false
		}
		return fmt.Sprintf("%s takes %s; this video runs at %.4g fps", p.DisplayName(), what, f.FrameRate), true
	})
	r.unknown = unknownFrameRate
	return r
}

// unknownPages: a rule on a document's pages needs their count.
func unknownPages(f Facts) string { return missing(f.Pages == 0, "its page count") }

// unknownFrameRate: a rule on a video's frame rate needs it.
func unknownFrameRate(f Facts) string { return missing(f.FrameRate == 0, "its frame rate") }

// codecs: the video codecs.
func codecs(p rules.Platform, list ...string) Rule {
	words := codecWords(list)
	r := rule(p, "video.codec", "video codec "+words, videos, func(f Facts) (string, bool) {
		if slices.Contains(list, f.VideoCodec) {
			return "", false
		}
		return fmt.Sprintf("%s takes video in %s; this one is %s", p.DisplayName(), words, codecWords([]string{f.VideoCodec})), true
	})
	r.unknown = unknownVideoCodec
	return r
}

// unknownVideoCodec: a rule on a video's codec needs it.
func unknownVideoCodec(f Facts) string { return missing(f.VideoCodec == "", "its video codec") }

// audio: the audio codecs (a video without sound always fits), sample rate and channels
// (0: no bound).
func audio(p rules.Platform, maxRate, maxChannels int, list ...string) Rule {
	words := codecWords(list)
	what := "audio " + words
	if maxRate > 0 {
		what += fmt.Sprintf(", at most %d Hz", maxRate)
	}
	if maxChannels > 0 {
		what += fmt.Sprintf(", at most %d channels", maxChannels)
	}
	r := rule(p, "video.audio", what, videos, func(f Facts) (string, bool) {
		switch {
		case f.AudioCodec == "none":
			return "", false
		case !slices.Contains(list, f.AudioCodec):
			return fmt.Sprintf("%s takes sound in %s; this video's is %s", p.DisplayName(), words, codecWords([]string{f.AudioCodec})), true
		case maxRate > 0 && f.AudioSampleRate > maxRate:
			return fmt.Sprintf("%s takes sound of at most %d Hz; this video's is %d Hz", p.DisplayName(), maxRate, f.AudioSampleRate), true
		case maxChannels > 0 && f.AudioChannels > maxChannels:
			return fmt.Sprintf("%s takes sound of at most %d channels; this video's has %d", p.DisplayName(), maxChannels, f.AudioChannels), true
		}
		return "", false
	})
	r.unknown = func(f Facts) string {
		switch {
		case f.AudioCodec == "":
			return "whether it has sound, nor in what codec"
		case f.AudioCodec == "none" || !slices.Contains(list, f.AudioCodec):
			return "" // no sound, or a codec the rule refuses whatever its rate
		case maxRate > 0 && f.AudioSampleRate == 0:
			return "its audio sample rate"
		case maxChannels > 0 && f.AudioChannels == 0:
			return "its audio channel count"
		}
		return ""
	}
	return r
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

// faststart: an MP4 or MOV with its moov box before its media data.
func faststart(p rules.Platform) Rule {
	return rule(p, "video.faststart", "the moov atom at the front", videos, func(f Facts) (string, bool) {
		if f.Faststart || (f.Format != "mp4" && f.Format != "mov") {
			return "", false
		}
		return p.DisplayName() + " takes videos with the moov atom at the front (fast start); this one has it after the media data (remux with -movflags +faststart)", true
	})
}

// editList: no edit list that matters (Facts.EditList: several mapped edits, an empty
// edit that delays the start, or an edit that cuts the media).
func editList(p rules.Platform) Rule {
	return rule(p, "video.edit_list", "no edit lists", videos, func(f Facts) (string, bool) {
		if !f.EditList {
			return "", false
		}
		return p.DisplayName() + " takes videos without edit lists; this one has an edit list", true
	})
}
