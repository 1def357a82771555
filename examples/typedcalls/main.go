// Command typedcalls is a Go program using the compiled catalog without a model and without
// hand-written JSON: it lists the user's watch lists (the first call signs in), looks a movie
// up and adds it to a watch list through the generated Tools methods and their typed answers, so every call takes the runtime's path (argument checks, the
// approval gate for the write, the run budget, the audit trail on stderr).
//
//	go run ./cmd/moviedb &
//	AGENT_PASSWORD=user123 go run ./examples/typedcalls -user user
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
	"github.com/toolgen/toolgen/toolrt/gate"
)

// loginDocument is the Movie Database's login mutation: the runtime knows no API's login, so a
// program names its own.
const loginDocument = "mutation Login($input: LoginInput!) { login(input: $input) { token } }"

func main() {
	endpoint := flag.String("endpoint", "http://127.0.0.1:8081/graphql", "the GraphQL endpoint")
	user := flag.String("user", "user", "who to log in as; the password is read from AGENT_PASSWORD")
	flag.Parse()
	password := os.Getenv("AGENT_PASSWORD")
	if password == "" {
		fmt.Fprintln(os.Stderr, "typedcalls: AGENT_PASSWORD is not set; export the password of -user (the demo's user has user123)")
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	cfg := toolrt.Config{Endpoint: *endpoint, Role: "concierge", User: *user, LoginDocument: loginDocument,
		Password: func() string { return password }, Audit: audit.New(os.Stderr, false)}
	approver := gate.NewConsole(gate.NewLines(os.Stdin), os.Stdout)
	if err := session(ctx, cfg, approver, os.Stdout); err != nil {
		fmt.Fprintf(os.Stderr, "typedcalls: %v\n", err)
		os.Exit(1)
	}
}

// session is the program's work, separate from flags so the test runs it against the demo
// server with a scripted approver. It never calls rt.Login: with a user set, the first call
// signs in (a wrong password ends the session there).
func session(ctx context.Context, cfg toolrt.Config, approver gate.Approver, out io.Writer) error {
	cat, err := toolrt.Load(generated.CatalogJSON)
	if err != nil {
		return err
	}
	rt, err := toolrt.New(cat, cfg)
	if err != nil {
		return err
	}
	tools := generated.Tools{Run: rt.NewRun(budget.New(budget.Limits{ToolCalls: 5}), approver)}

	lists, _, err := tools.MyWatchLists(ctx, generated.MyWatchListsArgs{})
	if err != nil {
		return fmt.Errorf("my watch lists: %w", err)
	}
	for _, l := range lists.MyWatchLists {
		fmt.Fprintf(out, "watch list %s: %s (%d titles)\n", l.ID, l.Name, l.ItemCount)
	}
	movie, _, err := tools.Movie(ctx, generated.MovieArgs{ID: "42"})
	if err != nil {
		return fmt.Errorf("movie 42: %w", err)
	}
	if m := movie.Movie; m != nil {
		fmt.Fprintf(out, "movie 42: %s (%d)\n", m.Title, m.ReleaseYear)
	}
	notes := "recommended by a friend"
	added, res, err := tools.AddWatchListItem(ctx, generated.AddWatchListItemArgs{Input: generated.AddWatchListItemInput{
		WatchListID: "1", TitleID: "42", TitleType: generated.TitleTypeEnumMovie, UserNotes: &notes,
	}})
	switch {
	case res.Decision == audit.Denied: // a denial is an answer, not a failure
		fmt.Fprintln(out, "add it to watch list 1: not sent (denied)")
	case err != nil:
		return fmt.Errorf("add it to watch list 1: %w", err)
	case added.AddWatchListItem.Error != nil:
		fmt.Fprintf(out, "add it to watch list 1: refused: %s\n", added.AddWatchListItem.Error.Message)
	default:
		fmt.Fprintf(out, "add it to watch list 1: added as item %s\n", added.AddWatchListItem.Item.ID)
	}
	return nil
}
