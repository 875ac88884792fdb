package xweight

import (
	"math"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/internal/urls"
	"github.com/postrules/postrules/rules/xweight/internal/emoji"
	"github.com/postrules/postrules/rules/xweight/internal/nfc"
)

// Name is the counter's wire name, as in `--counter x-weighted`.
const Name = "x-weighted"

// Range is a span of a text in UTF-16 code units (what a JavaScript string or a browser
// textarea indexes), both ends inclusive, as twitter-text reports it.
type Range struct{ Start, End int }

// Result is twitter-text's parseTweet answer for one text.
type Result struct {
	// WeightedLength is the text's length as X counts it: a Latin letter 1, a CJK
	// character 2, an emoji sequence 2 (config v3), a URL 23.
	WeightedLength int
	// Valid is false for an empty text, a text over MaxWeightedTweetLength and a text
	// with U+FFFE, U+FEFF or U+FFFF.
	Valid bool
	// Permillage is WeightedLength per mille of MaxWeightedTweetLength, rounded down.
	Permillage int
	// DisplayRange is the whole text: [0, length-1] ({0, 0} for an empty text).
	DisplayRange Range
	// ValidRange runs from 0 to the last UTF-16 unit of the last token (character, emoji
	// sequence or URL) that still fits and comes before any invalid character.
	ValidRange Range
}

// Parser measures texts by X's weighted length, as twitter-text's parseTweet does (Parse),
// and is the "x-weighted" rules.Counter (Measure), so it plugs into rules.Limits. A Parser
// holds only read-only data and is safe for concurrent use.
type Parser struct {
	cfg        Config
	scale      int
	max        int // MaxWeightedTweetLength
	maxUnits   int // MaxWeightedTweetLength * Scale
	urlUnits   int // TransformedURLLength * Scale
	ascii      [utf8.RuneSelf]int
	asciiW     int        // the weight of every ASCII character when they all weigh the same (>= 0), else -1
	block      [256]int32 // the weight of every code point U+xx00-U+xxFF, -1 when they differ
	emojiKinds emoji.Kind // the emoji sequences that count as one; 0 without emoji parsing

	// The weight of the 64 code points U+xxx0 with r>>6 == k, when they share it, are
	// stable (nfc.StableBlock) and none of them is a surrogate, U+FEFF, U+FFFE or U+FFFF,
	// so that plainRun weighs them from their first two bytes; else -1. two is indexed by
	// the lead byte of a 2-byte sequence (&0x1F), three by those of a 3-byte one
	// ((lead&0x0F)<<6 | second&0x3F), where k < 0x20 is an overlong form, also -1.
	two   [32]int32
	three [1024]int32
	// quiet3 serves plainRun's loop over runs of 3-byte characters (CJK, kana, their
	// punctuation), indexed as three. A character is quiet when it is stable, valid, not
	// U+FEFF, U+FFFE or U+FFFF, and no emoji sequence may begin with it
	// (emoji.MayStart, whatever the Parser's emoji kinds): it is then a token of its own
	// that only adds its weight. quiet3[k] is that weight when the block's 64 code points
	// all weigh it and are all quiet; -2-m when they all weigh loud[m].w and those with
	// bit set in loud[m].mask are not quiet (U+3000-U+303F: 、and 。 are, 〰 and the
	// combining marks U+302A-U+302F are not); else -1.
	quiet3 [1024]int32
	loud   []loudBlock
}

// loudBlock: see Parser.quiet3.
type loudBlock struct {
	mask uint64
	w    int32
}

var _ rules.Counter = (*Parser)(nil)

// New returns a Parser for cfg. A Scale or MaxWeightedTweetLength below 1 is taken as 1
// (twitter-text would divide by zero). New copies cfg; changing cfg afterwards does not
// affect the Parser.
func New(cfg Config) *Parser {
	cfg.Ranges = append([]WeightRange(nil), cfg.Ranges...)
	c := &Parser{cfg: cfg, scale: cfg.Scale, max: cfg.MaxWeightedTweetLength}
	if c.scale < 1 {
		c.scale = 1
	}
	if c.max < 1 {
		c.max = 1
	}
	c.maxUnits = c.max * c.scale
	c.urlUnits = cfg.TransformedURLLength * c.scale
	c.asciiW = c.lookup(0)
	for r := range c.ascii {
		c.ascii[r] = c.lookup(rune(r))
		if c.ascii[r] != c.asciiW {
			c.asciiW = -1
		}
	}
	if c.asciiW < 0 || c.asciiW > math.MaxInt/64 {
		c.asciiW = -1
	}
	for b := range c.block {
		lo, hi := rune(b)<<8, rune(b)<<8|0xFF
		w := c.lookup(lo)
		c.block[b] = int32(w)
		if w > math.MaxInt32 || w < 0 {
			c.block[b] = -1
			continue
		}
		for _, rg := range c.cfg.Ranges {
			// A range that starts or ends strictly inside the block splits it.
			if (rg.Start > int(lo) && rg.Start <= int(hi)) || (rg.End >= int(lo) && rg.End < int(hi)) {
				c.block[b] = -1
				break
			}
		}
	}
	if cfg.EmojiParsingEnabled {
		c.emojiKinds = emoji.All
	}
	for k := range c.three {
		c.three[k] = c.blockWeight(k)
		if k < len(c.two) {
			c.two[k] = c.three[k]
		}
	}
	c.two[0], c.two[1] = -1, -1 // C0, C1: overlong
	for k := range 0x800 >> 6 {
		c.three[k] = -1 // overlong as three bytes
	}
	for k := range c.quiet3 {
		c.quiet3[k] = c.quietBlock(k)
	}
	return c
}

