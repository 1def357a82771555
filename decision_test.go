package toolgen_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/agent"
	"github.com/toolgen/toolgen/agent/agenttest"
	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/internal/moviedb"
	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
	"github.com/toolgen/toolgen/mcpserve"
	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
	"github.com/toolgen/toolgen/toolrt/gate"
)

// badMovie is arguments the movie tool's schema refuses (id is a string of digits).
const badMovie = `{"id": {"not": "an id"}}`

// TestOneDecisionVocabulary: the same refused call reads the same in the three places that
// report it. The audit record's decision, the MCP result's _meta decision and the agent loop's
// end of turn are one audit.Decision value, for invalid arguments and for a denied write.
func TestOneDecisionVocabulary(t *testing.T) {
	demo := moviedbtest.Start(t)

	// The agent loop: the model sends refused arguments MaxInvalidArgs times.
	var loopTrail bytes.Buffer
	rt := decisionRuntime(t, demo.URL, &loopTrail)
	calls := make([]agenttest.Reply, agent.MaxInvalidArgs)
	for i := range calls {
		calls[i] = agenttest.Reply{Calls: []agenttest.Call{{ID: "c" + string(rune('0'+i)), Name: "movie", Args: badMovie}}}
	}
	model := agenttest.New(agenttest.Steps(calls...))
	t.Cleanup(model.Close)
	a, err := agent.New(agent.Config{
		Runtime: rt, Run: rt.NewRun(budget.New(budget.Defaults()), nil),
		Model: agent.ModelConfig{URL: model.URL, Model: "scripted", Timeout: 10 * time.Second},
		Out:   &bytes.Buffer{}, Lines: gate.NewLines(strings.NewReader("")),
	})
	if err != nil {
		t.Fatal(err)
	}
	end, err := a.Turn(context.Background(), "tell me about movie 42")
	if err != nil {
		t.Fatal(err)
	}
	if end != audit.InvalidArgs {
		t.Errorf("the turn ended %q, want %q", end, audit.InvalidArgs)
	}
	for _, d := range decisions(t, &loopTrail) {
		if d != end {
			t.Errorf("loop: audit decision %q, turn end %q", d, end)
		}
	}

	// MCP: the same arguments, and a write under -approve deny.
	var mcpTrail bytes.Buffer
	srv, err := mcpserve.New(mcpserve.Config{Runtime: decisionRuntime(t, demo.URL, &mcpTrail), Approve: mcpserve.Deny, Limits: budget.Defaults()})
	if err != nil {
		t.Fatal(err)
	}
	ct, st := mcp.NewInMemoryTransports()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	if _, err := srv.Connect(ctx, st); err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	for _, c := range []struct {
		tool, args string
		want       audit.Decision
	}{
		{"movie", badMovie, audit.InvalidArgs},
		{"addWatchListItem", `{"input":{"watchListId":"1","titleId":"42","titleType":"MOVIE"}}`, audit.Denied},
	} {
		mcpTrail.Reset()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: json.RawMessage(c.args)})
		if err != nil {
			t.Fatal(err)
		}
		got, _ := res.Meta[mcpserve.DecisionMeta].(string)
		recs := decisions(t, &mcpTrail)
		if audit.Decision(got) != c.want || len(recs) != 1 || recs[0] != c.want {
			t.Errorf("%s over MCP: result decision %q, audit decisions %q; want %q in both", c.tool, got, recs, c.want)
		}
	}
}

func decisionRuntime(t *testing.T, endpoint string, trail *bytes.Buffer) *toolrt.Runtime {
	t.Helper()
	cat, err := toolrt.Load(generated.CatalogJSON)
	if err != nil {
		t.Fatal(err)
	}
	rt, err := toolrt.New(cat, toolrt.Config{
		Endpoint: endpoint, Role: "concierge", User: moviedbtest.User, LoginDocument: moviedb.LoginDocument,
		Password: func() string { return moviedbtest.Password }, Audit: audit.New(trail, false),
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := rt.Login(context.Background()); err != nil {
		t.Fatal(err)
	}
	return rt
}

func decisions(t *testing.T, trail *bytes.Buffer) []audit.Decision {
	t.Helper()
	var out []audit.Decision
	sc := bufio.NewScanner(bytes.NewReader(trail.Bytes()))
	for sc.Scan() {
		var r audit.Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		out = append(out, r.Decision)
	}
	if len(out) == 0 {
		t.Error("no audit records")
	}
	return out
}
