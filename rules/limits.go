package rules

import "strconv"

// Measurement is the length of one text against one cap.
type Measurement struct {
	// Counter is the wire name of the counter that measured ("graphemes", "x-weighted").
	Counter string
	// Length is the text's length in the counter's unit. It is exact when Exact is true;
	// otherwise counting stopped early past the cap and Length is a lower bound (> Cap).
	Length int
	// Exact is false only when counting stopped early on a text far over its cap.
	Exact bool
	// Cap is the limit the text was measured against.
	Cap int
	// OverflowAt is the byte offset in the text where the first unit beyond Cap begins,
	// or -1 when the text fits.
	OverflowAt int
}

// Fits reports whether the text is within its cap.
func (m Measurement) Fits() bool { return m.OverflowAt < 0 }

// Counter measures text in one unit. rules ships the grapheme counter ([GraphemeCounter]);
// other counters (X's weighted length in rules/xweight) plug into [Limits] through it.
// Implementations must be safe for concurrent use.
type Counter interface {
	// Name is the counter's wire name, e.g. "graphemes".
	Name() string
	// Measure measures text against cap. Once the text is known to be over cap, it may
	// stop counting (cost O(cap), not O(len(text))) and report Exact false. Invalid UTF-8
	// in the part it reads is an *Error with CodeInvalidUTF8 and Offset at the bad byte.
	Measure(text string, cap int) (Measurement, error)
}

// Limit is one platform's length rule: the most units a post may have, and the counter
// that measures them. In [Limits.With], Cap <= 0 means the platform's [DefaultCap] and a
// nil Counter means [GraphemeCounter].
type Limit struct {
	Cap     int
	Counter Counter
}

// Limits maps each of the ten platforms to its [Limit]. It is a small value: copy it and
// share it between goroutines freely; [Limits.With] returns a modified copy and never
// changes the original. (Limits compare with == when their counters do; the built-in one
// does.) The zero value is [DefaultLimits]: every platform at its
// [DefaultCap], counted in grapheme clusters.
type Limits struct {
	// byPlatform is indexed by Platform.index(); a zero Limit there means the defaults.
	byPlatform [numPlatforms]Limit
}

// DefaultLimits returns the limits used when the caller configures none: every platform at
// its [DefaultCap], counted with [GraphemeCounter]. It equals the zero Limits.
func DefaultLimits() Limits { return Limits{} }

// DefaultCap is p's default length cap in grapheme clusters: the platform's documented
// caption or text limit. It is 0 for a string that is not one of the ten platforms.
//
// Platforms document their limits in "characters" and count them in different units
// (X weighs code points, Threads counts emoji by their UTF-8 bytes, YouTube counts bytes);
// postrules counts every one of them in grapheme clusters unless a [Limit] says otherwise,
// so these are the documented numbers, not the platforms' counting rules.
func DefaultCap(p Platform) int {
	switch p {
	case Twitter:
		// DESIGN.md rule 2; X: "the text content of a Tweet can contain up to 280
		// characters" (https://developer.x.com/en/docs/counting-characters). X's own
		// weighted count is rules/xweight.
		return 280
	case Bluesky:
		// app.bsky.feed.post lexicon: text maxGraphemes 300 (maxLength 3000 bytes)
		// (https://github.com/bluesky-social/atproto/blob/main/lexicons/app/bsky/feed/post.json;
		// the same numbers generated into https://app.unpkg.com/@atcute/bluesky@3.3.0/files/lib/limits.ts).
		return 300
	case Threads:
		// "Text posts are limited to 500 characters."
		// (https://developers.facebook.com/documentation/threads/posts)
		return 500
	case LinkedIn:
		// 3,000 characters per post (https://docs.upload-post.com/resources/character-limits/,
		// https://www.ayrshare.com/docs/apis/post/social-networks/linkedin).
		return 3000
	case Instagram:
		// Caption: 2,200 characters (https://docs.upload-post.com/resources/character-limits/).
		return 2200
	case TikTok:
		// Caption: 2,200 characters (https://docs.upload-post.com/resources/character-limits/).
		return 2200
	case Pinterest:
		// Pin description: 500 characters (https://docs.upload-post.com/resources/character-limits/).
		return 500
	case YouTube:
		// Video description: snippet.description "has a maximum length of 5000 bytes"
		// (https://developers.google.com/youtube/v3/docs/videos); we cap 5000 clusters.
		return 5000
	case Facebook:
		// 63,206 characters per post (https://docs.upload-post.com/resources/character-limits/).
		return 63206
	case GoogleBusiness:
		// Local post summary: 1,500 characters (https://docs.zernio.com/platforms/google-business).
		return 1500
	}
	return 0
}

// For returns p's limit with the defaults filled in: Cap <= 0 becomes [DefaultCap](p) and
// a nil Counter becomes [GraphemeCounter]. For a p that is not one of the ten platforms it
// returns the zero Limit; [Limits.Measure] and [Limits.CheckTarget] report unknown_platform.
func (l Limits) For(p Platform) Limit {
	i := p.index()
	if i < 0 {
		return Limit{}
	}
	lim := l.byPlatform[i]
	if lim.Cap <= 0 {
		lim.Cap = DefaultCap(p)
	}
	if lim.Counter == nil {
		lim.Counter = graphemeCounter{}
	}
	return lim
}

// With returns a copy of l in which p's limit is lim (Cap <= 0: p's default cap; nil
// Counter: graphemes). l itself is unchanged. A p that is not one of the ten platforms
// changes nothing: there is no post to apply it to, and [Limits.Measure] rejects it.
func (l Limits) With(p Platform, lim Limit) Limits {
	i := p.index()
	if i < 0 {
		return l
	}
	if lim.Cap < 0 {
		lim.Cap = 0 // one spelling of "default", so that equal limits compare equal
	}
	l.byPlatform[i] = lim
	return l
}

// Measure measures text against p's cap with p's counter (see [GraphemeCounter] for what
// the default counter reports and when it stops early). A p that is not one of the ten
// platforms is a 400 unknown_platform *[Error]; invalid UTF-8 in the part of text the
// counter reads is a 400 invalid_utf8 *[Error] with Offset at the bad byte. Errors carry
// no Path: the caller knows where text sits in a request (see [Error.WithPath]).
// With either error from this package, the Measurement returned never Fits.
func (l Limits) Measure(p Platform, text string) (Measurement, error) {
	if !p.Valid() {
		_, err := ParsePlatform(string(p))
		return Measurement{}, err
	}
	lim := l.For(p)
	return lim.Counter.Measure(text, lim.Cap)
}

// unitName is how a message names a counter's unit: "312 graphemes", "312 x-weighted units".
func unitName(counter string) string {
	if counter == graphemesName {
		return counter
	}
	return counter + " units"
}

// lengthText renders m's length for a message: "312" or, when counting stopped early,
// "more than 560".
func lengthText(m Measurement) string {
	if m.Exact {
		return strconv.Itoa(m.Length)
	}
	return "more than " + strconv.Itoa(m.Length)
}
