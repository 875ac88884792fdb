package rules

import "github.com/postrules/postrules/rules/internal/entity"

// entityCache is the one entity scan of a text (rules/internal/entity) that the link,
// hashtag, mention and cashtag rules of every platform share: each kind's total and the
// starts of its first tagsKept entities, and the unique links as measureLinks counts
// them, so that every rule of the book is answered from the one scan. (Before, a rule
// whose overflow lay past the first 96 entities of any kind, and every link rule of a
// text with more than 96 entities, scanned the whole text again: four scans of the
// 256 KiB that measureAll reads of a long paste.) Only a limit of tagsKept or more set by
// the caller scans again.
type entityCache struct {
	done  bool
	total [5]int // by entity.Kind
	// starts[k][i] is the start of the (i+1)-th entity of kind k, for the first tagsKept.
	starts [5][tagsKept]int
	links  linkSet // the unique links, in order, as measureLinks finds them
	// linksCapped: a link past maxDistinctLinks unique ones was found (Exact false).
	linksCapped bool
}

// tagsKept is how many starts of each entity kind entityCache keeps: more than every limit
// of the book's tag rules (instagram.hashtags.max, 30, is the largest).
const tagsKept = 64

func (c *entityCache) scan(text string, marks entity.Marks) {
	if c.done {
		return
	}
	c.done = true
	if marks == 0 {
		return // no entity can begin anywhere
	}
	var sc entity.Scanner
	sc.InitMarks(text, marks)
	var lm Measurement // links' add needs one; only its Exact is read back
	lm.Exact = true
	for {
		e, ok := sc.Next()
		if !ok {
			return
		}
		if n := c.total[e.Kind]; n < tagsKept {
			c.starts[e.Kind][n] = e.Start
		}
		c.total[e.Kind]++
		if e.Kind == entity.URL && !c.linksCapped && !c.links.add(text, e, &lm) {
			c.linksCapped = true
		}
	}
}

// entityMarks is which entity marks a text holds, from which seen* characters it holds.
func entityMarks(seen uint8) entity.Marks {
	var m entity.Marks
	for _, b := range [...]struct {
		seen uint8
		mark entity.Marks
	}{{seenDot, entity.MarkDot}, {seenAt, entity.MarkAt}, {seenHash, entity.MarkHash}, {seenDollar, entity.MarkDollar}} {
		if seen&b.seen != 0 {
			m |= b.mark
		}
	}
	return m
}

// measure writes to *m (zero) the measurement of a link or tag rule of kind k, from the
// scan (done). Results go through a pointer in measureText's per-rule path: a Measurement
// is nine words, and copying it out of each call was a good part of the cost per rule.
func (c *entityCache) measure(m *Measurement, k ruleKind, text string, limit int) {
	if k == kindLinks {
		c.measureLinks(m, limit)
	} else {
		c.tags(m, text, tagKind(k), tagName(k), limit)
	}
}

// entity reports whether a rule of kind k counts entities: links or tags.
func (k ruleKind) entity() bool {
	return k == kindLinks || k == kindHashtags || k == kindMentions || k == kindCashtags
}

// tagKind is the entity a tag rule of kind k counts.
func tagKind(k ruleKind) entity.Kind {
	switch k {
	case kindHashtags:
		return entity.Hashtag
	case kindMentions:
		return entity.Mention
	}
	return entity.Cashtag
}

// tagName is the counter name of a tag rule of kind k.
func tagName(k ruleKind) string {
	switch k {
	case kindHashtags:
		return hashtagsName
	case kindMentions:
		return mentionsName
	}
	return cashtagsName
}

// tags writes measureTags(text, kind, name, limit) to *m, from the scan when it holds the
// answer.
func (c *entityCache) tags(m *Measurement, text string, kind entity.Kind, name string, limit int) {
	m.Counter, m.Cap, m.Exact, m.OverflowAt, m.Length = name, limit, true, -1, c.total[kind]
	if m.Length <= limit {
		return
	}
	// The overflow is the (limit+1)-th tag; for a negative limit, the first.
	if at := max(limit, 0); at < tagsKept {
		m.OverflowAt = c.starts[kind][at]
		return
	}
	*m = measureTags(text, kind, name, limit)
}

// measureLinks writes measureLinks(text, limit) to *m from the scan's unique links: the
// (limit+1)-th of them is the overflow, whatever the limit.
func (c *entityCache) measureLinks(m *Measurement, limit int) {
	m.Counter, m.Cap, m.Exact, m.OverflowAt, m.Length = linksName, limit, !c.linksCapped, -1, c.links.n
	if at := max(limit, 0); at < c.links.n {
		m.OverflowAt = c.links.seen[at][0]
	}
}

// Wire names of the measures of what a text holds.
const (
	linksName    = "links"
	hashtagsName = "hashtags"
	mentionsName = "mentions"
	cashtagsName = "cashtags"
)

// maxDistinctLinks bounds how many distinct links measureLinks tells apart; past it the
// count stops (Exact false), so comparing each link with the earlier ones stays
// O(maxDistinctLinks * len(text)).
const maxDistinctLinks = 64

// measureLinks counts the unique links of text, as Threads does ("All unique URLs found
// in the text field are counted as links",
// https://developers.facebook.com/documentation/threads/create-posts/text-attachments).
// Threads does not document what it takes for a URL; the links are the URLs of the one
// recogniser (rules/internal/entity: twitter-text's URL extraction, so "example.com"
// is one and "x.y" is not). Two links are the same when their bytes are. OverflowAt is
// the start of the (limit+1)-th unique link.
func measureLinks(text string, limit int) Measurement {
	var set linkSet
	m := Measurement{Counter: linksName, Cap: limit, Exact: true, OverflowAt: -1}
	var sc entity.Scanner
	sc.Init(text)
	for {
		e, ok := sc.Next()
		if !ok || !set.add(text, e, &m) {
			return m
		}
	}
}

// linkSet holds the unique links counted so far, as byte ranges of the text.
type linkSet struct {
	seen [maxDistinctLinks][2]int
	n    int
}

// add counts e into m if it is a URL unlike every earlier one; false when the count must
// stop (more than maxDistinctLinks unique links: Exact false).
func (s *linkSet) add(text string, e entity.Entity, m *Measurement) bool {
	if e.Kind != entity.URL {
		return true
	}
	link := text[e.Start:e.End]
	for _, r := range s.seen[:s.n] {
		if text[r[0]:r[1]] == link {
			return true
		}
	}
	if s.n == maxDistinctLinks {
		m.Exact = false
		return false
	}
	s.seen[s.n] = [2]int{e.Start, e.End}
	s.n++
	m.Length = s.n
	if s.n > m.Cap && m.OverflowAt < 0 {
		m.OverflowAt = e.Start
	}
	return true
}

// measureTags counts the tags of kind (hashtags, @mentions or $cashtags) that the one
// recogniser finds (rules/internal/entity: twitter-text 3.1.0's extractors, so "#123"
// and "a#b" hold no hashtag and "＃タグ" does). One pass, O(len(text)); OverflowAt is
// the start of the (limit+1)-th tag.
func measureTags(text string, kind entity.Kind, name string, limit int) Measurement {
	m := Measurement{Counter: name, Cap: limit, Exact: true, OverflowAt: -1}
	var sc entity.Scanner
	sc.Init(text)
	for {
		e, ok := sc.Next()
		if !ok {
			break
		}
		if e.Kind != kind {
			continue
		}
		m.Length++
		if m.Length > limit && m.OverflowAt < 0 {
			m.OverflowAt = e.Start
		}
	}
	return m
}
