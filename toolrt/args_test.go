package toolrt

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/internal/args"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
	"github.com/toolgen/toolgen/toolrt/gate"
)

func TestFlattenedArgumentsAreWrapped(t *testing.T) {
	t.Parallel()
	endpoint, rec := startMovieDB(t)
	rt := newRuntime(t, endpoint, asUser(Config{}))
	run := rt.NewRun(nil, &scripted{answers: []string{"yes"}})
	res, err := run.Call(context.Background(), "addWatchListItem", []byte(`{"watchListId":"1","titleId":"42","titleType":"MOVIE"}`))
	if err != nil || res.IsError || !strings.Contains(res.Text, `"success":true`) {
		t.Fatalf("flattened write: %+v, %v", res, err)
	}
	if n := rec.count("Tool_addWatchListItem"); n != 1 {
		t.Errorf("server saw %d writes, want 1", n)
	}
}

func TestArgumentsRefusedBeforeAnyRequest(t *testing.T) {
	t.Parallel()
	endpoint, rec := startMovieDB(t)
	rt := newRuntime(t, endpoint, asUser(Config{}))
	approver := &scripted{answers: []string{"y", "y", "y", "y", "y", "y", "y", "y"}}
	run := rt.NewRun(budget.New(budget.Limits{ToolCalls: 100}), approver)
	huge := `{"id":"` + strings.Repeat("9", args.MaxBytes) + `"}`
	tests := []struct {
		name, tool, args, code string
	}{
		{"ambiguous flattened", "addWatchListItem", `{"watchListId":"1","titleId":"42","titleType":"MOVIE","userId":"2"}`, args.CodeInvalid},
		{"oversized", "movie", huge, args.CodeTooLarge},
		{"deep", "movie", `{"id":"1","x":` + strings.Repeat("[", 40) + strings.Repeat("]", 40) + `}`, args.CodeTooDeep},
		{"duplicate key", "movie", `{"id":"1","id":"2"}`, args.CodeDuplicateKey},
		{"duplicate inside the input object", "addWatchListItem", `{"input":{"watchListId":"1","watchListId":"2","titleId":"42","titleType":"MOVIE"}}`, args.CodeDuplicateKey},
		{"wrong type", "movie", `{"id":true}`, args.CodeInvalid},
		{"an ID with a fraction", "movie", `{"id":4.2}`, args.CodeInvalid},
		{"missing", "movie", `{}`, args.CodeInvalid},
		{"not json", "movie", `id=42`, args.CodeInvalidJSON},
		{"page size over its maximum", "movies", `{"size":100000}`, args.CodeInvalid}, // the schema's @Range(max: 100), in the input schema
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := run.Call(context.Background(), tt.tool, []byte(tt.args))
			if err != nil {
				t.Fatal(err)
			}
			var got args.Error
			if err := json.Unmarshal([]byte(res.Text), &got); err != nil || !res.IsError {
				t.Fatalf("result is not a structured error: %+v", res)
			}
			if diff := cmp.Diff(tt.code, got.Code); diff != "" {
				t.Errorf("code (-want +got):\n%s\n%s", diff, res.Text)
			}
			if len(res.Text) > 1000 {
				t.Errorf("error is %d bytes long: it echoes the arguments", len(res.Text))
			}
		})
	}
	if n := rec.toolRequests(); n != 0 || approver.asked.Load() != 0 {
		t.Errorf("%d requests sent, %d approvals asked; want none", n, approver.asked.Load())
	}
}

// TestIntegerIDReachesTheServer: {"id": 1} for an ID variable is what GraphQL's ID coercion
// accepts; the demo server (graph-gophers/graphql-go) refuses a number in an ID variable, so
// the runtime sends its digits in a string, and the approval and the audit see that body.
func TestIntegerIDReachesTheServer(t *testing.T) {
	t.Parallel()
	endpoint, rec := startMovieDB(t)
	rt := newRuntime(t, endpoint, Config{Role: "support"})
	res, err := rt.NewRun(nil, nil).Call(context.Background(), "movie", []byte(`{"id":1}`))
	if err != nil || res.IsError || !strings.Contains(res.Text, "The Shawshank Redemption") {
		t.Fatalf("movie {\"id\":1}: %+v, %v", res, err)
	}
	if n := rec.count("Tool_movie"); n != 1 {
		t.Errorf("server saw %d requests, want 1", n)
	}
}

