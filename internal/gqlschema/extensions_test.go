package gqlschema

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestBaselessExtensions: gqlparser makes a type of an extension with no base, so a misspelled
// extend type Qeury passed silently. A likely typo is an error, another missing base a
// warning; a federation subgraph extends entities it does not own, so only a typo is said.
func TestBaselessExtensions(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"typo", "type Query { a: Int }\nextend type Qeury { b: Int }\n",
			"s.graphql:2:13: extend type Qeury: no type Qeury is defined, so its fields would make a new type; did you mean Query?; write extend type Query, or define type Qeury { ... } if a new type is meant\n"},
		{"input typo", "type Query { a(f: Filter): Int }\ninput Filter { x: Int }\nextend input Filtr { y: Int }\n",
			"s.graphql:3:14: extend input Filtr: no type Filtr is defined, so its fields would make a new type; did you mean Filter?; write extend input Filter, or define input Filtr { ... } if a new type is meant\n"},
		{"no base", "extend type Query { a: Int }\n",
			"s.graphql:1:13: warning: extend type Query: no type Query is defined, so the extension defines it (gqlgen accepts that, graphql-js servers refuse it); write type Query { ... } in one of the files and extend that, or check the name\n"},
		{"defined later", "extend type Query { b: Int }\ntype Query { a: Int }\nextend enum Color { RED }\nenum Color { BLUE }\n", ""},
		{"federation v1", "extend type Query { me: User }\nextend type User @key(fields: \"id\") { id: ID! @external }\n",
			"s.graphql:2:19: note: Apollo Federation v1 definitions declared by toolgen (the subgraph library defines them at run time): @external, @key, _FieldSet; a definition written in the schema is used instead\n"},
		{"federation typo", "type Query { me: User }\ntype User @key(fields: \"id\") { id: ID! }\nextend type Usr @key(fields: \"id\") { name: String }\n",
			"s.graphql:2:12: note: Apollo Federation v1 definitions declared by toolgen (the subgraph library defines them at run time): @key, _FieldSet; a definition written in the schema is used instead\n" +
				"s.graphql:3:13: warning: extend type Usr: no type Usr is defined here; did you mean User?; write extend type User if that is meant; an entity another subgraph owns keeps its name\n"},
	}
	for _, c := range cases {
		_, ds := Load(one(c.src))
		ds.Sort()
		if diff := cmp.Diff(c.want, ds.String()); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, diff)
		}
	}
}
