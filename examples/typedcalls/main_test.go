package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/internal/moviedb"
	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/gate"
)

// answer approves or denies every write, and records what it was asked.
type answer struct {
	approve bool
	asked   []gate.Request
}

func (a *answer) Approve(_ context.Context, req gate.Request) (gate.Decision, error) {
	a.asked = append(a.asked, req)
	return gate.Decision{Approved: a.approve, Reason: "declined"}, nil
}

// The example program against the demo server on loopback: the typed movie call answers, and the
// typed write goes through the approval gate: sent when approved, not sent when denied, and
// audited either way.
func TestTypedCalls(t *testing.T) {
	for _, approve := range []bool{true, false} {
		name := map[bool]string{true: "approved", false: "denied"}[approve]
		t.Run(name, func(t *testing.T) {
			srv, err := moviedb.Start(t.Context(), "")
			if err != nil {
				t.Fatal(err)
			}
			defer srv.Close()
			var trail, out bytes.Buffer
			cfg := toolrt.Config{Endpoint: srv.URL(), Role: "concierge", User: "user", LoginDocument: moviedb.LoginDocument,
				Password: func() string { return "user123" }, Audit: audit.New(&trail, false)}
			a := &answer{approve: approve}
			if err := session(t.Context(), cfg, a, &out); err != nil {
				t.Fatalf("session: %v\n%s", err, out.String())
			}
			if !strings.Contains(out.String(), `"title":"The Matrix"`) {
				t.Errorf("movie 42 did not answer:\n%s", out.String())
			}
			if len(a.asked) != 1 || a.asked[0].Tool != generated.ToolAddWatchListItem {
				t.Errorf("approvals asked: %+v, want one for addWatchListItem", a.asked)
			}
			sent := strings.Contains(out.String(), `"success":true`)
			if sent != approve || strings.Contains(out.String(), "not sent (denied)") == approve {
				t.Errorf("write sent = %v with approval %v:\n%s", sent, approve, out.String())
			}
			decisions := map[string]audit.Decision{}
			for _, line := range strings.Split(strings.TrimSpace(trail.String()), "\n") {
				var r audit.Record
				if err := json.Unmarshal([]byte(line), &r); err != nil {
					t.Fatalf("audit line %q: %v", line, err)
				}
				decisions[r.Tool] = r.Decision
			}
			want := map[string]audit.Decision{"movie": audit.Allowed, "addWatchListItem": audit.Approved}
			if !approve {
				want["addWatchListItem"] = audit.Denied
			}
			if decisions["movie"] != want["movie"] || decisions["addWatchListItem"] != want["addWatchListItem"] {
				t.Errorf("audit decisions %v, want %v", decisions, want)
			}
			want1 := map[bool]int{true: 3, false: 2}[approve] // the seed puts 2 items in list 1
			if n := itemCount(t, cfg, "1"); n != want1 {
				t.Errorf("after the %s write list 1 has %d items, want %d", name, n, want1)
			}
		})
	}
}

// itemCount reads the user's lists through the typed API on a fresh run.
func itemCount(t *testing.T, cfg toolrt.Config, list string) int {
	t.Helper()
	cat, _ := toolrt.Load(generated.CatalogJSON)
	cfg.Audit = nil
	rt, err := toolrt.New(cat, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := rt.Login(t.Context()); err != nil {
		t.Fatal(err)
	}
	res, err := generated.Tools{Run: rt.NewRun(nil, nil)}.MyWatchLists(t.Context(), generated.MyWatchListsArgs{})
	if err != nil || res.IsError {
		t.Fatalf("myWatchLists: %+v %v", res, err)
	}
	var got struct {
		Data struct {
			MyWatchLists []struct {
				ID        string
				ItemCount int
			}
		}
	}
	if err := json.Unmarshal([]byte(res.Text), &got); err != nil {
		t.Fatalf("myWatchLists: %v\n%s", err, res.Text)
	}
	for _, l := range got.Data.MyWatchLists {
		if l.ID == list {
			return l.ItemCount
		}
	}
	t.Fatalf("no list %s in %s", list, res.Text)
	return 0
}

// A typed call of a tool outside the run's role is refused like a model's.
func TestTypedCallOutsideRole(t *testing.T) {
	srv, err := moviedb.Start(t.Context(), "")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	cat, _ := toolrt.Load(generated.CatalogJSON)
	rt, err := toolrt.New(cat, toolrt.Config{Endpoint: srv.URL(), Role: "support"})
	if err != nil {
		t.Fatal(err)
	}
	res, err := generated.Tools{Run: rt.NewRun(nil, nil)}.MyWatchLists(t.Context(), generated.MyWatchListsArgs{})
	if err != nil || res.Decision != audit.UnknownTool {
		t.Errorf("support calling myWatchLists: %+v %v, want refused as unknown", res, err)
	}
}
