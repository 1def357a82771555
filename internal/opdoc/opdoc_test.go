package opdoc

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

const source = `# a comment that must not be sent
query Tool_search($query: String! = "a \"b\"", $n: [Int!] = [1, 2]) @cached(ttl: 5) {
  search(query: $query, opts: {limit: 3, tags: ["x"]}) {
    __typename
    ... on Movie { ...Card  userTitle: title @include(if: true) }
    ... { id }
  }
}

fragment Card on Movie { id title }
`

func parse(t *testing.T, s string) *ast.QueryDocument {
	t.Helper()
	doc, err := parser.ParseQuery(&ast.Source{Input: s})
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func TestCompact(t *testing.T) {
	want := `query Tool_search($query: String! = "a \"b\"", $n: [Int!] = [1, 2]) @cached(ttl: 5) { search(query: $query, opts: {limit: 3, tags: ["x"]}) { __typename ... on Movie { ...Card userTitle: title @include(if: true) } ... { id } } } fragment Card on Movie { id title }`
	if diff := cmp.Diff(want, Compact(parse(t, source))); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestPretty(t *testing.T) {
	want := `query Tool_search($query: String! = "a \"b\"", $n: [Int!] = [1, 2]) @cached(ttl: 5) {
  search(query: $query, opts: {limit: 3, tags: ["x"]}) {
    __typename
    ... on Movie {
      ...Card
      userTitle: title @include(if: true)
    }
    ... {
      id
    }
  }
}

fragment Card on Movie {
  id
  title
}
`
	if diff := cmp.Diff(want, Pretty(parse(t, source))); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestRoundTrip: both forms parse back to a document that prints the same compact text.
func TestRoundTrip(t *testing.T) {
	compact := Compact(parse(t, source))
	for _, form := range []string{compact, Pretty(parse(t, source))} {
		if got := Compact(parse(t, form)); got != compact {
			t.Errorf("round trip changed the document:\n%s\n%s", compact, got)
		}
	}
	if strings.Contains(compact, "comment") {
		t.Error("a comment leaked into the sent document")
	}
}

func FuzzCompact(f *testing.F) {
	f.Add(source)
	f.Add(`mutation M { a(x: """block
string""") { b } }`)
	f.Fuzz(func(t *testing.T, s string) {
		doc, err := parser.ParseQuery(&ast.Source{Input: s})
		if err != nil {
			return
		}
		compact := Compact(doc)
		again, err := parser.ParseQuery(&ast.Source{Input: compact})
		if err != nil {
			t.Fatalf("compact form does not parse: %v\n%s", err, compact)
		}
		if got := Compact(again); got != compact {
			t.Fatalf("not stable:\n%s\n%s", compact, got)
		}
	})
}
