package moviedb

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
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
		req, err := http.NewRequest(http.MethodPost, srv.URL+"/graphql", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		if signedIn {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		out, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode >= 500 || !json.Valid(out) {
			t.Fatalf("body %q: status %d, response %q", body, resp.StatusCode, out)
		}
	})
}
