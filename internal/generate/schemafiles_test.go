package generate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/internal/compile"
)

// writeTree writes files (slash paths to contents) under a new temporary folder.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, s := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func paths(files []compile.SchemaFile) []string {
	var out []string
	for _, f := range files {
		out = append(out, f.Path)
	}
	return out
}

// TestReadSchemaSpecs: a folder, a glob (** included) and a list name the same files, each once,
// sorted by slash path whatever the order given; one match is a one-file schema as before.
func TestReadSchemaSpecs(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"graph/schema.graphqls":        "type Query { a: Int }\n",
		"graph/movies.graphqls":        "extend type Query { b: Int }\n",
		"graph/users/users.graphql":    "extend type Query { c: Int }\n",
		"graph/resolver.go":            "package graph\n",
		"graph/model/models_gen.go":    "package model\n",
		"other/extra.graphqls":         "extend type Query { d: Int }\n",
		"graph/users/deeper/x.graphql": "extend type Query { e: Int }\n",
		"v1,v2/schema.graphql":         "type Query { a: Int }\n",
	})
	for _, tc := range []struct {
		spec string
		want []string
	}{
		{"graph", []string{"graph/movies.graphqls", "graph/schema.graphqls"}},
		{"graph/", []string{"graph/movies.graphqls", "graph/schema.graphqls"}},
		{"graph/*.graphqls", []string{"graph/movies.graphqls", "graph/schema.graphqls"}},
		{"./graph/*.graphqls", []string{"graph/movies.graphqls", "graph/schema.graphqls"}},
		{"graph/**/*.graphql", []string{"graph/users/deeper/x.graphql", "graph/users/users.graphql"}},
		{"**/*.graphqls", []string{"graph/movies.graphqls", "graph/schema.graphqls", "other/extra.graphqls"}},
		{"graph/*/*.graphql", []string{"graph/users/users.graphql"}},
		{"other/extra.graphqls, graph/*.graphqls,graph/schema.graphqls", []string{"graph/movies.graphqls", "graph/schema.graphqls", "other/extra.graphqls"}},
		{"graph/schema.graphqls,graph/movies.graphqls", []string{"graph/movies.graphqls", "graph/schema.graphqls"}},
		{"graph/movies.graphqls,graph/schema.graphqls", []string{"graph/movies.graphqls", "graph/schema.graphqls"}},
		{"graph/s*.graphqls", []string{"graph/schema.graphqls"}},   // one file: Schema, not SchemaFiles
		{"v1,v2/schema.graphql", []string{"v1,v2/schema.graphql"}}, // a path with a comma is one path
	} {
		in, ds := ReadSchema(dir, tc.spec)
		if ds.HasErrors() {
			t.Errorf("%s: %s", tc.spec, ds)
			continue
		}
		if diff := cmp.Diff(tc.want, paths(in.SchemaFileList())); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.spec, diff)
		}
		if len(tc.want) == 1 && (in.SchemaFiles != nil || in.SchemaPath != tc.want[0] || in.Schema == nil) {
			t.Errorf("%s: one file read as %q, %d files", tc.spec, in.SchemaPath, len(in.SchemaFiles))
		}
	}
	abs := filepath.ToSlash(filepath.Join(dir, "graph"))
	in, ds := ReadSchema(dir, abs+"/*.graphqls")
	if want := []string{abs + "/movies.graphqls", abs + "/schema.graphqls"}; ds.HasErrors() || !cmp.Equal(want, paths(in.SchemaFiles)) {
		t.Errorf("absolute glob: %v, %s; want the absolute paths, as positions name them, %v", paths(in.SchemaFiles), ds, want)
	}
	rel, _ := ReadSchema(dir, "graph/*.graphqls")
	if diff := cmp.Diff(Sources(rel), Sources(in)); diff != "" {
		t.Errorf("the manifest's inputs depend on how the folder is named (-relative +absolute):\n%s", diff)
	}
}

