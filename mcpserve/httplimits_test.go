package mcpserve

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/toolrt/budget"
)

// serveHTTP serves s on loopback until the test ends and returns its URL.
func serveHTTP(t *testing.T, s *Server) string {
	t.Helper()
	ln, err := Listen("127.0.0.1:0", false)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.ServeHTTP(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		_ = waitErr(t, served)
	})
	return "http://" + ln.Addr().String()
}

// TestSessionsAreCappedPerClient: a client could open sessions without end (3,000 were
// accepted), each with a fresh budget. With the defaults, the client's
// DefaultMaxSessionsPerClient+1st session is refused with 429, and closing one frees a place.
func TestSessionsAreCappedPerClient(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	url := serveHTTP(t, f.server(t, Deny, budget.Defaults()))
	var open []*mcp.ClientSession
	for range DefaultMaxSessionsPerClient {
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).
			Connect(bounded(t), &mcp.StreamableClientTransport{Endpoint: url}, nil)
		if err != nil {
			t.Fatal(err)
		}
		open = append(open, cs)
	}
	res := post(t, url, "")
	if res.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("session %d of one client: status %d, want 429", DefaultMaxSessionsPerClient+1, res.StatusCode)
	}
	_ = open[0].Close() // DELETE ends the session
	if res := post(t, url, ""); res.StatusCode != http.StatusOK {
		t.Fatalf("after closing one: status %d, want 200", res.StatusCode)
	}
	for _, cs := range open[1:] {
		_ = cs.Close()
	}
}

func TestSessionsAreCappedServerWide(t *testing.T) {
	t.Parallel()
	o := startOAuth(t, func(c *Config) { c.HTTP = HTTPLimits{MaxSessions: 2} })
	for i, who := range []string{"a", "b", "c"} {
		res := post(t, o.url, "Bearer "+o.token(t, who, "support"))
		if want := map[bool]int{true: http.StatusServiceUnavailable, false: http.StatusOK}[i == 2]; res.StatusCode != want {
			t.Fatalf("caller %s, session %d of the server: status %d, want %d", who, i+1, res.StatusCode, want)
		}
	}
}

// TestSlowBodyIsCutOff: a client sending its body a byte at a time held its connection as
// long as it liked (400 connections still open after 40 s). Now the body must arrive within
// BodyTimeout or the connection is closed.
func TestSlowBodyIsCutOff(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	s, err := New(Config{Runtime: f.rt, HTTP: HTTPLimits{BodyTimeout: 300 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	url := serveHTTP(t, s)
	conn, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST / HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: %d\r\n\r\n%s",
		strings.TrimPrefix(url, "http://"), len(initialize), initialize[:10])
	start := time.Now()
	_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	r := bufio.NewReader(conn)
	for {
		if _, err := r.ReadString('\n'); err != nil {
			if ne, ok := err.(net.Error); ok && ne.Timeout() {
				t.Fatalf("the connection with a stalled body is still open after %v", time.Since(start).Round(time.Second))
			}
			break // the server answered and closed
		}
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Fatalf("the stalled body was cut after %v, want about 300ms", d)
	}
}

// TestSlowToolCallIsNotCutByTheBodyDeadline: the deadline ends with the body, so a call that
// takes longer than BodyTimeout still gets its answer.
func TestSlowToolCallIsNotCutByTheBodyDeadline(t *testing.T) {
	t.Parallel()
	slow := func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			time.Sleep(600 * time.Millisecond)
			h.ServeHTTP(w, r)
		})
	}
	f := newAuditedFixture(t, nil, slow)
	s, err := New(Config{Runtime: f.rt, Limits: budget.Defaults(), HTTP: HTTPLimits{BodyTimeout: 200 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).
		Connect(bounded(t), &mcp.StreamableClientTransport{Endpoint: serveHTTP(t, s)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if text, isErr := call(t, cs, "movie", `{"id":"42"}`); isErr || !strings.Contains(text, "The Matrix") {
		t.Fatalf("a call slower than the body deadline: %v %s", isErr, text)
	}
}
