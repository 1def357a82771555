package gqlschema

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/vektah/gqlparser/v2/ast"
)

// one is a schema in one file, s.graphql.
func one(src string) *ast.Source { return &ast.Source{Name: "s.graphql", Input: src} }

func TestLoadErrors(t *testing.T) {
	cases := map[string]string{
		"type Query { a: Int }\ntype Query { b: Int }\n": "s.graphql:2:6: type Query is defined twice (first at 1:6); remove one of the definitions or use extend type\n",
		"type Query { a(x: Int, x: Int): Int }\n":        "s.graphql:1:24: argument Query.a(x:) is defined twice (first at 1:16); remove one of the two arguments\n",
		"enum E { A A }\ntype Query { e: E }\n":          "s.graphql:1:12: enum value E.A is defined twice (first at 1:10); remove one of the two values\n",
		"type Mutation { a: Int }\n":                     "s.graphql: the schema has no Query type; declare type Query (or a schema { query: ... } block)\n",
		"type Query { a: Int\n":                          "s.graphql:2:1: expected Name, found <EOF>; the text ends too early: close every { with } and every ( with )\n",
	}
	for src, want := range cases {
		s, ds := Load(one(src))
		if s != nil {
			t.Errorf("%q: schema loaded despite errors", src)
		}
		if diff := cmp.Diff(want, ds.String()); diff != "" {
			t.Errorf("%q (-want +got):\n%s", src, diff)
		}
	}
}

// TestBuiltinScalarRedeclared: scalar Boolean (graphql-js accepts it, exporters print it) is
// dropped before loading, once or twice, and the positions after it are the file's.
func TestBuiltinScalarRedeclared(t *testing.T) {
	src := "scalar Boolean\nscalar String\nscalar ID\nscalar Int\nscalar Float\nscalar Boolean\n\"A flag.\"\nscalar Flag\ntype Query {\n  a: Boolean\n  b: Nope\n}\n"
	_, ds := Load(one(src))
	want := "s.graphql:11:6: undefined type Nope; declare type Nope in the schema, or correct the name (in a schema copied from the API, copy it again, e.g. with toolgen introspect)\n"
	if diff := cmp.Diff(want, ds.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	s, ds := Load(one(strings.Replace(src, "  b: Nope\n", "", 1)))
	if s == nil {
		t.Fatal(ds)
	}
	if d := s.Types["Boolean"]; d == nil || !d.BuiltIn || s.Types["Flag"] == nil {
		t.Errorf("Boolean %+v, Flag %v", d, s.Types["Flag"])
	}
}

func FuzzLoad(f *testing.F) {
	f.Add([]byte("type Query { a(x: Int = 1): [String!]! }\nunion U = Query\n"))
	f.Add([]byte("extend type Query { b: Int }\ntype Query { b: Int }"))
	f.Add([]byte(fedV2))
	f.Add([]byte(supergraph))
	f.Add([]byte("extend schema @link(url: \"https://specs.apollo.dev/federation/v2.0\", as: \"fed\", import: [{name: \"@inaccessible\", as: \"@x\"}, {name: 1}, \"FieldSet\"])\n" +
		"type Query { a: AWSJSON @aws_iam b: Int @x @fed__shareable }\ntype T @x { a: Int }\nunion U @aws_iam = T\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		s, ds := Load(one(string(src)))
		if (s == nil) != ds.HasErrors() { // notes may come with a schema
			t.Fatalf("schema %v with diagnostics %q", s != nil, ds)
		}
		if s != nil && s.Query == nil {
			t.Fatalf("a schema without a query type, diagnostics %q", ds)
		}
	})
}

// An undefined type in a hand-written schema is most likely a typo: the fix names the defined
// type it most likely meant, not "copy the schema again from the API".
func TestUndefinedTypeSuggests(t *testing.T) {
	_, ds := Load(one("type Query { a: OrderStatuz b: Nowhere }\nenum OrderStatus { A }\n"))
	got := ds.String()
	for _, want := range []string{
		"s.graphql:1:17: undefined type OrderStatuz; did you mean OrderStatus? Correct the name, or declare type OrderStatuz in the schema",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("diagnostics:\n%s\nwant %q", got, want)
		}
	}
}
