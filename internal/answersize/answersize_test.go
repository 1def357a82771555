package answersize

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
	"github.com/vektah/gqlparser/v2/validator"
)

const schemaSDL = `
type Query {
  movie(id: ID!): Movie
  movies(size: Int = 10): MoviePage!
  search(query: String!): [Result!]!
  people(first: Int): PersonConnection!
  top(pageSize: PageSize = TEN): [Movie!]!
  activities(request: ActivitiesRequest!): [Movie!]!
  all(offset: Int = 0, take: Int = 1469): [Movie!]!
  search2(input: SearchInput!): SearchPage!
  recent(limit: Int = null): [Movie!]!
  nodes(ids: [ID!]!): [Movie]!
}
input SearchInput { text: String limit: Int }
type SearchPage { items: [Movie!] hasNextPage: Boolean! }
enum PageSize { TEN FIFTY }
input ActivitiesRequest { user: String pageSize: PageSize! = FIFTY }
type MoviePage { content: [Movie!]! total: Int! }
type Movie { id: ID! title: String! genres: [String!]! }
type Person { id: ID! name: String! }
type PersonConnection { nodes: [Person!]! totalCount: Int! }
union Result = Movie | Person
`

func TestLeaves(t *testing.T) {
	schema := gqlparser.MustLoadSchema(&ast.Source{Name: "s.graphql", Input: schemaSDL})
	for op, want := range map[string]int{
		`query { movie(id: "1") { id title } }`:                                           2,
		`query { movie(id: "1") { id genres } }`:                                          1 + listGuess,
		`query Q($size: Int = 25) { movies(size: $size) { content { id title } total } }`: 25*2 + 1,
		`query Q($size: Int) { movies(size: $size) { content { id } } }`:                  10, // the argument's default
		`query { people(first: 3) { nodes { id name } totalCount } }`:                     3*2 + 1,
		// one branch per object: the larger fragment counts, list length 5
		`query { search(query: "x") { __typename ... on Movie { id title genres } ... on Person { id } } }`: listGuess * (1 + 2 + listGuess),
		`query { movie(id: "1") { ...Card } } fragment Card on Movie { id title }`:                          2,
		// page sizes spelled as enum values, directly or inside an input object argument
		`query { top { id } }`:                  10,
		`query { top(pageSize: FIFTY) { id } }`: 50,
		`query Q($request: ActivitiesRequest!) { activities(request: $request) { id } }`: 50,
		`query { activities(request: {pageSize: TEN}) { id } }`:                          10,
		// take is a page-size argument too (opbuild's list is this one): the declared default
		// counts, and the schema's default, capped at 1000, when the variable has none
		`query Q($take: Int = 10) { all(take: $take) { id } }`: 10,
		`query Q($take: Int) { all(take: $take) { id } }`:      1000,
	} {
		doc, err := parser.ParseQuery(&ast.Source{Name: "op.graphql", Input: op})
		if err != nil {
			t.Fatal(err)
		}
		if errs := validator.Validate(schema, doc); len(errs) > 0 {
			t.Fatalf("%s: %v", op, errs)
		}
		if got := Leaves(schema, doc); got != want {
			t.Errorf("%s: %d leaves, want %d", op, got, want)
		}
	}
	if Leaves(schema, nil) != 0 || Leaves(nil, &ast.QueryDocument{}) != 0 {
		t.Error("no document, no leaves")
	}
}

// TestServerSized: a page size that an argument or input field would set but nothing does is
// named, and its list is counted at listGuess; one that is set is not named.
func TestServerSized(t *testing.T) {
	schema := gqlparser.MustLoadSchema(&ast.Source{Name: "s.graphql", Input: schemaSDL})
	for op, want := range map[string][]string{
		`query Q($input: SearchInput!) { search2(input: $input) { items { id } hasNextPage } }`: {"input.limit"},
		`query { search2(input: {limit: 3}) { items { id } } }`:                                 nil,
		`query { recent { id } }`:                                    {"limit"}, // = null sets nothing
		`query Q($limit: Int = 10) { recent(limit: $limit) { id } }`: nil,
		`query { movie(id: "1") { id } }`:                            nil,
	} {
		doc, err := parser.ParseQuery(&ast.Source{Name: "op.graphql", Input: op})
		if err != nil {
			t.Fatal(err)
		}
		if errs := validator.Validate(schema, doc); len(errs) > 0 {
			t.Fatalf("%s: %v", op, errs)
		}
		if got := Estimate(schema, doc).ServerSized; !cmp.Equal(got, want) {
			t.Errorf("%s: ServerSized %q, want %q", op, got, want)
		}
	}
}

// TestUnbounded: a root list that no argument can bound is named (the journey's
// searchCustomers(query:) after it lost limit: its estimate fell from 70 to 35 values with
// nothing saying why); a page-size argument, set or not, or a list argument bounds it.
func TestUnbounded(t *testing.T) {
	schema := gqlparser.MustLoadSchema(&ast.Source{Name: "s.graphql", Input: schemaSDL})
	for op, want := range map[string][]string{
		`query { search(query: "x") { __typename } }`:         {"search"},
		`query { found: search(query: "x") { __typename } }`:  {"found"},
		`query { recent { id } all { id } movies { total } }`: nil,
		`query { activities(request: {user: "u"}) { id } }`:   nil,
		`query { nodes(ids: ["1"]) { id } }`:                  nil,
		`query { movie(id: "1") { genres } }`:                 nil, // a nested list is the type's business
	} {
		doc, err := parser.ParseQuery(&ast.Source{Name: "op.graphql", Input: op})
		if err != nil {
			t.Fatal(err)
		}
		if errs := validator.Validate(schema, doc); len(errs) > 0 {
			t.Fatalf("%s: %v", op, errs)
		}
		if got := Estimate(schema, doc).Unbounded; !cmp.Equal(got, want) {
			t.Errorf("%s: Unbounded %q, want %q", op, got, want)
		}
	}
}

func TestEnumNumber(t *testing.T) {
	for name, want := range map[string]int{
		"TEN": 10, "FIFTY": 50, "TWENTY_FIVE": 25, "ONE_HUNDRED": 100, "TWO_THOUSAND": 2000,
		"PAGE_SIZE_25": 25, "_100": 100, "ALL": 0, "DEFAULT": 0,
	} {
		if got := enumNumber(name); got != want {
			t.Errorf("enumNumber(%s) = %d, want %d", name, got, want)
		}
	}
}

// Leaves is Estimate(schema, doc).Leaves.
func Leaves(schema *ast.Schema, doc *ast.QueryDocument) int { return Estimate(schema, doc).Leaves }