// quietBlock computes quiet3[k], adding to c.loud.
func (c *Parser) quietBlock(k int) int32 {
	lo := rune(k) << 6
	if lo < 0x800 || (lo >= 0xD800 && lo <= 0xDFFF) {
		return -1 // overlong as three bytes, or surrogates
	}
	w := c.lookup(lo)
	if w < 0 || w > math.MaxInt32 {
		return -1
	}
	var mask uint64
	for i := range 64 {
		r := lo + rune(i)
		if c.lookup(r) != w {
			return -1
		}
		b0, b1, b2 := byte(0xE0|r>>12), byte(0x80|(r>>6)&0x3F), byte(0x80|r&0x3F)
		if !nfc.StableBMP(r) || r == 0xFEFF || r == 0xFFFE || r == 0xFFFF ||
			emoji.Skip[b0] == 0 && emoji.PairMayStart(b0, b1) && emoji.MayStart(b0, b1, b2) {
			mask |= 1 << i
		}
	}
	switch {
	case mask == 0:
		return int32(w)
	case mask == math.MaxUint64:
		return -1
	}
	c.loud = append(c.loud, loudBlock{mask, int32(w)})
	return int32(-1 - len(c.loud))
}

// blockWeight is the weight of the code points k<<6 to k<<6|63 (see Parser.three), or -1.
func (c *Parser) blockWeight(k int) int32 {
	lo := rune(k) << 6
	if !nfc.StableBlock(k) || (lo >= 0xD800 && lo <= 0xDFFF) || lo == 0xFEC0 || lo == 0xFFC0 || lo < 0x80 {
		return -1
	}
	w := c.lookup(lo)
	if w < 0 || w > math.MaxInt32 {
		return -1
	}
	for r := lo + 1; r <= lo+63; r++ {
		if c.lookup(r) != w {
			return -1
		}
	}
	return int32(w)
}

// Default returns the Parser for ConfigV3, the configuration X uses. It is built once, on
// the first call (its tables take about a millisecond), and shared: a Parser is never
// changed after New, so every caller may use it concurrently.
func Default() *Parser { return defaultParser() }

var defaultParser = sync.OnceValue(func() *Parser { return New(ConfigV3()) })

// Config returns a copy of the counter's configuration.
func (c *Parser) Config() Config {
	cfg := c.cfg
	cfg.Ranges = append([]WeightRange(nil), cfg.Ranges...)
	return cfg
}

// Name returns "x-weighted".
func (c *Parser) Name() string { return Name }

// lookup is getCharacterWeight (js/src/lib/getCharacterWeight.js): the weight of the
// first range holding r, else defaultWeight. twitter-text looks up the UTF-16 unit at
// hand, which for an astral character is its low surrogate; this looks up the code point.
// Both give the default weight with the v2 and v3 ranges (none reaches past U+2037).
func (c *Parser) lookup(r rune) int {
	for _, rg := range c.cfg.Ranges {
		if int(r) >= rg.Start && int(r) <= rg.End {
			return rg.Weight
		}
	}
	return c.cfg.DefaultWeight
}

func (c *Parser) weight(r rune) int {
	if r < utf8.RuneSelf {
		return c.ascii[r]
	}
	if r < 0x10000 && c.block[r>>8] >= 0 {
		return int(c.block[r>>8])
	}
	return c.lookup(r)
}

// Parse computes twitter-text 3.1.0's parseTweet result for text. Invalid UTF-8 is read
// as a Go range loop reads it, each bad byte as U+FFFD (which weighs 2); use Measure to
// have it reported instead.
func (c *Parser) Parse(text string) Result {
	n := text
	t := c.tally(n, c.maxUnits, -1, false, true)
	if t.unchecked {
		if !utf8.ValidString(text) {
			text = replaceInvalid(text)
		}
		n = nfc.String(text)
		t = c.tally(n, c.maxUnits, -1, false, false)
	}
	orig16 := t.len16
	if len(n) != len(text) || n != text {
		orig16 = strictjson.UTF16Len(text)
	}
	last := orig16 - 1
	if last < 0 {
		last = 0
	}
	// twitter-text shifts the index it found in the normalised text by the difference
	// of the two lengths (normalizationOffset), not by a mapping; so does this.
	validEnd := t.validEnd16 + orig16 - t.len16
	if validEnd < 0 {
		validEnd = 0 // twitter-text can report a negative index here; see differences.json
	}
	if validEnd > last {
		validEnd = last
	}
	weighted := float64(t.units) / float64(c.scale)
	return Result{
		WeightedLength: t.units / c.scale,
		Valid:          t.valid && t.units > 0 && t.units <= c.maxUnits,
		Permillage:     int(math.Floor((weighted / float64(c.max)) * 1000)),
		DisplayRange:   Range{0, last},
		ValidRange:     Range{0, validEnd},
	}
}

