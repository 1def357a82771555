// Package moviedbtest starts the demo Movie Database for tests in other packages and talks to it
// directly, as a test's own eyes on the server's state: one start-up and one GraphQL client
// instead of a copy in every package. Only tests import it.
package moviedbtest

import (
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/toolgen/toolgen/internal/moviedb"
)

// The seeded account the examples and tests sign in with (docs/demo-data.md).
const (
	User     = "user"
	Password = "user123"
)

// Server is a freshly seeded demo server on a loopback port, closed when the test ends.
type Server struct {
	// URL is the GraphQL endpoint, ending in /graphql.
	URL      string
	requests atomic.Int64
}

// Requests is how many HTTP requests have reached the server so far.
func (s *Server) Requests() int { return int(s.requests.Load()) }

// Start runs a server with its own fresh state until the test ends. Each wrap, outermost first,
// sees every request before the server does (to count, delay or rewrite them).
func Start(t testing.TB, wrap ...func(http.Handler) http.Handler) *Server {
	t.Helper()
	return StartOn(t, nil, wrap...)
}

// StartOn is Start on ln (nil: a new loopback port), for a test that starts the API on an
// address a client was already configured for: the API coming back after an outage.
func StartOn(t testing.TB, ln net.Listener, wrap ...func(http.Handler) http.Handler) *Server {
	t.Helper()
	h, err := moviedb.NewHandler()
	if err != nil {
		t.Fatal(err)
	}
	for i := len(wrap) - 1; i >= 0; i-- {
		h = wrap[i](h)
	}
	s := &Server{}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.requests.Add(1)
		h.ServeHTTP(w, r)
	}))
	if ln != nil {
		_ = srv.Listener.Close()
		srv.Listener = ln
	}
	srv.Start()
	t.Cleanup(srv.Close)
	s.URL = srv.URL + "/graphql"
	return s
}

// Response is a decoded GraphQL response; data stays raw so each test decodes its own shape.
type Response struct {
	Data   json.RawMessage `json:"data"`
	Errors []struct {
		Message    string         `json:"message"`
		Extensions map[string]any `json:"extensions"`
	} `json:"errors"`
	// Raw is the body as the server sent it.
	Raw []byte `json:"-"`
}

// Post sends one operation with the bearer token (when not empty) and decodes the answer. Any
// transport failure or a body that is not JSON fails the test; GraphQL errors are the caller's.
func Post(t testing.TB, url, token, query string, vars map[string]any, headers ...string) Response {
	t.Helper()
	body, err := json.Marshal(map[string]any{"query": query, "variables": vars})
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	var out Response
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("%s answered %d with a body that is not JSON: %s", url, res.StatusCode, raw)
	}
	out.Raw = raw
	return out
}

// Login signs in and returns the token, failing the test when the server refuses.
func Login(t testing.TB, url, user, password string) string {
	t.Helper()
	res := Post(t, url, "", `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { token } }`,
		map[string]any{"u": user, "p": password})
	var data struct{ Login struct{ Token string } }
	if err := json.Unmarshal(res.Data, &data); err != nil || data.Login.Token == "" {
		t.Fatalf("login %s: %s", user, res.Raw)
	}
	return data.Login.Token
}

// ItemCount is how many items the seeded user's watch list id holds now: the count of writes
// that really happened, read straight from the server.
func ItemCount(t testing.TB, url, listID string) int {
	t.Helper()
	res := Post(t, url, Login(t, url, User, Password), `query($id: ID!) { watchList(id: $id) { itemCount } }`,
		map[string]any{"id": listID})
	var data struct{ WatchList struct{ ItemCount int } }
	if err := json.Unmarshal(res.Data, &data); err != nil || len(res.Errors) > 0 {
		t.Fatalf("watchList %s: %s", listID, res.Raw)
	}
	return data.WatchList.ItemCount
}
