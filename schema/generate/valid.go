package generate

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/media"
	"github.com/postrules/postrules/schema"
)

// ruleLimit is the limit of rule id as the default limits apply it, 0 when the book has
// no such rule: every figure a generator uses comes from here.
func ruleLimit(id string) int {
	r, ok := limits.Rule(id)
	if !ok || !r.On {
		return 0
	}
	return r.Limit
}

// ruleValues are the values an enum rule allows.
func ruleValues(id string) []string {
	r, ok := rules.RuleByID(id)
	if !ok {
		return nil
	}
	return r.Values()
}

// primaryRule is the id of p's first length rule of the target's text (its cap).
func primaryRule(p rules.Platform) string {
	for _, r := range textRules(p) {
		if r.Unit != "" && r.Limit > 0 && r.Severity == rules.SeverityError {
			return r.ID
		}
	}
	return ""
}

// mediaURL is the URL of the i-th media item of a case: distinct per item, so that media
// facts can be given per item.
func mediaURL(typ string, i int) string {
	return "https://media.example.com/" + typ + "/" + strconv.Itoa(i)
}

// mediaTypes are the item types a body may carry.
var mediaTypes = []string{"image", "video", "gif", "document"}

// drawMedia is a media list: up to 12 items of drawn types.
func drawMedia(d *draws) []item {
	n := d.intn(13)
	out := make([]item, n)
	same := d.flag()
	typ := pick(d, mediaTypes)
	for i := range out {
		if !same {
			typ = pick(d, mediaTypes)
		}
		out[i] = item{typ, mediaURL(typ, i)}
	}
	return out
}

func items(types ...string) []item {
	out := make([]item, len(types))
	for i, t := range types {
		out[i] = item{t, mediaURL(t, i)}
	}
	return out
}

// floor is p's plainest target for media m: what every fallback ends at.
func floor(p rules.Platform, m []item) target {
	t := target{platform: p}
	switch p {
	case rules.Pinterest:
		t.opts = obj{{"boardId", "1234567890"}}
	case rules.LinkedIn:
		for _, it := range m {
			if it.Type == "document" {
				t.opts = obj{{"documentTitle", "Slides"}}
			}
		}
	}
	return t
}

// alone is whether the book accepts target t with media m and shared content as a post of
// its own (no accounts, no clock): how a drawn target is kept or replaced by a plainer one.
func alone(t target, content string, m []item) bool {
	p := post{content: content, media: m, targets: []target{t}, publishNow: true}
	return schema.CheckCreatePost(bytesOf(p.json()), schema.Env{}).Valid
}

// floorTakes caches, by platform and media types, whether the platform's floor target
// takes those media: the answer depends on nothing else.
var floorTakes sync.Map // string -> bool

// takesMedia reports whether p's floor target with shared content "hello" is accepted
// with media m.
func takesMedia(p rules.Platform, m []item) bool {
	key := string(p)
	for _, it := range m {
		key += "," + it.Type
	}
	if v, ok := floorTakes.Load(key); ok {
		return v.(bool)
	}
	ok := alone(floor(p, m), "hello", m)
	floorTakes.Store(key, ok)
	return ok
}

// mediaFor is a media list every platform of ps accepts: the drawn one, else the first of
// none, one image, one video, two images that they all accept; ok false when none is.
func mediaFor(d *draws, ps []rules.Platform) ([]item, bool) {
	for _, m := range [][]item{drawMedia(d), nil, items("image"), items("video"), items("image", "image")} {
		all := true
		for _, p := range ps {
			if !takesMedia(p, m) {
				all = false
				break
			}
		}
		if all {
			return m, true
		}
	}
	return nil, false
}

// Feasible reports whether one body can target all of ps and be accepted: their media
// rules leave one media list they all take. The error says why not (a name that is no
// platform; a set whose media rules exclude each other, which no set of the ten is today).
func Feasible(ps []rules.Platform) error {
	for _, p := range ps {
		if !p.Valid() {
			return fmt.Errorf("%q is not a platform", p)
		}
	}
	if _, ok := mediaFor(&draws{}, ps); !ok {
		return fmt.Errorf("no media list is accepted by all of %s", joinPlatforms(ps))
	}
	return nil
}

func joinPlatforms(ps []rules.Platform) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = string(p)
	}
	return strings.Join(s, ",")
}

// drawText is a text for rule id of a length drawn up to its cap, at the cap one time in
// four; "" when there is no such text.
func drawText(d *draws, id string, others []rules.Rule) string {
	lim := ruleLimit(id)
	if lim <= 0 {
		return ""
	}
	n := 0
	switch d.intn(4) {
	case 0:
		n = d.intn(40)
	case 1, 2:
		n = d.intn(lim + 1)
	case 3:
		n = lim
	}
	if n > lim {
		n = lim
	}
	t, _ := textOf(d, id, n, others)
	return t
}