// Measure measures text against cap (in weighted characters; cap <= 0 means the config's
// MaxWeightedTweetLength, 280). OverflowAt is the byte offset in text of the first
// character, emoji sequence or URL that takes the weight over cap, or -1.
//
// Measure stops reading once the text is known to be over cap (see measurePrefix): then
// Exact is false and Length is a lower bound of the weighted length, greater than cap
// unless the config's weights are not multiples of its scale. Its cost is linear in the
// bytes it reads, and it reads O(cap) bytes of a text far over cap, whatever the text
// (a 1 MiB URL, a 1 MiB run of combining marks, 1 MiB of dots). Invalid UTF-8 in the part
// it reads is an *apierror.Error with apierror.CodeInvalidUTF8 and the offset of the first bad
// byte; U+FFFE, U+FEFF or U+FFFF there is one with apierror.CodeInvalidCharacter.
func (c *Parser) Measure(text string, cap int) (rules.Measurement, error) {
	if cap <= 0 {
		cap = c.max
	}
	capUnits := math.MaxInt
	if cap <= math.MaxInt/c.scale {
		capUnits = cap * c.scale
	}
	for budget := readBudget(cap); budget < len(text); budget = grow(budget) {
		if m, err, done := c.measurePrefix(text, budget, cap, capUnits); done {
			return m, err
		}
	}
	return c.measureExact(text, cap, capUnits)
}

// measureExact measures the whole text.
func (c *Parser) measureExact(text string, cap, capUnits int) (rules.Measurement, error) {
	if readHook != nil {
		readHook(len(text))
	}
	// Nearly every post is valid UTF-8 in NFC, which the first tally checks as it goes.
	n := text
	t := c.tally(n, capUnits, -1, false, true)
	if t.unchecked {
		if bad := strictjson.FirstInvalidUTF8String(text); bad >= 0 {
			return rules.Measurement{Counter: Name, Cap: cap, OverflowAt: -1}, invalidUTF8(text, bad)
		}
		n = nfc.String(text)
		t = c.tally(n, capUnits, -1, false, false)
	}
	over := t.overflowAt
	if over >= 0 && n != text {
		over = originalOffset(text, over)
	}
	m := rules.Measurement{Counter: Name, Length: t.units / c.scale, Exact: true, Cap: cap, OverflowAt: over}
	if !t.valid {
		return m, invalidCharacter(text)
	}
	return m, nil
}

func invalidUTF8(text string, bad int) error {
	err := apierror.New(apierror.CodeInvalidUTF8, "",
		"text is not valid UTF-8: byte 0x"+strconv.FormatUint(uint64(text[bad]), 16)+" at offset "+strconv.Itoa(bad))
	err.Offset = bad
	return err
}

// invalidCharacter reports the first U+FFFE, U+FEFF or U+FFFF of text (valid UTF-8, which
// holds one). twitter-text's parseTweet makes the whole text invalid at one of them
// (js/src/parseTweet.js, hasInvalidCharacters), so X refuses the post whatever its
// length: that is an error of its own, not a silent fit.
func invalidCharacter(text string) error {
	bad := strings.IndexAny(text, "\uFFFE\uFEFF\uFFFF")
	err := apierror.New(apierror.CodeInvalidCharacter, "",
		"text has the character U+"+strings.ToUpper(strconv.FormatInt(int64(firstRune(text[bad:])), 16))+" at offset "+strconv.Itoa(bad)+", which X does not accept")
	err.Offset = bad
	return err
}

