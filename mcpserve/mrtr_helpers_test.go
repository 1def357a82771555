package mcpserve

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/toolrt/gate"
)

// The protocol versions the elicit tests run under: the multi-round-trip one, where the client
// retries the call itself, and the newest older one, where the SDK's server middleware
// elicits and re-invokes the handler.
const (
	modern = "2026-07-28"
	legacy = "2025-11-25"
)

// clientOpts configures connectWith.
type clientOpts struct {
	version string    // protocol version the client asks for; "" is the SDK's newest
	e       *elicitor // nil declares no elicitation
	manual  bool      // turn off the client's multi-round-trip middleware: the test retries
}

// connectWith opens an in-process session like connect, with a chosen protocol version, and
// checks the version negotiated.
func connectWith(t *testing.T, s *Server, o clientOpts) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ss.Close() })
	opts := &mcp.ClientOptions{MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: o.manual}}
	if o.e != nil {
		opts.ElicitationHandler = o.e.handle
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, opts).
		Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: o.version})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	if want := o.version; want != "" && cs.InitializeResult().ProtocolVersion != want {
		t.Fatalf("negotiated %q, want %q", cs.InitializeResult().ProtocolVersion, want)
	}
	return cs
}

// callRaw sends one tools/call as given and returns the whole result.
func callRaw(t *testing.T, cs *mcp.ClientSession, p *mcp.CallToolParams) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(bounded(t), p)
	if err != nil {
		t.Fatalf("%s: %v", p.Name, err)
	}
	return res
}

// retry is a tools/call carrying an answer and a request state.
func retry(args, state, action string) *mcp.CallToolParams {
	p := &mcp.CallToolParams{Name: "addWatchListItem", Arguments: json.RawMessage(args), RequestState: state}
	if action != "" {
		p.InputResponses = mcp.InputResponseMap{approvalKey: &mcp.ElicitResult{Action: action}}
	}
	return p
}

// text joins a result's text content.
func text(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// askFor makes the first invocation of a write with the client's retries turned off and
// returns the request state of its input request, checking the request on the way.
func askFor(t *testing.T, cs *mcp.ClientSession, args string) string {
	t.Helper()
	res := callRaw(t, cs, &mcp.CallToolParams{Name: "addWatchListItem", Arguments: json.RawMessage(args)})
	if !res.NeedsInput() || res.RequestState == "" || len(res.Content) != 0 || len(res.InputRequests) != 1 {
		t.Fatalf("first invocation of a write: needsInput %v, state %q, %d contents, %d requests",
			res.NeedsInput(), res.RequestState, len(res.Content), len(res.InputRequests))
	}
	ep, ok := res.InputRequests[approvalKey].(*mcp.ElicitParams)
	if !ok || !strings.Contains(ep.Message, "mutation Tool_addWatchListItem($input: AddWatchListItemInput!)") ||
		!strings.Contains(ep.Message, `"titleId":"42"`) || !strings.Contains(ep.Message, "sha256 ") {
		t.Fatalf("input request does not show the exact write: %#v", res.InputRequests[approvalKey])
	}
	return res.RequestState
}

// pendingStates lists the request states waiting in every session of s; tests use it to play
// a client that learned a state it should not replay.
func pendingStates(s *Server) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, st := range s.sessions {
		st.pending.mu.Lock()
		for id := range st.pending.calls {
			out = append(out, id)
		}
		st.pending.mu.Unlock()
	}
	return out
}

// wantDenied fails unless res is the denial of an unsent write.
func wantDenied(t *testing.T, what string, res *mcp.CallToolResult, want string) {
	t.Helper()
	if !res.IsError || text(res) != want || res.NeedsInput() {
		t.Fatalf("%s: isError %v, needsInput %v, %s", what, res.IsError, res.NeedsInput(), text(res))
	}
}

// approve is an accept decision.
func approve() gate.Decision { return gate.Decision{Approved: true} }
