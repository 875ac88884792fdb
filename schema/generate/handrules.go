package generate

import (
	"strconv"
	"strings"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

// handRules are the builders of the rules whose declaration alone does not say how to
// break them (a count of entries against the media, a required member, a combination):
// each still takes its figure from the rule.
var handRules = map[string]ruleBuilder{
	"twitter.poll": func(d *draws, r rules.Rule) (*Case, bool) {
		s, fit := textOf(d, r.ID, r.Limit+1+d.intn(2)*d.intn(4), nil)
		k := d.intn(2)
		opts := []string{"yes", "no"}
		opts[k] = s
		return shaped(d, r, nil, obj{{"poll", obj{{"options", opts}, {"durationMinutes", 60}}}},
			apierror.CodeInvalidPoll, "/poll/options/"+strconv.Itoa(k), fit)
	},
	"twitter.media.max": func(d *draws, r rules.Rule) (*Case, bool) {
		m := repeat("image", r.Limit+1+d.intn(3))
		if d.flag() { // on a thread item instead of the first post
			k := d.intn(3)
			its := make([]obj, k+1)
			for j := range its {
				its[j] = obj{{"content", "post " + strconv.Itoa(j+2)}}
			}
			its[k].set("mediaItems", m)
			return shaped(d, r, nil, obj{{"threadItems", its}}, apierror.CodeInvalidMedia,
				"/threadItems/"+strconv.Itoa(k)+"/mediaItems", true)
		}
		return shaped(d, r, m, nil, apierror.CodeInvalidMedia, "=/mediaItems", true)
	},
	"twitter.media.kinds": func(d *draws, r rules.Rule) (*Case, bool) {
		single := pick(d, []string{"video", "gif"})
		m := items(append(names("image", 1+d.intn(2)), single)...)
		for j := range m[:len(m)-1] {
			m[j] = item{"image", mediaURL("image", j)}
		}
		if d.flag() {
			m = items(single, pick(d, []string{"image", "video", "gif"}))
		}
		return shaped(d, r, m, nil, apierror.CodeInvalidMedia, "=/mediaItems", true)
	},
	"twitter.media.exclusive": func(d *draws, r rules.Rule) (*Case, bool) {
		return shaped(d, r, items(pick(d, []string{"image", "video", "gif"})),
			obj{{"poll", obj{{"options", []string{"yes", "no"}}, {"durationMinutes", 60}}}}, apierror.CodeInvalidPoll, "/poll", true)
	},
	"instagram.alt.count": altCount,
	"bluesky.alt.count":   altCount,
	"threads.alt.count":   altCount,
	"instagram.collaborators.max": func(d *draws, r rules.Rule) (*Case, bool) {
		return shaped(d, r, items("image"), obj{{"collaborators", names("friend", r.Limit+1+d.intn(3))}}, apierror.CodeInvalidValue, "/collaborators", true)
	},
	"bluesky.langs.max": func(d *draws, r rules.Rule) (*Case, bool) {
		langs := []string{"en", "ja", "fr", "de", "pt-BR", "es", "ko", "ar"}
		n := min(r.Limit+1+d.intn(2), len(langs))
		return shaped(d, r, nil, obj{{"langs", langs[:n]}}, apierror.CodeInvalidValue, "/langs", n > r.Limit)
	},
	"youtube.title.chars": func(d *draws, r rules.Rule) (*Case, bool) {
		c := forbidden(d, r.ID)
		return shaped(d, r, items("video"), obj{{"title", "a " + string(c) + " b"}}, apierror.CodeInvalidCharacter, "/title", c != 0)
	},
	"pinterest.board.required": func(d *draws, r rules.Rule) (*Case, bool) {
		var o obj
		if d.flag() {
			o = obj{{"title", "a pin"}}
		}
		return shaped(d, r, items("image"), o, apierror.CodeMissingField, "/boardId", true)
	},
	"pinterest.board.id": func(d *draws, r rules.Rule) (*Case, bool) {
		return shaped(d, r, items("image"), obj{{"boardId", pick(d, []string{"my-board", "12a", "board 1", "١٢٣"})}}, apierror.CodeInvalidValue, "/boardId", true)
	},
	"linkedin.document.title": func(d *draws, r rules.Rule) (*Case, bool) {
		return shaped(d, r, items("document"), obj{}, apierror.CodeMissingField, "/documentTitle", true)
	},
	"threads.poll.options": func(d *draws, r rules.Rule) (*Case, bool) {
		n := r.Limit + 1 + d.intn(3)
		if d.flag() {
			n = 1
		}
		return shaped(d, r, nil, obj{{"pollOptions", names("option ", n)}}, apierror.CodeInvalidPoll, "/pollOptions", true)
	},
	"threads.poll.text_only": func(d *draws, r rules.Rule) (*Case, bool) {
		return shaped(d, r, items(pick(d, []string{"image", "video"})), obj{{"pollOptions", []string{"yes", "no"}}}, apierror.CodeInvalidPoll, "/pollOptions", true)
	},
	"threads.text_attachment.text_only": func(d *draws, r rules.Rule) (*Case, bool) {
		if d.flag() {
			return shaped(d, r, nil, obj{{"pollOptions", []string{"yes", "no"}}, {"textAttachment", "more"}}, apierror.CodeInvalidValue, "/textAttachment", true)
		}
		return shaped(d, r, items(pick(d, []string{"image", "video"})), obj{{"textAttachment", "more"}}, apierror.CodeInvalidValue, "/textAttachment", true)
	},
	"googlebusiness.event": func(d *draws, r rules.Rule) (*Case, bool) {
		// an event that ends the day before it starts: every member there, one wrong
		return shaped(d, r, nil, obj{{"topicType", "EVENT"}, {"eventTitle", "Open day"}, {"eventStartDate", "2027-03-10"},
			{"eventStartTime", "10:00"}, {"eventEndDate", "2027-03-09"}, {"eventEndTime", "11:00"}}, apierror.CodeInvalidValue, "/eventEndDate", true)
	},
}

func repeat(typ string, n int) []item {
	ts := make([]string, n)
	for i := range ts {
		ts[i] = typ
	}
	return items(ts...)
}

func names(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = prefix + strconv.Itoa(i+1)
	}
	return out
}

