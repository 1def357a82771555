package mcpserve

import (
	"bytes"
	"io"
	"net/http"
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
		res, err := http.DefaultClient.Do(req)
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
