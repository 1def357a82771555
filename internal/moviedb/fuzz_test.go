package moviedb

import (
	"encoding/json"
	"net/http/httptest"
	"testing"
)

// FuzzHandler posts arbitrary bodies, signed in or not, and requires a JSON answer below 500.
// The seed corpus (testdata/fuzz/FuzzHandler plus the adds below) covers every root field kind.
func FuzzHandler(f *testing.F) {
	for _, body := range []string{
		`{"query":"{ movie(id: \"42\") { title cast { person { name } movie { title } } } }"}`,
		`{"query":"mutation { addWatchListItem(input: {watchListId: \"1\", titleId: \"42\", titleType: MOVIE}) { success item { id } error { code } } }"}`,
		`{"query":"query($f: MovieFilter, $s: Int) { movies(filter: $f, size: $s) { totalElements } }","variables":{"f":{"genre":"SCIFI"},"s":5}}`,
		`{"query":"{ search(query: \"matrix\") { __typename ... on Movie { id } } }"}`,
		`{"query":"{ myWatchLists { id items { title { title } } } }"}`,
		`{"query":"subscription { reviewAdded { title } }"}`,
		`{"query":"{ a ...F } fragment F on Query { ...F }"}`,
		`{"query":"{`, `[]`, `null`, `{"query":null}`,
	} {
		f.Add([]byte(body), true)
	}
	h, err := NewHandler()
	if err != nil {
		f.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	token := login(f, srv.URL+"/graphql", "user", "user123")
	f.Fuzz(func(t *testing.T, body []byte, signedIn bool) {
		bearer := ""
		if signedIn {
			bearer = token
		}
		status, out := post(t, srv.URL+"/graphql", bearer, body)
		if status >= 500 || !json.Valid(out) {
			t.Fatalf("body %q: status %d, response %q", body, status, out)
		}
	})
}
