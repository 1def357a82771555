package toolsearch

import (
	"github.com/toolgen/toolgen/internal/plural"
	"strings"
	"unicode"
)

// Words splits text into lowercase words: at anything not a letter or digit, at camelCase
// humps ("addPullRequest": add, pull, request), at the end of an acronym ("HTTPServer": http,
// server) and between letters and digits ("projectV2": project, v, 2). The build side uses it
// for catalog.Keywords, the run side for names, descriptions and queries, so both read a name
// the same way.
func Words(text string) []string {
	var out []string
	rs := []rune(text)
	start := -1
	flush := func(end int) {
		if start >= 0 && end > start {
			out = append(out, strings.ToLower(string(rs[start:end])))
		}
		start = -1
	}
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush(i)
			continue
		}
		if start >= 0 && boundary(rs, i) {
			flush(i)
		}
		if start < 0 {
			start = i
		}
	}
	flush(len(rs))
	return out
}

// boundary reports whether a new word starts at rs[i], given that rs[i-1] is a letter or digit.
func boundary(rs []rune, i int) bool {
	prev, r := rs[i-1], rs[i]
	switch {
	case unicode.IsDigit(prev) != unicode.IsDigit(r):
		return true
	case unicode.IsUpper(r) && unicode.IsLower(prev):
		return true
	case unicode.IsUpper(r) && unicode.IsUpper(prev) && i+1 < len(rs) && unicode.IsLower(rs[i+1]):
		return true // the last capital of an acronym starts the next word: HTTP|Server
	}
	return false
}

// stopwords carry no meaning for choosing a tool; dropped from documents and queries alike.
// Words of the first person are not: they relate to the signed-in user (see related).
var stopwords = set("a an and are as at be by can do does for from has have how in is it its " +
	"of on or our please that the this to up was we what when where which who will with you " +
	"given object objects")

func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// terms are text's words as the index keeps them: stopwords dropped, each word stemmed.
func terms(text string) []string {
	var out []string
	for _, w := range Words(text) {
		if !stopwords[w] {
			out = append(out, stem(w))
		}
	}
	return out
}

// compounds are text's adjacent words written as one ("look up": lookup, "watch lists":
// watchlist, "log in": login), stemmed, because people and schemas split words differently.
// Stopwords count here: "in" of "log in" is part of the word.
func compounds(text string) []string {
	ws := Words(text)
	var out []string
	for i := 1; i < len(ws); i++ {
		if !stopwords[ws[i-1]] || !stopwords[ws[i]] {
			out = append(out, stem(stem(ws[i-1])+ws[i]))
		}
	}
	return out
}

// stem is a light English suffix stripper: it conflates the forms a request and a schema
// use for one word (issue/issues/issued, repository/repositories, star/starred/starring,
// create/created/creating), which is all a tool search needs; a full Porter stemmer would
// also merge words a name keeps apart (general/generate).
func stem(w string) string {
	if len(w) <= 3 || !isAlpha(w) {
		return w
	}
	w = plural.Key(w)
	switch {
	case strings.HasSuffix(w, "ing") && len(w) > 5:
		w = undouble(w[:len(w)-3])
	case strings.HasSuffix(w, "ed") && len(w) > 4 && !strings.HasSuffix(w, "eed"):
		w = undouble(w[:len(w)-2])
	case strings.HasSuffix(w, "able") && len(w) > 7: // what can be done to it: assignable, starrable, labelable
		w = undouble(w[:len(w)-4])
	case strings.HasSuffix(w, "ee") && len(w) > 5: // who it is done to: assignee, invitee
		w = w[:len(w)-2]
	}
	return strings.TrimSuffix(w, "e")
}

// undouble turns a doubled final consonant back into one (starr → star, committ → commit),
// leaving short stems alone (add).
func undouble(w string) string {
	n := len(w)
	if n >= 4 && w[n-1] == w[n-2] && !strings.ContainsRune("aeiouls", rune(w[n-1])) {
		return w[:n-1]
	}
	return w
}

func isAlpha(w string) bool {
	for _, r := range w {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}

// related are words a request uses for what API names say another way: common abbreviations,
// and the everyday verbs for the few verbs APIs name their operations with. A query term
// also matches its related terms, at relatedWeight, so the word the user wrote still ranks
// first.
var related = map[string][]string{
	"repo": {"repository"}, "pr": {"pull", "request"}, "org": {"organization"},
	"env": {"environment"}, "config": {"configuration"}, "info": {"information"},
	"auth": {"authentication"}, "desc": {"description"},
	"delete": {"remove"}, "remove": {"delete"}, "erase": {"delete", "remove"},
	"create": {"add", "new"}, "add": {"create"}, "new": {"create"}, "make": {"create"}, "open": {"create"},
	"edit": {"update"}, "change": {"update"}, "modify": {"update"}, "rename": {"update"}, "set": {"update"},
	"show": {"get", "look", "lookup"}, "find": {"search", "look", "lookup"}, "fetch": {"get", "look", "lookup"},
	"get": {"look", "lookup"}, "list": {"search"}, "ask": {"request"}, "favourite": {"favorite"},
	// The signed-in user: GraphQL APIs name it viewer (Relay's convention), me or currentUser,
	// and describe it as "your" or "authenticated".
	"i": {"viewer", "current", "authenticated"}, "me": {"viewer", "current", "authenticated"},
	"my": {"viewer", "your", "current"}, "mine": {"viewer", "your"},
}

// relatedWeight is how much a related term counts against the term the query wrote.
const relatedWeight = 0.4

// surface are text's words as written, marked apart from the stems: "movie 603" asks for the
// movie tool and "all movies" for movies, though both stem alike, so a name word the query
// writes the same way counts a little more (surfaceWeight, in the name only).
func surface(text string) []string {
	var out []string
	for _, w := range Words(text) {
		if !stopwords[w] {
			out = append(out, "="+w)
		}
	}
	return out
}