// How Measure stops early.
//
// It measures growing prefixes of the text (readBudget, then doubling) and stops when the
// weight of a prefix's tokens that the rest of the text cannot change passes the cap.
// Which tokens the rest cannot change depends on where the prefix is cut:
//
//   - After white space (ASCII: tab to CR, space): no match of twitter-text's URL
//     expression holds white space (domain, path and query classes all exclude it), so
//     every match tried before it, and thus every URL and token before it, is the same
//     whatever follows; and white space ends an NFC segment. The prefix's tokens up to
//     the white space are exact.
//   - Far from any '.': a URL has a '.' in its domain and is at most urlReach16 UTF-16
//     units long, so with no '.' within dotFarBytes either side of the cut, no URL and no
//     attempt of the expression that could matter crosses it. Exact too.
//   - Elsewhere (a long run of labels and dots, say): the tokens ending urlReach16 units
//     before the cut, and before the last match if its TLD is at the cut, are counted,
//     with each URL among them counted as at most the weight of its characters. The
//     expression is greedy and, but for the "$" of the look-ahead after a TLD, reads
//     nothing that the cut could change without reading past the cut; so what follows the
//     cut can only make a match from an earlier start run further (past the cut, so over
//     urlReach16 units long and rejected, its characters then counting, as they do in the
//     prefix when its match ran into the cut), never find a URL the prefix lacks there.
//     This gives a lower bound; OverflowAt is then where that bound passes the cap, which
//     a text built to make a match reject later can put after the first unit beyond cap.
//
// NFC: the prefix is normalised with the text's own segments (nfc.Reader), so it is a
// prefix of the whole text's NFC form; segments hold at most 30 non-starters, so a run of
// combining marks of any length is read segment by segment too.
const (
	// urlReach16 bounds a URL's UTF-16 length: isValidUrl (extractUrlsWithIndices.js) wants
	// protocol + url.length + punycode(domain).length - domain.length <= 4096, and a
	// domain's punycode form has at least one unit per code point, half its UTF-16 length
	// at least; so url.length <= 8192. The rest is margin (the preceding character, the
	// look-ahead after a TLD, a URL ending inside a surrogate pair).
	urlReach16 = 8192 + 256
	// separatorSearch is how far past its budget a prefix may run to end after white space.
	separatorSearch = 4096
	// dotFarBytes: urlReach16 units of NFC text are at most 3 bytes each, made from at
	// most 4 times as many bytes before normalisation (a Hangul syllable from three jamo,
	// a letter and its marks).
	dotFarBytes = 4 * 3 * urlReach16
)

// readHook, when set (by tests), is told how many bytes of a text each measurement reads.
var readHook func(n int)

// readBudget is the first prefix length to try: every weight unit of cap takes at most a
// few bytes in an ordinary text (a CJK character 3 bytes for 2 units, a Latin letter 1 for
// 1), so a text over it is usually decided by the first prefix.
func readBudget(cap int) int {
	if cap > (math.MaxInt-64)/4-1 {
		return math.MaxInt
	}
	return 4*(cap+1) + 64
}

func grow(b int) int {
	if b > math.MaxInt/2 {
		return math.MaxInt
	}
	return 2 * b
}

func isSpaceByte(c byte) bool { return c == ' ' || ('\t' <= c && c <= '\r') }

// measurePrefix measures a prefix of text of about budget bytes (budget < len(text)).
// done is false when that prefix does not yet show the text over cap.
func (c *Parser) measurePrefix(text string, budget, cap, capUnits int) (m rules.Measurement, err error, done bool) {
	rc := budget
	for rc > 0 && !utf8.RuneStart(text[rc]) {
		rc--
	}
	const (
		cutSpace = iota
		cutDotFar
		cutGeneric
	)
	kind := cutSpace
	if i := strings.IndexFunc(text[rc:min(len(text), rc+separatorSearch)], func(r rune) bool {
		return r < utf8.RuneSelf && isSpaceByte(byte(r))
	}); i >= 0 {
		rc += i + 1
	} else if strings.IndexByte(text[max(0, rc-dotFarBytes):min(len(text), rc+dotFarBytes)], '.') < 0 {
		kind = cutDotFar
	} else {
		kind = cutGeneric
		rc = min(len(text), rc+4*urlReach16)
		for rc < len(text) && !utf8.RuneStart(text[rc]) {
			rc++
		}
	}
	if rc >= len(text) {
		m, err = c.measureExact(text, cap, capUnits)
		return m, err, true
	}
	if readHook != nil {
		readHook(rc)
	}
	if bad := strictjson.FirstInvalidUTF8String(text[:rc]); bad >= 0 {
		return rules.Measurement{Counter: Name, Cap: cap, OverflowAt: -1}, invalidUTF8(text, bad), true
	}
	// The NFC form of text[:read], a prefix of the whole text's.
	var n string
	read := nfc.StablePrefix(text, rc)
	if read == rc {
		n = text[:rc]
	} else {
		var r nfc.Reader
		r.Init(text)
		buf := make([]byte, 0, rc+rc/4)
		for r.Pos() < rc {
			_, seg, ok := r.Next()
			if !ok {
				break
			}
			buf = append(buf, seg...)
		}
		read = r.Pos()
		if bad := strictjson.FirstInvalidUTF8String(text[:read]); bad >= 0 {
			return rules.Measurement{Counter: Name, Cap: cap, OverflowAt: -1}, invalidUTF8(text, bad), true
		}
		n = string(buf)
	}
	if read >= len(text) {
		m, err = c.measureExact(text, cap, capUnits)
		return m, err, true
	}

	final, generic := len(n), false
	lastSpace := len(n) - 1
	for lastSpace >= 0 && !isSpaceByte(n[lastSpace]) {
		lastSpace--
	}
	switch kind {
	case cutSpace:
		final = lastSpace + 1
	case cutDotFar:
		// No URL reaches the cut, but an emoji sequence may run across it (👨‍👩‍👧 cut
		// after 👨‍ weighs 2+1 in the prefix and 2 whole): only the tokens that start
		// emoji.MaxBytes or more before the cut are the whole text's.
		final = max(lastSpace+1, len(n)-emoji.MaxBytes)
	case cutGeneric:
		// urlReach16 units back from the end of the prefix.
		f, units := len(n), 0
		for f > 0 && units < urlReach16 {
			f--
			if b := n[f]; b&0xC0 != 0x80 {
				units++
				if b >= 0xF0 {
					units++
				}
			}
		}
		if units < urlReach16 {
			f = 0
		}
		var us urls.Scanner
		us.Init(n)
		for _, ok := us.Next(); ok; _, ok = us.Next() {
		}
		if from, domEnd, end := us.LastMatch(); from >= 0 && end >= len(n) && domEnd >= len(n) && from < f {
			// The last match's TLD is at the cut and passed the look-ahead by "$": more
			// text can fail it and make the expression take a shorter match from there.
			f = from
		}
		final, generic = f, true
		if lastSpace+1 > final {
			final, generic = lastSpace+1, false
		}
	}
	t := c.tally(n, capUnits, final, generic, false)
	if !t.valid {
		return rules.Measurement{Counter: Name, Length: t.lb / c.scale, Cap: cap, OverflowAt: -1}, invalidCharacter(text[:read]), true
	}
	if t.lb <= capUnits {
		return rules.Measurement{}, nil, false
	}
	over := t.lbOver
	if len(n) != read || n != text[:read] {
		over = prefixOffset(text, read, over)
	}
	return rules.Measurement{Counter: Name, Length: t.lb / c.scale, Exact: false, Cap: cap, OverflowAt: over}, nil, true
}

