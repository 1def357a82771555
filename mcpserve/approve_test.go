package mcpserve

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/toolrt/budget"
	"github.com/toolgen/toolgen/toolrt/gate"
)

func TestDenyRefusesWritesAndSendsNothing(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	before := f.itemCount(t)
	e := &elicitor{answers: []string{"accept"}}
	cs := connect(t, f.server(t, Deny, budget.Defaults()), e) // the client could elicit; deny never asks
	text, isErr := call(t, cs, "addWatchListItem", addMatrix)
	if !isErr || text != gate.CannotAskResult {
		t.Fatalf("deny: isError %v, %s", isErr, text)
	}
	if n := len(e.asked()); n != 0 {
		t.Errorf("deny mode elicited %d times", n)
	}
	if after := f.itemCount(t); after != before {
		t.Fatalf("deny mode wrote: list 1 went from %d to %d items", before, after)
	}
}

func TestElicitDeclineSendsNothingThenAcceptSendsOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	before := f.itemCount(t)
	e := &elicitor{answers: []string{"decline", "cancel", "accept"}}
	cs := connect(t, f.server(t, Elicit, budget.Defaults()), e)

	text, isErr := call(t, cs, "addWatchListItem", addMatrix)
	if !isErr || text != gate.DeniedResult || f.itemCount(t) != before {
		t.Fatalf("declined write: isError %v, %s, items %d (was %d)", isErr, text, f.itemCount(t), before)
	}
	asked := e.asked()
	if len(asked) != 1 || !strings.Contains(asked[0], "mutation Tool_addWatchListItem($input: AddWatchListItemInput!)") ||
		!strings.Contains(asked[0], `"titleId":"42"`) {
		t.Fatalf("elicitation does not show the exact operation and variables: %q", asked)
	}
	// The same body again is refused without asking: a declined write is not nagged about.
	if _, isErr := call(t, cs, "addWatchListItem", addMatrix); !isErr || len(e.asked()) != 1 {
		t.Fatalf("repeated declined write: isError %v, asked %d times", isErr, len(e.asked()))
	}
	withNote := `{"input":{"watchListId":"1","titleId":"42","titleType":"MOVIE","userNotes":"%s"}}`
	if text, isErr := call(t, cs, "addWatchListItem", strings.Replace(withNote, "%s", "later", 1)); !isErr || f.itemCount(t) != before {
		t.Fatalf("cancelled write: isError %v, %s", isErr, text)
	}
	text, isErr = call(t, cs, "addWatchListItem", strings.Replace(withNote, "%s", "friday", 1))
	if isErr || !strings.Contains(text, `"id":"5"`) {
		t.Fatalf("accepted write: isError %v, %s", isErr, text)
	}
	if after := f.itemCount(t); after != before+1 {
		t.Fatalf("accept added %d items, want exactly 1", after-before)
	}
}

func TestElicitWithoutClientSupportRefuses(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	before := f.itemCount(t)
	cs := connect(t, f.server(t, Elicit, budget.Defaults()), nil)
	text, isErr := call(t, cs, "addWatchListItem", addMatrix)
	if !isErr || text != gate.CannotAskResult || f.itemCount(t) != before {
		t.Fatalf("client without elicitation: isError %v, %s", isErr, text)
	}
}

func TestElicitReadsAreNotAsked(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	e := &elicitor{}
	cs := connect(t, f.server(t, Elicit, budget.Defaults()), e)
	if _, isErr := call(t, cs, "myWatchLists", `{}`); isErr || len(e.asked()) != 0 {
		t.Fatalf("read: isError %v, asked %d", isErr, len(e.asked()))
	}
}

func TestHostSendsWithoutAsking(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	before := f.itemCount(t)
	e := &elicitor{}
	cs := connect(t, f.server(t, Host, budget.Defaults()), e)
	if text, isErr := call(t, cs, "addWatchListItem", addMatrix); isErr {
		t.Fatalf("host mode: %s", text)
	}
	if len(e.asked()) != 0 || f.itemCount(t) != before+1 {
		t.Fatalf("host mode: asked %d, items %d -> %d", len(e.asked()), before, f.itemCount(t))
	}
}

// dropper is a client transport whose connection the test can cut, like a host that dies.
type dropper struct {
	mcp.Transport
	conn mcp.Connection
}

func (d *dropper) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := d.Transport.Connect(ctx)
	d.conn = c
	return c, err
}

func TestHostDyingDuringElicitationSendsNothing(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	before := f.itemCount(t)
	s := f.server(t, Elicit, budget.Defaults())
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(context.Background(), st)
	if err != nil {
		t.Fatal(err)
	}
	d := &dropper{Transport: ct}
	gone := make(chan struct{}) // closed when the server has seen the session end
	go func() { _ = ss.Wait(); close(gone) }()
	opts := &mcp.ClientOptions{ElicitationHandler: func(ctx context.Context, _ *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		_ = d.conn.Close() // the host dies while the user is being asked
		select {           // then the user accepts, too late: after the server knows the session is gone
		case <-ctx.Done():
		case <-gone:
		}
		return &mcp.ElicitResult{Action: "accept"}, nil
	}}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, opts).Connect(context.Background(), d, nil)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := cs.CallTool(bounded(t), &mcp.CallToolParams{Name: "addWatchListItem", Arguments: json.RawMessage(addMatrix)})
		done <- err
	}()
	if err := waitErr(t, done); err == nil {
		t.Fatal("call on a dropped session succeeded")
	}
	<-gone
	if after := f.itemCount(t); after != before {
		t.Fatalf("a dropped session wrote: %d -> %d", before, after)
	}
}

func waitErr(t *testing.T, done <-chan error) error {
	t.Helper()
	select {
	case err := <-done:
		return err
	case <-time.After(10 * time.Second):
		t.Fatal("no return within 10s")
		return nil
	}
}

func TestApprovalMessageEscapes(t *testing.T) {
	t.Parallel()
	msg := ApprovalMessage(gate.Request{
		Tool:      "addWatchListItem",
		Operation: "mutation M { x }",
		Variables: json.RawMessage("{\"userNotes\":\"a\u202eb\"}"),
	})
	if strings.ContainsRune(msg, '\u202e') || !strings.Contains(msg, `\u{202E}`) || !strings.Contains(msg, "mutation M { x }") {
		t.Fatalf("message: %q", msg)
	}
}
