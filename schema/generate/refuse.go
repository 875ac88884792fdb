package generate

import (
	"strconv"
	"strings"
	"time"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
	"github.com/postrules/postrules/rules/media"
	"github.com/postrules/postrules/schema"
)

// base is an accepted create post for ps (drawn when empty) as the start of a refusal;
// ok false when ps is not feasible.
type base struct {
	p        post
	accounts []rules.Account
	clock    time.Time
	facts    map[string]media.Facts
}

func newBase(d *draws, ps []rules.Platform) (base, bool) {
	p, a, c, f, ok := validPost(d, ps)
	return base{p, a, c, f}, ok
}

// refused is the case of body b refused with code at path (rule when it has one).
func (b base) refused(name string, body []byte, code apierror.Code, rule, path string) *Case {
	return &Case{Generator: name, Endpoint: EndpointCreatePost, Body: body, Now: b.clock, Accounts: b.accounts, Media: b.facts,
		Expect: Expect{HTTPStatus: code.HTTPStatus(), Code: code, Rule: rule, Path: path}}
}

// targetOf is the index of a target of platform pl in b, drawn when several.
func (b *base) targetOf(pl rules.Platform) int {
	for i, t := range b.p.targets {
		if t.platform == pl {
			return i
		}
	}
	return -1
}

func ptr(s string) *string { return &s }

