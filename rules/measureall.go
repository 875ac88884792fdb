package rules

import "github.com/postrules/postrules/internal/longtext"

// MeasureAll measures one text for every platform of ps, in order: the text rules of each
// as Limits.appendMeasurements appends them (Measurement.Rule starts with the
// platform). It is the composer's one call per keystroke for all selected targets; reuse
// dst[:0] between calls and it allocates nothing for valid UTF-8. The first error
// (unknown platform, invalid UTF-8) stops it and is returned with what was measured.
//
// Its cost is bounded whatever the text's length. A text of at most measureAllBound bytes
// is read whole. A longer one is measured platform by platform from the shortest of its
// prefixes of about 1 KiB, 4 KiB, 16 KiB and so on, four times longer each (each cut just
// after white space, see measureAllCut), that breaks an error rule of that platform, which
// the whole text then breaks too, at the same place. Each measurement of such a platform
// says Exact false: its verdict and every OverflowAt are the whole text's, its Length is
// a lower bound (what that prefix holds), and a rule it does not break may still be broken
// further on. Different platforms may have read prefixes of different lengths (X's 280
// graphemes are broken within 1 KiB of English, Facebook's 63,206 UTF-16 units need 64
// KiB). A platform that no such prefix decides (a text of a few huge grapheme clusters)
// is measured on the whole text, as a short text is.
func (l Limits) MeasureAll(dst []Measurement, ps []Platform, text string) ([]Measurement, error) {
	ms, _, err := l.measureAllPrefix(dst, ps, text, false)
	return ms, err
}

func init() {
	// The WASM bridge's way in (see package internal/longtext): the wrapper sends the start
	// of a huge paste, not all of it.
	longtext.MeasureAllPrefix = func(l Limits, dst []Measurement, ps []Platform, prefix string) ([]Measurement, bool, error) {
		return l.measureAllPrefix(dst, ps, prefix, true)
	}
}

// measureAllBound is the longest text [Limits.MeasureAll] reads whole for every platform:
// 256 KiB. Past it, each platform reads only the prefixes measureAllPrefix steps through.
const measureAllBound = 256 << 10

// measureAllFirst is the first prefix a platform of a text longer than measureAllBound is
// measured on, in bytes: 1 KiB, over X's and Bluesky's 280 and 300 graphemes in any
// script but one of clusters of several code points each.
const measureAllFirst = 1 << 10

// measureAllFactsBytes is the longest prefix of a step whose cache reads its facts
// (unitCache.factsLimit): past it, the facts cost more than they save.
const measureAllFactsBytes = 16 << 10

