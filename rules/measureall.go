package rules

// MeasureAll measures one text for every platform of ps, in order: the text rules of each
// as Limits.appendMeasurements appends them (Measurement.Rule starts with the
// platform). It is the composer's one call per keystroke for all selected targets; reuse
// dst[:0] between calls and it allocates nothing for valid UTF-8. The first error
// (unknown platform, invalid UTF-8) stops it and is returned with what was measured.
//
// Its cost is bounded whatever the text's length: a text longer than measureAllBound
// bytes is measured from its first measureAllBound bytes (cut back to a character
// boundary) when that part alone breaks an error rule of every platform of ps, which a
// longer text then breaks too; see [Limits.MeasureAllRead].
func (l Limits) MeasureAll(dst []Measurement, ps []Platform, text string) ([]Measurement, error) {
	ms, _, err := l.MeasureAllRead(dst, ps, text)
	return ms, err
}

// measureAllBound is how much of a long text [Limits.MeasureAll] reads, at most, once that
// part decides every selected platform: 256 KiB (the cut is at white space before it; see
// [Limits.MeasureAllRead]). Any 256 KiB of UTF-8 holds more than 87,000
// UTF-16 code units and code points, past the largest cap of the book (facebook.text.max,
// 63,206 UTF-16 units), so every length rule in those units or in bytes is broken inside
// it; only a text of a few huge grapheme clusters (a letter with 100,000 marks) can fit a
// grapheme cap there, and it is then read whole.
const measureAllBound = 256 << 10

// MeasureAllRead is [Limits.MeasureAll] that also says how many bytes of text its
// measurements describe: len(text), or the n < len(text) bytes of a prefix when the text
// is longer than measureAllBound and its first n bytes already break an error rule of
// every platform of ps. n is at most measureAllBound: the prefix ends just after the last
// ASCII white space (or < > " ') in the 64 KiB before the bound, so that it cuts no
// word, link or tag; a text with none there is read whole. Those are
// the measurements of text[:n] with Exact false on every one: the platforms' verdicts
// (none fits) are those of the whole text, and so is every OverflowAt inside text[:n];
// Length is a lower bound (the units or the links, tags and forbidden characters found in
// text[:n]); a rule that text[:n] does not break may still be broken further on. Any
// longer prefix of text answers the same, so a caller holding a huge text may pass
// text[:k] for any k > measureAllBound and learn from n < k that it need not pass more.
func (l Limits) MeasureAllRead(dst []Measurement, ps []Platform, text string) ([]Measurement, int, error) {
	if len(text) > measureAllBound {
		n := measureAllCut(text)
		if n < 0 {
			out, _, err := l.measureAll(dst, ps, text)
			return out, len(text), err
		}
		start := len(dst)
		out, decided, err := l.measureAll(dst, ps, text[:n])
		if err == nil && decided {
			for i := start; i < len(out); i++ {
				out[i].Exact = false
			}
			return out, n, nil
		}
		dst = out[:start] // not decided there (or an error, found again below): read it all
	}
	out, _, err := l.measureAll(dst, ps, text)
	return out, len(text), err
}

// measureAllCut is where MeasureAllRead cuts a text longer than measureAllBound: just
// after the last ASCII white space at or before measureAllBound, in the last 64 KiB (no
// URL, hashtag, mention or cashtag of rules/internal/entity spans one, and what follows
// an entity is then the same in the prefix as in the whole text), so that none is
// cut (a cut link "https://example.com/pa" would count as a link of its own, a cut
// cashtag "$GOOGLEX" as the cashtag "$GOOG"); -1 when there is none (a text with no
// white space for 64 KiB is read whole). Every byte before the cut decides its rules as
// it does in the whole text, and no character is cut.
func measureAllCut(text string) int {
	for i := measureAllBound - 1; i >= measureAllBound-64<<10; i-- {
		switch text[i] {
		case ' ', '\t', '\n', '\r', '\f', '\v':
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
