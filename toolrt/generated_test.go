package toolrt

import (
	"context"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/toolrt/budget"
)

// TestGeneratedCatalog runs the committed catalog, as cmd/agent embeds it, against the demo
// server: every role's schemas compile, a read answers, and a flattened write goes through.
func TestGeneratedCatalog(t *testing.T) {
	t.Parallel()
	// Read from disk: the generated package imports toolrt (its typed calls), so this in-package
	// test cannot import it back.
	cat, err := Load(nil, FromFile("../generated/catalog.json"))
	if err != nil {
		t.Fatal(err)
	}
	endpoint, rec := startMovieDB(t)
	for role := range cat.Roles {
		if _, err := New(cat, Config{Endpoint: endpoint, Role: role}); err != nil {
			t.Errorf("role %s: %v", role, err)
		}
	}
	rt, err := New(cat, asUser(Config{Endpoint: endpoint, Role: "concierge"}))
	if err != nil {
		t.Fatal(err)
	}
	if err := rt.Login(context.Background()); err != nil {
		t.Fatal(err)
	}
	run := rt.NewRun(budget.New(budget.Defaults()), &scripted{answers: []string{"y"}})
	res, err := run.Call(context.Background(), "movie", []byte(`{"id":"42"}`))
	if err != nil || res.IsError || !strings.Contains(res.Text, `"title":"The Matrix"`) {
		t.Errorf("movie 42: %+v, %v", res, err)
	}
	res, err = run.Call(context.Background(), "addWatchListItem", []byte(`{"watchListId":"1","titleId":"42","titleType":"MOVIE"}`))
	if err != nil || res.IsError || !strings.Contains(res.Text, `"id":"5"`) {
		t.Errorf("flattened write: %+v, %v", res, err)
	}
	if n := rec.count("Tool_addWatchListItem"); n != 1 {
		t.Errorf("writes sent: %d, want 1", n)
	}
}
