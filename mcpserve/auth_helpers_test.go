package mcpserve

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"net"
	"net/http"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/internal/moviedb"
	"github.com/toolgen/toolgen/mcpserve/oauth"
	"github.com/toolgen/toolgen/mcpserve/oauth/oauthtest"
	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
)

// oauthServer is `agent mcp -http` with OAuth on loopback: a demo API, an issuer serving its
// key set, one runtime per role, and the audit trail in memory.
type oauthServer struct {
	url    string // the MCP endpoint, also the tokens' audience
	iss    *oauthtest.Issuer
	audit  *syncBuffer
	demo   string
	header chan string // Authorization headers the demo API received, when recorded
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startOAuth serves both of the demo catalog's roles to authenticated callers; edit changes
// the configuration before the server is built.
func startOAuth(t *testing.T, edit func(*Config)) *oauthServer {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	o := &oauthServer{iss: oauthtest.New(t), audit: &syncBuffer{}, header: make(chan string, 64)}
	record := func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			select {
			case o.header <- r.Header.Get("Authorization"):
			default:
			}
			h.ServeHTTP(w, r)
		})
	}
	f := newAuditedFixture(t, audit.New(o.audit, false), record)
	o.demo = f.endpoint
	support := roleRuntime(t, f.endpoint, "support", audit.New(o.audit, false))
	ln, err := Listen("127.0.0.1:0", false)
	if err != nil {
		t.Fatal(err)
	}
	o.url = "http://" + ln.Addr().String() + "/"
	v, err := oauth.New(ctx, oauth.Config{JWKS: o.iss.JWKS, Issuer: o.iss.URL, Audience: o.url})
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{
		Runtime: f.rt, Runtimes: []*toolrt.Runtime{support}, Limits: budget.Defaults(),
		Auth: &Auth{Verifier: v, Issuer: o.iss.URL, Resource: o.url},
	}
	if edit != nil {
		edit(&cfg)
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- s.ServeHTTP(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		_ = waitErr(t, served)
	})
	return o
}

// roleRuntime is a runtime of role over the demo API, logged in as the demo user.
func roleRuntime(t *testing.T, endpoint, role string, log *audit.Log) *toolrt.Runtime {
	t.Helper()
	cat, err := toolrt.Load(generated.CatalogJSON)
	if err != nil {
		t.Fatal(err)
	}
	rt, err := toolrt.New(cat, toolrt.Config{
		Endpoint: endpoint, Role: role, User: testUser, LoginDocument: moviedb.LoginDocument,
		Password: func() string { return testPassword }, Audit: log,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := rt.Login(context.Background()); err != nil {
		t.Fatal(err)
	}
	return rt
}

// token signs a valid token for subject holding roles.
func (o *oauthServer) token(t *testing.T, subject string, roles ...string) string {
	return o.iss.Sign(t, o.iss.Valid(o.url, subject, roles...))
}

// connect opens an MCP session over HTTP sending token as the bearer.
func (o *oauthServer) connect(t *testing.T, token string) (*mcp.ClientSession, error) {
	t.Helper()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(bounded(t),
		&mcp.StreamableClientTransport{Endpoint: o.url, HTTPClient: bearerClient(token)}, nil)
	if err == nil {
		t.Cleanup(func() { _ = cs.Close() })
	}
	return cs, err
}

// ownTransport is the tests' own: a parallel test's httptest.Server.Close closes
// http.DefaultTransport's idle connections, and one being reused that moment failed a connect
// ("CloseIdleConnections called").
var ownTransport = http.DefaultTransport.(*http.Transport).Clone()

// bearerClient sends every request with the token.
func bearerClient(token string) *http.Client {
	return &http.Client{Transport: roundTrip(func(r *http.Request) (*http.Response, error) {
		r = r.Clone(r.Context())
		r.Header.Set("Authorization", "Bearer "+token)
		return ownTransport.RoundTrip(r)
	})}
}

type roundTrip func(*http.Request) (*http.Response, error)

func (f roundTrip) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// hostOf is the host:port of an http URL.
func hostOf(t *testing.T, u string) string {
	t.Helper()
	host, port, err := net.SplitHostPort(u[len("http://") : len(u)-1])
	if err != nil {
		t.Fatal(err)
	}
	return net.JoinHostPort(host, port)
}

// unsignedToken is claims under alg none, written by hand as no library makes one.
func unsignedToken(t *testing.T, c oauthtest.Claims) string {
	t.Helper()
	payload, err := json.Marshal(c.Claims)
	if err != nil {
		t.Fatal(err)
	}
	enc := base64.RawURLEncoding.EncodeToString
	return enc([]byte(`{"alg":"none","typ":"JWT","kid":"k1"}`)) + "." + enc(payload) + "."
}

func mustKey(t *testing.T) *ecdsa.PrivateKey {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return k
}
