package lint_test

import (
	"testing"

	"github.com/toolgen/toolgen/internal/allowlist"
	"github.com/toolgen/toolgen/internal/compile"
	"github.com/toolgen/toolgen/internal/githubschema"
	"github.com/toolgen/toolgen/internal/gqlschema"
	"github.com/toolgen/toolgen/internal/lint"
	"github.com/toolgen/toolgen/internal/selection"
	"github.com/vektah/gqlparser/v2/ast"
)

// gitHubInput is what compile hands lint.Run for GitHub's 278 root fields: the catalog, the
// validated inputs, and each tool's document parsed again from its operation (compile keeps
// its own copies private).
func gitHubInput(tb testing.TB) lint.Input {
	tb.Helper()
	schemaSrc, allowSrc, _ := githubschema.AllRoots(tb)
	c, ds := compile.Compile(compile.Inputs{SchemaPath: "github.graphql", Schema: schemaSrc, AllowlistPath: "allowlist.yaml", Allowlist: allowSrc, LintAsWarnings: true})
	if c == nil {
		tb.Fatal(ds)
	}
	schema, ds := gqlschema.Load(&ast.Source{Name: "github.graphql", Input: string(schemaSrc)})
	list, lds := allowlist.Parse("allowlist.yaml", allowSrc)
	if schema == nil || list == nil {
		tb.Fatal(append(ds, lds...))
	}
	docs := map[string]*ast.QueryDocument{}
	for _, t := range c.Tools {
		doc, vds := selection.Parse(schema, "generated/operations/"+t.Name+".graphql", t.Operation)
		if doc == nil {
			tb.Fatalf("%s: %s", t.Name, vds)
		}
		docs[t.Name] = doc
	}
	return lint.Input{Catalog: c, Allowlist: list, Schema: schema, SchemaPaths: []string{"github.graphql"}, Docs: docs, Overrides: map[string]string{}, AllWarnings: true}
}

// BenchmarkLint runs every lint over GitHub's catalog (skipped without the schema in the cache).
func BenchmarkLint(b *testing.B) {
	in := gitHubInput(b)
	b.ReportAllocs()
	for b.Loop() {
		if ds, _ := lint.Run(in); len(ds) == 0 {
			b.Fatal("no findings on GitHub")
		}
	}
}
