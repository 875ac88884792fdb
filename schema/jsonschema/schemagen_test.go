package jsonschema

import (
	"bytes"
	"encoding/json"
	"math/rand"
	"strings"

	"github.com/leanovate/gopter"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/schema/internal/wirenames"
)

// genBody is one generated request body and the document it is a body of.
type genBody struct {
	kind string // DocCreatePost or DocDraftPublish
	body string
}

// genRequest generates create-post bodies (three in four) and draft-publish bodies. Values
// are drawn near the rules' edges (valid and invalid enums, times, poll bounds, blank and
// non-blank texts, media mixes up to the largest carousels, typed platformSpecificData of
// all ten platforms with values their rules take and refuse), then one body in two gets a mutation of the kind
// the strict decoder refuses (unknown or case-mismatched name, duplicate name, null or a
// wrong type, a member removed). The bodies stay small, so thousands are cheap.
func genRequest() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		r := p.Rng
		g := &bodyGen{r: r, edgy: r.Intn(2) == 0}
		var o obj
		kind := DocCreatePost
		if r.Intn(4) == 0 {
			kind = DocDraftPublish
			o = g.publishMode(obj{})
		} else {
			o = g.createPost()
		}
		var v any = o
		if g.edgy && r.Intn(2) == 0 {
			v = mutate(r, o, 0)
		}
		var b bytes.Buffer
		if err := json.Compact(&b, marshalOrdered(v)); err != nil {
			panic(err) // the generator's own output is JSON
		}
		return gopter.NewGenResult(genBody{kind, b.String()}, gopter.NoShrinker)
	}
}

func pick[T any](r *rand.Rand, xs ...T) T { return xs[r.Intn(len(xs))] }

// choose picks from the first good values of xs (the valid ones), or from all of xs when
// the body is drawn at the edges.
func (g *bodyGen) choose(good int, xs ...any) any {
	if !g.edgy {
		return xs[g.r.Intn(good)]
	}
	return xs[g.r.Intn(len(xs))]
}

func (g *bodyGen) str(good int, xs ...string) string {
	a := make([]any, len(xs))
	for i, x := range xs {
		a[i] = x
	}
	return g.choose(good, a...).(string)
}

// bodyGen draws one body: edgy bodies take invalid values too, the others only valid ones.
type bodyGen struct {
	r    *rand.Rand
	edgy bool
}

var genTimes = []string{
	"2027-01-01T10:00Z", "2028-02-29T23:59:59.999Z", "2000-02-29T00:00:00Z", "1900-02-29T00:00Z",
	"2027-02-29T10:00Z", "2027-13-01T10:00Z", "2027-01-01T10:00:60Z", "2027-01-01T10:00.5Z",
	"2027-01-01T10:00:00+00:00", "2027-01-01t10:00z", "2027-01-01 10:00Z", "2027-04-31T10:00Z", "",
}

var genTexts = []string{"Hello", "x", "é 👍🏽", "line\nbreak", "\ufeff", "", " ", "\u3000\t"} // five non-blank first

// genEdgeTexts are post texts at the rules of the book on texts: over the caps in code
// points (one character more than threads' 500 bytes, pinterest's 800, google business'
// 1500, instagram's and tiktok's 2200, linkedin's and bluesky's 3000, youtube's 5000
// bytes), over a UTF-16 or byte cap only (401 emoji are 802 UTF-16 code units; 251 "é"
// are 502 bytes), over the token counts (cashtags, hashtags, mentions, links), and
// youtube's forbidden < and >. Valid on some platforms, refused on others.
var genEdgeTexts = []string{
	strings.Repeat("a", 501), strings.Repeat("a", 801), strings.Repeat("a", 1501), strings.Repeat("a", 2201),
	strings.Repeat("a", 3001), strings.Repeat("a", 5001), strings.Repeat("👍", 401), strings.Repeat("é", 251),
	"$AAPL $TSLA", strings.Repeat("#tag ", 31), strings.Repeat("@someone ", 21),
	"https://a.example https://b.example https://c.example https://d.example https://e.example https://f.example",
	"a<b", "x > y",
}

// text draws a post text: genTexts, and at the edges one time in six genEdgeTexts.
func (g *bodyGen) text() string {
	if g.edgy && g.r.Intn(6) == 0 {
		return pick(g.r, genEdgeTexts...)
	}
	return g.str(5, genTexts...)
}

