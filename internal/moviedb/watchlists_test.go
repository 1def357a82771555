package moviedb

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const addItem = `mutation($l: ID!, $t: ID!, $k: TitleTypeEnum!, $n: String) {
  addWatchListItem(input: {watchListId: $l, titleId: $t, titleType: $k, userNotes: $n}) {
    success item { id titleType watched userNotes title { __typename id title } } error { code message } } }`

// addResult is addWatchListItem's payload as the tests read it.
type addResult struct {
	Success bool
	Item    *struct {
		ID        string
		TitleType string
		Watched   bool
		UserNotes *string
		Title     *struct{ Typename, ID, Title string }
	}
	Error *struct{ Code, Message string }
}

func add(t *testing.T, url, token, list, title, kind string) (addResult, gqlResponse) {
	t.Helper()
	var data struct{ AddWatchListItem addResult }
	resp := gql(t, url, token, strings.ReplaceAll(addItem, "__typename", "typename: __typename"),
		map[string]any{"l": list, "t": title, "k": kind, "n": "first"}, &data)
	return data.AddWatchListItem, resp
}

func TestAddTheMatrixIsIdempotent(t *testing.T) {
	t.Parallel()
	url := startServer(t)
	token := login(t, url, "user", "user123")
	first, resp := add(t, url, token, "1", "42", "MOVIE")
	if len(resp.Errors) > 0 || !first.Success || first.Item == nil || first.Error != nil {
		t.Fatalf("first add = %+v, errors %+v", first, resp.Errors)
	}
	if first.Item.ID != "5" || first.Item.Title.Title != "The Matrix" || first.Item.Title.Typename != "Movie" {
		t.Errorf("first add item = %+v, want item 5 for The Matrix", first.Item)
	}
	second, _ := add(t, url, token, "1", "42", "MOVIE")
	if diff := cmp.Diff(first, second); diff != "" {
		t.Errorf("second add differs from the first (-first +second):\n%s", diff)
	}
	if got := itemCount(t, url, token, "1"); got != 3 {
		t.Errorf("list 1 itemCount = %d, want 3", got)
	}
}

func itemCount(t *testing.T, url, token, list string) int {
	t.Helper()
	var data struct{ WatchList struct{ ItemCount int } }
	resp := gql(t, url, token, `query($id: ID!) { watchList(id: $id) { itemCount } }`, map[string]any{"id": list}, &data)
	if len(resp.Errors) > 0 {
		t.Fatalf("watchList %s: %+v", list, resp.Errors)
	}
	return data.WatchList.ItemCount
}

func TestAddToSomeoneElsesListIsForbidden(t *testing.T) {
	t.Parallel()
	url := startServer(t)
	_, resp := add(t, url, login(t, url, "user", "user123"), "3", "42", "MOVIE")
	want := []gqlErr{{Message: "Forbidden", Path: []any{"addWatchListItem"}, Extensions: map[string]any{"classification": "FORBIDDEN"}}}
	if diff := cmp.Diff(want, resp.Errors); diff != "" || string(resp.Data) != "null" {
		t.Errorf("errors (-want +got):\n%s\ndata: %s", diff, resp.Data)
	}
	_, resp = add(t, url, "", "1", "42", "MOVIE")
	if diff := cmp.Diff([]string{"UNAUTHORIZED"}, classifications(resp)); diff != "" {
		t.Errorf("anonymous (-want +got):\n%s", diff)
	}
}

func TestAddErrorsAsData(t *testing.T) {
	t.Parallel()
	url := startServer(t)
	token := login(t, url, "user", "user123")
	tests := []struct{ list, title, kind, code, message string }{
		{"one", "42", "MOVIE", "INVALID_ID", `watchListId must be a numeric id such as "2", and "one" is not one. Call myWatchLists to see the ids you can use.`},
		{"1", "matrix", "MOVIE", "INVALID_ID", `titleId must be a numeric id such as "2", and "matrix" is not one. Call myWatchLists to see the ids you can use.`},
		{"x", "y", "MOVIE", "INVALID_ID", `watchListId must be a numeric id such as "2", and "x" is not one. Call myWatchLists to see the ids you can use.`},
		{"99", "42", "MOVIE", "WATCHLIST_NOT_FOUND", "No watch list exists with id 99. Call myWatchLists to see the ids you can use."},
		{"99", "999", "MOVIE", "WATCHLIST_NOT_FOUND", "No watch list exists with id 99. Call myWatchLists to see the ids you can use."},
		{"1", "999", "MOVIE", "TITLE_NOT_FOUND", "No MOVIE exists with id 999"},
		{"1", "42", "TV_SHOW", "TITLE_NOT_FOUND", "No TV_SHOW exists with id 42"},
	}
	for _, tt := range tests {
		got, resp := add(t, url, token, tt.list, tt.title, tt.kind)
		want := addResult{Error: &struct{ Code, Message string }{tt.code, tt.message}}
		if diff := cmp.Diff(want, got); diff != "" || len(resp.Errors) > 0 {
			t.Errorf("add(%s, %s, %s) (-want +got):\n%s\nerrors: %+v", tt.list, tt.title, tt.kind, diff, resp.Errors)
		}
	}
	// A wrong enum value is a GraphQL error, not data.
	_, resp := add(t, url, token, "1", "42", "movie")
	if len(resp.Errors) == 0 || resp.Data != nil {
		t.Errorf("titleType movie: errors %+v data %s, want an error and no data", resp.Errors, resp.Data)
	}
}

