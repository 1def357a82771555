package gqlschema

import (
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/vektah/gqlparser/v2/ast"
)

// files is a schema in several files, named a.graphqls, b.graphqls, … in order.
func files(srcs ...string) []*ast.Source {
	out := make([]*ast.Source, len(srcs))
	for i, s := range srcs {
		out[i] = &ast.Source{Name: string(rune('a'+i)) + ".graphqls", Input: s}
	}
	return out
}

// TestLoadSeveralFiles: extend type Query in another file adds its fields after the type's own,
// in the order of the files, and each definition keeps the position of its own file.
func TestLoadSeveralFiles(t *testing.T) {
	s, ds := Load(files(
		"type Movie {\n  id: ID!\n}\n",
		"type Query {\n  movie(id: ID!): Movie\n}\n",
		"extend type Query {\n  movies: [Movie!]!\n}\ntype Mutation {\n  rate(id: ID!): Movie\n}\n",
	)...)
	if s == nil {
		t.Fatal(ds)
	}
	var got []string
	for _, f := range append(s.Query.Fields, s.Mutation.Fields...) {
		if f.Name[0] != '_' {
			got = append(got, f.Name+"@"+f.Position.Src.Name+":"+string(rune('0'+f.Position.Line)))
		}
	}
	want := []string{"movie@b.graphqls:2", "movies@c.graphqls:2", "rate@c.graphqls:5"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("root fields (-want +got):\n%s", diff)
	}
	if p := s.Types["Movie"].Position; p.Src.Name != "a.graphqls" || p.Line != 1 {
		t.Errorf("Movie at %s:%d, want a.graphqls:1", p.Src.Name, p.Line)
	}
}

// TestLoadSeveralFilesErrors: every problem names the file it is in, a duplicate the other
// file of its first definition, and a syntax error in each of two files is reported for both.
func TestLoadSeveralFilesErrors(t *testing.T) {
	const fix = "; fix the schema (or copy it again from the API, e.g. with toolgen introspect) and run toolgen again\n"
	cases := []struct {
		srcs []string
		want string
	}{{
		[]string{"type Query { a: Int }\n", "\ntype Query { b: Int }\n"},
		"b.graphqls:2:6: type Query is defined twice (first at a.graphqls:1:6); remove one of the definitions or use extend type\n",
	}, {
		[]string{"type Query { a: Int }\n", "extend type Query {\n  a: Int\n}\n"},
		"b.graphqls:2:3: field Query.a is defined twice (first at a.graphqls:1:14); remove one of the two definitions\n",
	}, {
		[]string{"enum E { A }\n", "type Query { e: E }\nextend enum E { B A }\n"},
		"b.graphqls:2:19: enum value E.A is defined twice (first at a.graphqls:1:10); remove one of the two values\n",
	}, {
		[]string{"type Query { a: Int }\n", "type Movie {\n  rating: Score\n}\n"},
		"b.graphqls:2:11: undefined type Score; declare type Score in the schema, or correct the name (in a schema copied from the API, copy it again, e.g. with toolgen introspect)\n",
	}, {
		[]string{"type Query { a: Int\n", "type Movie { id: ID }\n", "type B {\n  b: Int!!\n}\n"},
		"a.graphqls:2:1: expected Name, found <EOF>; the text ends too early: close every { with } and every ( with )\n" + "c.graphqls:2:10: expected Name, found !" + fix,
	}, {
		// Two Federation v2 subgraphs are not one schema in two files: one error, naming both.
		[]string{
			"extend schema @link(url: \"https://specs.apollo.dev/federation/v2.5\", import: [\"@key\"])\ntype Query { product: Product }\ntype Product @key(fields: \"id\") { id: ID! }\n",
			"extend schema @link(url: \"https://specs.apollo.dev/federation/v2.5\", import: [\"@key\"])\ntype Query { review: Review }\ntype Review { id: ID! }\ntype Product @key(fields: \"id\") { id: ID! reviews: [Review!] }\n",
		},
		"a.graphqls:1:16: these 2 files are separate Apollo Federation subgraphs, each with its own federation @link (a.graphqls:1:16, b.graphqls:1:16), and they define the same types (Query, Product), as subgraphs do: the router composes them into one API, which toolgen compiles; compose them into the supergraph (rover supergraph compose --config supergraph.yaml, or @apollo/composition's composeServices) and give toolgen that: -schema supergraph.graphql\n",
	}, {
		[]string{"type Movie { id: ID }\n", "type Mutation { a: Int }\n"},
		"a.graphqls: none of the schema's 2 files declares type Query; declare type Query (or a schema { query: ... } block)\n",
	}}
	for _, tc := range cases {
		s, ds := Load(files(tc.srcs...)...)
		if s != nil {
			t.Errorf("%q: schema loaded despite errors", tc.srcs)
		}
		ds.Sort()
		if diff := cmp.Diff(tc.want, ds.String()); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tc.srcs, diff)
		}
	}
	if _, ds := Load(); ds.String() != "schema: no schema file was given; pass the schema with -schema FILE, a folder or a glob\n" {
		t.Errorf("no file: %q", ds)
	}
}

// TestLoadSplitEqualsWhole: a schema cut into files after each top-level definition loads to
// the same types, fields and order as the one file, but for the positions' file names.
func TestLoadSplitEqualsWhole(t *testing.T) {
	whole := "scalar Date\n\"A film.\"\ntype Movie {\n  id: ID!\n  released: Date\n}\ntype Query {\n  movie(id: ID!): Movie\n}\nextend type Query {\n  movies(first: Int = 10): [Movie!]!\n}\nenum Genre {\n  DRAMA\n  COMEDY\n}\n"
	a, ds := Load(one(whole))
	if a == nil {
		t.Fatal(ds)
	}
	cuts := []int{0}
	for i := 0; i+2 < len(whole); i++ {
		if whole[i:i+2] == "}\n" {
			cuts = append(cuts, i+2)
		}
	}
	var srcs []string
	for i := range cuts {
		end := len(whole)
		if i+1 < len(cuts) {
			end = cuts[i+1]
		}
		srcs = append(srcs, whole[cuts[i]:end])
	}
	b, ds := Load(files(srcs...)...)
	if b == nil {
		t.Fatal(ds)
	}
	noPos := cmp.FilterPath(func(p cmp.Path) bool { return p.Last().Type() == reflectPosition }, cmp.Ignore())
	if diff := cmp.Diff(a, b, noPos); diff != "" {
		t.Errorf("split schema differs from the whole (-whole +split):\n%s", diff)
	}
}

var reflectPosition = reflect.TypeOf(&ast.Position{})

// FuzzLoadSplit cuts the input into two files at any byte: no panic, and a schema or
// diagnostics, never both or neither, each diagnostic naming one of the two files.
func FuzzLoadSplit(f *testing.F) {
	f.Add("type Query { a: Int }\nextend type Query { b: Int }\n", uint16(22))
	f.Add("enum E { A }\ntype Query { e: E }\nextend enum E { A }\n", uint16(13))
	f.Fuzz(func(t *testing.T, src string, at uint16) {
		cut := int(at) % (len(src) + 1)
		s, ds := Load(files(src[:cut], src[cut:])...)
		if (s == nil) == (len(ds) == 0) {
			t.Fatalf("schema %v with diagnostics %q", s != nil, ds)
		}
		for _, d := range ds {
			if d.File != "a.graphqls" && d.File != "b.graphqls" {
				t.Fatalf("diagnostic names %q: %s", d.File, d)
			}
		}
	})
}