// codeBuilders build, for each code a body can cause, a case that the book answers with
// that code alone. Each starts from an accepted body and breaks one thing.
var codeBuilders = map[apierror.Code]func(d *draws, ps []rules.Platform) (*Case, bool){
	apierror.CodeMediaFetchRefused: fetchFailure(apierror.CodeMediaFetchRefused),
	apierror.CodeMediaUnreachable:  fetchFailure(apierror.CodeMediaUnreachable),
	apierror.CodeMediaTimeout:      fetchFailure(apierror.CodeMediaTimeout),
	apierror.CodeMediaNotFound:     fetchFailure(apierror.CodeMediaNotFound),
	apierror.CodeMediaTooLarge:     fetchFailure(apierror.CodeMediaTooLarge),
	apierror.CodeMediaEmpty:        fetchFailure(apierror.CodeMediaEmpty),
	apierror.CodeMediaUnrecognized: fetchFailure(apierror.CodeMediaUnrecognized),
	apierror.CodeMediaTruncated:    fetchFailure(apierror.CodeMediaTruncated),
	apierror.CodeMediaCorrupt:      fetchFailure(apierror.CodeMediaCorrupt),
	apierror.CodeMalformedJSON: func(d *draws, ps []rules.Platform) (*Case, bool) {
		b, ok := newBase(d, ps)
		body := bytesOf(b.p.json())
		// a strict prefix of an object is never JSON; cut inside the first name, so that
		// the break is in no value (the path is the body's)
		cut := 1 + d.intn(len(`"content`))
		return b.refused("malformed_json", body[:cut], apierror.CodeMalformedJSON, "", ""), ok
	},
	apierror.CodeInvalidBody: func(d *draws, ps []rules.Platform) (*Case, bool) {
		b, ok := newBase(d, ps)
		body := bytesOf(b.p.json())
		alt := []string{"[" + string(body) + "]", "null", "true", "7", `"` + "post" + `"`, "[]"}
		return b.refused("invalid_body", []byte(pick(d, alt)), apierror.CodeInvalidBody, "", ""), ok
	},
	apierror.CodeUnknownField: func(d *draws, ps []rules.Platform) (*Case, bool) {
		b, ok := newBase(d, ps)
		name := pick(d, []string{"extra", "note", "colour", "x-trace"})
		o := b.p.json()
		path := "/" + name
		if d.flag() {
			i := d.intn(len(b.p.targets))
			ts := o.get("platforms").([]obj)
			ts[i].set(name, "x")
			path = "/platforms/" + strconv.Itoa(i) + "/" + name
		} else {
			o.set(name, 1)
		}
		return b.refused("unknown_field", bytesOf(o), apierror.CodeUnknownField, "", path), ok
	},
	apierror.CodeFieldCaseMismatch: func(d *draws, ps []rules.Platform) (*Case, bool) {
		b, ok := newBase(d, ps)
		o := b.p.json()
		ts := o.get("platforms")
		o.del("platforms")
		name := pick(d, []string{"Platforms", "PLATFORMS", "platForms"})
		o.set(name, ts)
		return b.refused("field_case_mismatch", bytesOf(o), apierror.CodeFieldCaseMismatch, "", "/"+name), ok
	},
	apierror.CodeDuplicateField: func(d *draws, ps []rules.Platform) (*Case, bool) {
		b, ok := newBase(d, ps)
		o := b.p.json()
		if b.p.publishNow {
			o = append(o, member{"publishNow", true})
			return b.refused("duplicate_field", bytesOf(o), apierror.CodeDuplicateField, "", "/publishNow"), ok
		}
		o = append(o, member{"scheduledFor", o.get("scheduledFor")})
		return b.refused("duplicate_field", bytesOf(o), apierror.CodeDuplicateField, "", "/scheduledFor"), ok
	},
	apierror.CodeWrongType: func(d *draws, ps []rules.Platform) (*Case, bool) {
		b, ok := newBase(d, ps)
		o := b.p.json()
		if b.p.publishNow {
			o.set("publishNow", pick(d, []any{"yes", 1, "true", []int{}}))
			return b.refused("wrong_type", bytesOf(o), apierror.CodeWrongType, "", "/publishNow"), ok
		}
		o.set("scheduledFor", pick(d, []any{1764322200, true, []int{}}))
		return b.refused("wrong_type", bytesOf(o), apierror.CodeWrongType, "", "/scheduledFor"), ok
	},
	apierror.CodeInvalidString: func(d *draws, ps []rules.Platform) (*Case, bool) {
		b, ok := newBase(d, ps)
		o := b.p.json()
		o.set("timezone", "\x00mark")
		body := strings.Replace(string(bytesOf(o)), `\u0000mark`, pick(d, []string{`\ud800`, `\udfff`, `a\ud83dz`}), 1)
		return b.refused("invalid_string", []byte(body), apierror.CodeInvalidString, "", "/timezone"), ok
	},
	apierror.CodeInvalidUTF8: func(d *draws, ps []rules.Platform) (*Case, bool) {
		b, ok := newBase(d, ps)
		o := b.p.json()
		o.set("timezone", "\x00mark")
		body := strings.Replace(string(bytesOf(o)), `\u0000mark`, pick(d, []string{"\xff", "a\xc3", "\xed\xa0\x80"}), 1)
		return b.refused("invalid_utf8", []byte(body), apierror.CodeInvalidUTF8, "", "/timezone"), ok
	},
	apierror.CodeTooManyTargets: func(d *draws, ps []rules.Platform) (*Case, bool) {
		b, ok := newBase(d, ps)
		for n := len(b.p.targets); len(b.p.targets) <= schema.DefaultMaxTargets; {
			b.p.targets = append(b.p.targets, b.p.targets[len(b.p.targets)%n])
		}
		return b.refused("too_many_targets", bytesOf(b.p.json()), apierror.CodeTooManyTargets, "", "/platforms"), ok
	},
	apierror.CodeBodyTooLarge: func(d *draws, ps []rules.Platform) (*Case, bool) {
		b, ok := newBase(d, ps)
		o := b.p.json()
		o.set("timezone", strings.Repeat(" ", schema.DefaultMaxBodyBytes))
		return b.refused("body_too_large", bytesOf(o), apierror.CodeBodyTooLarge, "", ""), ok
	},
	apierror.CodeMissingField: func(d *draws, ps []rules.Platform) (*Case, bool) {
		b, ok := newBase(d, ps)
		o := b.p.json()
		o.set("mediaItems", append(b.p.media, item{Type: "image"}))
		// the url is left out; an object without it
		body := strings.Replace(string(bytesOf(o)), `,"url":""}`, `}`, 1)
		return b.refused("missing_field", []byte(body), apierror.CodeMissingField, "", "/mediaItems/"+strconv.Itoa(len(b.p.media))+"/url"), ok
	},
	apierror.CodeInvalidScheduledFor: func(d *draws, ps []rules.Platform) (*Case, bool) {
		b, ok := newBase(d, ps)
		b.p.publishNow = false
		b.p.scheduledFor = brokenScheduled(d, b.clock).Value
		o := b.p.json()
		if b.p.scheduledFor == "" {
			o.set("scheduledFor", "")
		}
		return b.refused("invalid_scheduled_for", bytesOf(o), apierror.CodeInvalidScheduledFor, "", "/scheduledFor"), ok
	},
	apierror.CodeScheduledInPast: func(d *draws, ps []rules.Platform) (*Case, bool) {
		b, ok := newBase(d, ps)
		b.p.publishNow = false
		b.p.scheduledFor = pastScheduled(d, b.clock)
		return b.refused("scheduled_in_past", bytesOf(b.p.json()), apierror.CodeScheduledInPast, "", "/scheduledFor"), ok
	},
	apierror.CodeInvalidTimezone: func(d *draws, ps []rules.Platform) (*Case, bool) {
		b, ok := newBase(d, ps)
		b.p.timezone = pick(d, []string{"Mars/Olympus_Mons", "Europe/Atlantis", "UTC+1", "europe/paris", "Local"})
		return b.refused("invalid_timezone", bytesOf(b.p.json()), apierror.CodeInvalidTimezone, "", "/timezone"), ok
	},
	apierror.CodePublishModeConflict: func(d *draws, ps []rules.Platform) (*Case, bool) {
		b, ok := newBase(d, ps)
		b.p.publishNow, b.p.scheduledFor = false, ""
		return b.refused("publish_mode_conflict", bytesOf(b.p.json()), apierror.CodePublishModeConflict, "", "/publishNow"), ok
	},
	apierror.CodeUnknownPlatform: func(d *draws, ps []rules.Platform) (*Case, bool) {
		b, ok := newBase(d, ps)
		i := d.intn(len(b.p.targets) + 1)
		bad := target{platform: rules.Platform(pick(d, []string{"myspace", "Twitter", "x", "mastodon", "TIKTOK"})), content: ptr("hello")}
		b.p.targets = append(b.p.targets[:i], append([]target{bad}, b.p.targets[i:]...)...)
		return b.refused("unknown_platform", bytesOf(b.p.json()), apierror.CodeUnknownPlatform, "", "/platforms/"+strconv.Itoa(i)+"/platform"), ok
	},
	apierror.CodeNoTargets: func(d *draws, ps []rules.Platform) (*Case, bool) {
		b, ok := newBase(d, ps)
		b.p.targets = nil
		return b.refused("no_targets", bytesOf(b.p.json()), apierror.CodeNoTargets, "", "/platforms"), ok
	},
	apierror.CodeAccountPlatformMismatch: func(d *draws, ps []rules.Platform) (*Case, bool) {
		b, ok := newBase(d, ps)
		i := d.intn(len(b.p.targets))
		var other rules.Platform
		for _, p := range rules.Platforms() {
			if b.targetOf(p) < 0 {
				other = p
			}
		}
		if other == "" { // every platform is a target: no account of another is free
			return nil, false
		}
		id := "other-" + string(other)
		b.accounts = append(b.accounts, rules.Account{Platform: other, ID: id})
		b.p.targets[i].accountID = id
		return b.refused("account_platform_mismatch", bytesOf(b.p.json()), apierror.CodeAccountPlatformMismatch, "", "/platforms/"+strconv.Itoa(i)+"/accountId"), ok
	},
	apierror.CodeDuplicateTarget: func(d *draws, ps []rules.Platform) (*Case, bool) {
		b, ok := newBase(d, ps)
		i := d.intn(len(b.p.targets))
		t := b.p.targets[i]
		if t.accountID == "" {
			t.accountID = accountOf(b.accounts, t.platform)
			b.p.targets[i] = t
		}
		b.p.targets = append(b.p.targets, t)
		return b.refused("duplicate_target", bytesOf(b.p.json()), apierror.CodeDuplicateTarget, "", "/platforms/"+strconv.Itoa(len(b.p.targets)-1)+"/accountId"), ok
	},
	apierror.CodeAccountNotFound: func(d *draws, ps []rules.Platform) (*Case, bool) {
		b, ok := newBase(d, ps)
		i := d.intn(len(b.p.targets))
		b.p.targets[i].accountID = "gone-" + strconv.Itoa(d.intn(1000))
		return b.refused("account_not_found", bytesOf(b.p.json()), apierror.CodeAccountNotFound, "", "/platforms/"+strconv.Itoa(i)+"/accountId"), ok
	},
	apierror.CodeNoConnectedAccount: func(d *draws, ps []rules.Platform) (*Case, bool) {
		b, ok := newBase(d, ps)
		i := d.intn(len(b.p.targets))
		pl := b.p.targets[i].platform
		var keep []rules.Account
		for _, a := range b.accounts {
			if a.Platform != pl {
				keep = append(keep, a)
			}
		}
		if keep == nil {
			keep = []rules.Account{}
		}
		b.accounts = keep
		b.p.targets[i].accountID = ""
		return b.refused("no_connected_account", bytesOf(b.p.json()), apierror.CodeNoConnectedAccount, "", "/platforms/"+strconv.Itoa(i)+"/platform"), ok
	},
	apierror.CodeAmbiguousAccount: func(d *draws, ps []rules.Platform) (*Case, bool) {
		b, ok := newBase(d, ps)
		i := d.intn(len(b.p.targets))
		pl := b.p.targets[i].platform
		b.accounts = append(b.accounts, rules.Account{Platform: pl, ID: string(pl) + "-extra"})
		b.p.targets[i].accountID = ""
		return b.refused("ambiguous_account", bytesOf(b.p.json()), apierror.CodeAmbiguousAccount, "", "/platforms/"+strconv.Itoa(i)+"/platform"), ok
	},
	apierror.CodeDraftNotFound: func(d *draws, ps []rules.Platform) (*Case, bool) {
		c, ok := draftCase(d, ps, lifecycle.DraftDeleted)
		c.Generator, c.Expect = "draft_not_found", Expect{HTTPStatus: 404, Code: apierror.CodeDraftNotFound}
		return c, ok
	},
	apierror.CodeDraftAlreadyPublishing: func(d *draws, ps []rules.Platform) (*Case, bool) {
		c, ok := draftCase(d, ps, lifecycle.DraftPublishing)
		c.Generator, c.Expect = "draft_already_publishing", Expect{HTTPStatus: 409, Code: apierror.CodeDraftAlreadyPublishing}
		return c, ok
	},
}

// accountOf is the first account of platform pl.
func accountOf(as []rules.Account, pl rules.Platform) string {
	for _, a := range as {
		if a.Platform == pl {
			return a.ID
		}
	}
	return ""
}

// draftCase is a draft publish of an accepted stored draft with the given state: the
// body publishes now or schedules after the clock.
func draftCase(d *draws, ps []rules.Platform, state lifecycle.DraftState) (*Case, bool) {
	b, ok := newBase(d, ps)
	body := obj{}
	if b.p.scheduledFor != "" {
		body.set("scheduledFor", b.p.scheduledFor)
	} else {
		body.set("publishNow", true)
	}
	b.p.publishNow, b.p.scheduledFor = false, ""
	if d.flag() { // a stored draft keeps whatever it had: its own time is not read
		b.p.publishNow = true
	}
	return &Case{Generator: "valid-draft", Endpoint: EndpointDraftPublish, Body: bytesOf(body), Draft: bytesOf(b.p.json()),
		Now: b.clock, Accounts: b.accounts, DraftState: state, Media: b.facts, Expect: Expect{Valid: true}}, ok
}
