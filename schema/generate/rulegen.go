package generate

import (
	"strconv"
	"strings"

	"github.com/postrules/postrules/internal/ruleform"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

// ruleBuilder builds a case that breaks rule r alone, or reports that it cannot (ok
// false): the book's declaration says how (a text rule's unit and limit, an option's
// member, an enum's values, a media shape), never a figure written here.
type ruleBuilder func(d *draws, r rules.Rule) (*Case, bool)

// builderFor is the builder of rule r, nil when no class of builder fits its declaration.
func builderFor(r rules.Rule) ruleBuilder {
	b := classBuilder(r)
	if b == nil || r.Severity == rules.SeverityError {
		return b
	}
	return func(d *draws, r rules.Rule) (*Case, bool) { // a warning's case is accepted with it
		c, ok := b(d, r)
		if c != nil {
			c.Expect.Valid, c.Expect.HTTPStatus = true, 0
		}
		return c, ok
	}
}

// classBuilder is the builder of r's class (or its hand builder), nil when none fits.
func classBuilder(r rules.Rule) ruleBuilder {
	if b, ok := handRules[r.ID]; ok {
		return b
	}
	member, each := r.Option()
	rm, _ := limits.MeasureRule(r.ID, "a")
	measured := rm.Measures
	switch {
	case r.ID == "tiktok.privacy.allowed":
		return privacyBuilder
	case len(r.Values()) > 0 && member != "":
		return enumBuilder
	case member == "" && (r.Unit == "hashtags" || r.Unit == "mentions" || r.Unit == "cashtags" || r.Unit == "links"):
		return entityBuilder
	case strings.HasPrefix(r.ID, "tiktok.") && member == "" && measured && r.Limit > 0:
		return nil // which tiktok text rule applies depends on the media (and changes): pending
	case measured && member == "" && r.Unit != "" && r.Limit > 0:
		return textOverBuilder
	case measured && member == "" && r.Unit == "forbidden":
		return forbidBuilder
	case measured && member != "" && !strings.Contains(member, ".") && r.Limit > 0:
		if each {
			return optionOverBuilder(true)
		}
		return optionOverBuilder(false)
	}
	if _, ok := ruleform.MediaOf(r.ID); ok {
		return mediaShapeBuilder
	}
	return nil
}

// ruleBase is an accepted body whose only target is r's platform.
func ruleBase(d *draws, r rules.Rule) (base, int, bool) {
	b, ok := newBase(d, []rules.Platform{r.Platform})
	return b, 0, ok
}

func optsPath(i int) string { return "/platforms/" + strconv.Itoa(i) + "/platformSpecificData" }

// textOverBuilder: the target's text (or, on twitter, a thread item) one or a few units
// over the rule's limit in its unit, fitting the platform's other text rules.
func textOverBuilder(d *draws, r rules.Rule) (*Case, bool) {
	b, i, ok := ruleBase(d, r)
	over := 1
	if d.intn(4) == 0 {
		over += d.intn(10)
	}
	s, fit := textOf(d, r.ID, r.Limit+over, textRules(r.Platform))
	path := "/platforms/" + strconv.Itoa(i) + "/content"
	t := &b.p.targets[i]
	if r.Platform == rules.Twitter && d.flag() {
		n := 1 + d.intn(3)
		k := d.intn(n)
		its := make([]obj, n)
		for j := range its {
			its[j] = obj{{"content", "post " + strconv.Itoa(j+2)}}
		}
		its[k] = obj{{"content", s}}
		t.opts = obj{{"threadItems", its}}
		path = optsPath(i) + "/threadItems/" + strconv.Itoa(k) + "/content"
	} else {
		t.content = &s
	}
	return b.refused(r.ID, bytesOf(b.p.json()), apierror.CodePostTooLong, r.ID, path), ok && fit
}

// forbidden is a printable ASCII character rule id refuses, 0 when none: read from the
// rule by measuring, so the set is the book's.
func forbidden(d *draws, id string) byte {
	var cs []byte
	for c := byte(' '); c < 0x7f; c++ {
		if m, _ := limits.MeasureRule(id, "a"+string(c)); m.Measures && m.On && !m.Fits() {
			cs = append(cs, c)
		}
	}
	return pick(d, cs)
}

// forbidBuilder: the target's text holds a character the rule forbids.
func forbidBuilder(d *draws, r rules.Rule) (*Case, bool) {
	b, i, ok := ruleBase(d, r)
	c := forbidden(d, r.ID)
	s, _ := textOf(d, r.ID, d.intn(20), nil)
	s = s + string(c) + "x"
	b.p.targets[i].content = &s
	return b.refused(r.ID, bytesOf(b.p.json()), apierror.CodeInvalidCharacter, r.ID, "/platforms/"+strconv.Itoa(i)+"/content"), ok && c != 0
}

// optionOverBuilder: the option member the rule measures (or, each, one entry of it) one
// or a few units over its limit.
func optionOverBuilder(each bool) ruleBuilder {
	return func(d *draws, r rules.Rule) (*Case, bool) {
		b, i, ok := ruleBase(d, r)
		member, _ := r.Option()
		s, fit := textOf(d, r.ID, r.Limit+1+d.intn(3)*d.intn(2), nil)
		t := &b.p.targets[i]
		opts := append(obj{}, floor(t.platform, b.p.media).opts...)
		path := optsPath(i) + "/" + member
		switch {
		case member == "tags": // one tag, no space or comma: its length is the total
			s = strings.Repeat("a", r.Limit+1)
			opts.set(member, []string{s})
		case member == "pollOptions": // a poll goes on a text-only post, two options at least
			b.p.media = nil
			if t.content == nil && b.p.content == "" {
				t.content = ptr("hello")
			}
			k := d.intn(2)
			vs := []string{"yes", "no"}
			vs[k] = s
			opts.set(member, vs)
			path += "/" + strconv.Itoa(k)
		case each:
			n := 1 + d.intn(max(1, len(b.p.media)))
			if len(b.p.media) < n { // one entry per item at most
				b.p.media, b.facts = repeat("image", n), nil
			}
			k := d.intn(n)
			vs := make([]string, n)
			for j := range vs {
				vs[j] = "x"
			}
			vs[k] = s
			opts.set(member, vs)
			path += "/" + strconv.Itoa(k)
		default:
			opts.set(member, s)
		}
		t.opts = opts
		return b.refused(r.ID, bytesOf(b.p.json()), apierror.CodeInvalidValue, r.ID, path), ok && fit
	}
}

// enumBuilder: the enum member holds a value outside the rule's values (a near miss: a
// value in the wrong case, or with a space, or another word).
func enumBuilder(d *draws, r rules.Rule) (*Case, bool) {
	b, i, ok := ruleBase(d, r)
	member, _ := r.Option()
	vs := r.Values()
	v := pick(d, vs)
	bad := pick(d, []string{strings.ToLower(v) + "_", " " + v, v + "S", "NOT_A_VALUE"})
	for _, x := range vs {
		if x == bad {
			bad = "not a value"
		}
	}
	t := &b.p.targets[i]
	opts := append(obj{}, floor(t.platform, b.p.media).opts...)
	opts.set(member, bad)
	if member == "callToActionType" { // a call to action but CALL needs its URL
		opts.set("callToActionUrl", "https://shop.example.com/")
	}
	t.opts = opts
	return b.refused(r.ID, bytesOf(b.p.json()), apierror.CodeInvalidValue, r.ID, optsPath(i)+"/"+member), ok
}

// privacyBuilder: a privacy level the creator's account does not allow (Env
// TikTokPrivacyLevels lists the others).
func privacyBuilder(d *draws, r rules.Rule) (*Case, bool) {
	b, i, ok := ruleBase(d, r)
	vs := r.Values()
	k := d.intn(len(vs))
	t := &b.p.targets[i]
	if t.accountID == "" {
		t.accountID = accountOf(b.accounts, t.platform)
	}
	opts := append(obj{}, floor(t.platform, b.p.media).opts...)
	opts.set("privacyLevel", vs[k])
	t.opts = opts
	allowed := append(append([]string{}, vs[:k]...), vs[k+1:]...)
	c := b.refused(r.ID, bytesOf(b.p.json()), apierror.CodeInvalidValue, r.ID, optsPath(i)+"/privacyLevel")
	c.TikTokPrivacyLevels = map[string][]string{t.accountID: allowed}
	return c, ok && len(vs) > 1
}

// entityBuilder: the target's text holds one or a few more hashtags, mentions, cashtags
// or links than the rule's limit.
func entityBuilder(d *draws, r rules.Rule) (*Case, bool) {
	b, i, ok := ruleBase(d, r)
	n := r.Limit + 1 + d.intn(2)
	words := make([]string, n)
	for j := range words {
		k := strconv.Itoa(j)
		switch r.Unit {
		case "hashtags":
			words[j] = "#tag" + k
		case "mentions":
			words[j] = "@user" + k
		case "cashtags":
			words[j] = "$" + string(rune('A'+j%26)) + string(rune('A'+j/26%26))
		case "links":
			words[j] = "https://site" + k + ".example.com/p"
		}
	}
	s := "see " + strings.Join(words, " ")
	b.p.targets[i].content = &s
	return b.refused(r.ID, bytesOf(b.p.json()), apierror.CodeInvalidValue, r.ID, "/platforms/"+strconv.Itoa(i)+"/content"), ok && fits(textRules(r.Platform), r.ID, s)
}

// mediaShapeBuilder: media items the rule's shape refuses: none where it requires one,
// one more than its bound, or an item of a type it refuses.
func mediaShapeBuilder(d *draws, r rules.Rule) (*Case, bool) {
	b, i, ok := ruleBase(d, r)
	s, _ := ruleform.MediaOf(r.ID)
	path := "/mediaItems"
	switch {
	case strings.HasSuffix(r.ID, ".required"):
		b.p.media = nil
		b.p.targets[i].content = ptr("hello")
		path = "/platforms/" + strconv.Itoa(i)
	case s.Max > 0 && r.Limit == s.Max:
		typ := "image"
		if len(s.MaxOf) > 0 {
			typ = pick(d, s.MaxOf)
		}
		n := s.Max + 1 + d.intn(2)
		ts := make([]string, n)
		for j := range ts {
			ts[j] = typ
		}
		b.p.media = items(ts...)
	default:
		var bad []string
		for _, t := range mediaTypes {
			in := len(s.Only) == 0
			for _, o := range s.Only {
				in = in || o == t
			}
			for _, o := range s.Refused {
				in = in && o != t
			}
			if !in {
				bad = append(bad, t)
			}
		}
		if len(bad) == 0 {
			return nil, false
		}
		b.p.media = items(pick(d, bad))
	}
	t := &b.p.targets[i]
	if t.content == nil {
		t.content = ptr("hello")
	}
	t.opts, b.facts = floor(t.platform, b.p.media).opts, nil
	return b.refused(r.ID, bytesOf(b.p.json()), apierror.CodeInvalidMedia, r.ID, path), ok
}
