package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/internal/moviedb"
	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
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

// config signs in as the demo's user with password, auditing into trail.
func config(url, password string, trail *bytes.Buffer) toolrt.Config {
	return toolrt.Config{Endpoint: url, Role: "concierge", User: moviedbtest.User, LoginDocument: moviedb.LoginDocument,
		Password: func() string { return password }, Audit: audit.New(trail, false)}
}

// The example program against the demo server on loopback: its first call (the user's own
// watch lists, which need a signed-in user) signs in without rt.Login, the typed movie call
// answers, and the typed write goes through the approval gate: sent when approved, not sent
// when denied, and audited either way.
func TestTypedCalls(t *testing.T) {
	for _, approve := range []bool{true, false} {
		name := map[bool]string{true: "approved", false: "denied"}[approve]
		t.Run(name, func(t *testing.T) {
			srv := moviedbtest.Start(t)
			var trail, out bytes.Buffer
			a := &answer{approve: approve}
			if err := session(t.Context(), config(srv.URL, moviedbtest.Password, &trail), a, &out); err != nil {
				t.Fatalf("session: %v\n%s", err, out.String())
			}
			for _, want := range []string{"watch list 1: ", "movie 42: The Matrix (1999)\n"} {
				if !strings.Contains(out.String(), want) {
					t.Errorf("output lacks %q:\n%s", want, out.String())
				}
			}
			if len(a.asked) != 1 || a.asked[0].Tool != generated.ToolAddWatchListItem {
				t.Errorf("approvals asked: %+v, want one for addWatchListItem", a.asked)
			}
			sent := strings.Contains(out.String(), "added as item ")
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
			if n := moviedbtest.ItemCount(t, srv.URL, "1"); n != want1 {
				t.Errorf("after the %s write list 1 has %d items, want %d", name, n, want1)
			}
		})
	}
}

// A wrong password stops the session at its first call, in the login's words, and sends
// nothing else: before, that call went out anonymously while the audit named the user.
func TestFirstCallSignsIn(t *testing.T) {
	srv := moviedbtest.Start(t)
	var trail, out bytes.Buffer
	err := session(t.Context(), config(srv.URL, "wrong", &trail), &answer{}, &out)
	if !errors.Is(err, toolrt.ErrAuth) || !strings.Contains(err.Error(), `login as "user" failed`) {
		t.Errorf("session with a wrong password: %v, want the login's failure", err)
	}
	if n := srv.Requests(); n != 1 {
		t.Errorf("%d requests reached the API, want the login alone", n)
	}
}

// Every tool of the catalog, called through its generated method against the demo server,
// decodes the API's whole data into its typed answer: every key of Result.Data has a field
// (decoded strictly), and the union's member pointers follow __typename.
func TestEveryToolDecodes(t *testing.T) {
	srv := moviedbtest.Start(t)
	var trail bytes.Buffer
	cat, err := toolrt.Load(generated.CatalogJSON)
	if err != nil {
		t.Fatal(err)
	}
	rt, err := toolrt.New(cat, config(srv.URL, moviedbtest.Password, &trail))
	if err != nil {
		t.Fatal(err)
	}
	tools := generated.Tools{Run: rt.NewRun(nil, &answer{approve: true})}
	ctx := t.Context()
	var called []string
	check := func(tool string, answer any, res toolrt.Result, err error) {
		t.Helper()
		called = append(called, tool)
		if err != nil || reflect.ValueOf(answer).IsNil() {
			t.Fatalf("%s: %v\n%s", tool, err, res.Text)
		}
		strict := reflect.New(reflect.TypeOf(answer).Elem()).Interface()
		dec := json.NewDecoder(bytes.NewReader(res.Data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(strict); err != nil {
			t.Errorf("%s: the data has a key its answer type lacks: %v\n%s", tool, err, res.Data)
		}
	}

	var personID, showID string
	for _, q := range []string{"the", "breaking", "office", "friends", "a"} {
		if personID != "" && showID != "" {
			break
		}
		found, res, err := tools.Search(ctx, generated.SearchArgs{Query: q})
		check(generated.ToolSearch, found, res, err)
		for _, r := range found.Search {
			set := map[string]bool{"Movie": r.Movie != nil, "TvShow": r.TvShow != nil, "Person": r.Person != nil}
			for typ, ok := range set {
				if ok != (typ == r.Typename) {
					t.Errorf("a %s search result has its %s member set = %v", r.Typename, typ, ok)
				}
			}
			if r.Person != nil && personID == "" {
				personID = r.Person.ID
			}
			if r.TvShow != nil && showID == "" {
				showID = r.TvShow.ID
			}
		}
	}
	if personID == "" || showID == "" {
		t.Fatal("search found no person or no show")
	}
	movie, res, err := tools.Movie(ctx, generated.MovieArgs{ID: "42"})
	check(generated.ToolMovie, movie, res, err)
	if movie.Movie == nil || movie.Movie.Title != "The Matrix" || len(movie.Movie.Directors) == 0 {
		t.Errorf("movie 42 decoded as %+v", movie.Movie)
	}
	size := int32(3)
	movies, res, err := tools.Movies(ctx, generated.MoviesArgs{Size: &size})
	check(generated.ToolMovies, movies, res, err)
	if len(movies.Movies.Content) != 3 {
		t.Errorf("a page of 3 movies decoded as %+v", movies.Movies)
	}
	person, res, err := tools.Person(ctx, generated.PersonArgs{ID: personID})
	check(generated.ToolPerson, person, res, err)
	show, res, err := tools.TvShow(ctx, generated.TvShowArgs{ID: showID})
	check(generated.ToolTvShow, show, res, err)
	lists, res, err := tools.MyWatchLists(ctx, generated.MyWatchListsArgs{})
	check(generated.ToolMyWatchLists, lists, res, err)
	added, res, err := tools.AddWatchListItem(ctx, generated.AddWatchListItemArgs{Input: generated.AddWatchListItemInput{
		WatchListID: lists.MyWatchLists[0].ID, TitleID: "42", TitleType: generated.TitleTypeEnumMovie}})
	check(generated.ToolAddWatchListItem, added, res, err)
	if item := added.AddWatchListItem.Item; item == nil || item.TitleType != generated.TitleTypeEnumMovie {
		t.Errorf("the added item decoded as %+v", item)
	}

	var all []string
	for _, tool := range cat.Tools {
		all = append(all, tool.Name)
	}
	slices.Sort(all)
	slices.Sort(called)
	called = slices.Compact(called)
	if !slices.Equal(all, called) {
		t.Errorf("called %v, want every tool of the catalog %v", called, all)
	}
}

// A typed call of a tool outside the run's role is refused like a model's: no answer, and an
// error that says so.
func TestTypedCallOutsideRole(t *testing.T) {
	srv := moviedbtest.Start(t)
	cat, _ := toolrt.Load(generated.CatalogJSON)
	rt, err := toolrt.New(cat, toolrt.Config{Endpoint: srv.URL, Role: "support"})
	if err != nil {
		t.Fatal(err)
	}
	got, res, err := generated.Tools{Run: rt.NewRun(nil, nil)}.MyWatchLists(t.Context(), generated.MyWatchListsArgs{})
	if got != nil || !errors.Is(err, toolrt.ErrNoAnswer) || res.Decision != audit.UnknownTool {
		t.Errorf("support calling myWatchLists: %v %+v %v, want refused as unknown", got, res, err)
	}
}
