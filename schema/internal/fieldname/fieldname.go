// Package fieldname matches an unknown JSON member name against the names an object
// defines: the same name in another case ("Content"), or a close name worth a "did you
// mean" ("scheduleFor" for "scheduledFor", "publish_now" for "publishNow").
package fieldname

import "strings"

// maxLen bounds the names compared for a suggestion; a longer key gets none. It keeps the
// distance computation on the stack and its cost fixed for a hostile 1 MiB key.
const maxLen = 64

// Match is the result of Lookup.
type Match struct {
	// Name is the defined name that matched, "" when none did.
	Name string
	// CaseOnly is true when key and Name differ only in ASCII or Unicode case.
	CaseOnly bool
}

// Lookup compares an unknown key with the defined names. A name equal to key except for
// case wins; otherwise the closest name within threshold (one edit per four letters of the
// name, at least one, at most three), earliest on a tie.
func Lookup(key string, names []string) Match {
	for _, n := range names {
		if equalFold(key, n) {
			return Match{Name: n, CaseOnly: true}
		}
	}
	best, bestDist := "", maxLen+1
	var nk [maxLen]byte
	lk, ok := normalize(&nk, key)
	if !ok {
		return Match{}
	}
	for _, n := range names {
		// The distance is at least the difference of the lengths: names too far apart in
		// length are not compared at all, so a body of 100,000 unknown names costs a
		// length check for most of them.
		var nn [maxLen]byte
		ln, ok := normalize(&nn, n)
		if !ok || lk-ln > threshold(n) || ln-lk > threshold(n) {
			continue
		}
		if d := osa(nk[:lk], nn[:ln], min(threshold(n), bestDist-1)); d < bestDist && d <= threshold(n) {
			best, bestDist = n, d
		}
	}
	return Match{Name: best}
}

// threshold is the largest edit distance still worth suggesting for name: one edit for
// short names, one per four characters beyond that, at most three.
func threshold(name string) int {
	t := len(name) / 4
	if t < 1 {
		t = 1
	}
	if t > 3 {
		t = 3
	}
	return t
}

// equalFold is Unicode simple case folding, the folding encoding/json uses when it
// accepts "Content" (or "ſcheduledFor", with a long s) for "content": exactly the
// names this package must flag.
func equalFold(a, b string) bool { return strings.EqualFold(a, b) }

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// normalize lowercases ASCII letters and drops the separators people add to names
// ('_', '-', ' '), so "publish_now" and "PublishNow" both meet "publishnow".
func normalize(dst *[maxLen]byte, s string) (int, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || c == '-' || c == ' ' {
			continue
		}
		if n == maxLen {
			return 0, false
		}
		dst[n] = lower(c)
		n++
	}
	return n, true
}

// distance is the optimal string alignment distance (Levenshtein plus adjacent
// transpositions, each substring edited once) between the normalized forms of a and b.
func distance(a, b string) (int, bool) {
	var na, nb [maxLen]byte
	la, ok1 := normalize(&na, a)
	lb, ok2 := normalize(&nb, b)
	if !ok1 || !ok2 {
		return 0, false
	}
	return osa(na[:la], nb[:lb], maxLen), true
}

// osa is the optimal string alignment distance of two normalized names of at most maxLen
// bytes, or some number above limit as soon as the distance is known to exceed limit: once
// two rows in a row hold nothing within limit, no later cell can (each derives from one of
// the two rows above it, plus zero or more), so a body of 100,000 unknown names pays a few
// rows for most of its comparisons.
func osa(na, nb []byte, limit int) int {
	la, lb := len(na), len(nb)
	var rows [3][maxLen + 1]uint8 // distances are at most maxLen: a byte holds them
	prev2, prev, cur := &rows[0], &rows[1], &rows[2]
	for j := 0; j <= lb; j++ {
		prev[j] = uint8(j)
	}
	prevOver := limit < 0 // row 0 starts with 0
	for i := 1; i <= la; i++ {
		cur[0] = uint8(i)
		rowMin := cur[0]
		for j := 1; j <= lb; j++ {
			cost := uint8(1)
			if na[i-1] == nb[j-1] {
				cost = 0
			}
			v := prev[j] + 1 // deletion
			if w := cur[j-1] + 1; w < v {
				v = w // insertion
			}
			if w := prev[j-1] + cost; w < v {
				v = w // substitution
			}
			if i > 1 && j > 1 && na[i-1] == nb[j-2] && na[i-2] == nb[j-1] {
				if w := prev2[j-2] + 1; w < v {
					v = w // transposition
				}
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		over := int(rowMin) > limit
		if over && prevOver {
			return limit + 1
		}
		prevOver = over
		prev2, prev, cur = prev, cur, prev2
	}
	return int(prev[lb])
}
