package generate

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/introspect"
)

// introspectionJSON is a saved introspection answer on one line, as tools save it: a query
// whose argument names the acting identity (a positioned lint warning).
const introspectionJSON = `{"data":{"__schema":{"queryType":{"name":"Query"},"mutationType":null,"subscriptionType":null,"directives":[],"types":[` +
	`{"kind":"OBJECT","name":"Query","fields":[{"name":"orders","description":"The orders a customer placed, newest first, with their totals and status.","args":[{"name":"viewerId","type":{"kind":"NON_NULL","ofType":{"kind":"SCALAR","name":"ID"}}}],"type":{"kind":"LIST","ofType":{"kind":"OBJECT","name":"Order"}},"isDeprecated":false}],"interfaces":[]},` +
	`{"kind":"OBJECT","name":"Order","fields":[{"name":"id","args":[],"type":{"kind":"NON_NULL","ofType":{"kind":"SCALAR","name":"ID"}},"isDeprecated":false},{"name":"total","args":[],"type":{"kind":"SCALAR","name":"Int"},"isDeprecated":false}],"interfaces":[]},` +
	`{"kind":"SCALAR","name":"ID"},{"kind":"SCALAR","name":"Int"},{"kind":"SCALAR","name":"String"},{"kind":"SCALAR","name":"Boolean"}]}}}`

// TestIntrospectionPositions: a schema given as introspection JSON is compiled as its SDL, so
// its positions name that SDL (not the one-line JSON), a note says once how to print it, and
// the position is right in what that command prints.
func TestIntrospectionPositions(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "api.json"), []byte(introspectionJSON), 0o644)
	os.WriteFile(filepath.Join(dir, "allowlist.yaml"), []byte("tools:\n  orders: {}\n"), 0o644)
	in, ds := Read(dir, "api.json", "allowlist.yaml", "tool-selections")
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	files, ds := FilesWith(in, Options{})
	if files == nil {
		t.Fatal(ds)
	}
	text := ds.String()
	note := "api.json.graphql: warning: the positions in api.json.graphql are lines of the SDL that toolgen compiles from the introspection result api.json; print it with `toolgen introspect api.json -o api.json.graphql`"
	if !strings.HasPrefix(text, note) || strings.Count(text, "are lines of the SDL") != 1 {
		t.Errorf("want the note once, first:\n%s", text)
	}
	m := regexp.MustCompile(`(?m)^api\.json\.graphql:(\d+):(\d+): warning: identity-input: .*viewerId`).FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("no identity-input warning positioned in api.json.graphql:\n%s", text)
	}
	s, _ := introspect.Parse([]byte(introspectionJSON))
	sdl, _ := introspect.SDL(s)
	line, _ := strconv.Atoi(m[1])
	col, _ := strconv.Atoi(m[2])
	if l := strings.Split(string(sdl), "\n")[line-1]; !strings.HasPrefix(l[col-1:], "viewerId") {
		t.Errorf("line %d of the printed SDL is %q, want viewerId at column %d", line, l, col)
	}
	if strings.Contains(text, "api.json:") {
		t.Errorf("a position still names the JSON:\n%s", text)
	}
	if !strings.Contains(string(files["catalog.go"]), "from api.json,") {
		t.Errorf("the generated header no longer names the input as given")
	}
}

// TestNamedSelectionsFolderMustExist: a -selections folder that does not exist was read as "no
// overrides", so a typo compiled every tool from the default selection without a word. Now
// only the default folder may be missing; another is an error naming it and the flag.
func TestNamedSelectionsFolderMustExist(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "api.json"), []byte(introspectionJSON), 0o644)
	os.WriteFile(filepath.Join(dir, "allowlist.yaml"), []byte("tools:\n  orders: {}\n"), 0o644)
	if _, ds := Read(dir, "api.json", "allowlist.yaml", DefaultSelections); ds.HasErrors() {
		t.Errorf("a missing default folder: %v, want no overrides", ds)
	}
	_, ds := Read(dir, "api.json", "allowlist.yaml", "selections-typo")
	if !ds.HasErrors() || !strings.Contains(ds.String(), "selections-typo: the selections folder does not exist") || !strings.Contains(ds.String(), "-selections") {
		t.Errorf("a missing named folder: %q, want an error naming it and -selections", ds.String())
	}
}
