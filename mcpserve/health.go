// This file answers a load balancer's probes on the HTTP transport: /healthz (the process
// serves HTTP) and /readyz (it can do its work: the API answers, with this server signed in to
// it, and every store it counts on answers). Neither needs a session or a bearer, and neither
// says more than ok or unavailable per check: the reasons go to the log.

package mcpserve

import (
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"time"
)

// Check is one dependency a server needs before it takes calls, for /readyz: a pending store,
// a shared ceiling's store. The API is always checked (toolrt.Runtime.Ready).
type Check struct {
	Name  string
	Ready func(context.Context) error
}

// readyFor is how long one /readyz answer is reused: probes from many balancers, or a flood,
// cost one round of checks (and at most one sign-in attempt) per second.
const readyFor = time.Second

// readyTimeout bounds one round of checks.
const readyTimeout = 3 * time.Second

// readiness caches the last round of checks.
type readiness struct {
	mu     sync.Mutex
	at     time.Time
	status int
	body   []byte
}

// withHealth serves the probes beside the MCP endpoint h.
func (s *Server) withHealth(h http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"status":"ok"}` + "\n"))
	})
	mux.HandleFunc("GET /readyz", s.readyz)
	mux.Handle("/", h)
	return mux
}

func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	status, body := s.readyState(r.Context())
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// readyState runs every check at once (or reuses an answer under a second old): 200 when all
// pass, else 503; the body names each check and says ok or unavailable.
func (s *Server) readyState(ctx context.Context) (int, []byte) {
	s.ready.mu.Lock()
	defer s.ready.mu.Unlock()
	if time.Since(s.ready.at) < readyFor && s.ready.body != nil {
		return s.ready.status, s.ready.body
	}
	checks := append([]Check{{Name: "api", Ready: s.cfg.Runtime.Ready}}, s.cfg.Checks...)
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), readyTimeout)
	defer cancel()
	results := make(map[string]string, len(checks))
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, c := range checks {
		wg.Go(func() {
			state := "ok"
			if err := c.Ready(ctx); err != nil {
				state = "unavailable"
				s.cfg.Logger.Warn("not ready", "check", c.Name, "err", err)
			}
			mu.Lock()
			results[c.Name] = state
			mu.Unlock()
		})
	}
	wg.Wait()
	ready := true
	for _, state := range results {
		ready = ready && state == "ok"
	}
	status := http.StatusOK
	if !ready {
		status = http.StatusServiceUnavailable
	}
	body, _ := json.Marshal(struct {
		Ready  bool              `json:"ready"`
		Checks map[string]string `json:"checks"`
	}{ready, results}) // map keys are marshalled sorted
	s.ready.at, s.ready.status, s.ready.body = time.Now(), status, append(body, '\n')
	return s.ready.status, s.ready.body
}
