package gqlschema

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestLoadErrors(t *testing.T) {
	cases := map[string]string{
		"type Query { a: Int }\ntype Query { b: Int }\n": "s.graphql:2:6: type Query is defined twice (first at 1:6); remove one of the definitions or use extend type\n",
		"type Query { a(x: Int, x: Int): Int }\n":        "s.graphql:1:24: argument Query.a(x:) is defined twice (first at 1:16); remove one of the two arguments\n",
		"enum E { A A }\ntype Query { e: E }\n":          "s.graphql:1:12: enum value E.A is defined twice (first at 1:10); remove one of the two values\n",
		"type Mutation { a: Int }\n":                     "s.graphql: the schema has no Query type; declare type Query (or a schema { query: ... } block)\n",
		"type Query { a: Int\n":                          "s.graphql:2:1: expected Name, found <EOF>; fix the schema (or copy it again from the API, e.g. with toolgen introspect) and run toolgen again\n",
	}
	for src, want := range cases {
		s, ds := Load("s.graphql", []byte(src))
		if s != nil {
			t.Errorf("%q: schema loaded despite errors", src)
		}
		if diff := cmp.Diff(want, ds.String()); diff != "" {
			t.Errorf("%q (-want +got):\n%s", src, diff)
		}
	}
}

func FuzzLoad(f *testing.F) {
	f.Add([]byte("type Query { a(x: Int = 1): [String!]! }\nunion U = Query\n"))
	f.Add([]byte("extend type Query { b: Int }\ntype Query { b: Int }"))
	f.Fuzz(func(t *testing.T, src []byte) {
		s, ds := Load("s.graphql", src)
		if (s == nil) == (len(ds) == 0) {
			t.Fatalf("schema %v with diagnostics %q", s != nil, ds)
		}
	})
}