// prefixOffset maps a byte offset in the NFC form of text[:read] (read segment by segment,
// as measurePrefix does) back to text: the start of the segment's source.
func prefixOffset(text string, read int, off int) int {
	var r nfc.Reader
	r.Init(text)
	seen := 0
	for r.Pos() < read {
		orig, seg, ok := r.Next()
		if !ok {
			break
		}
		if seen+len(seg) > off {
			return orig
		}
		seen += len(seg)
	}
	return read
}

func firstRune(s string) rune {
	for _, r := range s {
		return r
	}
	return utf8.RuneError
}

// originalOffset maps a byte offset in the NFC form of text back to text: the start of
// the normalisation segment that produced it.
func originalOffset(text string, off int) int {
	at, seen := -1, 0
	nfc.Segments(text, func(orig int, seg []byte) {
		if at < 0 && seen+len(seg) > off {
			at = orig
		}
		seen += len(seg)
	})
	if at < 0 {
		return len(text)
	}
	return at
}

// tally is one pass of parseTweet's loop over the normalised text.
type tally struct {
	units      int  // the summed weights
	valid      bool // no invalid character yet
	validEnd16 int  // validDisplayIndex: last UTF-16 unit of the last token that fits
	overflowAt int  // byte offset of the first token past capUnits, -1
	len16      int  // length of the text in UTF-16 units

	// Over the tokens that end at or before final (see measurePrefix): their weight, each
	// URL counted as at most its characters' weight when generic, and where it passes
	// capUnits (-1 if it does not).
	lb, lbOver int

	// unchecked: with check, the text turned out not to be valid UTF-8 made of stable
	// code points (so perhaps not NFC); the rest of the tally is then meaningless.
	unchecked bool
}

