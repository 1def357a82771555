package agent_test

// Regression tests of issue 10 for the loop: a ceiling of 0, a reply of thousands of calls,
// and calls the loop answers itself, each of which must leave an audit record.

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/agent/agenttest"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
)

// TestToolCeilingZeroRunsNone: -max-tool-calls 0 used to mean the default and ran six calls.
func TestToolCeilingZeroRunsNone(t *testing.T) {
	t.Parallel()
	d := newDemo(t)
	script := agenttest.Steps(calls(call("", "search", `{"query":"matrix"}`)), words("nothing to do"))
	s := newSession(t, d, script, options{limits: &budget.Limits{ModelCalls: 8, ToolCalls: 0}})
	if err := s.converse(t, context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := d.toolRequests(); got != 0 {
		t.Errorf("a tool-call ceiling of 0 let %d tool requests reach the API", got)
	}
	for i, r := range s.model.Requests() {
		if r.Tools != nil {
			t.Errorf("request %d offered tools with a tool-call ceiling of 0", i+1)
		}
	}
}

// TestHugeReplyTakesOnlyTheBudget: one reply of 5,000 calls ran 6 but sent 5,000 results
// (1.3 MB) back to the model. Now the conversation keeps the 6 calls taken and one more that
// answers for the rest ("not run ... 4994 calls"), and each call not run is audited.
func TestHugeReplyTakesOnlyTheBudget(t *testing.T) {
	t.Parallel()
	const n = 5000
	d := newDemo(t)
	var many []agenttest.Call
	for i := range n {
		many = append(many, call(fmt.Sprintf("c%d", i), "search", `{"query":"matrix `+strings.Repeat("x", 100)+`"}`))
	}
	var trail bytes.Buffer
	s := newSession(t, d, agenttest.Steps(agenttest.Reply{Calls: many}, words("done")),
		options{audit: audit.New(&trail, false)})
	if err := s.converse(t, context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := d.toolRequests(); got != budget.DefaultToolCalls {
		t.Errorf("tool requests at the API: %d, want %d", got, budget.DefaultToolCalls)
	}
	reqs := s.model.Requests()
	if len(reqs) != 2 {
		t.Fatalf("model requests: %d, want 2", len(reqs))
	}
	var results []string
	for _, m := range reqs[1].Messages {
		switch m.Role {
		case "tool":
			results = append(results, m.Content)
		case "assistant":
			if len(m.ToolCalls) != budget.DefaultToolCalls+1 || m.ToolCalls[budget.DefaultToolCalls].Args != "{}" {
				t.Errorf("the assistant message kept %d calls, want %d, the last without arguments", len(m.ToolCalls), budget.DefaultToolCalls+1)
			}
		}
	}
	want := `{"error":"not run: the run's tool-call ceiling was reached; 4994 calls of this reply were not run"}`
	if len(results) != budget.DefaultToolCalls+1 || results[len(results)-1] != want {
		t.Errorf("%d results, last %q; want %d, last %s", len(results), results[len(results)-1], budget.DefaultToolCalls+1, want)
	}
	if kb := reqs[1].Bytes >> 10; kb > 32 {
		t.Errorf("the request after the reply is %d KiB", kb)
	}
	t.Logf("request after a %d-call reply: %d bytes", n, reqs[1].Bytes)
	if got := strings.Count(trail.String(), `"decision":"over_budget"`); got != n-budget.DefaultToolCalls {
		t.Errorf("%d over_budget records, want %d", got, n-budget.DefaultToolCalls)
	}
	if out := s.out.String(); strings.Count(out, "model asks for:") > 20 {
		t.Errorf("the transcript names every call: %d lines", strings.Count(out, "model asks for:"))
	}
}

// TestUnknownToolIsAudited: a reply naming a tool the role does not have ran nothing and left
// no record. Now the unknown call and the calls beside it are each audited.
func TestUnknownToolIsAudited(t *testing.T) {
	t.Parallel()
	d := newDemo(t)
	var trail bytes.Buffer
	script := agenttest.Steps(calls(call("a", "search", `{"query":"matrix"}`), call("b", "deleteAllWatchLists", `{}`)))
	s := newSession(t, d, script, options{audit: audit.New(&trail, false)})
	if err := s.converse(t, context.Background()); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(trail.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"tool":"search","decision":"not_run"`) ||
		!strings.Contains(lines[1], `"tool":"deleteAllWatchLists","decision":"unknown_tool"`) {
		t.Errorf("audit trail:\n%s", trail.String())
	}
	if d.toolRequests() != 0 {
		t.Errorf("%d tool requests reached the API", d.toolRequests())
	}
}
