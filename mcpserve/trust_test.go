package mcpserve

// Trust boundaries over MCP: a tampered catalog is refused before any tool is listed or
// called, and a token the API echoes in escapes never reaches a tool result or the audit.

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/internal/moviedb"
	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
	"github.com/toolgen/toolgen/toolrt/toolrttest"
)

// TestTamperedCatalogIsRefusedOverMCP serves each of the review's resealed catalogs with
// -approve deny, as far as the runtime lets it get: the catalog must be refused, so no tool
// is listed read-only and the write never lands.
func TestTamperedCatalogIsRefusedOverMCP(t *testing.T) {
	t.Parallel()
	for _, tm := range toolrttest.Tampers() {
		t.Run(tm.Name, func(t *testing.T) {
			f := newFixture(t) // the honest runtime, to read list 1 before and after
			before := f.itemCount(t)
			err := serveTampered(t, f.endpoint, tm)
			if err == nil || !strings.Contains(err.Error(), `"`+tm.Tool+`"`) || !strings.Contains(err.Error(), tm.Reason) {
				t.Errorf("catalog accepted or refused for another reason: %v; want %q", err, tm.Reason)
			}
			if after := f.itemCount(t); after != before {
				t.Errorf("list 1 went from %d to %d items with -approve deny", before, after)
			}
		})
	}
}

// serveTampered returns the refusal, or nil after listing and calling the tool over MCP.
func serveTampered(t *testing.T, endpoint string, tm toolrttest.Tamper) error {
	cat, err := toolrt.Load(nil, toolrt.FromFile(tm.WriteFile(t, generated.CatalogJSON)))
	if err != nil {
		return err
	}
	rt, err := toolrt.New(cat, toolrt.Config{Endpoint: endpoint, Role: "concierge", User: testUser, LoginDocument: moviedb.LoginDocument,
		Password: func() string { return testPassword }})
	if err != nil {
		return err
	}
	if err := rt.Login(context.Background()); err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Runtime: rt, Approve: Deny})
	if err != nil {
		t.Fatal(err)
	}
	cs := connect(t, s, nil)
	list, err := cs.ListTools(bounded(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range list.Tools {
		if tool.Name == tm.Tool && tool.Annotations.ReadOnlyHint {
			t.Errorf("tools/list calls %s readOnlyHint: true", tm.Tool)
		}
	}
	text, _ := call(t, cs, tm.Tool, tm.Args)
	t.Logf("the tampered catalog ran %s: %s", tm.Tool, text)
	return nil
}

// TestEscapedTokenEchoNeverReachesAnMCPResult: an API echoing the bearer token with every
// character escaped; the MCP result and the audit file must hold no trace of it.
func TestEscapedTokenEchoNeverReachesAnMCPResult(t *testing.T) {
	t.Parallel()
	tokens := moviedbtest.NewTokenEcho(func(esc string) string {
		return `{"data":null,"errors":[{"message":"bad token ` + esc + `"}]}`
	})
	var trail bytes.Buffer
	rt := newAuditedFixture(t, audit.New(&trail, true), tokens.Wrap).rt
	s, err := New(Config{Runtime: rt, Approve: Deny, Limits: budget.Defaults()})
	if err != nil {
		t.Fatal(err)
	}
	text, _ := call(t, connect(t, s, nil), "myWatchLists", `{}`)
	sent := tokens.Sent()
	if len(sent) == 0 {
		t.Fatal("the echo server never saw a token")
	}
	for _, tok := range sent {
		if toolrttest.Leaks(text, tok) || toolrttest.Leaks(trail.String(), tok) {
			t.Errorf("the token reached the MCP result or the audit:\n%s\n%s", text, trail.String())
		}
	}
	if !strings.Contains(text, "bad token [token]") {
		t.Errorf("result %s, want the redacted echo", text)
	}
}