// tally walks n (valid UTF-8, NFC) token by token as parseTweet does
// (js/src/parseTweet.js): a URL that starts here weighs transformedURLLength * scale;
// else, with emoji parsing, an emoji sequence that starts here weighs defaultWeight; else
// the code point weighs its range weight. Validity fails for good at the first U+FFFE,
// U+FEFF or U+FFFF; the valid range ends at the last token that is still valid and
// within maxWeightedTweetLength.
//
// final >= 0 also sums the tokens that end at or before byte final into t.lb; with
// generic, a URL there counts as at most the weight its characters would have without it.
//
// check takes n as it comes, checking on the way that it is valid UTF-8 of stable code
// points (nfc.Stable), hence NFC: it stops with t.unchecked when it is not. This saves
// the separate validity and NFC passes on nearly every post.
func (c *Parser) tally(n string, capUnits, final int, generic, check bool) tally {
	var us urls.Scanner
	us.Init(n)
	url, haveURL := us.Next()
	em := emojiCursor{text: n, kinds: c.emojiKinds, start: -1}
	var inURL emojiCursor // the emoji sequences inside URLs, for generic
	if generic {
		inURL = emojiCursor{text: n, kinds: c.emojiKinds, start: -1}
	}
	t := tally{valid: true, overflowAt: -1, lbOver: -1}
	u16 := 0
	for i := 0; i < len(n); {
		for haveURL && url.Start < i {
			url, haveURL = us.Next() // starts inside a token already counted
		}
		if final < 0 {
			// The code points before the next URL and the next emoji sequence are tokens
			// of their own: weigh them in one tight loop (most of a post).
			stop := len(n)
			if haveURL && url.Start < stop {
				stop = url.Start
			}
			var scan *emojiCursor
			if c.emojiKinds != 0 {
				if em.start < i && max(em.end, em.pos) >= i {
					// Every position from i to the scan's frontier is known to begin no
					// sequence: plainRun looks for the next one itself as it weighs,
					// in the same pass (see emojiCursor.pos).
					scan = &em
				} else {
					em.at(i) // moves em.start to the first sequence at or after i
					if em.start < stop {
						stop = em.start
					}
				}
			}
			if i < stop {
				i, u16 = c.plainRun(&t, n, i, stop, u16, capUnits, check, scan)
				if t.unchecked {
					return t
				}
				continue
			}
		}
		var w, next, adv16 int
		half := false
		lw := -1 // the token's weight in t.lb when not w
		switch {
		case haveURL && url.Start == i:
			w, next, half = c.urlUnits, url.End, url.Half
			if check && !checkedNFC(n, i, next, half) {
				t.unchecked = true
				return t
			}
			adv16 = strictjson.UTF16Len(n[i:next])
			if half {
				adv16++
			}
			url, haveURL = us.Next()
			if generic && next <= final {
				if cw := c.charsWeight(n, i, next, &inURL); cw < w {
					lw = cw
				}
			}
		case c.emojiKinds != 0 && em.at(i) > 0:
			w, next = c.cfg.DefaultWeight, i+em.at(i)
			adv16 = strictjson.UTF16Len(n[i:next])
			if check && !checkedNFC(n, i, next, false) {
				t.unchecked = true
				return t
			}
		default:
			if check && !checkedNFC(n, i, i+1, false) {
				t.unchecked = true
				return t
			}
			r, size := nfc.DecodeValid(n, i)
			w, next, adv16 = c.weight(r), i+size, 1
			if size == 4 {
				adv16 = 2
			}
			if r == 0xFFFE || r == 0xFEFF || r == 0xFFFF {
				t.valid = false
			}
		}
		t.step(w, u16+adv16-1, i, c.maxUnits, capUnits)
		if next <= final {
			if lw < 0 {
				lw = w
			}
			t.bound(lw, i, capUnits)
		}
		u16 += adv16
		i = next
		if half {
			// The URL's url.length ended between the surrogates of the character at i:
			// parseTweet weighs the low surrogate alone, as a UTF-16 unit.
			r, size := utf8.DecodeRuneInString(n[i:])
			lw := c.lookup(0xDC00 + (r-0x10000)&0x3FF)
			t.step(lw, u16, i, c.maxUnits, capUnits)
			if i+size <= final {
				t.bound(lw, i, capUnits)
			}
			u16++
			i += size
		}
	}
	t.len16 = u16
	return t
}

func (t *tally) step(w, last16, at, maxUnits, capUnits int) {
	t.units += w
	if t.valid && t.units <= maxUnits {
		t.validEnd16 = last16
	}
	if t.overflowAt < 0 && t.units > capUnits {
		t.overflowAt = at
	}
}

