package gqlschema

import (
	"github.com/toolgen/toolgen/internal/platform"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// supergraph is a composed schema's shape: the link and inaccessible definitions included.
const supergraph = `schema
  @link(url: "https://specs.apollo.dev/link/v1.0")
  @link(url: "https://specs.apollo.dev/inaccessible/v0.2", for: SECURITY)
{
  query: Query
}
directive @link(url: String, as: String, for: link__Purpose, import: [link__Import]) repeatable on SCHEMA
directive @inaccessible on FIELD_DEFINITION | OBJECT | INTERFACE | UNION | ARGUMENT_DEFINITION | SCALAR | ENUM | ENUM_VALUE | INPUT_OBJECT | INPUT_FIELD_DEFINITION
scalar link__Import
enum link__Purpose { SECURITY EXECUTION }
type Query {
  product(sku: String!, debug: Boolean @inaccessible): Product
  search(filter: Filter): [Result!]!
  secret: Secret @inaccessible
  audit: String @inaccessible
}
type Product implements Node & Internal { id: ID! sku: String! cost: Int @inaccessible state: State }
interface Node { id: ID! }
interface Internal @inaccessible { id: ID! }
type Secret @inaccessible { key: String! }
union Result = Product | Secret
enum State { LIVE DRAFT @inaccessible }
input Filter { sku: String internalOnly: Boolean @inaccessible }
`

func TestInaccessibleIsDropped(t *testing.T) {
	s, ds := Load(one(supergraph))
	if s == nil {
		t.Fatal(ds)
	}
	type shape struct {
		Query, Product, Filter, Result, State, Implements []string
		Secret, Internal                                  bool
		Hidden                                            map[string]string
	}
	names := func(n int, at func(int) string) []string {
		var out []string
		for i := range n {
			out = append(out, at(i))
		}
		return out
	}
	q, p, f := s.Types["Query"], s.Types["Product"], s.Types["Filter"]
	got := shape{
		Query:      names(len(q.Fields), func(i int) string { return q.Fields[i].Name }),
		Product:    names(len(p.Fields), func(i int) string { return p.Fields[i].Name }),
		Filter:     names(len(f.Fields), func(i int) string { return f.Fields[i].Name }),
		Result:     s.Types["Result"].Types,
		State:      names(len(s.Types["State"].EnumValues), func(i int) string { return s.Types["State"].EnumValues[i].Name }),
		Implements: p.Interfaces,
		Secret:     s.Types["Secret"] != nil,
		Internal:   s.Types["Internal"] != nil,
		Hidden:     platform.HiddenRoots(s),
	}
	if a := q.Fields.ForName("product").Arguments; len(a) != 1 {
		t.Errorf("product keeps %d arguments, want sku alone", len(a))
	}
	wantShape := shape{
		Query: []string{"product", "search", "__schema", "__type"}, Product: []string{"id", "sku", "state"}, Filter: []string{"sku"},
		Result: []string{"Product"}, State: []string{"LIVE"}, Implements: []string{"Node"},
		Hidden: map[string]string{"secret": "Query.secret at 14:3", "audit": "Query.audit at 15:3"},
	}
	if diff := cmp.Diff(wantShape, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	wantNote := "s.graphql:12:25: note: left out 8 element(s) marked @inaccessible, which the gateway hides from clients: " +
		"Internal, Secret, Query.secret, Query.audit, Query.product(debug:), Product.cost, State.DRAFT, Filter.internalOnly\n"
	if diff := cmp.Diff(wantNote, ds.String()); diff != "" {
		t.Errorf("note (-want +got):\n%s", diff)
	}
}

// TestInaccessibleInSubgraph: a subgraph's @inaccessible, imported, renamed or prefixed, hides
// too; a hidden type still referred to is an error saying so, at the reference.
func TestInaccessibleInSubgraph(t *testing.T) {
	for _, c := range []struct{ link, use string }{
		{`import: ["@inaccessible"]`, "@inaccessible"},
		{`import: [{name: "@inaccessible", as: "@hidden"}]`, "@hidden"},
		{`import: []`, "@federation__inaccessible"},
	} {
		src := "extend schema @link(url: \"https://specs.apollo.dev/federation/v2.0\", " + c.link + ")\n" +
			"type Query { a: Int b: Int " + c.use + " }\n"
		s, ds := Load(one(src))
		if s == nil {
			t.Fatal(ds)
		}
		if s.Query.Fields.ForName("b") != nil || platform.HiddenRoots(s)["b"] != "Query.b at 2:21" {
			t.Errorf("%s: b kept, or not remembered (%v)", c.use, platform.HiddenRoots(s))
		}
	}
	src := "extend schema @link(url: \"https://specs.apollo.dev/federation/v2.0\", import: [\"@inaccessible\"])\n" +
		"type Query { a: Secret }\ntype Secret @inaccessible { k: Int }\n"
	_, ds := Load(one(src))
	want := "s.graphql:2:17: type Secret is @inaccessible (3:6), which hides it from clients, yet this refers to it; " +
		"mark this field or argument @inaccessible too (composition requires it), or compose the supergraph again\n"
	if diff := cmp.Diff(want, ds.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
