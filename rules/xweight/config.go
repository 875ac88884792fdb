package xweight

// Config is twitter-text's configuration: the data that decides how much each character
// weighs. Its JSON form is that of twitter-text's config files (config/v2.json,
// config/v3.json), so a Config can also be read from one.
type Config struct {
	// Version is the configuration's version (2 or 3 for twitter-text's own).
	Version int `json:"version"`
	// MaxWeightedTweetLength is the longest valid weighted length (280).
	MaxWeightedTweetLength int `json:"maxWeightedTweetLength"`
	// Scale divides the summed weights into the weighted length (100).
	Scale int `json:"scale"`
	// DefaultWeight is the weight of a code point outside Ranges, and of an emoji
	// sequence when EmojiParsingEnabled (200: 2 after scaling).
	DefaultWeight int `json:"defaultWeight"`
	// EmojiParsingEnabled makes every emoji sequence weigh DefaultWeight whatever its
	// number of code points (v3).
	EmojiParsingEnabled bool `json:"emojiParsingEnabled,omitempty"`
	// TransformedURLLength is what every URL counts, in characters (23: the t.co length).
	TransformedURLLength int `json:"transformedURLLength"`
	// Ranges give code point ranges other weights; the first range holding a code point
	// wins.
	Ranges []WeightRange `json:"ranges"`
}

// WeightRange gives the code points Start to End (inclusive) the weight Weight.
type WeightRange struct {
	Start  int `json:"start"`
	End    int `json:"end"`
	Weight int `json:"weight"`
}

// The ranges of twitter-text's v2 and v3 configs (config/v2.json, config/v3.json): Latin,
// Greek, Cyrillic and the other scripts up to U+10FF, and the general punctuation spaces,
// dashes, quotes and primes U+2000-U+200D, U+2010-U+201F, U+2032-U+2037 weigh 100 (1 after
// scaling); everything else (CJK, Hangul, U+FE0F, astral code points...) 200.
func lightRanges() []WeightRange {
	return []WeightRange{
		{Start: 0, End: 4351, Weight: 100},
		{Start: 8192, End: 8205, Weight: 100},
		{Start: 8208, End: 8223, Weight: 100},
		{Start: 8242, End: 8247, Weight: 100},
	}
}

// ConfigV2 returns twitter-text 3.1.0's config/v2.json: weighted characters, no emoji
// parsing.
func ConfigV2() Config {
	return Config{
		Version:                2,
		MaxWeightedTweetLength: 280,
		Scale:                  100,
		DefaultWeight:          200,
		TransformedURLLength:   23,
		Ranges:                 lightRanges(),
	}
}

// ConfigV3 returns twitter-text 3.1.0's config/v3.json, its default: v2 plus emoji
// parsing, where every emoji sequence weighs 2.
func ConfigV3() Config {
	c := ConfigV2()
	c.Version = 3
	c.EmojiParsingEnabled = true
	return c
}
