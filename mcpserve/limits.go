// This file bounds what one HTTP client can hold open: sessions, server-wide and per client
// (each session keeps a budget, a gate and its writes waiting for approval until it ends or
// idles out), and the time a request body may take to arrive, so a client trickling bytes
// cannot keep connections open without end.

package mcpserve

import (
	"bytes"
	"cmp"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
)

// Defaults of HTTPLimits.
const (
	// DefaultMaxSessions bounds the sessions of the whole server: enough for a team's hosts,
	// few enough that their budgets and pending writes stay small.
	DefaultMaxSessions = 256
	// DefaultMaxSessionsPerClient bounds one client's sessions: a host opens one or two; a
	// client opening session after session to reset its budget is stopped here.
	DefaultMaxSessionsPerClient = 16
	// DefaultBodyTimeout is how long a request body may take to arrive in full. A JSON-RPC
	// message is at most MaxMessageBytes; a client that cannot send it in this time is not
	// a client worth a connection.
	DefaultBodyTimeout = 10 * time.Second
)

// HTTPLimits bounds the HTTP transport. Zero fields take the defaults.
type HTTPLimits struct {
	MaxSessions          int // sessions open at once, server-wide
	MaxSessionsPerClient int // sessions open at once per client: its OAuth caller, else its IP address
	BodyTimeout          time.Duration
}

func (l HTTPLimits) withDefaults() HTTPLimits {
	l.MaxSessions = cmp.Or(l.MaxSessions, DefaultMaxSessions)
	l.MaxSessionsPerClient = cmp.Or(l.MaxSessionsPerClient, DefaultMaxSessionsPerClient)
	l.BodyTimeout = cmp.Or(l.BodyTimeout, DefaultBodyTimeout)
	return l
}

// bodyDeadline gives a request's body BodyTimeout to arrive, then lifts the deadline so a
// long tool call or event stream is not cut. A request without a body has nothing to wait for.
func bodyDeadline(h http.Handler, timeout time.Duration) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength != 0 && r.Body != nil && r.Body != http.NoBody {
			rc := http.NewResponseController(w)
			if rc.SetReadDeadline(time.Now().Add(timeout)) == nil {
				r.Body = &deadlineBody{ReadCloser: r.Body, rc: rc}
			}
		}
		h.ServeHTTP(w, r)
	})
}

// deadlineBody lifts the read deadline once the body has been read to its end.
type deadlineBody struct {
	io.ReadCloser
	rc   *http.ResponseController
	once sync.Once
}

func (b *deadlineBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err == io.EOF {
		b.once.Do(func() { _ = b.rc.SetReadDeadline(time.Time{}) })
	}
	return n, err
}

// sessionCap refuses a new session over either ceiling: 503 when the server is full, 429 when
// this client holds its share. It knows a session by the Mcp-Session-Id the SDK answers.
type sessionCap struct {
	s      *Server
	limits HTTPLimits
	mu     sync.Mutex
	owner  map[string]string // session id → client
	opens  map[string]int    // client → sessions being opened now
}

func newSessionCap(s *Server, l HTTPLimits) *sessionCap {
	return &sessionCap{s: s, limits: l, owner: map[string]string{}, opens: map[string]int{}}
}

// wrap applies the caps to h; requests within a session pass untouched.
func (c *sessionCap) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.Header.Get("Mcp-Session-Id") != "" || !opensSession(r) {
			h.ServeHTTP(w, r)
			return
		}
		client := clientOf(r)
		if code := c.reserve(client); code != 0 {
			w.Header().Set("Retry-After", strconv.Itoa(60))
			http.Error(w, c.refusal(code), code)
			return
		}
		defer func() { c.release(client, w.Header().Get("Mcp-Session-Id")) }() // the id the SDK answered
		h.ServeHTTP(w, r)
	})
}

// opensSession reports whether r is an initialize, the one request that opens a session. Only it
// holds a place while it runs: counting a client's server/discover (protocol 2026-07-28) too let
// one client hold two places under load, and ten clients under a cap of ten were refused.
// It reads the body (at most MaxMessageBytes, the SDK's own limit) and puts it back.
func opensSession(r *http.Request) bool {
	body, err := io.ReadAll(io.LimitReader(r.Body, MaxMessageBytes+1))
	r.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(body), r.Body), r.Body}
	if err != nil {
		return true // the SDK answers the broken body; counting it is the safe side
	}
	// Keys exactly as sent, as the SDK matches "method" (a struct field would also take
	// "Method", and with both the cap and the SDK read two different methods). No method, or
	// two, is counted: the safe side.
	var msg map[string]json.RawMessage
	if json.Unmarshal(body, &msg) != nil {
		return true // a batch or not JSON: count it
	}
	var method string
	return json.Unmarshal(msg["method"], &method) != nil || method == "initialize" || bytes.Count(body, []byte(`"method"`)) > 1
}

func (c *sessionCap) refusal(code int) string {
	if code == http.StatusTooManyRequests {
		return "too many sessions open for this client (" + strconv.Itoa(c.limits.MaxSessionsPerClient) + "): close one (DELETE) or reuse it"
	}
	return "this server has " + strconv.Itoa(c.limits.MaxSessions) + " sessions open, its most: try again later"
}

// reserve counts a session being opened by client, or returns the status refusing it.
func (c *sessionCap) reserve(client string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.pruneLocked()
	total, mine := len(c.owner), c.opens[client]
	for _, n := range c.opens {
		total += n
	}
	for _, o := range c.owner {
		if o == client {
			mine++
		}
	}
	switch {
	case mine >= c.limits.MaxSessionsPerClient:
		return http.StatusTooManyRequests
	case total >= c.limits.MaxSessions:
		return http.StatusServiceUnavailable
	}
	c.opens[client]++
	return 0
}

// release turns a reservation into the session the SDK opened, if it opened one.
func (c *sessionCap) release(client, id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.opens[client]--; c.opens[client] <= 0 {
		delete(c.opens, client)
	}
	if id != "" {
		c.owner[id] = client
	}
}

// pruneLocked forgets the sessions that ended (closed, or idle past the SDK's timeout).
func (c *sessionCap) pruneLocked() {
	live := map[string]bool{}
	for _, srv := range c.s.byRole {
		for ss := range srv.Sessions() {
			live[ss.ID()] = true
		}
	}
	for id := range c.owner {
		if !live[id] {
			delete(c.owner, id)
		}
	}
}

// clientOf names the client a session counts against: the authenticated caller, else the
// address it connects from (all clients behind one proxy share it: authenticate them).
func clientOf(r *http.Request) string {
	if ti := auth.TokenInfoFromContext(r.Context()); ti != nil {
		if c, _ := ti.Extra[callerKey].(*caller); c != nil {
			return "caller " + c.id
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return "ip " + host
}
