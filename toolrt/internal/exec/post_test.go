package exec

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
)

// TestConcurrentCallsReuseConnections: the default client kept 2 idle connections to the API,
// so a server with 10 calls in flight closed most connections after each answer and dialled
// new ones: 20 rounds of 10 calls opened 162. Now they reuse at most 10.
func TestConcurrentCallsReuseConnections(t *testing.T) {
	var opened atomic.Int64
	var release atomic.Pointer[chan struct{}] // this round's
	var arrived sync.WaitGroup
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		arrived.Done()
		<-*release.Load() // every call of a round is in flight at once
		_, _ = w.Write([]byte(`{"data":{"ok":true}}`))
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			opened.Add(1)
		}
	}
	srv.Start()
	t.Cleanup(srv.Close)
	client := NewHTTPClient()
	const inFlight, rounds = 10, 20
	for range rounds {
		round := make(chan struct{})
		release.Store(&round)
		var done sync.WaitGroup
		arrived.Add(inFlight)
		for range inFlight {
			done.Go(func() {
				if status, _, err := Post(context.Background(), client, srv.URL, []byte(`{}`), "", Headers{}); err != nil || status != http.StatusOK {
					t.Errorf("post: %d %v", status, err)
				}
			})
		}
		arrived.Wait()
		close(round)
		done.Wait()
	}
	if n := opened.Load(); n > inFlight {
		t.Errorf("%d rounds of %d calls at once opened %d connections to the API, want at most %d", rounds, inFlight, n, inFlight)
	}
}

// TestSecretsFollowTheToken: the redaction Set is kept between calls, so a new token or
// password must build a new one that finds it.
func TestSecretsFollowTheToken(t *testing.T) {
	password := "first-password"
	c := &Client{Password: func() string { return password }}
	for _, tc := range []struct{ token, pw string }{
		{"token-one-abcdef", "first-password"},
		{"token-one-abcdef", "first-password"}, // the kept Set
		{"token-two-ghijkl", "first-password"},
		{"token-two-ghijkl", "second-password"},
	} {
		password = tc.pw
		got := c.secrets([]string{tc.token}).String("t=" + tc.token + " p=" + tc.pw)
		if got != "t=[token] p=[password]" {
			t.Errorf("token %s, password %s: %s", tc.token, tc.pw, got)
		}
	}
}