// plainRun weighs the code points of n[i:stop], each a token of its own, as tally's
// default case does one at a time, and returns the new i and u16.
//
// check verifies on the way that each code point is valid UTF-8 and stable (see tally),
// setting t.unchecked and stopping at the first that is not.
//
// With scan (the tally's emoji cursor, whose frontier max(end, pos) is at or past i and
// whose last sequence starts before i), plainRun also finds the next emoji sequence, as
// emojiCursor.advance would, testing each position from the frontier on: it stops before
// the first one, with scan.start and scan.end set to it, or at stop with scan.pos moved
// there. One pass over the text instead of two.
func (c *Parser) plainRun(t *tally, n string, i, stop, u16, capUnits int, check bool, scan *emojiCursor) (int, int) {
	units, valid, validEnd16, over := t.units, t.valid, t.validEnd16, t.overflowAt
	maxUnits := c.maxUnits
	limit := min(maxUnits, capUnits) // up to it, a step only moves validEnd16
	ranges, def := c.cfg.Ranges, c.cfg.DefaultWeight
	aw := c.asciiW
	from := len(n) + 1 // positions from here on are tested for an emoji sequence
	found := false
	if scan != nil {
		from = max(scan.end, scan.pos)
	}
	for i < stop {
		at := i
		b := n[i]
		if b >= 0xE0 && b < 0xF0 {
			// A run of quiet 3-byte characters (Parser.quiet3): no emoji sequence begins
			// in it, and each is a token of its own, valid and stable. Within limit only
			// units, u16 and validEnd16 move; once the text is past both caps (over
			// found, units beyond maxUnits), only units and u16 do.
			j, u, ws := i, u16, units
			past := over >= 0 && ws > maxUnits
			for j < stop && j+2 < len(n) {
				b0, b1, b2 := n[j], n[j+1], n[j+2]
				if b0 < 0xE0 || b0 >= 0xF0 || b1&0xC0 != 0x80 || b2&0xC0 != 0x80 {
					break
				}
				w := int(c.quiet3[int(b0&0x0F)<<6|int(b1&0x3F)])
				if w < 0 {
					if w == -1 {
						break
					}
					l := c.loud[-2-w]
					if l.mask>>(b2&0x3F)&1 != 0 {
						break
					}
					w = int(l.w)
				}
				if !past && ws+w > limit {
					break
				}
				ws += w
				j += 3
				u++
			}
			if j > i {
				i, u16, units = j, u, ws
				if valid && !past {
					validEnd16 = u16 - 1
				}
				continue
			}
		}
		if at >= from && emoji.Skip[b] == 0 {
			var b1 byte
			if i+1 < len(n) {
				b1 = n[i+1]
			}
			if emoji.PairMayStart(b, b1) {
				var b2 byte
				if i+2 < len(n) {
					b2 = n[i+2]
				}
				if emoji.MayStart(b, b1, b2) {
					if l, _ := emoji.Match(n[i:], scan.kinds); l > 0 {
						scan.start, scan.end = i, i+l
						found = true
						break
					}
				}
			}
		}
		var w int
		if b < utf8.RuneSelf {
			// Eight ASCII characters a step while they all weigh aw and stay within
			// limit: each is a token of its own, none is invalid or unstable (nor, when
			// scanning for emoji, a keycap's base).
			if aw >= 0 && i+8 <= stop && units <= limit-8*aw {
				if x := load64(n, i); x&swarHigh == 0 && (at+8 <= from || !hasKeycapBase(x)) {
					units += 8 * aw
					i += 8
					u16 += 8
					if valid {
						validEnd16 = u16 - 1
					}
					continue
				}
			}
			w = c.ascii[b]
			i++
			u16++
		} else if b >= 0xE0 && b < 0xF0 && i+2 < len(n) && n[i+1]&0xC0 == 0x80 && n[i+2]&0xC0 == 0x80 &&
			c.three[int(b&0x0F)<<6|int(n[i+1]&0x3F)] >= 0 {
			// CJK and the rest of the BMP past U+07FF, by blocks of 64 (Parser.three).
			w = int(c.three[int(b&0x0F)<<6|int(n[i+1]&0x3F)])
			i += 3
			u16++
		} else if b >= 0xC0 && b < 0xE0 && i+1 < len(n) && n[i+1]&0xC0 == 0x80 && c.two[b&0x1F] >= 0 {
			w = int(c.two[b&0x1F])
			i += 2
			u16++
		} else {
			var r rune
			switch {
			case b < 0xE0:
				if check && (b < 0xC2 || i+1 >= len(n) || n[i+1]&0xC0 != 0x80) {
					t.unchecked = true
					return i, u16
				}
				r = rune(b&0x1F)<<6 | rune(n[i+1]&0x3F)
				i += 2
				u16++
			case b < 0xF0:
				if check && (i+2 >= len(n) || n[i+1]&0xC0 != 0x80 || n[i+2]&0xC0 != 0x80) {
					t.unchecked = true
					return i, u16
				}
				r = rune(b&0x0F)<<12 | rune(n[i+1]&0x3F)<<6 | rune(n[i+2]&0x3F)
				if check && (r < 0x800 || (0xD800 <= r && r <= 0xDFFF)) {
					t.unchecked = true
					return i, u16
				}
				i += 3
				u16++
				if r >= 0xFEFF && (r == 0xFEFF || r == 0xFFFE || r == 0xFFFF) {
					valid = false
				}
			default:
				if check && (b > 0xF4 || i+3 >= len(n) || n[i+1]&0xC0 != 0x80 || n[i+2]&0xC0 != 0x80 || n[i+3]&0xC0 != 0x80) {
					t.unchecked = true
					return i, u16
				}
				r = rune(b&0x07)<<18 | rune(n[i+1]&0x3F)<<12 | rune(n[i+2]&0x3F)<<6 | rune(n[i+3]&0x3F)
				if check && (r < 0x10000 || r > 0x10FFFF || !nfc.Stable(r)) {
					t.unchecked = true
					return i, u16
				}
				i += 4
				u16 += 2
			}
			if check && r >= 0x300 && r < 0x10000 && !nfc.StableBMP(r) {
				t.unchecked = true
				return i, u16
			}
			if r < 0x10000 && c.block[r>>8] >= 0 {
				w = int(c.block[r>>8])
			} else {
				w = def
				for _, rg := range ranges {
					if int(r) >= rg.Start && int(r) <= rg.End {
						w = rg.Weight
						break
					}
				}
			}
		}
		units += w
		if units <= limit {
			if valid {
				validEnd16 = u16 - 1
			}
			continue
		}
		if valid && units <= maxUnits {
			validEnd16 = u16 - 1
		}
		if over < 0 && units > capUnits {
			over = at
		}
	}
	if scan != nil && !found {
		scan.pos = max(scan.pos, i)
	}
	t.units, t.valid, t.validEnd16, t.overflowAt = units, valid, validEnd16, over
	return i, u16
}

