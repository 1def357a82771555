package toolrt

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/moviedb"
	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
)

// An API that reads its token from another header than "Authorization: Bearer" gets it there,
// and only there, both for a token issued elsewhere and for one from the login: the proxy in
// front of the demo server accepts "X-Api-Key: <token>" and refuses any Authorization header.
// Every request, the login's included, carries the fixed headers, which the proxy requires.
func TestTokenGoesInTheConfiguredHeader(t *testing.T) {
	t.Parallel()
	apiKey := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Header.Get("X-Role") != "reader" || r.Header.Get("X-Api-Version") != "2" {
				http.Error(w, `{"errors":[{"message":"X-Role and X-Api-Version are required"}]}`, http.StatusBadRequest)
				return
			}
			if r.Header.Get("Authorization") != "" {
				http.Error(w, `{"errors":[{"message":"use X-Api-Key"}]}`, http.StatusBadRequest)
				return
			}
			if key := r.Header.Get("X-Api-Key"); key != "" {
				r.Header.Del("X-Api-Key")
				r.Header.Set("Authorization", "Bearer "+key) // what the demo server reads
			}
			next.ServeHTTP(w, r)
		})
	}
	endpoint, _ := startMovieDB(t, apiKey)
	issued := moviedbtest.Login(t, moviedbtest.Start(t).URL, moviedbtest.User, moviedbtest.Password)
	for name, cfg := range map[string]Config{
		"issued token": {Token: issued},
		"login":        {User: moviedbtest.User, Password: func() string { return moviedbtest.Password }, LoginDocument: moviedb.LoginDocument},
	} {
		cfg.Endpoint, cfg.Role, cfg.TokenHeader = endpoint, "concierge", "x-api-key:"
		cfg.Headers = []string{"x-role: reader", "X-Api-Version: 2"}
		rt, err := New(testCatalog(t), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if err := rt.Login(context.Background()); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		res, err := rt.Direct(context.Background(), "myWatchLists", []byte(`{}`))
		if err != nil || res.IsError || !strings.Contains(res.Text, "myWatchLists") {
			t.Errorf("%s: err %v, result %s; want the user's watch lists", name, err, res.Text)
		}
	}
}

// A header that cannot carry a token, or a fixed header that reads as a secret, describes the
// request or repeats the token's header, stops New with the field named.
func TestTokenHeaderIsChecked(t *testing.T) {
	for _, bad := range []string{"Content-Type: x", "no colon", "X Api: Bearer", "Authorization: Bearer two words"} {
		_, err := New(testCatalog(t), Config{Endpoint: "http://127.0.0.1:1/graphql", TokenHeader: bad})
		if err == nil || !strings.Contains(err.Error(), "TokenHeader") {
			t.Errorf("TokenHeader %q: err %v, want one naming TokenHeader", bad, err)
		}
	}
	for _, bad := range []string{"X-Hasura-Admin-Secret: s3cret", "Cookie: a=b", "Content-Type: text/plain", "X-Api-Key: k", "no colon", "X-Ok: a\x01b"} {
		_, err := New(testCatalog(t), Config{Endpoint: "http://127.0.0.1:1/graphql", TokenHeader: "X-Api-Key:", Headers: []string{bad}})
		if err == nil || !strings.Contains(err.Error(), "Headers") {
			t.Errorf("Headers %q: err %v, want one naming Headers", bad, err)
		}
	}
	for _, good := range []string{"", "Authorization: Bearer", "X-Shopify-Access-Token:", "Authorization:", "authorization: token"} {
		if err := (Config{TokenHeader: good}).Check(); err != nil {
			t.Errorf("TokenHeader %q: %v", good, err)
		}
	}
}