func (g *bodyGen) publishMode(o obj) obj {
	r := g.r
	n := 3
	if g.edgy {
		n = 5
	}
	switch r.Intn(n) {
	case 0, 1:
		o = append(o, member{"publishNow", true})
	case 2:
		o = append(o, member{"scheduledFor", g.str(4, genTimes...)})
	case 3:
		o = append(o, member{"publishNow", r.Intn(2) == 0}, member{"scheduledFor", g.str(4, genTimes...)})
	case 4: // neither
	}
	if r.Intn(3) == 0 {
		o = append(o, member{"timezone", g.str(3, "Europe/Berlin", "UTC", "Etc/GMT+5", "Local", "", "europe/berlin", "Mars/Olympus")})
	}
	return o
}

func (g *bodyGen) media(max int) []any {
	r := g.r
	n := r.Intn(max + 1)
	items := make([]any, n)
	for i := range items {
		m := obj{
			{"type", g.str(4, "image", "image", "video", "gif", "document", "pdf")},
			{"url", g.str(3, "https://cdn.example.com/a.png", "http://x.example/v.mp4", "HTTPS://x.example/a", "ftp://x.example/a", "https://x.example:0/a", "/relative.png", "https://a b.example/")},
		}
		if r.Intn(5) == 0 {
			m = append(m, member{"thumbnail", g.str(1, "https://cdn.example.com/t.png", "thumb.png")})
		}
		items[i] = m
	}
	return items
}

func (g *bodyGen) twitter() obj {
	r := g.r
	o := obj{}
	if r.Intn(4) == 0 {
		o = append(o, member{"replySettings", g.str(4, "following", "mentionedUsers", "subscribers", "verified", "everyone")})
	}
	if r.Intn(5) == 0 {
		o = append(o, member{"communityId", g.str(1, "123", "")})
	}
	if r.Intn(5) == 0 {
		o = append(o, member{"shareWithFollowers", r.Intn(2) == 0})
	}
	if r.Intn(6) == 0 {
		o = append(o, member{"replyToTweetId", g.str(1, "42", "")})
	}
	if r.Intn(2) == 0 {
		items := make([]any, r.Intn(3))
		for i := range items {
			it := obj{}
			if r.Intn(4) != 0 {
				it = append(it, member{"content", g.str(5, genTexts...)})
			}
			if r.Intn(3) == 0 {
				it = append(it, member{"mediaItems", g.media(3)})
			}
			items[i] = it
		}
		o = append(o, member{"threadItems", items})
	}
	if r.Intn(3) == 0 {
		opts := make([]any, 2+r.Intn(3))
		if g.edgy {
			opts = make([]any, r.Intn(6))
		}
		for i := range opts {
			opts[i] = g.str(3, "yes", "no", "maybe", " ", "", strings.Repeat("o", 26), strings.Repeat("👍", 13))
		}
		o = append(o, member{"poll", obj{{"options", opts}, {"durationMinutes", g.choose(5, 5, 60, 1440, 10080, json.Number("6e1"), 4, 10081, json.Number("60.5"), json.Number("1e400"))}}})
	}
	return o
}

func (g *bodyGen) createPost() obj {
	r := g.r
	o := obj{}
	if r.Intn(5) != 0 {
		o = append(o, member{"content", g.text()})
	}
	hasMedia, youtube := r.Intn(3) != 0, false
	var targets []any
	if !g.edgy || r.Intn(12) != 0 {
		targets = make([]any, 1+r.Intn(3))
		if g.edgy {
			targets = make([]any, r.Intn(4))
		}
		platforms := append(wirenames.Platforms(), "Twitter", "x", "")
		for i := range targets {
			pl := wirenames.Platforms()[r.Intn(10)]
			if g.edgy && r.Intn(10) == 0 {
				pl = pick(r, platforms...)
			}
			if r.Intn(3) == 0 {
				pl = string(rules.Twitter)
			}
			youtube = youtube || pl == string(rules.YouTube)
			t := obj{{"platform", pl}}
			if r.Intn(3) == 0 {
				t = append(t, member{"accountId", g.str(1, "acc-1", "")})
			}
			if r.Intn(3) == 0 {
				t = append(t, member{"content", g.text()})
			}
			switch {
			case g.edgy && r.Intn(8) == 0: // another platform's options
				t = append(t, member{"platformSpecificData", g.platformOptions(pick(r, wirenames.Platforms()...))})
			case pl == string(rules.Pinterest) && (!g.edgy || r.Intn(4) != 0), r.Intn(3) != 0:
				t = append(t, member{"platformSpecificData", g.platformOptions(pl)})
			}
			targets[i] = t
		}
	}
	// The media are drawn once the targets are known, so that youtube (exactly one
	// video) is often satisfied too.
	switch {
	case hasMedia && youtube && !g.edgy && r.Intn(2) == 0:
		o = append(o, member{"mediaItems", []any{obj{{"type", "video"}, {"url", "https://cdn.example.com/v.mp4"}}}})
	case hasMedia:
		o = append(o, member{"mediaItems", g.postMedia()})
	}
	if targets != nil {
		o = append(o, member{"platforms", targets})
	}
	return g.publishMode(o)
}

