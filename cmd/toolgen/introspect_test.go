package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/introspect"
	"github.com/toolgen/toolgen/internal/moviedb"
)

// toolgen introspect prints the demo server's schema (headers sent), the printed SDL generates
// the committed catalog's tools, and a saved introspection JSON works as -schema directly.
func TestIntrospectThenGenerate(t *testing.T) {
	t.Parallel()
	h, err := moviedb.NewHandler()
	if err != nil {
		t.Fatal(err)
	}
	var gotHeader string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotHeader = r.Header.Get("X-Api-Key")
		h.ServeHTTP(w, r)
	}))
	defer srv.Close()
	code, sdl, stderr := toolgen(t, "introspect", "-header", "X-Api-Key: k1", srv.URL+"/graphql")
	if code != 0 {
		t.Fatalf("introspect: exit %d\n%s", code, stderr)
	}
	if gotHeader != "k1" {
		t.Errorf("-header not sent: got %q", gotHeader)
	}
	for _, w := range []string{`@deprecated(reason: "Use 'search' instead.")`, "scalar DateTime", "size: Int = 10"} {
		if !strings.Contains(sdl, w) {
			t.Errorf("SDL lacks %q", w)
		}
	}
	dir, args := workspace(t)
	if err := os.WriteFile(filepath.Join(dir, "schema.graphql"), []byte(sdl), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := toolgen(t, append(args[:len(args)-2], "-out", filepath.Join("..", "..", "generated"), "-check")...); code == 0 || !strings.Contains(stderr, "catalog.json") || strings.Contains(stderr, "tools.go") {
		t.Errorf("want only catalog.json's provenance to differ from generated/: exit %d\n%s", code, stderr)
	}

	// The same answer saved as JSON is accepted by -schema.
	raw := introspectionJSON(t, srv.URL+"/graphql")
	jsonPath := filepath.Join(dir, "schema.json")
	os.WriteFile(jsonPath, raw, 0o644)
	args[1] = jsonPath
	if code, _, stderr := toolgen(t, args...); code != 0 {
		t.Fatalf("generate from introspection JSON: exit %d\n%s", code, stderr)
	}
	os.WriteFile(jsonPath, []byte(`{"data": {"__schema": {"types": 1}}}`), 0o644)
	if code, _, stderr := toolgen(t, args...); code != 1 || !strings.Contains(stderr, "schema.json") || !strings.Contains(stderr, "line 1") {
		t.Errorf("a broken introspection JSON: exit %d, want its name and position\n%s", code, stderr)
	}
}

// introspectionJSON saves the raw answer of the full introspection query, as other tools do.
func introspectionJSON(t *testing.T, url string) []byte {
	t.Helper()
	q, _ := json.Marshal(map[string]string{"query": introspect.Query(introspect.Features{SpecifiedBy: "specifiedByURL"})})
	body := bytes.NewReader(q)
	resp, err := http.Post(url, "application/json", body)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b strings.Builder
	if _, err := io.Copy(&b, resp.Body); err != nil {
		t.Fatal(err)
	}
	return []byte(b.String())
}

func TestIntrospectRefusals(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"introspect"}, 2, "want one URL"},
		{[]string{"introspect", "-header", "nocolon", "http://127.0.0.1:1/graphql"}, 2, "'Name: value'"},
		{[]string{"introspect", "-header", "Authorization: Bearer x", "http://api.example.com/graphql"}, 1, "use https"},
		// Flags after the URL are flags (the journey's `introspect URL -header …` exited 2).
		{[]string{"introspect", "http://api.example.com/graphql", "-header", "Authorization: Bearer x"}, 1, "use https"},
		{[]string{"introspect", "a.json", "http://alice:hunter2@api.example.com/graphql"}, 2, "want one URL or introspection JSON file, got 2"},
		{[]string{"introspect", "--", "-header"}, 1, "-header is neither"},
		{[]string{"introspect", "no-such-file.json"}, 1, "neither an http(s) URL nor a readable file"},
		{[]string{"introspect", "http://alice:hunter2@api.example.com/graphql"}, 1, "refusing to send the URL's user and password over plain http to api.example.com"},
		{[]string{"introspect", "htp://alice:hunter2@api.example.com/graphql"}, 1, "htp://alice:xxxxx@api.example.com/graphql is neither"},
		{[]string{"introspect", "http://alice:hunter2@127.0.0.1:1/graphql"}, 1, "http://alice:xxxxx@127.0.0.1:1/graphql: dial tcp"},
	} {
		code, _, stderr := toolgen(t, tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) || strings.Contains(stderr, "hunter2") {
			t.Errorf("%q: exit %d, want %d with %q and no password\n%s", tc.args, code, tc.code, tc.want, stderr)
		}
	}
	if code, _, stderr := toolgen(t, "introspect", "-h"); code != 0 || !strings.Contains(stderr, "usage: toolgen introspect") {
		t.Errorf("-h: exit %d\n%s", code, stderr)
	}
}

