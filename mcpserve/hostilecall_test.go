package mcpserve

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
)

// TestHostileCallsOverHTTP: over streamable HTTP, a tools/call whose arguments are just over
// the 64 KiB cap, near or over the 1 MiB message cap or nested 990 to 100,000 deep, or that
// names a tool with control characters or a megabyte long, is refused cleanly: nothing reaches
// the API, each call a handler reads leaves one audit record of bounded size (the SDK refuses a
// body over 1 MiB with 413 and JSON over 1,000 deep with 400 before any handler: no tools/call
// to record), and the server goes on serving this session and another.
func TestHostileCallsOverHTTP(t *testing.T) {
	t.Parallel()
	var sent atomic.Int32
	var trail lockedBuf
	f := newAuditedFixture(t, audit.New(&trail, false), func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			sent.Add(1)
			h.ServeHTTP(w, r)
		})
	})
	url := serveHTTP(t, f.server(t, Deny, budget.Limits{ModelCalls: 1, ToolCalls: 100}))
	other, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).
		Connect(bounded(t), &mcp.StreamableClientTransport{Endpoint: url}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	sid := rawSession(t, url)
	records := func() []string {
		var out []string
		for _, l := range trail.lines() {
			if l != "" {
				out = append(out, l)
			}
		}
		return out
	}
	pad := func(n int) string { return `{"id":"` + strings.Repeat("7", n-len(`{"id":""}`)) + `"}` }
	sent.Store(0) // the login
	for _, c := range []struct {
		what, tool, args string
		audited          bool // false: the transport refuses the message before any handler reads it
	}{
		{"arguments one byte over 64 KiB", "movie", pad(64<<10 + 1), true},
		{"arguments of 1,000,000 bytes", "movie", pad(1_000_000), true},
		{"arguments over the message cap", "movie", pad(1 << 20), false},
		{"arrays 990 deep", "movie", `{"id":` + strings.Repeat("[", 990) + strings.Repeat("]", 990) + `}`, true},
		{"objects 990 deep", "movie", `{"id":"1","x":` + strings.Repeat(`{"a":`, 990) + "1" + strings.Repeat("}", 990) + `}`, true},
		{"arrays 10,000 deep", "movie", `{"id":` + strings.Repeat("[", 10_000) + strings.Repeat("]", 10_000) + `}`, false},
		{"objects 100,000 deep", "movie", `{"id":"1","x":` + strings.Repeat(`{"a":`, 100_000) + "1" + strings.Repeat("}", 100_000) + `}`, false},
		{"a name with control characters", "movie\x00\x1b[2K\r\nsearch", `{"id":"1"}`, true},
		{"a megabyte name", strings.Repeat("m", 1_000_000), `{"id":"1"}`, true},
	} {
		before := len(records())
		name, _ := json.Marshal(c.tool)
		status, body := rawPost(t, url, sid, `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":`+string(name)+`,"arguments":`+c.args+`}}`)
		if status == http.StatusOK && !strings.Contains(body, `"isError":true`) && !strings.Contains(body, `"error":{`) {
			t.Errorf("%s: ran: %.300s", c.what, body)
		}
		if n := sent.Swap(0); n != 0 {
			t.Errorf("%s: %d requests reached the API", c.what, n)
		}
		recs := records()[before:]
		if want := map[bool]int{true: 1, false: 0}[c.audited]; len(recs) != want {
			t.Errorf("%s (HTTP %d): %d audit records, want %d", c.what, status, len(recs), want)
		}
		for _, r := range recs {
			if len(r) > 2<<10 {
				t.Errorf("%s: an audit record of %d bytes: %.300s", c.what, len(r), r)
			}
		}
		// This session is served, and so is another.
		if _, body := rawPost(t, url, sid, `{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"movie","arguments":{"id":"42"}}}`); !strings.Contains(body, "The Matrix") {
			t.Fatalf("after %s: a plain call in the same session: %.300s", c.what, body)
		}
		if res, err := other.CallTool(bounded(t), &mcp.CallToolParams{Name: "movie", Arguments: json.RawMessage(`{"id":"42"}`)}); err != nil || res.IsError {
			t.Fatalf("after %s: a plain call in another session failed: %v %v", c.what, err, res)
		}
		sent.Store(0)
		records() // the plain calls' records
	}
}

// rawSession initializes a session by hand and returns its id.
func rawSession(t *testing.T, url string) string {
	t.Helper()
	res := rawRequest(t, url, "", initialize)
	sid := res.Header.Get("Mcp-Session-Id")
	if res.StatusCode != http.StatusOK || sid == "" {
		t.Fatalf("initialize: HTTP %d, session %q", res.StatusCode, sid)
	}
	rawRequest(t, url, sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return sid
}

// rawPost sends one message in session sid and returns the status and the answer.
func rawPost(t *testing.T, url, sid, msg string) (int, string) {
	t.Helper()
	res := rawRequest(t, url, sid, msg)
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

func rawRequest(t *testing.T, url, sid, msg string) *http.Response {
	t.Helper()
	req, _ := http.NewRequestWithContext(bounded(t), http.MethodPost, url, strings.NewReader(msg))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	if sid != "" {
		req.Header.Set("Mcp-Session-Id", sid)
	}
	res, err := (&http.Client{Transport: ownTransport}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	return res
}
