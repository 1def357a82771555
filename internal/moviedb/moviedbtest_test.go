package moviedb_test

// The test of moviedbtest lives in moviedb's test binary: a binary of its own links the demo
// server (graphql-go, the seed) once more, about 1.5 s of CPU in every run, for a 20 ms test.

import (
	"net/http"
	"testing"

	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
)

func TestStartLoginAndCount(t *testing.T) {
	t.Parallel()
	var seen int
	s := moviedbtest.Start(t, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { seen++; h.ServeHTTP(w, r) })
	})
	if n := moviedbtest.ItemCount(t, s.URL, "1"); n != 2 {
		t.Fatalf("list 1 holds %d items, the seed has 2", n)
	}
	if s.Requests() != 2 || seen != 2 {
		t.Fatalf("requests = %d, wrapped %d; want 2 (login, read)", s.Requests(), seen)
	}
	res := moviedbtest.Post(t, s.URL, "", `{ myWatchLists { id } }`, nil)
	if len(res.Errors) == 0 {
		t.Fatalf("an anonymous myWatchLists answered %s", res.Raw)
	}
}
