package compile

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/catalog"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

// The answer's shape follows the selection as GraphQL merges it into response keys: an alias
// is its own key, a field selected twice (directly and through a fragment) is one key with
// both selections, a fragment on an interface inside a union applies to the members that
// implement it, and without __typename the members' fields fold into the object as nullable.
func TestAnswerShape(t *testing.T) {
	schema := gqlparser.MustLoadSchema(&ast.Source{Input: `
type Query { search(q: String!): [Result!]! movie: Movie plain: [Result] }
union Result = Movie | Person
interface Named { name: String! }
type Movie { id: ID! title: String! rating: Float }
type Person implements Named { id: ID! name: String! }`})
	doc, err := gqlparser.LoadQuery(schema, `query Q {
  search(q: "x") { __typename ... on Named { name } ...M }
  film: movie { id ...M }
  plain { ... on Person { id } }
}
fragment M on Movie { id title }`)
	if err != nil {
		t.Fatal(err)
	}
	str := func(nonNull bool) catalog.TypeRef { return catalog.TypeRef{Named: "String", NonNull: nonNull} }
	id := catalog.Selected{Key: "id", Field: "id", Type: catalog.TypeRef{Named: "ID", NonNull: true}}
	title := catalog.Selected{Key: "title", Field: "title", Type: str(true)}
	want := []catalog.Selected{{
		Key: "search", Field: "search",
		Type:   catalog.TypeRef{Elem: &catalog.TypeRef{Named: "Result", NonNull: true}, NonNull: true},
		Fields: []catalog.Selected{{Key: "__typename", Field: "__typename", Type: str(true)}},
		Members: []catalog.Member{
			{On: "Named", Types: []string{"Person"}, Fields: []catalog.Selected{{Key: "name", Field: "name", Type: str(true)}}},
			{On: "Movie", Types: []string{"Movie"}, Fields: []catalog.Selected{id, title}},
		},
	}, {
		Key: "film", Field: "movie", Type: catalog.TypeRef{Named: "Movie"}, Fields: []catalog.Selected{id, title},
	}, {
		Key: "plain", Field: "plain", Type: catalog.TypeRef{Elem: &catalog.TypeRef{Named: "Result"}},
		Fields: []catalog.Selected{{Key: "id", Field: "id", Type: catalog.TypeRef{Named: "ID"}}},
	}}
	if diff := cmp.Diff(want, answerShape(schema, doc.Operations[0])); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
