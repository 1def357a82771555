package platform

import (
	"testing"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

func parsed(t *testing.T, src string) *ast.SchemaDocument {
	t.Helper()
	doc, err := parser.ParseSchema(&ast.Source{Name: "s.graphql", Input: src})
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// Declare adds what a platform defines only when the schema uses it without defining it, and
// only the definitions it lacks; the loader's tests (internal/gqlschema) cover the rest
// through Load.
func TestDeclareAddsOnlyWhatIsMissing(t *testing.T) {
	plain := parsed(t, "type Query { a: Int }\n")
	if Declare("s.graphql", plain); len(plain.Directives) != 0 || len(plain.Definitions) != 1 {
		t.Errorf("a plain schema gained %d directives and %d definitions", len(plain.Directives), len(plain.Definitions)-1)
	}
	fed := parsed(t, `extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
directive @key(fields: String!) on OBJECT
type Query { p: Product }
type Product @key(fields: "id") @shareable { id: ID! }
`)
	p := Declare("s.graphql", fed)
	count := map[string]int{}
	for _, d := range fed.Directives {
		count[d.Name]++
	}
	if count["key"] != 1 || count["link"] != 1 || count["federation__shareable"] != 0 && count["shareable"] != 0 {
		t.Errorf("directives after Declare: %v (the schema's own @key kept once, @link added, the unimported @shareable not declared under its bare name)", count)
	}
	if p.TooNew() != nil {
		t.Errorf("v2.3 uses nothing newer: %v", p.TooNew())
	}
}
