package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/toolrt"
)

func conciergeTools(t *testing.T) []toolrt.ToolDef {
	t.Helper()
	cat, err := toolrt.Load(generated.CatalogJSON)
	if err != nil {
		t.Fatal(err)
	}
	rt, err := toolrt.New(cat, toolrt.Config{Endpoint: "http://127.0.0.1:1/graphql", Role: "concierge"})
	if err != nil {
		t.Fatal(err)
	}
	return rt.Tools()
}

func TestReviewReadsDerivedFromNames(t *testing.T) {
	got := reviewReads(nil, "addWatchListItem", conciergeTools(t))
	want := []ReadSpec{
		{Tool: "movie", Args: map[string]string{"id": "input.titleId"}, When: map[string]string{"input.titleType": "MOVIE"}},
		{Tool: "tvShow", Args: map[string]string{"id": "input.titleId"}, When: map[string]string{"input.titleType": "TV_SHOW"}},
		{Tool: "myWatchLists", Pick: map[string]string{"id": "input.watchListId"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("derived reads (-want +got):\n%s", diff)
	}
	if got := reviewReads(nil, "movie", conciergeTools(t)); got != nil {
		t.Errorf("a read tool got reads: %+v", got)
	}
}

func TestReviewReadsConfiguredWin(t *testing.T) {
	conf := map[string][]ReadSpec{"addWatchListItem": {{Tool: "myWatchLists"}}}
	if got := reviewReads(conf, "addWatchListItem", conciergeTools(t)); len(got) != 1 || got[0].Tool != "myWatchLists" {
		t.Errorf("configured reads: %+v", got)
	}
}

func TestPickKeepsTheTouchedElement(t *testing.T) {
	vars := map[string]any{"input": map[string]any{"watchListId": "2"}}
	text := `{"data":{"myWatchLists":[{"id":"1","name":"a"},{"id":"2","name":"b"},{"id":2,"name":"number"}]}}`
	got, n := pick(text, map[string]string{"id": "input.watchListId"}, vars)
	if n != 2 || got != `[{"id":"2","name":"b"},{"id":2,"name":"number"}]` {
		t.Errorf("pick = %s (%d)", got, n)
	}
	if got, n := pick("not json", map[string]string{"id": "input.watchListId"}, vars); n != 0 || got != "not json" {
		t.Errorf("pick of non-JSON = %s (%d)", got, n)
	}
}

func TestCamel(t *testing.T) {
	for in, want := range map[string]string{"MOVIE": "movie", "TV_SHOW": "tvShow", "A__B": "aB", "": ""} {
		if got := camel(in); got != want {
			t.Errorf("camel(%q) = %q, want %q", in, got, want)
		}
	}
}