// mutate changes one object member somewhere in v (depth-first, at a random level) into
// something the strict decoder refuses, and returns the new value. Arrays and objects are
// copied on the way down, so v is unchanged.
func mutate(r *rand.Rand, v any, depth int) any {
	switch x := v.(type) {
	case obj:
		if len(x) > 0 && depth < 6 && r.Intn(3) != 0 {
			i := r.Intn(len(x))
			switch x[i].v.(type) {
			case obj, []any:
				c := append(obj(nil), x...)
				c[i].v = mutate(r, x[i].v, depth+1)
				return c
			}
		}
		c := append(obj(nil), x...)
		switch r.Intn(6) {
		case 0:
			return append(c, member{pick(r, "scheduleFor", "extra", "Platform", "CONTENT"), "x"})
		case 1:
			if len(c) > 0 {
				return append(c, c[r.Intn(len(c))]) // a duplicate name
			}
		case 2:
			if len(c) > 0 {
				c[r.Intn(len(c))].v = nil
				return c
			}
		case 3:
			if len(c) > 0 {
				c[r.Intn(len(c))].v = pick[any](r, 7, "7", true, []any{}, obj{}, json.Number("6.5"))
				return c
			}
		case 4:
			if len(c) > 0 {
				i := r.Intn(len(c))
				return append(c[:i], c[i+1:]...) // a member removed
			}
		case 5:
			if len(c) > 0 {
				i := r.Intn(len(c))
				c[i].k = pick(r, "Content", "publishnow", "accountID", "options ")
				return c
			}
		}
		return c
	case []any:
		if len(x) == 0 {
			return pick[any](r, x, "[]", nil)
		}
		c := append([]any(nil), x...)
		i := r.Intn(len(c))
		if r.Intn(4) == 0 {
			c[i] = pick[any](r, nil, "x", 3)
		} else {
			c[i] = mutate(r, c[i], depth+1)
		}
		return c
	}
	return v
}

// Long option values near the rule book's caps: over a cap in code points, and over a
// UTF-16 cap only (60 emoji are 60 code points and 120 UTF-16 code units).
var (
	genLong101 = strings.Repeat("a", 101)
	genEmoji60 = strings.Repeat("👍", 60)
	genLong401 = strings.Repeat("b", 401)
)

// genURL draws an option URL: valid ones first, then ones d.url refuses.
func (g *bodyGen) genURL() string {
	return g.str(3, "https://example.com/page", "HTTP://example.com/a?b=c", "https://example.com:8443/a", "example.com", "ftp://example.com/",
		"https://a b.example/", "https://example.com:0/", "https://example.com:65536/", "https://:80/", "https://a%zz/")
}

// maybe adds member k with value v() to o one time in n.
func (g *bodyGen) maybe(o obj, n int, k string, v func() any) obj {
	if g.r.Intn(n) == 0 {
		return append(o, member{k, v()})
	}
	return o
}

// altTexts draws a list of alt texts: usually no more than the media, blank ones too.
func (g *bodyGen) altTexts() []any {
	n := g.r.Intn(4)
	if g.edgy && g.r.Intn(3) == 0 {
		n = g.r.Intn(8)
	}
	out := make([]any, n)
	for i := range out {
		out[i] = g.str(2, "a cat", "a dog on a chair", "", " ")
	}
	return out
}

