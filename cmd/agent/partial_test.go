package main

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
	"github.com/toolgen/toolgen/toolrt"
)

// A movie answered in part, as a gateway answers when one field needs a scope the caller lacks.
const partialMovie = `{"data":{"movie":{"id":"42","title":"The Matrix","plot":null}},"errors":[{"message":"missing scope read:plot","path":["movie","plot"],"extensions":{"code":"FORBIDDEN"}}]}`

// Data with a field error is no longer an isError result (MCP hosts may drop those), but
// `agent call` still exits 1 on it, saying what it is, so a script does not take the answer for
// whole; before, it said the call failed.
func TestCallWithPartialDataSaysSo(t *testing.T) {
	srv := moviedbtest.Start(t, func(http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, partialMovie)
		})
	})
	t.Setenv("AGENT_TOKEN", "")
	out, errText, code := runAgent(t, "", "call", "-endpoint", srv.URL, "movie", `{"id":"42"}`)
	if code != 1 || !strings.Contains(out, `"code":"FORBIDDEN"`) || !strings.Contains(errText, "the movie call answered with errors next to its data (see above)") {
		t.Errorf("exit %d, stderr %s, output:\n%s", code, errText, out)
	}
}

// A review read answered in part is shown whole: narrowing it to the touched element would drop
// its errors, and the person approving the write would not learn the read is incomplete.
func TestReviewReadWithPartialDataIsNotNarrowed(t *testing.T) {
	const partial = `{"data":{"myWatchLists":[{"id":"1","name":"a","description":null},{"id":"2","name":"b","description":null}]},"errors":[{"message":"no","path":["myWatchLists",0,"description"],"extensions":{"code":"FORBIDDEN"}}]}`
	srv := moviedbtest.Start(t, func(http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, partial)
		})
	})
	cat, err := toolrt.Load(generated.CatalogJSON)
	if err != nil {
		t.Fatal(err)
	}
	rt, err := toolrt.New(cat, toolrt.Config{Endpoint: srv.URL, Role: "concierge"})
	if err != nil {
		t.Fatal(err)
	}
	vars := map[string]any{"input": map[string]any{"watchListId": "2"}}
	line, ok := runRead(context.Background(), rt, ReadSpec{Tool: "myWatchLists", Pick: map[string]string{"id": "input.watchListId"}}, vars)
	if !ok || !strings.Contains(line, "FORBIDDEN") || strings.Contains(line, "matching") {
		t.Errorf("review read: %s", line)
	}
}
