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
