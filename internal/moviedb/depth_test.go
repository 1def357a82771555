package moviedb

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

// probeDepth is the course's probe-depth query: movie, 9 × (cast, movie), title.
func probeDepth(pairs int) string {
	return `query { movie(id: "1")` + strings.Repeat(" { cast { movie", pairs) + " { title " + strings.Repeat("} ", pairs*2+2)
}

func TestProbeDepthIsRefused(t *testing.T) {
	t.Parallel()
	url := startServer(t)
	body, _ := json.Marshal(map[string]string{"query": probeDepth(9)})
	status, got := post(t, url, "", body)
	const want = `{"errors":[{"message":"Query depth 20 exceeds maximum allowed depth of 15","extensions":{"classification":"ExecutionAborted"}}]}`
	if status != 200 || string(got) != want {
		t.Errorf("probe-depth = %d %s\nwant 200 %s", status, got, want)
	}
}

func TestDepthLimitBoundary(t *testing.T) {
	t.Parallel()
	url := startServer(t)
	// movie + 6 pairs + title = 14; movie + 7 pairs + title = 16. Six nested cast lists are
	// over the cost limit (cost.go), so depth 14 passes the depth check and meets that one.
	if resp := gql(t, url, "", probeDepth(6), nil, nil); len(resp.Errors) != 1 || strings.Contains(resp.Errors[0].Message, "depth") {
		t.Errorf("depth 14: %+v, want the cost refusal only", resp.Errors)
	}
	resp := gql(t, url, "", probeDepth(7), nil, nil)
	if len(resp.Errors) != 1 || resp.Errors[0].Message != "Query depth 16 exceeds maximum allowed depth of 15" {
		t.Errorf("depth 16: %+v", resp.Errors)
	}
}

func TestQueryDepthCounting(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, query string
		want        int
	}{
		{"one field", `{ a }`, 1},
		{"nested", `{ a { b { c } } d }`, 3},
		{"inline fragment adds nothing", `{ a { ... on T { b { c } } } }`, 3},
		{"spread adds nothing", `{ a { ...F } } fragment F on T { b { c } }`, 3},
		{"cycle stops", `{ a { ...F } } fragment F on T { b { ...F } }`, 2},
		{"deepest operation", `query A { a } query B { a { b { c { d } } } }`, 4},
		{"unknown fragment", `{ a { ...Missing } }`, 1},
	}
	for _, tt := range tests {
		doc, err := parser.ParseQuery(&ast.Source{Input: tt.query})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := queryDepth(doc); got != tt.want {
			t.Errorf("%s: depth %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestFragmentBombIsCheap(t *testing.T) {
	t.Parallel()
	// F0 spreads F1 twice, F1 spreads F2 twice, …: 2^40 paths without memoisation.
	var b strings.Builder
	b.WriteString("{ ...F0 }\n")
	for i := range 40 {
		b.WriteString("fragment F" + strconv.Itoa(i) + " on Query { a: movie(id: \"1\") { ...F" + strconv.Itoa(i+1) + " } b: movie(id: \"2\") { ...F" + strconv.Itoa(i+1) + " } }\n")
	}
	b.WriteString("fragment F40 on Movie { title }\n")
	doc, err := parser.ParseQuery(&ast.Source{Input: b.String()})
	if err != nil {
		t.Fatal(err)
	}
	if got := queryDepth(doc); got != 41 {
		t.Errorf("depth %d, want 41", got)
	}
}

func TestIntrospectionPassesTheDepthLimit(t *testing.T) {
	t.Parallel()
	query, err := os.ReadFile("testdata/introspection.graphql")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := parser.ParseQuery(&ast.Source{Input: string(query)})
	if err != nil {
		t.Fatal(err)
	}
	if got := queryDepth(doc); got != 13 {
		t.Errorf("introspection depth %d, want 13", got)
	}
	url := startServer(t)
	var data struct {
		Schema struct{ Types []json.RawMessage } `json:"__schema"`
	}
	resp := gql(t, url, "", string(query), nil, &data)
	if len(resp.Errors) > 0 || len(data.Schema.Types) == 0 {
		t.Errorf("introspection: %d types, errors %+v", len(data.Schema.Types), resp.Errors)
	}
}

func TestSubscriptionIsNotAvailable(t *testing.T) {
	t.Parallel()
	url := startServer(t)
	resp := gql(t, url, "", `subscription { reviewAdded(movieId: "42") { title } }`, nil, nil)
	want := []gqlErr{{Message: "reviewAdded is not available in the demo server",
		Extensions: map[string]any{"classification": "OperationNotSupported"}}}
	if diff := cmp.Diff(want, resp.Errors); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
