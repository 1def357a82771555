// Package suggest finds the likely intended name behind a typo ("did you mean"). It uses the
// standard library only, so that the runtime (a -role typo) and the compiler (an allow-list
// typo) share one rule.
package suggest

import "strings"

// Closest returns the candidate closest to s when it is close enough to be a likely typo,
// comparing case-insensitively; ties go to the earlier candidate. "" when none is.
func Closest(s string, candidates []string) string {
	best, bestDist := "", len(s)/3+2 // a typo changes a few characters, not a third of the word
	ls := strings.ToLower(s)
	for _, c := range candidates {
		if d := distance(ls, strings.ToLower(c)); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// distance is the Levenshtein edit distance between a and b.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
