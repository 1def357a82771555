package toolrt

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolgen/toolgen/toolrt/internal/exec"
)

// startRaw serves h on loopback, behind a recorder, with no demo server.
func startRaw(t *testing.T, h http.HandlerFunc) (string, *recorder) {
	rec := newRecorder()
	srv := httptest.NewServer(rec.wrap(h))
	t.Cleanup(srv.Close)
	return srv.URL + "/graphql", rec
}

func TestSlowBodyHitsTheDeadline(t *testing.T) {
	t.Parallel() // waits out two deadlines: other tests run meanwhile
	release := make(chan struct{})
	defer close(release)
	endpoint, rec := startRaw(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		w.(http.Flusher).Flush() // headers arrive at once; the body dribbles
		for _, b := range []byte(`{"data":{"movie":null}}`) {
			select {
			case <-release:
				return
			case <-time.After(250 * time.Millisecond): // the whole body would take almost 6 s
			}
			_, _ = w.Write([]byte{b})
			w.(http.Flusher).Flush()
		}
	})
	// 300 ms: under -race on a busy machine a shorter deadline can pass before the write even
	// reaches the server (a CI failure at 100 ms). The two calls wait out their deadlines side
	// by side, each with its own runtime and log.
	t.Run("calls", func(t *testing.T) {
		for _, tc := range []struct{ tool, args, outcome, says string }{
			{"movie", `{"id":"1"}`, "failed", "the API did not answer in time; it may be busy: try again in a moment"},
			{"addWatchListItem", addMatrix, "unknown", "the outcome of this write is unknown"},
		} {
			t.Run(tc.tool, func(t *testing.T) {
				t.Parallel()
				var log strings.Builder
				rt := newRuntime(t, endpoint, Config{Timeout: 300 * time.Millisecond, Logger: newTextLogger(&log)})
				start := time.Now()
				res, err := rt.Direct(context.Background(), tc.tool, []byte(tc.args))
				if took := time.Since(start); took > 4*time.Second {
					t.Errorf("%s took %v: the deadline did not cover the body", tc.tool, took)
				}
				if err != nil || res.Outcome != tc.outcome || !strings.Contains(res.Text, tc.says) || res.Ref == "" {
					t.Errorf("%s: %+v, %v", tc.tool, res, err)
				}
				if !strings.Contains(log.String(), res.Ref) {
					t.Errorf("reference %s is not in the log", res.Ref)
				}
			})
		}
	})
	if n := rec.count("Tool_addWatchListItem"); n != 1 {
		t.Errorf("write sent %d times, want once (never retried)", n)
	}
}

func TestOversizedResponseIsCapped(t *testing.T) {
	t.Parallel()
	endpoint, _ := startRaw(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"data":{"movie":{"title":"` + strings.Repeat("x", exec.MaxResponseBytes) + `"}}}`))
	})
	rt := newRuntime(t, endpoint, Config{})
	res, err := rt.Direct(context.Background(), "movie", []byte(`{"id":"1"}`))
	if err != nil || res.Outcome != "too_large" || !res.IsError || strings.Contains(res.Text, "xxx") {
		t.Errorf("oversized response: outcome %q isError %v text %.200q, %v", res.Outcome, res.IsError, res.Text, err)
	}
}

func TestLongResultIsBoundedForTheModel(t *testing.T) {
	t.Parallel()
	endpoint, _ := startRaw(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(`{"data":{"movie":{"title":"` + strings.Repeat("日", 40000) + `"}}}`))
	})
	rt := newRuntime(t, endpoint, Config{})
	res, err := rt.Direct(context.Background(), "movie", []byte(`{"id":"1"}`))
	if err != nil || res.IsError {
		t.Fatalf("%+v, %v", res, err)
	}
	if n := len([]rune(res.Text)); n > exec.MaxModelChars || !strings.Contains(res.Text, "[truncated: the result was 40031 characters") {
		t.Errorf("result has %d characters; tail %q", n, res.Text[len(res.Text)-120:])
	}
}

func TestServerErrorOnWriteIsUnknownAndNotRetried(t *testing.T) {
	t.Parallel()
	endpoint, rec := startRaw(t, func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "database on fire at 10.0.0.7", http.StatusBadGateway)
	})
	rt := newRuntime(t, endpoint, Config{})
	res, err := rt.Direct(context.Background(), "addWatchListItem", []byte(addMatrix))
	if err != nil || res.Outcome != "unknown" || strings.Contains(res.Text, "10.0.0.7") {
		t.Errorf("5xx write: %+v, %v", res, err)
	}
	if n := rec.count("Tool_addWatchListItem"); n != 1 {
		t.Errorf("write sent %d times, want 1", n)
	}
}

// unauthorizedOnce answers HTTP 401 to the first n tool requests, then lets the server answer.
func unauthorizedOnce(n int32) func(http.Handler) http.Handler {
	var left atomic.Int32
	left.Store(n)
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Header.Get("Authorization") != "" && left.Add(-1) >= 0 {
				http.Error(w, "token expired", http.StatusUnauthorized)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

func TestUnauthorizedCausesOneReloginAndOneRetry(t *testing.T) {
	t.Parallel()
	endpoint, rec := startMovieDB(t, unauthorizedOnce(1))
	rt := newRuntime(t, endpoint, asUser(Config{}))
	run := rt.NewRun(nil, &scripted{answers: []string{"y"}})
	res, err := run.Call(context.Background(), "addWatchListItem", []byte(addMatrix))
	if err != nil || !strings.Contains(res.Text, `"id":"5"`) {
		t.Fatalf("%+v, %v", res, err)
	}
	if l, w := rec.count("Login"), rec.count("Tool_addWatchListItem"); l != 2 || w != 2 {
		t.Errorf("logins %d, write requests %d; want 2 and 2", l, w)
	}
}

func TestSecondUnauthorizedEndsTheRun(t *testing.T) {
	t.Parallel()
	endpoint, rec := startMovieDB(t, unauthorizedOnce(2))
	rt := newRuntime(t, endpoint, asUser(Config{}))
	_, err := rt.Direct(context.Background(), "myWatchLists", nil)
	if !errors.Is(err, exec.ErrAuth) {
		t.Errorf("err = %v, want exec.ErrAuth", err)
	}
	if l := rec.count("Login"); l != 2 {
		t.Errorf("logins %d, want 2", l)
	}
}
