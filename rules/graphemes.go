package rules

import (
	"strconv"

	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/internal/grapheme"
)

// graphemesName is the wire name of the grapheme counter.
const graphemesName = "graphemes"

// CountGraphemes returns the number of extended grapheme clusters in s: what a reader
// perceives as characters ("e\u0301", a flag, a family emoji joined with ZWJ, the Hindi
// conjunct "स्ते" each count 1). It follows UAX #29 of Unicode 17.0 (the version of
// Intl.Segmenter in current browsers and Node 20.20+, ICU 78), including the Indic
// conjunct rule GB9c, which Unicode 15.0 lacked: "नमस्ते" is 3, not 4. For the Unicode 15.0
// count (uniseg's) see the Unicode 15 grapheme counter (CounterByName("graphemes-unicode15")).
//
// Runs of ASCII are counted sixteen bytes at a time; everything else goes through one
// table-driven state machine, one table step per code point, so the cost is O(len(s))
// with a small constant whatever the text (a cluster of a megabyte included), and it
// never allocates.
//
// Invalid UTF-8 is counted, not rejected: every byte that does not begin a valid sequence
// counts as U+FFFD (utf8.DecodeRuneInString's RuneError of width 1) and takes part in
// segmentation as that character, so it is usually a cluster of its own, and combining
// marks after it attach to it. CountGraphemes is only a count; every length check
// ([GraphemeCounter], [Limits.Measure], [Limits.CheckPost]) rejects invalid UTF-8 with
// code invalid_utf8 instead. To decide whether a text is over a cap, use a [Counter],
// which stops early.
func CountGraphemes(s string) int { return grapheme.Count(s) }

// GraphemeCounter returns the [Counter] that measures text in grapheme clusters as
// [CountGraphemes] counts them (wire name "graphemes"), the default counter of every
// platform in [Limits].
//
// Its Measure(text, cap) records OverflowAt, the byte offset where cluster cap+1 begins
// (-1 when the text fits). How much of the text it reads, and so its cost:
//
//   - The first cap clusters are always read whole, however long: while they are not, the
//     text may still fit, so any byte can change the verdict (a single "e" followed by half
//     a million combining marks is one cluster and fits every cap). This costs O(their
//     bytes), about as much per byte as [CountGraphemes]; a request that measures each
//     distinct text once is then O(body).
//   - Once cluster cap+1 begins, the text is over its cap. A text of at most 32*cap bytes
//     (4096 for small caps) is then counted to its end, which costs O(cap): every
//     realistic over-long post (312 against 280, or a 3,000-character draft pasted into a
//     tweet) gets its true length with Exact true.
//   - A longer text is counted on only until 2*cap clusters (cap+64 for caps under 64) or
//     32*cap bytes (4096 at least) from its start, whichever comes first; a cluster cut
//     there counts as one, since it has begun. It is reported with Exact false and Length a
//     lower bound above the cap ("more than Length"). So rejecting 1 MiB against a cap of
//     280 reads at most 8,960 bytes past the overflow, however the clusters are made, and
//     a cluster longer than that is never read to its end once the verdict is known.
//
// Measure validates UTF-8 in everything it reads. Invalid UTF-8 there is an *[apierror.Error] with
// code invalid_utf8, Path "" (the caller knows where the text sits) and Offset at the
// first bad byte; the Measurement returned with it has Exact false, Length the clusters
// before the one that holds the bad byte, and OverflowAt the overflow offset if the cap
// was already passed, else the bad byte's offset, so that an unmeasurable text never
// Fits. Bytes it does not read are not examined: such a text is rejected as too long
// anyway, and once shortened it is measured again.
//
// A cap below 0 is treated as 0 (only the empty text fits). The counter allocates nothing
// unless it reports an error, and is safe for concurrent use.
func GraphemeCounter() Counter { return graphemeCounter{} }

// graphemeCounter is zero-sized, so storing it in a Counter interface does not allocate.
type graphemeCounter struct{}

func (graphemeCounter) Name() string { return graphemesName }

func (graphemeCounter) Measure(text string, limit int) (m Measurement, err error) {
	r := grapheme.Measure(text, limit)
	setMeasurement(&m, graphemesName, limit, r)
	return m, utf8Error(text, r.Invalid)
}

// setMeasurement fills the zero Measurement *m from the engine's result. Filling the
// named result in place saves a copy of the Measurement per call, and it and utf8Error are
// small enough to inline, so a counter calls nothing but the engine on a valid text.
func setMeasurement(m *Measurement, name string, limit int, r grapheme.Result) {
	m.Counter, m.Length, m.Exact, m.Cap, m.OverflowAt = name, r.Length, r.Exact, max(limit, 0), r.OverflowAt
}

// utf8Error is the invalid_utf8 error for text's bad byte at offset bad, nil when bad < 0.
func utf8Error(text string, bad int) error {
	if bad < 0 {
		return nil
	}
	return invalidUTF8(text, bad)
}

// invalidUTF8 is the invalid_utf8 error for text's bad byte at offset bad.
func invalidUTF8(text string, bad int) *apierror.Error {
	const hex = "0123456789ABCDEF"
	b := text[bad]
	e := apierror.New(apierror.CodeInvalidUTF8, "", "byte 0x"+string([]byte{hex[b>>4], hex[b&15]})+
		" at offset "+strconv.Itoa(bad)+" is not valid UTF-8")
	e.Offset = bad
	return e
}
