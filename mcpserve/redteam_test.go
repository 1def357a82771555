package mcpserve

import (
	"bytes"
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
