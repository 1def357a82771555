package introspect

import (
	"testing"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

// FuzzSDL feeds arbitrary bytes to the reader and printer: no panic, and whatever is printed
// loads as a schema (SDL checks that itself; this asserts it independently).
func FuzzSDL(f *testing.F) {
	f.Add(answerOf(f, everything, false))
	f.Add(answerOf(f, "type Query { a(x: [[Int!]]! = [[1]]): String }", false))
	f.Add([]byte(`{"__schema": {"queryType": {"name": "Q"}, "types": [{"kind": "OBJECT", "name": "Q", "fields": [{"name": "a", "args": [], "type": {"kind": "LIST", "ofType": {"kind": "SCALAR", "name": "Int"}}}]}]}}`))
	f.Add([]byte(`{"errors": [{"message": "no"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse(data)
		if err != nil {
			return
		}
		sdl, err := SDL(s)
		if err != nil {
			return
		}
		if _, err := gqlparser.LoadSchema(&ast.Source{Input: string(sdl)}); err != nil {
			t.Fatalf("printed SDL does not load: %v\n%s", err, sdl)
		}
	})
}