// altCount: one more alt text than the post has media.
func altCount(d *draws, r rules.Rule) (*Case, bool) {
	n := 1 + d.intn(3)
	alts := names("a picture ", n+1+d.intn(2))
	return shaped(d, r, repeat("image", n), obj{{"altText", alts}}, apierror.CodeInvalidValue, "/altText", true)
}

// shaped is an accepted body of r's platform alone whose media become m and whose
// platformSpecificData become opts (nil: none), answered with code at path: a path
// under platformSpecificData, or after "=" a path of the body.
func shaped(d *draws, r rules.Rule, m []item, opts obj, code apierror.Code, path string, ok bool) (*Case, bool) {
	b, i, okb := ruleBase(d, r)
	b.p.media, b.facts = m, nil
	t := &b.p.targets[i]
	t.opts = opts
	if t.content == nil || strings.TrimSpace(*t.content) == "" {
		t.content = ptr("hello")
	}
	if p, isBody := strings.CutPrefix(path, "="); isBody {
		path = p
	} else {
		path = optsPath(i) + path
	}
	return b.refused(r.ID, bytesOf(b.p.json()), code, r.ID, path), ok && okb
}

// tiktokText: the target's text (or, when the rule names an option member, that member)
// over the rule's limit, with the media the rule is about: a video for the caption, photos
// for the photo rules.
func tiktokText(media string, code apierror.Code) ruleBuilder {
	return func(d *draws, r rules.Rule) (*Case, bool) {
		s, fit := textOf(d, r.ID, r.Limit+1+d.intn(2)*d.intn(5), nil)
		m := items(media)
		if media == "image" {
			m = repeat("image", 1+d.intn(3))
		}
		if member, _ := r.Option(); member != "" {
			return shaped(d, r, m, obj{{member, s}}, apierror.CodeInvalidValue, "/"+member, fit)
		}
		c, ok := shaped(d, r, m, nil, code, "=/platforms/0/content", fit)
		if c != nil {
			o := obj{{"mediaItems", m}, {"platforms", []obj{target{platform: rules.TikTok, accountID: accountOf(c.Accounts, rules.TikTok), content: &s}.json()}}, {"publishNow", true}}
			c.Body = bytesOf(o)
		}
		return c, ok
	}
}

