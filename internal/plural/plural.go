// Package plural is English number in one place: Count counts things in messages ("1 tool",
// "2 tools"; every message and page that counts goes through it, so none says "1 tools"), and
// Key lets a singular and its plural meet wherever names are compared by meaning.
package plural

import (
	"slices"
	"strconv"
	"strings"
)

// Count is n and the noun, with an "s" unless n is 1. Nouns are regular English ("tool",
// "field", "space"): a noun that is not takes its own words.
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// Key is the form under which a lower-case English noun's singular and plural meet, for
// comparing words, not for showing them: movie and movies (movy), category and categories,
// address and addresses, box and boxes, branch and branches; status, analysis and bus stay as
// they are. Every comparison of names by meaning (the selection's field-to-type match, the
// tool search, the lints) goes through it, so "movie" meets "movies" everywhere or nowhere.
func Key(w string) string {
	endsIn := func(w string, suffixes ...string) bool {
		return slices.ContainsFunc(suffixes, func(s string) bool { return strings.HasSuffix(w, s) })
	}
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "ies"):
		w = w[:len(w)-3] + "y"
	case endsIn(w, "sses", "xes", "ches", "shes", "zzes"):
		w = w[:len(w)-2]
	case endsIn(w, "ss", "us", "is"):
	case len(w) >= 3 && strings.HasSuffix(w, "s"):
		w = w[:len(w)-1]
	}
	if len(w) > 3 && strings.HasSuffix(w, "ie") { // movie meets movies (movy), as category meets categories
		w = w[:len(w)-2] + "y"
	}
	return w
}
