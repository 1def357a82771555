package lint

import (
	"testing"

	"github.com/toolgen/toolgen/internal/plural"
)

// FuzzRestatesName holds the early-exit restatesName to the plain one over sets of words.
func FuzzRestatesName(f *testing.F) {
	f.Add("getUser", "Gets the user.")
	f.Add("movies", "Lists all movies")
	f.Add("createIssue", "Creates an issue in a repository.")
	f.Add("x", "")
	f.Fuzz(func(t *testing.T, name, desc string) {
		nameWords := map[string]bool{}
		for _, w := range splitName(name) {
			nameWords[plural.Key(w)] = true
		}
		want := true
		for w := range refWords(desc) {
			want = want && nameWords[plural.Key(w)]
		}
		if got := restatesName(name, desc); got != want {
			t.Errorf("restatesName(%q, %q) = %v, want %v", name, desc, got, want)
		}
	})
}
