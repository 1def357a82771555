package selection

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

// TestCheckPositions: each problem of an override is reported where it is written, so that an
// editor jumps to it; the golden cases in internal/generate pin the common ones.
func TestCheckPositions(t *testing.T) {
	for src, want := range map[string]string{
		"query Tool_book { book { id } }\n": "",
		// The name after a comment and a line break; a column counts characters, not bytes.
		"# é\nquery # why\n  GetBook { book { id } }\n": "f.graphql:3:3: the operation is named \"GetBook\", want \"Tool_book\"; rename the operation to Tool_book\n",
		"{ book { id } }\n": "f.graphql:1:1: the operation has no name, want \"Tool_book\"; write query Tool_book\n",
		"query Tool_book { ...F }\nfragment F on Query { book { id } }\n": "f.graphql:1:22: the operation's top level holds a fragment; select book(...) { ... } itself at the top level; fragments are fine inside it\n",
		"query Tool_book {\n  book { id }\n  again: book { id }\n}\n":     "f.graphql:3:3: the operation selects the root field book twice; remove one of them\n",
		"query Tool_book { a: b }\nquery Other { book { id } }\n":         "f.graphql:2:1: the file holds 2 operations, want exactly one; keep only the operation Tool_book (fragments are fine)\n",
		// An empty file, or one of comments only, once panicked.
		"":          "f.graphql:1:1: the file holds no operation, want one named Tool_book; write query Tool_book { book ... }, or delete the file to use the default selection\n",
		"# to do\n": "f.graphql:1:1: the file holds no operation, want one named Tool_book; write query Tool_book { book ... }, or delete the file to use the default selection\n",
		"query Other { b }\nquery Tool_book { book { id } }\n": "f.graphql:1:1: the file holds 2 operations, want exactly one; keep only the operation Tool_book (fragments are fine)\n",
	} {
		doc, err := parser.ParseQuery(&ast.Source{Name: "f.graphql", Input: src})
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		if diff := cmp.Diff(want, Check("f.graphql", "book", "query", doc).String()); diff != "" {
			t.Errorf("%q (-want +got):\n%s", src, diff)
		}
	}
}
