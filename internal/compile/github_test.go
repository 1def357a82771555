package compile

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/toolgen/toolgen/catalog"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/formatter"
	"github.com/vektah/gqlparser/v2/parser"
)

// GitHub's public schema is the scale test. It is not committed (it is large and third-party):
// scripts/fetch-github-schema puts it in ~/.cache/toolgen/github/, or TOOLGEN_GITHUB_SCHEMA
// names a copy. Tests and benchmarks that need it are skipped when it is absent.
func githubSchemaPath() string {
	if p := os.Getenv("TOOLGEN_GITHUB_SCHEMA"); p != "" {
		return p
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "toolgen", "github", "schema.graphql")
}

// githubInputs returns the schema with its duplicate field definitions removed (the published
// file defines two fields twice, which toolgen rightly rejects) and an allow-list of every
// Query and Mutation field.
func githubInputs(tb testing.TB) (Inputs, int) {
	tb.Helper()
	raw, err := os.ReadFile(githubSchemaPath())
	if err != nil {
		tb.Skipf("GitHub schema not present (%v); run scripts/fetch-github-schema", err)
	}
	doc, err := parser.ParseSchema(&ast.Source{Name: "github.graphql", Input: string(raw)})
	if err != nil {
		tb.Fatal(err)
	}
	var allow strings.Builder
	allow.WriteString("tools:\n")
	n := 0
	for _, def := range append(doc.Definitions, doc.Extensions...) {
		def.Fields = dedupFields(def.Fields)
		if def.Name == "Query" || def.Name == "Mutation" {
			for _, f := range def.Fields {
				allow.WriteString("  " + f.Name + ": {}\n")
				n++
			}
		}
	}
	var buf bytes.Buffer
	formatter.NewFormatter(&buf).FormatSchemaDocument(doc)
	return Inputs{SchemaPath: "github.graphql", Schema: buf.Bytes(), AllowlistPath: "allowlist.yaml", Allowlist: []byte(allow.String())}, n
}

func dedupFields(fields ast.FieldList) ast.FieldList {
	seen := map[string]bool{}
	var out ast.FieldList
	for _, f := range fields {
		if !seen[f.Name] {
			seen[f.Name] = true
			out = append(out, f)
		}
	}
	return out
}

func TestGitHubDuplicatesReported(t *testing.T) {
	raw, err := os.ReadFile(githubSchemaPath())
	if err != nil {
		t.Skipf("GitHub schema not present: %v", err)
	}
	c, ds := Compile(Inputs{SchemaPath: "schema.graphql", Schema: raw, AllowlistPath: "allowlist.yaml", Allowlist: []byte("tools:\n  viewer: {}\n")})
	if c != nil || len(ds) != 2 {
		t.Fatalf("want exactly the two duplicate fields reported, got:\n%s", ds)
	}
	for _, d := range ds {
		if d.Line == 0 || !strings.Contains(d.Message, "is defined twice (first at ") {
			t.Errorf("diagnostic without both positions: %s", d)
		}
	}
}

func TestGitHubCompiles(t *testing.T) {
	in, n := githubInputs(t)
	c, ds := Compile(in)
	if c == nil {
		t.Fatalf("GitHub schema with %d tools failed:\n%s", n, ds)
	}
	if len(c.Tools) != n {
		t.Errorf("got %d tools, want %d", len(c.Tools), n)
	}
	checkSchemas(t, c)
	t.Logf("%d tools compiled; every document was validated by gqlparser", len(c.Tools))
	writeOracleInput(t, in.Schema, c)
}

// writeOracleInput leaves the schema and every document in $TOOLGEN_ORACLE_DIR, when it is set,
// for scripts/graphql-js-oracle: a second, independent validator (graphql-js, the reference
// implementation) must accept what gqlparser accepted.
func writeOracleInput(t *testing.T, schema []byte, c *catalog.Catalog) {
	dir := os.Getenv("TOOLGEN_ORACLE_DIR")
	if dir == "" {
		return
	}
	docs := map[string]string{}
	for _, tool := range c.Tools {
		docs[tool.Name] = tool.Operation
	}
	b, err := json.Marshal(docs)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "schema.graphql"), schema, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "documents.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func BenchmarkCompile(b *testing.B) {
	b.Run("moviedb", func(b *testing.B) {
		in := exampleInputs(b)
		Compile(in) // load the tokenizer once, outside the measurement
		for b.Loop() {
			if c, ds := Compile(in); c == nil {
				b.Fatal(ds)
			}
		}
	})
	b.Run("github", func(b *testing.B) {
		in, _ := githubInputs(b)
		Compile(in)
		for b.Loop() {
			if c, ds := Compile(in); c == nil {
				b.Fatal(ds)
			}
		}
	})
}

// checkSchemas compiles every tool's input schema as draft 2020-12, which also validates it
// against the metaschema.
func checkSchemas(t *testing.T, c *catalog.Catalog) {
	t.Helper()
	for _, tool := range c.Tools {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(tool.InputSchema))
		if err != nil {
			t.Errorf("%s: %v", tool.Name, err)
			continue
		}
		jc := jsonschema.NewCompiler()
		jc.DefaultDraft(jsonschema.Draft2020)
		url := "mem://" + tool.Name + ".json"
		if err := jc.AddResource(url, doc); err != nil {
			t.Errorf("%s: %v", tool.Name, err)
			continue
		}
		if _, err := jc.Compile(url); err != nil {
			t.Errorf("%s: input schema is not valid 2020-12: %v", tool.Name, err)
		}
	}
}