// platformOptions draws platformSpecificData for platform pl: realistic valid options,
// and at the edges the values the platform's rules refuse (enums, URLs, negative numbers,
// blank required fields, lengths over the book's caps, wrong event dates).
func (g *bodyGen) platformOptions(pl string) obj {
	r := g.r
	o := obj{}
	b := func() any { return r.Intn(2) == 0 }
	switch rules.Platform(pl) {
	case rules.Twitter:
		return g.twitter()
	case rules.YouTube:
		o = g.maybe(o, 2, "title", func() any { return g.str(3, "My video", "", "Café ☕ tour", "a<b", genLong101, genEmoji60) })
		o = g.maybe(o, 3, "tags", func() any {
			if g.edgy && r.Intn(3) == 0 {
				tags := make([]any, 130)
				for i := range tags {
					tags[i] = "tag"
				}
				return tags
			}
			return []any{"travel", "city walk"}
		})
		o = g.maybe(o, 2, "visibility", func() any { return g.str(3, "public", "private", "unlisted", "PUBLIC", "") })
		o = g.maybe(o, 4, "madeForKids", b)
		o = g.maybe(o, 4, "containsSyntheticMedia", b)
		o = g.maybe(o, 3, "categoryId", func() any { return g.str(2, "22", "1", "", "music", "2 2") })
		o = g.maybe(o, 4, "firstComment", func() any { return g.str(2, "First!", "", strings.Repeat("c", 10001)) })
	case rules.TikTok:
		o = g.maybe(o, 2, "privacyLevel", func() any {
			return g.str(4, "PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "FOLLOWER_OF_CREATOR", "SELF_ONLY", "PUBLIC", "public_to_everyone")
		})
		for _, f := range []string{"disableComment", "disableDuet", "disableStitch", "brandContentToggle", "brandOrganicToggle", "isAigc", "autoAddMusic", "draft"} {
			o = g.maybe(o, 6, f, b)
		}
		o = g.maybe(o, 4, "videoCoverTimestampMs", func() any {
			return g.choose(3, 0, 1500, json.Number("1e3"), -1, json.Number("1.5"), json.Number("5.0000000000000000001"))
		})
		o = g.maybe(o, 4, "photoCoverIndex", func() any { return g.choose(2, 0, 2, -3) })
		o = g.maybe(o, 4, "description", func() any { return g.str(2, "A photo post", "", strings.Repeat("d", 4001)) })
	case rules.Pinterest:
		if !g.edgy || r.Intn(4) != 0 {
			o = append(o, member{"boardId", g.str(2, "board-1", "987654321", "", " \t")})
		}
		o = g.maybe(o, 3, "title", func() any { return g.str(2, "Pin title", "", genLong101, genEmoji60) })
		o = g.maybe(o, 3, "link", g.genURLAny)
		o = g.maybe(o, 3, "altText", func() any { return g.str(2, "a red bike", "", strings.Repeat("e", 501)) })
		o = g.maybe(o, 4, "dominantColor", func() any { return g.str(2, "#aabbcc", "", "red") })
		o = g.maybe(o, 3, "coverImageUrl", g.genURLAny)
	case rules.LinkedIn:
		o = g.maybe(o, 2, "visibility", func() any { return g.str(2, "PUBLIC", "CONNECTIONS", "public", "LOGGED_IN") })
		o = g.maybe(o, 4, "articleUrl", g.genURLAny)
		o = g.maybe(o, 4, "articleTitle", func() any { return g.str(2, "An article", "", genLong401) })
		o = g.maybe(o, 4, "articleDescription", func() any { return g.str(2, "What it says", "", genLong401) })
		o = g.maybe(o, 2, "documentTitle", func() any { return g.str(2, "Q3 deck", "Slides", "", " ", strings.Repeat("f", 201)) })
	case rules.Bluesky:
		o = g.maybe(o, 3, "langs", func() any {
			if g.edgy && r.Intn(3) == 0 {
				return []any{"en", "de", "fr", "ja"}
			}
			return pick[any](r, []any{"en"}, []any{"en", "de", "fr"}, []any{})
		})
		o = g.maybe(o, 2, "altText", func() any { return g.altTexts() })
	case rules.Facebook:
		o = g.maybe(o, 3, "link", g.genURLAny)
		o = g.maybe(o, 3, "published", b)
		o = g.maybe(o, 4, "videoThumbnailUrl", g.genURLAny)
	case rules.Instagram:
		o = g.maybe(o, 3, "shareToFeed", b)
		o = g.maybe(o, 4, "coverUrl", g.genURLAny)
		o = g.maybe(o, 4, "thumbOffset", func() any { return g.choose(2, 0, 2500, -5, json.Number("5.0000000000000000001")) })
	case rules.Threads:
		o = g.maybe(o, 2, "replyControl", func() any { return g.str(3, "everyone", "accounts_you_follow", "mentioned_only", "nobody", "EVERYONE") })
		o = g.maybe(o, 2, "altText", func() any { return g.altTexts() })
	case rules.GoogleBusiness:
		o = g.maybe(o, 2, "topicType", func() any { return g.str(3, "STANDARD", "EVENT", "OFFER", "event", "NEWS") })
		cta := ""
		if r.Intn(2) == 0 {
			cta = g.str(7, "BOOK", "ORDER", "SHOP", "LEARN_MORE", "SIGN_UP", "CALL", "GET_OFFER", "call", "VISIT")
			o = append(o, member{"callToActionType", cta})
		}
		// Valid bodies give a URL with every call to action but CALL; the edges draw any mix.
		if (g.edgy && r.Intn(2) == 0) || (!g.edgy && cta != "" && (cta != "CALL" || r.Intn(2) == 0)) {
			o = append(o, member{"callToActionUrl", g.genURL()})
		}
		if r.Intn(2) == 0 { // an event, whole or in part
			k := r.Intn(3) // valid bodies: a start and an end after it
			start := []string{"2027-03-01", "2028-02-29", "2027-12-31"}[k]
			end := []string{"2027-03-02", "2028-03-01", "2028-01-01"}[k]
			if g.edgy {
				start = g.str(3, "2027-03-01", "2028-02-29", "2027-12-31", "2027-02-29", "2027-3-1", "")
				end = g.str(3, "2027-03-02", "2028-03-01", "2027-03-01", "2026-01-01", "2027-13-01", " ")
			}
			for _, f := range []struct{ k, v string }{
				{"eventTitle", g.str(2, "Open day", "Launch", "", "\u3000")},
				{"eventStartDate", start}, {"eventStartTime", g.str(3, "09:00", "00:00", "23:59", "24:00", "9:00", "")},
				{"eventEndDate", end}, {"eventEndTime", g.str(3, "17:00", "23:59", "09:00", "17:60", "5pm")},
			} {
				if !g.edgy || r.Intn(5) != 0 {
					o = append(o, member{f.k, f.v})
				}
			}
		}
		o = g.maybe(o, 4, "offerCouponCode", func() any { return "SAVE10" })
		o = g.maybe(o, 4, "offerRedeemOnlineUrl", g.genURLAny)
		o = g.maybe(o, 4, "offerTermsConditions", func() any { return "While stocks last." })
	}
	return o
}

func (g *bodyGen) genURLAny() any { return g.genURL() }

// postMedia draws the shared media of a post: mostly the combinations platforms take
// (one image, one video, a few images, none), else a random mix, up to the large
// carousels (threads 20, tiktok 35) at the edges.
func (g *bodyGen) postMedia() []any {
	r := g.r
	item := func(typ string) any {
		m := obj{{"type", typ}, {"url", "https://cdn.example.com/m." + typ}}
		if typ == "video" && r.Intn(3) == 0 {
			m = append(m, member{"thumbnail", "https://cdn.example.com/t.png"})
		}
		return m
	}
	n := func(k int, typ string) []any {
		out := make([]any, k)
		for i := range out {
			out[i] = item(typ)
		}
		return out
	}
	switch r.Intn(8) {
	case 0, 1:
		return n(1, "image")
	case 2, 3:
		return n(1, "video")
	case 4:
		return n(2+r.Intn(3), "image")
	case 5:
		return n(1, pick(r, "gif", "document"))
	case 6:
		if g.edgy {
			return n(pick(r, 5, 10, 11, 20, 21, 36), pick(r, "image", "video"))
		}
		return n(1+r.Intn(4), "image")
	}
	return g.media(5)
}