// TestUnknownPropertyNamesTheKnownOne: the model reads which property it most likely meant.
func TestUnknownPropertyNamesTheKnownOne(t *testing.T) {
	t.Parallel()
	endpoint, rec := startMovieDB(t)
	rt := newRuntime(t, endpoint, Config{Role: "support"})
	res, err := rt.NewRun(nil, nil).Call(context.Background(), "movies", []byte(`{"filter":{"genres":"DRAMA"}}`))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"error":"invalid_arguments","problems":[{"path":"/filter","message":"unknown property \"genres\"; did you mean \"genre\"?"}]}`
	if diff := cmp.Diff(want, res.Text); diff != "" {
		t.Errorf("result (-want +got):\n%s", diff)
	}
	if n := rec.toolRequests(); n != 0 {
		t.Errorf("%d requests sent, want none", n)
	}
}

func TestUnknownToolAndRoleView(t *testing.T) {
	t.Parallel()
	endpoint, rec := startMovieDB(t)
	rt := newRuntime(t, endpoint, Config{Role: "support"})
	var names []string
	for _, d := range rt.Tools() {
		names = append(names, d.Name)
	}
	if diff := cmp.Diff([]string{"movie", "movies", "person", "search", "tvShow"}, names); diff != "" {
		t.Errorf("support tools (-want +got):\n%s", diff)
	}
	run := rt.NewRun(budget.New(budget.Defaults()), nil)
	res, err := run.Call(context.Background(), "addWatchListItem", []byte(addMatrix))
	if err != nil || !res.IsError || res.Text != unknownToolText {
		t.Errorf("tool outside the role: %+v, %v", res, err)
	}
	if n := rec.toolRequests(); n != 0 {
		t.Errorf("%d requests sent", n)
	}
}

func TestReadReturnsServerData(t *testing.T) {
	t.Parallel()
	endpoint, _ := startMovieDB(t)
	rt := newRuntime(t, endpoint, Config{})
	res, err := rt.Direct(context.Background(), "movie", []byte(`{"id":"42"}`))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"data":{"movie":{"id":"42","title":"The Matrix","releaseYear":1999,"genre":"SCIFI",`
	if diff := cmp.Diff(want, res.Text[:min(len(want), len(res.Text))]); diff != "" {
		t.Errorf("movie 42 (-want +got):\n%s", diff)
	}
	// Anonymous: the server's refusal comes back as data, with its message and path.
	res, err = rt.Direct(context.Background(), "myWatchLists", nil)
	if err != nil || !res.IsError || !strings.Contains(res.Text, `"path":["myWatchLists"]`) {
		t.Errorf("anonymous myWatchLists: %+v, %v", res, err)
	}
}

// TestNullSentAsWritten: null for a nullable variable or input field reaches the server as
// null, and the person approving a write sees it; where GraphQL refuses null, or an Int is
// outside 32 bits, nothing is sent and nobody is asked.
func TestNullSentAsWritten(t *testing.T) {
	t.Parallel()
	endpoint, rec := startMovieDB(t)
	rt := newRuntime(t, endpoint, asUser(Config{}))
	approver := &scripted{answers: []string{"yes"}}
	run := rt.NewRun(nil, approver)
	ctx := context.Background()
	res, err := run.Call(ctx, "movies", []byte(`{"filter":{"genre":null,"minYear":1999,"maxYear":1999},"page":null,"sort":null}`))
	if err != nil || res.IsError || !strings.Contains(res.Text, `"title":"The Matrix"`) {
		t.Fatalf("movies with nulls: %+v, %v", res, err)
	}
	write := `{"input":{"titleId":"42","titleType":"MOVIE","userNotes":null,"watchListId":"1"}}` // keys sorted, as sent
	res, err = run.Call(ctx, "addWatchListItem", []byte(write))
	if err != nil || res.IsError {
		t.Fatalf("write with a null: %+v, %v", res, err)
	}
	if diff := cmp.Diff(write, string(approver.seen[0].Variables)); diff != "" {
		t.Errorf("the approver was given other variables (-sent +given):\n%s", diff)
	}
	if shown := gate.ShowJSON(approver.seen[0].Variables); !strings.Contains(shown, `"userNotes":null`) {
		t.Errorf("the approval shows %s, without the null it sends", shown)
	}
	refusals := map[string]string{
		"required variable":       `{"id":null}`,
		"required input field":    `{"input":{"watchListId":null,"titleId":"42","titleType":"MOVIE"}}`,
		"Int over 32 bits":        `{"size":3000000000}`,
		"Int in a nullable input": `{"page":-2147483649}`,
	}
	tools := map[string]string{"required variable": "movie", "required input field": "addWatchListItem", "Int over 32 bits": "movies", "Int in a nullable input": "movies"}
	before := rec.toolRequests()
	for name, in := range refusals {
		res, err := run.Call(ctx, tools[name], []byte(in))
		if err != nil || res.Decision != audit.InvalidArgs {
			t.Errorf("%s: %+v, %v; want invalid arguments", name, res, err)
		}
	}
	if n := rec.toolRequests() - before; n != 0 || approver.asked.Load() != 1 {
		t.Errorf("%d requests sent and %d approvals asked for refused arguments; want none", n, approver.asked.Load()-1)
	}
}