// TestReadSchemaErrors: every problem names the entry or the file and says what to do.
func TestReadSchemaErrors(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"graph/schema.graphqls": "type Query { a: Int }\n",
		"empty/readme.md":       "no schema here\n",
		"schema.json":           `{"data": {"__schema": {}}}`,
	})
	for spec, want := range map[string]string{
		"graph/*.graphql":    "graph/*.graphql: -schema's pattern matches no file; check it against the folder toolgen runs in (go generate runs in the folder of the file with the //go:generate line), or name the files or their folder\n",
		"nope/**/*.graphqls": "nope/**/*.graphqls: -schema's pattern matches no file; check it against the folder toolgen runs in (go generate runs in the folder of the file with the //go:generate line), or name the files or their folder\n",
		"graph/[a.graphqls":  "graph/[a.graphqls: -schema's pattern is malformed: syntax error in pattern; fix the pattern: * and ? match within a folder, ** any number of folders, [abc] one of the characters\n",
		"'graph/*.graphqls'": "'graph/*.graphqls': -schema's pattern matches no file: its quotes are part of it; write it without quotes in a //go:generate line (go generate runs no shell, so nothing expands the glob; it keeps single quotes as they are), or in double quotes\n",
		"empty":              "empty: the schema folder holds no *.graphql or *.graphqls file; pass the folder that holds the schema's files, or a glob for them such as 'graph/**/*.graphqls'\n",
		"graph,nope.graphql": "nope.graphql: cannot read the schema: no such file or directory; pass the schema's path with -schema, or fetch it with toolgen introspect URL\n",
		" , ":                "-schema: no schema is named; pass the schema's file, folder or glob with -schema, e.g. -schema 'graph/*.graphqls'\n",
		"graph,schema.json":  "schema.json: a saved introspection result is a whole schema and cannot be read with other schema files; pass it alone with -schema, or print it as SDL (toolgen introspect schema.json -o schema.json.graphql) and list that file\n",
	} {
		_, ds := ReadSchema(dir, spec)
		if diff := cmp.Diff(want, ds.String()); diff != "" {
			t.Errorf("%q (-want +got):\n%s", spec, diff)
		}
	}
	if err := os.Chmod(filepath.Join(dir, "graph", "schema.graphqls"), 0); err == nil && os.Getuid() != 0 {
		_, ds := ReadSchema(dir, "graph/*.graphqls,empty/readme.md")
		if !strings.Contains(ds.String(), "graph/schema.graphqls: cannot read the schema: permission denied") {
			t.Errorf("unreadable file: %s", ds)
		}
	}
}

// TestSplitSchemaOrder: the files' order given does not reach the output, and the tools follow
// the sorted files' order: the root type's own fields, then each extension's.
func TestSplitSchemaOrder(t *testing.T) {
	dir := "testdata/schema_split"
	ref, ds := Read(dir, "schema", "allowlist.yaml", "tool-selections")
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	want, ds := FilesWith(ref, Options{})
	if want == nil {
		t.Fatal(ds)
	}
	for _, spec := range []string{
		"schema/types.graphqls,schema/queries.graphqls,schema/mutations.graphqls",
		"schema/queries.graphqls, schema/mutations.graphqls, schema/types.graphqls",
		"schema/*.graphqls",
		"schema/**/*.graphqls,schema/types.graphqls",
	} {
		in, ds := Read(dir, spec, "allowlist.yaml", "tool-selections")
		if ds.HasErrors() {
			t.Fatal(ds)
		}
		got, ds := FilesWith(in, Options{Schema: "schema"})
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("-schema %s differs from -schema schema (-want +got):\n%s%s", spec, diff, ds)
		}
	}
}

