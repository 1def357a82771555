package toolrt

import (
	"context"
	"net/http"
	"strings"
	"testing"
)

// TestTokenNeverReachesTheLog: docs/security.md promises the token "never reaches the model,
// the log or the audit file". A failing upstream (a proxy's or framework's debug error page)
// that echoes the request headers puts the bearer token into the log via the 300-byte body
// excerpt that exec.failure logs.
func TestTokenNeverReachesTheLog(t *testing.T) {
	t.Parallel()
	for _, status := range []int{http.StatusBadGateway, http.StatusBadRequest} {
		endpoint, rec := startMovieDB(t, func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if a := r.Header.Get("Authorization"); a != "" {
					http.Error(w, "debug: request headers: Authorization: "+a, status)
					return
				}
				next.ServeHTTP(w, r)
			})
		})
		var logText strings.Builder
		rt := newRuntime(t, endpoint, asUser(Config{Logger: newTextLogger(&logText)}))
		res, _ := rt.Direct(context.Background(), "movie", []byte(`{"id":"42"}`))
		tokens := rec.seenTokens()
		if len(tokens) == 0 {
			t.Fatal("no token was sent")
		}
		for _, tok := range tokens {
			if strings.Contains(logText.String(), tok) {
				t.Errorf("HTTP %d: the bearer token appears in the log: %s", status, logText.String())
			}
			if strings.Contains(res.Text, tok) {
				t.Errorf("HTTP %d: the bearer token appears in the model's text", status)
			}
		}
	}
}

// TestTokenNeverReachesTheModel: a GraphQL error whose message quotes the token it
// refused (servers do: "invalid JWT <token>") is handed to the model verbatim, and so is its
// code.
func TestTokenNeverReachesTheModel(t *testing.T) {
	t.Parallel()
	endpoint, rec := startMovieDB(t, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if a := r.Header.Get("Authorization"); a != "" {
				w.Header().Set("Content-Type", "application/json")
				tok := strings.TrimPrefix(a, "Bearer ")
				_, _ = w.Write([]byte(`{"data":null,"errors":[{"message":"JWT ` + tok + ` lacks scope movies:read","extensions":{"code":"SCOPE_` + tok + `"}}]}`))
				return
			}
			next.ServeHTTP(w, r)
		})
	})
	rt := newRuntime(t, endpoint, asUser(Config{}))
	res, _ := rt.Direct(context.Background(), "movie", []byte(`{"id":"42"}`))
	for _, tok := range rec.seenTokens() {
		if strings.Contains(res.Text, tok) {
			t.Errorf("the bearer token appears in the model's text: %s", res.Text)
		}
	}
	if !strings.Contains(res.Text, `"extensions":{"code":"SCOPE_[token]"}`) {
		t.Errorf("the code is not there, redacted: %s", res.Text)
	}
}
