package mcpserve

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
)

func TestListToolsInCatalogOrderWithAnnotations(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	cs := connect(t, f.server(t, Deny, budget.Defaults()), nil)
	res, err := cs.ListTools(bounded(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tool := range res.Tools {
		got = append(got, tool.Name)
	}
	want := []string{"movie", "movies", "person", "search", "tvShow", "myWatchLists", "addWatchListItem"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("tools (-want +got):\n%s", diff)
	}
	defs := f.rt.Tools()
	for i, tool := range res.Tools {
		checkTool(t, defs[i], tool)
	}
	// The allow-list's title wins; without one, the name is turned into words.
	if first, last := res.Tools[0].Title, res.Tools[6].Title; first != "Movie" || last != "Add a title to one of my watch lists" {
		t.Errorf("titles %q and %q", first, last)
	}
}

func checkTool(t *testing.T, def toolrt.ToolDef, tool *mcp.Tool) {
	t.Helper()
	if tool.Description != def.Description || tool.Title == "" {
		t.Errorf("%s: title %q, description %q", tool.Name, tool.Title, tool.Description)
	}
	var want, got any
	_ = json.Unmarshal(def.InputSchema, &want)
	raw, _ := json.Marshal(tool.InputSchema)
	_ = json.Unmarshal(raw, &got)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%s inputSchema (-catalog +served):\n%s", tool.Name, diff)
	}
	a := tool.Annotations
	if a == nil || a.DestructiveHint == nil || a.OpenWorldHint == nil || !*a.OpenWorldHint {
		t.Fatalf("%s: annotations %+v", tool.Name, a)
	}
	if a.ReadOnlyHint == def.Mutation || a.IdempotentHint == def.Mutation || *a.DestructiveHint != def.Mutation {
		t.Errorf("%s (mutation %v): readOnly %v idempotent %v destructive %v",
			tool.Name, def.Mutation, a.ReadOnlyHint, a.IdempotentHint, *a.DestructiveHint)
	}
}

func TestTitles(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]string{"movie": "Movie", "addWatchListItem": "Add watch list item", "tvShow": "Tv show"} {
		if got := title(name); got != want {
			t.Errorf("title(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestCallMovieReturnsTheMatrix(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	cs := connect(t, f.server(t, Deny, budget.Defaults()), nil)
	text, isErr := call(t, cs, "movie", `{"id":"42"}`)
	if isErr || !strings.Contains(text, "The Matrix") {
		t.Fatalf("movie 42: isError %v, %s", isErr, text)
	}
}

func TestOmittedArgumentsAreAnEmptyObject(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	cs := connect(t, f.server(t, Deny, budget.Defaults()), nil)
	res, err := cs.CallTool(bounded(t), &mcp.CallToolParams{Name: "myWatchLists"})
	if err != nil || res.IsError {
		t.Fatalf("myWatchLists without arguments: %v %+v", err, res)
	}
}

func TestInvalidArgumentsAreErrorResults(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	cs := connect(t, f.server(t, Deny, budget.Defaults()), nil)
	for _, args := range []string{`{}`, `{"id":42,"id":"42"}`, `{"id":"42","extra":true}`, `{"id":["42"]}`} {
		if text, isErr := call(t, cs, "movie", args); !isErr {
			t.Errorf("movie %s: not an error: %s", args, text)
		}
	}
}

func TestUnknownToolIsAProtocolError(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	cs := connect(t, f.server(t, Deny, budget.Defaults()), nil)
	_, err := cs.CallTool(bounded(t), &mcp.CallToolParams{Name: "login", Arguments: map[string]any{}})
	if err == nil || !strings.Contains(err.Error(), "unknown tool") {
		t.Fatalf("unknown tool: %v", err)
	}
}

func TestToolOutsideTheRoleIsNotServed(t *testing.T) {
	t.Parallel()
	cat, err := toolrt.Load(generated.CatalogJSON)
	if err != nil {
		t.Fatal(err)
	}
	rt, err := toolrt.New(cat, toolrt.Config{Endpoint: "http://127.0.0.1:1/graphql", Role: "support"})
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Runtime: rt})
	if err != nil {
		t.Fatal(err)
	}
	res, err := connect(t, s, nil).ListTools(bounded(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range res.Tools {
		if tool.Name == "addWatchListItem" || tool.Name == "myWatchLists" {
			t.Errorf("role support sees %s", tool.Name)
		}
	}
}

func TestBudgetIsPerSession(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	s := f.server(t, Deny, budget.Limits{ToolCalls: 2})
	first := connect(t, s, nil)
	for i := range 2 {
		if text, isErr := call(t, first, "movie", `{"id":"42"}`); isErr {
			t.Fatalf("call %d: %s", i+1, text)
		}
	}
	text, isErr := call(t, first, "movie", `{"id":"42"}`)
	if !isErr || !strings.Contains(text, "budget") {
		t.Fatalf("third call in a session with ceiling 2: isError %v, %s", isErr, text)
	}
	second := connect(t, s, nil)
	if text, isErr := call(t, second, "movie", `{"id":"42"}`); isErr {
		t.Fatalf("a new session has its own budget: %s", text)
	}
}

func TestParseApproval(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"deny", "elicit", "host"} {
		if a, err := ParseApproval(s); err != nil || string(a) != s {
			t.Errorf("ParseApproval(%q) = %q, %v", s, a, err)
		}
	}
	if _, err := ParseApproval("yes"); err == nil {
		t.Error("ParseApproval(yes): no error")
	}
}

func TestEachSessionIsAuditedAsItsOwnRun(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	f := newAuditedFixture(t, audit.New(&buf, false))
	s := f.server(t, Deny, budget.Defaults())
	call(t, connect(t, s, nil), "movie", `{"id":"42"}`)
	call(t, connect(t, s, nil), "addWatchListItem", addMatrix)
	var recs []audit.Record
	for _, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		var r audit.Record
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("audit line %q: %v", line, err)
		}
		recs = append(recs, r)
	}
	if len(recs) != 2 || recs[0].Run == recs[1].Run || recs[0].Tool != "movie" || recs[1].Outcome != "not_sent" {
		t.Fatalf("audit trail:\n%s", buf.String())
	}
}
