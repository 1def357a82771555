package jsonschema

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

// TestRecursiveInputs: only types on a cycle are recursive; a type that merely reaches one is not.
func TestRecursiveInputs(t *testing.T) {
	schema := gqlparser.MustLoadSchema(&ast.Source{Input: `
type Query { q(a: Self, b: PingA, c: Chain0, d: Leads): Int }
input Self { next: Self, n: Int }
input PingA { b: PingB }
input PingB { a: [PingA!] }
input Chain0 { next: Chain1 }
input Chain1 { next: Chain2 }
input Chain2 { n: Int }
input Leads { into: PingA }
`})
	got := recursiveInputs(schema)
	want := map[string]bool{"Self": true, "PingA": true, "PingB": true}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("recursive inputs (-want +got):\n%s", diff)
	}
}
