package mcpserve

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
	"github.com/toolgen/toolgen/toolrt/gate"
)

// replicas are two stateless servers on loopback with their own runtimes over one API,
// sharing nothing but the catalog and the request-state key; one client's requests alternate
// between them.
type replicas struct {
	f      *fixture
	urls   [2]string
	served [2]atomic.Int64
	sent   atomic.Int64
	audit  *syncBuffer
}

func startReplicas(t *testing.T) *replicas {
	t.Helper()
	key := bytes.Repeat([]byte{7}, MinStateKeyBytes)
	r := &replicas{audit: &syncBuffer{}}
	r.f = newFixture(t)
	for i := range 2 {
		rt := roleRuntime(t, r.f.endpoint, "concierge", audit.New(r.audit, false))
		s, err := New(Config{Runtime: rt, Approve: Elicit, Limits: budget.Defaults(), Stateless: true, StateKey: key})
		if err != nil {
			t.Fatal(err)
		}
		r.urls[i] = serveHTTP(t, s)
	}
	return r
}

// client connects with the SDK's client; its requests go to replica 0, 1, 0, 1, …
func (r *replicas) client(t *testing.T, e *elicitor) *mcp.ClientSession {
	t.Helper()
	alternate := &httpClientAlternating{r: r}
	opts := &mcp.ClientOptions{}
	if e != nil {
		opts.ElicitationHandler = e.handle
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, opts).Connect(bounded(t),
		&mcp.StreamableClientTransport{Endpoint: r.urls[0], HTTPClient: alternate.client()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

type httpClientAlternating struct{ r *replicas }

func (a *httpClientAlternating) client() *httpClient {
	return &httpClient{Transport: roundTrip(func(req *httpRequest) (*httpResponse, error) {
		i := a.r.sent.Add(1) % 2
		req = req.Clone(req.Context())
		req.URL.Host = strings.TrimPrefix(a.r.urls[i], "http://")
		req.Host = req.URL.Host
		a.r.served[i].Add(1)
		return defaultTransport.RoundTrip(req)
	})}
}

func TestStatelessReplicasAnswerAnyRequest(t *testing.T) {
	t.Parallel()
	r := startReplicas(t)
	before := r.f.itemCount(t)
	e := &elicitor{answers: []string{"decline", "accept"}}
	cs := r.client(t, e)
	if v := cs.InitializeResult(); v != nil && v.ProtocolVersion != "" && v.ProtocolVersion != modern {
		t.Errorf("negotiated %s, want %s", v.ProtocolVersion, modern)
	}
	for range 3 {
		if text, isErr := call(t, cs, "movie", `{"id":"42"}`); isErr || !strings.Contains(text, "The Matrix") {
			t.Fatalf("movie: %v %s", isErr, text)
		}
	}
	if text, isErr := call(t, cs, "addWatchListItem", addMatrix); !isErr || text != gate.DeniedResult {
		t.Fatalf("declined write: %v %s", isErr, text)
	}
	if text, isErr := call(t, cs, "addWatchListItem", note("replicas")); isErr || !strings.Contains(text, `"id":"5"`) {
		t.Fatalf("accepted write asked on one replica, answered on the other: %v %s", isErr, text)
	}
	if got := r.f.itemCount(t); got != before+1 {
		t.Fatalf("items %d, want %d: the accepted write exactly once", got, before+1)
	}
	if len(e.asked()) != 2 || r.served[0].Load() < 3 || r.served[1].Load() < 3 {
		t.Fatalf("asked %d times; replicas served %d and %d requests", len(e.asked()), r.served[0].Load(), r.served[1].Load())
	}
	if n := strings.Count(r.audit.String(), `"tool":"addWatchListItem","decision":"approved","outcome":"ok"`); n != 1 {
		t.Errorf("%d approved records, want 1:\n%s", n, r.audit.String())
	}
}

// TestStatelessStateIsVerified: a retry whose state was forged, used already, issued for other
// arguments or signed with another key sends nothing.
func TestStatelessStateIsVerified(t *testing.T) {
	t.Parallel()
	r := startReplicas(t)
	before := r.f.itemCount(t)
	cs := r.manualClient(t)
	first := callRaw(t, cs, &mcp.CallToolParams{Name: "addWatchListItem", Arguments: json.RawMessage(addMatrix)})
	state := first.RequestState
	if state == "" || len(first.InputRequests) != 1 {
		t.Fatalf("no input request: %+v", first)
	}
	accept := mcp.InputResponseMap{approvalKey: &mcp.ElicitResult{Action: "accept"}}
	retry := func(args, st string) *mcp.CallToolResult {
		return callRaw(t, cs, &mcp.CallToolParams{Name: "addWatchListItem", Arguments: json.RawMessage(args), RequestState: st, InputResponses: accept})
	}
	payload, sig, _ := strings.Cut(state, ".")
	forged := payload[:len(payload)-2] + "xx." + sig
	for name, res := range map[string]*mcp.CallToolResult{
		"other arguments": retry(note("other"), state),
		"forged":          retry(addMatrix, forged),
		"no state":        retry(addMatrix, "x"),
	} {
		if !res.IsError || text(res) != gate.DeniedResult {
			t.Errorf("%s: %s", name, text(res))
		}
	}
	if r.f.itemCount(t) != before {
		t.Fatal("a bad retry sent the write")
	}
}

func (r *replicas) manualClient(t *testing.T) *mcp.ClientSession {
	t.Helper()
	alternate := &httpClientAlternating{r: r}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, &mcp.ClientOptions{
		ElicitationHandler: (&elicitor{}).handle, MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: true},
	}).Connect(bounded(t), &mcp.StreamableClientTransport{Endpoint: r.urls[0], HTTPClient: alternate.client()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

type (
	httpClient   = http.Client
	httpRequest  = http.Request
	httpResponse = http.Response
)

var defaultTransport = http.DefaultTransport