// drawTarget is a target of p with drawn content and options for media m: the drawn one
// when the book takes it alone, else the same without options, else the floor.
func drawTarget(d *draws, p rules.Platform, m []item, shared string) target {
	t := floor(p, m)
	trs := textRules(p)
	if d.flag() {
		s := drawText(d, primaryRule(p), trs)
		t.content = &s
		if s == "" {
			t.content = nil
		}
	}
	opts := drawOptions(d, p, m)
	full := t
	if len(opts) > 0 {
		full.opts = append(append(obj{}, t.opts...), opts...)
	}
	wide := full // with the options the JSON Schema states (enums, booleans, integers)
	wide.opts = append(obj{}, full.opts...)
	drawSchemaOptions(d, p, &wide.opts)
	if len(wide.opts) == 0 {
		wide.opts = nil
	}
	for _, c := range []target{wide, full, t} {
		if alone(c, shared, m) {
			return c
		}
	}
	t.content = nil
	if alone(t, shared, m) {
		return t
	}
	s := "hello"
	t.content = &s
	return t
}

// drawOptions are platformSpecificData members of p drawn for media m, every figure
// from the book. They are offered: drawTarget keeps them only when the book takes them.
func drawOptions(d *draws, p rules.Platform, m []item) obj {
	var o obj
	if !d.flag() {
		return o
	}
	text := func(name, id string) {
		if d.flag() {
			if s := drawText(d, id, nil); s != "" {
				o.set(name, s)
			}
		}
	}
	enum := func(name, id string) {
		if vs := ruleValues(id); len(vs) > 0 && d.flag() {
			o.set(name, pick(d, vs))
		}
	}
	perItem := func(name, id string) {
		if len(m) > 0 && d.flag() {
			n := 1 + d.intn(len(m))
			alts := make([]string, n)
			for i := range alts {
				alts[i] = drawText(d, id, nil)
				if alts[i] == "" {
					alts[i] = "a picture"
				}
			}
			o.set(name, alts)
		}
	}
	switch p {
	case rules.Twitter:
		if n := d.intn(4); n > 0 {
			trs := textRules(p)
			its := make([]obj, n)
			for i := range its {
				s := drawText(d, primaryRule(p), trs)
				if s == "" {
					s = "next"
				}
				its[i] = obj{{"content", s}}
			}
			o.set("threadItems", its)
		} else if len(m) == 0 && d.flag() {
			n := 2 + d.intn(3)
			opts := make([]string, n)
			for i := range opts {
				opts[i] = drawText(d, "twitter.poll", nil)
				if strings.TrimSpace(opts[i]) == "" {
					opts[i] = "option " + strconv.Itoa(i)
				}
			}
			o.set("poll", obj{{"options", opts}, {"durationMinutes", 60}})
		}
	case rules.Instagram:
		perItem("altText", "instagram.alt.max")
		if n := d.intn(ruleLimit("instagram.collaborators.max") + 1); n > 0 {
			cs := make([]string, n)
			for i := range cs {
				cs[i] = "friend" + strconv.Itoa(i)
			}
			o.set("collaborators", cs)
		}
	case rules.YouTube:
		text("title", "youtube.title.max")
		text("firstComment", "youtube.first_comment.max")
		if d.flag() {
			o.set("madeForKids", d.flag())
		}
	case rules.TikTok:
		enum("privacyLevel", "tiktok.privacy.allowed")
		text("description", "tiktok.photo.description.max")
		if d.flag() {
			o.set("disableComment", d.flag())
		}
	case rules.Pinterest:
		text("title", "pinterest.title.max")
		text("altText", "pinterest.alt_text.max")
		if d.flag() {
			o.set("link", "https://shop.example.com/item/"+strconv.Itoa(d.intn(1000)))
		}
	case rules.LinkedIn:
		text("articleTitle", "linkedin.article.title_max")
		text("articleDescription", "linkedin.article.description_max")
	case rules.Bluesky:
		if n := d.intn(ruleLimit("bluesky.langs.max") + 1); n > 0 {
			o.set("langs", []string{"en", "ja", "fr", "pt-BR"}[:min(n, 4)])
		}
		perItem("altText", "bluesky.alt.max")
	case rules.Facebook:
		if d.flag() {
			o.set("published", d.flag())
		}
	case rules.Threads:
		enum("replyControl", "threads.reply_control")
		if d.flag() {
			s, _ := textOf(d, "threads.topic_tag", 1+d.intn(max(ruleLimit("threads.topic_tag"), 1)), nil)
			if strings.TrimSpace(s) != "" {
				o.set("topicTag", s)
			}
		}
		perItem("altText", "threads.alt.max")
		switch {
		case len(m) > 0:
		case d.intn(3) == 1: // a poll: 2 options up to the rule's bound
			n := 2 + d.intn(max(1, ruleLimit("threads.poll.options")-1))
			opts := make([]string, n)
			for i := range opts {
				if opts[i] = drawText(d, "threads.poll.option.max", nil); strings.TrimSpace(opts[i]) == "" {
					opts[i] = "option " + strconv.Itoa(i+1)
				}
			}
			o.set("pollOptions", opts)
		case d.flag():
			text("textAttachment", "threads.text_attachment.max")
		}
	case rules.GoogleBusiness:
		if d.flag() {
			o.set("topicType", "STANDARD")
		}
		if d.flag() {
			o.set("callToActionType", "CALL")
		}
	}
	return o
}