// The warnings' hand builders: each case is accepted with the rule's warning.
var handWarnings = map[string]ruleBuilder{
	"twitter.poll.thread": func(d *draws, r rules.Rule) (*Case, bool) {
		return shaped(d, r, nil, obj{{"poll", obj{{"options", []string{"yes", "no"}}, {"durationMinutes", 60}}},
			{"threadItems", []obj{{{"content", "and then"}}}}}, apierror.CodeInvalidPoll, "/poll", true)
	},
	"bluesky.alt.missing": altMissing,
	"instagram.alt.video": instagramAltVideo,
	"facebook.media.kinds": func(d *draws, r rules.Rule) (*Case, bool) {
		// what peers refuse: a document, a video with other media, or past the count
		m := pick(d, [][]item{items("document"), items("video", "image"), repeat("image", r.Limit+1+d.intn(3))})
		return shaped(d, r, m, nil, apierror.CodeInvalidMedia, "=/mediaItems", true)
	},
	"googlebusiness.media": func(d *draws, r rules.Rule) (*Case, bool) {
		m := pick(d, [][]item{items("video"), items("gif"), items("document"), repeat("image", r.Limit+1+d.intn(3))})
		return shaped(d, r, m, nil, apierror.CodeInvalidMedia, "=/mediaItems", true)
	},
	"threads.alt.missing": altMissing,
	"bluesky.media.gallery": func(d *draws, r rules.Rule) (*Case, bool) {
		n := r.Limit + 1 + d.intn(max(1, ruleLimit("bluesky.media.max_images")-r.Limit))
		alts := names("picture ", n)
		return shaped(d, r, repeat("image", n), obj{{"altText", alts}}, apierror.CodeInvalidMedia, "=/mediaItems", n <= ruleLimit("bluesky.media.max_images"))
	},
	"pinterest.video": func(d *draws, r rules.Rule) (*Case, bool) {
		c, ok := shaped(d, r, items("video"), obj{{"boardId", "1234567890"}}, apierror.CodeMissingField, "=/platforms/0", true)
		return c, ok
	},
	"googlebusiness.cta.deprecated": func(d *draws, r rules.Rule) (*Case, bool) {
		return shaped(d, r, nil, obj{{"callToActionType", "GET_OFFER"}, {"callToActionUrl", "https://shop.example.com/offer"}}, apierror.CodeInvalidValue, "/callToActionType", true)
	},
	"googlebusiness.offer.cta": func(d *draws, r rules.Rule) (*Case, bool) {
		cta := pick(d, []string{"SHOP", "ORDER", "LEARN_MORE", "BOOK"})
		return shaped(d, r, nil, obj{{"topicType", "OFFER"}, {"eventTitle", "Winter sale"}, {"eventStartDate", "2027-01-10"}, {"eventEndDate", "2027-01-20"},
			{"callToActionType", cta}, {"callToActionUrl", "https://shop.example.com/"}}, apierror.CodeInvalidValue, "/callToActionType", true)
	},
}

// instagramAltVideo: alt text for every item, a video among them: Instagram takes alt
// text on images only, so the video's entry is not sent (a warning at that entry).
func instagramAltVideo(d *draws, r rules.Rule) (*Case, bool) {
	n := 1 + d.intn(3)
	types := make([]string, n)
	for i := range types {
		types[i] = "image"
	}
	v := d.intn(n)
	types[v] = "video"
	return shaped(d, r, items(types...), obj{{"altText", names("a picture ", n)}}, apierror.CodeInvalidValue, "/altText/"+strconv.Itoa(v), true)
}

// altMissing: images, none with alt text.
func altMissing(d *draws, r rules.Rule) (*Case, bool) {
	return shaped(d, r, repeat("image", 1+d.intn(3)), nil, apierror.CodeMissingField, "/altText", true)
}

func init() {
	for id, b := range handWarnings {
		handRules[id] = b
	}
	handRules["tiktok.video.caption.max"] = tiktokText("video", apierror.CodePostTooLong)
	handRules["tiktok.photo.title.max"] = tiktokText("image", apierror.CodeInvalidValue)
	handRules["tiktok.photo.text.max"] = tiktokText("image", apierror.CodePostTooLong)
}
