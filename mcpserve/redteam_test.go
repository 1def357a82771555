package mcpserve

import (
	"bytes"
	"context"
	"github.com/toolgen/toolgen/metatools"
	"github.com/toolgen/toolgen/toolrt/pending"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
	"github.com/toolgen/toolgen/toolrt/gate"
)

// lockedBuf is an audit writer the test reads while the server writes.
type lockedBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuf) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuf) lines() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Split(strings.TrimSpace(l.b.String()), "\n")
}

// TestEveryRetryIsAudited: a 2026-07-28 client retrying with a request state this session
// never issued (made up, replayed, or with an answer and no state) was refused without an
// audit record and without counting against any ceiling, so a client could probe the gate
// unseen, as often as it liked. Each such call is a tools/call and leaves its record: denied,
// nothing sent.
func TestEveryRetryIsAudited(t *testing.T) {
	t.Parallel()
	var trail lockedBuf
	f := newAuditedFixture(t, audit.New(&trail, false))
	cs := connectWith(t, f.server(t, Elicit, budget.Defaults()), clientOpts{version: modern, e: &elicitor{}, manual: true})
	state := askFor(t, cs, addMatrix)
	wantDenied(t, "declined", callRaw(t, cs, retry(addMatrix, state, "decline")), gate.DeniedResult)
	n := len(trail.lines())
	for _, p := range []struct{ what, state, action string }{
		{"made up", "forged-state", "accept"},
		{"replayed", state, "accept"},
		{"answer without state", "", "accept"},
	} {
		wantDenied(t, p.what, callRaw(t, cs, retry(note(p.what), p.state, p.action)), gate.DeniedResult)
		lines := trail.lines()
		if len(lines) != n+1 || !strings.Contains(lines[n], `"decision":"denied"`) || !strings.Contains(lines[n], `"tool":"addWatchListItem"`) {
			t.Fatalf("%s: a refused retry left %d records, want one denial: %s", p.what, len(lines)-n, strings.Join(lines[n:], "\n"))
		}
		n++
	}
}

// TestSessionCapReadsTheMethodAsTheSDKDoes: the cap decided whether a request opens a session
// with encoding/json, which matches keys in any case and keeps the last, while the SDK matches
// "method" exactly. An initialize carrying a second key "Method" was read as another method by
// the cap and as initialize by the SDK: it opened sessions past every ceiling. The cap reads
// the method as the SDK does.
func TestSessionCapReadsTheMethodAsTheSDKDoes(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	s, err := New(Config{Runtime: f.rt, HTTP: HTTPLimits{MaxSessionsPerClient: 2}})
	if err != nil {
		t.Fatal(err)
	}
	url := serveHTTP(t, s)
	disguised := strings.Replace(initialize, `"method":"initialize"`, `"method":"initialize","Method":"ping"`, 1)
	if disguised == initialize {
		t.Fatal("the initialize body changed shape")
	}
	opened := 0
	for range 4 {
		req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(disguised))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		res, err := (&http.Client{Transport: ownTransport}).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		_ = res.Body.Close()
		if res.Header.Get("Mcp-Session-Id") != "" {
			opened++
		}
	}
	if opened != 2 {
		t.Fatalf("a client under a cap of 2 opened %d sessions", opened)
	}
}

// TestCallToolNamesItsToolOnce: call_tool's arguments were read with encoding/json, which takes
// "NAME" for "name" and keeps the last, so {"name":"movie","NAME":"addWatchListItem",…} ran
// the write while a host's confirmation dialog (the gate under -approve host) and any reader
// that takes the first key or matches case showed a read. A key in another case, or twice,
// is refused: nothing runs.
func TestCallToolNamesItsToolOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	before := f.itemCount(t)
	s, err := New(Config{Runtime: f.rt, Approve: Host, Tools: metatools.Search, Limits: budget.Defaults()})
	if err != nil {
		t.Fatal(err)
	}
	cs := connect(t, s, nil)
	for _, args := range []string{
		`{"name":"movie","NAME":"addWatchListItem","arguments":` + addMatrix + `}`,
		`{"name":"movie","name":"addWatchListItem","arguments":` + addMatrix + `}`,
		`{"Name":"addWatchListItem","arguments":` + addMatrix + `}`,
		`{"name":"addWatchListItem","arguments":{"input":{}},"Arguments":` + addMatrix + `}`,
	} {
		if text, isErr := call(t, cs, metatools.CallTool, args); !isErr {
			t.Errorf("%s: ran: %s", args, text)
		}
	}
	if after := f.itemCount(t); after != before {
		t.Fatalf("items %d -> %d: a disguised call_tool wrote", before, after)
	}
	if text, isErr := call(t, cs, metatools.CallTool, `{"name":"addWatchListItem","arguments":`+addMatrix+`}`); isErr {
		t.Fatalf("a plain call_tool: %s", text)
	}
}

// TestDeferredWriteNamesItsCaller: with OAuth and -approve defer (the shared-store deployment
// docs/mcp.md describes) every caller's proposal was stored under the server's one login, so
// the person reviewing it could not tell which caller's model asked for the write they were
// about to send with their own credential. Each request records its caller (Request.Caller,
// what `agent pending` and `agent review` show) and its history names it. Two callers proposing
// the very same write get a request each, never one merged request; a caller's retry in its
// session still returns its own request.
func TestDeferredWriteNamesItsCaller(t *testing.T) {
	t.Parallel()
	st, err := pending.Open(filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	o := startOAuth(t, func(c *Config) { c.Approve, c.Deferrer = Defer, st.Deferrer(0) })
	for _, who := range []string{"alice", "mallory"} {
		cs, err := o.connect(t, o.token(t, who, "concierge"))
		if err != nil {
			t.Fatal(err)
		}
		for range 2 { // the second is a retry in the same session: the same request
			if text, isErr := call(t, cs, "addWatchListItem", addMatrix); isErr || !strings.Contains(text, "ecorded") {
				t.Fatalf("%s: %s", who, text)
			}
		}
	}
	reqs, err := st.List(context.Background())
	if err != nil || len(reqs) != 2 {
		t.Fatalf("%d requests, %v; want one per caller", len(reqs), err)
	}
	seen := map[string]bool{}
	for _, r := range reqs {
		seen[r.Caller] = true
		evs, err := st.Events(context.Background(), r.ID)
		if err != nil || len(evs) != 2 || evs[1].Event != "retried" {
			t.Fatalf("history of %s: %+v, %v; want proposed, then retried", r.ID, evs, err)
		}
		if want := ", for caller " + r.Caller; !strings.HasSuffix(evs[0].Detail, want) {
			t.Errorf("request %s of caller %q: history note %q does not name it", r.ID, r.Caller, evs[0].Detail)
		}
	}
	for _, who := range []string{"alice", "mallory"} {
		if !seen[o.iss.URL+"#"+who] {
			t.Errorf("no request records caller %s#%s: %v", o.iss.URL, who, seen)
		}
	}
}
