package mcpserve

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// /healthz answers while the process serves; /readyz names each check and is 503 while one
// fails (a store that does not answer), reusing one answer for a second.
func TestProbes(t *testing.T) {
	f := newFixture(t)
	var storeDown atomic.Bool
	var pings atomic.Int64
	store := func(context.Context) error {
		pings.Add(1)
		if storeDown.Load() {
			return errors.New("connection refused")
		}
		return nil
	}
	s, err := New(Config{Runtime: f.rt, Checks: []Check{{Name: "store", Ready: store}}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	get := func(path string) (int, string) {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, strings.TrimSpace(string(body))
	}
	if code, body := get("/healthz"); code != 200 || body != `{"status":"ok"}` {
		t.Errorf("/healthz: %d %s", code, body)
	}
	if code, body := get("/readyz"); code != 200 || body != `{"ready":true,"checks":{"api":"ok","store":"ok"}}` {
		t.Errorf("/readyz: %d %s", code, body)
	}
	get("/readyz")
	if n := pings.Load(); n != 1 {
		t.Errorf("two probes within a second pinged the store %d times, want 1", n)
	}
	storeDown.Store(true)
	s.ready.mu.Lock()
	s.ready.body = nil // the next probe checks again
	s.ready.mu.Unlock()
	if code, body := get("/readyz"); code != 503 || body != `{"ready":false,"checks":{"api":"ok","store":"unavailable"}}` {
		t.Errorf("/readyz with the store down: %d %s", code, body)
	}
}