// drawPlatforms is a feasible non-empty set of distinct platforms, in the book's order.
func drawPlatforms(d *draws) []rules.Platform {
	all := rules.Platforms()
	if d.accounts != nil {
		all = nil
		for _, p := range rules.Platforms() {
			if accountOf(d.accounts, p) != "" {
				all = append(all, p)
			}
		}
		if len(all) == 0 {
			return nil
		}
	}
	var ps []rules.Platform
	first := d.intn(len(all))
	ps = append(ps, all[first])
	for i, p := range all {
		if i != first && d.intn(4) == 3 { // zero, the plainest choice, adds none
			if Feasible(append(append([]rules.Platform(nil), ps...), p)) == nil {
				ps = append(ps, p)
			}
		}
	}
	return ps
}

// now is the clock cases are checked at unless they draw one: a fixed instant, so that
// a case is the same whenever it is built.
var now = time.Date(2026, 11, 28, 9, 30, 0, 0, time.UTC)

// drawNow is a clock: the fixed instant plus drawn minutes.
func drawNow(d *draws) time.Time {
	if !d.now.IsZero() {
		return d.now
	}
	return now.Add(time.Duration(d.intn(60*24*365)) * time.Minute)
}

// validPost is an accepted create-post body for ps (drawn when ps is empty) with its
// accounts and clock: every target resolvable (its accountId named, or its platform's
// one account), scheduled after the clock or published now. ok is false when ps is not
// feasible.
func validPost(d *draws, ps []rules.Platform) (p post, accounts []rules.Account, clock time.Time, facts map[string]media.Facts, ok bool) {
	if len(ps) == 0 {
		ps = drawPlatforms(d)
	}
	m, ok := mediaFor(d, ps)
	if !ok {
		return post{}, nil, time.Time{}, nil, false
	}
	p.media = m
	if len(m) > 0 && d.flag() { // the files' facts, each one every platform takes
		facts = map[string]media.Facts{}
		for _, it := range m {
			if f, ok := fittingFacts(d, ps, it.Type); ok {
				facts[it.URL] = f
			}
		}
	}
	if d.flag() {
		s, _ := textOf(d, "threads.text.max", d.intn(60), nil)
		if s != "" && allFit(ps, s) {
			p.content = s
		}
	}
	for _, pl := range ps {
		t := drawTarget(d, pl, m, p.content)
		if t.content == nil && p.content == "" && !alone(t, "", m) {
			s := "hello"
			t.content = &s
		}
		var ids []string
		if d.accounts != nil {
			for _, a := range d.accounts {
				if a.Platform == pl {
					ids = append(ids, a.ID)
				}
			}
			if len(ids) == 0 {
				return post{}, nil, time.Time{}, nil, false
			}
		} else {
			for i := 0; i < 1+d.intn(3); i++ { // connected accounts of the platform
				ids = append(ids, string(pl)+"-"+strconv.Itoa(i+1))
				accounts = append(accounts, rules.Account{Platform: pl, ID: ids[i]})
			}
		}
		if len(ids) > 1 || d.flag() {
			t.accountID = pick(d, ids)
		}
		p.targets = append(p.targets, t)
	}
	if d.accounts != nil {
		accounts = append([]rules.Account{}, d.accounts...)
	}
	clock = drawNow(d)
	if d.flag() {
		p.scheduledFor = validScheduled(d, clock)
	} else {
		p.publishNow = true
	}
	return p, accounts, clock, facts, true
}

// allFit reports whether text fits every error text rule of every platform of ps.
func allFit(ps []rules.Platform, text string) bool {
	for _, p := range ps {
		if !fits(textRules(p), "", text) {
			return false
		}
	}
	return true
}
