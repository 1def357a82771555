package toolsearch

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestWords(t *testing.T) {
	for in, want := range map[string][]string{
		"addPullRequestReviewComment": {"add", "pull", "request", "review", "comment"},
		"HTTPServer":                  {"http", "server"},
		"projectV2Item":               {"project", "v", "2", "item"},
		"THUMBS_UP":                   {"thumbs", "up"},
		"Look up a user, by login.":   {"look", "up", "a", "user", "by", "login"},
		"":                            nil,
	} {
		if diff := cmp.Diff(want, Words(in)); diff != "" {
			t.Errorf("Words(%q) (-want +got):\n%s", in, diff)
		}
	}
}

// TestStemConflates checks that the forms a request and a schema use for one word meet, and
// that words that differ stay apart.
func TestStemConflates(t *testing.T) {
	same := [][]string{
		{"issue", "issues", "issued"},
		{"repository", "repositories"},
		{"star", "starred", "starring", "stars", "starrable"},
		{"create", "created", "creating", "creates"},
		{"assign", "assignee", "assignees", "assignable"},
		{"label", "labels", "labelable"},
		{"movie", "movies"},
		{"category", "categories"},
	}
	for _, group := range same {
		for _, w := range group[1:] {
			if stem(w) != stem(group[0]) {
				t.Errorf("stem(%q) = %q, stem(%q) = %q: want one stem", w, stem(w), group[0], stem(group[0]))
			}
		}
	}
	for _, pair := range [][2]string{{"add", "ad"}, {"general", "generate"}, {"process", "proce"}} {
		if stem(pair[0]) == stem(pair[1]) {
			t.Errorf("stem merges %q and %q", pair[0], pair[1])
		}
	}
}

func TestSearchRanksNameAboveDescription(t *testing.T) {
	ix := New([]Doc{
		{Name: "listWidgets", Description: "Returns the widgets of a star system."},
		{Name: "addStar", Description: "Adds a star to a starrable object."},
		{Name: "removeStar", Description: "Removes a star."},
	})
	got := names(ix.Search("star the repository", 5), []string{"listWidgets", "addStar", "removeStar"})
	if got[0] != "addStar" || !slices.Contains(got, "removeStar") {
		t.Errorf("got %v, want addStar first and removeStar among them", got)
	}
	if hits := ix.Search("nothing matches zzz", 5); len(hits) != 0 {
		t.Errorf("a query of unknown words found %v", hits)
	}
	if hits := ix.Search("star", 0); hits != nil {
		t.Errorf("k=0 found %v", hits)
	}
}

// TestSearchTiesKeepOrder: equal scores come back in the docs' order, every time.
func TestSearchTiesKeepOrder(t *testing.T) {
	var docs []Doc
	for _, n := range []string{"closeA", "closeB", "closeC", "closeD"} {
		docs = append(docs, Doc{Name: n, Description: "Close it."})
	}
	ix := New(docs)
	for range 20 {
		var got []int
		for _, h := range ix.Search("close", 4) {
			got = append(got, h.Doc)
		}
		if !slices.Equal(got, []int{0, 1, 2, 3}) {
			t.Fatalf("ties in order %v, want 0 1 2 3", got)
		}
	}
}

func TestCompoundsMeetSplitWords(t *testing.T) {
	ix := New([]Doc{
		{Name: "myWatchLists", Description: "The signed-in user's lists."},
		{Name: "user", Description: "Lookup a user by login."},
		{Name: "search", Description: "Find anything."},
	})
	if got := names(ix.Search("show my watchlists", 1), []string{"myWatchLists", "user", "search"}); got[0] != "myWatchLists" {
		t.Errorf("watchlists found %v", got)
	}
	if got := names(ix.Search("look up the user torvalds", 1), []string{"myWatchLists", "user", "search"}); got[0] != "user" {
		t.Errorf("look up the user found %v", got)
	}
}

func names(hits []Hit, docs []string) []string {
	var out []string
	for _, h := range hits {
		out = append(out, docs[h.Doc])
	}
	return append(out, "") // never empty, so got[0] reads
}

// FuzzSearch: any query text ranks without a panic, at most k hits, best first.
func FuzzSearch(f *testing.F) {
	ix := New([]Doc{
		{Name: "addPullRequestReview", Description: "Adds a review to a Pull Request.", Args: []string{"input", "body"}, InputSchema: []byte(`{"type":"object","properties":{"body":{"type":"string","description":"The text."}}}`)},
		{Name: "myWatchLists", Description: "The signed-in user's lists."},
		{Name: "x", InputSchema: []byte(`not json`)},
	})
	for _, seed := range []string{"look up the user", "ÉCOLE straße 2ndHTTPServer", "", "\x00\xff", "a a a a a"} {
		f.Add(seed, 3)
	}
	f.Fuzz(func(t *testing.T, q string, k int) {
		hits := ix.Search(q, k)
		if len(hits) > max(k, 0) {
			t.Fatalf("%d hits for k=%d", len(hits), k)
		}
		for i := 1; i < len(hits); i++ {
			if hits[i].Score > hits[i-1].Score {
				t.Fatalf("not best first: %v", hits)
			}
		}
	})
}

// TestSearchKeepsNumber checks that a singular and its plural meet (a request for "movies"
// finds movie too) and that the form written still decides between them: "movie 603" asks
// for one movie, "all the movies" for the list.
func TestSearchKeepsNumber(t *testing.T) {
	docs := []Doc{
		{Name: "movies", Description: "Returns a page of films."},
		{Name: "movie", Description: "Returns one film by its id."},
	}
	ix := New(docs)
	for query, want := range map[string]string{"movie 603": "movie", "all the movies": "movies"} {
		hits := ix.Search(query, 5)
		if len(hits) != 2 || docs[hits[0].Doc].Name != want {
			t.Errorf("Search(%q) = %v, want both, %s first", query, hits, want)
		}
	}
}
