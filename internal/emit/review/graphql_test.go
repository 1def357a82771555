package review

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFormatOperation(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{
			"query Tool_movie($id: ID!) { movie(id: $id) { id title } }",
			"query Tool_movie($id: ID!) {\n  movie(id: $id) {\n    id\n    title\n  }\n}",
		},
		{
			"query Tool_s($q: String! = \"a { b\") { search(query: $q) { __typename ... on Movie { ...MovieCard } ... on Person @include(if: true) { name: fullName } } } fragment MovieCard on Movie { id }",
			"query Tool_s($q: String! = \"a { b\") {\n  search(query: $q) {\n    __typename\n    ... on Movie {\n      ...MovieCard\n    }\n" +
				"    ... on Person @include(if: true) {\n      name: fullName\n    }\n  }\n}\nfragment MovieCard on Movie {\n  id\n}",
		},
		{
			"mutation Tool_m($in: [In!] = [{a: 1, b: [2]}]) { m(in: $in, opt: {x: \"}\"}) }",
			"mutation Tool_m($in: [In!] = [{ a: 1, b: [2] }]) {\n  m(in: $in, opt: { x: \"}\" })\n}",
		},
		{"query { a { b }", "query { a { b }"}, // unbalanced: shown as it is
	} {
		if diff := cmp.Diff(tc.want, formatOperation(tc.in)); diff != "" {
			t.Errorf("formatOperation(%q) (-want +got):\n%s", tc.in, diff)
		}
	}
}

// FuzzFormatOperation checks that layout only ever moves whitespace.
func FuzzFormatOperation(f *testing.F) {
	f.Add("query Tool_movie($id: ID!) { movie(id: $id) { id title } }")
	f.Add(`query { a(s: """x "" \""" y""") # c` + "\n" + ` { ...F } } fragment F on A { b }`)
	f.Fuzz(func(t *testing.T, doc string) {
		want, _ := tokenize(doc)
		if got, _ := tokenize(formatOperation(doc)); !slices.Equal(got, want) {
			t.Errorf("tokens changed:\n%q\n%q", doc, got)
		}
	})
}
