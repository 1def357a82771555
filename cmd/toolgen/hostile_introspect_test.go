package main

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestIntrospectRedirectIsNotFollowed: a server answering toolgen introspect with a redirect to
// another (loopback) host gets no request there, whatever the status, so the -header sent to
// the host named goes nowhere else; the error names where it pointed.
func TestIntrospectRedirectIsNotFollowed(t *testing.T) {
	t.Parallel()
	var reached atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { reached.Add(1) }))
	defer other.Close()
	for _, status := range []int{301, 302, 303, 307, 308} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, other.URL+"/graphql", status)
		}))
		code, _, stderr := toolgen(t, "introspect", "-header", "X-Api-Key: k1", srv.URL+"/graphql")
		srv.Close()
		if code != 1 || !strings.Contains(stderr, "does not follow redirects") || !strings.Contains(stderr, other.URL) {
			t.Errorf("HTTP %d: exit %d, want 1 naming the redirect's target\n%s", status, code, stderr)
		}
	}
	if n := reached.Load(); n != 0 {
		t.Errorf("the redirect's target got %d requests", n)
	}
}

// TestIntrospectSlowDripTimesOut: a server that sends its headers and then a byte every 50 ms,
// forever, to the probe or only to the full query, is cut off by -timeout, which bounds the
// whole exchange, body included.
func TestIntrospectSlowDripTimesOut(t *testing.T) {
	t.Parallel()
	for name, dripProbe := range map[string]bool{"probe": true, "full query": false} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				body, _ := io.ReadAll(r.Body)
				if !dripProbe && strings.Contains(string(body), "ToolgenProbe") {
					http.Error(w, `{"errors":[{"message":"no probe here"}]}`, http.StatusBadRequest)
					return
				}
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusOK)
				fmt.Fprint(w, `{"data":{"__schema":{"description":"`)
				for {
					w.(http.Flusher).Flush()
					select {
					case <-r.Context().Done():
						return
					case <-time.After(50 * time.Millisecond):
					}
					if _, err := w.Write([]byte("a")); err != nil {
						return
					}
				}
			}))
			defer srv.Close()
			start := time.Now()
			code, _, stderr := toolgen(t, "introspect", "-timeout", "1s", srv.URL+"/graphql")
			if took := time.Since(start); took > 3*time.Second {
				t.Errorf("took %v with -timeout 1s", took)
			}
			if code != 1 || !strings.Contains(stderr, "within") {
				t.Errorf("exit %d, want 1 saying it got no answer in time\n%s", code, stderr)
			}
		})
	}
}
