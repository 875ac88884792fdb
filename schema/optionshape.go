package schema

import (
	"slices"
	"strconv"
	"strings"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
)

// The checks of the options' wire format that are no rule of the book: the enums the peer
// states, URL shapes, whole-number bounds, YouTube's digit category ids (each problem
// without a rule id); and the judging of media files whose facts the caller gave
// (rules/media). The rule book's own checks of media and options run in
// rules.Limits.CheckPost (book.go builds what they read).

// checkOptionShapes applies the wire format's checks to the platformSpecificData of
// target t at base.
func (d *doc) checkOptionShapes(t *PlatformTarget, base string) {
	opts := base + "/platformSpecificData"
	if d.brokenNear(opts) {
		return
	}
	switch t.Platform {
	case rules.Instagram:
		if in := t.Instagram; in != nil {
			d.url(in.CoverURL, opts+"/coverUrl")
			d.nonNegative(in.ThumbOffset, opts+"/thumbOffset")
		}
	case rules.YouTube:
		if y := t.YouTube; y != nil {
			d.enum(y.Visibility, opts+"/visibility", "public", "private", "unlisted")
			if y.CategoryID != nil && !digits(*y.CategoryID) {
				d.add(d.problem(apierror.CodeInvalidValue, opts+"/categoryId", "categoryId is a YouTube category id, digits such as \"22\", not "+strconv.Quote(*y.CategoryID)))
			}
		}
	case rules.TikTok:
		if tk := t.TikTok; tk != nil {
			d.enum(tk.PrivacyLevel, opts+"/privacyLevel", tiktokPrivacyLevels...)
			d.nonNegative(tk.VideoCoverTimestampMs, opts+"/videoCoverTimestampMs")
			d.nonNegative(tk.PhotoCoverIndex, opts+"/photoCoverIndex")
		}
	case rules.Pinterest:
		if pin := t.Pinterest; pin != nil {
			d.url(pin.Link, opts+"/link")
			d.url(pin.CoverImageURL, opts+"/coverImageUrl")
		}
	case rules.LinkedIn:
		if li := t.LinkedIn; li != nil {
			d.enum(li.Visibility, opts+"/visibility", "PUBLIC", "CONNECTIONS")
			d.url(li.ArticleURL, opts+"/articleUrl")
		}
	case rules.Facebook:
		if f := t.Facebook; f != nil {
			d.url(f.Link, opts+"/link")
			d.url(f.VideoThumbnailURL, opts+"/videoThumbnailUrl")
		}
	case rules.GoogleBusiness:
		if g := t.GoogleBusiness; g != nil {
			d.url(g.CallToActionURL, opts+"/callToActionUrl")
			d.url(g.OfferRedeemOnlineURL, opts+"/offerRedeemOnlineUrl")
		}
	}
}

// tiktokPrivacyLevels are TikTok's privacy levels as the book's enum rule on privacyLevel
// declares them: the wire format refuses any other (the rule itself judges the
// creator's own subset).
var tiktokPrivacyLevels = optionValues(rules.TikTok, "privacyLevel")

// optionValues are the values the book's enum rule on option member of p allows.
func optionValues(p rules.Platform, member string) []string {
	for _, r := range rules.Book() {
		if m, _ := r.Option(); r.Platform == p && m == member && r.Values() != nil {
			return r.Values()
		}
	}
	panic("schema: the rule book has no enum rule on " + string(p) + " " + member)
}

// enum reports a value outside its allowed set.
func (d *doc) enum(v *string, path string, allowed ...string) {
	if v == nil || d.brokenNear(path) || slices.Contains(allowed, *v) {
		return
	}
	d.add(d.problem(apierror.CodeInvalidValue, path, strconv.Quote(*v)+" is not one of "+strings.Join(allowed, ", ")))
}

// url reports an option that is not an absolute http or https URL (a shape check).
func (d *doc) url(v *string, path string) {
	if v == nil || d.brokenNear(path) {
		return
	}
	if why := mediaURLProblem(*v); why != "" {
		d.add(d.problem(apierror.CodeInvalidValue, path, strconv.Quote(*v)+why))
	}
}

// nonNegative reports a number outside 0 to wholeClamp-1 (a shape check). The decoder
// reads a magnitude of wholeClamp or more as wholeClamp, so such a value cannot be passed
// on as sent: it is refused rather than silently changed (and 1e400, which JavaScript reads
// as Infinity, is refused here as by a JSON Schema validator).
func (d *doc) nonNegative(v *int, path string) {
	if v == nil || d.brokenNear(path) {
		return
	}
	switch {
	case *v < 0:
		d.add(d.problem(apierror.CodeInvalidValue, path, "must be 0 or more, not "+strconv.Itoa(*v)))
	case *v >= wholeClamp:
		d.add(d.problem(apierror.CodeInvalidValue, path, "must be less than "+strconv.Itoa(wholeClamp)))
	}
}

func digits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// judgeMedia applies the platforms' media rules (media.Judge) to the media files whose
// facts the caller gave (Env.Media): the post's media for every platform it targets, and
// a twitter thread item's media for twitter. A platform is judged once per file however
// many of its targets post it (the problem names the first), so the cost is linear in
// the media and at most ten platforms. Every problem is at its item's pointer.
func (d *doc) judgeMedia(p *CreatePost) {
	if len(d.media) == 0 {
		return
	}
	judged := map[rules.Platform]bool{}
	for i := range p.Platforms {
		t := &p.Platforms[i]
		if judged[t.Platform] || !t.Platform.Valid() || d.brokenAt("/platforms/"+strconv.Itoa(i)) {
			continue
		}
		judged[t.Platform] = true
		if !d.brokenNear("/mediaItems") {
			d.judgeItems(t.Platform, i, p.MediaItems, "/mediaItems/")
		}
		if t.Platform == rules.Twitter && t.Twitter != nil {
			base := "/platforms/" + strconv.Itoa(i) + "/platformSpecificData/threadItems/"
			for k, it := range t.Twitter.ThreadItems {
				if path := base + strconv.Itoa(k) + "/mediaItems"; !d.brokenNear(path) {
					d.judgeItems(rules.Twitter, i, it.MediaItems, path+"/")
				}
			}
		}
	}
}

// judgeItems judges the items with known facts for platform, as target i's problems.
func (d *doc) judgeItems(platform rules.Platform, i int, items []MediaItem, prefix string) {
	for k, it := range items {
		f, ok := d.media[it.URL]
		if !ok {
			continue
		}
		problems, warnings := media.Judge(platform, f)
		path := prefix + strconv.Itoa(k)
		for _, pr := range problems {
			e := d.problem(pr.Code, path, pr.Message)
			e.Rule = pr.Rule
			d.addFound(foundProblem{err: e, target: i})
		}
		for _, w := range warnings {
			e := d.problem(w.Code, path, "warning: "+w.Message)
			e.Rule = w.Rule
			d.warn(e)
		}
	}
}
