package agent_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/agent/agenttest"
	"github.com/toolgen/toolgen/metatools"
)

// discoveryTask is the seed's write found through the meta-tools: search for the tool,
// describe it, then call it through call_tool.
func discoveryTask(last ...agenttest.Reply) agenttest.Script {
	return agenttest.Steps(append([]agenttest.Reply{
		calls(call("c1", metatools.SearchTools, `{"query":"add a movie to my watch list"}`)),
		calls(call("c2", metatools.DescribeTool, `{"name":"addWatchListItem"}`)),
		calls(call("c3", metatools.CallTool, `{"name":"addWatchListItem","arguments":{"input":{"watchListId":"1","titleId":"42","titleType":"MOVIE"}}}`)),
	}, last...)...)
}

// TestLoopFindsDescribesAndCallsThroughMetaTools: under -tools search the model is offered the
// three meta-tools only; search_tools ranks the write first for the request, describe_tool
// hands over its input schema, and call_tool's write waits at the console gate like a direct
// one: approved, it lands once.
func TestLoopFindsDescribesAndCallsThroughMetaTools(t *testing.T) {
	t.Parallel()
	d := newDemo(t)
	s := newSession(t, d, discoveryTask(words("Added.")), options{input: strings.NewReader("y\n"), tools: metatools.Search})
	if err := s.converse(t, context.Background()); err != nil {
		t.Fatal(err)
	}
	reqs := s.model.Requests()
	if len(reqs) != 4 {
		t.Fatalf("%d model requests, want 4", len(reqs))
	}
	if diff := cmp.Diff([]string{metatools.SearchTools, metatools.DescribeTool, metatools.CallTool}, reqs[0].Tools); diff != "" {
		t.Errorf("offered tools (-want +got):\n%s", diff)
	}
	result := func(i int) string { return reqs[i].Messages[len(reqs[i].Messages)-1].Content }
	var found struct{ Tools []metatools.Found }
	if err := json.Unmarshal([]byte(result(1)), &found); err != nil || len(found.Tools) == 0 || found.Tools[0].Name != "addWatchListItem" || !found.Tools[0].Write {
		t.Errorf("search_tools answered %s", result(1))
	}
	if !strings.Contains(result(2), `"inputSchema":{"type":"object"`) || !strings.Contains(result(2), "AddWatchListItemInput") && !strings.Contains(result(2), `"titleType"`) {
		t.Errorf("describe_tool answered %s", result(2))
	}
	if !strings.Contains(s.out.String(), "APPROVAL REQUIRED") || !strings.Contains(result(3), `"success":true`) {
		t.Errorf("the write through call_tool was not gated and sent: %s", result(3))
	}
	if diff := cmp.Diff([]string{"MOVIE:40", "TV_SHOW:3", "MOVIE:42"}, d.list1(t)); diff != "" {
		t.Errorf("list 1 (-want +got):\n%s", diff)
	}
	if got := d.toolRequests(); got != 1 {
		t.Errorf("the API got %d tool requests, want the one write (search and describe send nothing)", got)
	}
}

// TestLoopCallToolDeniedSendsNothing: the same write refused at the gate sends nothing.
func TestLoopCallToolDeniedSendsNothing(t *testing.T) {
	t.Parallel()
	d := newDemo(t)
	s := newSession(t, d, discoveryTask(words("Not added.")), options{input: strings.NewReader("n\n"), tools: metatools.Search})
	if err := s.converse(t, context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := d.toolRequests(); got != 0 {
		t.Errorf("a denied write through call_tool reached the API: %d requests", got)
	}
	if diff := cmp.Diff([]string{"MOVIE:40", "TV_SHOW:3"}, d.list1(t)); diff != "" {
		t.Errorf("list 1 (-want +got):\n%s", diff)
	}
}
