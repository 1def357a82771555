// Package plural counts things in messages: "1 tool", "2 tools". Every message and page that
// counts goes through it, so none says "1 tools".
package plural

import "strconv"

// Count is n and the noun, with an "s" unless n is 1. Nouns are regular English ("tool",
// "field", "space"): a noun that is not takes its own words.
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