func TestConcurrentAddsLoseNothing(t *testing.T) {
	t.Parallel()
	url := startServer(t)
	token := login(t, url, "user", "user123")
	var titles []string
	for id := 1; len(titles) < 50; id++ {
		if id != 40 { // Inception is already on list 1
			titles = append(titles, fmt.Sprint(id))
		}
	}
	ids := make([]string, len(titles))
	var wg sync.WaitGroup
	for i, title := range titles {
		wg.Go(func() {
			res, resp := add(t, url, token, "1", title, "MOVIE")
			if !res.Success || len(resp.Errors) > 0 {
				t.Errorf("add %s: %+v %+v", title, res, resp.Errors)
				return
			}
			ids[i] = res.Item.ID
		})
	}
	wg.Wait()
	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id] {
			t.Errorf("item id %s handed out twice", id)
		}
		seen[id] = true
	}
	if got := itemCount(t, url, token, "1"); got != 52 {
		t.Errorf("list 1 itemCount = %d, want 2 seeded + 50 added", got)
	}
}

func TestWatchListReadRules(t *testing.T) {
	t.Parallel()
	url := startServer(t)
	user, admin := login(t, url, "user", "user123"), login(t, url, "admin", "admin123")
	tests := []struct {
		name, token, id string
		want            []string
	}{
		{"public list, anonymous", "", "3", nil},
		{"own private list", user, "1", nil},
		{"private list, anonymous", "", "1", []string{"UNAUTHORIZED"}},
		{"someone else's private list", admin, "1", []string{"FORBIDDEN"}},
		{"unknown list", user, "77", []string{"INTERNAL_ERROR"}},
		{"non-numeric id", user, "abc", []string{"BAD_REQUEST"}},
	}
	for _, tt := range tests {
		resp := gql(t, url, tt.token, `query($id: ID!) { watchList(id: $id) { id name } }`, map[string]any{"id": tt.id}, nil)
		if diff := cmp.Diff(tt.want, classifications(resp)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
	resp := gql(t, url, user, `{ watchList(id: "77") { id } }`, nil, nil)
	ext := resp.Errors[0].Extensions
	if ref, _ := ext["reference"].(string); ref == "" || !strings.HasSuffix(resp.Errors[0].Message, "Reference: "+ref) {
		t.Errorf("internal error %+v, want the reference in message and extensions", resp.Errors[0])
	}
}

func TestWatchListWrites(t *testing.T) {
	t.Parallel()
	url := startServer(t)
	user, admin := login(t, url, "user", "user123"), login(t, url, "admin", "admin123")
	var created struct {
		CreateWatchList struct {
			ID, Name string
			IsPublic bool
		}
	}
	gql(t, url, user, `mutation { createWatchList(input: {name: "Noir"}) { id name isPublic } }`, nil, &created)
	if created.CreateWatchList.ID != "4" || created.CreateWatchList.IsPublic {
		t.Errorf("created = %+v, want private list 4", created.CreateWatchList)
	}
	steps := []struct {
		name, token, query string
		want               []string
	}{
		{"rename own", user, `mutation { updateWatchList(id: "4", input: {name: "Film noir", isPublic: true}) { name } }`, nil},
		{"rename foreign", admin, `mutation { updateWatchList(id: "4", input: {name: "Mine"}) { name } }`, []string{"FORBIDDEN"}},
		{"mark own item", user, `mutation { markWatchListItemWatched(id: "1", watched: true) { watched watchedAt } }`, nil},
		{"mark foreign item", user, `mutation { markWatchListItemWatched(id: "4", watched: true) { watched } }`, []string{"FORBIDDEN"}},
		{"remove own item", user, `mutation { removeWatchListItem(id: "2") { success deletedId } }`, nil},
		{"remove unknown item", user, `mutation { removeWatchListItem(id: "2") { success } }`, []string{"INTERNAL_ERROR"}},
		{"delete anonymous", "", `mutation { deleteWatchList(id: "4") { success } }`, []string{"UNAUTHORIZED"}},
		{"delete own", user, `mutation { deleteWatchList(id: "4") { success deletedId } }`, nil},
		{"create anonymous", "", `mutation { createWatchList(input: {name: "x"}) { id } }`, []string{"UNAUTHORIZED"}},
		{"create too long", user, `mutation { createWatchList(input: {name: "` + strings.Repeat("n", 121) + `"}) { id } }`, []string{"BAD_REQUEST"}},
	}
	for _, s := range steps {
		resp := gql(t, url, s.token, s.query, nil, nil)
		if diff := cmp.Diff(s.want, classifications(resp)); diff != "" {
			t.Errorf("%s (-want +got):\n%s\nerrors: %+v", s.name, diff, resp.Errors)
		}
	}
	var lists struct {
		MyWatchLists []struct {
			ID        string
			ItemCount int
		}
	}
	gql(t, url, user, `{ myWatchLists { id itemCount } }`, nil, &lists)
	want := []struct {
		ID        string
		ItemCount int
	}{{"1", 1}, {"2", 1}}
	if diff := cmp.Diff(want, lists.MyWatchLists); diff != "" {
		t.Errorf("lists after the writes (-want +got):\n%s", diff)
	}
}
