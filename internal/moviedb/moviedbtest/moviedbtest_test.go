package moviedbtest

import (
	"net/http"
	"testing"
)

func TestStartLoginAndCount(t *testing.T) {
	var seen int
	s := Start(t, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { seen++; h.ServeHTTP(w, r) })
	})
	if n := ItemCount(t, s.URL, "1"); n != 2 {
		t.Fatalf("list 1 holds %d items, the seed has 2", n)
	}
	if s.Requests() != 2 || seen != 2 {
		t.Fatalf("requests = %d, wrapped %d; want 2 (login, read)", s.Requests(), seen)
	}
	res := Post(t, s.URL, "", `{ myWatchLists { id } }`, nil)
	if len(res.Errors) == 0 {
		t.Fatalf("an anonymous myWatchLists answered %s", res.Raw)
	}
}