// TestSplitSchemaExtensionOrder: two files that each extend type Query add their tools in the
// files' sorted order, whatever order -schema lists them in.
func TestSplitSchemaExtensionOrder(t *testing.T) {
	const d = "Returns the number of books in the catalog, counted when the call is made, as an integer."
	dir := writeTree(t, map[string]string{
		"graph/schema.graphqls": "type Query {\n  \"\"\"" + d + "\"\"\"\n  first: Int\n}\n",
		"graph/b.graphqls":      "extend type Query {\n  \"\"\"" + strings.Replace(d, "books", "authors", 1) + "\"\"\"\n  second: Int\n}\n",
		"graph/a.graphqls":      "extend type Query {\n  \"\"\"" + strings.Replace(d, "books", "shelves", 1) + "\"\"\"\n  third: Int\n}\n",
		"allowlist.yaml":        "tools:\n  first: {}\n  second: {}\n  third: {}\n",
	})
	var want map[string][]byte
	for _, spec := range []string{"graph", "graph/schema.graphqls,graph/b.graphqls,graph/a.graphqls", "graph/b.graphqls,graph/*.graphqls"} {
		in, ds := Read(dir, spec, "allowlist.yaml", "tool-selections")
		if ds.HasErrors() {
			t.Fatal(ds)
		}
		got, ds := FilesWith(in, Options{Schema: "graph"})
		if got == nil {
			t.Fatal(ds)
		}
		if want == nil {
			want = got
			// a.graphqls, b.graphqls, schema.graphqls: the type's own field, then a's, then b's.
			if s := string(got["tools.go"]); !(strings.Index(s, "ToolFirst ") < strings.Index(s, "ToolThird ") && strings.Index(s, "ToolThird ") < strings.Index(s, "ToolSecond ")) {
				t.Errorf("tools not in the order first, third, second:\n%s", s)
			}
			continue
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("-schema %s differs from -schema graph (-want +got):\n%s", spec, diff)
		}
	}
}

// TestReadSchemaSkips: '**/*.graphql' at a repository's root read toolgen's output and the
// overrides as schema files (and failed to parse them); now a glob skips them, any output
// folder (by its manifest), node_modules, vendor and .git, and says so when nothing else matches.
func TestReadSchemaSkips(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"schema.graphql":                   "type Query { a: Int }\n",
		"graph/more.graphql":               "extend type Query { b: Int }\n",
		"tool-selections/a.graphql":        "query A { a }\n",
		"generated/.toolgen.json":          "{}\n",
		"generated/operations/a.graphql":   "query Tool_a { a }\n",
		"api/gen/.toolgen.json":            "{}\n",
		"api/gen/operations/b.graphql":     "query Tool_b { b }\n",
		"node_modules/x/schema.graphql":    "type Query { x: Int }\n",
		"web/node_modules/y/types.graphql": "type Query { y: Int }\n",
		"vendor/z/schema.graphql":          "type Query { z: Int }\n",
		".git/info/schema.graphql":         "type Query { g: Int }\n",
	})
	in, ds := Read(dir, "**/*.graphql", "allowlist.yaml", "tool-selections")
	if got := paths(in.SchemaFiles); !cmp.Equal(got, []string{"graph/more.graphql", "schema.graphql"}) {
		t.Errorf("files %v (%s)", got, ds)
	}
	_, ds = ReadSchema(dir, "**/a.graphql", "tool-selections")
	want := "**/a.graphql: -schema's pattern matches only files that are not the schema (generated/operations/a.graphql, tool-selections/a.graphql): " +
		"a glob never reads toolgen's output, the overrides folder, node_modules, vendor or .git; name the schema's files or their folder, e.g. -schema 'graph/**/*.graphqls'\n"
	if diff := cmp.Diff(want, ds.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// A folder named in the pattern itself is read: it was asked for.
	if in, _ := ReadSchema(dir, "vendor/**/*.graphql"); in.SchemaPath != "vendor/z/schema.graphql" {
		t.Errorf("vendor/**: %q", in.SchemaPath)
	}
}
