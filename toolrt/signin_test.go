package toolrt

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/toolgen/toolgen/toolrt/budget"
)

// TestSignInOnFirstUse: a runtime whose user could not sign in at start (the API answered 503)
// signs in on its first call. While the API is down, a call is a result saying so, nothing is
// sent and the run goes on; Ready reports it. Once the API is back, the next call signs in and
// runs, a write included, and Ready is nil. Before, a call sent the request without a token and
// a failed re-login ended the run (ErrAuth).
func TestSignInOnFirstUse(t *testing.T) {
	var down atomic.Bool
	down.Store(true)
	gateway := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if down.Load() {
				http.Error(w, "no upstream", http.StatusServiceUnavailable)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
	endpoint, rec := startMovieDB(t, gateway)
	rt, err := New(testCatalog(t), asUser(Config{Endpoint: endpoint, Role: "concierge"}))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := rt.Login(ctx); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("login while the API is down: %v, want ErrUnavailable", err)
	}
	if err := rt.Ready(ctx); !errors.Is(err, ErrUnavailable) {
		t.Errorf("Ready while the API is down: %v", err)
	}
	run := rt.NewRun(budget.New(budget.Limits{ToolCalls: 5}), nil)
	res, err := run.Call(ctx, "myWatchLists", []byte(`{}`))
	if err != nil || !res.IsError || res.Outcome != "not_sent" || !strings.Contains(res.Text, "the API is unavailable right now") {
		t.Fatalf("a call while the API is down: err %v, %+v", err, res)
	}
	if n := rec.count("Tool_myWatchLists"); n != 0 {
		t.Errorf("the call reached the API %d times without a sign-in", n)
	}

	down.Store(false)
	res, err = run.Call(ctx, "myWatchLists", []byte(`{}`))
	if err != nil || res.IsError || !strings.Contains(res.Text, "To watch this weekend") {
		t.Fatalf("the first call once the API is up: err %v, %+v", err, res)
	}
	if err := rt.Ready(ctx); err != nil {
		t.Errorf("Ready once signed in: %v", err)
	}
	if n := rec.count("Login"); n != 4 {
		t.Errorf("%d logins reached the API, want 4 (start, Ready and the call while down, the call after)", n)
	}
}
