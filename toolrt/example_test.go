package toolrt_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/internal/moviedb"
	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
	"github.com/toolgen/toolgen/toolrt/gate"
	"github.com/toolgen/toolgen/toolrt/pending"
)

// Load verifies the catalog compiled into the program: its self digest, and every tool
// against its own GraphQL document. Pin and FromFile load a reviewed file instead.
func ExampleLoad() {
	cat, err := toolrt.Load(generated.CatalogJSON)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(cat.Provenance.Source, len(cat.Tools), "tools, roles", cat.RoleNames())
	for _, t := range cat.ForRole("support") {
		fmt.Println(t.Name, t.Kind)
	}
	// Output:
	// embedded 7 tools, roles [concierge support]
	// movie query
	// movies query
	// person query
	// search query
	// tvShow query
}

// demo starts the Movie Database demo server on a loopback port and returns a runtime signed
// in to it as the seeded user, for role concierge.
func demo(ctx context.Context, a *audit.Log) (*toolrt.Runtime, func()) {
	srv, err := moviedb.Start(ctx, "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	cat, err := toolrt.Load(generated.CatalogJSON)
	if err != nil {
		log.Fatal(err)
	}
	rt, err := toolrt.New(cat, toolrt.Config{
		Endpoint: srv.URL(), Role: "concierge", User: "user",
		Password:      func() string { return "user123" }, // a real program reads a secret store
		LoginDocument: "mutation Login($input: LoginInput!) { login(input: $input) { token } }",
		Audit:         a,
	})
	if err != nil {
		log.Fatal(err)
	}
	if err := rt.Login(ctx); err != nil {
		log.Fatal(err)
	}
	return rt, func() { _ = srv.Close() }
}

// The generated Tools methods take typed arguments and go the way a model's call goes: the
// argument checks, the budget, the gate and the audit trail.
func ExampleRun_CallArgs() {
	ctx := context.Background()
	rt, stop := demo(ctx, nil)
	defer stop()
	tools := generated.Tools{Run: rt.NewRun(budget.New(budget.Limits{ToolCalls: 5}), nil)}

	movie, res, err := tools.Movie(ctx, generated.MovieArgs{ID: "42"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Decision, res.Outcome, movie.Movie.Title)
	// Output: allowed ok The Matrix
}

// onlyList approves writes to one watch list and declines every other: an Approver decides
// about exactly the variables that will be sent.
type onlyList string

func (l onlyList) Approve(_ context.Context, req gate.Request) (gate.Decision, error) {
	if strings.Contains(string(req.Variables), `"watchListId":"`+string(l)+`"`) {
		return gate.Decision{Approved: true}, nil
	}
	return gate.Decision{Reason: "not list " + string(l)}, nil
}

// A custom approver stands in for the console prompt: every write the catalog marks for
// approval asks it first, and a declined write is never sent.
func ExampleRuntime_NewRun() {
	ctx := context.Background()
	rt, stop := demo(ctx, nil)
	defer stop()
	run := rt.NewRun(budget.New(budget.Defaults()), onlyList("1"))

	for _, list := range []string{"1", "2"} {
		args := `{"input":{"watchListId":"` + list + `","titleId":"42","titleType":"MOVIE"}}`
		res, err := run.Call(ctx, "addWatchListItem", []byte(args))
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println("list", list+":", res.Decision, res.Outcome)
	}
	// Output:
	// list 1: approved ok
	// list 2: denied not_sent
}

// A deferred run never sends a write: it records it in a pending store, and a person confirms
// it later in another process, signed in as themselves, which sends the stored bytes once.
func ExampleRuntime_NewDeferredRun() {
	ctx := context.Background()
	rt, stop := demo(ctx, nil)
	defer stop()
	dir, err := os.MkdirTemp("", "pending")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	store, err := pending.Open(filepath.Join(dir, "pending.db"))
	if err != nil {
		log.Fatal(err)
	}
	defer store.Close()

	// The model's side: the write is recorded, not done.
	run := rt.NewDeferredRun(budget.New(budget.Defaults()), store.Deferrer(time.Hour))
	res, err := run.Call(ctx, "addWatchListItem", []byte(`{"input":{"watchListId":"1","titleId":"42","titleType":"MOVIE"}}`))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("proposed:", res.Decision, res.Outcome)

	// The confirmer's side (agent confirm does this): claim, check and send the stored bytes.
	reqs, err := store.List(ctx)
	if err != nil || len(reqs) != 1 {
		log.Fatal(err, len(reqs))
	}
	r := reqs[0]
	if _, err := store.Claim(ctx, r.ID, r.Body, "reviewer", time.Now()); err != nil {
		log.Fatal(err)
	}
	sent, err := rt.SendStored(ctx, toolrt.StoredWrite{Request: r.ID, Tool: r.Tool, Body: r.Body, BodySHA: r.BodySHA})
	if err != nil {
		log.Fatal(err)
	}
	if err := store.Finish(ctx, r.ID, "reviewer", pending.Outcome{Outcome: sent.Outcome, Result: sent.Text}, time.Now()); err != nil {
		log.Fatal(err)
	}
	fmt.Println("confirmed:", sent.Decision, sent.Outcome)
	// Output:
	// proposed: deferred not_sent
	// confirmed: confirmed ok
}
