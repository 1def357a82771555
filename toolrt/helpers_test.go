package toolrt

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/toolgen/toolgen/internal/moviedb"
	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
	"github.com/toolgen/toolgen/toolrt/gate"
)

// The demo server's seeded account (docs/demo-data.md).
const (
	testUser     = moviedbtest.User
	testPassword = moviedbtest.Password
)

// recorder counts the requests a real loopback server sees, by operation name.
type recorder struct {
	mu     sync.Mutex
	byOp   map[string]int
	bySeq  map[string]int // tool requests per X-Test-Seq header, for the budget test
	tokens map[string]bool
}

func newRecorder() *recorder {
	return &recorder{byOp: map[string]int{}, bySeq: map[string]int{}, tokens: map[string]bool{}}
}

// operationName reads the request's operationName, leaving the body for the next handler.
func operationName(r *http.Request) string {
	body, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	var req struct {
		OperationName string `json:"operationName"`
	}
	_ = json.Unmarshal(body, &req)
	return req.OperationName
}

func (rec *recorder) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req := struct{ OperationName string }{operationName(r)}
		rec.mu.Lock()
		rec.byOp[req.OperationName]++
		if len(req.OperationName) > 5 && req.OperationName[:5] == "Tool_" {
			rec.bySeq[r.Header.Get("X-Test-Seq")]++
		}
		if a := r.Header.Get("Authorization"); len(a) > 7 {
			rec.tokens[a[7:]] = true
		}
		rec.mu.Unlock()
		next.ServeHTTP(w, r)
	})
}

func (rec *recorder) count(op string) int {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return rec.byOp[op]
}

// toolRequests counts every request that was not a login.
func (rec *recorder) toolRequests() int {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	n := 0
	for op, c := range rec.byOp {
		if op != "Login" {
			n += c
		}
	}
	return n
}

func (rec *recorder) seqCount(seq string) int {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return rec.bySeq[seq]
}

func (rec *recorder) seenTokens() []string {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	var out []string
	for t := range rec.tokens {
		out = append(out, t)
	}
	return out
}

// startMovieDB serves a fresh demo server on loopback behind extra middleware (outermost
// first), all behind the recorder, so it sees every request that reaches the machine.
func startMovieDB(t testing.TB, extra ...func(http.Handler) http.Handler) (string, *recorder) {
	t.Helper()
	rec := newRecorder()
	srv := moviedbtest.Start(t, append([]func(http.Handler) http.Handler{rec.wrap}, extra...)...)
	return srv.URL, rec
}

func newTextLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, nil))
}

// testCatalog is the repository example's generated catalog (go generate keeps it fresh), so
// that no hand-kept copy of the format can drift from what toolgen writes.
func testCatalog(t testing.TB) *Catalog {
	t.Helper()
	cat, err := Load(nil, FromFile("../generated/catalog.json"))
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// newRuntime builds a concierge runtime logged in as the demo user.
func newRuntime(t testing.TB, endpoint string, cfg Config) *Runtime {
	t.Helper()
	cfg.Endpoint = endpoint
	if cfg.Role == "" {
		cfg.Role = "concierge"
	}
	rt, err := New(testCatalog(t), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := rt.Login(context.Background()); err != nil {
		t.Fatal(err)
	}
	return rt
}

func asUser(cfg Config) Config {
	cfg.User = testUser
	cfg.LoginDocument = moviedb.LoginDocument
	cfg.Password = func() string { return testPassword }
	return cfg
}

// scripted answers approvals from a list, in order, and counts the questions.
type scripted struct {
	mu      sync.Mutex
	answers []string
	asked   atomic.Int32
	seen    []gate.Request
}

func (s *scripted) Approve(_ context.Context, req gate.Request) (gate.Decision, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := int(s.asked.Add(1)) - 1
	s.seen = append(s.seen, req)
	answer := ""
	if n < len(s.answers) {
		answer = s.answers[n]
	}
	return gate.ParseAnswer(answer), nil
}

// postQuery sends a query straight to the server, as a test's own eyes on its state.
func postQuery(t testing.TB, endpoint, token, query string) string {
	t.Helper()
	return string(moviedbtest.Post(t, endpoint, token, query, nil).Raw)
}
