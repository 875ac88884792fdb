package schema

import (
	"encoding/json"
	"strconv"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

// The request documents: the member tables of the wire types (types.go) and the decoding
// of a create-post body, a stored draft, a draft-publish body, their targets and twitter's
// options (the other platforms' options: platforms.go).

// The member tables of the wire types (types.go), in the order the types list them.
var (
	createPostTable = newTable(
		wireMember[CreatePost]{name: "content", decode: func(d *decoder, p *CreatePost) { d.str(&p.Content) }},
		wireMember[CreatePost]{name: "mediaItems", decode: func(d *decoder, p *CreatePost) { p.MediaItems = d.mediaItems() }},
		wireMember[CreatePost]{name: "platforms", decode: func(d *decoder, p *CreatePost) { p.Platforms = d.targets() }},
		wireMember[CreatePost]{name: "publishNow", decode: func(d *decoder, p *CreatePost) {
			if !d.skipDraftPublishField() {
				d.boolean(&p.PublishNow)
			}
		}},
		wireMember[CreatePost]{name: "scheduledFor", decode: func(d *decoder, p *CreatePost) {
			if !d.skipDraftPublishField() {
				d.optStr(&p.ScheduledFor)
			}
		}},
		wireMember[CreatePost]{name: "timezone", decode: func(d *decoder, p *CreatePost) {
			if !d.skipDraftPublishField() {
				d.optStr(&p.Timezone)
			}
		}},
	)
	mediaItemTable = newTable(
		wireMember[MediaItem]{name: "type", required: true, decode: func(d *decoder, m *MediaItem) { d.str(&m.Type) }},
		wireMember[MediaItem]{name: "url", required: true, decode: func(d *decoder, m *MediaItem) { d.str(&m.URL) }},
		wireMember[MediaItem]{name: "thumbnail", decode: func(d *decoder, m *MediaItem) { d.optStr(&m.Thumbnail) }},
	)
	twitterTable = newTable(
		wireMember[TwitterOptions]{name: "communityId", decode: func(d *decoder, t *TwitterOptions) { d.optStr(&t.CommunityID) }},
		wireMember[TwitterOptions]{name: "shareWithFollowers", decode: func(d *decoder, t *TwitterOptions) { d.boolean(&t.ShareWithFollowers) }},
		wireMember[TwitterOptions]{name: "replyToTweetId", decode: func(d *decoder, t *TwitterOptions) { d.optStr(&t.ReplyToTweetID) }},
		wireMember[TwitterOptions]{name: "replySettings", decode: func(d *decoder, t *TwitterOptions) { d.optStr(&t.ReplySettings) }},
		wireMember[TwitterOptions]{name: "threadItems", decode: func(d *decoder, t *TwitterOptions) { t.ThreadItems = d.threadItems() }},
		wireMember[TwitterOptions]{name: "poll", decode: func(d *decoder, t *TwitterOptions) {
			t.Poll = new(Poll)
			if !decodeObject(d, pollTable, t.Poll) {
				t.Poll = nil
			}
		}},
	)
	threadItemTable = newTable(
		wireMember[ThreadItem]{name: "content", decode: func(d *decoder, it *ThreadItem) { d.str(&it.Content) }},
		wireMember[ThreadItem]{name: "mediaItems", decode: func(d *decoder, it *ThreadItem) { it.MediaItems = d.mediaItems() }},
	)
	pollTable = newTable(
		wireMember[Poll]{name: "options", required: true, decode: func(d *decoder, p *Poll) { p.Options = d.stringArray() }},
		wireMember[Poll]{name: "durationMinutes", required: true, decode: func(d *decoder, p *Poll) {
			var n int
			d.integer(&n)
			p.DurationMinutes = Minutes(n)
		}},
	)
	targetTable = newTable(
		wireMember[PlatformTarget]{name: "platform", required: true, decode: func(d *decoder, t *PlatformTarget) {
			var s string
			d.str(&s)
			t.Platform = rules.Platform(s)
		}},
		wireMember[PlatformTarget]{name: "accountId", decode: func(d *decoder, t *PlatformTarget) { d.optStr(&t.AccountID) }},
		wireMember[PlatformTarget]{name: "content", decode: func(d *decoder, t *PlatformTarget) { d.optStr(&t.Content) }},
		wireMember[PlatformTarget]{name: "platformSpecificData", decode: func(d *decoder, t *PlatformTarget) {
			if !d.is(d.sc.Peek(), strictjson.Object, "an object") {
				return
			}
			d.psd, d.hasPSD = d.sc.Mark(), true
			d.skipLocated()
		}},
	)
	draftPublishTable = newTable(
		wireMember[DraftPublish]{name: "publishNow", decode: func(d *decoder, p *DraftPublish) { d.boolean(&p.PublishNow) }},
		wireMember[DraftPublish]{name: "scheduledFor", decode: func(d *decoder, p *DraftPublish) { d.optStr(&p.ScheduledFor) }},
		wireMember[DraftPublish]{name: "timezone", decode: func(d *decoder, p *DraftPublish) { d.optStr(&p.Timezone) }},
	)
)

// skipDraftPublishField skips the value of publishNow, scheduledFor or timezone in a stored
// draft and reports whether it did: they are replaced by the publish body's, so their values
// are not read, and no value there is wrong (their names are still checked like every name).
func (d *decoder) skipDraftPublishField() bool {
	if d.origin != originDraft {
		return false
	}
	d.sc.Skip()
	return true
}

func (d *decoder) createPost(p *CreatePost) { decodeObject(d, createPostTable, p) }

func (d *decoder) draftPublish(p *DraftPublish) { decodeObject(d, draftPublishTable, p) }

// mediaItems decodes an array of media items. An empty array decodes to an empty, non-nil
// slice; it re-encodes as absent, which means the same.
func (d *decoder) mediaItems() []MediaItem {
	if !d.openArray() {
		return nil
	}
	items := []MediaItem{}
	var a array
	for d.nextElem(&a) {
		items = append(items, MediaItem{})
		d.mediaItem(&items[len(items)-1])
	}
	return items
}

func (d *decoder) mediaItem(m *MediaItem) { decodeObject(d, mediaItemTable, m) }

func (d *decoder) targets() []PlatformTarget {
	if !d.openArray() {
		return nil
	}
	ts := []PlatformTarget{}
	var a array
	over := 0 // targets past d.maxTargets: skipped, syntax only
	for d.nextElem(&a) {
		if len(ts) >= d.maxTargets {
			over++
			d.skipLocated()
			continue
		}
		ts = append(ts, PlatformTarget{})
		d.target(&ts[len(ts)-1])
	}
	if over > 0 && !d.failed() {
		d.reportHere(apierror.CodeTooManyTargets, "platforms has "+strconv.Itoa(len(ts)+over)+
			" targets; a request may have at most "+strconv.Itoa(d.maxTargets))
	}
	return ts
}

// target decodes one target. platformSpecificData may come before "platform", and its
// shape depends on the platform, so it is first only checked for syntax and decoded once
// the whole target has been read: typed for each of the ten platforms (the nine besides
// twitter also keep it as sent, in Options), and kept raw (after checking its strings and
// names) for a target whose platform is unknown or missing.
func (d *decoder) target(t *PlatformTarget) {
	d.hasPSD = false
	if !decodeObject(d, targetTable, t) || !d.hasPSD || d.failed() {
		return
	}
	after := d.sc.Mark()
	d.sc.Rewind(d.psd)
	d.push("platformSpecificData")
	if t.Platform == rules.Twitter {
		t.Twitter = new(TwitterOptions)
		d.twitter(t.Twitter)
	} else {
		start := d.sc.Pos()
		if !d.platformOptions(t) { // typed for the nine (platforms.go), raw otherwise
			d.raw()
		}
		t.Options = append(json.RawMessage(nil), d.sc.Bytes(start, d.sc.Pos())...)
	}
	d.pop()
	d.sc.Rewind(after)
}

// skipLocated skips a value, checking its syntax only. When the syntax is wrong, the value
// is walked again with every member name and index on the path, so that the error is
// located at the innermost value being read, as everywhere else in the document
// (".../poll/durationMinutes" for "durationMinutes": 05). Input that nests too deep stays
// located at the value itself. A valid value is skipped once, at Skip's cost.
func (d *decoder) skipLocated() {
	probe := d.sc // Scanner is a value; Skip never writes its scratch buffer
	probe.Skip()
	if e := probe.Err(); e == nil || e.TooDeep {
		d.sc = probe
		return
	}
	d.walk()
}

// walk reads a value with its members and elements on the path, reporting nothing: a
// scanning failure inside it is located by pop.
func (d *decoder) walk() {
	switch d.sc.Peek() {
	case strictjson.Object:
		d.sc.BeginObject()
		var it strictjson.Iter
		for d.sc.NextMember(&it) {
			key, _ := d.sc.Key()
			if d.failed() {
				return
			}
			d.push(string(key))
			d.walk()
			d.pop()
		}
	case strictjson.Array:
		d.sc.BeginArray()
		var a array
		for d.nextElem(&a) {
			d.walk()
		}
	default:
		d.sc.Skip()
	}
}

// raw walks a value that is passed through as JSON (another platform's
// platformSpecificData): its syntax was checked already; here its strings must be valid
// and no object may give a name twice, since whoever reads it later would have to guess
// which value counts.
func (d *decoder) raw() {
	switch k := d.sc.Peek(); k {
	case strictjson.Object:
		d.sc.BeginObject()
		var it strictjson.Iter
		var seen map[string]bool
		var first []string // small objects: a linear scan, no map
		for d.sc.NextMember(&it) {
			name, _, ok := d.key()
			if !ok {
				return
			}
			dup := false
			if seen != nil {
				dup = seen[name]
				seen[name] = true
			} else {
				for _, f := range first {
					dup = dup || f == name
				}
				first = append(first, name)
				if len(first) > 16 {
					seen = make(map[string]bool, 32)
					for _, f := range first {
						seen[f] = true
					}
				}
			}
			if dup {
				d.duplicate(name)
			}
			d.push(name)
			d.raw()
			d.pop()
		}
	case strictjson.Array:
		d.sc.BeginArray()
		var a array
		for d.nextElem(&a) {
			d.raw()
		}
	case strictjson.String:
		if is := d.sc.CheckString(); is.Kind != strictjson.NoIssue {
			d.stringIssue("", false, is)
		}
	default:
		d.sc.Skip()
	}
}

func (d *decoder) twitter(t *TwitterOptions) { decodeObject(d, twitterTable, t) }

func (d *decoder) threadItems() []ThreadItem {
	if !d.openArray() {
		return nil
	}
	items := []ThreadItem{}
	var a array
	for d.nextElem(&a) {
		items = append(items, ThreadItem{})
		decodeObject(d, threadItemTable, &items[len(items)-1])
	}
	return items
}
