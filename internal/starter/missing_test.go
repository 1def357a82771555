package starter

import (
	"os"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/tokencount/tokentest"
)

// TestMissingListsOnlyUnmentionedFields: after the API grows, init -new prints the root fields
// the allow-list does not name, as a tool or commented out; pasted under tools:, they compile.
// Before, a team had to diff the schema by hand (init refuses to replace the allow-list).
func TestMissingListsOnlyUnmentionedFields(t *testing.T) {
	schema, err := os.ReadFile("../../schema.graphql")
	if err != nil {
		t.Fatal(err)
	}
	// movie kept, search quoted, addWatchListItem commented out as the starter prints it; every
	// other root field (person, tvShow, movies, …) is new to this file.
	allow := "tools:\n  movie: {}\n  \"search\": {}\n  # addWatchListItem: {}  # a write\n"
	out, ds := Missing(oneFile("schema.graphql", schema), "allowlist.yaml", []byte(allow), tokentest.Cache(t))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	text := string(out)
	for _, gone := range []string{"movie:", "search:", "addWatchListItem:"} {
		if strings.Contains(text, " "+gone) {
			t.Errorf("%s is in the allow-list but printed again:\n%s", gone, text)
		}
	}
	for _, want := range []string{"  person: {}", "  tvShow: {}", "that allowlist.yaml does not mention"} {
		if !strings.Contains(text, want) {
			t.Errorf("lacks %q:\n%s", want, text)
		}
	}
	if n := compiles(t, schema, []byte(allow+text)); n < 4 {
		t.Errorf("pasted under tools:, %d tools compile:\n%s%s", n, allow, text)
	}
	full, _ := Allowlist(oneFile("schema.graphql", schema), tokentest.Cache(t))
	again, _ := Missing(oneFile("schema.graphql", schema), "allowlist.yaml", full, tokentest.Cache(t))
	if !strings.HasPrefix(string(again), "# Every root field of schema.graphql is in allowlist.yaml") {
		t.Errorf("against the full starter:\n%s", again)
	}
}
