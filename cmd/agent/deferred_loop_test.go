package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/agent/agenttest"
)

// The agent loop under -approve defer: the model's write (asked twice) becomes one request, the
// model reads that it was recorded and not done, and only `agent confirm` sends it.
func TestDeferredAgentLoop(t *testing.T) {
	srv := startDemo(t)
	add := agenttest.Call{Name: "addWatchListItem", Args: `{"watchListId":"1","titleId":"42","titleType":"MOVIE","userNotes":"a classic"}`}
	model := agenttest.New(agenttest.Steps(
		agenttest.Reply{Calls: []agenttest.Call{{ID: "c1", Name: add.Name, Args: add.Args}}},
		agenttest.Reply{Calls: []agenttest.Call{{ID: "c2", Name: add.Name, Args: add.Args}}},
		agenttest.Reply{Text: "I recorded it; please confirm it."},
	))
	defer model.Close()
	dir := t.TempDir()
	common := []string{"-endpoint", srv.URL, "-pending-store", filepath.Join(dir, "pending.db")}
	pw := []string{"AGENT_PASSWORD=user123"}
	loop := runBin(t, dir, pw, append(append([]string{"agent", "-approve", "defer", "-user", "user", "-model-url", model.URL}, common...),
		"add The Matrix to my To watch this weekend list")...)
	t.Logf("agent loop:\n%s%s", loop.out, loop.err)
	if loop.code != 0 || !strings.Contains(loop.out, "writes are deferred") || strings.Contains(loop.out, "APPROVAL REQUIRED") {
		t.Fatalf("agent loop exit %d", loop.code)
	}
	srv.count(t, 0, "after the deferred agent loop")
	results := toolResults(model.Requests())
	if len(results) != 2 || results[0] != results[1] || !strings.Contains(results[0], "Recorded, not done") {
		t.Fatalf("the model read: %q", results)
	}
	id := requestID(t, results[0])
	list := runBin(t, dir, nil, append([]string{"pending"}, common...)...)
	if strings.Count(list.out, "\n") != 1 || !strings.HasPrefix(list.out, id+"  pending") {
		t.Errorf("agent pending:\n%s", list.out)
	}
	// The loop's own settings: with approve: defer in agent.yaml, `agent call` refuses the write.
	call := runBin(t, dir, append(pw, "AGENT_PENDING_STORE="+filepath.Join(dir, "pending.db")), "call", "-approve", "defer", "-endpoint", srv.URL, "-user", "user", add.Name, add.Args)
	if call.code != 1 || !strings.Contains(call.err, "writes are deferred") {
		t.Errorf("agent call in defer mode: exit %d %s", call.code, call.err)
	}
	if p := runBin(t, dir, pw, append([]string{"confirm"}, append(common, id)...)...); p.code != 0 {
		t.Errorf("confirm: exit %d %s", p.code, p.err)
	}
	srv.count(t, 1, "after confirm")
	holding := runBin(t, dir, append(pw, ConfirmerTokenEnv+"=secret"), append([]string{"mcp", "-approve", "defer", "-user", "user"}, common...)...)
	if holding.code != 1 || !strings.Contains(holding.err, "belongs only where `agent confirm` runs") {
		t.Errorf("a proposer holding the confirmer's token: exit %d %s", holding.code, holding.err)
	}
	noEndpoint := runBin(t, dir, pw, "mcp", "-approve", "defer", "-user", "user")
	if noEndpoint.code != 1 || !strings.Contains(noEndpoint.err, "-approve defer needs -endpoint") {
		t.Errorf("defer without an endpoint: exit %d %s", noEndpoint.code, noEndpoint.err)
	}
}
