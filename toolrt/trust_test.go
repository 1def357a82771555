package toolrt

import (
	"context"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
	"github.com/toolgen/toolgen/toolrt/internal/exec"
	"github.com/toolgen/toolgen/toolrt/toolrttest"
)

// TestPasswordEchoIsRedactedBeforeTheResultIsBounded: an API that puts the password (plain or
// escaped) where the 24,000-character cap cuts the model's text. Bounding first would hand the
// model the password's first characters.
func TestPasswordEchoIsRedactedBeforeTheResultIsBounded(t *testing.T) {
	t.Parallel() // its own servers and runtimes; overlaps the deadline tests' waits
	const prefix = `{"data":{"movie":{"title":"`
	keep := exec.MaxModelChars - 100 // what Bound keeps
	for _, escaped := range []bool{false, true} {
		var inside atomic.Int64 // how many of the password's characters fall inside the cut
		endpoint, _ := startMovieDB(t, func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.Header.Get("Authorization") == "" {
					next.ServeHTTP(w, r) // the login
					return
				}
				pw := testPassword
				if escaped {
					pw = toolrttest.EscapeAll(pw)
				}
				filler := strings.Repeat("x", keep-len(prefix)-int(inside.Load()))
				w.Header().Set("Content-Type", "application/json")
				_, _ = w.Write([]byte(prefix + filler + pw + `","plot":"` + strings.Repeat("y", 300) + `"}}}`))
			})
		})
		rt := newRuntime(t, endpoint, asUser(Config{})) // one server and login per encoding
		for n := 1; n < len(testPassword); n++ {
			inside.Store(int64(n))
			res, err := rt.Direct(context.Background(), "movie", []byte(`{"id":"42"}`))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(res.Text, "[truncated") {
				t.Fatalf("not cut: …%s", res.Text[len(res.Text)-80:])
			}
			for k := 3; k <= len(testPassword); k++ {
				if toolrttest.Leaks(res.Text, testPassword[:k]) {
					t.Errorf("escaped %v, %d inside the cut: %d characters of the password reach the model", escaped, n, k)
					break
				}
			}
		}
	}
}

// TestPlainHTTPToARemoteHostNeedsInsecureHTTP: with credentials, an http:// endpoint that is not
// loopback is refused by New; -insecure-http lets it run. The remote name is dialled to the
// loopback demo server, so the test never leaves this machine.
func TestPlainHTTPToARemoteHostNeedsInsecureHTTP(t *testing.T) {
	t.Parallel()
	endpoint, rec := startMovieDB(t)
	client := dialingTo(endpoint)
	remote := "http://api.example.test/graphql"
	for _, cfg := range []Config{asUser(Config{}), {Token: "issued"}} {
		cfg.Endpoint, cfg.HTTPClient, cfg.Role = remote, client, "concierge"
		if _, err := New(testCatalog(t), cfg); err == nil || !strings.Contains(err.Error(), "-insecure-http") {
			t.Errorf("user %q token %q: %v, want the refusal", cfg.User, cfg.Token, err)
		}
	}
	if _, err := New(testCatalog(t), Config{Endpoint: remote, HTTPClient: client}); err != nil {
		t.Errorf("anonymous: %v; without credentials there is nothing to leak", err)
	}
	if _, err := New(testCatalog(t), asUser(Config{Endpoint: "https://api.example.test/graphql"})); err != nil {
		t.Errorf("https: %v", err)
	}
	cfg := asUser(Config{Endpoint: remote, HTTPClient: client, Role: "concierge", InsecureHTTP: true})
	rt, err := New(testCatalog(t), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := rt.Login(context.Background()); err != nil {
		t.Fatal(err)
	}
	if res, err := rt.Direct(context.Background(), "movie", []byte(`{"id":"42"}`)); err != nil || !strings.Contains(res.Text, "The Matrix") {
		t.Errorf("with -insecure-http: %v %s", err, res.Text)
	}
	if len(rec.seenTokens()) == 0 {
		t.Error("the demo server saw no token")
	}
}

// TestForwardedTokenIsNotSentInClear: a server that forwards each caller's own token
// (WithCallerToken; `agent mcp -forward-token`) holds no login of its own, so New had nothing
// to protect and allowed a plain-http endpoint on another host; every caller's OAuth token then
// crossed the network in clear. The call must be refused unsent, unless InsecureHTTP says the
// network is trusted. The remote name is dialled to the loopback demo server.
func TestForwardedTokenIsNotSentInClear(t *testing.T) {
	t.Parallel()
	endpoint, rec := startMovieDB(t)
	client := dialingTo(endpoint)
	token := moviedbtest.Login(t, endpoint, testUser, testPassword)
	ctx := WithCallerToken(context.Background(), token)
	before := rec.toolRequests() // the login above
	for _, insecure := range []bool{false, true} {
		rt, err := New(testCatalog(t), Config{Endpoint: "http://api.example.test/graphql", HTTPClient: client, Role: "concierge", InsecureHTTP: insecure})
		if err != nil {
			t.Fatal(err)
		}
		res, err := rt.NewRun(nil, nil).Call(ctx, "movie", []byte(`{"id":"42"}`))
		if err != nil {
			t.Fatal(err)
		}
		sent := rec.toolRequests() > before
		switch {
		case !insecure && (sent || len(rec.seenTokens()) > 0):
			t.Fatalf("the caller's token went over plain http to a remote host: %s", res.Text)
		case !insecure && (!res.IsError || res.Outcome != "not_sent" || !strings.Contains(res.Text, "plain HTTP")):
			t.Errorf("refusal: %+v", res)
		case insecure && !strings.Contains(res.Text, "The Matrix"):
			t.Errorf("with InsecureHTTP the call should run: %s", res.Text)
		}
	}
	// Loopback and https stay allowed, as for a login.
	rt, err := New(testCatalog(t), Config{Endpoint: endpoint, Role: "concierge"})
	if err != nil {
		t.Fatal(err)
	}
	if res, _ := rt.NewRun(nil, nil).Call(ctx, "movie", []byte(`{"id":"42"}`)); !strings.Contains(res.Text, "The Matrix") {
		t.Errorf("loopback: %s", res.Text)
	}
}

// dialingTo is a client that dials every host to endpoint's loopback server, so a test can name
// a remote host and never leave this machine.
func dialingTo(endpoint string) *http.Client {
	local := strings.TrimPrefix(strings.TrimSuffix(endpoint, "/graphql"), "http://")
	return &http.Client{Transport: &http.Transport{
		DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			return (&net.Dialer{}).DialContext(ctx, network, local)
		},
	}}
}