// toolgen init prints an allow-list that generates as printed; problems name the schema file.
func TestInitThenGenerate(t *testing.T) {
	t.Parallel()
	dir, args := workspace(t)
	code, out, stderr := toolgen(t, "init", "-schema", filepath.Join(dir, "schema.graphql"))
	if code != 0 || !strings.Contains(out, "  movie: {}") {
		t.Fatalf("init: exit %d\n%s\n%s", code, stderr, out)
	}
	if err := os.WriteFile(filepath.Join(dir, "allowlist.yaml"), []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	os.RemoveAll(filepath.Join(dir, "tool-selections"))
	os.Mkdir(filepath.Join(dir, "tool-selections"), 0o755) // no overrides: args name the folder, which must exist
	if code, _, stderr := toolgen(t, args...); code != 0 {
		t.Errorf("generate from the starter allow-list: exit %d\n%s", code, stderr)
	}
	if code, _, stderr := toolgen(t, "init", "-schema", filepath.Join(dir, "nope.graphql")); code != 1 || !strings.Contains(stderr, "nope.graphql") {
		t.Errorf("missing schema: exit %d\n%s", code, stderr)
	}
	if code, _, stderr := toolgen(t, "init", "extra"); code != 2 || !strings.Contains(stderr, "-schema") {
		t.Errorf("stray argument: exit %d\n%s", code, stderr)
	}
}

// -o writes only a complete result: a failed introspection leaves the last good schema alone,
// and init never replaces an allow-list someone has already edited.
func TestOutputFilesAreSafe(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	schema := filepath.Join(dir, "schema.graphql")
	os.WriteFile(schema, []byte("type Query { kept: Int }\n"), 0o644)
	if code, _, _ := toolgen(t, "introspect", "-o", schema, "http://127.0.0.1:1/graphql"); code != 1 {
		t.Errorf("introspecting a closed port: exit %d", code)
	}
	if got := readFile(t, schema); got != "type Query { kept: Int }\n" {
		t.Errorf("a failed introspect changed the schema file to %q", got)
	}
	saved := filepath.Join(dir, "saved.json")
	os.WriteFile(saved, []byte(`{"data": {"__schema": {"queryType": {"name": "Query"}, "types": [{"kind": "OBJECT", "name": "Query", "fields": [{"name": "a", "args": [], "type": {"kind": "SCALAR", "name": "Int"}}]}]}}}`), 0o644)
	missing := filepath.Join(dir, "no-such-folder", "schema.graphql")
	if code, _, stderr := toolgen(t, "introspect", "-o", missing, saved); code != 1 || !strings.Contains(stderr, "cannot write "+missing+": the folder "+filepath.Dir(missing)+" does not exist") {
		t.Errorf("introspect -o into a missing folder: exit %d, want the folder named\n%s", code, stderr)
	}
	allow := filepath.Join(dir, "allowlist.yaml")
	os.WriteFile(schema, []byte("type Query {\n  \"A.\"\n  a: Int\n}\n"), 0o644)
	if code, _, stderr := toolgen(t, "init", "-schema", schema, "-o", allow); code != 0 || !strings.Contains(readFile(t, allow), "  a: {}") {
		t.Fatalf("init -o: exit %d\n%s", code, stderr)
	}
	os.WriteFile(allow, []byte("tools:\n  a: {}  # reviewed\n"), 0o644)
	if code, _, stderr := toolgen(t, "init", "-schema", schema, "-o", allow); code != 1 || !strings.Contains(stderr, "exists") {
		t.Errorf("init -o over an existing file: exit %d\n%s", code, stderr)
	}
	if got := readFile(t, allow); !strings.Contains(got, "# reviewed") {
		t.Errorf("init replaced an existing allow-list:\n%s", got)
	}
}

// A saved answer with a byte order mark and errors beside its schema is read, with the errors
// shown as a warning naming the file.
func TestIntrospectSavedAnswerWarns(t *testing.T) {
	t.Parallel()
	saved := filepath.Join(t.TempDir(), "saved.json")
	os.WriteFile(saved, []byte("\uFEFF"+`{"errors": [{"message": "field x failed"}], "data": {"__schema": {"queryType": {"name": "Query"}, "types": [{"kind": "OBJECT", "name": "Query", "fields": [{"name": "a", "args": [], "type": {"kind": "SCALAR", "name": "Int"}}]}]}}}`), 0o644)
	code, out, stderr := toolgen(t, "introspect", saved)
	if code != 0 || !strings.Contains(out, "type Query") || !strings.Contains(stderr, "warning: "+saved+": the answer has errors beside the schema") {
		t.Errorf("exit %d\n%s\n%s", code, stderr, out)
	}
}
