package rules

import (
	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules/internal/grapheme"
	"github.com/rivo/uniseg"
)

// graphemesUnicode15Name is the wire name of the Unicode 15 grapheme counter.
const graphemesUnicode15Name = "graphemes-unicode15"

// graphemeCounterUnicode15 (CounterByName("graphemes-unicode15")) is a [Counter] that counts grapheme clusters by Unicode
// 15.0, exactly as github.com/rivo/uniseg v0.4.7 does (uniseg.GraphemeClusterCount), for
// callers that must agree with a system still on Unicode 15.0, such as a server counting
// with uniseg or an older ICU. Its wire name is "graphemes-unicode15", so a Measurement
// (and a problem message: "312 graphemes-unicode15 units") says which rules counted.
//
// It differs from [GraphemeCounter] where Unicode 15.1 to 17.0 changed the rules or the
// data: Indic conjuncts (GB9c: "नमस्ते" is 4 here, 3 there; a Bengali sentence counts
// about a fifth more here), the conjuncts of Myanmar, Khmer and the other scripts Unicode
// 17.0 added to GB9c, and emoji-data changes. Measure has the same contract as
// GraphemeCounter's (exact up to 32*cap bytes, then early exit, invalid_utf8 with its
// offset), and the same bound on what it reads; it is slower on non-ASCII text, since
// uniseg segments one cluster at a time. Safe for concurrent use.
type graphemeCounterUnicode15 struct{}

func (graphemeCounterUnicode15) Name() string { return graphemesUnicode15Name }

func (graphemeCounterUnicode15) Measure(text string, limit int) (m Measurement, err error) {
	r := grapheme.MeasureWith(spanUnicode15, text, limit)
	setMeasurement(&m, graphemesUnicode15Name, limit, r)
	return m, utf8Error(text, r.Invalid)
}

// spanUnicode15 is the grapheme.SpanFunc of uniseg: ASCII runs by grapheme.ASCIISpan (the
// rules for ASCII are the same in every version since 6.2), everything else one cluster
// at a time by uniseg. At a boundary, uniseg's state after the next code point depends on
// that code point alone, so starting it afresh (state -1) at every boundary is exact.
func spanUnicode15(s string, budget int) (end, clusters, invalid int) {
	for end < len(s) && clusters < budget {
		e, k := grapheme.ASCIISpan(s[end:], budget-clusters)
		end += e
		clusters += k
		if end == len(s) || clusters == budget {
			break
		}
		c, _, _, _ := uniseg.FirstGraphemeClusterInString(s[end:], -1)
		if bad := strictjson.FirstInvalidUTF8String(c); bad >= 0 {
			return end, clusters, end + bad
		}
		end += len(c)
		clusters++
	}
	return end, clusters, -1
}
