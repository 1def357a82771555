package opbuild

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

// leaflessSchema holds the three shapes of issue 24 the Shopify Admin API answered with nothing
// useful: a payload whose only result is deprecated, a connection whose nodes have object fields
// only, and a list of pairs whose entity list is what the pair is about; and a single entity
// keyed by <type>Id, not id (EverShop's blogTag { blogTagId uuid … }), which got no one hop.
const leaflessSchema = `
type Query {
  sourcesByApp(after: String, first: Int): SourcesByAppConnection!
  carrierServices: [CarrierServiceAndLocations!]!
  cart(cartId: ID!): Cart
}
type Cart { cartId: ID! currency: String customer: Customer }
type Customer { id: ID! name: String! email: String }
type Mutation { currencyUpdate(id: ID!): CurrencyUpdatePayload }
type App { id: ID! title: String! }
type Location { id: ID! name: String! address: String }
type SourcesByApp { app: App! }
type SourcesByAppConnection { nodes: [SourcesByApp!]! pageInfo: PageInfo! }
type PageInfo { hasNextPage: Boolean! endCursor: String }
type CarrierService { id: ID! name: String! active: Boolean! }
type CarrierServiceAndLocations { carrierService: CarrierService! locations: [Location!]! }
type Market { id: ID! name: String! }
type UserError { field: [String!] message: String! }
type CurrencyUpdatePayload { market: Market @deprecated(reason: "Use marketUpdate.") userErrors: [UserError!]! }
`

// TestLeaflessResults: each of those answers says what it is about.
func TestLeaflessResults(t *testing.T) {
	s := gqlparser.MustLoadSchema(&ast.Source{Name: "schema.graphql", Input: leaflessSchema})
	for _, c := range []struct {
		kind, field string
		want        Result
	}{
		{"mutation", "currencyUpdate", Result{
			Text:            "mutation Tool_currencyUpdate($id: ID!) { currencyUpdate(id: $id) { market { id name } userErrors { field message } } }",
			Notes:           []string{"selected though deprecated: market, the only result CurrencyUpdatePayload has besides errors; an override can leave it out"},
			SelectionTokens: -1}},
		{"query", "sourcesByApp", Result{
			Text:            "query Tool_sourcesByApp($after: String, $first: Int = 10) { sourcesByApp(after: $after, first: $first) { nodes { app { id title } } pageInfo { hasNextPage endCursor } } }",
			SelectionTokens: -1}},
		{"query", "carrierServices", Result{
			Text:            "query Tool_carrierServices { carrierServices { carrierService { id name active } locations { id name } } }",
			SelectionTokens: -1}},
		{"query", "cart", Result{
			Text:            "query Tool_cart($cartId: ID!) { cart(cartId: $cartId) { cartId currency customer { id name } } }",
			SelectionTokens: -1}},
	} {
		root := s.Query
		if c.kind == "mutation" {
			root = s.Mutation
		}
		got, err := New(s).Build(c.kind, root.Fields.ForName(c.field), Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.field, err)
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.field, diff)
		}
	}
}
