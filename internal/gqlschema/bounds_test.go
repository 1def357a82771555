package gqlschema

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/vektah/gqlparser/v2/ast"
)

// TestHugeListsAreRefusedQuickly: gqlparser compares the members of a list pairwise, so an enum
// of 100,000 values (1 MB of SDL, or a hostile server's introspection answer) took 10 s to load
// and one of a million would take hours. A list over 20,000 members, or lists whose pairs
// together pass the bound, are refused before validation, naming the list.
func TestHugeListsAreRefusedQuickly(t *testing.T) {
	list := func(n int, item string) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, item, i)
		}
		return b.String()
	}
	for _, c := range []struct{ name, sdl, want string }{
		{"enum", "type Query { a: Int }\nenum Kind {" + list(100_000, " V%d") + " }", "schema.graphql:2:6: the values of enum Kind number 100000, over toolgen's limit of 20000"},
		{"fields across extensions", "type Query { a: Int }\ntype T { f: Int }\nextend type T {" + list(10_001, " a%d: Int") + " }\nextend type T {" + list(10_001, " b%d: Int") + " }",
			"the fields of type T number 20003"},
		{"arguments", "type Query { a(" + list(20_001, " x%d: Int") + "): Int }", "the arguments of Query.a number 20001"},
		{"together", "type Query { a: Int }\n" + list(45, "enum E%d {"+list(5000, " V%d")+" }\n"), "too large together to check (the largest: the values of enum E0, 5000)"},
	} {
		start := time.Now()
		_, ds := Load(&ast.Source{Name: "schema.graphql", Input: c.sdl})
		if took := time.Since(start); took > 5*time.Second {
			t.Errorf("%s: took %v", c.name, took)
		}
		if got := ds.String(); !strings.Contains(got, c.want) {
			t.Errorf("%s: want %q, got %.500s", c.name, c.want, got)
		}
	}
	// A schema at the limits loads.
	if s, ds := Load(&ast.Source{Name: "schema.graphql", Input: "type Query { a: Kind }\nenum Kind {" + list(20_000, " V%d") + " }"}); s == nil {
		t.Errorf("an enum of 20,000 values is refused: %.500s", ds)
	}
}
