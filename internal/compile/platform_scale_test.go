package compile

import (
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/scaleschema"
	"github.com/toolgen/toolgen/internal/tokencount/tokentest"
)

// TestFederationSubgraph compiles Apollo's reference products subgraph (the federation
// compatibility tests' products.graphql, fetched by scripts/fetch-scale-schemas; skipped when
// absent) with every root field: it declares none of the federation definitions it uses, and
// its @inaccessible field must not reach a selection.
func TestFederationSubgraph(t *testing.T) {
	schema, allow, n := scaleschema.AllRoots(t, "federation")
	c, ds := Compile(Inputs{SchemaPath: "products.graphql", Schema: schema, AllowlistPath: "allowlist.yaml", Allowlist: allow,
		LintAsWarnings: true, Tokens: tokentest.Cache(t)})
	if c == nil {
		t.Fatal(ds)
	}
	if len(c.Tools) != n {
		t.Errorf("%d tools of %d root fields", len(c.Tools), n)
	}
	if !strings.Contains(ds.String(), "note: Apollo Federation v2.3 definitions declared by toolgen") ||
		!strings.Contains(ds.String(), "ProductDimension.unit") {
		t.Errorf("the notes do not say what was declared and left out:\n%s", ds)
	}
	for _, tl := range c.Tools {
		if strings.Contains(tl.Operation, "unit") {
			t.Errorf("%s selects the @inaccessible ProductDimension.unit: %s", tl.Name, tl.Operation)
		}
	}
}
