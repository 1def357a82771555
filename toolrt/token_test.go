package toolrt

import (
	"context"
	"net/http"
	"strings"
	"testing"
)

// A token issued elsewhere that the API refuses is reported as a refused token, whether the
// API says so with HTTP 401 or with an auth-coded error and no data, and never quoted; before,
// the model read that no user was signed in. An anonymous call keeps its own wording.
func TestRefusedTokenIsNamedAndNotQuoted(t *testing.T) {
	t.Parallel()
	const stale = "stale-token-XYZ123"
	refuse401 := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Header.Get("Authorization") != "" || r.URL.Query().Has("401") {
				w.WriteHeader(http.StatusUnauthorized)
				_, _ = w.Write([]byte(`{"errors":[{"message":"bad token ` + r.Header.Get("Authorization") + `"}]}`))
				return
			}
			next.ServeHTTP(w, r)
		})
	}
	coded, _ := startMovieDB(t) // an unknown token is anonymous there: UNAUTHORIZED at the root, no data
	http401, _ := startMovieDB(t, refuse401)
	for _, c := range []struct {
		name, endpoint, token, tool, want string
	}{
		{"auth-coded error", coded, stale, "myWatchLists", "the API refused the access token this agent was given"},
		{"HTTP 401", http401, stale, "movie", "the API refused the access token this agent was given"},
		{"HTTP 401, anonymous", http401 + "?401", "", "movie", "the API refused the request because no user is signed in"},
		{"auth-coded error, anonymous", coded, "", "myWatchLists", `"message":"Unauthorized"`},
	} {
		rt, err := New(testCatalog(t), Config{Endpoint: c.endpoint, Role: "concierge", Token: c.token})
		if err != nil {
			t.Fatal(err)
		}
		args := `{}`
		if c.tool == "movie" {
			args = `{"id":"42"}`
		}
		res, err := rt.Direct(context.Background(), c.tool, []byte(args))
		if err != nil || !res.IsError || !strings.Contains(res.Text, c.want) || strings.Contains(res.Text, stale) {
			t.Errorf("%s: err %v, result %s\nwant it to contain %q", c.name, err, res.Text, c.want)
		}
		if c.token != "" && res.Outcome != "unauthenticated" {
			t.Errorf("%s: outcome %q, want unauthenticated", c.name, res.Outcome)
		}
	}
}