// measureAllPrefix is MeasureAll of text, or, when more is true, of a text longer than
// measureAllBound bytes of which text is the start (the WASM wrapper sends the first 64 Ki
// UTF-16 units of a 5 MB paste, not 5 MB). done reports whether the measurements are
// those MeasureAll gives the whole text: always when more is false; when more is true,
// only if every platform was decided by a prefix that text holds whole (a step k of at
// most len(text) bytes), else the measurements are to be thrown away and a longer prefix
// (or the whole text) measured. A platform's answer depends only on the bytes of its
// deciding prefix, so any text that starts with those answers the same.
func (l Limits) measureAllPrefix(dst []Measurement, ps []Platform, text string, more bool) (out []Measurement, done bool, err error) {
	if !more && len(text) <= measureAllBound {
		out, _, err = l.measureAll(dst, ps, text)
		return out, true, err
	}
	start := len(dst)
	// Each platform's block of measurements, where it was put in dst when its step decided
	// it: platforms decide in any order, and are put back in ps's order at the end.
	var blocksArr [16]measureAllBlock
	blocks := blocksArr[:0]
	if len(ps) > len(blocksArr) {
		blocks = make([]measureAllBlock, 0, len(ps))
	}
	for range ps {
		blocks = append(blocks, measureAllBlock{from: -1})
	}
	left := len(ps)
	var cache unitCache
	for k := measureAllFirst; left > 0; k *= 4 {
		n, whole := len(text), true
		if k < len(text) || more && k == len(text) {
			if n = measureAllCut(text, k); n < 0 {
				continue // no white space in this step's window: try the next one
			}
			whole = false
		} else if more {
			return dst[:start], false, nil // text ends before this step: a longer prefix is needed
		}
		cache = unitCache{} // a new text: text[:n]
		if !whole {
			// The platforms left after the 16 KiB step need long prefixes (Facebook's
			// 63,206 UTF-16 units): they are over their caps there, where every counter
			// reads anyway, and the facts' pass over the prefix would only add to it.
			cache.factsLimit = measureAllFactsBytes
		}
		for i, p := range ps {
			if blocks[i].from >= 0 {
				continue
			}
			from := len(dst)
			if dst, err = l.appendMeasurements(dst, p, text[:n], &cache); err != nil {
				if more {
					return dst[:start], false, err
				}
				// Invalid UTF-8 (or an unknown platform): the whole text's answer, as a
				// text of at most measureAllBound bytes gets it.
				out, _, err = l.measureAll(dst[:start], ps, text)
				return out, true, err
			}
			if !whole {
				broken := false
				for j := from; j < len(dst); j++ { // by index: a Measurement is nine words
					broken = broken || !dst[j].Warning && !dst[j].Fits()
					dst[j].Exact = false
				}
				if !broken {
					dst = dst[:from]
					continue
				}
			}
			blocks[i] = measureAllBlock{from: from, to: len(dst)}
			left--
		}
		if whole {
			break
		}
	}
	// Put the blocks in ps's order: appended after the last one, then moved down (dst grows
	// to twice the measurements once; reused, it allocates no more).
	end := len(dst)
	for _, b := range blocks {
		dst = append(dst, dst[b.from:b.to]...)
	}
	n := copy(dst[start:], dst[end:])
	return dst[:start+n], true, nil
}

// measureAllWindow is the most measureAllCut looks back for white space: the window of
// the one 256 KiB prefix MeasureAll read before each platform had its own.
const measureAllWindow = 64 << 10

// measureAllBlock is where one platform's measurements are in dst: dst[from:to]; from is
// -1 until a step decides the platform.
type measureAllBlock struct{ from, to int }

// measureAllCut is where a step of k bytes cuts text (longer than k, or exactly k long
// when it is the start of a longer text): just after the last ASCII white space before
// k, in the last three quarters of the step but no more than its last 64 KiB (so that a
// paste without white space costs a few windows of 64 KiB, not a pass over all of it),
// or -1 when there is none (the next step looks again, four times further). No URL, hashtag, mention or cashtag of
// rules/internal/entity spans white space, and what follows an entity is then the same in
// the prefix as in the whole text, so that none is cut (a cut link
// "https://example.com/pa" would count as a link of its own, a cut cashtag "$GOOGLEX" as
// the cashtag "$GOOG", and "example.co" of "example.community" as a link of X's weight).
// Every byte before the cut decides its rules as it does in the whole text, and no
// character is cut. The window is that of text[k/4:k] alone, so that the cut is the same
// in every text that starts with text[:k].
func measureAllCut(text string, k int) int {
	for i := k - 1; i >= max(k/4, k-measureAllWindow); i-- {
		// One compare for most bytes: white space is ' ' and '\t' to '\r'.
		if c := text[i]; c <= ' ' && (c == ' ' || c >= '\t' && c <= '\r') {
			return i + 1
		}
	}
	return -1
}

// measureAll is MeasureAll's whole read; decided is true when every platform of ps breaks
// an error rule.
func (l *Limits) measureAll(dst []Measurement, ps []Platform, text string) ([]Measurement, bool, error) {
	// One text, many rules in few units: a unit's exact count is reused by every rule
	// whose cap it fits (the seven UTF-16 rules of the ten platforms count once).
	var cache unitCache
	decided := true
	for _, p := range ps {
		from := len(dst)
		var err error
		if dst, err = l.appendMeasurements(dst, p, text, &cache); err != nil {
			return dst, false, err
		}
		broken := false
		for i := from; i < len(dst); i++ { // by index: a Measurement is nine words
			broken = broken || !dst[i].Warning && !dst[i].Fits()
		}
		decided = decided && broken
	}
	return dst, decided, nil
}