// checkedNFC reports whether the characters that begin in n[i:end] (and, with half, the
// one at end) are valid UTF-8 and stable: they are then as NFC leaves them, whatever
// their neighbours.
func checkedNFC(n string, i, end int, half bool) bool {
	if half && end < len(n) {
		end++
	}
	for i < end {
		b := n[i]
		if b < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(n[i:])
		if size == 1 {
			return false // invalid (a lone U+FFFD is 3 bytes)
		}
		if r >= 0x300 && (r >= 0x10000 && !nfc.Stable(r) || r < 0x10000 && !nfc.StableBMP(r)) {
			return false
		}
		i += size
	}
	return true
}

func (t *tally) bound(w, at, capUnits int) {
	t.lb += w
	if t.lbOver < 0 && t.lb > capUnits {
		t.lbOver = at
	}
}

// charsWeight is the weight of n[i:end] counted without URLs: its emoji sequences (from
// em, whose calls come in order) and characters; a sequence running past end is left out.
func (c *Parser) charsWeight(n string, i, end int, em *emojiCursor) int {
	sum := 0
	for j := i; j < end; {
		if c.emojiKinds != 0 {
			if l := em.at(j); l > 0 {
				if j+l > end {
					break
				}
				sum += c.cfg.DefaultWeight
				j += l
				continue
			}
		}
		r, size := nfc.DecodeValid(n, j)
		sum += c.weight(r)
		j += size
	}
	return sum
}

// emojiCursor yields the emoji sequences of a text in the order twemoji-parser finds
// them: a left-to-right scan that resumes after each match, whatever the URLs.
type emojiCursor struct {
	text       string
	kinds      emoji.Kind
	start, end int // the current match; start is -1 before the first search
	// pos is a frontier: no position in [end, pos) begins a sequence (a scan that
	// plainRun made while weighing them). The next search starts at max(end, pos).
	pos int
}

// at returns the length of the sequence that starts exactly at i, or 0. Calls come with
// i non-decreasing.
func (e *emojiCursor) at(i int) int {
	for e.start < i {
		e.advance()
	}
	if e.start == i {
		return e.end - e.start
	}
	return 0
}

func (e *emojiCursor) advance() {
	s := e.text
	for p := max(e.end, e.pos); p < len(s); {
		c := s[p]
		// Only '#', '*', '0'-'9' (keycaps), 0xC2 (©, ®), 0xE2 and 0xE3 (U+2000-U+3FFF) and
		// 0xF0 (astral: U+1F000 on) begin a sequence (emoji.Skip), and then only with
		// some second bytes (emoji.PairMayStart, then emoji.MayStart): everything else is
		// skipped without a call. ASCII goes eight bytes a step while none of them is '#',
		// '*' or a digit.
		if c < utf8.RuneSelf && p+8 <= len(s) {
			if w := load64(s, p); w&swarHigh == 0 && !hasKeycapBase(w) {
				p += 8
				continue
			}
		}
		if k := emoji.Skip[c]; k != 0 {
			p += int(k)
			continue
		}
		var c1, c2 byte
		if p+2 < len(s) {
			c1, c2 = s[p+1], s[p+2]
		} else if p+1 < len(s) {
			c1 = s[p+1]
		}
		if !emoji.PairMayStart(c, c1) || !emoji.MayStart(c, c1, c2) {
			p += leadLen(c)
			continue
		}
		if n, _ := emoji.Match(s[p:], e.kinds); n > 0 {
			e.start, e.end = p, p+n
			return
		}
		p += leadLen(c)
	}
	e.start, e.end = len(s)+1, len(s)+1
}

// leadLen is the length of the UTF-8 sequence that lead byte c begins (valid UTF-8).
func leadLen(c byte) int {
	switch {
	case c < 0xE0:
		if c < utf8.RuneSelf {
			return 1
		}
		return 2
	case c < 0xF0:
		return 3
	}
	return 4
}

// replaceInvalid replaces each byte of s that is not part of valid UTF-8 by U+FFFD.
func replaceInvalid(s string) string {
	b := make([]byte, 0, len(s)+8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		b = utf8.AppendRune(b, r)
		i += size
	}
	return string(b)
}

// SWAR constants: one byte value repeated in all eight bytes of a word.
const (
	swarOnes = 0x0101010101010101
	swarHigh = 0x80 * swarOnes // the high bit of every byte: set only by non-ASCII
	swarLow  = 0x7F * swarOnes
)

// load64 reads s[i:i+8] as a little-endian word.
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// hasKeycapBase reports whether w, eight ASCII bytes (high bits clear), holds '#', '*'
// or a digit: a byte that can begin an emoji sequence (a keycap). For an ASCII byte b,
// b+0x7F has its high bit set exactly when b != 0, and adding cannot carry into the next
// byte; b+0x50 has it when b >= 0x30 and b+0x46 when b >= 0x3A.
func hasKeycapBase(w uint64) bool {
	hash := ((w ^ '#'*swarOnes) + swarLow) & swarHigh
	star := ((w ^ '*'*swarOnes) + swarLow) & swarHigh
	digit := (w + 0x50*swarOnes) &^ (w + 0x46*swarOnes) & swarHigh
	return hash&star != swarHigh || digit != 0
}
