package main

import (
	"flag"
	"strings"
)

// maxSuggestLen bounds the words "did you mean" compares: the distance costs
// len(a)*len(b), and a word longer than this is no typo of a command or flag.
const maxSuggestLen = 64

// didYouMean is ` (did you mean "X"?)` for the candidate closest to word, when one is near
// enough to be a typo: at most 2 edits (insert, delete, substitute, or swap two adjacent
// letters), and at most half as many edits as the candidate has letters, so "x" suggests
// nothing, not even the three-letter "fix".
// Otherwise it is "". Ties go to the earlier candidate, so the answer is stable.
func didYouMean(word string, candidates []string) string {
	best, bestD := "", 3
	for _, c := range candidates {
		if d := editDistance(word, c, bestD); d < bestD && 2*d <= len(c) {
			best, bestD = c, d
		}
	}
	if best == "" {
		return ""
	}
	return ` (did you mean "` + best + `"?)`
}

// editDistance is the optimal string alignment distance of a and b (Damerau-Levenshtein
// where no substring is edited twice), in bytes, or limit when it is limit or more (or a
// word is longer than maxSuggestLen). Its work is at most maxSuggestLen squared.
func editDistance(a, b string, limit int) int {
	if len(a) > maxSuggestLen || len(b) > maxSuggestLen {
		return limit
	}
	if d := len(a) - len(b); d >= limit || -d >= limit {
		return limit
	}
	// Three rows of the dynamic programme: two back (for a swap), one back, this one.
	var rows [3][maxSuggestLen + 1]int
	prev2, prev, cur := &rows[0], &rows[1], &rows[2]
	for j := 0; j <= len(b); j++ {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d = min(d, prev2[j-2]+1)
			}
			cur[j] = d
			rowMin = min(rowMin, d)
		}
		if rowMin >= limit { // every later row is at least this
			return limit
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(b)], limit)
}

// undefinedFlagPrefix starts the flag package's error for a flag the set does not define
// (flag.FlagSet.failf in src/flag/flag.go); a test holds it to the package's message.
const undefinedFlagPrefix = "flag provided but not defined: -"

// flagSuggestion is didYouMean for the flag err says is not defined, among fs's flags
// (written with two dashes, as the usage texts write them); "" for any other error.
func flagSuggestion(fs *flag.FlagSet, err error) string {
	name, ok := strings.CutPrefix(err.Error(), undefinedFlagPrefix)
	if !ok {
		return ""
	}
	name = strings.TrimPrefix(name, "-")
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	s := didYouMean(name, names)
	if s == "" {
		return ""
	}
	return strings.Replace(s, `"`, `"--`, 1)
}
